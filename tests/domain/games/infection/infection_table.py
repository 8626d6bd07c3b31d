"""Tables for Infection scenario tests: a state right after setup with the tiles a scenario names
face down (by default all 25, ``PLACEMENT``), changed to fit the scenario, and one-line helpers to
play a command on it.

``table()`` has Blue 1 (seat 1) on turn in round 1, every villager on its starting square (b1, d1,
b7, d7) with 3 HP, full hands::

    state = table(tiles={"c3": "virus"})
    put(state, 1, 1, "c2")
    facts, after = act(state, 1, {"type": "move", "to": "c3"})

Under rules v2 no tile has a place until it is turned over: ``table(tiles=...)`` lays face down, in
each region, the tiles the scenario names there, so a region where the scenario names one tile
turns that tile over, and ``act(..., turned=["virus"])`` says, as the people at a table would, which
tile is turned over where the region holds several kinds. ``table(..., rules=V1)`` lays the tiles in
their places, as rules v1 did.
"""

from __future__ import annotations

import pytest

from domain.engine.errors import IllegalCommand
from domain.engine.randomness import TableRng
from domain.games.infection import EARLIER
from domain.games.infection import RULESET as RULES
from domain.games.infection.board import TILE_SQUARES, region_of
from domain.games.infection.facts import TilesLaid, TilesPlaced, TurnStarted
from domain.games.infection.play import ORDER
from domain.games.infection.state import FACE_DOWN, State

V1 = EARLIER[0]
"""Rules v1: the tiles shuffled into their places at setup."""

BLUE_SIDE = ["cure", "virus", "virus", "virus", "virus", "recover", "recover", "generosity", "disarm", "contagion"]
MIDDLE_ROW = ["cure", "virus", "virus", "generosity", "contagion"]
RED_SIDE = ["virus", "virus", "virus", "virus", "recover", "recover", "generosity", "disarm", "contagion", "cure"]
PLACEMENT = BLUE_SIDE + MIDDLE_ROW + RED_SIDE
"""a2 cure, b2-e2 viruses, a3-b3 recovers, c3 generosity, d3 disarm, e3 contagion; a4 cure, b4-c4
viruses, d4 generosity, e4 contagion; a5-d5 viruses, e5-a6 recovers, b6 generosity, c6 disarm, d6
contagion, e6 cure."""


def table(*, tiles: dict[str, str] | None = None, current: int = 1, villager: int = 1, round_limit: int = 25,
          cannot_move: bool = False, cannot_use_weapon: bool = False, rules=RULES, options=None) -> State:
    """The table after setup with ``PLACEMENT`` (or exactly ``tiles``) face down, ``current``'s
    ``villager`` on turn in round 1 with the debuffs given. Under rules v2 the tiles of each region lie
    face down unplaced; under ``rules=V1`` each lies on its square. ``options``: the game's other
    options (``{"enemy_village": "open"}``)."""
    assert len(PLACEMENT) == len(TILE_SQUARES)
    laid = dict(zip(TILE_SQUARES, PLACEMENT)) if tiles is None else dict(tiles)
    state = rules.new_state(2, rules.resolve_options({"round_limit": round_limit, **(options or {})}))
    if rules.version == 1:
        state = rules.evolve(state, TilesPlaced(placement=list(PLACEMENT)))
        state.tiles = laid
    else:
        regions: dict[str, dict[str, int]] = {"blue": {}, "middle": {}, "red": {}}
        for square, tile in laid.items():
            regions[region_of(square)][tile] = regions[region_of(square)].get(tile, 0) + 1
        state = rules.evolve(state, TilesLaid(regions=regions))
        state.tiles = dict.fromkeys(laid, FACE_DOWN)
    state = rules.evolve(state, TurnStarted(seat=current, villager=villager, round=1, cannot_move=cannot_move,
                                            cannot_use_weapon=cannot_use_weapon))
    state.turns = ORDER.index((current, villager)) + 1
    return state


def put(state: State, seat: int, number: int, square: str, **changes) -> None:
    """Place a villager (and change its HP, cure, debuffs)."""
    state.member(seat, number).update(square=square, **changes)


def hand(state: State, seat: int, **counts: int) -> None:
    """Set some cards of a player: ``hand(state, 1, move=0)`` puts every Move & Pick-up among the played."""
    side = state.side(seat)
    for card, count in counts.items():
        total = side["hand"][card] + side["played"][card]
        side["hand"][card], side["played"][card] = count, total - count


def face_down(state: State) -> dict[str, str]:
    """The face-down tiles by square, as the scenario laid them: under rules v2, on each square the
    one kind of tile left face down in its region (a scenario naming one tile a region)."""
    if not state.chosen_when_turned:
        return dict(state.tiles)
    left = state.left_face_down()
    assert all(len(left[region_of(square)]) == 1 for square in state.tiles), "a region holds several kinds of tile"
    return {square: next(iter(left[region_of(square)])) for square in state.tiles}


def act(state: State, seat: int, command: dict, turned: list[str] | tuple[str, ...] = ()):
    """Decide and apply one command; returns (facts, new state). The command must be listed as legal.
    ``turned``: the tile the table says is turned over, where its region holds several kinds."""
    RULES.check_command(command)
    assert seat in RULES.to_act(state), f"seat {seat} is not asked to act"
    assert command in RULES.legal_commands(state, seat), f"{command} is not listed as legal"
    facts = RULES.decide(state, seat, command, TableRng(turned))
    for fact in facts:
        state = RULES.evolve(state, fact)
    return facts, state


def refused(state: State, seat: int, command: dict) -> str:
    """The reason a command is refused (failing the test if it is accepted); checks it is not listed as legal."""
    RULES.check_command(command)
    with pytest.raises(IllegalCommand) as refusal:
        RULES.decide(state, seat, command, TableRng())
    assert command not in RULES.legal_commands(state, seat)
    return str(refusal.value)


def of_type(facts, kind):
    """The facts of one type, in order."""
    return [fact for fact in facts if isinstance(fact, kind)]


def legal(state: State, seat: int, kind: str) -> list[dict]:
    """The legal commands of one type."""
    return [c for c in RULES.legal_commands(state, seat) if c["type"] == kind]


def to_next_turn(state: State, seat: int) -> State:
    """Spend the seat's turn on a reset."""
    _, state = act(state, seat, {"type": "reset"})
    return state
