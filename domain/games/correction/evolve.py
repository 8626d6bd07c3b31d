"""Applying facts: ``apply(state, fact)`` returns the state after the fact, the given one untouched.

Never fails and never rolls: every number it needs is in the fact. The spawn phase closes with the
turn's first declared (or landed) move, or with the turn's end: then the player's laid-down pieces
stand up again (RULINGS.md, ruling 9; a banished piece too, unless the option ``banished_piece`` says
it stands at once).
"""

from __future__ import annotations

from typing import Any

from domain.engine.facts import Fact
from domain.games.correction import facts as f
from domain.games.correction.board import PIECES
from domain.games.correction.state import State, in_order


def apply(state: State, fact: Fact) -> State:
    new = state.copy()
    _HANDLERS[type(fact)](new, fact)
    return new


def _close_spawn_phase(s: State) -> None:
    if s.phase != "spawn":
        return
    s.phase = "move"
    index = s.current - 1
    s.supply[index] = in_order(s.supply[index] + s.resting[index])
    s.resting[index] = []


def _game_set_up(s: State, fact: f.GameSetUp) -> None:
    s.order = [fact.first, 3 - fact.first]
    s.denial = [0, 0]
    s.denial[s.order[1] - 1] = fact.tokens
    s.supply = [list(PIECES), list(PIECES)]
    s.resting = [[], []]


def _turn_started(s: State, fact: f.TurnStarted) -> None:
    s.phase, s.current, s.turn = "spawn", fact.seat, fact.turn
    s.spawned, s.moved = [], []
    s.mode = s.forced = ""
    s.declared = None


def _piece_spawned(s: State, fact: f.PieceSpawned) -> None:
    s.supply[fact.seat - 1].remove(fact.piece)
    s.pieces[fact.square] = {"seat": fact.seat, "piece": fact.piece, "kind": fact.kind}
    s.spawned.append(fact.piece)
    s.denial[s.opponent(fact.seat) - 1] = fact.tokens


def _move_declared(s: State, fact: f.MoveDeclared) -> None:
    _close_spawn_phase(s)
    s.declared = {"piece": fact.piece, "kind": fact.kind, "start": fact.start, "to": fact.to}


def _move_denied(s: State, fact: f.MoveDenied) -> None:
    s.tokens[fact.square] = s.turn
    s.denial[fact.seat - 1] = fact.tokens
    s.forced = s.declared["piece"] if s.declared else ""
    s.declared = None


def _piece_banished(s: State, fact: f.PieceBanished) -> None:
    s.pieces.pop(fact.square, None)
    index = fact.owner - 1
    if s.banished_piece == "standing":  # ruling 9's other reading: back in the supply, spawnable at once
        s.supply[index] = in_order([*s.supply[index], fact.piece])
    else:
        s.resting[index].append(fact.piece)
    s.denial[fact.seat - 1] = fact.tokens
    s.forced = ""
    s.declared = None


def _move_allowed(s: State, fact: f.MoveAllowed) -> None:
    """Nothing changes until the move lands (the next fact)."""


def _piece_moved(s: State, fact: f.PieceMoved) -> None:
    _close_spawn_phase(s)
    piece = s.pieces.pop(fact.start)
    if fact.captured:
        s.resting[s.opponent(fact.seat) - 1].append(fact.captured)
    s.pieces[fact.to] = piece
    if fact.recovered:
        s.tokens.pop(fact.to, None)
    s.denial[fact.seat - 1] = fact.tokens
    if not s.mode:
        s.mode = "spawned" if fact.piece in s.spawned else "single"
    s.moved.append(fact.piece)
    s.forced = ""
    s.declared = None


def _turn_ended(s: State, fact: f.TurnEnded) -> None:
    _close_spawn_phase(s)


def _game_ended(s: State, fact: f.GameEnded) -> None:
    s.phase = "over"
    s.winners, s.reason, s.at_limit = list(fact.winners), fact.reason, fact.at_limit
    s.declared = None


_HANDLERS: dict[type[Fact], Any] = {
    f.GameSetUp: _game_set_up,
    f.TurnStarted: _turn_started,
    f.PieceSpawned: _piece_spawned,
    f.MoveDeclared: _move_declared,
    f.MoveDenied: _move_denied,
    f.PieceBanished: _piece_banished,
    f.MoveAllowed: _move_allowed,
    f.PieceMoved: _piece_moved,
    f.TurnEnded: _turn_ended,
    f.GameEnded: _game_ended,
}
