"""The 6x6 board of Correction and how each piece moves on it.

Squares are named like a chess board: files ``a``-``f`` from left to right, ranks ``1``-``6`` from
bottom to top. Player 1 (who moves first) has rank 1 as home row and moves up the board; Player 2
has rank 6 and moves down. Each piece's reach is written for Player 1 as ``(file step, rank step)``
and turned round for Player 2; no step ever goes backward (RULINGS.md, rulings 3 to 6).
"""

from __future__ import annotations

from dataclasses import dataclass

FILES = "abcdef"
RANKS = "123456"
SIZE = 6
SQUARES: tuple[str, ...] = tuple(f + r for r in RANKS for f in FILES)
SQUARE_PATTERN = "^[a-f][1-6]$"

HOME_RANK = {1: 0, 2: SIZE - 1}
"""Each player number's home row (its spawn row), as a rank index."""
FORWARD = {1: 1, 2: -1}
"""The rank step that is forward for each player number."""

KINDS = ("pawn", "knight", "spearman")
PIECES: tuple[str, ...] = ("pawn1", "pawn2", "pawn3", "pawn4", "knight", "spearman")
"""A player's six pieces, in the order they are listed and spawned."""
LETTER = {"pawn": "P", "knight": "N", "spearman": "S"}


@dataclass(frozen=True)
class Reach:
    """Where a piece may go: ``moves`` onto an empty square, ``captures`` onto an opposing piece.
    ``line`` means a capture further than one square needs the squares between free of pieces."""

    moves: tuple[tuple[int, int], ...]
    captures: tuple[tuple[int, int], ...]
    line: bool
    rule: str
    """The piece's movement rule in words, for refusals."""


REACH = {
    "pawn": Reach(
        moves=((-1, 1), (1, 1)),
        captures=((-1, 1), (1, 1)),
        line=False,
        rule="a pawn moves and captures only one square diagonally forward",
    ),
    "spearman": Reach(
        moves=((-1, 0), (1, 0)),
        captures=((0, 1), (0, 2)),
        line=True,
        rule="a spearman moves one square to either side onto an empty square, and captures one or two squares straight forward",
    ),
    "knight": Reach(
        moves=((-1, 1), (1, 1), (-2, 1), (2, 1)),
        captures=((-2, 1), (2, 1), (-1, 2), (1, 2)),
        line=False,
        rule=(
            "a knight moves one square diagonally forward or in an L two to the side and one forward; "
            "it captures in an L forward (one to the side and two forward) or to the side (two to the side and one forward)"
        ),
    ),
}


def kind_of(piece: str) -> str:
    """``pawn3`` is a pawn."""
    return piece.rstrip("1234")


def coords(square: str) -> tuple[int, int]:
    return FILES.index(square[0]), RANKS.index(square[1])


def square_at(file: int, rank: int) -> str | None:
    if 0 <= file < SIZE and 0 <= rank < SIZE:
        return FILES[file] + RANKS[rank]
    return None


def home_row(player: int) -> list[str]:
    """The squares of a player number's home row, a to f."""
    return [f + RANKS[HOME_RANK[player]] for f in FILES]


def on_a_spawn_row(square: str) -> bool:
    return coords(square)[1] in (0, SIZE - 1)


def step(square: str, player: int, offset: tuple[int, int]) -> str | None:
    """The square an offset (written for Player 1) leads to for a player number, or None off the board."""
    file, rank = coords(square)
    return square_at(file + offset[0], rank + offset[1] * FORWARD[player])


def offset_between(start: str, to: str, player: int) -> tuple[int, int]:
    """The offset from ``start`` to ``to`` as the player sees it (forward is a positive rank step)."""
    (f1, r1), (f2, r2) = coords(start), coords(to)
    return f2 - f1, (r2 - r1) * FORWARD[player]


@dataclass(frozen=True)
class Target:
    """One square a piece may try: whether it is reached by a move, by a capture, and the squares
    a line capture passes over."""

    square: str
    move: bool
    capture: bool
    between: tuple[str, ...]


def _targets(kind: str, start: str, player: int) -> tuple[Target, ...]:
    reach = REACH[kind]
    found: dict[str, Target] = {}
    for offset in reach.moves + reach.captures:
        to = step(start, player, offset)
        if to is None:
            continue
        between: tuple[str, ...] = ()
        if reach.line and offset in reach.captures and abs(offset[1]) > 1:
            between = tuple(s for s in (step(start, player, (0, n)) for n in range(1, offset[1])) if s)
        old = found.get(to)
        found[to] = Target(
            square=to,
            move=(old.move if old else False) or offset in reach.moves,
            capture=(old.capture if old else False) or offset in reach.captures,
            between=between or (old.between if old else ()),
        )
    return tuple(found[s] for s in SQUARES if s in found)


TARGETS: dict[tuple[str, str, int], tuple[Target, ...]] = {
    (kind, square, player): _targets(kind, square, player) for kind in KINDS for square in SQUARES for player in (1, 2)
}
"""Every square each kind of piece may try from each square, for each player number (computed once)."""
