"""The race of a tune: the same seed gives the same answer; every candidate plays the same seeds (common random
numbers); candidates clearly worse than the best are dropped, so far fewer games are played than a grid would
play; a tune stopped part way resumes from its Optuna storage, playing only the blocks it does not hold, to the
same answer; and a goal the game cannot measure is refused before any game is played."""

from __future__ import annotations

from collections import defaultdict

import optuna
import pytest
from dice_race_tunes import dice_race_tune, play

from domain.engine.errors import InvalidSetup
from domain.thinking.tuning.answer import DROPPED, answer
from domain.thinking.tuning.race import race
from domain.thinking.tuning.run import check_goals, tune_report


class Stopped(Exception):
    """The machine went down part way through a tune."""


class Recorder:
    """A ``play`` that keeps every task it was given, and stops the tune at its call number ``stop_at``."""

    def __init__(self, stop_at: int | None = None) -> None:
        self.calls: list[list] = []
        self.stop_at = stop_at

    def __call__(self, tasks, label):
        if self.stop_at is not None and len(self.calls) == self.stop_at:
            raise Stopped(label)
        self.calls.append(list(tasks))
        return play(tasks, label)

    @property
    def games(self) -> int:
        return sum(len(tasks) for tasks in self.calls)


def small(vary: str = "head_start=0..4", **sizes):
    """A brute-force tune: five head starts (or those of ``vary``), every one tried."""
    return dice_race_tune(8, [vary], **{"seed": "race", "block": 20, "most_games": 100, "batch": 2, **sizes})


def wide(**sizes):
    """A tune whose space (fifteen head starts, two finishes: 30 candidates) is bigger than the candidates it tries:
    the TPE sampler proposes them."""
    return dice_race_tune(8, ["head_start=0..14", "finish=14,16"],
                          **{"seed": "wide", "block": 20, "most_games": 60, "candidates": 6, "batch": 2, **sizes})


def without_this_runs_count(found: dict) -> dict:
    return {key: value for key, value in found.items() if key != "games_played_now"}


def test_the_same_seed_gives_the_same_answer_and_another_seed_other_games():
    first, second = race(small(), play), race(small(), play)
    assert answer(first, "Dice race") == answer(second, "Dice race")
    assert small().name == small().name != small(seed="another").name  # its study's name in a storage
    assert [seed for _, seed, _ in small(seed="another").tasks((2,), 0)] == [f"another:{n}" for n in range(20)]


def test_every_candidate_plays_the_same_seeds_block_by_block_and_the_report_counts_them():
    recorder = Recorder()
    raced = race(small(), recorder)
    seeds: dict[int, list[str]] = defaultdict(list)  # head start: its seeds, in the order played
    for tasks in recorder.calls:
        for study, seed, rotation in tasks:
            assert rotation == 0  # the dice race has no sides to move round the table
            seeds[study.options["parameters"]["head_start"]].append(seed)
    assert set(seeds) == {0, 1, 2, 3, 4}
    longest = max(seeds.values(), key=len)
    assert longest == [f"race:{n}" for n in range(len(longest))]
    for played in seeds.values():
        assert played == longest[:len(played)]  # a candidate's games are the first of everyone's seeds
    # the candidate's other parameters are kept as given
    assert {task[0].options["parameters"]["finish"] for tasks in recorder.calls for task in tasks} == {8}
    assert raced.games_played == recorder.games == sum(entry.games for entry in raced.entries)
    assert {entry.candidate[0]: entry.games for entry in raced.entries} == {h: len(s) for h, s in seeds.items()}


def test_the_race_drops_clearly_worse_candidates_and_plays_far_fewer_games_than_a_grid():
    tune = dice_race_tune(8, ["head_start=0..7"], seed="drops", block=30, most_games=300, batch=4)
    found = answer(race(tune, play), "Dice race")
    standing = {row["values"]["head_start"]: row for row in found["candidates"]}
    # Seat 1 wins 24% of the games with a head start of 4, and fewer with more: dropped after a block or two;
    # 69% with none: dropped before the most games; 47% with 2, the fair head start: played to the end.
    for lopsided in (4, 5, 6, 7):
        assert standing[lopsided]["standing"] == DROPPED and standing[lopsided]["games"] <= 60
    assert standing[0]["standing"] == DROPPED and standing[0]["games"] < 300
    assert standing[2]["standing"] != DROPPED and standing[2]["games"] == 300
    assert found["grid_games"] == 8 * 300
    assert found["games"] < found["grid_games"] / 2
    for row in found["candidates"]:  # a dropped candidate's miss is above the best's
        if row["standing"] == DROPPED:
            assert row["miss"]["value"] > found["recommended"]["miss"]["value"]


