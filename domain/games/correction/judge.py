"""How near a seat of Correction stands to winning, for bots (``Correction.evaluate``).

A piece wins by landing on the other player's spawn row, so a side's strength is mostly how far its
pieces have come toward that row, counted more the nearer they are (a piece one row short is worth
several on the home row), with a little for each piece on the board and for Denial Tokens in hand
(three of them buy a banishment, the only answer to a winning move: no token goes on a spawn row).
A captured piece goes back to its owner's supply and loses the way it had come, so a piece the side on
turn can capture counts partly for that side already, and less for its owner.

The threats decide first: a piece that can land on the far row with its next move wins unless the
other player banishes it, and they can banish one piece for every three tokens they hold. When the
side on turn has more such threats than the other side can banish, it has all but won. Otherwise the
two sides' strengths are compared through a logistic curve, the threats counting extra.
"""

from __future__ import annotations

import math

from domain.games.correction.board import HOME_RANK, SIZE, TARGETS, coords
from domain.games.correction.checks import BANISH_COST, movers
from domain.games.correction.state import State

ADVANCE_WORTH = (0.25, 0.35, 0.5, 0.75, 1.2)
"""A piece's worth by the rows it has come from its home row (0 to 4; 5 is the far row, a win)."""
TOKEN_WORTH = 0.12
BANISH_WORTH = 0.25
"""Extra for holding the three tokens of a banishment."""
THREAT_WORTH = 0.8
"""Extra for each piece that can land on the far row next move, when it is not decisive."""
EXPOSED_LOSS = 0.6
"""How much of a piece's worth is at stake when the other side, on turn, can capture it."""
CAPTURE_GAIN = 0.4
"""How much of the best capture the side on turn can make counts for it already."""
SPREAD = 1.6
"""How sharply the logistic curve turns a difference of strengths into a standing."""
DECIDED = 0.9
"""The least standing of a side that will win with its move unless the other side does the unexpected
(the strengths still rank such positions, above it; the other side's below ``1 - DECIDED``)."""


def advance(state: State, seat: int, square: str) -> int:
    """Rows the seat's piece on ``square`` has come from its home row."""
    rank = coords(square)[1]
    return abs(rank - HOME_RANK[state.number(seat)])


def winning_moves(state: State, seat: int, squares: list[str] | None = None) -> int:
    """How many of the seat's pieces (those on ``squares``, else all) could land on the far row now,
    by their reach alone: onto an empty square they may move to, or an opposing piece they may
    capture, a spearman's spear over an empty square unless it reaches past pieces (the option
    ``spear_past_pieces``; no token ever lies on a spawn row)."""
    player = state.number(seat)
    goal = HOME_RANK[3 - player]
    pieces = state.pieces
    blocking = state.spear_past_pieces != "reaches"
    count = 0
    for square, piece in pieces.items():
        if piece["seat"] != seat or (squares is not None and square not in squares):
            continue
        if abs(coords(square)[1] - goal) > 2:
            continue
        for target in TARGETS[(piece["kind"], square, player)]:
            if coords(target.square)[1] != goal:
                continue
            occupant = pieces.get(target.square)
            if occupant is None:
                reachable = target.move
            else:
                reachable = occupant["seat"] != seat and target.capture
            if reachable and not (blocking and any(s in pieces for s in target.between)):
                count += 1
                break
    return count


def attacked(state: State, seat: int) -> set[str]:
    """The squares of the other seat's pieces that the seat's pieces could capture on a move (a piece
    on a Denial Token only by a pawn, unless the option ``capture_on_token`` lets any piece)."""
    player = state.number(seat)
    pieces = state.pieces
    tokens = {} if state.capture_on_token == "any-piece" else state.tokens
    blocking = state.spear_past_pieces != "reaches"
    found: set[str] = set()
    for square, piece in pieces.items():
        if piece["seat"] != seat:
            continue
        kind = piece["kind"]
        for target in TARGETS[(kind, square, player)]:
            occupant = pieces.get(target.square)
            if (occupant is not None and occupant["seat"] != seat and target.capture
                    and not (kind != "pawn" and target.square in tokens)
                    and not (blocking and any(s in pieces for s in target.between))):
                found.add(target.square)
    return found


def worth(state: State, seat: int, square: str) -> float:
    return ADVANCE_WORTH[min(advance(state, seat, square), SIZE - 2)]


def strength(state: State, seat: int, exposed: set[str], on_turn: bool) -> float:
    """The seat's pieces by how far they have come (those the other side may capture next discounted
    when it is the other side's turn), and its tokens."""
    total = 0.0
    for square, piece in state.pieces.items():
        if piece["seat"] == seat:
            total += worth(state, seat, square) * (1.0 if on_turn or square not in exposed else 1 - EXPOSED_LOSS)
    held = state.denial[seat - 1]
    return total + TOKEN_WORTH * held + (BANISH_WORTH if held >= BANISH_COST else 0.0)


def evaluate(state: State, seat: int) -> float:
    """The seat's standing in [0, 1] while the game goes on."""
    other = state.opponent(seat)
    on_turn = state.current
    waiting = 3 - on_turn
    if state.declared is not None:
        threats_on_turn = 1 if _wins(state, on_turn, state.declared["to"]) else 0
    else:
        threats_on_turn = winning_moves(state, on_turn, movers(state, on_turn))
    threats = {on_turn: threats_on_turn, waiting: winning_moves(state, waiting)}
    exposed = {on_turn: attacked(state, waiting), waiting: attacked(state, on_turn)}
    scores = {s: strength(state, s, exposed[s], s == on_turn) for s in (on_turn, waiting)}
    prey = [worth(state, waiting, square) for square in exposed[waiting]]
    scores[on_turn] += CAPTURE_GAIN * max(prey, default=0.0)
    difference = scores[seat] - scores[other] + THREAT_WORTH * (threats[seat] - threats[other])
    standing = 1 / (1 + math.exp(-SPREAD * difference))
    if threats_on_turn > state.denial[waiting - 1] // BANISH_COST:
        return DECIDED + (1 - DECIDED) * standing if on_turn == seat else (1 - DECIDED) * standing
    return standing


def _wins(state: State, seat: int, square: str) -> bool:
    """Whether a move of the seat's to ``square`` lands on the far row."""
    return coords(square)[1] == HOME_RANK[3 - state.number(seat)]
