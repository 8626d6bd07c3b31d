"""The tune benchmark's runner works: ``python tests/benchmarks/tune_games.py --quick``, run as a real process, prints a
row for each of its quick tunes in both tables, the games against a grid's with their ratio, the dice race's exact
fair head start (worked out roll by roll) beside its answer, and the target's verdict. The figures are not checked:
the full run writes them into the guide and the README."""

from __future__ import annotations

import re

import pytest
from benchmarks.tune_games import QUICK, exact_seat_one
from benchmarks_tables import printed, sections

pytestmark = pytest.mark.slow


def test_the_tune_benchmark_prints_every_tune_with_its_games_and_confirmation():
    text = printed("tune_games.py", "--quick")
    games, confirmations = sections(text).values()
    assert [row["tune"] for row in games] == [row["tune"] for row in confirmations] == [case.name for case in QUICK]
    for row in games:
        played, grid = (int(row[key].replace(",", "")) for key in ("games played", "grid's games"))
        assert 0 < played <= grid and row["grid ÷ tune"] == f"{grid / played:.1f}×"
        assert re.fullmatch(r"(\w+=\w+(, )?)+", row["recommended"])
    assert re.fullmatch(r"head_start=2: (held|missed)", games[0]["exact fair value"])
    assert re.search(r"Target: a grid needs at least 3× the games: (met|not met)", text)
    for row in confirmations:
        assert row["verdict"] in ("better", "no worse", "worse", "same")


def test_the_exact_dice_race_chances_fall_with_the_head_start_and_cross_one_half_at_two():
    chances = [exact_seat_one(20, head_start) for head_start in range(6)]
    assert chances == sorted(chances, reverse=True)
    assert min(range(6), key=lambda h: abs(chances[h] - 0.5)) == 2
    assert exact_seat_one(1, 0) == pytest.approx(1.0)  # a finish one space on: the first roll reaches it
    assert exact_seat_one(2, 0) == pytest.approx(5 / 6 + 1 / 6 * 1 / 6)  # after a 1, the second seat misses with a 1 too
