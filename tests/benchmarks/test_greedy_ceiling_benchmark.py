"""The greedy ceiling benchmark runs: ``python tests/benchmarks/greedy_ceiling.py --quick``, run as a real process,
prints a row for every ruleset asked for, each figure a count or an interval; and its best response to greedy
seats plays a legal command, the same one for the same seed, from what its seat can see. How much it wins is
not checked here: the benchmark says."""

from __future__ import annotations

import re

from benchmarks_tables import printed, sections
from greedy_ceiling import GreedyBestResponse, KnowingSearch

from domain.engine import registry
from domain.engine.game import Game
from domain.thinking.greedy import GreedyBot
from domain.thinking.search import SearchBot


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
    game = Game.start(rules, ["A", "B", "C"], rules.resolve_options({}), "5")
    for _ in range(6):
        seat = game.to_act()[0]
        command = GreedyBestResponse("s", 6).choose(rules, game.state, seat, game.version)
        assert command in rules.legal_commands(game.state, seat)
        assert GreedyBestResponse("s", 6).choose(rules, game.state, seat, game.version) == command
        game.play(seat, command, f"c{game.version}")


def violations(tree, seat: int) -> tuple[int, int]:
    """The other seats' nodes of a tree with replies searched, and those among them where a reply searched is not
    their best look-ahead (a command whose prior is below the best there)."""
    nodes = wrong = 0
    stack = [tree]
    while stack:
        node = stack.pop()
        stack.extend(node.children.values())
        if node.actor not in (None, seat) and node.children:
            nodes += 1
            best = max(node.prior.values())
            wrong += any(node.prior[key] < best - 1e-6 for key in node.children)
    return nodes, wrong


def test_the_tree_that_knows_the_greedy_seats_searches_only_their_best_look_ahead():
    rules = registry.get("correction")
    game = Game.start(rules, ["A", "B"], rules.resolve_options({}), "5")
    while game.version < 12 or len(rules.legal_commands(game.state, game.to_act()[0])) < 2:  # past the even opening
        seat = game.to_act()[0]
        game.play(seat, GreedyBot("g").choose(rules, game.state, seat, game.version), f"c{game.version}")
    seat = game.to_act()[0]
    bot = KnowingSearch("s", 60)
    command = bot.choose(rules, game.state, seat, game.version)
    assert command in rules.legal_commands(game.state, seat)
    assert KnowingSearch("s", 60).choose(rules, game.state, seat, game.version) == command
    nodes, wrong = violations(bot.last.tree, seat)
    assert nodes > 0 and wrong == 0
    plain = SearchBot("s", simulations=60)
    plain.choose(rules, game.state, seat, game.version)
    assert violations(plain.last.tree, seat)[1] > 0  # the search bot searches the other seat's other replies too
