"""OpenSpiel's search bots as ludolog bots (``openspiel-ismcts``, ``openspiel-mcts``; that they never peek is tested
with the Location CCG's bots): each plays a legal command, the same one for the same seed, within a time budget
when given one,
and plays whole games through the service and the CLI like ludolog's own bots."""

from __future__ import annotations

import pytest

from domain.engine import registry
from domain.engine.errors import InvalidSetup
from domain.engine.game import Game
from domain.thinking.bots import make_bot, thought_of
from domain.thinking.spiel.bots import OpenSpielBot

KINDS = ("openspiel-ismcts", "openspiel-mcts")


def started(name: str, seats: int, seed: str = "7", **options):
    rules = registry.get(name)
    return rules, Game.start(rules, [f"S{n}" for n in range(1, seats + 1)], rules.resolve_options(options), seed)


@pytest.mark.parametrize("strategy", KINDS)
@pytest.mark.parametrize(("name", "seats"), [("correction", 2), ("infection", 2), ("location-ccg", 2), ("missions", 3)])
def test_an_openspiel_bot_plays_a_legal_command_and_the_same_one_for_the_same_seed(strategy, name, seats):
    rules, game = started(name, seats)
    for _ in range(3):
        seat = game.to_act()[0]
        command = make_bot(strategy, "s", "40").choose(rules, game.state, seat, game.version)
        assert command in rules.legal_commands(game.state, seat)
        assert make_bot(strategy, "s", "40").choose(rules, game.state, seat, game.version) == command
        game.play(seat, command, f"c{game.version}")


def test_a_time_budget_and_a_servers_limit_bound_the_thinking():
    rules, game = started("correction", 2)
    seat = game.to_act()[0]
    bot = make_bot("openspiel-ismcts", "s", "150ms")
    bot.choose(rules, game.state, seat, game.version)
    assert bot.last.seconds < 1.0 and bot.last.simulations >= 16
    capped = make_bot("openspiel-ismcts", "s", "20000", limit_ms=100)
    capped.choose(rules, game.state, seat, game.version)
    assert capped.last.simulations < 20000
    assert thought_of(capped, {})["strategy"] == "openspiel-ismcts"


def test_openspiels_bots_take_budgets_as_ludologs_search_does():
    assert isinstance(make_bot("openspiel-mcts", 1, "300"), OpenSpielBot)
    with pytest.raises(InvalidSetup, match="a bot runs at most"):
        make_bot("openspiel-ismcts", 1, "999999")


def test_an_openspiel_bot_finishes_a_kit_game_against_ludologs_search():
    rules = registry.get("table-kit")
    from domain.games.table_kit.rules import shipped_kit

    game = Game.start(rules, ["A", "B"], rules.resolve_options({"kit": shipped_kit("tic-tac-toe")}), "3")
    bots = {1: make_bot("openspiel-ismcts", "a", "60"), 2: make_bot("search", "b", "60")}
    while game.outcome() is None:
        seat = game.to_act()[0]
        game.play(seat, bots[seat].choose(rules, game.state, seat, game.version), f"c{game.version}")
    assert game.outcome() is not None
