"""The one renderer: a picture (``domain.engine.picture``) as an SVG element, the same for every game.

The SVG's user units are the picture's board units, so the picture's numbers are drawn as they are.
Every text is escaped (seat names are what players typed), and the drawing carries no script, no style
element, no link and nothing it loads: only shapes, texts and presentation attributes, so it can be put
in a page under a strict Content Security Policy. Each item with an ``id`` is a group carrying
``data-id`` (and ``data-ref``: what commands call it) for the browser client to click, and a
``<title>`` in words. What the last event changed (``changed``: ids) is outlined in gold on top.
A legend under the picture names each seat beside its colour. No text is drawn smaller than the
picture format's ``smallest_text`` for its width, so that every text on every board is at least 11 CSS
pixels where a 1280-pixel page draws it (a picture's smaller sizes are raised to that; a card's lines
that no longer fit are left to its title, which the page shows on hover, focus or tap).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from contextvars import ContextVar
from typing import Any

from domain.engine.picture import refs, smallest_text
from replays.drawing_text import (
    INK,
    cut,
    escape,
    num,
    quoteattr,
    size_of,
    smallest,
    text_element,
    wrap,
)
from replays.seat_colours import named_colours, own_colour

TONE_FILLS = {
    "plain": "#f6f3ec", "light": "#eedcb8", "dark": "#b58863", "wall": "#5b5b5b", "water": "#9cc9e8",
    "grass": "#b9d99a", "base": "#f3d37a", "danger": "#eba0a0", "good": "#a6d9a6", "gold": "#e8c547",
    "muted": "#dddddd", "accent": "#8fb4e3",
}
HIGHLIGHT = "#f5a300"
LEGEND_HEIGHT = 0.7
palette: ContextVar[dict[int, str]] = ContextVar("seat_palette", default={})
"""Each seat's colour in the drawing under way, where its picture names colours (``colours``)."""


def seat_colour(seat: int) -> str:
    return palette.get().get(seat) or own_colour(seat)


def to_svg(picture: dict[str, Any], seats: Sequence[str] = (), changed: Iterable[str] = (), label: str = "") -> str:
    """The picture as one ``<svg>`` element, ``changed`` items outlined, with a legend of ``seats``."""
    return "".join(svg_parts(picture, seats, changed, label))


def svg_parts(picture: dict[str, Any], seats: Sequence[str] = (), changed: Iterable[str] = (), label: str = "") -> list[str]:
    """``to_svg``'s text in pieces (the opening tag, one piece per item, the outlines, the legend, the
    closing tag), whose concatenation is the SVG: a replay page stores each distinct piece once."""
    width, height = float(picture["width"]), float(picture["height"])
    before = smallest.set(smallest_text(width))
    painted = palette.set(named_colours(picture, len(seats)))
    try:
        return _svg_parts(picture, width, height, seats, changed, label)
    finally:
        smallest.reset(before)
        palette.reset(painted)


