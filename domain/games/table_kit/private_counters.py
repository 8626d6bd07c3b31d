"""Private counters (a counter with ``private: true``): a seat's count that only it sees, as it sees its hand.

A private counter is kept on the table like any other, and the kit's rules read its true value; what a seat
is shown of it is said here. Its seat (and the owner's view, and everyone once the game is over) sees its value;
every other seat sees that it is there and nothing more: in views (``value`` ``None``, ``hidden`` true), in facts
(``PrivateCounterChanged`` with ``value`` and ``by`` blank), in text and pictures (``hidden``), in the seats'
numbers for charts, and in the tables a bot imagines (``determinize``), where another seat's private counter
holds its start: all the imagining seat knows of it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from domain.engine.facts import Fact
from domain.games.table_kit import facts as f


def sees_counter(owner: int | None, viewer: int | None, everything: bool) -> bool:
    """Whether ``viewer`` (``None``: a spectator) may see a private counter of seat ``owner`` (``None``: a shared one)."""
    return everything or (viewer is not None and viewer == owner)


def shown_counter(counter: Any, value: int, viewer: int | None, everything: bool) -> dict[str, Any]:
    """A counter as the view lists it: a private one another seat may not see with no value and ``hidden``."""
    shown = {"key": counter.key, "name": counter.name, "seat": counter.seat, "value": value, "min": counter.low, "max": counter.high}
    if counter.private:
        shown["private"] = True
        if not sees_counter(counter.seat, viewer, everything):
            shown.update(value=None, hidden=True)
    return shown


def redacted(fact: Fact, seat: int | None) -> Fact:
    """A private counter's change as ``seat`` may read it: its value and change blank for any seat but its own."""
    if isinstance(fact, f.PrivateCounterChanged) and not sees_counter(fact.owner, seat, False):
        return replace(fact, value=None, by=None)
    return fact


def imagined_counters(counters: dict[str, int], kit: Any, seats: int, seat: int) -> dict[str, int]:
    """The counters of a table ``seat`` imagines: every other seat's private counter at its start (the seat has never
    seen it change), every other counter as it is."""
    hidden = {counter.key: counter.start for counter in kit.counters(seats) if counter.private and counter.seat != seat}
    return counters if not hidden else {**counters, **hidden}


def public_numbers(counters: list[Any], finished: bool) -> list[Any]:
    """The counters the seats' numbers (charts) may show: every one once the game is over, else the public ones."""
    return counters if finished else [counter for counter in counters if not counter.private]
