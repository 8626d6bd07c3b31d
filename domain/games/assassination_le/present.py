"""The Assassination Game Le in words: a sentence for each fact, and a view as a text board."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.engine.facts import Fact
from domain.games.assassination_le.board import FILES, RANKS
from domain.games.assassination_le.facts import (
    BaseTouched,
    DieRolled,
    PawnMoved,
    TableSetUp,
    TurnLost,
    VictimCaptured,
)

FACE_NAMES = {0: "null", 1: "ace", 2: "2", 3: "3", 4: "4", 5: "5"}


def describe(fact: Fact, seats: Sequence[str]) -> str:
    """One sentence for the fact, naming seats by ``seats[n - 1]``."""
    def name(seat: int) -> str:
        return seats[seat - 1]

    if isinstance(fact, TableSetUp):
        rolls = "; ".join(", ".join(f"{name(s)} {FACE_NAMES[f]}" for s, f in r) for r in fact.rounds)
        starts = ", ".join(f"{name(s)} on {sq}" for s, sq in enumerate(fact.squares, 1) if s != fact.victim)
        return (
            f"Bases on {', '.join(fact.bases)}. Roll for the first victim: {rolls}. "
            f"{name(fact.victim)} is the victim and starts in the Safe House; assassins {starts}."
        )
    if isinstance(fact, DieRolled):
        article = "an" if fact.face == 1 else "a"
        return f"{name(fact.seat)} rolled {article} {FACE_NAMES[fact.face]}."
    if isinstance(fact, PawnMoved):
        return f"{name(fact.seat)} moved from {fact.start} to {fact.path[-1]} (via {' '.join(fact.path)})."
    if isinstance(fact, BaseTouched):
        return f"{name(fact.seat)} touched the base on {fact.base} and marked it with a coin."
    if isinstance(fact, VictimCaptured):
        lost = f"; {name(fact.victim)}'s coins come off {', '.join(fact.coins_removed)}" if fact.coins_removed else ""
        return (
            f"{name(fact.assassin)} caught {name(fact.victim)} on {fact.square}: a small victory. "
            f"{name(fact.assassin)} is the victim now and goes to the Safe House{lost}."
        )
    if isinstance(fact, TurnLost):
        reasons = {
            "null": "rolled a null and cannot move this turn",
            "passed": "keeps the null and does not move",
            "blocked": "has no legal path for that roll and loses the turn",
        }
        return f"{name(fact.seat)} {reasons[fact.reason]}."
    return type(fact).__name__


def render(view: dict[str, Any], seats: Sequence[str]) -> str:
    """The view as text: the board with the pawns and bases, then each seat's role, square and coins."""
    players = view["players"]
    occupant = {p["square"]: p for p in players if p["square"]}
    bases = set(view["board"]["bases"])

    def cell(square: str) -> str:
        if square in occupant:
            p = occupant[square]
            return f"({p['seat']})" if p["role"] == "victim" else f" {p['seat']} "
        return " # " if square == view["board"]["safe_house"] else " o " if square in bases else "   "

    line = "   +" + "---+" * 5
    rows = ["     " + "   ".join(FILES), line]
    for rank in reversed(RANKS):
        rows.append(f" {rank} |" + "|".join(cell(file + rank) for file in FILES) + "|")
        rows.append(line)
    rows.append("   o base   # Safe House   (n) the victim")
    for p in players:
        coins = " ".join(p["coins"]) or "-"
        rows.append(
            f"   {p['seat']} {seats[p['seat'] - 1]:<12} {p['role']:<8} {p['square'] or '-':<3} "
            f"coins: {coins:<12} small victories: {p['small_victories']}"
        )
    if view["rolled"] is not None:
        rows.append(f"   rolled: {FACE_NAMES[view['rolled']]}")
    return "\n".join(rows)