def _svg_parts(picture: dict[str, Any], width: float, height: float, seats: Sequence[str], changed: Iterable[str],
               label: str) -> list[str]:
    total = height + (LEGEND_HEIGHT if seats else 0)
    spaces = {item["id"]: item for item in picture["items"] if item["kind"] == "space" and "id" in item}
    places = _piece_places(picture["items"], spaces)
    clickable = refs(picture)
    body: list[str] = []
    boxes: dict[str, tuple[float, float, float, float]] = {}
    for index, item in enumerate(picture["items"]):
        drawn, box = _item(item, index, places, spaces)
        key = item.get("id")
        if key is not None:
            boxes[key] = box
            attributes = f' data-id={quoteattr(key)}'
            if key in clickable:
                attributes += f' data-ref={quoteattr(clickable[key])}'
            title = f"<title>{escape(item['title'])}</title>" if item.get("title") else ""
            body.append(f'<g class="item {item["kind"]}"{attributes}>{title}{_marked(drawn)}</g>')
        elif item.get("title"):
            body.append(f"<g><title>{escape(item['title'])}</title>{drawn}</g>")
        else:
            body.append(drawn)
    for key in dict.fromkeys(changed):
        if key in boxes:
            x, y, w, h = boxes[key]
            body.append(f'<rect class="changed" data-changed={quoteattr(key)} x="{num(x - 0.04)}" y="{num(y - 0.04)}" '
                        f'width="{num(w + 0.08)}" height="{num(h + 0.08)}" rx="0.1" fill="none" stroke="{HIGHLIGHT}" '
                        'stroke-width="0.09" pointer-events="none"/>')
    if seats:
        body.append(_legend(seats, height, width))
    aria = f" aria-label={quoteattr(label)}" if label else ""
    if palette.get():  # for the page's list of seats, drawn in the same colours
        aria += f" data-seat-colours={quoteattr(json.dumps(palette.get()))}"
    opening = (f'<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {num(width)} {num(total)}" '
               f'width="{num(width * 56)}" height="{num(total * 56)}" role="img"{aria} font-family="system-ui, sans-serif">')
    return [opening, *body, "</svg>"]


def _item(item: dict[str, Any], index: int, places: dict[int, tuple[float, float, float]],
          spaces: dict[str, Any]) -> tuple[str, tuple[float, float, float, float]]:
    kind = item["kind"]
    if kind == "piece":
        return _piece(item, places[index])
    if kind == "line":
        return _line(item)
    if kind == "text":
        return _text(item)
    x, y, w, h = (float(item[key]) for key in ("x", "y", "w", "h")) if kind != "counter" else (
        float(item["x"]), float(item["y"]), float(item.get("w", 3)), 0.55 + (0.15 if "max" in item else 0))
    box = (x, y, w, h)
    if kind == "area":
        fill = _fill(item, "plain")
        tint = ' fill-opacity="0.18"' if "owner" in item and "tone" not in item else ""
        size = size_of(0.26)
        label = text_element(cut(item.get("label") or "", w - 0.2, size, wide=True), x + 0.12, y + 0.07 + size * 0.96, size, bold=True)
        return (f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="0.12" fill="{fill}"{tint} '
                f'stroke="#999999" stroke-width="0.03"/>{label}', box)
    if kind == "space":
        fill = _fill(item, "plain")
        stroke = seat_colour(item["owner"]) if "owner" in item else "#8a8a8a"
        if item.get("shape") == "circle":
            shape = (f'<circle cx="{num(x + w / 2)}" cy="{num(y + h / 2)}" r="{num(min(w, h) / 2 - 0.03)}" fill="{fill}" '
                     f'stroke="{stroke}" stroke-width="0.04"/>')
        else:
            shape = f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" fill="{fill}" stroke="{stroke}" stroke-width="0.02"/>'
        size = size_of(0.16)
        label = text_element(cut(item.get("label") or "", w - 0.08, size), x + 0.06, y + 0.06 + size * 0.9, size, opacity=0.7)
        return shape + label, box
    if kind == "card":
        return _card(item, x, y, w, h), box
    return _counter(item, x, y, w), box


