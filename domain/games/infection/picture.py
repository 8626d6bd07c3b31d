"""Infection drawn (``domain.engine.picture``): the 5x7 board of face-down tiles, the four villagers, each side's cards.

Built from a view alone. The board is a grid of squares named like a chess board (``a1`` at the bottom
left, Blue's village; rank 7 is Red's): a village square is toned ``base`` in its side's colour, a
square whose tile still lies face down ``dark``, a square with no tile left ``plain``; lines mark the
three tile regions (blue side, middle row, red side). Which tile lies where nobody knows (under rules
v2 no tile lies anywhere until it is turned over); only the owner's view of a rules-v1 game holds the
placement, written small on each face-down square. The villagers stand on their squares as discs in
their side's colour (a cure carried rides on the villager's square's corner), cures lying face up as
squares; their ``ref`` is the square, as every command names it (move, step, weapon targets).

Beside the board, each side (Red above, as on the board) with its cures home, each villager's HP and
what it cannot do next turn, and its ten cards (hands and played cards are public): one card per kind,
how many in hand in the corner, how many played below. A card's ``ref`` is its name (``axe``), as the
discard (from the victim's hand) and the recover (of one's own played card) name it; each side's
cures-home counter has the ``ref`` ``village``, which the Steal names for the enemy village. These refs
stay on whoever's turn it is, so a change of turn marks no card as changed. Under the sides, how many
tiles of each kind still lie face down in each region.

Ids follow the things: ``villager:<seat>:<n>``, ``carried:<seat>:<n>``, ``cure:<square>``,
``hand:<seat>:<card>``, ``cures:<seat>``, ``hp:<seat>:<n>``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.engine.picture import legend, seat_name
from domain.games.infection.board import FILES, RANKS, REGIONS
from domain.games.infection.cards import CARDS, CURES_TO_WIN, MAX_HP, NAMES

BOARD_X, BOARD_Y = 0.7, 1.45
PANEL_X = 6.5
CARD_W, CARD_STEP = 1.95, 2.05
ON_CARD = {**NAMES, "move": "Move"}
"""A card's name as its face shows it (the Move & Pick-up's whole name is in its title)."""
WIDTH = PANEL_X + 6 * CARD_STEP + 0.4
HEIGHT = 10.5
LEGEND = (
    "gold rows: the villages · brown: a face-down tile · pale: no tile left · discs: the villagers (R1 is Red's 1)",
    "green C: a cure, lying on its square or carried by a villager · a grey card: none of it left in hand",
)
"""What the board's tones and marks mean."""
SHORT = {"cure": "CURE", "virus": "VIRUS", "recover": "RECOV", "generosity": "GENER", "disarm": "DISARM", "contagion": "CONTAG"}


def picture(view: dict[str, Any], seats: Sequence[str]) -> dict[str, Any]:
    names = {side["seat"]: seat_name(seats, side["seat"]) for side in view["sides"]}
    items: list[dict[str, Any]] = [
        {"kind": "text", "id": "title", "x": 0.3, "y": 0.45, "text": f"Infection · round {view['round']} of at most {view['round_limit']}",
         "size": 0.38, "bold": True},
        {"kind": "text", "id": "status", "x": 0.3, "y": 0.95, "text": _status(view, names), "size": 0.32},
    ]
    items += _board(view, names)
    for row, side in enumerate(sorted(view["sides"], key=lambda s: -s["seat"])):
        items += _side(view, side, names, BOARD_Y + row * 3.7)
    items += _tiles_left(view, BOARD_Y + 7.75)
    marks, tall = legend(LEGEND, HEIGHT + 0.15)
    return {"width": round(WIDTH, 2), "height": round(HEIGHT + 0.15 + tall, 2), "items": items + marks}



