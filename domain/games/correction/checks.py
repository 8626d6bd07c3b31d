"""Why a command is refused, and what may be played now. Each ``*_problem`` returns the rule's reason
in words, or ``None`` when the command may be played; ``legal_commands`` and ``decide`` share them
(and ``destinations``) so they never disagree.
"""

from __future__ import annotations

from typing import Any

from domain.games.correction.board import (
    KINDS,
    REACH,
    SQUARES,
    TARGETS,
    Target,
    home_row,
    kind_of,
    offset_between,
    on_a_spawn_row,
)
from domain.games.correction.state import State, in_order

SPAWNS_PER_TURN = 2
DENY_COST = 1
BANISH_COST = 3


# -- moving --------------------------------------------------------------------------------------


def entry_problem(state: State, kind: str, square: str) -> str | None:
    """Whether a Denial Token keeps a piece of this kind out of the square (called once the square is
    known to be empty or to hold an opposing piece)."""
    placed = state.tokens.get(square)
    if placed is None:
        return None
    if placed == state.turn:
        return f"the Denial Token placed on {square} this turn blocks every move into it until the turn ends"
    if kind != "pawn" and not (square in state.pieces and state.capture_on_token == "any-piece"):
        return f"a {kind} never moves onto a Denial Token ({square}): only a pawn may, recovering it"
    return None


def spear_blocked(state: State, target: Target) -> list[str]:
    """The pieces on the squares a line capture passes over, when they stop it (ruling 5)."""
    if not target.between or state.spear_past_pieces == "reaches":
        return []
    return [s for s in target.between if s in state.pieces]


def _lands(state: State, seat: int, kind: str, target: Target) -> bool:
    occupant = state.pieces.get(target.square)
    if occupant is None:
        if not target.move:
            return False
    elif occupant["seat"] == seat or not target.capture:
        return False
    if spear_blocked(state, target):
        return False
    return entry_problem(state, kind, target.square) is None


def destinations(state: State, square: str) -> list[str]:
    """Every square the piece on ``square`` may move to now, a1 to f6 (its movement rules, tokens)."""
    piece = state.pieces[square]
    seat, kind = piece["seat"], piece["kind"]
    return [t.square for t in TARGETS[(kind, square, state.number(seat))] if _lands(state, seat, kind, t)]


def movers(state: State, seat: int) -> list[str]:
    """The squares of the pieces the seat may move now, a1 to f6: the denied piece alone while it has
    a move; else the pieces spawned this turn once one of them has moved; else any piece not moved."""
    if state.phase not in ("spawn", "move") or state.current != seat or state.mode == "single":
        return []
    squares = [
        square for square in SQUARES
        if (piece := state.pieces.get(square)) is not None and piece["seat"] == seat and piece["piece"] not in state.moved
        and (state.mode != "spawned" or piece["piece"] in state.spawned)
    ]
    if state.forced:
        forced = state.square_of(seat, state.forced)
        if forced in squares and destinations(state, forced):
            return [forced]
    return squares


def legal_moves(state: State, seat: int) -> list[tuple[str, str]]:
    return [(start, to) for start in movers(state, seat) for to in destinations(state, start)]


def move_problem(state: State, seat: int, start: str, to: str) -> str | None:
    piece = state.pieces.get(start)
    if piece is None or piece["seat"] != seat:
        return f"you have no piece on {start}"
    kind = piece["kind"]
    if state.mode == "single":
        return "you have made your move this turn"
    if piece["piece"] in state.moved:
        return f"your {kind} on {start} has moved this turn already"
    if state.mode == "spawned" and piece["piece"] not in state.spawned:
        spawned = ", ".join(s for s in SQUARES if s in state.pieces and state.pieces[s]["seat"] == seat
                            and state.pieces[s]["piece"] in state.spawned and state.pieces[s]["piece"] not in state.moved)
        return f"you are moving the pieces you spawned this turn ({spawned}): the {kind} on {start} was not spawned this turn"
    if state.forced and piece["piece"] != state.forced:
        forced = state.square_of(seat, state.forced)
        if forced is not None and (left := destinations(state, forced)):
            return (f"your move with the {kind_of(state.forced)} on {forced} was denied: it must make a different move "
                    f"({', '.join(left)}) before another piece may move")
    return reach_problem(state, seat, start, to)


