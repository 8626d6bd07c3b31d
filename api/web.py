"""The browser client: ``/`` serves the web app (``api/web/``: one HTML page, its script modules and
style, shipped in the package, no build step, nothing loaded from elsewhere). It lists games, creates
one with a link per seat, plays a seat on a drawn board, watches a game live and replays any game step
by step, all through this API.

A seat's link carries its token after ``#`` (``/#/play/<game>/<token>``): browsers never send what
follows ``#`` to a server, so the token is in no request line, access log or ``Referer``; the page
moves it into the tab's session storage and takes it out of the address bar and history at once, and
every response here says ``Referrer-Policy: no-referrer``. The page's Content Security Policy lets it
load only its own files and talk only to this origin.
"""

from __future__ import annotations

import pathlib

from flask import Blueprint, Response, send_from_directory

from api.problems import problem

FILES = pathlib.Path(__file__).with_name("web")
POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
          "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
SERVED = {path.name for path in FILES.iterdir() if path.suffix in (".js", ".css")}
"""The files served under ``/web/``: the app's scripts and style, as shipped (nothing else in the folder)."""

blueprint = Blueprint("web", __name__)


@blueprint.get("/")
def index() -> Response:
    return _guarded(send_from_directory(FILES, "index.html", mimetype="text/html", max_age=0))


@blueprint.get("/web/<name>")
def asset(name: str) -> Response:
    if name not in SERVED:
        return problem("not-found", f"no file {name!r} in the web app", status=404, title="Not Found")
    kind = "text/css" if name.endswith(".css") else "text/javascript"
    return _guarded(send_from_directory(FILES, name, mimetype=kind, max_age=300))


def _guarded(response: Response) -> Response:
    response.headers["Content-Security-Policy"] = POLICY
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["X-Frame-Options"] = "DENY"
    return response
