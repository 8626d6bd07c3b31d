"""Observation tensors: a seat's picture of the game as planes over its board, the same shape in every state.

A game's **layout** is read once, from the picture of the game before its setup as a spectator sees it
(``Ruleset.picture`` of ``view(state, None)``: what everyone at the table sees, nothing secret): its spaces,
placed on a grid of rows and columns by their centres, and its counters, by id. A game whose picture there
has no space (no board: cards and counters only) has no layout, and so no tensor.

A seat's tensor is then made from its own picture alone (``picture(view(state, seat))``), so it holds
nothing the seat may not see. It is shaped ``(planes, rows, columns)``; at each space's cell, the planes
are ``space`` (1: a space is there), ``empty`` (1: no piece stands on it), one per seat (how many of its
pieces stand there), ``no owner`` (pieces of no seat's), the space's tone (one plane per tone of the picture
format, one-hot), the pieces' tones (a count per tone) and their shapes (a count per shape). A piece stands
at the space it names (``at``), or else at the space its centre lies in; a piece off the board is left out.
Then two planes per counter of the layout, the same over every cell: its value, and 1 where the picture
shows it as a number (a text that reads as one, as ``$10,000``, counts; ``ace`` or ``-`` does not: 0, 0).

Cards, texts, lines and pieces' labels are left out: they have no vocabulary fixed by the format.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from domain.engine.picture import SHAPES, TONES
from domain.engine.ruleset import Ruleset

PIECE_SHAPES = SHAPES["piece"]
SAME_LINE = 0.25
"""Centres closer than this (board units) stand in the same row or column."""
_NUMBER = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?")


@dataclass(frozen=True)
class Layout:
    """Where each space of a game's board lies on its grid (row, column), and the counters it tracks."""

    seat_count: int
    rows: int
    columns: int
    cells: dict[str, tuple[int, int]]
    counters: tuple[str, ...]

    @property
    def planes(self) -> tuple[str, ...]:
        """The board's planes, by name, in order."""
        return ("space", "empty", *(f"seat {seat}" for seat in range(1, self.seat_count + 1)), "no owner",
                *(f"space {tone}" for tone in TONES), *(f"piece {tone}" for tone in TONES),
                *(f"piece {shape}" for shape in PIECE_SHAPES),
                *(plane for counter in self.counters for plane in (f"counter {counter}", f"counter {counter} shown")))

    @property
    def shape(self) -> tuple[int, int, int]:
        """The tensor's shape: ``(planes, rows, columns)``."""
        return len(self.planes), self.rows, self.columns

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))


def layout_of(rules: Ruleset, seats: Sequence[str], options: dict[str, Any]) -> Layout | None:
    """The layout of a game of these rules, seats and options; ``None`` for one without a board."""
    picture = rules.picture(rules.view(rules.new_state(len(seats), rules.resolve_options(options)), None), seats)
    spaces = [item for item in picture["items"] if item["kind"] == "space" and "id" in item]
    if not spaces:
        return None
    centres = [_centre(space) for space in spaces]
    columns, rows = _lines([x for x, _ in centres]), _lines([y for _, y in centres])
    cells = {space["id"]: (_line_of(rows, y), _line_of(columns, x)) for space, (x, y) in zip(spaces, centres, strict=True)}
    if len(set(cells.values())) < len(cells):  # two spaces share a cell: one row of spaces, as drawn
        rows, columns = [0.0], [float(n) for n in range(len(spaces))]
        cells = {space["id"]: (0, n) for n, space in enumerate(spaces)}
    counters = tuple(dict.fromkeys(item["id"] for item in picture["items"] if item["kind"] == "counter" and "id" in item))
    return Layout(len(seats), len(rows), len(columns), cells, counters)


def _centre(item: dict[str, Any]) -> tuple[float, float]:
    return item["x"] + item["w"] / 2, item["y"] + item["h"] / 2


def _lines(values: list[float]) -> list[float]:
    """The rows (or columns) some centres stand on: the first centre of each run of close ones."""
    found: list[float] = []
    for value in sorted(values):
        if not found or value - found[-1] >= SAME_LINE:
            found.append(value)
    return found


def _line_of(lines: list[float], value: float) -> int:
    return max(n for n, line in enumerate(lines) if line <= value + 1e-9)


def fill(layout: Layout, picture: dict[str, Any], tensor: np.ndarray) -> None:
    """Write a seat's picture into its tensor (shaped ``layout.shape``)."""
    tensor.fill(0.0)
    seats, tones = layout.seat_count, len(TONES)
    no_owner, space_tone = 2 + seats, 3 + seats
    piece_tone, piece_shape = space_tone + tones, space_tone + 2 * tones
    counter_planes = piece_shape + len(PIECE_SHAPES)
    spaces = [item for item in picture["items"] if item["kind"] == "space" and item.get("id") in layout.cells]
    for space in spaces:
        row, column = layout.cells[space["id"]]
        tensor[0, row, column] = tensor[1, row, column] = 1.0
        if space.get("tone") in TONES:
            tensor[space_tone + TONES.index(space["tone"]), row, column] = 1.0
    for piece in (item for item in picture["items"] if item["kind"] == "piece"):
        place = piece.get("at") if "at" in piece else _space_under(spaces, piece["x"], piece["y"])
        if place not in layout.cells:
            continue
        row, column = layout.cells[place]
        tensor[1, row, column] = 0.0
        owner = piece.get("owner")
        tensor[1 + owner if isinstance(owner, int) and 1 <= owner <= seats else no_owner, row, column] += 1.0
        if piece.get("tone") in TONES:
            tensor[piece_tone + TONES.index(piece["tone"]), row, column] += 1.0
        tensor[piece_shape + PIECE_SHAPES.index(piece.get("shape", "disc")), row, column] += 1.0
    index = {key: n for n, key in enumerate(layout.counters)}
    for counter in (item for item in picture["items"] if item["kind"] == "counter" and item.get("id") in index):
        value = number_in(counter["value"])
        if value is not None:
            plane = counter_planes + 2 * index[counter["id"]]
            tensor[plane], tensor[plane + 1] = value, 1.0


def _space_under(spaces: list[dict[str, Any]], x: float, y: float) -> str | None:
    return next((space["id"] for space in spaces
                 if space["x"] <= x < space["x"] + space["w"] and space["y"] <= y < space["y"] + space["h"]), None)


def number_in(value: Any) -> float | None:
    """A counter's value as a number: a number as it is, a text that reads as one (``$10,000``: 10000), else None."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    found = _NUMBER.fullmatch(str(value).strip().lstrip("$€£"))
    return float(found.group().replace(",", "")) if found else None