def reach_problem(state: State, seat: int, start: str, to: str) -> str | None:
    """Whether the piece on ``start`` may go to ``to`` by its movement rules and the tokens."""
    kind = state.pieces[start]["kind"]
    rule = REACH[kind].rule
    player = state.number(seat)
    target = next((t for t in TARGETS[(kind, start, player)] if t.square == to), None)
    if target is None:
        if start != to and offset_between(start, to, player)[1] < 0:
            return f"pieces never move backward: {to} is behind your {kind} on {start}"
        return f"your {kind} on {start} cannot reach {to}: {rule}"
    occupant = state.pieces.get(to)
    if occupant is not None and occupant["seat"] == seat:
        return f"{to} holds your own {occupant['kind']}"
    if occupant is None and not target.move:
        return f"your {kind} may go to {to} only to capture, and {to} is empty: {rule}"
    if occupant is not None and not target.capture:
        return f"your {kind} cannot capture on {to}: {rule}"
    blocking = spear_blocked(state, target)
    if blocking:
        return f"the spearman cannot reach {to} past the piece on {blocking[0]}"
    return entry_problem(state, kind, to)


# -- spawning ------------------------------------------------------------------------------------


def spawn_problem(state: State, seat: int, kind: str, square: str) -> str | None:
    if state.phase != "spawn":
        return "spawning comes before moving: you have declared a move this turn"
    if len(state.spawned) >= SPAWNS_PER_TURN:
        return f"at most {SPAWNS_PER_TURN} pieces are spawned a turn"
    home = home_row(state.number(seat))
    if square not in home:
        return f"pieces are spawned on your home row, rank {home[0][1]}: {square} is not on it"
    if square in state.pieces:
        return f"{square} is taken by a {state.pieces[square]['kind']}"
    if not any(kind_of(p) == kind for p in state.supply[seat - 1]):
        if any(kind_of(p) == kind for p in state.resting[seat - 1]):
            which = "every pawn you have off the board is" if kind == "pawn" else f"your {kind} is"
            return (f"{which} laid down, captured on the previous turn (or banished on your last one): "
                    "it stands up after this spawn phase")
        if kind == "pawn":
            return "all your pawns are on the board: each player has four"
        return f"your {kind} is on the board: each player has one"
    return None


def spawns(state: State, seat: int) -> list[dict[str, Any]]:
    """Every legal spawn command, by kind then square."""
    if state.phase != "spawn" or state.current != seat or len(state.spawned) >= SPAWNS_PER_TURN:
        return []
    free = [s for s in home_row(state.number(seat)) if s not in state.pieces]
    kinds = [k for k in KINDS if any(kind_of(p) == k for p in state.supply[seat - 1])]
    return [{"type": "spawn", "piece": kind, "square": square} for kind in kinds for square in free]


def has_command(state: State, seat: int) -> bool:
    """Whether the seat on turn has anything to do: a spawn or a move."""
    return bool(spawns(state, seat)) or any(destinations(state, s) for s in movers(state, seat))


def could_act_on_a_later_turn(state: State, seat: int) -> bool:
    """Whether the seat would have a spawn or a move on a turn of its own, its laid-down pieces stood
    up and this turn's tokens no longer new: when neither seat would, the game cannot go on."""
    later = state.copy()
    later.phase, later.current, later.turn = "spawn", seat, state.turn + 1
    later.spawned, later.moved, later.mode, later.forced, later.declared = [], [], "", "", None
    index = seat - 1
    later.supply[index] = in_order(later.supply[index] + later.resting[index])
    later.resting[index] = []
    return has_command(later, seat)


# -- answering a declared move -------------------------------------------------------------------


def deny_problem(state: State, seat: int) -> str | None:
    assert state.declared is not None
    to = state.declared["to"]
    if state.denial[seat - 1] < DENY_COST:
        return "you have no Denial Token to place"
    if on_a_spawn_row(to):
        return f"a Denial Token cannot be placed on a spawn row: {to} is on one"
    if to in state.tokens:
        return f"{to} holds a Denial Token already"
    if to in state.pieces and state.deny_capture == "banish-only":
        return f"a capture cannot be denied: a Denial Token goes only on an empty square ({to} holds a piece); banish instead"
    return None


def banish_problem(state: State, seat: int) -> str | None:
    held = state.denial[seat - 1]
    if held < BANISH_COST:
        return f"banishing the moving piece costs {BANISH_COST} Denial Tokens: you have {held}"
    return None


def can_answer(state: State, seat: int, to: str) -> bool:
    """Whether the seat could deny or banish a move to ``to``: only then is it asked."""
    held = state.denial[seat - 1]
    if held >= BANISH_COST:
        return True
    deniable = not on_a_spawn_row(to) and to not in state.tokens
    return held >= DENY_COST and deniable and (state.deny_capture != "banish-only" or to not in state.pieces)
