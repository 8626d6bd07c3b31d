"""Correction's views as pictures (``domain.engine.picture``): the 6x6 board with each player's spawn row in
that player's colour, the pieces on their squares, the Denial Tokens in the squares' corners, a
declared move as a dashed arrow, and beside the board each player's panel: Denial Tokens in hand,
pieces on the board, and the pieces off it (standing in the supply, or laid down after a capture).

Everything in Correction is public, so every seat's picture is the same. Ids follow the things: a
square is its name (``c3``, also what commands call it), a piece on the board is
``piece:<seat>:<its id>`` (``piece:2:pawn3``) whatever square it stands on, a token is
``token:<square>``. Pieces on the board carry their square as ``ref`` (a move's ``from``); the pieces
the seat on turn may still spawn carry their kind (a spawn's ``piece``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.engine.picture import grid, seat_name, short_name
from domain.games.correction.board import FILES, KINDS, LETTER, RANKS, kind_of

BOARD_X = 0.4
BOARD_Y = 1.5
PANEL_X = BOARD_X + len(FILES) + 0.7
PANEL_W = 6.2
SHAPE = {"pawn": "disc", "knight": "diamond", "spearman": "square"}
NAME_ROOM = 24
"""The most characters of a seat's name drawn on the table."""


def picture(view: dict[str, Any], seats: Sequence[str]) -> dict[str, Any]:
    """The picture of a view of Correction (every seat's view is the same: nothing is secret)."""
    players = {p["seat"]: p for p in view["players"]}
    homes = {p["home_row"]: p["seat"] for p in players.values() if p["home_row"]}
    headline, detail = _status(view, seats)
    items: list[dict[str, Any]] = [{"kind": "text", "id": "status", "x": BOARD_X, "y": 0.6, "text": headline, "size": 0.4, "bold": True},
                                   {"kind": "text", "id": "status:detail", "x": BOARD_X, "y": 1.05, "text": detail, "size": 0.3}]
    items += _board(homes, seats)
    items += _tokens(view)
    items += _pieces(view, players, seats)
    items += _declared(view, seats)
    if view["declared"] is not None:
        target = next(item for item in items if item.get("id") == view["declared"]["to"])
        target["tone"] = "accent"
    order = sorted(players.values(), key=lambda p: -p["player"])  # Player 2 (home row 6) beside the top of the board
    for index, player in enumerate(order):
        items += _panel(player, view, seats, BOARD_Y + index * 3.1)
    items.append({"kind": "text", "id": "turn", "x": BOARD_X, "y": BOARD_Y + len(RANKS) + 0.6,
                  "text": f"Turn {view['turn']} of at most {view['turn_limit']}", "size": 0.32})
    items.append({"kind": "text", "id": "legend", "x": BOARD_X, "y": BOARD_Y + len(RANKS) + 1.1, "size": 0.28,
                  "text": "P pawn (disc) · N knight (diamond) · S spearman (square) · gold diamond: Denial Token"})
    return {"width": round(PANEL_X + PANEL_W + 0.3, 2), "height": round(BOARD_Y + len(RANKS) + 1.5, 2), "items": items}




def _center(square: str) -> tuple[float, float]:
    file, rank = FILES.index(square[0]), RANKS.index(square[1])
    return BOARD_X + file + 0.5, BOARD_Y + len(RANKS) - 1 - rank + 0.5


def _board(homes: dict[str, int], seats: Sequence[str]) -> list[dict[str, Any]]:
    """The squares, a1 at the bottom left; a spawn row in its owner's colour."""
    squares = grid(FILES, RANKS, x=BOARD_X, y=BOARD_Y)
    edges = []
    for rank, seat in homes.items():
        y = BOARD_Y - 0.09 if rank == RANKS[-1] else BOARD_Y + len(RANKS) + 0.09
        edges.append({"kind": "line", "id": f"home:{rank}", "points": [[BOARD_X, y], [BOARD_X + len(FILES), y]], "width": 0.14,
                      "owner": seat, "title": f"rank {rank}: {seat_name(seats, seat)}'s spawn row"})
    for square in squares:
        seat = homes.get(square["id"][1])
        if seat is not None:
            square["owner"] = seat
            square["tone"] = "base"
            square["title"] = f"{square['id']}, on {seat_name(seats, seat)}'s spawn row"
    return squares + edges


def _tokens(view: dict[str, Any]) -> list[dict[str, Any]]:
    found = []
    for token in view["tokens"]:
        x, y = _center(token["square"])
        fresh = token["blocks_every_piece"]
        found.append({
            "kind": "piece", "id": f"token:{token['square']}", "x": x + 0.32, "y": y + 0.3, "size": 0.28, "shape": "diamond",
            "tone": "danger" if fresh else "gold", "ref": token["square"],
            "title": f"a Denial Token on {token['square']}" + (
                ", placed this turn: closed to every piece until the turn ends" if fresh else ": only a pawn may enter, recovering it"),
        })
    return found


def _pieces(view: dict[str, Any], players: dict[int, dict[str, Any]], seats: Sequence[str]) -> list[dict[str, Any]]:
    current = view["current"] or {}
    declared = view["declared"]
    found = []
    for piece in view["pieces"]:
        seat, square, kind = piece["seat"], piece["square"], piece["kind"]
        notes = []
        if seat == current.get("seat"):
            if piece["piece"] in current.get("moved", []):
                notes.append("moved this turn")
            elif piece["piece"] in current.get("spawned", []):
                notes.append("spawned this turn")
            if piece["piece"] == current.get("forced"):
                notes.append("its move was denied: it moves first if it can")
        if declared and declared["seat"] == seat and declared["piece"] == piece["piece"]:
            notes.append(f"declared to move to {declared['to']}")
        player = players[seat]["player"]
        found.append({
            "kind": "piece", "id": f"piece:{seat}:{piece['piece']}", "at": square, "ref": square, "owner": seat,
            "label": LETTER[kind] if player != 2 else LETTER[kind].lower(), "shape": SHAPE[kind],
            "title": f"{seat_name(seats, seat)}'s {kind} on {square}" + (f" ({'; '.join(notes)})" if notes else ""),
        })
    return found


