"""A kit's board sized for one table: a grid's ``rows`` and ``columns``, a track's or loop's ``count`` and a
piece's ``count`` may be sizes (``kit_sizes``), expressions of the parameters and ``seats``: ``columns: cols``,
``count: "seats * 10"``.

The rest of the code reads a board of numbers: ``sized_board`` works the sizes out for one table's parameter
values and seats into a document of numbers (the document itself where the kit writes none), once for each
kit, values and seat count. When the kit is read, its board is tried as its other sizes are (every seat count,
each whole-number parameter a size reads at its minimum, default and maximum: ``board_problems``), each size
inside the schema's limits, and its rules are compiled, and their expressions priced, on the largest board so
tried (``largest_board``); a table whose board would be larger still is refused (``larger_than_tried``).
"""

from __future__ import annotations

import functools
import json
from typing import Any

from domain.games.table_kit.language.kit_sizes import (
    MOST_SIZE_STEPS,
    Path_,
    SizeMistake,
    size_of,
    size_price,
    trials,
    whole_size,
)
from domain.games.table_kit.vocabulary.layout import group_spaces

GRID_SIDE = (1, 26)
"""A grid's fewest and most rows (and columns), as the schema bounds a number written there."""
TRACK_SPACES = (2, 200)
"""A track's or loop's fewest and most spaces."""
PIECE_COPIES = (1, 60)
"""A piece's fewest and most copies (for each seat, for owner: each)."""
MOST_BOARDS_CHECKED = 32
"""The most boards whose names (a piece's start, a link, a mark) are checked when the kit is read, the largest
among them; a table's own board is checked as the game is created."""


def board_sizes(document: dict[str, Any]) -> list[tuple[Path_, str, tuple[int, int], str]]:
    """Every board size the kit writes as an expression: its place, its source, its bounds and what it is."""
    out: list[tuple[Path_, str, tuple[int, int], str]] = []
    for n, group in enumerate(document.get("spaces", [])):
        kind = group.get("kind")
        keys = (("rows", GRID_SIDE, "a grid's number of rows"), ("columns", GRID_SIDE, "a grid's number of columns")) if kind == "grid" else \
            (("count", TRACK_SPACES, f"a {kind}'s count"),) if kind in ("track", "loop") else ()
        out += [(("spaces", n, key), group[key], bounds, what) for key, bounds, what in keys if isinstance(group.get(key), str)]
    out += [(("pieces", n, "count"), piece["count"], PIECE_COPIES, "a piece's count")
            for n, piece in enumerate(document.get("pieces", [])) if isinstance(piece.get("count"), str)]
    return out


def sized_board(document: dict[str, Any], values: dict[str, Any], seats: int) -> dict[str, Any]:
    """The document with its board's sizes worked out for these values and seats (``SizeMistake`` for one out of
    its bounds); the document itself where it writes none."""
    if not board_sizes(document):
        return document
    return _sized(json.dumps(document, sort_keys=True), json.dumps(values, sort_keys=True), seats)


@functools.lru_cache(maxsize=128)
def _sized(text: str, values: str, seats: int) -> dict[str, Any]:
    document, given = json.loads(text), json.loads(values)
    for path, source, (least, most), what in board_sizes(document):
        whole = whole_size(size_of(source, path, given, seats), path, least, most, what)
        document[path[0]][path[1]][path[2]] = whole
    return document


def extent(document: dict[str, Any]) -> int:
    """How large a board of numbers is, as expressions are priced by it: its spaces or its pieces, the more."""
    most = int(document["seats"]["most"])
    spaces = sum(len(group_spaces(group)) for group in document.get("spaces", []))
    pieces = sum(int(spec.get("count", 1)) * (most if spec.get("owner", "each") == "each" else 1) for spec in document.get("pieces", []))
    return max(spaces, pieces)


def boards(document: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """The boards the kit is tried on when it is read, each different one once, with the values that make it
    (said as ``at 2 seats, cols 4``); ``SizeMistake`` for the first size out of its bounds, said with them."""
    return _boards(json.dumps(document, sort_keys=True))


@functools.lru_cache(maxsize=16)
def _boards(text: str) -> list[tuple[dict[str, Any], str]]:
    document = json.loads(text)
    for n, piece in enumerate(document.get("pieces", [])):
        if isinstance(piece.get("count"), str) and isinstance(piece.get("at"), list):
            raise SizeMistake(("pieces", n, "at"), "a piece whose count is worked out starts off the board or on one space "
                                                  "(a list of spaces names one for each piece: write its count as a number)", True)
    sources = [source for _, source, _, _ in board_sizes(document)]
    declared = document.get("parameters", {})
    tried = list(trials(document, sources))
    one = len(sources) + sum(size_price(source) for source in sources)
    if one * len(tried) > MOST_SIZE_STEPS:
        raise SizeMistake(("spaces",), f"working out the board's sizes for each of the {len(tried)} sets of values tried may take up to "
                                       f"{one * len(tried):,} steps, more than the {MOST_SIZE_STEPS:,} it may: write fewer or simpler sizes", True)
    out: dict[str, tuple[dict[str, Any], str]] = {}
    for values, seats in tried:
        given = ", ".join(f"{name} {value!r}" for name, value in values.items() if name in declared)
        said = f"at {seats} seats{', ' + given if given else ''}"
        try:
            board = sized_board(document, values, seats)
        except SizeMistake as mistake:
            raise SizeMistake(mistake.path, mistake.message if mistake.written else f"{mistake.message} ({said})", mistake.written) from None
        out.setdefault(json.dumps(board, sort_keys=True), (board, said))
    return list(out.values())


def board_problems(document: dict[str, Any]) -> list[tuple[Path_, str]]:
    """The first board size out of its bounds for a seat count and parameter values the kit allows, said with them."""
    if not board_sizes(document):
        return []
    try:
        boards(document)
    except SizeMistake as mistake:
        return [(mistake.path, mistake.message)]
    return []


def largest_board(document: dict[str, Any]) -> dict[str, Any]:
    """The board of numbers the kit's rules are compiled and priced on: the largest of those tried (``extent``);
    the document itself where it writes no board size."""
    if not board_sizes(document):
        return document
    return max((board for board, _ in boards(document)), key=extent)


def larger_than_tried(document: dict[str, Any], board: dict[str, Any]) -> str | None:
    """Why a table's board cannot be played (larger than any tried when the kit was read, which its rules
    were priced by), or ``None``."""
    if board is document or extent(board) <= extent(largest_board(document)):
        return None
    return (f"the board would have {extent(board)} spaces or pieces, more than the {extent(largest_board(document))} "
            f"of the largest tried when the kit was read (its sizes at each parameter's minimum, default and maximum)")
