"""What players see of Correction: the view (everything is public), a sentence per fact, a label per
command, and the board drawn for a terminal from a view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.engine.commands import Command
from domain.engine.facts import Fact
from domain.games.correction import facts as f
from domain.games.correction.board import (
    FILES,
    HOME_RANK,
    KINDS,
    LETTER,
    RANKS,
    SQUARES,
    kind_of,
)
from domain.games.correction.state import State


def _counts(pieces: list[str]) -> dict[str, int]:
    return {kind: sum(1 for p in pieces if kind_of(p) == kind) for kind in KINDS}


def view(state: State, to_act: list[int]) -> dict[str, Any]:
    """The whole table: nothing in Correction is secret."""
    players = []
    for seat in range(1, state.seat_count + 1):
        number = state.number(seat) if state.order else 0
        players.append({
            "seat": seat,
            "player": number,
            "home_row": RANKS[HOME_RANK[number]] if number else None,
            "forward": {1: "up", 2: "down"}.get(number),
            "tokens": state.denial[seat - 1] if state.denial else 0,
            "supply": _counts(state.supply[seat - 1]) if state.supply else _counts([]),
            "resting": _counts(state.resting[seat - 1]) if state.resting else _counts([]),
            "on_board": sum(1 for p in state.pieces.values() if p["seat"] == seat),
        })
    on_turn = state.phase in ("spawn", "move")
    declared = None
    if state.declared is not None:
        declared = {
            "seat": state.current,
            "answering": state.opponent(state.current),
            "piece": state.declared["piece"],
            "kind": state.declared["kind"],
            "from": state.declared["start"],
            "to": state.declared["to"],
        }
    return {
        "phase": state.phase,
        "turn": state.turn,
        "turn_limit": state.turn_limit,
        "to_act": list(to_act),
        "players": players,
        "pieces": [{"square": s, **state.pieces[s]} for s in SQUARES if s in state.pieces],
        "tokens": [
            {"square": s, "placed_turn": state.tokens[s], "blocks_every_piece": state.tokens[s] == state.turn}
            for s in SQUARES if s in state.tokens
        ],
        "current": {
            "seat": state.current,
            "spawning": state.phase == "spawn",
            "spawned": list(state.spawned),
            "moved": list(state.moved),
            "mode": state.mode or None,
            "forced": state.forced or None,
        } if on_turn else None,
        "declared": declared,
        "outcome": {"winners": list(state.winners), "reason": state.reason} if state.phase == "over" else None,
    }


# -- sentences ----------------------------------------------------------------------------------


def _tokens(count: int) -> str:
    return f"{count} Denial Token{'' if count == 1 else 's'}"


def describe(fact: Fact, seats: Sequence[str]) -> str:
    def n(seat: int) -> str:
        return seats[seat - 1]

    match fact:
        case f.GameSetUp():
            return (f"{n(1)} called {fact.call}; the coin showed {fact.coin}. {n(fact.first)} is the first player "
                    f"(home row 1); {n(3 - fact.first)} (home row 6) starts with {_tokens(fact.tokens)}.")
        case f.TurnStarted():
            return f"Turn {fact.turn}: {n(fact.seat)}'s turn."
        case f.PieceSpawned():
            return (f"{n(fact.seat)} spawned a {fact.kind} on {fact.square}; {n(3 - fact.seat)} gains a Denial Token "
                    f"({fact.tokens} in hand).")
        case f.MoveDeclared():
            return f"{n(fact.seat)} declared a move: the {fact.kind} from {fact.start} to {fact.to}."
        case f.MoveDenied():
            return (f"{n(fact.seat)} placed a Denial Token on {fact.square}: the move is denied "
                    f"({_tokens(fact.tokens)} left).")
        case f.PieceBanished():
            return (f"{n(fact.seat)} spent 3 Denial Tokens to banish {n(fact.owner)}'s {fact.kind} on {fact.square} "
                    f"before it landed ({_tokens(fact.tokens)} left).")
        case f.MoveAllowed():
            return f"{n(fact.seat)} let the move go ahead."
        case f.PieceMoved():
            capture = f", capturing {n(3 - fact.seat)}'s {kind_of(fact.captured)}" if fact.captured else ""
            recover = f", and recovered the Denial Token there ({fact.tokens} in hand)" if fact.recovered else ""
            return f"{n(fact.seat)} moved the {fact.kind} from {fact.start} to {fact.to}{capture}{recover}."
        case f.TurnEnded():
            if not fact.reason:
                return f"{n(fact.seat)} ended the turn."
            return f"{n(fact.seat)}'s turn ended without a move: {fact.reason}."
        case f.GameEnded():
            if not fact.winners:
                return f"The game is a draw: {fact.reason}."
            return f"{' and '.join(n(s) for s in fact.winners)} won: {fact.reason}."
    return type(fact).__name__


def describe_command(command: Command) -> str:
    kind = command["type"]
    if kind == "spawn":
        return f"spawn a {command['piece']} on {command['square']}"
    if kind == "move":
        return f"move {command['from']} to {command['to']}"
    labels = {
        "deny": "deny the move: a Denial Token on its destination",
        "banish": "banish the moving piece (3 Denial Tokens)",
        "allow": "allow the move",
    }
    return labels.get(kind, str(kind))


# -- the board for a terminal ---------------------------------------------------------------------


def _some(kind: str, count: int) -> str:
    return f"{count} {kind}{'s' if count > 1 else ''}"


def render(view: dict[str, Any], seats: Sequence[str]) -> str:
    players = {p["seat"]: p for p in view["players"]}
    pieces = {p["square"]: p for p in view["pieces"]}
    tokens = {t["square"]: t for t in view["tokens"]}
    declared = view["declared"]

    def cell(square: str) -> str:
        text = ""
        if square in pieces:
            piece = pieces[square]
            letter = LETTER[piece["kind"]]
            text = letter if players[piece["seat"]]["player"] == 1 else letter.lower()
        if square in tokens:
            text += "*"
        if declared and square == declared["from"]:
            return f"[{text}]"
        if declared and square == declared["to"]:
            return f"({text or '.'})"
        return text or "."

    line = "    +" + "-----+" * len(FILES)
    rows = ["       " + "     ".join(FILES), line]
    for rank in reversed(RANKS):
        rows.append(f"  {rank} |" + "|".join(f"{cell(file + rank):^5}" for file in FILES) + "|")
        rows.append(line)
    rows.append("  P N S pawn, knight, spearman of Player 1 (home row 1, moving up); p n s Player 2's (home row 6, moving down)")
    rows.append("  * Denial Token  [ ] a declared move's piece, ( ) its destination  laid down: captured, not yet spawnable")
    for player in sorted(players.values(), key=lambda p: p["player"]):
        off = ", ".join(_some(kind, count) for kind, count in player["supply"].items() if count) or "-"
        resting = ", ".join(_some(kind, count) for kind, count in player["resting"].items() if count)
        rows.append(
            f"  P{player['player']} {seats[player['seat'] - 1]:<12} tokens {player['tokens']:>2}  "
            f"on the board {player['on_board']}  to spawn: {off}" + (f"  (laid down: {resting})" if resting else "")
        )
    fresh = [t["square"] for t in view["tokens"] if t["blocks_every_piece"]]
    if fresh:
        rows.append(f"  placed this turn, closed to every piece: {', '.join(fresh)}")
    rows.append(f"  turn {view['turn']} of at most {view['turn_limit']}")
    current = view["current"]
    if declared is not None:
        rows.append(
            f"  {seats[declared['seat'] - 1]} declared the {declared['kind']} from {declared['from']} to {declared['to']}: "
            f"{seats[declared['answering'] - 1]} to answer (deny, banish or allow)"
        )
    elif current is not None:
        who = seats[current["seat"] - 1]
        if current["spawning"]:
            rows.append(f"  {who} to spawn ({len(current['spawned'])} of 2 so far) or move")
        else:
            rows.append(f"  {who} to move" + (f" (the denied {kind_of(current['forced'])} first, if it can)" if current["forced"] else ""))
    if view["outcome"] is not None:
        winners = " and ".join(seats[s - 1] for s in view["outcome"]["winners"])
        result = f"{winners} won" if winners else "a draw"
        rows.append(f"  over: {result} ({view['outcome']['reason']})")
    return "\n".join(rows)
