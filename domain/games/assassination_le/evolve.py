"""How each fact of The Assassination Game Le changes the table: a new state from the old and the fact."""

from __future__ import annotations

from domain.engine.facts import Fact
from domain.games.assassination_le.board import SAFE_HOUSE
from domain.games.assassination_le.facts import (
    BaseTouched,
    DieRolled,
    PawnMoved,
    TableSetUp,
    TurnLost,
    VictimCaptured,
)
from domain.games.assassination_le.state import State


def apply(state: State, fact: Fact) -> State:
    """The state after ``fact``: a new state; the given one is not changed."""
    new = state.copy()
    if isinstance(fact, TableSetUp):
        new.bases = list(fact.bases)
        new.squares = list(fact.squares)
        new.coins = [[] for _ in range(new.seat_count)]
        new.small_victories = [0] * new.seat_count
        new.victim = new.mover = new.last_assassin = fact.victim
        if new.opens == "assassin":
            new.mover = new.next_assassin()
        new.phase = "roll"
    elif isinstance(fact, DieRolled):
        new.rolled = fact.face
        new.phase = "reroll" if fact.face == 0 and fact.seat == new.victim else "move"
    elif isinstance(fact, TurnLost):
        _end_turn(new)
    elif isinstance(fact, PawnMoved):
        new.squares[fact.seat - 1] = fact.path[-1]
        if fact.seat == new.victim:
            new.left_safe_house = True
        _end_turn(new)
    elif isinstance(fact, BaseTouched):
        new.coins[fact.seat - 1].append(fact.base)
        if set(new.bases) <= set(new.coins[fact.seat - 1]):
            new.phase, new.mover = "over", 0
    elif isinstance(fact, VictimCaptured):
        for base in fact.coins_removed:
            new.coins[fact.victim - 1].remove(base)
        new.small_victories[fact.assassin - 1] += 1
        new.victim = new.mover = new.last_assassin = fact.assassin
        new.assassins_moved = 0
        new.squares[fact.assassin - 1] = SAFE_HOUSE
        new.left_safe_house = False
        new.phase, new.rolled = "roll", 0
    return new


def _end_turn(state: State) -> None:
    """Pass the turn: after the victim comes the next assassin in seat order, after an assassin the victim
    (under ``victim_turns="after-both-assassins"``, the other assassin first)."""
    if state.mover == state.victim:
        state.mover = state.next_assassin()
    elif state.victim_turns == "after-both-assassins":
        state.last_assassin = state.mover
        state.assassins_moved += 1
        state.mover = state.next_assassin() if state.assassins_moved < len(state.assassins()) else state.victim
        if state.mover == state.victim:
            state.assassins_moved = 0
    else:
        state.last_assassin = state.mover
        state.mover = state.victim
    state.phase, state.rolled = "roll", 0
    state.turn += 1
