"""What a tune aims at, and how far a candidate's games are from it, with a 95% interval.

A goal is read from the designer's words (``--goal``):

- ``seats``: the seats even. The miss is the largest gap between a seat's share of the games one seat won
  and its fair share (one over the players), in share points: 0 is perfectly even.
- ``sides``: the sides even (squads, decks, roles: ``Ruleset.sides``), measured as ``seats`` is, per side.
- ``length=LOW..HIGH``: the mean length in turns inside the band; the miss is how far outside it the mean
  lies, as a share of HIGH (a mean of 44 turns against 20..40 misses by 0.1).
- ``draws<=SHARE`` and ``limits<=SHARE``: at most that share of the games drawn, or stopped at the turn or
  round limit; the miss is the share above it.

Each may carry a weight (``seats*2``); several goals are one mix, its miss the weighted sum. A candidate's
games are kept as a ``Tally`` (sums that add up block by block, so a race can extend them and a study can
store them: ``outcomes.Outcomes``), and ``Goal.miss`` gives the miss with its interval: the Wilson interval of each share (the
t interval of the mean length) carried through the goal's formula, so the interval holds every value of the
miss the shares' intervals allow. A mix's interval adds its goals' ends.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from domain.engine.errors import InvalidSetup
from domain.thinking.balance.stats import t_quantile, wilson

KINDS = ("seats", "sides", "length", "draws", "limits")
_GOAL = re.compile(r"^(?P<kind>[a-z]+)\s*(?:(?P<band>=\s*\d+\s*\.\.\s*\d+)|(?P<most><=\s*(?:0?\.\d+|[01](?:\.0*)?)))?"
                   r"\s*(?:\*\s*(?P<weight>\d+(?:\.\d+)?))?$")


@dataclass
class Tally:
    """A candidate's games counted: what every goal reads (``outcomes.Outcomes.tally``)."""

    players: int
    games: int = 0
    decided: int = 0
    wins: list[int] = field(default_factory=list)
    draws: int = 0
    limits: int = 0
    holes: int = 0
    turns: float = 0.0
    turns_squared: float = 0.0
    sides: dict[str, list[int]] = field(default_factory=dict)
    """Each side's ``[plays, wins]`` in the games one seat won, a play per seat that held it."""

    def __post_init__(self) -> None:
        self.wins = self.wins or [0] * self.players

    def mean_turns(self) -> tuple[float, float, float]:
        """The mean length in turns and its 95% t interval."""
        if not self.games:
            return 0.0, 0.0, math.inf
        mean = self.turns / self.games
        if self.games < 2:
            return mean, mean, mean
        variance = max(0.0, (self.turns_squared - self.games * mean * mean) / (self.games - 1))
        half = t_quantile(self.games - 1) * math.sqrt(variance / self.games)
        return mean, mean - half, mean + half


Miss = tuple[float, float, float]
"""A miss and its 95% interval: ``(value, low, high)``."""


@dataclass(frozen=True)
class Goal:
    """One aim of a tune: its kind, its band or share, and its weight in a mix."""

    kind: str
    low: float = 0.0
    high: float = 0.0
    weight: float = 1.0

    @property
    def words(self) -> str:
        text = {"seats": "seats even", "sides": "sides even",
                "length": f"mean length {self.low:g} to {self.high:g} turns",
                "draws": f"at most {self.high:.0%} of games drawn",
                "limits": f"at most {self.high:.0%} of games stopped at the turn limit"}[self.kind]
        return text if self.weight == 1 else f"{text} (weight {self.weight:g})"

    def miss(self, tally: Tally) -> Miss:
        if self.kind == "seats":
            return _uneven([(wins, tally.decided) for wins in tally.wins], 1 / tally.players)
        if self.kind == "sides":
            return _uneven([(wins, plays) for plays, wins in tally.sides.values()], 1 / tally.players)
        if self.kind == "length":
            mean, low, high = tally.mean_turns()
            scale = max(self.high, 1.0)
            return (_outside(mean, self.low, self.high) / scale, _apart(low, high, self.low, self.high) / scale,
                    max(_outside(low, self.low, self.high), _outside(high, self.low, self.high)) / scale)
        count = tally.draws if self.kind == "draws" else tally.limits
        low, high = wilson(count, tally.games)
        share = count / tally.games if tally.games else 0.0
        return max(0.0, share - self.high), max(0.0, low - self.high), max(0.0, high - self.high)


def _uneven(shares: Sequence[tuple[int, int]], fair: float) -> Miss:
    """The largest gap between a share and the fair share, and its interval from each share's Wilson interval."""
    value, low, high = 0.0, 0.0, 0.0
    for count, total in shares:
        lo, hi = wilson(count, total)
        value = max(value, abs((count / total if total else fair) - fair))
        low = max(low, _apart(lo, hi, fair, fair))
        high = max(high, abs(lo - fair), abs(hi - fair))
    return value, low, high


def _outside(value: float, low: float, high: float) -> float:
    return max(0.0, low - value, value - high)


def _apart(low: float, high: float, band_low: float, band_high: float) -> float:
    """How far the interval ``low..high`` lies from the band (0 where they overlap)."""
    return max(0.0, band_low - high, low - band_high)


def goal(text: str) -> Goal:
    """``seats``, ``sides``, ``length=LOW..HIGH``, ``draws<=SHARE`` or ``limits<=SHARE``, with ``*WEIGHT``."""
    found = _GOAL.match(text.strip())
    kind = found["kind"] if found else text.strip().split("=")[0].split("<")[0].split("*")[0]
    if kind not in KINDS:
        raise InvalidSetup(f"no goal {kind!r}: a goal is seats, sides, length=LOW..HIGH, draws<=SHARE or limits<=SHARE, "
                           "each with an optional *WEIGHT")
    needs = {"length": "band", "draws": "most", "limits": "most"}.get(kind)
    if found is None or (needs is None and (found["band"] or found["most"])) or (needs and not found[needs]):
        form = {"band": f"{kind}=LOW..HIGH (turns)", "most": f"{kind}<=SHARE (0 to 1)", None: kind}[needs]
        raise InvalidSetup(f"{text.strip()!r} is not a goal: write {form}, with an optional *WEIGHT")
    weight = float(found["weight"]) if found["weight"] else 1.0
    if weight <= 0:
        raise InvalidSetup(f"{text.strip()!r}: a goal's weight must be more than 0")
    if kind == "length":
        low, high = (float(n) for n in found["band"].lstrip("= ").split(".."))
        if low > high:
            raise InvalidSetup(f"{text.strip()!r}: the band runs backwards")
        return Goal(kind, low, high, weight)
    if kind in ("draws", "limits"):
        return Goal(kind, 0.0, float(found["most"].lstrip("<= ")), weight)
    return Goal(kind, weight=weight)


def mix(goals: Sequence[Goal], tally: Tally) -> Miss:
    """The weighted sum of the goals' misses, and of their intervals' ends."""
    value = low = high = 0.0
    for each in goals:
        v, lo, hi = each.miss(tally)
        value, low, high = value + each.weight * v, low + each.weight * lo, high + each.weight * hi
    return value, low, high
