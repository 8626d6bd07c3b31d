"""The greedy ceiling benchmark runs: ``python tests/benchmarks/greedy_ceiling.py --quick``, run as a real process,
prints a row for every ruleset asked for, each figure a count or an interval; and its best response to greedy
seats plays a legal command, the same one for the same seed, from what its seat can see. How much it wins is
not checked here: the benchmark says."""

from __future__ import annotations

import re

from benchmarks_tables import printed, sections
from greedy_ceiling import METHODS, GreedyBestResponse, KnowingSearch, AveragingSearch, jobs

from domain.engine import registry
from domain.engine.game import Game


def test_the_ceiling_benchmark_prints_a_row_for_each_ruleset_asked_for():
    found = sections(printed("greedy_ceiling.py", "--quick", "--rulesets", "missions,assassination-le"))
    rows = found["A seat that knows its opponents play greedy, against greedy seats"]
    assert [row["ruleset"] for row in rows] == ["missions", "assassination-le"]
    for row in rows:
        assert re.fullmatch(r"\d+/2", row["wins"]) and re.fullmatch(r"\d+%–\d+%", row["Wilson 95%"])
        assert row["players"] == "3" and row["fair share"] == "33%"
        assert row["target"] in ("≥ 43%: met", "≥ 43%: not met")


def test_the_best_response_plays_a_legal_command_the_same_for_the_same_seed():
    rules = registry.get("missions")
    game = Game.start(rules, ["A", "B", "C"], rules.resolve_options({}), "5", salt="5eed" * 8)
    for _ in range(6):
        seat = game.to_act()[0]
        command = GreedyBestResponse("s", 6).choose(rules, game.state, seat, game.version)
        assert command in rules.legal_commands(game.state, seat)
        assert GreedyBestResponse("s", 6).choose(rules, game.state, seat, game.version) == command
        game.play(seat, command, f"c{game.version}")


def test_the_tree_that_knows_the_greedy_seats_plays_a_legal_command_the_same_for_the_same_seed():
    rules = registry.get("missions")
    game = Game.start(rules, ["A", "B", "C"], rules.resolve_options({}), "5", salt="5eed" * 8)
    for _ in range(4):
        seat = game.to_act()[0]
        bot = KnowingSearch("s", 30)
        command = bot.choose(rules, game.state, seat, game.version)
        assert command in rules.legal_commands(game.state, seat)
        assert KnowingSearch("s", 30).choose(rules, game.state, seat, game.version) == command
        assert bot.others == "look-ahead"
        game.play(seat, command, f"c{game.version}")


def test_the_averaging_tree_has_the_greedy_seats_average_their_chance_and_plays_a_legal_command():
    assert METHODS["tree-averaged"] is AveragingSearch
    rules = registry.get("missions")
    game = Game.start(rules, ["A", "B", "C", "D"], rules.resolve_options({}), "5", salt="5eed" * 8)
    seat = game.to_act()[0]
    bot = AveragingSearch("s", 30)
    command = bot.choose(rules, game.state, seat, game.version)
    assert bot.others == "averaged-look-ahead" and command in rules.legal_commands(game.state, seat)
    assert AveragingSearch("s", 30).choose(rules, game.state, seat, game.version) == command


def test_a_row_split_with_first_plays_the_same_games_as_one_run():
    whole = jobs("missions", 3, 6, 30, "tree")
    assert [job[2] for job in whole] == list(range(6))
    assert jobs("missions", 3, 2, 30, "tree") + jobs("missions", 3, 4, 30, "tree", first=2) == whole
