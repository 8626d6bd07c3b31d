"""Private counters (a counter with ``private: true``): a seat's count that only it sees, as it sees its hand.

A private counter is kept on the table like any other, and the kit's rules read its true value; what a seat
is shown of it is said here. Its seat (and the owner's view, and everyone once the game is over) sees its value;
every other seat sees that it is there and nothing more: in views (``value`` ``None``, ``hidden`` true), in facts
(``PrivateCounterChanged`` with ``value`` and ``by`` blank), in text and pictures (``hidden``), in the seats'
numbers for charts, and in the tables a bot imagines (``determinize``): there another seat's private counter is
worked out again from its imagined hand when the kit only ever sets it so (``sum_of(hand(seat), "points")``),
and otherwise holds its start, all the imagining seat knows of it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from domain.engine.facts import Fact
from domain.games.table_kit.vocabulary import facts as f


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
        return replace(fact, value=None, by=None)  # type: ignore[arg-type]  # the blank copy: no value
    return fact


FOLD = re.compile(r'^(sum_of|most_of|least_of)\(\s*hand\(\s*(seat|[1-8])\s*\)\s*,\s*"(\w+)"\s*\)$')
"""A private counter's value written as a fold over its own seat's hand: ``sum_of(hand(seat), "points")``."""
FOLDS: dict[str, Any] = {"sum_of": sum, "most_of": max, "least_of": min}


def _steps(node: Any) -> list[dict[str, Any]]:
    """Every step of a kit's rules (at any depth: ``then``, ``else``, ``repeat``, named steps)."""
    if isinstance(node, list):
        return [step for item in node for step in _steps(item)]
    if not isinstance(node, dict):
        return []
    found = [node] if ("set" in node or "add" in node) else []
    return found + [step for value in node.values() for step in _steps(value)]


_FOLDS_OF: dict[str, dict[str, tuple[str, str]]] = {}
"""Each kit's folded private counters (``_folds``), by the kit's content hash: worked out once a kit."""


def _folds(kit: Any) -> dict[str, tuple[str, str]]:
    """The private counters whose every change sets them to one fold of a field over their own seat's hand (never
    ``add``): their fold and field."""
    found = _FOLDS_OF.get(kit.hash)
    if found is None:
        found = _FOLDS_OF.setdefault(kit.hash, _folded_counters(kit.document))
    return found


def _folded_counters(document: dict[str, Any]) -> dict[str, tuple[str, str]]:
    out: dict[str, tuple[str, str]] = {}
    steps = _steps(document.get("play", {}))
    for spec in document.get("counters", []):
        name = spec["name"]
        if not spec.get("private") or not spec.get("each", True):
            continue
        changes = [step for step in steps if step.get("set") == name or step.get("add") == name]
        found = {_fold_of(step) for step in changes}
        if changes and len(found) == 1 and None not in found:
            out[name] = found.pop()  # type: ignore[assignment]
    return out


def _fold_of(step: dict[str, Any]) -> tuple[str, str] | None:
    """The fold and field a ``set`` step writes from its own seat's hand, or ``None``."""
    matched = FOLD.match(str(step.get("to", ""))) if "set" in step else None
    if matched is None:
        return None
    whose, seat = matched.group(2), step.get("seat")
    own = seat is None if whose == "seat" else str(seat).strip() == whose
    return (matched.group(1), matched.group(3)) if own else None


def imagined_counters(state: Any, kit: Any, seat: int) -> dict[str, int]:
    """The counters of a table ``seat`` imagines (``state``: that table, its cards dealt afresh): every other seat's
    private counter worked out again from its imagined hand where the kit only ever sets it to a fold over that hand
    (``sum_of(hand(seat), "points")``), else at its start (the seat has never seen it change); every other counter as
    it is."""
    counters = state.counters
    folds = _folds(kit)
    hidden: dict[str, int] = {}
    for counter in kit.counters(state.seats):
        if not counter.private or counter.seat == seat:
            continue
        hidden[counter.key] = counter.start
        if counter.name in folds:
            fold, field = folds[counter.name]
            values = [int(kit.cards[entry["card"]].get("fields", {}).get(field, 0)) for entry in state.zones[f"hand:{counter.seat}"]["cards"]]
            hidden[counter.key] = FOLDS[fold](values) if values else 0
    return counters if not hidden else {**counters, **hidden}


def public_numbers(counters: list[Any], finished: bool) -> list[Any]:
    """The counters the seats' numbers (charts) may show: every one once the game is over, else the public ones."""
    return counters if finished else [counter for counter in counters if not counter.private]
