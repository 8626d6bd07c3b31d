"""Errors as ``application/problem+json`` (RFC 9457): a stable ``type`` per kind of mistake, a
``title``, the HTTP ``status`` and a ``detail`` in words (for a refused move, the rule's reason).
"""

from __future__ import annotations

from typing import Any

from eventsourcing.persistence import PersistenceError
from flask import Flask, Response, current_app, json
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from domain.engine.errors import InvalidKit, KitOwned, LudologError, OutcomeError

PROBLEM_BASE = "urn:ludolog:problem:"

STATUS: dict[str, int] = {
    "unknown-ruleset": 404,
    "unknown-game": 404,
    "unknown-kit": 404,
    "invalid-kit": 422,
    "invalid-setup": 422,
    "invalid-note": 422,
    "unknown-note": 404,
    "unknown-step": 404,
    "unknown-seat": 422,
    "malformed-command": 422,
    "outcome-needed": 422,
    "impossible-outcome": 422,
    "outcome-not-yours": 403,
    "invalid-request": 400,
    "illegal-command": 422,
    "not-your-turn": 422,
    "game-over": 422,
    "idempotency-key-reused": 422,
    "unauthorized": 401,
    "forbidden": 403,
    "version-conflict": 409,
    "stale-version": 412,
    "rate-limited": 429,
    "too-many-streams": 429,
    "too-many-at-once": 429,
    "store-unavailable": 503,
    "server-busy": 503,
    "guide-unavailable": 503,
    "unknown-room": 404,
    "room-closed": 410,
    "room-refused": 409,
    "unknown-tuning": 404,
    "tuning-not-done": 409,
    "too-many-tunings": 429,
}

TITLES: dict[str, str] = {
    "unknown-ruleset": "No such ruleset",
    "unknown-game": "No such game",
    "unknown-kit": "No such kit",
    "invalid-kit": "The kit has mistakes",
    "invalid-setup": "The game cannot be set up like that",
    "invalid-note": "The note cannot be written like that",
    "unknown-note": "No such note",
    "unknown-step": "No such step",
    "unknown-seat": "No such seat",
    "malformed-command": "The command is malformed",
    "outcome-needed": "The table game needs a chance outcome from the table",
    "impossible-outcome": "That outcome could not have happened",
    "outcome-not-yours": "That outcome is another seat's secret",
    "invalid-request": "The request is malformed",
    "illegal-command": "The rules do not allow that",
    "not-your-turn": "It is not your turn",
    "game-over": "The game is over",
    "idempotency-key-reused": "The Idempotency-Key was used for another command",
    "unauthorized": "A valid token is needed",
    "forbidden": "The token does not allow that",
    "version-conflict": "The game moved on",
    "stale-version": "The game is not at the version given in If-Match",
    "rate-limited": "Too many requests",
    "too-many-streams": "Too many open event streams",
    "too-many-at-once": "Too many costly requests at once",
    "store-unavailable": "The game store is unavailable",
    "server-busy": "The server holds all the event streams it may",
    "guide-unavailable": "The guide is unavailable",
    "unknown-room": "No room has this code",
    "room-closed": "The room is closed",
    "room-refused": "The room cannot do that now",
    "unknown-tuning": "No such tuning",
    "tuning-not-done": "The tuning has no report",
    "too-many-tunings": "Too many tunings running",
}


class StaleVersion(LudologError):
    """An ``If-Match`` version the game has moved on from (412)."""

    kind = "stale-version"


class UnknownStep(LudologError, LookupError):
    """A step (``at``) past the game's version: the game has no such step yet (404)."""

    kind = "unknown-step"


def check_step(at: int | None, version: int) -> None:
    """Refuse ``at`` past a game's version, naming the steps it has."""
    if at is not None and at > version:
        raise UnknownStep(f"the game has {version} events: 'at' takes 1 to {version}, not {at}")


class InvalidRequest(LudologError):
    """A body, header or parameter that is not what the endpoint takes (400)."""

    kind = "invalid-request"


def problem(kind: str, detail: str, status: int | None = None, title: str | None = None, **extra: Any) -> Response:
    body = {
        "type": PROBLEM_BASE + kind,
        "title": title or TITLES.get(kind, kind.replace("-", " ").capitalize()),
        "status": status or STATUS.get(kind, 400),
        "detail": detail,
        **extra,
    }
    response = Response(json.dumps(body), status=body["status"], mimetype="application/problem+json")
    if body["status"] == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="ludolog"'
    return response


def register(app: Flask) -> None:
    """Map every error the app can meet to a problem response."""

    @app.errorhandler(LudologError)
    def ludolog_error(error: LudologError) -> Response:
        if isinstance(error, OutcomeError):  # what the table is asked, for a client to ask its user
            return problem(error.kind, str(error), outcome=error.details())
        if isinstance(error, InvalidKit):  # every mistake, a line each
            return problem(error.kind, str(error), mistakes=error.mistakes)
        if isinstance(error, KitOwned):  # the kit whose token it needs
            return problem(error.kind, str(error), kit=error.kit)
        return problem(error.kind, str(error))

    @app.errorhandler(PersistenceError)
    def store_error(error: PersistenceError) -> Response:
        """A store failure the service did not name (a read between two of its calls): 503, not 500."""
        return problem("store-unavailable", f"the game store could not be read or written: {error}")

    @app.errorhandler(ValidationError)
    def validation_error(error: ValidationError) -> Response:
        return problem("invalid-request", _flatten(error.messages), errors=error.messages)

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Response:
        kinds = {404: "not-found", 405: "method-not-allowed", 413: "too-large", 415: "unsupported-media-type"}
        status = error.code or 500
        kind = kinds.get(status, "invalid-request" if status == 400 else f"http-{status}")
        detail = error.description or error.name
        if status == 413:
            detail = f"the body is over the limit of {current_app.config['MAX_CONTENT_LENGTH']} bytes"
        response = problem(kind, detail, status=status, title=error.name)
        for name, value in error.get_headers():  # such as Allow on a 405
            if name.lower() != "content-type":
                response.headers[name] = value
        return response


def _flatten(messages: Any, path: tuple[str, ...] = ()) -> str:
    """Marshmallow's nested messages as one line: ``seats.0: Not a valid string.``"""
    if isinstance(messages, dict):
        return "; ".join(_flatten(value, (*path, str(key))) for key, value in messages.items())
    if isinstance(messages, list) and not all(isinstance(m, str) for m in messages):
        return "; ".join(_flatten(m, path) for m in messages)
    text = " ".join(messages) if isinstance(messages, list) else str(messages)
    return f"{'.'.join(path)}: {text}" if path else text
