"""OpenSpiel's search bots as ludolog bots (``openspiel-ismcts``, ``openspiel-mcts``; that they never peek is tested
with the Location CCG's bots): each plays a legal command, the same one for the same seed, stops at the deadline
of a time budget when given one (counted in simulations against a clock that moves as told), and plays whole
games through the service and the CLI like ludolog's own bots."""

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
    return rules, Game.start(rules, [f"S{n}" for n in range(1, seats + 1)], rules.resolve_options(options), seed,
                             salt="5eed" * 8)  # the same game on every run


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


class SteppingClock:
    """A clock that moves ``step`` seconds at every reading (none: it stands still)."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@pytest.mark.parametrize("kind", ["ismcts", "mcts"])
def test_a_time_budget_is_a_deadline_checked_before_each_simulation(kind):
    rules, game = started("missions", 3)
    while len(rules.legal_commands(game.state, seat := game.to_act()[0])) == 1:  # to the first real choice
        game.play(seat, rules.legal_commands(game.state, seat)[0], f"c{game.version}")
    timed = OpenSpielBot(kind, "s", milliseconds=30, clock=SteppingClock(0.001))
    command = timed.choose(rules, game.state, seat, game.version)
    assert command in rules.legal_commands(game.state, seat)
    # a reading a simulation: it stops at the 30th millisecond (OpenSpiel's MCTS ends the one that found it past)
    assert 2 <= timed.last.simulations <= 32
    frozen = OpenSpielBot(kind, "s", simulations=40, limit_ms=30, clock=SteppingClock(0.0))
    frozen.choose(rules, game.state, seat, game.version)
    assert frozen.last.simulations == 40  # time never runs out: the simulations stop it
    capped = OpenSpielBot(kind, "s", simulations=40, limit_ms=10, clock=SteppingClock(0.001))
    capped.choose(rules, game.state, seat, game.version)
    assert capped.last.simulations <= 12


def test_openspiels_bots_take_budgets_as_ludologs_search_does():
    assert isinstance(make_bot("openspiel-mcts", 1, "300"), OpenSpielBot)
    with pytest.raises(InvalidSetup, match="a bot runs at most"):
        make_bot("openspiel-ismcts", 1, "999999")


def test_an_openspiel_bot_finishes_a_kit_game_against_ludologs_search():
    rules = registry.get("table-kit")
    from domain.games.table_kit.rules import shipped_kit

    game = Game.start(rules, ["A", "B"], rules.resolve_options({"kit": shipped_kit("tic-tac-toe")}), "3", salt="5eed" * 8)
    bots = {1: make_bot("openspiel-ismcts", "a", "60"), 2: make_bot("search", "b", "60")}
    while game.outcome() is None:
        seat = game.to_act()[0]
        game.play(seat, bots[seat].choose(rules, game.state, seat, game.version), f"c{game.version}")
    assert game.outcome() is not None
