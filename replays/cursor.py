"""A cursor over one game's events: the game as it stood after any event, stepped through cheaply.

Opening a cursor reads the game's events once and keeps a checkpoint (the ruleset state, which
``evolve`` never changes in place, so keeping it costs nothing) every ``every`` events. Any move,
``goto(n)``, ``next()`` or ``prev()``, then starts from the nearest checkpoint at or before ``n``, or
from where the cursor stands when that is nearer: at most ``every - 1`` event applications, never a
rebuild from event 1. The states between the two checkpoints around the cursor are kept, so
stepping back through them costs nothing more. ``applied`` counts the applications made by moves.

Steps are numbered like the events: step 1 is the game's creation, step ``total`` its last event (a fork's
creation holds the state it starts from). ``with_trunk`` puts a fork's trunk before it: the trunk's
steps up to the one the fork parts at (``parted``), as the eye it was forked as saw them, then the fork's
creation and its own events, numbered on from there.
A game a seat's act ended (``domain.engine.early_endings``: a resignation, an agreed draw, an abort) is over
from that act's step on, though its rules' state did not change there.
A step's event (as the viewer saw it) and view are worked out when first read, not at every move:
a sweep that reads only states and turns (the diary) never builds them.

A cursor's events and checkpoints are tens of thousands of long-lived objects that Python's cyclic
garbage collector would otherwise walk at each full collection (a 50–90 ms pause in the middle of
a ``goto``): while any cursor is open, what the process held when the first of them was opened is
moved out of the collector's sweeps (``gc.freeze``), and put back (``gc.unfreeze``) when the last
one is gone; see ``_OutOfSweeps``.
"""

from __future__ import annotations

import functools
import gc
import threading
import uuid
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from domain.engine import early_endings, registry
from domain.engine.errors import UnknownGame
from domain.engine.facts import Fact
from domain.engine.game import Game
from domain.engine.ruleset import Ruleset
from domain.keeping.access import OWNER
from domain.keeping.service import GameEvent, GameService, Viewer, describe_event

CHECKPOINT_EVERY = 64


@dataclass(frozen=True)
class Step:
    """The game after one event, as the cursor's viewer saw it then; ``event`` and ``view`` are
    worked out when first read (then kept)."""

    number: int
    total: int
    state: Any
    turn: int
    over: bool
    _event: Callable[[], GameEvent] = field(repr=False, compare=False)
    _view: Callable[[], dict[str, Any]] = field(repr=False, compare=False)

    @functools.cached_property
    def event(self) -> GameEvent:
        """The step's event as the viewer saw it when it happened (redacted unless the game was over then)."""
        return self._event()

    @functools.cached_property
    def view(self) -> dict[str, Any]:
        """What the viewer saw of the game after this step."""
        return self._view()


