"""The greedy ceiling benchmark runs: ``python tests/benchmarks/greedy_ceiling.py --quick``, run as a real process,
prints a row for every ruleset asked for, each figure a count or an interval; and its best response to greedy
seats plays a legal command, the same one for the same seed, from what its seat can see. How much it wins is
not checked here: the benchmark says."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace

import pytest

import greedy_expectimax
from benchmarks_tables import printed, sections
from greedy_ceiling import METHODS, GreedyBestResponse, KnowingSearch, AveragingSearch, jobs
from greedy_expectimax import ExactLook, GreedySeat, OneRoundExpectimax, TwoTurnExpectimax

from domain.engine import registry
from domain.engine.game import Game
from domain.thinking.greedy import GreedyBot, SimRng


@pytest.mark.slow
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


class TwoTurnToy:
    """Seat 1 plays ``safe`` (scored 0.6 at once) or ``setup`` (0.5); seat 2 passes; then seat 1 rolls a die
    of two faces and calls it, ``left`` for 1, ``right`` for 2: after ``setup`` a right call wins, else
    seat 2 wins. The greedy bot plays ``safe``; two turns ahead, each call made after its roll, ``setup``
    wins every time."""

    def to_act(self, state):
        return [2] if state["step"] == 1 else [1]

    def legal_commands(self, state, seat):
        return [[{"type": "safe"}, {"type": "setup"}], [{"type": "pass"}], [{"type": "roll"}],
                [{"type": "left"}, {"type": "right"}]][state["step"]]

    def decide(self, state, seat, command, rng):
        if command["type"] == "roll":
            return [{"rolled": rng.randint(1, 2)}]
        return [{"played": command["type"]}]

    def evolve(self, state, fact):
        state = {**state, "step": state["step"] + 1, **fact}
        if state["step"] == 1:
            state["setup"] = fact["played"] == "setup"
        if state["step"] == 4:
            right = state["played"] == ("left", "right")[state["rolled"] - 1]
            state["winner"] = 1 if state["setup"] and right else 2
        return state

    def outcome(self, state):
        return SimpleNamespace(winners=[state["winner"]]) if "winner" in state else None

    def determinize(self, state, seat, rng):
        return state

    def evaluate(self, state, seat):
        mine = 0.6 if state.get("played") == "safe" else 0.5
        return mine if seat == 1 else 1 - mine


def test_the_two_turn_expectimax_looks_past_the_greedy_choice_and_calls_each_roll_as_it_fell():
    toy, start = TwoTurnToy(), {"step": 0}
    assert GreedyBot("s").choose(toy, start, 1, 0) == {"type": "safe"}
    assert TwoTurnExpectimax("s", 1, 2).choose(toy, start, 1, 0) == {"type": "setup"}
    assert TwoTurnExpectimax("s", 1, 2)._weighed(toy, start, 1, {"type": "setup"}, SimRng(random.Random(0))) == 1.0


def first_choice_of_four_missions_seats():
    """A four-seat Missions game played on to the first position where its seat has a choice."""
    rules = registry.get("missions")
    game = Game.start(rules, ["A", "B", "C", "D"], rules.resolve_options({}), "5", salt="5eed" * 8)
    while len(rules.legal_commands(game.state, game.to_act()[0])) == 1:
        seat = game.to_act()[0]
        game.play(seat, rules.legal_commands(game.state, seat)[0], f"c{game.version}")
    return rules, game, game.to_act()[0]


def test_the_two_turn_expectimax_plays_a_legal_command_the_same_for_the_same_seed(monkeypatch):
    toy = TwoTurnToy()
    first = TwoTurnExpectimax("t", 1, 2).choose(toy, {"step": 0}, 1, 3)
    assert TwoTurnExpectimax("t", 1, 2).choose(toy, {"step": 0}, 1, 3) == first
    rules, game, seat = first_choice_of_four_missions_seats()
    # on Missions a few sampled rolls a command, not every way weighed (the toys weigh every way): the same path, cheaper
    monkeypatch.setattr(greedy_expectimax, "MOST_WAYS", 1)
    monkeypatch.setattr(greedy_expectimax, "SAMPLED", 2)
    assert TwoTurnExpectimax("s").choose(rules, game.state, seat, game.version) in rules.legal_commands(game.state, seat)
    assert METHODS["expectimax"] is TwoTurnExpectimax


class GrabToy:
    """Seat 1 grabs (scored 0.7 at once) or holds (0.6); seat 2 then takes a grab back (0.4 off) or passes,
    and it is seat 1's turn again. The greedy bot grabs; scored at its next turn, after seat 2's greedy reply,
    holding is better."""

    def to_act(self, state):
        return [2] if state["step"] == 1 else [1]

    def legal_commands(self, state, seat):
        if state["step"] >= 2:
            return [{"type": "wait"}]
        return [[{"type": "grab"}, {"type": "hold"}], [{"type": "take"}, {"type": "pass"}]][state["step"]]

    def decide(self, state, seat, command, rng):
        return [{"played": command["type"]}]

    def evolve(self, state, fact):
        state = {**state, "step": state["step"] + 1}
        if state["step"] == 1:
            return {**state, "first": fact["played"]}
        return {**state, "taken": state.get("taken") or fact["played"] == "take"}

    def outcome(self, state):
        return None

    def determinize(self, state, seat, rng):
        return state

    def evaluate(self, state, seat):
        mine = {"grab": 0.7, "hold": 0.6}.get(state.get("first"), 0.5)
        if state.get("taken") and state.get("first") == "grab":
            mine -= 0.4
        return mine if seat == 1 else 1 - mine


def test_the_one_round_expectimax_scores_each_command_at_its_next_turn_after_the_greedy_replies():
    toy, start = GrabToy(), {"step": 0}
    assert GreedyBot("s").choose(toy, start, 1, 0) == {"type": "grab"}
    bot = OneRoundExpectimax("s", 2, 2)
    assert bot.choose(toy, start, 1, 0) == {"type": "hold"} and bot.departures == 1
    assert OneRoundExpectimax("s", 2, 2)._weighed(toy, start, 1, {"type": "grab"}, SimRng(random.Random(0))) == pytest.approx(0.3)


def test_the_one_round_expectimax_plays_a_legal_command_the_same_for_the_same_seed():
    assert METHODS["round-expectimax"] is OneRoundExpectimax
    rules, game, seat = first_choice_of_four_missions_seats()
    command = OneRoundExpectimax("s", 2).choose(rules, game.state, seat, game.version)
    assert command in rules.legal_commands(game.state, seat)
    assert OneRoundExpectimax("s", 2).choose(rules, game.state, seat, game.version) == command


class DieToy:
    """Seat 1 bets on a six (a win on a six) or low (a win on one or two), and a die decides at once."""

    def to_act(self, state):
        return [1]

    def legal_commands(self, state, seat):
        return [{"type": "six"}, {"type": "low"}]

    def decide(self, state, seat, command, rng):
        face = rng.randint(1, 6)
        return [{"won": face == 6 if command["type"] == "six" else face <= 2}]

    def evolve(self, state, fact):
        return {**state, **fact}

    def outcome(self, state):
        return SimpleNamespace(winners=[1] if state["won"] else [2]) if "won" in state else None

    def determinize(self, state, seat, rng):
        return state

    def evaluate(self, state, seat):
        return 0.5


def test_the_exact_look_weighs_every_roll_where_the_greedy_bot_averages_three():
    look, rng = ExactLook("s", 1, 2), SimRng(random.Random(0))
    assert look._weighed(DieToy(), {}, 1, {"type": "six"}, rng) == pytest.approx(1 / 6)
    assert look._weighed(DieToy(), {}, 1, {"type": "low"}, rng) == pytest.approx(2 / 6)
    assert look.choose(DieToy(), {}, 1, 0) == {"type": "low"}
    assert METHODS["exact-look"] is ExactLook and METHODS["greedy"] is GreedySeat
    assert ExactLook("s", 1, 2).choose(TwoTurnToy(), {"step": 0}, 1, 0) == {"type": "safe"}  # one command ahead, no further
