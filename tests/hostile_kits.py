"""Kits a stranger could send to make the service work without end, as an outside audit found them, each built
here (small: a few hundred bytes): a number choice of ten million numbers, two of three thousand, named steps
that each do the next twice, eighteen levels deep, a game that never ends; and kits that cross a bound only in
play, where the table decides (a number choice bounded by a counter, named steps taken again as a turn begins).
The kit-bounds tests of the domain, the API and the CLI share them."""

from __future__ import annotations

from typing import Any


def number_kit(*ranges: tuple[Any, Any], **play: Any) -> dict[str, Any]:
    """One action, ``pick``, choosing a number from each range given (the choices ``number``, ``count``, ``face``...)."""
    names = ("number", "count", "face", "player")
    return {"kit": 2, "name": "wide", "title": "Wide", "seats": {"fewest": 2, "most": 2},
            "counters": [{"name": "picked", "start": 0}, {"name": "width", "each": False, "start": 5}],
            "play": {"actions": [{"name": "pick", "choose": [{"name": name, "number": list(bounds)} for name, bounds in zip(names, ranges)],
                                  "effects": [{"set": "picked", "to": names[0]}, {"pass": "next"}]}], **play}}


def widening_kit() -> dict[str, Any]:
    """A number choice from 1 to the counter ``width`` (5 to begin with), and an action, ``widen``, that sets it
    to ten million: known only in play."""
    kit = number_kit((1, "width"))
    kit["play"]["actions"].insert(0, {"name": "widen", "effects": [{"set": "width", "to": 10_000_000}]})
    return kit


def squared_kit(width: int) -> dict[str, Any]:
    """Two number choices from 1 to the counter ``width`` (``width`` to begin with): ``width`` squared commands."""
    kit = number_kit((1, "width"), (1, "width"))
    kit["counters"][1]["start"] = width
    return kit


def fan_out_kit(levels: int = 18, **play: Any) -> dict[str, Any]:
    """Named steps ``s0`` ... each doing the next twice, the last adding 1 to ``x``: 2^(levels-1) additions, taken by
    the setup and by the action ``go`` (which then passes the turn)."""
    define: dict[str, Any] = {f"s{n}": [{"do": f"s{n + 1}"}, {"do": f"s{n + 1}"}] for n in range(levels - 1)}
    define[f"s{levels - 1}"] = [{"add": "x", "value": 1}]
    return {"kit": 2, "name": "fan-out", "title": "Fan out", "seats": {"fewest": 2, "most": 2},
            "counters": [{"name": "x", "start": 0}],
            "play": {"define": define, "setup": [{"do": "s0"}],
                     "actions": [{"name": "go", "effects": [{"do": "s0"}, {"pass": "next"}]}], **play}}


def fan_out_in_play_kit() -> dict[str, Any]:
    """Named steps twelve levels deep (6,143 steps each time they are taken): within the bound in each list of
    steps, but ``go`` takes them, passes the turn, and the next turn's ``turn_begins`` takes them again."""
    return fan_out_kit(12, setup=[], turn_begins=[{"do": "s0"}])


def endless_kit() -> dict[str, Any]:
    """A game whose one action adds 1 and passes the turn, and nothing ever ends it."""
    return {"kit": 2, "name": "endless", "title": "Endless", "seats": {"fewest": 2, "most": 2},
            "counters": [{"name": "x", "start": 0}],
            "play": {"actions": [{"name": "go", "effects": [{"add": "x", "value": 1}, {"pass": "next"}]}]}}


class Ticks:
    """A clock for the trial that moves on ``step`` seconds each time it is read: time without waiting."""

    def __init__(self, step: float = 1.0) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now

    def monotonic(self) -> float:
        return self()
