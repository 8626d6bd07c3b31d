"""Pictures: a view described as things to draw, which one renderer turns into SVG for every game.

A ruleset's ``picture(view, seats)`` returns a picture of a view (what one seat, a spectator or the
owner may see), built from that view alone, so it can show nothing the view does not hold. It is JSON::

    {"width": 8, "height": 9, "items": [item, ...], "colours": {"1": "red"}}

``colours`` (optional) names a seat's colour, from ``COLOURS``, where the game gives its sides colours
(a squad called red): the renderer draws that seat's things and its dot in the seat legend in it. Seats
it does not name take their own colour, unless a named seat took it: then the first one left.

Lengths are in board units (a square of a grid is 1 x 1, and the renderer draws a unit about 56 pixels
wide); ``x`` grows to the right and ``y`` downwards. Items are drawn in order. Every item has a
``kind`` and may have:

- ``id``: a name unique in the picture and the same from one step to the next (``"a1"``, ``"piece:K1"``,
  ``"hand:2:Sniper"``). What the last event changed is found by comparing pictures by id (``changed``).
- ``ref``: what the game's commands call the thing (a square ``"b3"``, a card ``"Sniper"``, a unit
  ``"u7"``): clicking it picks the legal commands that name it. A space's ``ref`` defaults to its id.
- ``title``: the thing in words, shown on hover and read by screen readers (``"Ann's knight on b3"``).
- ``owner``: the seat (1-8) it belongs to, drawn in that seat's colour.
- ``tone``: a colour from ``TONES`` (``"light"`` and ``"dark"`` squares, ``"wall"``, ``"water"``,
  ``"base"`` ...), for what has no owner or more than its owner to say.

The kinds and their own fields (``*``: required):

- ``area``: ``x* y* w* h*``, ``label``: a zone drawn behind the rest (a hand, a location, a lane).
- ``space``: ``x* y* w* h*``, ``shape`` (``rect`` | ``circle``), ``label`` (small, in a corner):
  a square or place pieces stand on.
- ``line``: ``points*`` (``[[x, y], ...]``, two at least), ``width``, ``dashed``: a path, a link, an arrow.
- ``piece``: ``at*`` (a space's id) or ``x* y*`` (its centre), ``label`` (1-3 characters), ``shape``
  (``disc`` | ``square`` | ``diamond``), ``size`` (diameter, default 0.7): a token on the board.
  Pieces at the same space are drawn side by side.
- ``card``: ``x* y* w* h*``, ``name``, ``lines`` (more text), ``corner`` (a cost or value, top right),
  ``face_down``: a card; face down it shows no name.
- ``counter``: ``x* y*``, ``label*``, ``value*`` (a number or short text), ``max`` (a bar out of it),
  ``w`` (width, default 3): a number a seat holds (hit points, money, tokens).
- ``text``: ``x* y*``, ``text*``, ``size`` (default 0.35), ``anchor`` (``start`` | ``middle`` | ``end``),
  ``bold``, ``mono`` (a fixed-width font, lines kept), ``w`` (the most it may take across: a longer
  line is cut short with "…"): words on the table.

No text is drawn smaller than ``MIN_TEXT_SHARE`` of the picture's width (a smaller ``size`` is raised
to it), so that every text is at least 11 CSS pixels where a 1280-pixel page draws the board; a card's
lines that no longer fit are left out (its ``title`` should hold them), and a counter's label is cut
short to leave room for its value.

Everything a player typed (seat names) is data: the renderer escapes every text it draws.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

KINDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "area": (("x", "y", "w", "h"), ("label",)),
    "space": (("x", "y", "w", "h"), ("shape", "label")),
    "line": (("points",), ("width", "dashed")),
    "piece": ((), ("at", "x", "y", "label", "shape", "size")),
    "card": (("x", "y", "w", "h"), ("name", "lines", "corner", "face_down")),
    "counter": (("x", "y", "label", "value"), ("max", "w")),
    "text": (("x", "y", "text"), ("size", "anchor", "bold", "mono", "w")),
}
"""Each kind's required and optional fields, besides the common ones."""
COMMON = ("kind", "id", "ref", "title", "owner", "tone")
TONES = ("plain", "light", "dark", "wall", "water", "grass", "base", "danger", "good", "gold", "muted", "accent")
COLOURS = ("blue", "red", "green", "purple", "orange", "sky", "yellow", "grey")
"""The seats' colours, by name, seat 1's first: what ``colours`` may name."""
SHAPES = {"space": ("rect", "circle"), "piece": ("disc", "square", "diamond")}
ANCHORS = ("start", "middle", "end")
MIN_TEXT_SHARE = 11 / 800
"""The smallest text a picture is drawn with, as a share of its width: 11 CSS pixels where the board is
800 pixels wide, as the web app draws it in a 1280-pixel page at the least."""


