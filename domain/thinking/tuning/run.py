"""A whole tune, from what the designer asked to the figures of its report.

``check_goals(tune)`` refuses, before any game is played, a goal the game cannot measure: ``sides`` in a game
whose seats have no sides, ``limits`` in one with no turn or round limit. ``tune_report(tune, play, ...)``
races the candidates (``race``), describes the answer (``answer``) and, unless told not to, checks it on fresh
games against the current values (``confirm``): one JSON-native dict, which ``replays.tune_report`` writes as
Markdown, HTML or JSON.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import optuna

from domain.engine import registry
from domain.engine.chain import CHAIN_VERSION
from domain.engine.errors import InvalidSetup
from domain.engine.randomness import Rng, chance_key
from domain.thinking.balance.study import study_salt
from domain.thinking.tuning.answer import answer
from domain.thinking.tuning.confirm import confirmation
from domain.thinking.tuning.race import Play, Race, Tune, race


def check_goals(tune: Tune) -> None:
    """A goal the game cannot measure, at any of the values tried, is an ``InvalidSetup`` naming why."""
    rules = registry.get(tune.study.ruleset)
    options = tune.study.options
    title = rules.game_title(options)
    kinds = {goal.kind for goal in tune.goals}
    if "sides" in kinds:
        state = rules.new_state(tune.study.players, options)
        seed = f"{tune.seed}:sides"
        for fact in rules.setup(state, Rng(chance_key(seed, study_salt(seed), CHAIN_VERSION), "setup")):
            state = rules.evolve(state, fact)
        if len(set(rules.sides(state).values())) < 2:  # every seat on one side is no sides
            raise InvalidSetup(f"{title} gives its seats no sides (squads, decks, roles), so the goal 'sides' cannot be "
                               "measured: aim at 'seats' instead")
    if "limits" in kinds and not rules.limit_options(options) and not any(
            rules.limit_options(tune.candidate_study(c).options) for c in _corners(tune)):
        raise InvalidSetup(f"{title} has no turn or round limit, so the goal 'limits' cannot be measured")


def _corners(tune: Tune) -> list[tuple[Any, ...]]:
    return [tuple(d.values[0] for d in tune.space.dimensions), tuple(d.values[-1] for d in tune.space.dimensions)]


def tune_report(tune: Tune, play: Play, storage: optuna.storages.BaseStorage | str | None = None, confirm_games: int = 200,
                told: Callable[[Race], None] | None = None) -> dict[str, Any]:
    """Race the tune, describe its answer, and confirm it on ``confirm_games`` fresh games a side (0: not)."""
    check_goals(tune)
    rules = registry.get(tune.study.ruleset)
    raced = race(tune, play, storage, told)
    report = answer(raced, rules.game_title(tune.study.options))
    if confirm_games:
        report["confirmation"] = confirmation(tune, raced.best().candidate, confirm_games, play)
    return report