class Cursor:
    """Steps through a stored game as ``viewer`` (a seat, ``OWNER`` or ``None``) knew it at each moment;
    ``with_trunk``: a fork with its trunk's steps before its own."""

    def __init__(self, service: GameService, game_id: uuid.UUID, viewer: Viewer = OWNER, every: int = CHECKPOINT_EVERY,
                 with_trunk: bool = False) -> None:
        game = service.game(game_id)
        self.game_id = game_id
        self.viewer = viewer
        self.every = every
        self.seats = list(game.seats)
        self.ruleset_version = game.ruleset_version
        self.rules: Ruleset = registry.get(game.ruleset, game.ruleset_version)
        self.options = dict(game.options)
        self.stored: list[Any] = list(service.events.get(game_id))
        self.parted, self.eye = 0, None
        """For a fork (``domain.keeping.forking``): the trunk's step it parts at and the eye it was forked as."""
        if game.fork and with_trunk:
            self.parted, self.eye = game.fork["step"], game.fork["eye"]
            self.stored = self._trunk_events(service, game.fork) + self.stored
        self.total = len(self.stored)
        self.ended_at = next((n for n, event in enumerate(self.stored, 1) if n > self.parted and isinstance(event, early_endings.Ended)),
                             self.total + 1)
        """The step a seat's act ended the game at (past the last step when none did)."""
        self.applied = 0
        self._checkpoints: dict[int, Any] = {}
        state: Any = None
        self._facts: list[Fact | None] = [event.as_fact() if isinstance(event, Game.FactRecorded) else None
                                           for event in self.stored]
        """Each event's fact, decoded once (facts are frozen; ``evolve`` never changes one)."""
        for number in range(1, self.total + 1):
            state = self._apply(state, number)
            if number == 1 or number % every == 0:
                self._checkpoints[number] = state
        self.position = self.total
        self._state = state
        self._block_base: int | None = None
        self._block: list[Any] = []
        """The states known from the checkpoint ``_block_base`` on, in order (``_block[0]`` is the
        checkpoint's), up to the next checkpoint at most."""
        _OUT_OF_SWEEPS.hold(self)

    def _trunk_events(self, service: GameService, fork: dict[str, Any]) -> list[Any]:
        """A fork's first steps: its trunk's events up to the step it parts at."""
        trunk_id = uuid.UUID(fork["game"])
        found = list(service.events.get(trunk_id, lte=fork["step"]))
        if len(found) != fork["step"]:
            raise UnknownGame(f"this fork's trunk, game {trunk_id}, is not in this store: "
                              f"its first {fork['step']} steps cannot be shown (import the trunk with it)")
        return found

    def viewer_at(self, number: int) -> Viewer:
        """Who reads step ``number``: the cursor's viewer, but a fork's steps up to its trunk's step are
        read as the eye it was forked as saw them (by the fork's owner and that seat; as a spectator by
        anyone else)."""
        if number > self.parted or self.eye is None:
            return self.viewer
        return self.eye if self.viewer in (OWNER, self.eye) else None

    # -- moving ------------------------------------------------------------------------------

    def goto(self, number: int) -> Step:
        """Stand after event ``number`` (clamped to 1..total)."""
        number = max(1, min(self.total, number))
        self._state = self._state_at(number, moving=True)
        self.position = number
        return self.step

    def next(self) -> Step:
        return self.goto(self.position + 1)

    def prev(self) -> Step:
        return self.goto(self.position - 1)

    def first(self) -> Step:
        return self.goto(1)

    def last(self) -> Step:
        return self.goto(self.total)

    def find(self, text: str, start: int | None = None) -> int | None:
        """The number of the next event after ``start`` (default: here) whose sentence contains ``text``
        (any case), or ``None``. Sentences are read as the viewer saw them."""
        wanted = text.lower()
        begin = self.position if start is None else start
        state = self.state_at(begin) if begin >= 1 else None
        for number in range(begin + 1, self.total + 1):
            state = self._apply(state, number)
            viewer = self.viewer_at(number)
            over = viewer == OWNER or self.over_at(state, number)
            event = describe_event(self.stored[number - 1], self.rules, self.seats, viewer, over=over)
            if wanted in event.sentence.lower():
                return number
        return None

    def next_turn(self) -> int | None:
        """The number of the first event of the next turn, or ``None`` when no turn follows."""
        here = self.rules.turn_number(self._state)
        state = self._state
        for number in range(self.position + 1, self.total + 1):
            state = self._apply(state, number)
            if self.rules.turn_number(state) != here:
                return number
        return None

    # -- reading -----------------------------------------------------------------------------

    @property
    def step(self) -> Step:
        state = self._state
        over = self.over_at(state, self.position)
        stored = self.stored[self.position - 1]
        viewer = self.viewer_at(self.position)
        return Step(
            number=self.position,
            total=self.total,
            state=state,
            turn=self.rules.turn_number(state),
            over=over,
            _event=functools.partial(describe_event, stored, self.rules, self.seats, viewer, over=over or viewer == OWNER),
            _view=functools.partial(self.view_of, state, viewer, over),
        )

    @property
    def state(self) -> Any:
        return self._state

    def state_at(self, number: int) -> Any:
        """The state after event ``number``, without moving the cursor."""
        return self._state_at(max(1, min(self.total, number)), moving=False)

    def over_at(self, state: Any, number: int) -> bool:
        """Whether the game was over after step ``number`` (whose state is ``state``)."""
        return number >= self.ended_at or self.rules.outcome(state) is not None

    def view_of(self, state: Any, viewer: Viewer, over: bool | None = None) -> dict[str, Any]:
        """What ``viewer`` saw of ``state``: everything for the owner and once the game was over (``over``: by
        default, whether its rules say so; a step a seat's act ended the game at says it with ``over_at``)."""
        if viewer == OWNER or over or (over is None and self.rules.outcome(state) is not None):
            return self.rules.owner_view(state)
        return self.rules.view(state, viewer if isinstance(viewer, int) else None)

    def views(self) -> dict[int, dict[str, Any]]:
        """Every seat's view here."""
        shown = self.position > self.parted or self.eye is None
        over = self.over_at(self._state, self.position)
        return {seat: self.view_of(self._state, seat if shown or seat == self.eye else None, over) for seat in range(1, len(self.seats) + 1)}

    def event(self, number: int) -> GameEvent:
        """Event ``number`` as the viewer saw it when it happened (redacted unless the game was over then)."""
        stored = self.stored[number - 1]
        viewer = self.viewer_at(number)
        over = self.over_at(self.state_at(number), number) if viewer != OWNER else True
        return describe_event(stored, self.rules, self.seats, viewer, over=over)

    def render(self, number: int | None = None) -> str:
        """The board as the viewer saw it after event ``number`` (default: here)."""
        number = self.position if number is None else max(1, min(self.total, number))
        state = self.state_at(number)
        return self.rules.render(self.view_of(state, self.viewer_at(number), self.over_at(state, number)), self.seats)

    # -- internals ---------------------------------------------------------------------------

    def _state_at(self, number: int, moving: bool) -> Any:
        base = number - number % self.every if number >= self.every else 1
        if base != self._block_base:
            self._block_base, self._block = base, [self._checkpoints[base]]
        block = self._block
        if number - base < len(block):
            return block[number - base]
        state = block[-1]
        for n in range(base + len(block), number + 1):
            state = self._apply(state, n)
            block.append(state)
            if moving:
                self.applied += 1
        return state

    def _apply(self, state: Any, number: int) -> Any:
        """The state after event ``number``, from the state before it."""
        fact = self._facts[number - 1]
        if fact is not None:
            return self.rules.evolve(state, fact)
        event = self.stored[number - 1]
        if isinstance(event, Game.Forked):
            return event.start
        if isinstance(event, Game.Created):
            return self.rules.new_state(len(event.seats), dict(event.options))
        return state


