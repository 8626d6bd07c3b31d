"""The Assassination Game Le's views as pictures (``domain.engine.picture``): the 5x5 piecepack board with its
four bases and the Safe House toned, each seat's pawn on its square (the victim's a diamond, the
assassins' discs, labelled with the seat number), the coins that mark the bases each seat has touched
in the corners of those bases, the die, and beside the board each seat's panel: role, square, bases
touched out of four and small victories.

Every pawn, base and coin is public, so every seat's picture is the same. Ids follow the things: a
square is its name (``c3``, also what a move's ``to`` and ``path`` call it), a pawn is
``pawn:<seat>`` whatever square it stands on, a coin ``coin:<seat>:<base>``. A pawn carries its
square as ``ref``, so clicking the victim's pawn picks the move that lands on it.

The view does not say whose turn it is (only the phase and the die), so the status says what the
seat on turn does, not who that seat is; the victim is named where the phase is the victim's alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.engine.picture import seat_name, short_name
from domain.games.assassination_le.board import FILES, RANKS

SQUARE = 1.3
"""A square's side in picture units: the board is small, so its squares are drawn larger than one unit."""
BOARD_X = 0.4
BOARD_Y = 1.5
PANEL_X = BOARD_X + len(FILES) * SQUARE + 0.7
PANEL_W = 6.0
PANEL_H = 2.05
FACES = {0: "null", 1: "ace", 2: "2", 3: "3", 4: "4", 5: "5"}
NAME_ROOM = 24
"""The most characters of a seat's name drawn on the table."""


def picture(view: dict[str, Any], seats: Sequence[str]) -> dict[str, Any]:
    """The picture of a view of The Assassination Game Le (every seat's view is the same: nothing is secret)."""
    board = view["board"]
    headline, detail = _status(view, seats)
    items: list[dict[str, Any]] = [
        {"kind": "text", "id": "status", "x": BOARD_X, "y": 0.6, "text": headline, "size": 0.4, "bold": True},
        {"kind": "text", "id": "status:detail", "x": BOARD_X, "y": 1.05, "text": detail, "size": 0.3},
    ]
    items += _squares(board["safe_house"], board["bases"])
    items += _coins(view["players"], seats)
    items += _pawns(view["players"], seats)
    for index, player in enumerate(view["players"]):
        items += _panel(player, seats, BOARD_Y + index * (PANEL_H + 0.175))
    bottom = BOARD_Y + len(RANKS) * SQUARE
    rolled = view["rolled"]
    items.append({"kind": "counter", "id": "die", "x": BOARD_X, "y": bottom + 0.3, "w": 2.6, "label": "die",
                  "value": FACES.get(rolled, str(rolled)) if rolled is not None else "-",
                  "title": "the die, not rolled yet this turn" if rolled is None else f"the die shows {FACES.get(rolled, rolled)}"})
    items.append({"kind": "text", "id": "turn", "x": BOARD_X + 3.0, "y": bottom + 0.67, "size": 0.32,
                  "text": f"Turn {view['turn']}" + (" · variant: caught victims keep their coins" if view["variant"]["keep_coins"] else "")})
    items.append({"kind": "text", "id": "legend", "x": BOARD_X, "y": bottom + 1.35, "size": 0.28,
                  "text": "gold: a base · green: the Safe House · diamond: the victim · disc: an assassin · small disc: a coin"})
    return {"width": round(PANEL_X + PANEL_W + 0.3, 2), "height": round(bottom + 1.7, 2), "items": items}




def _corner(square: str) -> tuple[float, float]:
    """The top left corner of a square, a1 at the bottom left."""
    return BOARD_X + FILES.index(square[0]) * SQUARE, BOARD_Y + (len(RANKS) - 1 - RANKS.index(square[1])) * SQUARE


def _squares(safe_house: str, bases: list[str]) -> list[dict[str, Any]]:
    found = []
    for rank in RANKS:
        for file in FILES:
            name = file + rank
            x, y = _corner(name)
            square = {"kind": "space", "id": name, "x": round(x, 2), "y": round(y, 2), "w": SQUARE, "h": SQUARE,
                      "tone": "plain", "label": name}
            if name == safe_house:
                square.update(tone="good", label=f"{name} Safe House",
                              title=f"{name}, the Safe House: the victim starts here; assassins never enter it")
            elif name in bases:
                square.update(tone="base", label=f"{name} base", title=f"{name}, a base: the victim marks it by landing on it")
            found.append(square)
    return found


