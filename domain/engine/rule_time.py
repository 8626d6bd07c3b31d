"""How long the rules may run in one context (a request, a check, a trial game), for rules a game's creator
wrote (a kit's expressions): the rules that cost what their author made them cost.

The caller sets a deadline on a clock it gives (the domain reads no clock of its own): ``with deadline(5,
time.monotonic): ...``. Rules that can run long (``domain.games.table_kit.language.expressions``) ask ``overdue()``
before each evaluation and stop, with their own error, once it says the time has passed. The deadline lives
in a context variable, so each request's thread (or greenlet) has its own, and a context without one (a
bot seat's thread, a test) runs unbounded by it.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Callable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Deadline:
    """When the context's rules must stop: once ``clock()`` is past ``at``, the ``seconds`` they were given have
    passed."""

    clock: Callable[[], float]
    at: float
    seconds: float


DEADLINE: contextvars.ContextVar[Deadline | None] = contextvars.ContextVar("rules_deadline", default=None)
"""This context's deadline, ``None`` where none is set: read at once by rules evaluated very often, which compare
its clock with it themselves (``found.clock() > found.at``, as ``overdue`` does) rather than call ``overdue()``."""


@contextlib.contextmanager
def deadline(seconds: float, clock: Callable[[], float]) -> Iterator[None]:
    """The rules run in this context for at most ``seconds`` on ``clock`` (an inner deadline may only be
    sooner: the outer one still holds)."""
    outer = DEADLINE.get()
    at = clock() + seconds
    if outer is not None and outer.at < at:
        at, seconds = outer.at, outer.seconds
    token = DEADLINE.set(Deadline(clock, at, seconds))
    try:
        yield
    finally:
        DEADLINE.reset(token)


def overdue() -> float | None:
    """The seconds the context's rules were given, once they have passed; ``None`` while time is left (or
    where no deadline is set)."""
    found = DEADLINE.get()
    if found is not None and found.clock() > found.at:
        return found.seconds
    return None


def start(seconds: float, clock: Callable[[], float]) -> None:
    """A deadline for the rest of this context, where a ``with`` cannot span it (a web request, set before its
    view runs and ended by ``stop`` after; a new ``start`` replaces the last)."""
    DEADLINE.set(Deadline(clock, clock() + seconds, seconds))


def stop() -> None:
    """No deadline in this context any more."""
    DEADLINE.set(None)
