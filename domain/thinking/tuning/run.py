"""A whole tune, from what the designer asked to the figures of its report.

``planned(...)`` makes the ``Tune`` a designer asks for (from the command line or over HTTP) and checks all of it
before any game is played: the game holds rules, the seats, each value to vary, each goal, a table laid with the
current values and with the first candidate's. ``check_goals(tune)`` refuses a goal the game cannot measure:
``sides`` in a game whose seats have no sides, ``limits`` in one with no turn or round limit. ``tune_report(tune, play, ...)``
races the candidates (``race``), describes the answer (``answer``) and, unless told not to, checks it on fresh
games against the current values (``confirm``): one JSON-native dict, which ``replays.tune_report`` writes as
Markdown, HTML or JSON.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import optuna

from domain.engine import registry
from domain.engine.chain import CHAIN_VERSION
from domain.engine.errors import InvalidSetup
from domain.engine.randomness import Rng, chance_key
from domain.thinking.balance import MAX_COMMANDS
from domain.thinking.balance.study import Study, study_salt
from domain.thinking.tuning.answer import answer
from domain.thinking.tuning.confirm import confirmation
from domain.thinking.tuning.goals import goal
from domain.thinking.tuning.race import Play, Race, Tune, race
from domain.thinking.tuning.space import Space, dimension, knobs


def planned(ruleset: str, options: dict[str, Any], players: int | None, bots: Callable[[int], tuple[str, ...]], vary: Sequence[str],
            goals: Sequence[str], *, budget: str | None = None, seed: str = "tune", block: int = 100, most_games: int = 1000,
            candidates: int = 40, max_commands: int = MAX_COMMANDS, fixed_sides: bool = False) -> Tune:
    """The tune asked for, every part checked before a game is played (an ``InvalidSetup`` naming what is wrong).
    ``options`` holds a kit's document (``kit``) for a kit, whose values to vary are then its parameters;
    ``players`` defaults to the fewest the game takes; ``bots(players)`` gives the bot of each seat."""
    rules = registry.get(ruleset)
    title = rules.game_title(rules.resolve_options(options))
    if not rules.holds_rules(options):
        raise InvalidSetup(f"{title} holds no rules (the people at the table keep them): its bots could only play by chance")
    kit = options.get("kit") if isinstance(options.get("kit"), dict) else None
    players = players if players is not None else (kit["seats"]["fewest"] if kit is not None else rules.min_seats)
    rules.check_seat_count(players)
    study = Study(ruleset, players, options, bots(players), budget, max_commands, fixed_sides)
    space = Space(tuple(dimension(text, knobs(rules, study.options), title) for text in vary), kit=kit is not None)
    tune = Tune(study, space, tuple(goal(text) for text in goals), seed, block, most_games, candidates)
    for candidate in (space.current(study.options), next(space.candidates())):
        # an option the game refuses with the others given, or a table it cannot lay for these players, is refused now
        rules.new_state(players, tune.candidate_study(candidate).options)
    check_goals(tune)
    return tune


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