class _OutOfSweeps:
    """Keeps the process's older objects out of the cyclic garbage collector's sweeps while any
    cursor is open.

    The first cursor opened (when nothing is frozen) calls ``gc.freeze()`` once it has read its
    events: everything the process then holds, the cursor's events and checkpoints among it, is left
    alone by later collections, so a full collection walks only what was made since (a few states)
    and a ``goto`` no longer pauses for tens of milliseconds. Objects freed by their reference count
    are freed as usual; only cycles made garbage while frozen wait. Cursors opened while the freeze
    holds do not freeze again, so what waits is bounded by what the process held at that one moment.
    When the last open cursor is gone, ``gc.unfreeze()`` hands everything back to the collector. A
    freeze made by someone else (a server that froze before forking) is left as it is: no cursor
    freezes or unfreezes then.
    """

    def __init__(self) -> None:
        self._lock = threading.RLock()  # a collection inside ``hold`` may finalize another cursor
        self._open = 0
        self._frozen = False

    def hold(self, cursor: Cursor) -> None:
        with self._lock:
            if self._open == 0 and gc.get_freeze_count() == 0:
                gc.freeze()
                self._frozen = True
            self._open += 1
        weakref.finalize(cursor, self._release)

    def _release(self) -> None:
        with self._lock:
            self._open -= 1
            if self._open == 0 and self._frozen:
                gc.unfreeze()
                self._frozen = False


_OUT_OF_SWEEPS = _OutOfSweeps()
