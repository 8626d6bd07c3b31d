"""The bots' benchmark runner works: ``python tests/benchmarks/bots_report.py --quick``, run as a real
process, prints its three tables with a row for every ruleset (and seat count and bot for strength),
every figure a number. How fast or how strong anything is is not checked here: the report says."""

from __future__ import annotations

import re

import pytest
from benchmarks_tables import printed, sections

from domain.engine import registry

pytestmark = pytest.mark.slow


def test_the_bots_report_prints_every_ruleset_in_every_table():
    found = sections(printed("bots_report.py", "--quick", "--workers", "1"))
    names = sorted(rules.name for rules in registry.all_rulesets() if rules.knows_the_rules)  # a table kit's bots know no rules
    speed = found["Rules: random legal commands per CPU-second (pure functions, one core)"]
    assert sorted(row["ruleset"] for row in speed) == names
    assert all(float(row["commands/s"].replace(",", "")) > 0 for row in speed)
    search = found["Search bot: simulations per CPU-second"]
    assert sorted(row["ruleset"] for row in search) == names
    assert all(float(row["simulations/s"].replace(",", "")) > 0 for row in search)
    strength = found["Strength against random bots"]
    expected = {(rules.name, str(players), bot) for rules in registry.all_rulesets() if rules.knows_the_rules
                for players in {rules.min_seats, rules.max_seats} for bot in ("search", "greedy")}
    assert {(row["ruleset"], row["players"], row["bot"]) for row in strength} == expected
    for row in strength:
        assert re.fullmatch(r"[01]/1", row["wins"]) and re.fullmatch(r"\d+%–\d+%", row["Wilson 95%"])
