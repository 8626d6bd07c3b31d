"""Tables for Correction scenario tests: a state built after setup, changed to fit the scenario, and
one-line helpers to play a command on it.

``table()`` is the board with seat 1 as Player 1 (home row rank 1, moving up) and seat 2 as Player 2
(home row rank 6, moving down), on turn 3, seat 1 to play, spawning still open, nobody holding a
token. Pieces are written as letters, Player 1's in capitals: ``P`` pawn, ``N`` knight, ``S``
spearman (``p n s`` for Player 2)::

    state = table(pieces={"c2": "P", "d3": "p"}, tokens={"e3": 1}, denial=(0, 2))
    facts, after = act(state, 1, {"type": "move", "from": "c2", "to": "d3"})
"""

from __future__ import annotations

import pytest
from scenarios import Loaded as Coin

from domain.engine.errors import IllegalCommand
from domain.games.correction import RULESET as RULES
from domain.games.correction.board import PIECES
from domain.games.correction.facts import GameSetUp, TurnStarted
from domain.games.correction.state import State

KIND = {"P": "pawn", "N": "knight", "S": "spearman"}


def table(*, pieces=None, tokens=None, denial=(0, 0), first: int = 1, current: int | None = None, turn: int = 3,
          turn_limit: int = 200, resting=None, options=None) -> State:
    """A state on ``turn`` with ``current`` (default: the first player) to play, spawning open.
    ``resting``: ``{seat: ["pawn1", ...]}`` laid down (captured on the previous turn); ``options``:
    the game's other options (``{"deny_capture": "banish-only"}``)."""
    state = RULES.new_state(2, RULES.resolve_options({"turn_limit": turn_limit, **(options or {})}))
    state = RULES.evolve(state, GameSetUp(call="heads", coin="heads" if first == 1 else "tails", first=first, tokens=1))
    state = RULES.evolve(state, TurnStarted(seat=current or first, turn=turn))
    state.denial = list(denial)
    state.tokens = dict(tokens or {})
    state.pieces = {}
    used: dict[int, list[str]] = {1: [], 2: []}
    for square, letter in (pieces or {}).items():
        seat = state.order[0] if letter.isupper() else state.order[1]
        kind = KIND[letter.upper()]
        piece = next(p for p in PIECES if p.startswith(kind) and p not in used[seat])
        used[seat].append(piece)
        state.pieces[square] = {"seat": seat, "piece": piece, "kind": kind}
    resting = resting or {}
    state.resting = [list(resting.get(seat, [])) for seat in (1, 2)]
    state.supply = [[p for p in PIECES if p not in used[seat] and p not in resting.get(seat, [])] for seat in (1, 2)]
    return state


def act(state: State, seat: int, command: dict, *coins: str):
    """Decide and apply one command; returns (facts, new state)."""
    RULES.check_command(command)
    assert seat in RULES.to_act(state), f"seat {seat} is not asked to act (waiting for {RULES.to_act(state)})"
    assert command in RULES.legal_commands(state, seat), f"{command} is not listed as legal"
    facts = RULES.decide(state, seat, command, Coin(*coins))
    for fact in facts:
        state = RULES.evolve(state, fact)
    return facts, state


def move(state: State, seat: int, start: str, to: str):
    return act(state, seat, {"type": "move", "from": start, "to": to})


def landed(state: State, seat: int, start: str, to: str):
    """Move, and let the other seat allow the move when it is asked; returns (all facts, new state)."""
    facts, state = move(state, seat, start, to)
    if state.declared is not None:
        more, state = act(state, 3 - seat, {"type": "allow"})
        facts = facts + more
    return facts, state


def spawn(state: State, seat: int, kind: str, square: str):
    return act(state, seat, {"type": "spawn", "piece": kind, "square": square})


def refused(state: State, seat: int, command: dict) -> str:
    """The reason a command is refused (failing the test if it is accepted); checks it is not listed as legal."""
    RULES.check_command(command)
    with pytest.raises(IllegalCommand) as refusal:
        RULES.decide(state, seat, command, Coin())
    assert command not in RULES.legal_commands(state, seat)
    return str(refusal.value)


def reach(state: State, square: str) -> list[str]:
    """The squares the listed legal moves take the piece on ``square`` to."""
    seat = state.pieces[square]["seat"]
    return sorted(c["to"] for c in RULES.legal_commands(state, seat) if c["type"] == "move" and c["from"] == square)


def of_type(facts, kind):
    """The facts of one type, in order."""
    return [fact for fact in facts if isinstance(fact, kind)]


def at(state: State, square: str) -> str | None:
    """The piece on a square as a letter (``P`` Player 1's pawn, ``n`` Player 2's knight), or None."""
    piece = state.pieces.get(square)
    if piece is None:
        return None
    letter = {"pawn": "P", "knight": "N", "spearman": "S"}[piece["kind"]]
    return letter if state.number(piece["seat"]) == 1 else letter.lower()