def _coins(players: list[dict[str, Any]], seats: Sequence[str]) -> list[dict[str, Any]]:
    """Each seat's coins on the bases it has touched, one above the other along the base's right edge."""
    found = []
    for player in players:
        seat = player["seat"]
        for base in player["coins"]:
            x, y = _corner(base)
            found.append({"kind": "piece", "id": f"coin:{seat}:{base}", "x": round(x + SQUARE - 0.15, 2),
                          "y": round(y + 0.3 + 0.35 * (seat - 1), 2), "size": 0.22, "owner": seat, "shape": "disc", "ref": base,
                          "title": f"{seat_name(seats, seat)}'s coin on the base {base}"})
    return found


def _pawns(players: list[dict[str, Any]], seats: Sequence[str]) -> list[dict[str, Any]]:
    found = []
    for player in players:
        seat, square = player["seat"], player["square"]
        if not square:
            continue
        victim = player["role"] == "victim"
        found.append({"kind": "piece", "id": f"pawn:{seat}", "at": square, "ref": square, "owner": seat, "size": 0.74,
                      "label": str(seat), "shape": "diamond" if victim else "disc",
                      "title": f"{seat_name(seats, seat)}'s pawn on {square}, {'the victim' if victim else 'an assassin'}"})
    return found


def _panel(player: dict[str, Any], seats: Sequence[str], y: float) -> list[dict[str, Any]]:
    seat = player["seat"]
    key = f"seat:{seat}"
    name = seat_name(seats, seat)
    victim = player["role"] == "victim"
    role = "the victim: touch all four bases" if victim else "an assassin: land on the victim"
    where = f"on {player['square']}" if player["square"] else "not on the board"
    coins = player["coins"]
    return [
        {"kind": "area", "id": f"{key}:panel", "x": PANEL_X, "y": y, "w": PANEL_W, "h": PANEL_H, "owner": seat,
         "title": f"{name}, {role}"},
        {"kind": "text", "id": f"{key}:name", "x": PANEL_X + 0.25, "y": y + 0.48, "text": short_name(seats, seat, NAME_ROOM), "bold": True, "size": 0.38, "owner": seat},
        {"kind": "text", "id": f"{key}:role", "x": PANEL_X + 0.25, "y": y + 0.88, "text": f"{role} ({where})", "size": 0.27},
        {"kind": "counter", "id": f"{key}:coins", "x": PANEL_X + 0.2, "y": y + 1.18, "w": 2.75, "label": "bases touched",
         "value": len(coins), "max": 4, "owner": seat,
         "title": f"{name} has touched {', '.join(coins) if coins else 'no base'}"},
        {"kind": "counter", "id": f"{key}:small_victories", "x": PANEL_X + 3.05, "y": y + 1.18, "w": 2.75,
         "label": "small victories", "value": player["small_victories"], "owner": seat,
         "title": f"{name} has caught the victim {player['small_victories']} times"},
    ]


def _status(view: dict[str, Any], seats: Sequence[str]) -> tuple[str, str]:
    """What happens now, or how the game ended: a headline and a detail."""
    victim = short_name(seats, view["victim"], NAME_ROOM) if view["victim"] else ""
    phase, rolled = view["phase"], view["rolled"]
    if phase == "over":
        return f"Over: {victim} won", "the victim touched all four bases"
    if phase == "setup":
        return "Setting up", "rolling for the first victim"
    if phase == "reroll":
        return f"{victim} rolled a null", "the victim re-rolls, or keeps still (pass)"
    waiting = view.get("to_act") or []  # games' views before whose turn it is was shown: the phase alone
    mover = short_name(seats, waiting[0], NAME_ROOM) if waiting else "the seat on turn"
    if phase == "move":
        count = "one square" if rolled == 1 else f"{rolled} squares"
        return f"The die shows {FACES.get(rolled, rolled)}", f"{mover} moves exactly {count}, orthogonally, never straight back"
    return f"Turn {view['turn']}: {mover} rolls the die" if waiting else f"Turn {view['turn']}: roll the die", f"{victim} is the victim"
