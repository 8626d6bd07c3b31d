"""One feed of new events per process, fanned out to every open event stream.

A stream (``GET /games/{id}/events/stream``) no longer asks the store for news: it registers a
``Watcher`` with the app's ``EventFeed`` and waits. While any stream is open, one feed thread per
process learns of new events once, for all of them:

- on PostgreSQL, through the eventsourcing library's subscription (``recorder.subscribe``: LISTEN/
  NOTIFY), so an event written by any worker of any server arrives at once;
- on SQLite and in memory, by one query of the store's newest notifications every
  ``STREAM_POLL_SECONDS`` (other processes' writes) and at once when this process writes one
  (``GameService.on_save``).

For each game that has watchers, the feed reads the game once, words each new event once per kind
of viewer (a seat, the owner, a spectator) exactly as ``GET /games/{id}/events`` would, with who is to
act now and whether the game goes on (``status`` and ``to_act``, public at the table, worked out once for
the whole batch from the game as read), and hands each watcher the frames it may see; the watcher's ``signal`` wakes the stream, in whatever thread
or greenlet it waits (``api.serving``). The store's load grows with the events written, not with the
number of streams. With no stream open the thread stops.

A process holds at most ``LUDOLOG_STREAMS_MAX`` streams, an address ``LUDOLOG_STREAMS_PER_ADDRESS``
and a token ``LUDOLOG_STREAMS_PER_TOKEN`` (``TooManyStreams`` past them).

A token that is reissued (``ludolog tokens``) stops what it authorised, open streams included, in every
process: the reissue is a stored event of the game's ``GameAccess``, which reaches each process's feed as
any event does, and the feed ends every stream of that game whose token no longer names its viewer
before it hands out anything after it.
"""

from __future__ import annotations

import logging
import queue
import threading
import uuid
from collections import Counter, defaultdict, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from domain.engine.errors import Unauthorized
from domain.engine.viewing import GameEvent, as_game_event
from domain.keeping.seat_tokens import access_id
from domain.keeping.service import GameService, Viewer, next_to_act

log = logging.getLogger(__name__)

BATCH = 500
"""The most notifications read at once."""


class Signal(Protocol):
    """How a waiting stream is woken: ``wake`` may be called from any thread."""

    def wake(self) -> None: ...

    def wait(self, timeout: float) -> bool: ...

    def clear(self) -> None: ...


class TooManyStreams(Exception):
    """A stream past a limit: ``scope`` is ``address``, ``token`` or ``server``."""

    def __init__(self, scope: str, limit: int) -> None:
        super().__init__(scope, limit)
        self.scope, self.limit = scope, limit


@dataclass(eq=False)
class Watcher:
    """One open stream: the game and viewer it follows, who holds it, and the frames handed to it."""

    game_id: uuid.UUID
    viewer: Viewer
    address: str
    token: str | None
    signal: Signal
    bearer: str | None = field(default=None, repr=False)
    """The token itself (in this process's memory only), checked again when the game's tokens change."""
    pending: deque[tuple[int, str]] = field(default_factory=deque)
    version: int = 0
    over: bool = False
    gone: bool = False
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def deliver(self, frames: Sequence[tuple[int, str]], version: int, over: bool) -> None:
        """Hand the stream its new frames (the feed thread; the stream skips any it already sent
        from its catch-up) and the game's version, and whether it is over; wake it."""
        self.pending.extend(frames)
        with self._lock:
            self.version, self.over = max(self.version, version), self.over or over
        self.signal.wake()

    def ends_after(self, number: int) -> bool:
        """Whether the stream is done once it has sent event ``number``: the game is over and that
        is its last event."""
        with self._lock:
            return self.over and number >= self.version

    def leave(self) -> None:
        """The client is gone, or its token was reissued: the stream ends at its next wake, sending
        nothing more."""
        self.gone = True
        self.signal.wake()


