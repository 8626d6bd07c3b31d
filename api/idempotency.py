"""Where an ``Idempotency-Key`` is honoured, and where it is refused rather than ignored.

``POST /games/{id}/commands`` honours it (``api.games``: a retried command gives its first answer again).
Any other request that changes something (``POST``, ``PATCH``, ``DELETE``) and sends one is refused, 400
``invalid-request``, before anything is done: a client
that sends a key expects a retry to be safe, and a create (a game, its tokens shown once; a note; a
fork) repeated would make a second one.
"""

from __future__ import annotations

from flask import Flask, request

from api.problems import InvalidRequest

HONOURED = {"games.submit_command"}
"""The endpoints that take an ``Idempotency-Key``."""
CHANGING = {"POST", "PATCH", "DELETE"}


def refuse_where_not_honoured() -> None:
    """400 for a request with an ``Idempotency-Key`` to an endpoint that does not honour it."""
    if request.method not in CHANGING or "Idempotency-Key" not in request.headers:
        return
    if request.endpoint is not None and request.endpoint not in HONOURED:
        raise InvalidRequest(f"{request.method} {request.path} does not take an Idempotency-Key (only POST "
                             "/games/{id}/commands does): nothing was done; send it without the key, and "
                             "before retrying check whether the first request was done")


def install(app: Flask) -> None:
    app.before_request(refuse_where_not_honoured)
