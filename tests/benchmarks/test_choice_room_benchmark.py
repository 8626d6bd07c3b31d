"""The room-for-a-better-choice study runs: ``python tests/benchmarks/choice_room.py --quick``, run as a real
process, prints a row for every ruleset asked for; and a choice's room is what the command best on one
half of the finishes scores on the other half over the greedy command. How much room there is is not
checked here: the study says (and the guide's page ``explanation/bot-figures.md`` shows its last run)."""

from __future__ import annotations

import re

import pytest
from benchmarks_tables import printed, sections
from choice_room import room


@pytest.mark.slow
def test_the_study_prints_a_row_for_each_ruleset_asked_for():
    found = sections(printed("choice_room.py", "--quick", "--workers", "1", "--rulesets", "missions,correction"))
    rows = found["Each choice's best-looking command judged on other finishes against the greedy command"]
    assert [row["ruleset"] for row in rows] == ["missions", "correction"]
    for row in rows:
        assert row["games"] == "2" and int(row["choices"]) > 0
        assert re.fullmatch(r"[+-]\d+\.\d", row["room a game (points)"])
        assert float(row["commands a choice"]) >= 2


def test_a_choice_where_greedy_took_the_best_command_has_no_room():
    assert room({"greedy": 0.6, "other": 0.4}, {"greedy": 0.5, "other": 0.3}, "greedy") == 0


def test_a_better_command_on_both_halves_is_credited_with_its_margin_on_the_other_half():
    assert room({"greedy": 0.4, "other": 0.6}, {"greedy": 0.3, "other": 0.4}, "greedy") == pytest.approx((0.1 + 0.2) / 2)


def test_a_command_that_only_looked_better_is_judged_on_the_finishes_it_did_not_see():
    # "lucky" leads on the even finishes but trails on the odd ones; greedy leads on the odd ones.
    assert room({"greedy": 0.4, "lucky": 0.5}, {"greedy": 0.5, "lucky": 0.3}, "greedy") == pytest.approx((0.3 - 0.5 + 0) / 2)


def test_a_tie_with_the_greedy_command_is_no_room():
    assert room({"greedy": 0.5, "other": 0.5}, {"greedy": 0.5, "other": 0.2}, "greedy") == 0
