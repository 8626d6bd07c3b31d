"""Tic-tac-toe, Connect Four and Breakthrough written as kits (``kits/*.yaml``) against OpenSpiel's own games,
an outside implementation: at every step of 300 random games each (60 in the default stage, the 300 in the slow
one: ``game_counts``), the seat to act and its legal commands
correspond one to one to OpenSpiel's player and legal actions under the mapping written beside each game,
and both games end at the same step with the same winners (none for a draw).

The mappings: Tic-tac-toe's ``x(r,c)`` is the square in column ``c`` (a, b, c) and row ``r + 1``; Connect
Four's ``x3`` is the one open space of column ``d`` (the kit names the space a disc comes to rest on);
Breakthrough's ``a7a6`` (``*`` marking a capture) moves from a7 to a6, ``advance`` straight ahead, ``slant``
diagonally. OpenSpiel's player 0 is seat 1 (X, the first disc, Black)."""

from __future__ import annotations

import random

import pyspiel  # open-spiel, in the test extras
import pytest
from game_counts import counts

from domain.engine import registry
from domain.engine.randomness import TableRng
from domain.games.table_kit.rules import shipped_kit

RULES = registry.get("table-kit")
GAMES = 300


def tic_tac_toe(text: str, legal: list[dict]) -> dict:
    row, column = int(text[2]), int(text[4])
    return {"type": "act", "action": "mark", "to": f"{'abc'[column]}{row + 1}"}


def connect_four(text: str, legal: list[dict]) -> dict:
    column = "abcdefg"[int(text[1:])]
    (found,) = [command for command in legal if command["to"][0] == column]
    return found


def breakthrough(text: str, legal: list[dict]) -> dict:
    origin, to = text[:2], text[2:4]
    return {"type": "act", "action": "advance" if origin[0] == to[0] else "slant", "from": origin, "to": to}


CASES = {"tic-tac-toe": ("tic_tac_toe", tic_tac_toe), "connect-four": ("connect_four", connect_four),
         "breakthrough": ("breakthrough", breakthrough)}


def kit_table(kit: str):
    state = RULES.new_state(2, RULES.resolve_options({"kit": shipped_kit(kit)}))
    for fact in RULES.setup(state, TableRng()):
        state = RULES.evolve(state, fact)
    return state


def key(command: dict) -> tuple:
    return tuple(sorted(command.items()))


@pytest.mark.parametrize("games", counts(60, GAMES))
@pytest.mark.parametrize("kit", sorted(CASES))
def test_a_board_game_as_a_kit_plays_as_openspiels_step_by_step(kit, games):
    name, mapping = CASES[kit]
    game = pyspiel.load_game(name)
    steps, ends = 0, {"won": 0, "drawn": 0}
    for number in range(games):
        choose = random.Random(number)
        theirs, ours = game.new_initial_state(), kit_table(kit)
        while not theirs.is_terminal():
            seat = theirs.current_player() + 1
            assert RULES.to_act(ours) == [seat], (number, steps)
            legal = RULES.legal_commands(ours, seat)
            mapped = {theirs.action_to_string(action): action for action in theirs.legal_actions()}
            commands = {text: mapping(text, legal) for text in mapped}
            assert sorted(map(key, commands.values())) == sorted(map(key, legal)), (number, steps)
            text = choose.choice(sorted(mapped))
            theirs.apply_action(mapped[text])
            for fact in RULES.decide(ours, seat, commands[text], TableRng()):
                ours = RULES.evolve(ours, fact)
            steps += 1
            assert (RULES.outcome(ours) is None) == (not theirs.is_terminal()), (number, steps)
        returns = theirs.returns()
        winners = [player + 1 for player, value in enumerate(returns) if value > 0]
        assert RULES.outcome(ours).winners == winners and not RULES.outcome(ours).at_limit, number
        ends["won" if winners else "drawn"] += 1
    assert steps > games * 5 and ends["won"] > 0  # games long enough, and wins among them, to mean something
