"""The one renderer: a picture (``domain.picture``) as an SVG element, the same for every game.

The SVG's user units are the picture's board units, so the picture's numbers are drawn as they are.
Every text is escaped (seat names are what players typed), and the drawing carries no script, no style
element, no link and nothing it loads: only shapes, texts and presentation attributes, so it can be put
in a page under a strict Content Security Policy. Each item with an ``id`` is a group carrying
``data-id`` (and ``data-ref``: what commands call it) for the browser client to click, and a
``<title>`` in words. What the last event changed (``changed``: ids) is outlined in gold on top.
A legend under the picture names each seat beside its colour.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any
from xml.sax.saxutils import escape as _xml_escape
from xml.sax.saxutils import quoteattr as _xml_quoteattr

from domain.picture import refs

NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters no XML document may hold, even escaped: a name with one (from a game recorded before names
were checked) would make the whole drawing unreadable, so each is drawn as U+FFFD instead."""


def _escape(text: str) -> str:
    return _xml_escape(NOT_XML.sub("\ufffd", text))


def quoteattr(text: str) -> str:
    return _xml_quoteattr(NOT_XML.sub("\ufffd", text))


SEAT_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#8a7a00", "#444444")
"""Okabe and Ito's colours, told apart with every common colour blindness."""
TONE_FILLS = {
    "plain": "#f6f3ec", "light": "#eedcb8", "dark": "#b58863", "wall": "#5b5b5b", "water": "#9cc9e8",
    "grass": "#b9d99a", "base": "#f3d37a", "danger": "#eba0a0", "good": "#a6d9a6", "gold": "#e8c547",
    "muted": "#dddddd", "accent": "#8fb4e3",
}
INK = "#222222"
HIGHLIGHT = "#f5a300"
LEGEND_HEIGHT = 0.7


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[(seat - 1) % len(SEAT_COLOURS)]


def to_svg(picture: dict[str, Any], seats: Sequence[str] = (), changed: Iterable[str] = (), label: str = "") -> str:
    """The picture as one ``<svg>`` element, ``changed`` items outlined, with a legend of ``seats``."""
    return "".join(svg_parts(picture, seats, changed, label))


def svg_parts(picture: dict[str, Any], seats: Sequence[str] = (), changed: Iterable[str] = (), label: str = "") -> list[str]:
    """``to_svg``'s text in pieces (the opening tag, one piece per item, the outlines, the legend, the
    closing tag), whose concatenation is the SVG: a replay page stores each distinct piece once."""
    width, height = float(picture["width"]), float(picture["height"])
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
            title = f"<title>{_escape(item['title'])}</title>" if item.get("title") else ""
            body.append(f'<g class="item {item["kind"]}"{attributes}>{title}{_marked(drawn)}</g>')
        elif item.get("title"):
            body.append(f"<g><title>{_escape(item['title'])}</title>{drawn}</g>")
        else:
            body.append(drawn)
    for key in dict.fromkeys(changed):
        if key in boxes:
            x, y, w, h = boxes[key]
            body.append(f'<rect class="changed" data-changed={quoteattr(key)} x="{_n(x - 0.04)}" y="{_n(y - 0.04)}" '
                        f'width="{_n(w + 0.08)}" height="{_n(h + 0.08)}" rx="0.1" fill="none" stroke="{HIGHLIGHT}" '
                        'stroke-width="0.09" pointer-events="none"/>')
    if seats:
        body.append(_legend(seats, height, width))
    aria = f" aria-label={quoteattr(label)}" if label else ""
    opening = (f'<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {_n(width)} {_n(total)}" '
               f'width="{_n(width * 56)}" height="{_n(total * 56)}" role="img"{aria} font-family="system-ui, sans-serif">')
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
        label = _label(item.get("label"), x + 0.12, y + 0.32, 0.26, bold=True)
        return (f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="0.12" fill="{fill}"{tint} '
                f'stroke="#999999" stroke-width="0.03"/>{label}', box)
    if kind == "space":
        fill = _fill(item, "plain")
        stroke = seat_colour(item["owner"]) if "owner" in item else "#8a8a8a"
        if item.get("shape") == "circle":
            shape = (f'<circle cx="{_n(x + w / 2)}" cy="{_n(y + h / 2)}" r="{_n(min(w, h) / 2 - 0.03)}" fill="{fill}" '
                     f'stroke="{stroke}" stroke-width="0.04"/>')
        else:
            shape = f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" fill="{fill}" stroke="{stroke}" stroke-width="0.02"/>'
        label = _label(item.get("label"), x + 0.06, y + 0.2, 0.16, opacity=0.7)
        return shape + label, box
    if kind == "card":
        return _card(item, x, y, w, h), box
    return _counter(item, x, y, w), box