def legend(lines: Sequence[str], y: float, x: float = 0.3, size: float = 0.27) -> tuple[list[dict[str, Any]], float]:
    """A board's legend, what its tones and marks mean, as text items ``legend:N`` from ``y`` down; and
    how tall it is."""
    items = [{"kind": "text", "id": f"legend:{n}", "x": x, "y": round(y + 0.35 + 0.4 * n, 3), "text": line, "size": size}
             for n, line in enumerate(lines)]
    return items, round(0.4 * len(lines) + 0.2, 3)


def seat_colours(picture: dict[str, Any], seat_count: int) -> dict[int, str]:
    """Each seat's colour name: the picture's ``colours``, else its own, else the first one left."""
    named = {int(seat): colour for seat, colour in picture.get("colours", {}).items()}
    left = [colour for colour in COLOURS if colour not in named.values()]
    found = {}
    for seat in range(1, max(seat_count, *named, 0) + 1):
        own = COLOURS[(seat - 1) % len(COLOURS)]
        found[seat] = named.get(seat) or (own if own in left else left[0] if left else own)
        if found[seat] in left:
            left.remove(found[seat])
    return found


def smallest_text(width: float) -> float:
    """The smallest text size, in board units, a picture ``width`` units wide is drawn with."""
    return width * MIN_TEXT_SHARE
MAX_SEAT = 8


class BadPicture(ValueError):
    """A picture that breaks the format, saying where."""


def check(picture: Any) -> dict[str, Any]:
    """The picture if it keeps the format; ``BadPicture`` naming the first item and field that does not."""
    if not isinstance(picture, dict) or set(picture) - {"width", "height", "items", "colours"}:
        raise BadPicture("a picture is an object with width, height and items (and colours)")
    colours = picture.get("colours", {})
    if not isinstance(colours, dict) or not all(
            isinstance(seat, str) and seat.isdigit() and 1 <= int(seat) <= MAX_SEAT and colour in COLOURS for seat, colour in colours.items()):
        raise BadPicture(f"the picture's colours name seats (\"1\" to \"{MAX_SEAT}\") and colours, one of {', '.join(COLOURS)}")
    if len(set(colours.values())) < len(colours):
        raise BadPicture("the picture's colours give two seats one colour")
    for key in ("width", "height"):
        if not _number(picture.get(key)) or picture[key] <= 0:
            raise BadPicture(f"the picture's {key} is a positive number")
    items = picture.get("items")
    if not isinstance(items, list):
        raise BadPicture("the picture's items are a list")
    ids: set[str] = set()
    spaces: set[str] = set()
    for index, item in enumerate(items):
        _check_item(item, f"item {index}", ids)
        if item["kind"] == "space" and "id" in item:
            spaces.add(item["id"])
    for index, item in enumerate(items):
        if item["kind"] == "piece" and "at" in item and item["at"] not in spaces:
            raise BadPicture(f"item {index}: a piece stands at {item['at']!r}, which is no space's id")
    return picture


