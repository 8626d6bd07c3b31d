"""Tables for Missions scenario tests: the default board right after setup, changed to fit the
scenario, a loaded rng, and a one-line helper to play a command::

    state = table(positions=[0, 3, 14], hands=[["Mug an old man"], [], []])
    facts, after = act(state, 1, {"type": "roll"}, rolls=[3])
"""

from __future__ import annotations

from scenarios import Loaded, act_with, kinds  # noqa: F401 - Loaded and kinds are the tests' too

from domain.games.missions import RULESET as RULES
from domain.games.missions.facts import TableSetUp, TurnStarted
from domain.games.missions.state import State

SEATS = ["Ann", "Ben", "Cy", "Dee"]
L1 = ["Vandalize a High School", "Mug an old man", "Steal from a grocery store", "Break a window"]
L2 = ["Carjack a sports car", "Hit & Run", "Launder money", "Rob a bank"]
L3 = ["Armed bank robbery", "Shoot a police officer", "Escape prison", "Cook meth"]
# the default board, clockwise from 0: S L1 P L2 L1 P L3, four times
START, POLICE, L1_SPACE, L2_SPACE, L3_SPACE = 0, 2, 1, 3, 6


def table(seats: int = 4, *, options=None, positions=None, hands=None, ranks=None, skips=None,
          mover: int = 1, first: int = 1, round_number: int = 1) -> State:
    """The board after setup with ``mover`` to roll; pieces, hands, ranks and skips as given."""
    state = RULES.new_state(seats, RULES.resolve_options(options or {}))
    state = RULES.evolve(state, TableSetUp(first=first, spaces=[0, 7, 14, 21][:seats], rank=state.options["start_rank"]))
    state = RULES.evolve(state, TurnStarted(seat=mover, round=round_number))
    state = state.copy()
    if positions is not None:
        state.positions = list(positions)
    if hands is not None:
        state.hands = [list(hand) for hand in hands]
        for hand in hands:
            for card in hand:
                for level, cards in state.unseen.items():
                    if card in cards:
                        cards.remove(card)
    if ranks is not None:
        state.ranks = list(ranks)
    if skips is not None:
        state.skips = list(skips)
    return state


def act(state: State, seat: int, command: dict, *outcomes):
    """Decide and apply one command with the given random outcomes; the facts and the state after."""
    return act_with(RULES, state, seat, command, *outcomes, every_outcome=False)