def _card(item: dict[str, Any], x: float, y: float, w: float, h: float) -> str:
    edge = seat_colour(item["owner"]) if "owner" in item else "#777777"
    if item.get("face_down"):
        return (f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="0.15" fill="#3d4f73" stroke="{edge}" '
                f'stroke-width="0.06"/><rect x="{num(x + 0.18)}" y="{num(y + 0.18)}" width="{num(w - 0.36)}" height="{num(h - 0.36)}" '
                'rx="0.1" fill="none" stroke="#c9d3ea" stroke-width="0.03" stroke-dasharray="0.12 0.08"/>')
    fill = _fill(item, "plain") if "tone" in item else "#fffdf7"
    parts = [f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="0.15" fill="{fill}" stroke="{edge}" stroke-width="0.06"/>']
    corner = item.get("corner")
    room = w - 0.3 - (0.45 if corner else 0)
    name_size, line_size = size_of(0.26), size_of(0.19)
    line_y = y + 0.12 + name_size
    for line in wrap(item.get("name", ""), room, name_size)[:3]:
        parts.append(text_element(line, x + 0.15, line_y, name_size, bold=True))
        line_y += name_size * 1.2
    if corner:
        parts.append(f'<circle cx="{num(x + w - 0.3)}" cy="{num(y + 0.3)}" r="0.22" fill="{edge}"/>'
                     + text_element(corner, x + w - 0.3, y + 0.39, 0.24, bold=True, anchor="middle", colour="#ffffff"))
    line_y += 0.05 + line_size - 0.19
    for text in item.get("lines", []):
        for line in wrap(text, w - 0.3, line_size):
            if line_y > y + h - 0.1:
                return "".join(parts)
            parts.append(text_element(line, x + 0.15, line_y, line_size))
            line_y += line_size * 1.26
    return "".join(parts)


def _counter(item: dict[str, Any], x: float, y: float, w: float) -> str:
    colour = seat_colour(item["owner"]) if "owner" in item else INK
    value = item["value"]
    shown = _number_text(value) + (f" / {_number_text(item['max'])}" if "max" in item else "")
    room = w - 0.3 - len(shown) * size_of(0.26) * 0.62  # what the value leaves the label
    parts = [f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="0.5" rx="0.1" fill="#ffffff" fill-opacity="0.85" '
             f'stroke="{colour}" stroke-width="0.03"/>',
             text_element(cut(item["label"], room, size_of(0.24)), x + 0.1, y + 0.34, 0.24, colour=colour),
             text_element(shown, x + w - 0.1, y + 0.34, 0.26, bold=True, anchor="end")]
    if "max" in item and isinstance(value, (int, float)) and item["max"] > 0:
        share = max(0.0, min(1.0, float(value) / float(item["max"])))
        parts.append(f'<rect x="{num(x)}" y="{num(y + 0.54)}" width="{num(w)}" height="0.12" fill="#dddddd"/>'
                     f'<rect x="{num(x)}" y="{num(y + 0.54)}" width="{num(w * share)}" height="0.12" fill="{colour}"/>')
    return "".join(parts)


def _piece(item: dict[str, Any], place: tuple[float, float, float]) -> tuple[str, tuple[float, float, float, float]]:
    cx, cy, size = place
    r = size / 2
    fill = seat_colour(item["owner"]) if "owner" in item else _fill(item, "muted")
    shape = item.get("shape", "disc")
    stroke = 'stroke="#ffffff" stroke-width="0.05"'
    if shape == "square":
        drawn = f'<rect x="{num(cx - r)}" y="{num(cy - r)}" width="{num(size)}" height="{num(size)}" rx="0.06" fill="{fill}" {stroke}/>'
    elif shape == "diamond":
        points = f"{num(cx)},{num(cy - r)} {num(cx + r)},{num(cy)} {num(cx)},{num(cy + r)} {num(cx - r)},{num(cy)}"
        drawn = f'<polygon points="{points}" fill="{fill}" {stroke}/>'
    else:
        drawn = f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{fill}" {stroke}/>'
    colour = INK if "owner" not in item else "#ffffff"
    drawn += text_element(item.get("label"), cx, cy + size * 0.16, size * 0.45, bold=True, anchor="middle", colour=colour)
    return drawn, (cx - r, cy - r, size, size)


def _line(item: dict[str, Any]) -> tuple[str, tuple[float, float, float, float]]:
    points = item["points"]
    colour = seat_colour(item["owner"]) if "owner" in item else _fill(item, "muted") if "tone" in item else "#888888"
    dash = ' stroke-dasharray="0.15 0.1"' if item.get("dashed") else ""
    drawn = (f'<polyline points="{" ".join(f"{num(px)},{num(py)}" for px, py in points)}" fill="none" stroke="{colour}" '
             f'stroke-width="{num(float(item.get("width", 0.06)))}" stroke-linecap="round"{dash}/>')
    xs, ys = [float(p[0]) for p in points], [float(p[1]) for p in points]
    return drawn, (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _text(item: dict[str, Any]) -> tuple[str, tuple[float, float, float, float]]:
    size = size_of(float(item.get("size", 0.35)))
    x, y = float(item["x"]), float(item["y"])
    anchor = item.get("anchor", "start")
    colour = seat_colour(item["owner"]) if "owner" in item else INK
    lines = item["text"].split("\n")
    if "w" in item:
        lines = [cut(line, float(item["w"]), size, wide=bool(item.get("mono") or item.get("bold"))) for line in lines]
    if item.get("mono"):
        spans = "".join(f'<tspan x="{num(x)}" dy="{num(0 if n == 0 else size * 1.25)}">{escape(line)}</tspan>' for n, line in enumerate(lines))
        drawn = (f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" font-family="ui-monospace, DejaVu Sans Mono, monospace" '
                 f'fill="{colour}" xml:space="preserve">{spans}</text>')
    else:
        drawn = "".join(text_element(line, x, y + n * size * 1.25, size, bold=bool(item.get("bold")), anchor=anchor, colour=colour)
                        for n, line in enumerate(lines))
    width = max(len(line) for line in lines) * size * (0.62 if item.get("mono") or item.get("bold") else 0.56)
    left = x - (width if anchor == "end" else width / 2 if anchor == "middle" else 0)
    return drawn, (left, y - size, width, size * 1.25 * len(lines))


def _legend(seats: Sequence[str], top: float, width: float) -> str:
    parts, x = [], 0.2
    for seat, name in enumerate(seats, 1):
        shown = f"{seat} {name}"
        if len(shown) > 24:  # a long name is cut short here (the page and the log give it whole)
            shown = shown[:23] + "…"
        parts.append(f'<circle cx="{num(x + 0.15)}" cy="{num(top + 0.35)}" r="0.15" fill="{seat_colour(seat)}"/>'
                     + text_element(shown, x + 0.4, top + 0.45, 0.28))
        x += 0.8 + len(shown) * 0.16
        if x > width - 1:
            break
    return "".join(parts)


def _piece_places(items: list[dict[str, Any]], spaces: dict[str, Any]) -> dict[int, tuple[float, float, float]]:
    """Each piece's centre and size: its own ``x, y``, or its space's centre, pieces sharing a space side by
    side and smaller where they would not fit."""
    sharing: dict[str, list[int]] = {}
    places: dict[int, tuple[float, float, float]] = {}
    for index, item in enumerate(items):
        if item["kind"] != "piece":
            continue
        if "at" in item and item["at"] in spaces:
            sharing.setdefault(item["at"], []).append(index)
        else:
            places[index] = (float(item.get("x", 0)), float(item.get("y", 0)), float(item.get("size", 0.7)))
    for at, indexes in sharing.items():
        space = spaces[at]
        x, y, w, h = (float(space[key]) for key in ("x", "y", "w", "h"))
        count = len(indexes)
        columns = 1 if count == 1 else 2 if count <= 4 else 3
        rows = -(-count // columns)
        for n, index in enumerate(indexes):
            column, row = n % columns, n // columns
            size = float(items[index].get("size", 0.7))
            if count > 1:
                size = min(size, min(w / columns, h / rows) * 0.9)
            places[index] = (x + w * (column + 0.5) / columns, y + h * (row + 0.5) / rows, size)
    return places


def _marked(drawn: str) -> str:
    """The drawing with its first element (the item's own shape) marked ``class="shape"``, for the
    browser client to outline what may be clicked."""
    space = drawn.find(" ")
    return drawn[:space] + ' class="shape"' + drawn[space:] if drawn.startswith("<") and space > 0 else drawn


def _fill(item: dict[str, Any], default: str) -> str:
    return TONE_FILLS.get(item.get("tone", default), TONE_FILLS[default])


def _number_text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
