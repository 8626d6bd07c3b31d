"""The search bot's strength benchmark runs: ``python tests/benchmarks/search_strength.py --quick``, run as a
real process, prints a row for every ruleset and matchup asked for, each figure a count or an interval.
How strong the bot is is not checked here: the benchmark says (and the README shows its last run)."""

from __future__ import annotations

import re

from benchmarks_tables import printed, sections


def test_the_strength_benchmark_prints_each_matchup_of_each_ruleset_asked_for():
    found = sections(printed("search_strength.py", "--quick", "--workers", "1", "--rulesets", "correction,missions"))
    rows = found["The search bot against greedy bots, and against itself on a smaller budget"]
    assert {(row["ruleset"], row["matchup"]) for row in rows} == {
        (name, matchup) for name in ("correction", "missions") for matchup in ("search-vs-greedy", "search400-vs-search50")}
    for row in rows:
        assert re.fullmatch(r"\d+/2", row["wins"]) and re.fullmatch(r"\d+%–\d+%", row["Wilson 95%"])
        assert row["players"] == ("2" if row["ruleset"] == "correction" else "3")
        assert row["target"].endswith(("met", "not met"))
        wins, games = map(int, row["wins"].split("/"))
        assert row["points"] == f"{(wins + int(row['draws']) / int(row['players'])) / games:.0%}"
