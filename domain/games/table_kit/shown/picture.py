"""A table-kit game's view drawn as a picture (``domain.engine.picture``), from the view alone.

The kit's space groups stand one under another in the left column, each under its label: a grid as
squares named like a chessboard (a1 bottom left, light and dark), a track with ``columns`` as a snake
(space 1 bottom left, each row turning at its end), a track without as rows of ten (one line when
short), a loop round the edge of a rectangle, a graph on a circle (or in a square of rows when large)
with a line for each pair of neighbours, and a free zone as one wide space that holds its pieces.
A space's id and ref are its name, as the commands name it; a space with a ``kinds`` mark shows it
and is toned by it. Links are lines with an arrowhead from one space's centre to the other's, green
where they lead on along the kit's order (a ladder), red where they lead back (a snake).

The board is drawn by ``picture_board``. The right column holds the dice, the counters, the pieces off the board (on the space ``off``, as the
commands name it) and every zone of cards: cards the view names face up, the others face down with
no name, a zone's shuffled pile as one face-down card with its count. Above both: the kit's title,
whose turn it is or how the game ended. Ids: ``piece:<id>``, ``card:<zone>:<index>``, ``zone:<zone>:pile``,
``zone:<zone>``, ``counter:<key>``, ``die:<name>``, ``link:<group>:<n>``; never a seat's name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.engine.picture import seat_name, short_name
from domain.games.table_kit.shown.picture_board import Item, board, board_links, pieces
from domain.games.table_kit.shown.present_text import counter_label, game_over_line, turn_line

M = 0.3
PANEL_W = 10.0
CARD_W, CARD_H = 1.75, 2.3
SHOWN = 10
"""The most cards of one zone drawn: the top ones (the rest are counted in words)."""


def picture(view: dict[str, Any], seats: Sequence[str]) -> dict[str, Any]:
    """The picture of a table-kit view: the board on the left, dice, counters and cards on the right."""
    items: list[Item] = _status(view, seats)
    drawn, centres, sizes, board_w, board_h = board(view["spaces"], M, 1.45)
    links = board_links(view["spaces"], centres)
    left = max(board_w, 6.0) + 0.6 if view["spaces"] else 0.0  # a kit without spaces (dice and counters): no empty board
    panel_x, panel_w = M + left, PANEL_W if view.get("zones") else 6.5
    panel, panel_h = _panel(view, seats, panel_x, 1.45, panel_w)
    items += drawn + links + panel + pieces(view, seats, centres, sizes)
    width = panel_x + panel_w + M
    bottom = 1.45 + max(board_h, panel_h)
    items.append({"kind": "text", "id": "legend", "x": M, "y": round(bottom + 0.2, 3), "size": 0.28, "w": round(width - 2 * M, 3),
                  "text": _legend(view)})
    return {"width": round(width, 2), "height": round(bottom + 0.45 + M, 2), "items": items}


def _legend(view: dict[str, Any]) -> str:
    """What the colours and marks mean, in one line."""
    marks = list(dict.fromkeys(mark for group in view["spaces"] for mark in group.get("kinds", {}).values()))
    parts = [f"spaces marked {', '.join(marks)}, each mark its colour"] if marks else []
    if any(group.get("links") for group in view["spaces"]):
        parts.append("green arrows lead on, red arrows lead back")
    parts.append("a face-down card shows no name; gold pieces are no one's")
    return "Legend: " + "; ".join(parts) + "."


def _status(view: dict[str, Any], seats: Sequence[str]) -> list[Item]:
    head: Item = {"kind": "text", "id": "text:title", "x": M, "y": 0.6, "text": view["kit"]["title"], "size": 0.42, "bold": True}
    outcome, turn = view.get("outcome"), view.get("turn")
    line: Item = {"kind": "text", "id": "text:turn", "x": M, "y": 1.1, "size": 0.32, "text": ""}
    if outcome is not None:
        line["text"] = game_over_line(outcome, seats)
        line["bold"] = True
    elif turn:
        said, whose = turn_line(view, seats)
        line.update(text=said, owner=whose)
    else:
        line["text"] = "Setting up"
    return [head, line]


# -- the right column ------------------------------------------------------------------------------


def _panel(view: dict[str, Any], seats: Sequence[str], x: float, y: float, width: float) -> tuple[list[Item], float]:
    """Dice, counters, the pieces off the board and the zones of cards from ``(x, y)`` down; how tall."""
    items: list[Item] = []
    top = y
    for n, die in enumerate(view.get("dice", [])):
        last = die.get("last")
        shown = "behind a screen" if die.get("hidden") else ", ".join(str(face) for face in last) if last else "not rolled"
        whose = f"{seat_name(seats, die['seat'])}'s " if die.get("seat") else ""
        key = f"die:{die['name']}" + (f":{die['seat']}" if die.get("seat") else "")
        items.append({"kind": "text", "id": key, "ref": f"die:{die['name']}", "x": round(x + n % 3 * width / 3, 3),
                      "y": round(top + 0.35 + n // 3 * 0.45, 3), "text": f"{whose}{die['name']}: {shown}", "size": 0.3,
                      "w": round(width / 3 - 0.15, 3), "title": f"{whose}{die['name']} ({len(die['faces'])} faces), last rolled: {shown}"})
    if view.get("dice"):
        top += 0.45 * -(-len(view["dice"]) // 3) + 0.2
    half = (width - 0.2) / 2
    for n, counter in enumerate(view.get("counters", [])):
        seat = counter.get("seat")
        label = f"{short_name(seats, seat, 14)}'s {counter_label(counter)}" if seat else counter_label(counter)
        low, high = counter.get("min"), counter.get("max")
        whose = f"{seat_name(seats, seat)}'s " if seat else ""
        bounds = f" ({'' if low is None else low} to {'' if high is None else high})" if low is not None or high is not None else ""
        item: Item = {"kind": "counter", "id": f"counter:{counter['key']}", "ref": f"counter:{counter['key']}", "label": label,
                      "x": round(x + n % 2 * (half + 0.2), 3), "y": round(top + n // 2 * 0.85, 3), "w": round(half, 3),
                      "value": counter["value"], "title": f"{whose}{counter_label(counter)}: {'hidden' if counter.get('hidden') else counter['value']}{bounds}"}
        if high is not None:
            item["max"] = high
        if seat:
            item["owner"] = seat
        items.append(item)
    if view.get("counters"):
        top += 0.85 * -(-len(view["counters"]) // 2) + 0.1
    if view.get("pieces"):
        off = sum(1 for piece in view["pieces"] if str(piece["at"]) == "off")
        tall = max(0.9, 0.8 * -(-off // 3))
        items.append({"kind": "space", "id": "off", "ref": "off", "x": x, "y": round(top, 3), "w": width, "h": tall,
                      "tone": "muted", "label": "off the board", "title": f"off the board: {off} piece{'s' if off != 1 else ''}"})
        top += tall + 0.25
    for zone in view.get("zones", []):
        drawn, tall = _zone(view, zone, seats, x, top)
        items += drawn
        top += tall + 0.2
    return items, top - y


def _zone(view: dict[str, Any], zone: dict[str, Any], seats: Sequence[str], x: float, y: float) -> tuple[list[Item], float]:
    """A zone of cards as an area: its pile face down, then its placed cards (the top last, rightmost)."""
    name, owner, hidden = zone["name"], zone.get("owner"), zone.get("hidden", 0)
    base = name[: -len(f":{owner}")] if owner and name.endswith(f":{owner}") else name
    label = f"{short_name(seats, owner, 16)}'s {base}" if owner else base
    words = f"{seat_name(seats, owner)}'s {base}" if owner else base
    count = zone.get("count", len(zone["cards"]) + hidden)
    placed = list(enumerate(zone["cards"]))[-SHOWN:]
    under = len(zone["cards"]) - len(placed)
    caption = ([f"{hidden} face down, unordered" if hidden else ""] + ([f"{under} more under these"] if under else []))
    caption = [part for part in caption if part]
    tall = 0.45 + (CARD_H + 0.15 if count else 0.35) + (0.4 if caption else 0)
    shows = {"face-down": ", face down", "holder": ", seen by its holder"}.get(zone.get("shows", ""), "")
    area: Item = {"kind": "area", "id": f"zone:{name}", "ref": f"zone:{name}", "x": x, "y": round(y, 3), "w": PANEL_W, "h": round(tall, 3),
                  "title": f"{words}: {count} cards{shows}"}
    heading: Item = {"kind": "text", "id": f"zone:{name}:name", "ref": f"zone:{name}", "x": x + 0.15, "y": round(y + 0.3, 3),
                     "size": 0.26, "w": PANEL_W - 0.3, "text": f"{label} · {count} card{'s' if count != 1 else ''}{shows}",
                     "title": f"{words}: {count} cards{shows}"}
    if owner:
        area["owner"] = owner
    items = [area]
    slots = len(placed) + (1 if hidden else 0)
    step = CARD_W + 0.12 if slots <= 1 else min(CARD_W + 0.12, (PANEL_W - 0.55 - CARD_W) / (slots - 1))
    left, top = x + 0.15, round(y + 0.42, 3)
    mine = {"owner": owner} if owner else {}
    if hidden:
        items.append({"kind": "card", "id": f"zone:{name}:pile", "ref": f"zone:{name}", "x": round(left, 3), "y": top, "w": CARD_W, "h": CARD_H,
                      "face_down": True, **mine, "title": f"{words}: {hidden} face-down cards, not yet in order"})
        left += step + (0.25 if placed else 0)
    for index, entry in placed:
        items.append(_card(view, entry, f"card:{name}:{index}", words, zone.get("shows") == "holder", left, top) | mine)
        left += step
    if not count:
        items.append({"kind": "text", "id": f"empty:{name}", "x": x + 0.15, "y": round(y + 0.7, 3), "text": "empty", "size": 0.26})
    if caption:
        items.append({"kind": "text", "id": f"caption:{name}", "x": x + 0.15, "y": round(y + tall - 0.15, 3), "size": 0.26,
                      "text": " · ".join(caption), "w": PANEL_W - 0.3})
    return items + [heading], tall  # the heading last: clicked, it is never under a card


def _card(view: dict[str, Any], entry: dict[str, Any], key: str, zone: str, held: bool, x: float, y: float) -> Item:
    card = entry.get("card")
    item: Item = {"kind": "card", "id": key, "x": round(x, 3), "y": y, "w": CARD_W, "h": CARD_H}
    if card is None:
        return item | {"face_down": True, "title": f"a face-down card in {zone}"}
    info = view.get("cards", {}).get(card, {})
    fields = [f"{field}: {value}" for field, value in info.get("fields", {}).items()]
    lines = ([info["text"]] if info.get("text") else []) + fields
    item |= {"ref": card, "name": card, "lines": lines, "title": f"{card} in {zone}" + (f": {'; '.join(lines)}" if lines else "")}
    if not entry.get("up") and not held:
        item["tone"] = "muted"
        item["title"] += " (face down: known to this seat)"
    return item
