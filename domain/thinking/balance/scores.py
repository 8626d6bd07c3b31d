"""What a study's scores say, where the game's endings give them (``Outcome.scores``: chips won, boxes, points):
each seat's mean score and the mean margin, each with its 95% t interval (``stats.mean_interval``), beside the
win rates, which see only who won.

Every figure is over the same games: those whose ending gave scores (a game stopped by a rule hole, or at a
turn limit that names leaders only, gives none), counted in ``games`` out of the study's ``of``. The margin
is the winner's: the highest score less the next highest (0 in a tie); with two seats, the difference seat 1
less seat 2 is given too, game by game, so its interval allows for the two scores of a game moving together.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.thinking.balance.stats import mean_interval


def mean(values: Sequence[float]) -> dict[str, float]:
    """A mean with its 95% interval, as ``{"mean", "low", "high"}``."""
    found, low, high = mean_interval(values)
    return {"mean": found, "low": low, "high": high}


def scores(records: Sequence[dict[str, Any]], players: int) -> dict[str, Any] | None:
    """Each seat's mean score and the mean margins, over the games whose ending gave scores; ``None`` when
    none did (a game whose rules name winners only)."""
    scored = [r["scores"] for r in records if r.get("scores") is not None and len(r["scores"]) == players]
    if not scored:
        return None
    found: dict[str, Any] = {
        "games": len(scored), "of": len(records),
        "seats": [{"seat": seat, **mean([game[seat - 1] for game in scored])} for seat in range(1, players + 1)],
        "margin": mean([_margin(game) for game in scored]),
    }
    if players == 2:
        found["first_less_second"] = mean([game[0] - game[1] for game in scored])
    return found


def _margin(game: Sequence[float]) -> float:
    """The winner's margin: the highest score less the next highest (0 where two share the highest)."""
    ordered = sorted(game, reverse=True)
    return ordered[0] - ordered[1] if len(ordered) > 1 else 0.0
