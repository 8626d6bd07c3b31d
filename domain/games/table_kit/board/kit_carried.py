"""What a board worked out, carried over to the board made from it by one piece's move (``BoardView.after_move``):
each a copy with the moved piece's entries changed, the board before left as it was.
"""

from __future__ import annotations

import bisect
from typing import Any

from domain.games.table_kit.vocabulary.layout import OFF


def moved(found: dict[str, Any] | None, origin: str, to: str, value: Any) -> Any:
    """A copy of a lookup by space (``None``: not worked out) with a moved piece's entries changed: none at
    ``origin``, ``value`` at ``to`` (``OFF``: neither, off the board)."""
    if found is None:
        return None
    found = found.copy()
    if origin != OFF:
        del found[origin]
    if to != OFF:
        found[to] = value
    return found


def emptied(empty: list[str], order: dict[str, int], origin: str, to: str) -> list[str]:
    """A copy of the empty spaces of a board of one piece a space, after a piece's move from ``origin`` to ``to``."""
    empty = empty.copy()
    if to in order:
        empty.remove(to)
    if origin in order:
        bisect.insort(empty, origin, key=order.__getitem__)
    return empty


def carried_spaces(spaces: dict[int, list[str]], order: dict[str, int], seat: int, origin: str, to: str) -> dict[int, list[str]]:
    """The spaces of each seat's pieces (those worked out, in the board's ``order``), after the seat's piece's move
    from ``origin`` to ``to``: the seat's own list made again where the piece stays on the board or leaves it (a
    space outside the board's order: the seat's list is let go, to be worked out afresh)."""
    spaces = dict(spaces)
    mine = spaces.pop(seat, None)
    if mine is not None and (to == OFF or to in order):
        found = [space for space in mine if space != origin]
        if to != OFF:
            bisect.insort(found, to, key=order.__getitem__)
        spaces[seat] = found
    return spaces
