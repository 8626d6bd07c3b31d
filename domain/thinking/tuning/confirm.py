"""A tune's answer checked on fresh games: the recommended values against the game's current ones.

The race chose its recommendation on the games it played, so its own figures flatter it a little (the best of
many noisy candidates). ``confirmation`` plays both the recommended and the current values again on seeds
the race never used (``SEED-confirm:n``), the same seeds for both, and sets them side by side: the balance
report's A/B (``balance.compare.versus``: what changed, seat by seat and in length, with 95% intervals), each
goal's miss both ways, and the paired interval of the difference in misses (``outcomes.worse_by`` at 95%).
Its verdict: ``better`` (the recommended values' miss is clearly smaller), ``no worse`` (the games cannot tell
them apart), ``worse`` (the race was misled), or ``same`` (the recommended values are the current ones).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.thinking.balance.compare import versus
from domain.thinking.balance.study import Task, game_seed
from domain.thinking.tuning.answer import goal_figures
from domain.thinking.tuning.goals import mix
from domain.thinking.tuning.outcomes import Outcomes, worse_by
from domain.thinking.tuning.race import Play, Tune
from domain.thinking.tuning.space import Candidate


def confirm_tasks(tune: Tune, candidate: Candidate, games: int) -> list[Task]:
    study = tune.candidate_study(candidate)
    return [(study, game_seed(f"{tune.seed}-confirm", n), n % study.players if study.rotates else 0) for n in range(games)]


def confirmation(tune: Tune, recommended: Candidate, games: int, play: Play) -> dict[str, Any]:
    """The recommended values against the current ones on ``games`` fresh seeds each."""
    current = tune.space.current(tune.study.options)
    named = tune.space.named(recommended)
    if tuple(recommended) == tuple(current):
        return {"games": 0, "verdict": "same", "recommended": named, "current": named}
    first = play(confirm_tasks(tune, recommended, games), "confirm: the recommended values")
    second = play(confirm_tasks(tune, current, games), "confirm: the current values")
    mine, theirs = Outcomes.of(tune.study.players, first), Outcomes.of(tune.study.players, second)
    difference, low, high = worse_by(tune.goals, mine, theirs, f"{tune.seed}-confirm", level=0.95)
    ab = versus(tune.candidate_study(recommended).options, _changed(tune, current), first, second, tune.study.players)
    return {
        "games": games,
        "recommended": named,
        "current": tune.space.named(current),
        "verdict": "better" if high < 0 else "worse" if low > 0 else "no worse",
        "miss": {"recommended": _miss(tune, mine), "current": _miss(tune, theirs),
                 "difference": {"value": difference, "low": low, "high": high}},
        "goals": {"recommended": [goal_figures(g, mine.tally()) for g in tune.goals],
                  "current": [goal_figures(g, theirs.tally()) for g in tune.goals]},
        "versus": ab,
    }


def _miss(tune: Tune, outcomes: Outcomes) -> dict[str, float]:
    value, low, high = mix(tune.goals, outcomes.tally())
    return {"value": value, "low": low, "high": high}


def _changed(tune: Tune, current: Sequence[Any]) -> dict[str, Any]:
    """The current values as the options ``versus`` compares with (a kit's among its parameters)."""
    options = tune.space.options(tune.study.options, current)
    return {"parameters": options["parameters"]} if tune.space.kit else {name: options[name] for name in tune.space.names}