def _declared(view: dict[str, Any], seats: Sequence[str]) -> list[dict[str, Any]]:
    declared = view["declared"]
    if declared is None:
        return []
    (x1, y1), (x2, y2) = _center(declared["from"]), _center(declared["to"])
    return [{
        "kind": "line", "id": "declared", "points": [[x1, y1], [x2, y2]], "width": 0.14, "dashed": True, "owner": declared["seat"],
        "title": f"{seat_name(seats, declared['seat'])} declared the {declared['kind']} from {declared['from']} to {declared['to']}",
    }]


def _panel(player: dict[str, Any], view: dict[str, Any], seats: Sequence[str], y: float) -> list[dict[str, Any]]:
    """A player's side of the table: name, tokens, pieces on the board and the pieces off it."""
    seat = player["seat"]
    key = f"seat:{seat}"
    number = player["player"]
    about = f"Player {number}, home row {player['home_row']}, moving {player['forward']}" if number else "no player number yet"
    items: list[dict[str, Any]] = [
        {"kind": "area", "id": f"{key}:panel", "x": PANEL_X, "y": y, "w": PANEL_W, "h": 2.8, "owner": seat,
         "title": f"{seat_name(seats, seat)}: {about}"},
        {"kind": "text", "id": f"{key}:name", "x": PANEL_X + 0.25, "y": y + 0.5, "text": short_name(seats, seat, NAME_ROOM), "bold": True,
         "size": 0.38, "owner": seat},
        {"kind": "text", "id": f"{key}:about", "x": PANEL_X + 0.25, "y": y + 0.9, "text": about, "size": 0.28},
        {"kind": "counter", "id": f"{key}:tokens", "x": PANEL_X + 0.25, "y": y + 1.15, "w": 2.7, "label": "Denial Tokens",
         "value": player["tokens"], "owner": seat, "title": f"{seat_name(seats, seat)} holds {player['tokens']} Denial Tokens"},
        {"kind": "counter", "id": f"{key}:on_board", "x": PANEL_X + 3.25, "y": y + 1.15, "w": 2.7, "label": "on the board",
         "value": player["on_board"], "owner": seat, "title": f"{seat_name(seats, seat)} has {player['on_board']} pieces on the board"},
    ]
    current = view["current"]
    spawning = current is not None and current["seat"] == seat and current["spawning"] and view["declared"] is None
    slot = {"pawn": 0, "knight": 4, "spearman": 5}  # a kind's pieces off the board keep their places
    for kind in KINDS:
        held = [("supply", n) for n in range(player["supply"][kind])] + [("resting", n) for n in range(player["resting"][kind])]
        for place, (where, n) in enumerate(held):
            standing = where == "supply"
            item = {
                "kind": "piece", "id": f"{key}:{where}:{kind}:{n + 1}", "x": round(PANEL_X + 0.55 + 0.68 * (slot[kind] + place), 2),
                "y": y + 2.3, "size": 0.55, "shape": SHAPE[kind], "label": LETTER[kind] if number != 2 else LETTER[kind].lower(),
                "title": f"{seat_name(seats, seat)}'s {kind} off the board, " + (
                    "standing: it may be spawned" if standing else "laid down: it stands up after its owner's next spawn phase"),
            }
            if standing:
                item["owner"] = seat
                if spawning:
                    item["ref"] = kind
            else:
                item["tone"] = "muted"
            items.append(item)
    if not any(player["supply"].values()) and not any(player["resting"].values()):
        items.append({"kind": "text", "id": f"{key}:none_off", "x": PANEL_X + 0.25, "y": y + 2.4, "size": 0.28,
                      "text": "every piece is on the board"})
    return items


def _status(view: dict[str, Any], seats: Sequence[str]) -> tuple[str, str]:
    """Whose turn it is and what they may do, or how the game ended: a headline and a detail."""
    outcome = view["outcome"]
    if outcome is not None:
        winners = " and ".join(short_name(seats, s, NAME_ROOM) for s in outcome["winners"])
        return f"Over: {winners + ' won' if winners else 'a draw'}", outcome["reason"]
    declared = view["declared"]
    if declared is not None:
        return (f"{short_name(seats, declared['answering'], NAME_ROOM)} to answer",
                f"{short_name(seats, declared['seat'], NAME_ROOM)} declared the {declared['kind']} from {declared['from']} to {declared['to']}: "
                "deny it, banish it or allow it")
    current = view["current"]
    if current is None:
        return "Setting up", ""
    who = short_name(seats, current["seat"], NAME_ROOM)
    if current["spawning"]:
        return f"{who} to spawn or move", f"{len(current['spawned'])} of 2 pieces spawned this turn so far"
    if current["forced"]:
        return f"{who} to move", f"the denied {kind_of(current['forced'])} first, if it can"
    if current["mode"] == "spawned":
        return f"{who} to move", "the other pieces spawned this turn"
    return f"{who} to move", "every piece spawned this turn, or one other piece" if current["spawned"] else "one piece"