def _status(view: dict[str, Any], names: dict[int, str]) -> str:
    if view["outcome"] is not None:
        winners = " and ".join(names[s] for s in view["outcome"]["winners"]) or "nobody"
        return f"Game over: {winners} won ({view['outcome']['reason']})."
    if view["pending"]:
        choice = view["pending"][0]
        if choice["kind"] == "discard":
            return f"{names[choice['seat']]} discards a card of their choice from {names[choice['victim']]}'s hand."
        return f"{names[choice['seat']]} takes back a played card ({NAMES.get(choice.get('tile', ''), 'a tile')})."
    on_turn = view["on_turn"]
    if on_turn is None:
        return "Setting up."
    debuffs = [words for key, words in (("cannot_move", "cannot move"), ("cannot_use_weapon", "cannot use a weapon")) if on_turn[key]]
    return f"{on_turn['name']} ({names[on_turn['seat']]}) to play" + (f"; it {' and '.join(debuffs)} this turn" if debuffs else "") + "."


def _corner(square: str) -> tuple[float, float]:
    """The top-left corner of a square in the picture (rank 7 at the top)."""
    return BOARD_X + FILES.index(square[0]), BOARD_Y + len(RANKS) - 1 - RANKS.index(square[1])


def _board(view: dict[str, Any], names: dict[int, str]) -> list[dict[str, Any]]:
    villages = {side["village_rank"]: side for side in view["sides"]}
    face_down = set(view["face_down"])
    hidden = view.get("hidden_tiles", {})
    regions = {rank: region for region, ranks in REGIONS.items() for rank in ranks}
    items: list[dict[str, Any]] = []
    for c, file in enumerate(FILES):
        items.append({"kind": "text", "x": BOARD_X + c + 0.5, "y": BOARD_Y + 7.35, "text": file, "size": 0.3, "anchor": "middle"})
    for r, rank in enumerate(RANKS):
        items.append({"kind": "text", "x": BOARD_X - 0.25, "y": BOARD_Y + 6.6 - r, "text": rank, "size": 0.3, "anchor": "middle"})
    for rank in RANKS:
        for file in FILES:
            square = file + rank
            x, y = _corner(square)
            space: dict[str, Any] = {"kind": "space", "id": square, "x": x, "y": y, "w": 1, "h": 1, "label": square}
            if rank in villages:
                side = villages[rank]
                space.update(tone="base", owner=side["seat"], title=f"{square}: the {side['colour']} village ({names[side['seat']]})")
            elif square in face_down:
                space.update(tone="dark", title=f"{square}: a face-down tile ({regions[rank]} region)")
            else:
                space.update(tone="plain", title=f"{square}: no tile left")
            items.append(space)
            if square in hidden:
                items.append({"kind": "text", "id": f"hidden:{square}", "x": x + 0.5, "y": y + 0.9, "text": SHORT.get(hidden[square], hidden[square]),
                              "size": 0.17, "anchor": "middle", "title": f"{NAMES.get(hidden[square], hidden[square])} lies face down on {square}"})
    for rank in ("1", "3", "4", "6"):  # the edges between the villages and the three tile regions
        y = BOARD_Y + len(RANKS) - 1 - RANKS.index(rank)
        items.append({"kind": "line", "points": [[BOARD_X, y], [BOARD_X + len(FILES), y]], "width": 0.07})
    for square, count in view["lying_cures"].items():
        items.append({"kind": "piece", "id": f"cure:{square}", "ref": square, "at": square, "label": "C" if count == 1 else f"C{count}",
                      "shape": "square", "size": 0.45, "tone": "good",
                      "title": f"{count} cure{'s' if count > 1 else ''} lying face up on {square}"})
    for side in view["sides"]:
        seat = side["seat"]
        for v in side["villagers"]:
            square = v["square"]
            notes = [note for key, note in (("cure", "carries a cure"), ("cannot_move_next_turn", "cannot move next turn"),
                                            ("cannot_use_weapon_next_turn", "cannot use a weapon next turn")) if v[key]]
            items.append({"kind": "piece", "id": f"villager:{seat}:{v['villager']}", "ref": square, "at": square, "owner": seat,
                          "label": f"{side['colour'][0].upper()}{v['villager']}", "shape": "disc", "size": 0.66,
                          "title": f"{names[seat]}'s {v['name']} on {square}, {v['hp']} HP" + (f", {', '.join(notes)}" if notes else "")})
            if v["cure"]:
                x, y = _corner(square)
                items.append({"kind": "piece", "id": f"carried:{seat}:{v['villager']}", "ref": square, "x": x + 0.8, "y": y + 0.22,
                              "label": "C", "shape": "square", "size": 0.32, "tone": "good", "title": f"the cure {v['name']} carries"})
    return items


