"""The browser client: ``/`` serves the web app (``api/web/``: one HTML page, its script modules and
style, shipped in the package, no build step, nothing loaded from elsewhere). It lists games, creates
one with a link per seat, plays a seat on a drawn board, watches a game live and replays any game step
by step, all through this API.

A seat's link carries its token after ``#`` (``/#/play/<game>/<token>``): browsers never send what
follows ``#`` to a server, so the token is in no request line, access log or ``Referer``; the page
moves it into the tab's session storage and takes it out of the address bar and history at once, and
every response here says ``Referrer-Policy: no-referrer``. The page's Content Security Policy lets it
load only its own files and talk only to this origin.

Where the service has an address students open (``LUDOLOG_PUBLIC_URL``: ``ludolog serve --class``), the page
says it (a ``ludolog-public-url`` meta element) and the seat links it gives begin with it.

``/favicon.ico`` is the app's icon, a die, as SVG: the page links it, and a browser that asks for it on
its own (a JSON answer or an exported replay opened from the service) gets it rather than a 404.
"""

from __future__ import annotations

import pathlib

from flask import Blueprint, Response, current_app, send_from_directory
from markupsafe import escape

from api.joining import PUBLIC_URL
from api.problems import problem

FILES = pathlib.Path(__file__).with_name("web")
POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
          "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
SERVED = {path.name for path in FILES.iterdir() if path.suffix in (".js", ".css")}
"""The files served under ``/web/``: the app's scripts and style, as shipped (nothing else in the folder)."""

ICON = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
        '<rect x="2" y="2" width="28" height="28" rx="6" fill="#2f6fb3"/><g fill="#fff">'
        '<circle cx="10" cy="10" r="3"/><circle cx="22" cy="10" r="3"/><circle cx="16" cy="16" r="3"/>'
        '<circle cx="10" cy="22" r="3"/><circle cx="22" cy="22" r="3"/></g></svg>\n')
"""The app's icon: a die showing five, in the app's accent colour."""

VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">'
"""The page's viewport line, after which the address students open is given (``LUDOLOG_PUBLIC_URL``)."""

blueprint = Blueprint("web", __name__)


@blueprint.get("/")
def index() -> Response:
    public = current_app.config.get(PUBLIC_URL)
    if not public:
        return _guarded(send_from_directory(FILES, "index.html", mimetype="text/html", max_age=0))
    # served on a classroom's network (ludolog serve --class): the links the pages give begin with the address
    # students open, not with the one this browser used (127.0.0.1 on the teacher's own machine)
    page = (FILES / "index.html").read_text(encoding="utf-8").replace(
        VIEWPORT, f'{VIEWPORT}\n<meta name="ludolog-public-url" content="{escape(public)}">', 1)
    response = Response(page, mimetype="text/html")
    response.cache_control.max_age = 0
    return _guarded(response)


@blueprint.get("/web/<name>")
def asset(name: str) -> Response:
    if name not in SERVED:
        return problem("not-found", f"no file {name!r} in the web app", status=404, title="Not Found")
    kind = "text/css" if name.endswith(".css") else "text/javascript"
    return _guarded(send_from_directory(FILES, name, mimetype=kind, max_age=300))


@blueprint.get("/favicon.ico")
def favicon() -> Response:
    response = Response(ICON, mimetype="image/svg+xml")
    response.cache_control.public = True
    response.cache_control.max_age = 86400
    return _guarded(response)


def _guarded(response: Response) -> Response:
    response.headers["Content-Security-Policy"] = POLICY
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["X-Frame-Options"] = "DENY"
    return response
