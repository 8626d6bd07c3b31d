"""The left column of a table-kit game's picture: the kit's space groups one under another, each under
its label (a grid as a chessboard, a track as a snake or rows of ten, a loop round a rectangle, a graph on
a circle with its neighbours' lines, a free zone as one wide space), the links between spaces as arrows,
and the pieces on their spaces (``domain.games.table_kit.shown.picture`` draws the rest)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from domain.engine.picture import seat_name
from domain.games.table_kit.vocabulary.layout import group_spaces

Item = dict[str, Any]
Cell = tuple[str, float, float, float, float]
"""A space's name, x, y, w and h within its group."""
BOARD = 11.0
"""The widest a group of squares is drawn, in units (a square is at most ``SIDE``)."""
SIDE = 1.2
KIND_TONES = ("good", "gold", "danger", "water", "grass", "base", "accent", "muted")


def board(groups: list[dict[str, Any]], x: float, y: float
           ) -> tuple[list[Item], dict[str, tuple[float, float]], dict[str, float], float, float]:
    """Every group's spaces one under another from ``(x, y)``; each space's centre and size; the width and height."""
    items: list[Item] = []
    centres: dict[str, tuple[float, float]] = {}
    sizes: dict[str, float] = {}
    top, width = y, 0.0
    for group in groups:
        cells, w, h = _cells(group)
        label = group.get("label") or group["name"]
        if group["kind"] != "zone" or label != group["name"]:  # a free zone's space says its name
            items.append({"kind": "text", "id": f"group:{group['name']}", "x": x, "y": round(top + 0.35, 3), "text": label,
                          "size": 0.3, "bold": True})
            top += 0.55
        marks = group.get("kinds", {})
        tones = {mark: KIND_TONES[n % len(KIND_TONES)] for n, mark in enumerate(dict.fromkeys(marks.values()))}
        for name, cx, cy, cw, ch in cells:
            centres[name] = (round(x + cx + cw / 2, 3), round(top + cy + ch / 2, 3))
            sizes[name] = min(cw, ch)
        items += _edges(group, centres)
        for n, (name, cx, cy, cw, ch) in enumerate(cells):
            mark = marks.get(name)
            space: Item = {"kind": "space", "id": name, "ref": name, "x": round(x + cx, 3), "y": round(top + cy, 3),
                           "w": round(cw, 3), "h": round(ch, 3), "label": f"{name} {mark}" if mark else name,
                           "tone": tones[mark] if mark else _tone(group, name, n),
                           "title": f"{label}: {name}" + (f" ({mark})" if mark else "")}
            items.append(space)
        top += h + 0.4
        width = max(width, w)
    return items, centres, sizes, width, top - y


def _tone(group: dict[str, Any], name: str, index: int) -> str:
    kind = group["kind"]
    if kind == "grid":
        return "dark" if (ord(name[0]) - ord("a") + int(name[1:])) % 2 == 1 else "light"
    if kind == "track":
        return "light" if index % 2 else "plain"
    return "grass" if kind == "zone" else "plain"


