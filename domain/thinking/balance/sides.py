"""Sides beside seats: whether a study's advantage follows the seat a player sits in or the side it plays
(a squad, a deck, a role, a colour, a start space: ``Ruleset.sides``).

``sides(records, players)`` counts, for each side, the games one seat won in which a seat held that side,
and how many of them that seat won, in all and from each seat, each rate with its 95% interval against
the fair share (one over the players). Where several seats of a game hold one side (two red squads of four),
each of them counts: the side's figure is its seats', and ``seats_a_game`` says how many held it at most.
How the sides met the seats decides what can be told:

- ``rotated``: the study moved the sides round the table, game by game (``Study.rotates``);
- ``dealt``: the game deals them itself at setup (a coin, the dice), so a seat holds different sides;
- ``fixed``: every game gave each seat the same side: a seat's edge and its side's are one and the same.

``follows`` says where the advantage lies: ``side``, ``seat``, ``both``, ``neither`` (nothing told from a
fair share yet) or ``fixed`` (can't be told apart).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.thinking.balance.stats import rate, verdict
from domain.thinking.balance.study import GameRecord


def sides(records: Sequence[GameRecord], players: int, seat_rows: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The sides' figures, or ``None`` when the ruleset gives its seats no sides. ``seat_rows`` are the
    seats' fairness rows (``findings.fairness``), for the verdict on where the advantage lies."""
    held = [r for r in records if r.get("sides")]
    if not held:
        return None
    fair = 1 / players
    names = list(dict.fromkeys(side for r in held for _, side in sorted(r["sides"].items(), key=lambda item: int(item[0]))))
    decided = [r for r in held if len(r["winners"]) == 1]
    rows = []
    for side in names:
        played = [(r, int(seat)) for r in decided for seat, name in r["sides"].items() if name == side]
        won = rate(sum(1 for r, seat in played if r["winners"] == [seat]), len(played))
        by_seat = []
        for seat in range(1, players + 1):
            from_seat = [r for r, s in played if s == seat]
            by_seat.append({"seat": seat, **rate(sum(1 for r in from_seat if r["winners"] == [seat]), len(from_seat))})
        shared = max((list(r["sides"].values()).count(side) for r in held), default=1)
        rows.append({"side": side, **won, **verdict(won, fair, len(played)), "seats": by_seat, "seats_a_game": shared})
    layouts = {tuple(sorted(r["sides"].items())) for r in held}
    arrangement = "rotated" if any(r.get("rotation") is not None for r in held) else "fixed" if len(layouts) == 1 else "dealt"
    return {"arrangement": arrangement, "fair_share": fair, "games": len(held), "decided": len(decided), "sides": rows,
            "fixed": {seat: side for seat, side in sorted(next(iter(layouts)))} if arrangement == "fixed" else None,
            "follows": follows(arrangement, seat_rows, rows)}


def follows(arrangement: str, seat_rows: Sequence[dict[str, Any]], side_rows: Sequence[dict[str, Any]]) -> str:
    """Where the advantage lies: with the seats or sides told from a fair share (favoured or handicapped)."""
    if arrangement == "fixed":
        return "fixed"
    told = ("favoured", "handicapped")
    seat = any(row["verdict"] in told for row in seat_rows)
    side = any(row["verdict"] in told for row in side_rows)
    return {(True, True): "both", (True, False): "side", (False, True): "seat", (False, False): "neither"}[(side, seat)]
