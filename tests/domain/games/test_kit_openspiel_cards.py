"""Kuhn poker written as a kit (``kits/kuhn-poker.yaml``) against OpenSpiel's own, an outside implementation:
in each of 300 random games the deal is OpenSpiel's chance outcomes told to the kit game as a table tells
them (outcome 0, 1, 2 is the Jack, Queen, King, player 0's card first), and at every step the seat to act
and its legal commands correspond one to one to OpenSpiel's player and legal actions (Pass ↔ pass, Bet ↔
bet); both games end at the same step, the same seat wins, and it wins what the loser put in the pot."""

from __future__ import annotations

import random

import pyspiel  # open-spiel, in the test extras

from domain.engine import registry
from domain.engine.randomness import TableRng
from domain.games.table_kit.rules import shipped_kit

RULES = registry.get("table-kit")
CARDS = ["Jack", "Queen", "King"]
ACTIONS = {"Pass": "pass", "Bet": "bet"}


def test_kuhn_poker_as_a_kit_plays_as_openspiels_step_by_step():
    game = pyspiel.load_game("kuhn_poker")
    steps, showdowns = 0, 0
    for number in range(300):
        choose = random.Random(number)
        theirs = game.new_initial_state()
        dealt = []
        while theirs.is_chance_node():
            outcome = choose.choice([outcome for outcome, _ in theirs.chance_outcomes()])
            theirs.apply_action(outcome)
            dealt.append(CARDS[outcome])
        ours = RULES.new_state(2, RULES.resolve_options({"kit": shipped_kit("kuhn-poker")}))
        for fact in RULES.setup(ours, TableRng(dealt)):
            ours = RULES.evolve(ours, fact)
        assert [ours.zones[f"hand:{seat}"]["cards"][0]["card"] for seat in (1, 2)] == dealt
        while not theirs.is_terminal():
            seat = theirs.current_player() + 1
            assert RULES.to_act(ours) == [seat], (number, steps)
            legal = {ACTIONS[theirs.action_to_string(action)]: action for action in theirs.legal_actions()}
            assert sorted(command["action"] for command in RULES.legal_commands(ours, seat)) == sorted(legal)
            action = choose.choice(sorted(legal))
            theirs.apply_action(legal[action])
            for fact in RULES.decide(ours, seat, {"type": "act", "action": action}, TableRng()):
                ours = RULES.evolve(ours, fact)
            steps += 1
            assert (RULES.outcome(ours) is None) == (not theirs.is_terminal()), (number, steps)
        returns = theirs.returns()
        (winner,) = RULES.outcome(ours).winners
        assert returns[winner - 1] > 0, number
        assert returns[winner - 1] == ours.counters[f"chips:{3 - winner}"], number  # the loser's chips in the pot
        showdowns += "showdown" in RULES.outcome(ours).reason
    assert steps > 300 * 2 and 0 < showdowns < 300