def _cells(group: dict[str, Any]) -> tuple[list[Cell], float, float]:
    """Where each space of a group goes (within the group), and the group's width and height."""
    names, kind = group_spaces(group), group["kind"]
    if kind == "grid":
        columns, rows = group["columns"], group["rows"]
        side = min(2 * SIDE, BOARD / max(columns, rows))
        cells = [(name, n % columns * side, (rows - 1 - n // columns) * side, side, side) for n, name in enumerate(names)]
        return cells, columns * side, rows * side
    if kind == "track":
        columns = group.get("columns") or (len(names) if len(names) <= 12 else 10)
        rows = -(-len(names) // columns)
        side = min(SIDE, BOARD / columns)
        cells = []
        for n, name in enumerate(names):
            row, along = divmod(n, columns)
            if "columns" in group:  # a snake: from the bottom up, turning at each end
                column, row = (along if row % 2 == 0 else columns - 1 - along), rows - 1 - row
            else:
                column = along
            cells.append((name, column * side, row * side, side, side))
        return cells, columns * side, rows * side
    if kind == "loop":
        places = _ring(len(names))
        rows, columns = max(r for r, _ in places) + 1, max(c for _, c in places) + 1
        side = min(SIDE, BOARD / max(rows, columns))
        return [(name, c * side, r * side, side, side) for name, (r, c) in zip(names, places)], columns * side, rows * side
    if kind == "graph":
        count = len(names)
        if count <= 16:  # on a circle, the first at the top, clockwise
            radius = max(1.8, count * 1.9 / (2 * math.pi))
            cells = [(name, radius * (1 + math.sin(2 * math.pi * n / count)), radius * (1 - math.cos(2 * math.pi * n / count)), 1.5, 1.0)
                     for n, name in enumerate(names)]
            return cells, 2 * radius + 1.5, 2 * radius + 1
        columns = math.ceil(math.sqrt(count))
        cells = [(name, n % columns * 2.1, n // columns * 1.6, 1.5, 1.0) for n, name in enumerate(names)]
        return cells, columns * 2.1 - 0.6, -(-count // columns) * 1.6 - 0.6
    return [(names[0], 0.0, 0.0, 5.0, 1.6)], 5.0, 1.6


def _ring(size: int) -> list[tuple[int, int]]:
    """Each space of a loop as (row, column) on a rectangle's edge: clockwise from the top-left corner."""
    across = max(2, (size + 3) // 4 + 1)
    down = max(0, size - 2 * across)
    left, right = down // 2, down - down // 2
    height = right + 2
    cells = [(0, column) for column in range(across)] + [(row, across - 1) for row in range(1, right + 1)]
    cells += [(height - 1, column) for column in range(across - 1, -1, -1)] + [(row, 0) for row in range(height - 2, height - 2 - left, -1)]
    return cells[:size]


def _edges(group: dict[str, Any], centres: dict[str, tuple[float, float]]) -> list[Item]:
    """A line for each pair of a graph's neighbours, once."""
    pairs = dict.fromkeys(tuple(sorted((str(name), str(other)))) for name, others in group.get("neighbours", {}).items()
                          for other in others if str(other) != str(name))
    return [{"kind": "line", "id": f"edge:{a}:{b}", "points": [list(centres[a]), list(centres[b])], "width": 0.07,
             "title": f"{a} and {b} are neighbours"} for a, b in pairs if a in centres and b in centres]


def board_links(groups: list[dict[str, Any]], centres: dict[str, tuple[float, float]]) -> list[Item]:
    """Each link as a line with an arrowhead, green leading on along the spaces' order, red leading back."""
    order = {name: n for n, name in enumerate(centres)}
    items: list[Item] = []
    for group in groups:
        for n, link in enumerate(group.get("links", [])):
            start, end = str(link["from"]), str(link["to"])
            if start not in centres or end not in centres or start == end:
                continue
            (ax, ay), (bx, by) = centres[start], centres[end]
            length = math.hypot(bx - ax, by - ay)
            ux, uy = (bx - ax) / length, (by - ay) / length
            wings = [[round(bx - 0.3 * ux + side * 0.18 * uy, 3), round(by - 0.3 * uy - side * 0.18 * ux, 3)] for side in (1, -1)]
            items.append({"kind": "line", "id": f"link:{group['name']}:{n}", "width": 0.15,
                          "points": [[ax, ay], [bx, by], wings[0], [bx, by], wings[1]],
                          "tone": "good" if order[end] > order[start] else "danger",
                          "title": f"{link.get('label') or 'link'} from {start} to {end}"})
    return items


def pieces(view: dict[str, Any], seats: Sequence[str], centres: dict[str, tuple[float, float]], sizes: dict[str, float]) -> list[Item]:
    items: list[Item] = []
    for piece in view["pieces"]:
        at, owner = str(piece["at"]), piece.get("owner")
        on = at in centres
        whose = f"{seat_name(seats, owner)}'s " if owner else "the neutral "
        item: Item = {"kind": "piece", "id": f"piece:{piece['id']}", "ref": at if on else "off", "at": at if on else "off",
                      "label": str(piece.get("label") or piece["kind"][:1].upper())[:3],
                      "size": round(min(0.85, 0.6 * sizes[at]), 3) if on else 0.6,
                      "title": f"{whose}{piece['id']} " + (f"on {at}" if on else "off the board")}
        if owner:
            item["owner"] = owner
        else:
            item["tone"] = "gold"
        items.append(item)
    return items
