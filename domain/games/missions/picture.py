"""Missions' views as pictures (``domain.engine.picture``): the loop board drawn as a ring of spaces, clockwise
from the top-left corner as ``ludolog show`` draws it, each space toned by its kind (start, L1, L2, L3,
police), the pieces on their spaces, and inside the ring whose turn it is, the three mission piles
face down with their sizes and the cards seen going under them; beside the board each player's panel:
money, rank, turns to miss and the mission cards held, face up, in rows of four.

Nothing in Missions is secret, so every seat's picture is the same. Ids follow the things: a space is
``space:<number>``, a seat's piece ``piece:<seat>`` (its ref the seat number, what a rob's ``player``
says), a mission card ``card:<name>`` wherever it is held (all 45 names differ; its ref is the name, what
a rob's ``give`` and ``take`` and a ``lose`` say). After a roll the mover's choices stand as markers on
the spaces they reach, ``move:cw`` and ``move:ccw``, whose refs are a move's ``direction``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.engine.picture import seat_name
from domain.games.missions.board import ring

TONE = {"start": "base", "L1": "good", "L2": "gold", "L3": "danger", "police": "water"}
KIND_WORDS = {"start": "a start space", "L1": "a level 1 mission space", "L2": "a level 2 mission space",
              "L3": "a level 3 mission space", "police": "a police space"}
CODE = {"start": "S", "L1": "L1", "L2": "L2", "L3": "L3", "police": "P"}
WAY = {"cw": "clockwise", "ccw": "counterclockwise"}
BOARD = 12.0
"""The ring's largest side, in units (a space is at most 1.5 units)."""
PANEL_W = 9.6
CARD_W, CARD_H = 2.2, 1.55
PER_ROW = 4
MIDDLE_H = 7.0


def picture(view: dict[str, Any], seats: Sequence[str]) -> dict[str, Any]:
    """The picture of a view of Missions (every seat's view is the same: nothing is secret)."""
    spaces = view["board"]["spaces"]
    cells = ring(len(spaces))
    rows = max(row for row, _ in cells) + 1
    columns = max(column for _, column in cells) + 1
    side = min(1.5, BOARD / max(rows, columns))
    board_w, board_h = columns * side, rows * side
    inner_w, inner_h = board_w - 2 * side, board_h - 2 * side
    middle_inside = inner_w >= 7.6 and inner_h >= MIDDLE_H
    left_w = board_w if middle_inside else max(board_w, 7.8)
    middle = (side + (inner_w - 7.6) / 2, side + (inner_h - MIDDLE_H) / 2) if middle_inside else (0.1, board_h + 0.3)

    items: list[dict[str, Any]] = []
    for index, ((row, column), kind) in enumerate(zip(cells, spaces)):
        items.append({"kind": "space", "id": f"space:{index}", "x": round(column * side, 3), "y": round(row * side, 3),
                      "w": round(side, 3), "h": round(side, 3), "tone": TONE[kind], "label": f"{index} {CODE[kind]}",
                      "title": f"space {index}, {KIND_WORDS[kind]}"})
    for player in view["players"]:
        if player["space"] is not None:
            seat = player["seat"]
            items.append({"kind": "piece", "id": f"piece:{seat}", "at": f"space:{player['space']}", "ref": str(seat),
                          "owner": seat, "label": str(seat), "size": round(min(0.7, side * 0.62), 3),
                          "title": f"{seat_name(seats, seat)}'s piece on space {player['space']} ({KIND_WORDS[spaces[player['space']]]})"})
    for way, space in view["moves"].items():
        items.append({"kind": "piece", "id": f"move:{way}", "at": f"space:{space}", "ref": way, "shape": "diamond",
                      "owner": view["mover"], "label": way, "size": round(min(0.6, side * 0.55), 3),
                      "title": f"move {view['rolled']} {WAY[way]} to space {space} ({KIND_WORDS[spaces[space]]})"})
    items += _middle(view, seats, *middle)
    panel_x = left_w + 0.5
    top = 0.1
    for player in view["players"]:
        drawn, tall = _panel(view, player, seats, panel_x, top)
        items += drawn
        top += tall
    height = max(board_h, top)
    if not middle_inside:
        height = max(height, middle[1] + MIDDLE_H)
    return {"width": round(panel_x + PANEL_W + 0.2, 2), "height": round(height + 0.2, 2), "items": items}



def _middle(view: dict[str, Any], seats: Sequence[str], x: float, y: float) -> list[dict[str, Any]]:
    """Whose turn it is (or the outcome), the three piles, and the legend: a block 7.6 wide, ``MIDDLE_H`` tall."""
    status, detail = _status(view, seats)
    items: list[dict[str, Any]] = [
        {"kind": "text", "id": "status", "x": x + 3.8, "y": y + 0.55, "text": status, "size": 0.42, "bold": True,
         "anchor": "middle"},
        {"kind": "text", "id": "detail", "x": x + 3.8, "y": y + 1.1, "text": detail, "size": 0.3, "anchor": "middle"},
    ]
    for index, (level, pile) in enumerate(view["piles"].items()):
        left = x + 0.2 + index * 2.6
        under = pile["put_back"]
        items.append({"kind": "card", "id": f"pile:{level}", "x": left, "y": y + 1.6, "w": CARD_W, "h": 3,
                      "face_down": True, "tone": TONE[f"L{level}"],
                      "title": f"the level {level} mission pile: {pile['cards']} cards"
                      + (f", under it {', '.join(under)}" if under else "")})
        items.append({"kind": "counter", "id": f"pile-size:{level}", "x": left, "y": y + 4.8, "w": CARD_W,
                      "label": f"L{level} pile", "value": pile["cards"], "max": 15,
                      "title": f"{pile['cards']} cards in the level {level} pile"})
        if under:
            items.append({"kind": "text", "id": f"put-back:{level}", "x": left + CARD_W / 2, "y": y + 5.95, "size": 0.27,
                          "anchor": "middle", "text": f"{len(under)} put back",
                          "title": f"put back under the level {level} pile, top first: {', '.join(under)}"})
    target = view["options"]["target"]
    items.append({"kind": "text", "id": "legend", "x": x + 3.8, "y": y + 6.6, "size": 0.26, "anchor": "middle",
                  "text": f"S start, L1-L3 missions, P police; first to ${target:,} wins"})
    return items


