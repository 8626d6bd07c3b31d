"""``/games/{id}/events``: the event log as the token's holder may see it, in pages, and as a
Server-Sent Events stream that pushes each new event (resumable with ``Last-Event-ID``)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from flask import (
    Blueprint,
    Response,
    current_app,
    json,
    request,
    stream_with_context,
    url_for,
)

from api import schemas
from api.auth import viewer
from api.context import service
from api.games import game_id_of
from api.problems import InvalidRequest

blueprint = Blueprint("events", __name__)


@blueprint.get("/games/<game_id>/events")
def list_events(game_id: str) -> Any:
    found = game_id_of(game_id)
    holder = viewer(found)
    query = schemas.EVENTS_QUERY.load(request.args.to_dict())
    events = service().read_events(found, after=query["after"], limit=query["limit"], viewer=holder)
    version = service().game(found).version
    following = None
    if events and events[-1].number < version:
        following = url_for("events.list_events", game_id=game_id, after=events[-1].number, limit=query["limit"])
    return schemas.EVENTS_PAGE.dump({"events": [e.to_data() for e in events], "version": version, "next": following})


@blueprint.get("/games/<game_id>/events/stream")
def stream_events(game_id: str) -> Response:
    found = game_id_of(game_id)
    holder = viewer(found)
    after = _resume_point()
    settings = current_app.config
    poll, keepalive = float(settings["STREAM_POLL_SECONDS"]), float(settings["STREAM_KEEPALIVE_SECONDS"])
    deadline = time.monotonic() + float(settings["STREAM_MAX_SECONDS"])
    game_service = service()

    def frames() -> Iterator[str]:
        last, quiet_since = after, time.monotonic()
        yield f"retry: {int(poll * 1000)}\n\n"
        while True:
            for event in game_service.read_events(found, after=last, limit=500, viewer=holder):
                last, quiet_since = event.number, time.monotonic()
                yield f"id: {event.number}\nevent: {event.type}\ndata: {json.dumps(schemas.EVENT.dump(event.to_data()))}\n\n"
            game = game_service.game(found)
            if game.outcome() is not None and last >= game.version:
                return
            if time.monotonic() >= deadline:
                return
            if time.monotonic() - quiet_since >= keepalive:
                quiet_since = time.monotonic()
                yield ": keep-alive\n\n"
            time.sleep(poll)

    response = Response(stream_with_context(frames()), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response


def _resume_point() -> int:
    """Where a stream starts: after ``Last-Event-ID`` (a reconnecting client), else ``?after=N``, else 0."""
    text = request.headers.get("Last-Event-ID") or request.args.get("after") or "0"
    if not (text.isascii() and text.isdigit() and len(text) <= 19 and int(text) <= schemas.LAST_EVENT):
        raise InvalidRequest("Last-Event-ID and 'after' are event numbers")
    return int(text)
