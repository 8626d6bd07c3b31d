"""Tunes of the dice race (``tests/kits/dice-race.yaml``: seat 2 starts ``head_start`` spaces ahead, the first to
``finish`` wins), played in this process with random bots: the game whose fair head start the tests work out
exactly, and whose short games keep a tune cheap."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from domain.engine import registry
from domain.games.table_kit.reading.loading import read_kit
from domain.thinking.balance.study import GameRecord, Study, Task, play_study_game
from domain.thinking.tuning.goals import goal
from domain.thinking.tuning.race import Tune
from domain.thinking.tuning.space import Space, dimension, knobs

DICE_RACE_FILE = Path(__file__).parent / "kits" / "dice-race.yaml"
DICE_RACE = read_kit(DICE_RACE_FILE.read_text(encoding="utf-8"), "dice-race.yaml")[0]


def play(tasks: Sequence[Task], label: str) -> list[GameRecord]:
    """Every task's game, in order, in this process (a tune's ``play``)."""
    return [play_study_game(*task) for task in tasks]


def dice_race_study(finish: int) -> Study:
    return Study("table-kit", 2, {"kit": DICE_RACE, "parameters": {"finish": finish}}, ("random", "random"))


def dice_race_tune(finish: int, vary: Sequence[str] = ("head_start=0..4",), goals: Sequence[str] = ("seats",),
                   **sizes: Any) -> Tune:
    """A tune of the dice race to ``finish``, varying its parameters as ``--vary`` would (``sizes``: the
    ``Tune``'s seed, block, most_games, candidates, batch)."""
    study = dice_race_study(finish)
    offered = knobs(registry.get("table-kit"), study.options)
    space = Space(tuple(dimension(text, offered, "Dice race") for text in vary), kit=True)
    return Tune(study, space, tuple(goal(text) for text in goals), **sizes)
