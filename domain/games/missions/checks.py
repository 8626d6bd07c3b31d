"""What the rules allow at a moment of the game: where a roll may take a piece, who may be robbed,
which window a landing opens. Pure questions about a state, asked by ``play.py`` (to decide) and
``evolve.py`` (to set the phase after a landing), and by ``rules.py`` (to list legal commands)."""

from __future__ import annotations

from domain.games.missions.board import step
from domain.games.missions.state import State


def destinations(state: State, seat: int, face: int) -> dict[str, int]:
    """The directions the roll may be moved in, each with the space it ends on: a piece may pass any
    space but may not end on one that already holds ``max_per_space`` pieces."""
    directions = ("cw", "ccw") if state.options["movement"] == "choose" else ("cw",)
    start = state.positions[seat - 1]
    ends = {direction: step(start, face, direction, len(state.spaces)) for direction in directions}
    return {
        direction: end for direction, end in ends.items()
        if len(state.pieces_on(end, besides=seat)) < state.options["max_per_space"]
    }


def rob_targets(state: State, seat: int) -> list[int]:
    """The players the mover may rob where they stand: others on the same space, not a police space
    (it protects them), both sides holding a card to trade; none unless robbing is played."""
    if state.options["landing_on_player"] != "rob" or not state.hands[seat - 1]:
        return []
    space = state.positions[seat - 1]
    if state.spaces[space] == "police":
        return []
    return [other for other in state.pieces_on(space, besides=seat) if state.hands[other - 1]]


def landing_phase(state: State, seat: int) -> str:
    """The window a piece's landing opens: ``rob`` (the mover may rob), ``snitch`` (a police space:
    the mover may snitch) or ``landed`` (the space's effect follows at once)."""
    if rob_targets(state, seat):
        return "rob"
    if state.spaces[state.positions[seat - 1]] == "police" and state.options["police"] == "snitch":
        return "snitch"
    return "landed"


def chooser(state: State) -> int:
    """Who names the card a player must give up: that player, or, snitched on with ``lost_card:
    snitch-chooses``, the snitch (ruling 17)."""
    if state.demand_reason == "snitched" and state.options.get("lost_card") == "snitch-chooses":
        return state.mover
    return state.demanded
