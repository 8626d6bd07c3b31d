"""Conditional reads: a bot polling a game asks again with ``If-None-Match`` and gets 304, no body, while
nothing it would be shown has changed.

The reads a polling client makes (``READS``: ``GET /games/{id}``, ``/state``, ``/events`` and
``/legal-commands``) carry a weak entity tag made from a hash of the answer's body: ``ETag: W/"<hash>"``.
The game's version cannot be that tag: an answer changes while the version stays (a bot seat starts or
stops thinking, a seat is joined, the listing's ``updated``), and one game's answer differs from one
reader to the next (a seat sees its own hand): the hash changes whenever the body does, and differs
between readers exactly where their bodies do. ``Vary: Authorization`` tells every cache that the answer
depends on the token; an answer to a token also stays ``Cache-Control: private, no-store``
(``api.auth.keep_private``), so no cache keeps one reader's answer for another. A spectator's answer
says ``Cache-Control: no-cache``: a cache may keep it but must ask again each time.

The game's version stays what ``If-Match`` takes on a command (``If-Match: "12"``: the ``version`` of
any read, or the ``ETag`` of a command's answer), as before.

The check runs after the route, on the body it made: a 304 saves the bandwidth and the client's parsing,
not the server's read (which the body's hash needs). On any other request (a command, a stream) it
costs one comparison of the method.
"""

from __future__ import annotations

import hashlib

from flask import Flask, Response, request

READS = frozenset({"games.get_game", "history.state_at", "events.list_events", "games.legal_commands"})
"""The endpoints whose 200 answers carry a body-hash ``ETag`` and may be answered 304."""


def install(app: Flask) -> None:
    app.after_request(revalidate)


def entity_tag(body: bytes) -> str:
    """The weak entity tag of an answer's body (its opaque part: 16 hex digits of its SHA-256)."""
    return hashlib.sha256(body).hexdigest()[:16]


def revalidate(response: Response) -> Response:
    """Tag a read's answer by its body, and answer 304 if the client already holds that body."""
    if request.method not in ("GET", "HEAD") or request.endpoint not in READS or response.status_code != 200:
        return response
    tag = entity_tag(response.get_data())
    response.set_etag(tag, weak=True)
    response.vary.add("Authorization")
    if "Authorization" not in request.headers and "Cache-Control" not in response.headers:
        response.cache_control.no_cache = True
    if request.if_none_match.contains_weak(tag):
        response.status_code = 304
        response.set_data(b"")
        del response.headers["Content-Type"]
        del response.headers["Content-Length"]
    return response
