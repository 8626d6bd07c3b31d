"""The 5x7 board: square names, the villages, the three tile regions, and distances.

Squares are named like a chess board: files ``a``-``e`` left to right, ranks ``1``-``7`` from the
blue village up to the red one. Rank 1 is Blue's village and rank 7 Red's (five village squares
each); ranks 2-3 are the blue side, rank 4 the middle row, ranks 5-6 the red side: 10 + 5 + 10 = 25
squares with a tile, as the text counts them (RULINGS.md, ruling 1).

Distances follow the text: a move counts orthogonal tiles and a diagonal as 2 (so a move of "up to
2 tiles" reaches the squares at Manhattan distance 1-2); the Axe reaches the 8 squares around; the
Gun and Arrow reach 1-3 squares in a straight orthogonal line; the Grenade's centre is 1-2 tiles
away, counted like a move; Steal reaches the 4 orthogonal neighbours.
"""

from __future__ import annotations

import functools

FILES = "abcde"
RANKS = "1234567"
SQUARES: tuple[str, ...] = tuple(f + r for r in RANKS for f in FILES)
"""Every square, rank by rank from a1: the order of the board's data and of legal commands."""
SQUARE_PATTERN = "^[a-e][1-7]$"

SEATS = (1, 2)
COLOURS = {1: "blue", 2: "red"}
VILLAGE_RANK = {1: "1", 2: "7"}
"""Each seat's home village: seat 1 plays Blue (rank 1), seat 2 Red (rank 7)."""
STEAL_RANK = {1: "6", 2: "2"}
"""The row next to the enemy village, where Steal takes a cure from it."""
START = {(1, 1): "b1", (1, 2): "d1", (2, 1): "b7", (2, 2): "d7"}
"""Where each villager ``(seat, number)`` starts, and goes back to when killed."""

REGIONS: dict[str, tuple[str, ...]] = {
    "blue": ("2", "3"),
    "middle": ("4",),
    "red": ("5", "6"),
}
"""The ranks of each tile region."""
TILE_SQUARES: tuple[str, ...] = tuple(s for s in SQUARES if s[1] in "23456")
"""The 25 squares that get a face-down tile, in ``SQUARES`` order (the order of the placement)."""


def region_of(square: str) -> str:
    for region, ranks in REGIONS.items():
        if square[1] in ranks:
            return region
    return "village"


def coords(square: str) -> tuple[int, int]:
    return FILES.index(square[0]), RANKS.index(square[1])


def name(file: int, rank: int) -> str | None:
    """The square at the coordinates, or ``None`` off the board."""
    return FILES[file] + RANKS[rank] if 0 <= file < len(FILES) and 0 <= rank < len(RANKS) else None


def in_village(square: str, seat: int) -> bool:
    return square[1] == VILLAGE_RANK[seat]


def village_squares(seat: int) -> tuple[str, ...]:
    return tuple(f + VILLAGE_RANK[seat] for f in FILES)


def _around(square: str, keep: object) -> tuple[str, ...]:
    file, rank = coords(square)
    found: list[str] = []
    for target in SQUARES:
        tf, tr = coords(target)
        df, dr = abs(tf - file), abs(tr - rank)
        if (df, dr) != (0, 0) and keep(df, dr):  # type: ignore[operator]
            found.append(target)
    return tuple(found)


@functools.cache
def moves(square: str) -> tuple[str, ...]:
    """Squares a Move & Pick-up reaches: 1 or 2 tiles, a diagonal counting as 2."""
    return _around(square, lambda df, dr: df + dr <= 2)


@functools.cache
def steps(square: str) -> tuple[str, ...]:
    """Squares one tile away (orthogonal): a move before a weapon or Steal, and Steal's reach."""
    return _around(square, lambda df, dr: df + dr == 1)


@functools.cache
def axe_reach(square: str) -> tuple[str, ...]:
    """The 8 squares around (the Axe "can hit diagonally")."""
    return _around(square, lambda df, dr: max(df, dr) == 1)


@functools.cache
def line_reach(square: str) -> tuple[str, ...]:
    """1-3 squares in a straight orthogonal line (Gun and Arrow: "cannot hit diagonally")."""
    return _around(square, lambda df, dr: min(df, dr) == 0 and max(df, dr) <= 3)


@functools.cache
def grenade_reach(square: str) -> tuple[str, ...]:
    """Where a Grenade's centre may land: 1-2 tiles away, a diagonal counting as 2."""
    return moves(square)


@functools.cache
def plus(centre: str) -> tuple[str, ...]:
    """The Grenade's plus-shaped area: the centre and its orthogonal neighbours on the board."""
    return (centre, *steps(centre))


@functools.cache
def grenade_centres(origin: str, square: str) -> frozenset[str]:
    """The centres a Grenade thrown from ``origin`` may land on to catch ``square`` in its area."""
    return frozenset(c for c in grenade_reach(origin) if square in plus(c))


REACH = {"axe": axe_reach, "gun": line_reach, "arrow": line_reach, "grenade": grenade_reach}
RANGE_WORDS = {
    "axe": "the 8 squares around (diagonals too)",
    "gun": "1-3 squares in a straight line (not diagonally)",
    "arrow": "1-3 squares in a straight line (not diagonally)",
    "grenade": "a centre 1-2 tiles away (a diagonal counts as 2)",
}
