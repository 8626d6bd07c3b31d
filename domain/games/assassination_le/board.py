"""The 5x5 board of The Assassination Game Le: square names, neighbours, and the fixed layout.

Squares are named like a chess board: files ``a``-``e`` from left to right, ranks ``1``-``5`` from
bottom to top. The layout (see RULINGS.md) is symmetric under a half turn.
"""

from __future__ import annotations

FILES = "abcde"
RANKS = "12345"
SQUARES: tuple[str, ...] = tuple(f + r for r in RANKS for f in FILES)

SAFE_HOUSE = "c3"
"""The empty centre: the victim starts here; assassins never enter it."""

BASES: tuple[str, ...] = ("c1", "e3", "c5", "a3")
"""One base (an Ace coin) on the middle square of each side: south, east, north, west."""

ASSASSIN_CORNERS: tuple[str, ...] = ("a1", "e5")
"""The opposite corners where the assassins start: the lower-numbered assassin on a1."""

DIRECTIONS: tuple[tuple[str, int, int], ...] = (("north", 0, 1), ("east", 1, 0), ("south", 0, -1), ("west", -1, 0))


def neighbours(square: str) -> list[str]:
    """The orthogonal neighbours on the board, in the order north, east, south, west."""
    file, rank = FILES.index(square[0]), RANKS.index(square[1])
    result = []
    for _, df, dr in DIRECTIONS:
        f, r = file + df, rank + dr
        if 0 <= f < 5 and 0 <= r < 5:
            result.append(FILES[f] + RANKS[r])
    return result


NEIGHBOURS: dict[str, list[str]] = {square: neighbours(square) for square in SQUARES}


def is_square(name: str) -> bool:
    return name in NEIGHBOURS