def _side(view: dict[str, Any], side: dict[str, Any], names: dict[int, str], y: float) -> list[dict[str, Any]]:
    seat = side["seat"]
    colour = side["colour"].capitalize()
    on_turn = view["on_turn"] is not None and view["on_turn"]["seat"] == seat and not view["pending"]
    items: list[dict[str, Any]] = [
        {"kind": "area", "id": f"side:{seat}", "x": PANEL_X, "y": y - 0.1, "w": WIDTH - PANEL_X - 0.2, "h": 3.5, "owner": seat,
         "title": f"{names[seat]}'s side: {colour}"},
        {"kind": "text", "id": f"name:{seat}", "x": PANEL_X + 0.2, "y": y + 0.35, "owner": seat, "size": 0.36, "bold": True,
         "text": f"{colour}: {names[seat]}" + (f" · {view['on_turn']['name']} to play" if on_turn else "")},
    ]
    cures: dict[str, Any] = {"kind": "counter", "id": f"cures:{seat}", "x": PANEL_X + 0.2, "y": y + 0.6, "label": "Cures home",
                             "value": side["cures_home"], "max": CURES_TO_WIN, "w": 3.6, "owner": seat,
                             "ref": "village", "title": f"the {side['colour']} village holds {side['cures_home']} of {CURES_TO_WIN} cures"}
    items.append(cures)
    for n, v in enumerate(side["villagers"]):
        x = PANEL_X + 4.0 + n * 3.8
        items.append({"kind": "counter", "id": f"hp:{seat}:{v['villager']}", "x": x, "y": y + 0.6, "label": f"{v['name']} HP",
                      "value": v["hp"], "max": MAX_HP, "w": 3.6, "owner": seat, "title": f"{v['name']} on {v['square']}: {v['hp']} of {MAX_HP} HP"})
        notes = [note for key, note in (("cure", "carries a cure"), ("cannot_move_next_turn", "no move next turn"),
                                        ("cannot_use_weapon_next_turn", "no weapon next turn")) if v[key]]
        if notes:
            items.append({"kind": "text", "id": f"notes:{seat}:{v['villager']}", "x": x, "y": y + 1.58, "text": ", ".join(notes), "size": 0.24})
    for n, card in enumerate(CARDS):
        held, played = side["hand"][card], side["played"][card]
        spent = card == "steal" and side["steal_used"]
        item: dict[str, Any] = {"kind": "card", "id": f"hand:{seat}:{card}", "x": PANEL_X + 0.2 + n * CARD_STEP, "y": y + 1.7,
                                "w": CARD_W, "h": 1.6, "name": ON_CARD[card], "corner": str(held), "owner": seat, "ref": card,
                                "title": f"{names[seat]}'s {NAMES[card]}: {held} in hand, {played} played" + (", used for the game" if spent else "")}
        if spent or played:
            item["lines"] = ["used" if spent else f"played {played}"]
        if not held:
            item["tone"] = "muted"
        items.append(item)
    return items


def _tiles_left(view: dict[str, Any], y: float) -> list[dict[str, Any]]:
    """How many tiles of each kind lie face down in each region (the text's counts less those turned over)."""
    items: list[dict[str, Any]] = [{"kind": "text", "x": PANEL_X + 0.2, "y": y, "text": "Face-down tiles left", "size": 0.3, "bold": True}]
    for n, (region, counts) in enumerate(view["unrevealed"].items()):
        kinds = ", ".join(f"{NAMES.get(tile, tile)} {count}" for tile, count in counts.items())
        where = "middle row" if region == "middle" else f"{region} side"
        items.append({"kind": "text", "id": f"left:{region}", "x": PANEL_X + 0.2, "y": y + 0.42 + 0.38 * n, "size": 0.27,
                      "text": f"{where}: {sum(counts.values())}" + (f" ({kinds})" if kinds else "")})
    return items