def _check_item(item: Any, where: str, ids: set[str]) -> None:
    if not isinstance(item, dict) or item.get("kind") not in KINDS:
        raise BadPicture(f"{where}: an item is an object whose kind is one of {', '.join(KINDS)}")
    kind = item["kind"]
    required, optional = KINDS[kind]
    where = f"{where} ({kind}{' ' + repr(item['id']) if isinstance(item.get('id'), str) else ''})"
    unknown = set(item) - set(COMMON) - set(required) - set(optional)
    if unknown:
        raise BadPicture(f"{where}: unknown field {sorted(unknown)[0]!r}")
    missing = [key for key in required if key not in item]
    if kind == "piece" and "at" not in item and not ("x" in item and "y" in item):
        missing.append("at (or x and y)")
    if missing:
        raise BadPicture(f"{where}: missing {missing[0]}")
    for key in ("id", "ref", "title", "label", "name", "corner", "text", "at"):
        if key in item and not isinstance(item[key], str):
            raise BadPicture(f"{where}: {key} is text")
    if "id" in item:
        if item["id"] in ids:
            raise BadPicture(f"{where}: the id {item['id']!r} is used twice")
        ids.add(item["id"])
    for key in ("x", "y", "w", "h", "size", "width", "max"):
        if key in item and not _number(item[key]):
            raise BadPicture(f"{where}: {key} is a number")
    for key in ("w", "h", "size", "width"):
        if key in item and item[key] <= 0:
            raise BadPicture(f"{where}: {key} is positive")
    if "owner" in item and (not isinstance(item["owner"], int) or isinstance(item["owner"], bool) or not 1 <= item["owner"] <= MAX_SEAT):
        raise BadPicture(f"{where}: owner is a seat number, 1 to {MAX_SEAT}")
    if "tone" in item and item["tone"] not in TONES:
        raise BadPicture(f"{where}: tone is one of {', '.join(TONES)}")
    if "shape" in item and item["shape"] not in SHAPES[kind]:
        raise BadPicture(f"{where}: a {kind}'s shape is one of {', '.join(SHAPES[kind])}")
    if "anchor" in item and item["anchor"] not in ANCHORS:
        raise BadPicture(f"{where}: anchor is one of {', '.join(ANCHORS)}")
    for key in ("face_down", "bold", "mono", "dashed"):
        if key in item and not isinstance(item[key], bool):
            raise BadPicture(f"{where}: {key} is true or false")
    if "lines" in item and not (isinstance(item["lines"], list) and all(isinstance(line, str) for line in item["lines"])):
        raise BadPicture(f"{where}: lines is a list of texts")
    if "value" in item and not (_number(item["value"]) or isinstance(item["value"], str)):
        raise BadPicture(f"{where}: value is a number or text")
    if kind == "line":
        points = item["points"]
        if not (isinstance(points, list) and len(points) >= 2
                and all(isinstance(p, list) and len(p) == 2 and all(_number(c) for c in p) for p in points)):
            raise BadPicture(f"{where}: points is a list of two or more [x, y] pairs")


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def changed(before: dict[str, Any] | None, after: dict[str, Any]) -> list[str]:
    """The ids of ``after``'s items that an event changed, ``before`` being the picture before it: items
    that are new or differ, and the spaces a moved piece left and reached. ``[]`` with no ``before``."""
    if before is None:
        return []
    old = {item["id"]: item for item in before["items"] if "id" in item}
    now = {item["id"]: item for item in after["items"] if "id" in item}
    found: list[str] = []
    for key, item in now.items():
        was = old.get(key)
        if was == item:
            continue
        found.append(key)
        if item["kind"] == "piece":
            found.extend(place for place in ((was or {}).get("at"), item.get("at")) if place)
    return [key for key in dict.fromkeys(found) if key in now]


def refs(picture: dict[str, Any]) -> dict[str, str]:
    """Each clickable item's id and what commands call it (its ``ref``; a space's id by default)."""
    found: dict[str, str] = {}
    for item in picture["items"]:
        if "id" not in item:
            continue
        if "ref" in item:
            found[item["id"]] = item["ref"]
        elif item["kind"] == "space":
            found[item["id"]] = item["id"]
    return found


def text_picture(text: str, title: str = "") -> dict[str, Any]:
    """A picture that is only a text in a fixed-width font: the contract's default for a ruleset that
    draws nothing of its own (its terminal board)."""
    lines = text.splitlines() or [""]
    width = max(8.0, 0.21 * max(len(line) for line in lines) + 0.6)
    items: list[dict[str, Any]] = [{"kind": "text", "x": 0.3, "y": 0.6, "text": "\n".join(lines), "mono": True, "size": 0.35}]
    if title:
        items[0]["title"] = title
    return {"width": round(width, 2), "height": round(0.45 * len(lines) + 0.6, 2), "items": items}


def grid(columns: Sequence[str], rows: Sequence[str], tone: Any = None, x: float = 0, y: float = 0) -> list[dict[str, Any]]:
    """Spaces for a chessboard-like grid named ``column + row`` (``a1``), the first row at the bottom;
    ``tone(name)`` picks each square's tone (default: light and dark alternate)."""
    found = []
    for r, row in enumerate(rows):
        for c, column in enumerate(columns):
            name = f"{column}{row}"
            shade = tone(name) if tone else ("dark" if (r + c) % 2 == 0 else "light")
            found.append({"kind": "space", "id": name, "x": x + c, "y": y + len(rows) - 1 - r, "w": 1, "h": 1,
                          "tone": shade, "label": name})
    return found



def seat_name(seats: Sequence[str], seat: int) -> str:
    """The seat's name (``seats[seat - 1]``), or ``seat N`` for a seat the list does not name."""
    return str(seats[seat - 1]) if 0 < seat <= len(seats) else f"seat {seat}"


def short_name(seats: Sequence[str], seat: int, room: int = 24) -> str:
    """The seat's name as a table shows it: a long one cut short to ``room`` characters (titles keep it whole)."""
    name = seat_name(seats, seat)
    return name if len(name) <= room else name[: room - 1] + "…"
