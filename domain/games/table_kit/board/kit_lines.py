"""The most of a seat's pieces in one straight line on a grid (``line(seat)``, along a row, a column or a diagonal):
counted over all its pieces, or through one space (``BoardView.line`` grows a count known on the board before a move
by the lines through the space the seat's piece landed on: ``carried_lines``)."""

from __future__ import annotations

from domain.games.table_kit.board.kit_geometry import AXES, Geometry
from domain.games.table_kit.vocabulary.layout import OFF


def longest_line(seated: dict[str, int], geometry: Geometry, seat: int) -> int:
    """The most of the seat's pieces in one straight line on a grid (``seated``: each occupied space's owner)."""
    places = geometry.places
    mine = {places[space] for space, owner in seated.items() if owner == seat and space in places}
    best = 0
    for group, column, row in mine:
        for columns, rows in AXES:
            if (group, column - columns, row - rows) in mine:
                continue  # not the start of its line
            length = 1
            while (group, column + columns * length, row + rows * length) in mine:
                length += 1
            best = max(best, length)
    return best


def line_through(seated: dict[str, int], geometry: Geometry, seat: int, space: str) -> int:
    """The most of the seat's pieces in one straight line on a grid through ``space`` (0 unless its piece is there)."""
    rays = geometry.rays.get(space)
    if rays is None or seated.get(space) != seat:
        return 0
    best = 0
    for ray in rays:
        length = 1
        for way in ray:
            for there in way:
                if seated.get(there) != seat:
                    break
                length += 1
        best = max(best, length)
    return best


def grown_line(seated: dict[str, int], geometry: Geometry, seat: int, known: int, landed: tuple[str, ...]) -> int:
    """The seat's longest line on a board made by moves that only added its pieces, landing on ``landed``, to a board
    where it was ``known``: the longer of that and the longest through a space they landed on."""
    found = known
    for space in landed:
        found = max(found, line_through(seated, geometry, seat, space))
    return found


def carried_lines(lines: dict[int, int], grown: dict[int, tuple[int, tuple[str, ...]]], seat: int, origin: str,
                  to: str) -> tuple[dict[int, int], dict[int, tuple[int, tuple[str, ...]]]]:
    """The longest lines worked out on a board (``lines``, and ``grown``: for a seat whose pieces were only added since
    a board whose line was known, that count and where they landed), on the board made by the seat's piece's move
    from ``origin`` to ``to``: the other seats' as they were; the seat's, where the piece came from off the board,
    the longer of its line before and the lines through ``to`` (``BoardView.line``)."""
    lines, grown = dict(lines), dict(grown)
    count, before = lines.pop(seat, None), grown.pop(seat, None)
    if origin == OFF and to != OFF:
        if count is not None:
            grown[seat] = (count, (to,))
        elif before is not None:
            grown[seat] = (before[0], (*before[1], to))
    return lines, grown
