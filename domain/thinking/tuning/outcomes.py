"""A candidate's games, seed by seed, and the paired test that tells two candidates apart.

``Outcomes`` keeps what every goal reads of each game, in the order of its seeds: the winner (0: none), the
length in turns, whether it ended at the turn limit or at a rule hole, and each seat's side. ``tally()`` sums
them for the report's intervals (``goals.Tally``).

Two candidates of a tune play the same seeds (common random numbers), so their games come in pairs that
differ only by what the candidates change. ``worse_by`` uses that: it resamples the *seeds* (a paired
bootstrap, the same resampled seeds for both candidates), works out each goal's miss for both on every
resample, and gives the interval of the difference in their misses. Where the two play alike on most seeds,
as neighbouring values of a number often do, the difference is known far more closely than either miss on
its own, and a race can drop a worse candidate after far fewer games.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy

from domain.thinking.tuning.goals import Goal, Tally

RESAMPLES = 1000
DROP_LEVEL = 0.99
"""The paired interval a race drops a candidate by: stricter than the report's 95%, as a race tests again and
again."""


@dataclass
class Outcomes:
    """What each of a candidate's games came to, seed by seed."""

    players: int
    winners: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    limits: list[bool] = field(default_factory=list)
    holes: list[bool] = field(default_factory=list)
    sides: list[dict[str, str]] = field(default_factory=list)

    @classmethod
    def of(cls, players: int, records: Iterable[dict[str, Any]]) -> Outcomes:
        found = cls(players)
        for record in records:
            winners = record["winners"]
            found.winners.append(winners[0] if len(winners) == 1 else 0)
            found.turns.append(record["turns"])
            found.limits.append(bool(record.get("at_limit")))
            found.holes.append(bool(record["hole"]))
            found.sides.append(dict(record.get("sides") or {}))
        return found

    def __len__(self) -> int:
        return len(self.winners)

    def extend(self, more: Outcomes) -> Outcomes:
        return Outcomes(self.players, self.winners + more.winners, self.turns + more.turns, self.limits + more.limits,
                        self.holes + more.holes, self.sides + more.sides)

    def to_data(self) -> dict[str, Any]:
        return {"players": self.players, "winners": self.winners, "turns": self.turns, "limits": self.limits,
                "holes": self.holes, "sides": self.sides}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Outcomes:
        return cls(data["players"], list(data["winners"]), list(data["turns"]), list(data["limits"]), list(data["holes"]),
                   [dict(s) for s in data["sides"]])

    def tally(self) -> Tally:
        tally = Tally(self.players)
        tally.games = len(self)
        tally.turns = float(sum(self.turns))
        tally.turns_squared = float(sum(t * t for t in self.turns))
        tally.limits, tally.holes = sum(self.limits), sum(self.holes)
        for winner, hole, sides in zip(self.winners, self.holes, self.sides):
            if not winner:
                tally.draws += not hole
                continue
            tally.decided += 1
            tally.wins[winner - 1] += 1
            for seat, side in sides.items():
                plays = tally.sides.setdefault(side, [0, 0])
                plays[0] += 1
                plays[1] += int(seat) == winner
        return tally

    def features(self, count: int | None = None) -> tuple[numpy.ndarray, list[str]]:
        """Each game's contribution to a ``Tally``'s sums, a row a game (the first ``count`` games): games,
        decided, each seat's wins, draws, limits, turns, turns squared, then each side's plays and wins."""
        n = len(self) if count is None else count
        names = sorted({side for sides in self.sides[:n] for side in sides.values()})
        rows = numpy.zeros((n, 6 + self.players + 2 * len(names)))
        column = {side: k for k, side in enumerate(names)}
        for g in range(n):
            winner = self.winners[g]
            rows[g, 0] = 1
            rows[g, 1] = winner > 0
            if winner:
                rows[g, 1 + winner] = 1
            base = 2 + self.players
            rows[g, base] = not winner and not self.holes[g]
            rows[g, base + 1] = self.limits[g]
            rows[g, base + 2] = self.turns[g]
            rows[g, base + 3] = self.turns[g] ** 2
            if winner:
                for seat, side in self.sides[g].items():
                    rows[g, base + 4 + 2 * column[side]] += 1
                    rows[g, base + 5 + 2 * column[side]] += int(seat) == winner
        return rows, names


def misses(goals: Sequence[Goal], sums: numpy.ndarray, players: int, sides: int) -> numpy.ndarray:
    """The mix's miss for each row of summed features (``Outcomes.features``, summed over a resample)."""
    games, decided = sums[:, 0], sums[:, 1]
    fair = 1 / players
    base = 2 + players
    total = numpy.zeros(len(sums))
    with numpy.errstate(invalid="ignore", divide="ignore"):
        for goal in goals:
            if goal.kind == "seats":
                shares = numpy.where(decided[:, None] > 0, sums[:, 2:2 + players] / decided[:, None], fair)
                miss = numpy.abs(shares - fair).max(axis=1)
            elif goal.kind == "sides":
                plays = sums[:, base + 4::2][:, :sides]
                wins = sums[:, base + 5::2][:, :sides]
                shares = numpy.where(plays > 0, wins / numpy.where(plays > 0, plays, 1), fair)
                miss = numpy.abs(shares - fair).max(axis=1) if sides else numpy.zeros(len(sums))
            elif goal.kind == "length":
                mean = sums[:, base + 2] / numpy.maximum(games, 1)
                miss = numpy.maximum(0.0, numpy.maximum(goal.low - mean, mean - goal.high)) / max(goal.high, 1.0)
            else:
                count = sums[:, base] if goal.kind == "draws" else sums[:, base + 1]
                miss = numpy.maximum(0.0, count / numpy.maximum(games, 1) - goal.high)
            total += goal.weight * miss
    return total


def worse_by(goals: Sequence[Goal], first: Outcomes, second: Outcomes, seed: str, level: float = DROP_LEVEL) -> tuple[float, float, float]:
    """How much bigger ``first``'s miss is than ``second``'s on the seeds both played, and its paired bootstrap
    interval at ``level``: ``(difference, low, high)``. A low end above 0 says ``first`` is clearly worse."""
    n = min(len(first), len(second))
    a, a_sides = first.features(n)
    b, b_sides = second.features(n)
    rng = numpy.random.default_rng(int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big"))
    counts = rng.multinomial(n, numpy.full(n, 1 / n), size=RESAMPLES)
    resampled = misses(goals, counts @ a, first.players, len(a_sides)) - misses(goals, counts @ b, second.players, len(b_sides))
    whole = misses(goals, a.sum(axis=0)[None, :], first.players, len(a_sides)) - misses(goals, b.sum(axis=0)[None, :], second.players, len(b_sides))
    tail = (1 - level) / 2
    low, high = numpy.quantile(resampled, [tail, 1 - tail])
    return float(whole[0]), float(low), float(high)