@pytest.mark.parametrize(("tune", "stop_at"), [
    (lambda: small("head_start=1..3", most_games=60), 2),  # stopped while the candidates play their second blocks
    (lambda: small("head_start=0..5", most_games=40), 1),  # stopped while the second round's proposals play
    (wide, 2),  # stopped while the TPE sampler's third round of proposals play
], ids=["every candidate in turn, stopped between blocks", "every candidate in turn, stopped while proposing", "TPE proposals"])
def test_a_tune_stopped_part_way_resumes_from_its_storage_playing_only_the_blocks_not_stored(tmp_path, tune, stop_at):
    whole = Recorder()
    uninterrupted = answer(race(tune(), whole), "Dice race")

    storage = optuna.storages.RDBStorage(f"sqlite:///{tmp_path / 'stopped.db'}")
    stopped = Recorder(stop_at=stop_at)
    with pytest.raises(Stopped):
        race(tune(), stopped, storage)
    assert 0 < stopped.games < whole.games

    again = Recorder()
    resumed = race(tune(), again, optuna.storages.RDBStorage(f"sqlite:///{tmp_path / 'stopped.db'}"))
    assert resumed.games_played == again.games == whole.games - stopped.games
    played_before = {(task[0].options["parameters"]["head_start"], task[0].options["parameters"].get("finish"), task[1])
                     for tasks in stopped.calls for task in tasks}
    played_again = {(task[0].options["parameters"]["head_start"], task[0].options["parameters"].get("finish"), task[1])
                    for tasks in again.calls for task in tasks}
    assert not played_before & played_again  # no game played twice
    assert without_this_runs_count(answer(resumed, "Dice race")) == without_this_runs_count(uninterrupted)

    finished = Recorder()  # run once more: everything is stored, nothing is played
    assert without_this_runs_count(answer(race(tune(), finished, storage), "Dice race")) == without_this_runs_count(uninterrupted)
    assert finished.games == 0


@pytest.mark.parametrize(("block", "most_games", "refusal"), [
    (40, 100, "the most games a candidate plays, 100, is not a whole number of blocks of 40 games"),
    (100, 50, r"a block of 100 games is more than the most games a candidate plays \(50\)")])
def test_no_candidate_plays_more_than_the_most_games_a_tune_that_would_is_refused_before_any_game(block, most_games, refusal):
    # A candidate plays whole blocks: with blocks of 40 it would play 120 games where at most 100 were asked for.
    with pytest.raises(InvalidSetup, match=refusal):
        tune_report(small(block=block, most_games=most_games), never)


def never(tasks, label):
    raise AssertionError("a game was played before the goals were checked")


def test_a_goal_the_game_cannot_measure_is_refused_before_any_game():
    with pytest.raises(InvalidSetup, match=r"Dice race \(Table kit\) gives its seats no sides \(squads, decks, roles\), so the goal 'sides' cannot be measured: aim at 'seats'"):
        tune_report(dice_race_tune(8, goals=["sides"]), never)
    with pytest.raises(InvalidSetup, match=r"Dice race \(Table kit\) has no turn or round limit, so the goal 'limits' cannot be measured"):
        tune_report(dice_race_tune(8, goals=["seats", "limits<=0.1"]), never)


def test_goals_a_game_can_measure_are_let_through():
    from domain.engine import registry
    from domain.games.table_kit.rules import shipped_kit
    from domain.thinking.balance.study import Study
    from domain.thinking.tuning.goals import goal
    from domain.thinking.tuning.race import Tune
    from domain.thinking.tuning.space import Space, dimension, knobs

    pig = Study("table-kit", 2, {"kit": shipped_kit("pig")}, ("random", "random"))
    space = Space((dimension("target=20..30:10", knobs(registry.get("table-kit"), pig.options), "Pig"),), kit=True)
    check_goals(Tune(pig, space, (goal("limits<=0.1"),)))  # Pig stops at its turns parameter
    assassination = Study("assassination-le", 3, {}, ("random",) * 3)
    space = Space((dimension("keep_coins", knobs(registry.get("assassination-le"), assassination.options), "A"),), kit=False)
    check_goals(Tune(assassination, space, (goal("sides"),)))  # its seats are the assassins and the victim