def _card(item: dict[str, Any], x: float, y: float, w: float, h: float) -> str:
    edge = seat_colour(item["owner"]) if "owner" in item else "#777777"
    if item.get("face_down"):
        return (f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="0.15" fill="#3d4f73" stroke="{edge}" '
                f'stroke-width="0.06"/><rect x="{_n(x + 0.18)}" y="{_n(y + 0.18)}" width="{_n(w - 0.36)}" height="{_n(h - 0.36)}" '
                'rx="0.1" fill="none" stroke="#c9d3ea" stroke-width="0.03" stroke-dasharray="0.12 0.08"/>')
    fill = _fill(item, "plain") if "tone" in item else "#fffdf7"
    parts = [f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="0.15" fill="{fill}" stroke="{edge}" stroke-width="0.06"/>']
    corner = item.get("corner")
    room = w - 0.3 - (0.45 if corner else 0)
    line_y = y + 0.38
    for line in _wrap(item.get("name", ""), room, 0.26)[:3]:
        parts.append(_label(line, x + 0.15, line_y, 0.26, bold=True))
        line_y += 0.31
    if corner:
        parts.append(f'<circle cx="{_n(x + w - 0.3)}" cy="{_n(y + 0.3)}" r="0.22" fill="{edge}"/>'
                     + _label(corner, x + w - 0.3, y + 0.39, 0.24, bold=True, anchor="middle", colour="#ffffff"))
    line_y += 0.05
    for text in item.get("lines", []):
        for line in _wrap(text, w - 0.3, 0.19):
            if line_y > y + h - 0.1:
                return "".join(parts)
            parts.append(_label(line, x + 0.15, line_y, 0.19))
            line_y += 0.24
    return "".join(parts)


def _counter(item: dict[str, Any], x: float, y: float, w: float) -> str:
    colour = seat_colour(item["owner"]) if "owner" in item else INK
    value = item["value"]
    shown = _number_text(value) + (f" / {_number_text(item['max'])}" if "max" in item else "")
    parts = [f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="0.5" rx="0.1" fill="#ffffff" fill-opacity="0.85" '
             f'stroke="{colour}" stroke-width="0.03"/>',
             _label(item["label"], x + 0.1, y + 0.34, 0.24, colour=colour),
             _label(shown, x + w - 0.1, y + 0.34, 0.26, bold=True, anchor="end")]
    if "max" in item and isinstance(value, (int, float)) and item["max"] > 0:
        share = max(0.0, min(1.0, float(value) / float(item["max"])))
        parts.append(f'<rect x="{_n(x)}" y="{_n(y + 0.54)}" width="{_n(w)}" height="0.12" fill="#dddddd"/>'
                     f'<rect x="{_n(x)}" y="{_n(y + 0.54)}" width="{_n(w * share)}" height="0.12" fill="{colour}"/>')
    return "".join(parts)


def _piece(item: dict[str, Any], place: tuple[float, float, float]) -> tuple[str, tuple[float, float, float, float]]:
    cx, cy, size = place
    r = size / 2
    fill = seat_colour(item["owner"]) if "owner" in item else _fill(item, "muted")
    shape = item.get("shape", "disc")
    stroke = 'stroke="#ffffff" stroke-width="0.05"'
    if shape == "square":
        drawn = f'<rect x="{_n(cx - r)}" y="{_n(cy - r)}" width="{_n(size)}" height="{_n(size)}" rx="0.06" fill="{fill}" {stroke}/>'
    elif shape == "diamond":
        points = f"{_n(cx)},{_n(cy - r)} {_n(cx + r)},{_n(cy)} {_n(cx)},{_n(cy + r)} {_n(cx - r)},{_n(cy)}"
        drawn = f'<polygon points="{points}" fill="{fill}" {stroke}/>'
    else:
        drawn = f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="{fill}" {stroke}/>'
    colour = INK if "owner" not in item else "#ffffff"
    drawn += _label(item.get("label"), cx, cy + size * 0.16, size * 0.45, bold=True, anchor="middle", colour=colour)
    return drawn, (cx - r, cy - r, size, size)


def _line(item: dict[str, Any]) -> tuple[str, tuple[float, float, float, float]]:
    points = item["points"]
    colour = seat_colour(item["owner"]) if "owner" in item else _fill(item, "muted") if "tone" in item else "#888888"
    dash = ' stroke-dasharray="0.15 0.1"' if item.get("dashed") else ""
    drawn = (f'<polyline points="{" ".join(f"{_n(px)},{_n(py)}" for px, py in points)}" fill="none" stroke="{colour}" '
             f'stroke-width="{_n(float(item.get("width", 0.06)))}" stroke-linecap="round"{dash}/>')
    xs, ys = [float(p[0]) for p in points], [float(p[1]) for p in points]
    return drawn, (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _text(item: dict[str, Any]) -> tuple[str, tuple[float, float, float, float]]:
    size = float(item.get("size", 0.35))
    x, y = float(item["x"]), float(item["y"])
    anchor = item.get("anchor", "start")
    colour = seat_colour(item["owner"]) if "owner" in item else INK
    lines = item["text"].split("\n")
    if item.get("mono"):
        spans = "".join(f'<tspan x="{_n(x)}" dy="{_n(0 if n == 0 else size * 1.25)}">{_escape(line)}</tspan>' for n, line in enumerate(lines))
        drawn = (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" font-family="ui-monospace, DejaVu Sans Mono, monospace" '
                 f'fill="{colour}" xml:space="preserve">{spans}</text>')
    else:
        drawn = "".join(_label(line, x, y + n * size * 1.25, size, bold=bool(item.get("bold")), anchor=anchor, colour=colour)
                        for n, line in enumerate(lines))
    width = max(len(line) for line in lines) * size * (0.6 if item.get("mono") else 0.55)
    left = x - (width if anchor == "end" else width / 2 if anchor == "middle" else 0)
    return drawn, (left, y - size, width, size * 1.25 * len(lines))


def _legend(seats: Sequence[str], top: float, width: float) -> str:
    parts, x = [], 0.2
    for seat, name in enumerate(seats, 1):
        shown = f"{seat} {name}"
        if len(shown) > 24:  # a long name is cut short here (the page and the log give it whole)
            shown = shown[:23] + "…"
        parts.append(f'<circle cx="{_n(x + 0.15)}" cy="{_n(top + 0.35)}" r="0.15" fill="{seat_colour(seat)}"/>'
                     + _label(shown, x + 0.4, top + 0.45, 0.28))
        x += 0.8 + len(shown) * 0.16
        if x > width - 1:
            break
    return "".join(parts)


def _label(text: Any, x: float, y: float, size: float, bold: bool = False, anchor: str = "start",
           colour: str = INK, opacity: float = 1.0) -> str:
    if not text:
        return ""
    weight = ' font-weight="700"' if bold else ""
    anchoring = f' text-anchor="{anchor}"' if anchor != "start" else ""
    faded = f' fill-opacity="{opacity}"' if opacity < 1 else ""
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{colour}"{weight}{anchoring}{faded} '
            f'pointer-events="none">{_escape(str(text))}</text>')


def _wrap(text: str, width: float, size: float) -> list[str]:
    """The text in lines that fit ``width`` units at font ``size`` (words never split unless too long)."""
    fits = max(4, int(width / (size * 0.6)))
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            while len(word) > fits:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[: fits - 1] + "-")
                word = word[fits - 1:]
            if line and len(line) + 1 + len(word) > fits:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        lines.append(line)
    return [line for line in lines if line] or []


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


def _n(value: float) -> str:
    """A coordinate, short: no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return text if text not in ("-0", "") else "0"
