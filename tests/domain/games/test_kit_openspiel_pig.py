"""Pig written as a kit (``kits/pig.yaml``) against OpenSpiel's own Pig, an outside implementation: at every
step of 300 random games the seat to act and its legal commands correspond to OpenSpiel's player and legal
actions (roll ↔ roll, stop ↔ hold), each die roll is OpenSpiel's chance outcome told to the kit game as a
table tells it (outcome k is the face k + 1), and both games end at the same step with the same winner.
The target is 30 (OpenSpiel's ``winscore``) so that random games end well inside both limits."""

from __future__ import annotations

import random

import pyspiel  # open-spiel, in the test extras
import pytest

from domain.engine import registry
from domain.engine.randomness import TableRng
from domain.games.table_kit.rules import shipped_kit

RULES = registry.get("table-kit")
TARGET = 30
ACTIONS = {"roll": "roll", "stop": "hold"}
"""OpenSpiel's action (its string) → the kit's action."""


def kit_table():
    options = RULES.resolve_options({"kit": shipped_kit("pig"), "parameters": {"target": TARGET, "turns": 10_000}})
    state = RULES.new_state(2, options)
    for fact in RULES.setup(state, TableRng()):
        state = RULES.evolve(state, fact)
    return state


def act(state, seat, action, outcomes):
    for fact in RULES.decide(state, seat, {"type": "act", "action": action}, TableRng(outcomes)):
        state = RULES.evolve(state, fact)
    return state


@pytest.mark.parametrize("batch", range(3))
def test_pig_as_a_kit_plays_as_openspiels_pig_step_by_step(batch):
    game = pyspiel.load_game("pig", {"players": 2, "winscore": TARGET, "horizon": 100_000})
    steps = 0
    for number in range(100 * batch, 100 * (batch + 1)):
        choose = random.Random(number)
        theirs, ours = game.new_initial_state(), kit_table()
        while not theirs.is_terminal():
            seat = theirs.current_player() + 1
            assert RULES.to_act(ours) == [seat], (number, steps)
            legal = {ACTIONS[theirs.action_to_string(action)]: action for action in theirs.legal_actions()}
            assert sorted(command["action"] for command in RULES.legal_commands(ours, seat)) == sorted(legal), (number, steps)
            action = choose.choice(sorted(legal))
            theirs.apply_action(legal[action])
            outcomes = []
            if theirs.is_chance_node():
                outcome = choose.choice([outcome for outcome, _ in theirs.chance_outcomes()])
                theirs.apply_action(outcome)
                outcomes = [outcome + 1]
            ours = act(ours, seat, action, outcomes)
            steps += 1
            assert (RULES.outcome(ours) is None) == (not theirs.is_terminal()), (number, steps)
        returns = theirs.returns()
        assert RULES.outcome(ours).winners == [returns.index(max(returns)) + 1] and not RULES.outcome(ours).at_limit
    assert steps > 100 * 20  # long enough games to mean something
