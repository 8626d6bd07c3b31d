"""Snakes and Ladders written as a kit with rules (``kits/snakes-and-ladders-with-rules.yaml``) against a model
of its rule text written here in a few lines: over 200 games of 2 to 6 players, each die roll told to both,
every pawn stands where the text puts it after every roll (the start, a roll of 1 reaching square 1; a
ladder's foot to its top; a snake's head to its tail; a roll past 100 leaving the pawn where it is), a 6
gives another turn, and the same seat wins on reaching 100."""

from __future__ import annotations

import random

import pytest

from domain.engine import registry
from domain.engine.randomness import TableRng
from domain.games.table_kit.rules import shipped_kit

RULES = registry.get("table-kit")
KIT = shipped_kit("snakes-and-ladders-with-rules")
LINKS = {link["from"]: link["to"] for link in KIT["spaces"][1]["links"]}


def model_roll(squares: dict[int, int], seat: int, die: int) -> tuple[int, bool]:
    """The rule text's move: the seat's new square (0: the start), and whether it takes another turn."""
    target = squares[seat] + die
    if target <= 100:
        squares[seat] = LINKS.get(target, target)
    return squares[seat], die == 6


@pytest.mark.parametrize("seats", [2, 3, 6])
def test_snakes_and_ladders_as_a_kit_moves_every_pawn_as_its_rule_text_says(seats):
    games = {2: 100, 3: 60, 6: 40}[seats]
    rolls = 0
    for number in range(games):
        choose = random.Random(f"{seats}:{number}")
        state = RULES.new_state(seats, RULES.resolve_options({"kit": KIT}))
        for fact in RULES.setup(state, TableRng()):
            state = RULES.evolve(state, fact)
        squares, seat = dict.fromkeys(range(1, seats + 1), 0), 1
        while RULES.outcome(state) is None:
            assert RULES.to_act(state) == [seat] and RULES.legal_commands(state, seat) == [{"type": "act", "action": "roll"}]
            die = choose.randint(1, 6)
            for fact in RULES.decide(state, seat, {"type": "act", "action": "roll"}, TableRng([die])):
                state = RULES.evolve(state, fact)
            square, again = model_roll(squares, seat, die)
            assert state.pieces[f"pawn-{seat}"] == (str(square) if square else "start"), (number, rolls)
            rolls += 1
            if square == 100:
                assert RULES.outcome(state).winners == [seat] and RULES.outcome(state).reason == "reached square 100"
                break
            seat = seat if again else seat % seats + 1
        assert RULES.outcome(state) is not None
    assert rolls > games * 20