def _status(view: dict[str, Any], seats: Sequence[str]) -> tuple[str, str]:
    """The headline (whose turn, or the outcome) and a line more."""
    phase, mover = view["phase"], seat_name(seats, view["mover"])
    if phase == "over":
        winners = view["winners"]
        if not winners:
            return "The game is over: a draw", f"after {view['round']} rounds"
        best = max(player["money"] for player in view["players"] if player["seat"] in winners)
        names = " and ".join(seat_name(seats, seat) for seat in winners)
        return f"{names} win{'s' if len(winners) == 1 else ''}", f"with ${best:,}, in round {view['round']}"
    if phase == "setup":
        return "Setting up", ""
    head = f"Round {view['round']}: {mover}"
    if phase == "roll":
        return f"{head} to roll", f"{mover} is rank {_player(view, view['mover'])['rank']}"
    if phase == "move":
        ways = " or ".join(f"{WAY[way]} to {space}" for way, space in view["moves"].items())
        return f"{head} rolled {view['rolled']}", f"move {ways}" if ways else "no move"
    if phase == "rob":
        names = ", ".join(seat_name(seats, seat) for seat in view["can_rob"])
        return f"{head} may rob", f"trade a card with {names}, or not"
    if phase == "snitch":
        return f"{head} may snitch", "roll: whoever's number comes up loses a card"
    demand = view["must_give_up"]
    if demand:
        chosen = demand.get("chosen_by", demand["seat"])
        picker = "" if chosen == demand["seat"] else f"; {seat_name(seats, chosen)} chooses it"
        return f"{seat_name(seats, demand['seat'])} must give up a card", f"({demand['reason']}{picker})"
    return f"{head} has landed", ""


def _player(view: dict[str, Any], seat: int) -> dict[str, Any]:
    return next(player for player in view["players"] if player["seat"] == seat)


def _panel(view: dict[str, Any], player: dict[str, Any], seats: Sequence[str], x: float,
           y: float) -> tuple[list[dict[str, Any]], float]:
    """A player's name, money, rank, turns to miss and cards (a row of up to four, a row more for each
    four more), and how tall it is."""
    seat = player["seat"]
    name = seat_name(seats, seat)
    tall = 1.4 + max(1, -(-len(player["cards"]) // PER_ROW)) * (CARD_H + 0.1)
    acting = seat in view["to_act"]
    won = seat in view["winners"]
    items: list[dict[str, Any]] = [
        {"kind": "area", "id": f"panel:{seat}", "x": x, "y": y, "w": PANEL_W, "h": round(tall - 0.15, 3), "owner": seat,
         **({"tone": "accent"} if acting else {"tone": "gold"} if won else {}),
         "title": f"{name}, seat {seat}" + (" (to act)" if acting else "")},
        {"kind": "text", "id": f"name:{seat}", "x": x + 0.15, "y": y + 0.45, "text": f"{seat}  {name}" + ("  - to act" if acting else ""),
         "size": 0.34, "bold": True, "owner": seat},
        {"kind": "counter", "id": f"money:{seat}", "x": x + 0.15, "y": y + 0.65, "w": 3.4, "label": "money",
         "value": f"${player['money']:,}", "owner": seat,
         "title": f"{name} has ${player['money']:,} of ${view['options']['target']:,}"},
        {"kind": "counter", "id": f"rank:{seat}", "x": x + 3.7, "y": y + 0.65, "w": 1.5, "label": "rank",
         "value": player["rank"], "owner": seat, "title": f"{name} is rank {player['rank']}"},
        {"kind": "counter", "id": f"miss:{seat}", "x": x + 5.35, "y": y + 0.65, "w": 1.9, "label": "misses",
         "value": player["turns_to_miss"], "owner": seat, **({"tone": "danger"} if player["turns_to_miss"] else {}),
         "title": f"{name} misses {player['turns_to_miss']} turn{'s' if player['turns_to_miss'] != 1 else ''}"},
    ]
    cards = player["cards"]
    for index, card in enumerate(cards):
        items.append({"kind": "card", "id": f"card:{card['name']}", "ref": card["name"], "owner": seat,
                      "x": round(x + 0.15 + index % PER_ROW * (CARD_W + 0.1), 3),
                      "y": round(y + 1.15 + index // PER_ROW * (CARD_H + 0.1), 3), "w": CARD_W, "h": CARD_H,
                      "name": card["name"], "lines": [f"level {card['level']}: ${card['value']:,}"],
                      "tone": TONE[f"L{card['level']}"],
                      "title": f"{name}'s level {card['level']} mission '{card['name']}' (${card['value']:,})"})
    if not cards:
        items.append({"kind": "text", "id": f"no-cards:{seat}", "x": x + 0.2, "y": y + 1.9, "size": 0.28,
                      "text": "no mission cards"})
    return items, tall
