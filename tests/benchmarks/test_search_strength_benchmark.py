"""The search bot's strength benchmark runs: ``python tests/benchmarks/search_strength.py --quick``, run as a
real process, prints a row for every ruleset and matchup asked for, each figure a count or an interval.
How strong the bot is is not checked here: the benchmark says (and the guide's page
``explanation/bot-figures.md`` shows its last run)."""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys

import pytest
from benchmarks_tables import printed, sections


@pytest.mark.slow
def test_the_strength_benchmark_prints_each_matchup_of_each_ruleset_asked_for():
    found = sections(printed("search_strength.py", "--quick", "--workers", "1", "--rulesets", "correction,missions"))
    rows = found["The search bot against greedy bots, and against itself on a smaller budget"]
    assert {(row["ruleset"], row["matchup"]) for row in rows} == {
        (name, matchup) for name in ("correction", "missions") for matchup in ("search-vs-greedy", "search400-vs-search50")}
    for row in rows:
        assert re.fullmatch(r"\d+/2", row["wins"]) and re.fullmatch(r"\d+%–\d+%", row["Wilson 95%"])
        assert row["players"] == ("2" if row["ruleset"] == "correction" else "3")
        assert row["target"].endswith(("met", "not met"))
        assert int(row["won at limit"]) <= min(int(row["at limit"]), int(row["wins"].split("/")[0]))
        wins, games = map(int, row["wins"].split("/"))
        assert row["points"] == f"{(wins + int(row['draws']) / int(row['players'])) / games:.0%}"


def test_a_row_tells_the_wins_of_games_stopped_at_the_turn_limit_apart(monkeypatch):
    import search_strength

    def played(job):
        """Game n: the tested bot wins the odd ones, every third stops at the limit."""
        number = job[2]
        return (1 if number % 2 else 0), number % 3 == 0, 5, 0.1, 0.01

    monkeypatch.setattr(search_strength, "one_game", played)

    class InOrder:
        map = staticmethod(map)

    headers = ["ruleset", "players", "matchup", "wins", "win rate", "Wilson 95%", "fair share", "draws", "points",
               "at limit", "won at limit", "ms a move", "their ms a move", "target"]
    found = dict(zip(headers, search_strength.row(InOrder(), "correction", 2, 12, "search-vs-greedy", True)))
    assert found["wins"] == "6/12" and found["at limit"] == "4"
    assert found["won at limit"] == "2"  # games 3 and 9


def test_an_unknown_way_for_the_other_seats_is_one_line_and_exit_2():
    script = pathlib.Path(__file__).with_name("search_strength.py")
    done = subprocess.run([sys.executable, str(script), "--quick", "--search-option", "others=greedy"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines()[-1].endswith("--search-option 'others=greedy': others is one of search, look-ahead, averaged-look-ahead")


@pytest.mark.slow
def test_a_long_row_says_how_it_goes_every_ten_games():
    from search_strength import row

    class InOrder:
        """A pool that plays the games one after another in this process."""

        map = staticmethod(map)

    said: list[str] = []
    printed_row = row(InOrder(), "correction", 2, 20, "search-vs-greedy", True, said.append)
    wins = int(printed_row[3].split("/")[0])
    assert len(said) == 1 and re.fullmatch(r"  correction: \d+/10 won", said[0])
    assert int(said[0].split(": ")[1].split("/")[0]) <= wins
