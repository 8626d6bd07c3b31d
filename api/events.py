"""``/games/{id}/events``: the event log as the token's holder may see it, in pages, and as a
Server-Sent Events stream that pushes each new event (resumable with ``Last-Event-ID``).

A stream sends what its client missed, then what the process's one event feed (``api.feed``) hands
it; under ``api.serving``'s server it waits in a greenlet, not a thread, and ends as soon as its
client hangs up. An address or a token past its limit of open streams gets 429 ``too-many-streams``,
a process holding all it may 503 ``server-busy``, both with ``Retry-After``. Each event is sent unnamed
(its type is in its data), so a plain ``EventSource.onmessage`` hears every one, with the game's ``status``
and ``to_act`` as they stand when it is sent (once per batch of events: who is to act is public at the
table), so a bot knows its turn from the stream alone; a finished game's stream with nothing left to send
answers 204, which ends an ``EventSource`` instead of its reconnecting."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

from flask import Blueprint, Flask, Response, current_app, request, url_for
from marshmallow import fields

from api import answers, schemas
from api.auth import bearer, token_key, viewer
from api.context import feed, service
from api.feed import TooManyStreams
from api.games import game_id_of
from api.problems import InvalidRequest, problem
from api.serving import STREAM, on_hang_up, signal_for
from domain.engine.errors import Unauthorized
from domain.engine.viewing import GameEvent
from domain.keeping.service import next_to_act

blueprint = Blueprint("events", __name__)

class StreamedEvent(answers.Event):
    """An event as the stream sends it: the event, and the game's ``status`` and ``to_act`` as they stand."""

    status = fields.String()
    to_act = fields.List(fields.Integer())


STREAMED_EVENT = StreamedEvent()

RETRY_SECONDS = 10
"""What a refused stream is told to wait (``Retry-After``) before it tries again."""

RECONNECT_MILLISECONDS = 1000
"""How long a client whose stream ended or broke waits before it reconnects (the stream's ``retry:``)."""


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
    return answers.EVENTS_PAGE.dump({"events": [e.to_data() for e in events], "version": version, "next": following})


@blueprint.get("/games/<game_id>/events/stream")
def stream_events(game_id: str) -> Response:
    found = game_id_of(game_id)
    holder = viewer(found)
    after = _resume_point()
    settings = current_app.config
    keepalive = float(settings["STREAM_KEEPALIVE_SECONDS"])
    deadline = time.monotonic() + float(settings["STREAM_MAX_SECONDS"])
    game_service, events_feed, environ = service(), feed(), request.environ
    signal = signal_for(environ)
    token = bearer()
    try:
        watcher = events_feed.watch(found, holder, request.remote_addr or "", token_key(token, "streams"), signal, token)
    except TooManyStreams as error:
        return _refused(error)
    try:  # registered first, then what it missed: nothing written in between can be lost
        if token is not None and game_service.holder(found, token) != holder:  # reissued a moment ago
            raise Unauthorized("the token is not one of this game's")
        game = game_service.game(found)
        missed = game_service.read_events(found, after=after, viewer=holder)
        if missed and missed[-1].number > game.version:  # written in between: the game as of the last one
            game = game_service.game(found)
        turn = next_to_act(game)  # who acts now, sent with what was missed
        watcher.deliver([], max(game.version, missed[-1].number if missed else 0), game.outcome() is not None)
    except BaseException:
        events_feed.unwatch(watcher)
        raise
    if not missed and game.outcome() is not None and after >= game.version:  # nothing more will come
        events_feed.unwatch(watcher)
        return Response(status=204)  # an EventSource stops here instead of reconnecting every second

    def frames() -> Iterator[str]:
        stop_watching = on_hang_up(environ, watcher.leave)
        try:
            last, quiet_since = after, time.monotonic()
            yield f"retry: {RECONNECT_MILLISECONDS}\n\n"
            for event in missed:
                last = event.number
                yield events_feed.frame(event, turn)
            while not watcher.gone and not watcher.ends_after(last):
                while watcher.pending and not watcher.gone:
                    number, text = watcher.pending.popleft()
                    if number > last:
                        last, quiet_since = number, time.monotonic()
                        yield text
                if watcher.ends_after(last):
                    return
                now = time.monotonic()
                if now >= deadline:
                    return
                if now - quiet_since >= keepalive:
                    quiet_since = now
                    yield ": keep-alive\n\n"
                signal.wait(max(0.0, min(deadline - now, quiet_since + keepalive - now)))
                signal.clear()
        finally:
            stop_watching()

    response = Response(frames(), mimetype="text/event-stream")
    response.call_on_close(lambda: events_feed.unwatch(watcher))
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    environ[STREAM] = True
    return response


def framer(app: Flask) -> Callable[[GameEvent, dict[str, Any]], str]:
    """How the app words an event as a Server-Sent Events frame, with the game's ``status`` and
    ``to_act`` (``turn``) as they stand (no app context needed: the feed thread words them too)."""
    dumps = app.json.dumps

    def frame(event: GameEvent, turn: dict[str, Any]) -> str:
        data = dumps(STREAMED_EVENT.dump({**event.to_data(), **turn}))
        return f"id: {event.number}\ndata: {data}\n\n"  # no name: onmessage hears it

    return frame


def _refused(error: TooManyStreams) -> Response:
    """429 for an address or a token over its limit, 503 for a process holding all it may."""
    retry = RETRY_SECONDS
    if error.scope == "server":
        response = problem("server-busy", f"this server holds {error.limit} open event streams, the most it may; retry in {retry} seconds")
    else:
        who = "this address" if error.scope == "address" else "this token"
        response = problem("too-many-streams", f"{who} holds {error.limit} open event streams, the most one {error.scope} may; "
                                               f"close one, or retry in {retry} seconds")
    response.headers["Retry-After"] = str(retry)
    return response


def _resume_point() -> int:
    """Where a stream starts: after ``Last-Event-ID`` (a reconnecting client), else ``?after=N``, else 0."""
    text = request.headers.get("Last-Event-ID") or request.args.get("after") or "0"
    if not (text.isascii() and text.isdigit() and len(text) <= 19 and int(text) <= schemas.LAST_EVENT):
        raise InvalidRequest("Last-Event-ID and 'after' are event numbers")
    return int(text)