class EventFeed:
    """The app's one feed of new events (see the module's docstring)."""

    def __init__(self, service: GameService, frame: Callable[[GameEvent, dict[str, Any]], str], poll_seconds: float,
                 most: int, per_address: int | None, per_token: int | None) -> None:
        self.service, self.frame, self.poll_seconds = service, frame, poll_seconds
        self.most, self.per_address, self.per_token = most, per_address, per_token
        self._lock = threading.Lock()
        self._watchers: dict[uuid.UUID, set[Watcher]] = defaultdict(set)
        self._access: dict[uuid.UUID, uuid.UUID] = {}  # each watched game's GameAccess id: its game
        self._by_address: Counter[str] = Counter()
        self._by_token: Counter[str] = Counter()
        self._held = 0
        self._thread: threading.Thread | None = None
        self._position = 0
        self._wake = threading.Event()
        self._subscription: Any = None
        self._closed = False
        service.on_save.append(self._wake.set)
        service.on_close.append(self.close)

    @property
    def held(self) -> int:
        """How many streams this process holds now."""
        return self._held

    def watch(self, game_id: uuid.UUID, viewer: Viewer, address: str, token: str | None, signal: Signal,
              bearer: str | None = None) -> Watcher:
        """Register a stream before it reads what it has missed: from now on the feed hands it every
        event written after this call. ``TooManyStreams`` past a limit (nothing registered)."""
        with self._lock:
            if self._closed:
                raise RuntimeError("the event feed is closed")
            if self._held >= self.most:
                raise TooManyStreams("server", self.most)
            if self.per_address is not None and self._by_address[address] >= self.per_address:
                raise TooManyStreams("address", self.per_address)
            if token is not None and self.per_token is not None and self._by_token[token] >= self.per_token:
                raise TooManyStreams("token", self.per_token)
            if self._thread is None:
                # where the feed starts: anything after it is the feed's to hand out, anything up to
                # it was written before this stream registered, so its own catch-up reads it
                self._position = self.service.recorder.max_notification_id() or 0
                self._thread = threading.Thread(target=self._run, name="ludolog-event-feed", daemon=True)
                self._thread.start()
            watcher = Watcher(game_id, viewer, address, token, signal, bearer)
            if game_id not in self._watchers:
                self._access[access_id(game_id)] = game_id
            self._watchers[game_id].add(watcher)
            self._by_address[address] += 1
            if token is not None:
                self._by_token[token] += 1
            self._held += 1
            return watcher

    def unwatch(self, watcher: Watcher) -> None:
        """Forget a stream (its client left, or it ended); calling it again does nothing."""
        with self._lock:
            watchers = self._watchers.get(watcher.game_id)
            if watchers is None or watcher not in watchers:
                return
            watchers.discard(watcher)
            if not watchers:
                del self._watchers[watcher.game_id]
                del self._access[access_id(watcher.game_id)]
            self._by_address[watcher.address] -= 1
            if not self._by_address[watcher.address]:
                del self._by_address[watcher.address]
            if watcher.token is not None:
                self._by_token[watcher.token] -= 1
                if not self._by_token[watcher.token]:
                    del self._by_token[watcher.token]
            self._held -= 1
            if not self._held:
                self._wake.set()  # the thread sees no stream left and stops
                if self._subscription is not None:
                    self._subscription.stop()

    def close(self) -> None:
        """Stop the feed thread (the store is closing); every stream still open ends."""
        with self._lock:
            self._closed, thread = True, self._thread
            for watchers in self._watchers.values():
                for watcher in watchers:
                    watcher.leave()
            if self._subscription is not None:
                self._subscription.stop()
        self._wake.set()
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=10)

    # -- the feed thread --------------------------------------------------------------------------

    def _run(self) -> None:
        """Follow the store while any stream is open; a failure is logged and the store followed
        again from the same place (no event is skipped)."""
        while True:
            try:
                if self._uses_subscription():
                    self._follow_subscription()
                else:
                    self._follow_by_polling()
            except Exception:
                if self._idle():
                    continue
                log.exception("the event feed could not read the store; trying again")
                self._wake.wait(max(self.poll_seconds, 0.5))
            with self._lock:
                if not self._held or self._closed:
                    self._thread, self._subscription = None, None
                    return

    def _idle(self) -> bool:
        with self._lock:
            return not self._held or self._closed

    def _uses_subscription(self) -> bool:
        return type(self.service.recorder).__module__ == "eventsourcing.postgres"

    def _follow_by_polling(self) -> None:
        recorder = self.service.recorder
        while not self._idle():
            self._wake.wait(self.poll_seconds)
            self._wake.clear()
            while True:
                found = recorder.select_notifications(start=self._position, limit=BATCH, inclusive_of_start=False)
                if found:
                    self._fan_out(found)
                    self._position = found[-1].id  # only once handed out: a failure reads them again
                if len(found) < BATCH:
                    break

    def _follow_subscription(self) -> None:
        arrived: queue.Queue[Any] = queue.Queue()
        with self._lock:
            self._subscription = subscription = self.service.recorder.subscribe(gt=self._position)
        with subscription:
            reader = threading.Thread(target=_read_into, args=(subscription, arrived), name="ludolog-event-feed-reader", daemon=True)
            reader.start()
            while not self._idle():
                first = arrived.get()
                if first is None:  # the subscription ended: stopped, or it failed
                    if self._idle():
                        break
                    raise RuntimeError("the store's subscription ended")
                batch, ended = [first], False
                while len(batch) < BATCH and not arrived.empty():
                    if (more := arrived.get()) is None:
                        ended = True
                        break
                    batch.append(more)
                self._fan_out(batch)
                self._position = batch[-1].id
                if ended and not self._idle():
                    raise RuntimeError("the store's subscription ended")

    def _fan_out(self, notifications: Sequence[Any]) -> None:
        """Hand each watched game's new events to its watchers, worded once per kind of viewer."""
        by_game: dict[uuid.UUID, list[Any]] = defaultdict(list)
        with self._lock:
            access = {n.originator_id: self._access[n.originator_id] for n in notifications if n.originator_id in self._access}
            for notification in notifications:
                if notification.originator_id in self._watchers:
                    by_game[notification.originator_id].append(notification)
        for game_id in set(access.values()):
            self._end_reissued(game_id)
        for game_id, stored in by_game.items():
            with self._lock:
                watchers = list(self._watchers.get(game_id, ()))
            if not watchers:
                continue
            game = self.service.game(game_id)
            over = game.outcome() is not None
            events = [self.service.mapper.to_domain_event(n) for n in stored]
            version = max(game.version, events[-1].originator_version)
            turn = next_to_act(game)  # once for the batch, the same for every viewer
            worded: dict[Viewer, list[tuple[int, str]]] = {}
            for watcher in watchers:
                if watcher.viewer not in worded:
                    worded[watcher.viewer] = [
                        (e.originator_version, self.frame(as_game_event(e, game, watcher.viewer), turn)) for e in events]
                watcher.deliver(worded[watcher.viewer], version, over)

    def _end_reissued(self, game_id: uuid.UUID) -> None:
        """The game's tokens changed: end each of its streams whose token no longer names its viewer."""
        with self._lock:
            watchers = [watcher for watcher in self._watchers.get(game_id, ()) if watcher.bearer is not None]
        for watcher in watchers:
            try:
                still = self.service.holder(game_id, watcher.bearer) == watcher.viewer
            except Unauthorized:
                still = False
            if not still:
                watcher.leave()


def _read_into(subscription: Any, arrived: queue.Queue[Any]) -> None:
    """Pass the subscription's notifications on, then ``None`` when it ends."""
    try:
        for notification in subscription:
            arrived.put(notification)
    except Exception:
        log.exception("the event feed's subscription failed")
    finally:
        arrived.put(None)
