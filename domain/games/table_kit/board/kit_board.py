"""The board as a kit's rules read it, for one table: which piece stands where (``owner``, ``kind``, the longest line
of a seat's pieces); where each space lies, and the directions, are ``kit_geometry``'s (``Geometry``, ``compass``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Container, Iterable
from typing import Any

from domain.games.table_kit.board.kit_carried import carried_spaces, emptied, moved
from domain.games.table_kit.board.kit_geometry import (
    COMPASS,
    DIRECTIONS,
    Geometry,
    compass,
)
from domain.games.table_kit.board.kit_lines import (
    carried_lines,
    grown_line,
    longest_line,
)
from domain.games.table_kit.vocabulary.layout import OFF

__all__ = ["COMPASS", "DIRECTIONS", "EMPTY", "BoardView", "Geometry", "compass"]
"""What the rules take from here: the board, and the directions, where they have always found them."""
EMPTY = frozenset({"empty"})
NO_SPACES: frozenset[str] = frozenset()


class BoardView:
    """One table's board: each space's piece and its owner, worked out once when first asked; or, for a table made
    from another by one piece's move, carried over from that table's board (``after_move``)."""

    __slots__ = ("_at", "_barred", "_carried", "_counts", "_empty", "_fits", "_groups", "_grown", "_holders", "_lines", "_listed",
                 "_owners", "_pieces", "_seated", "_single", "_spaces", "before", "geometry", "memo")

    def __init__(self, geometry: Geometry, pieces: dict[str, str], owners: Callable[[], dict[str, tuple[str, int]]]) -> None:
        self.geometry, self._pieces, self._owners = geometry, pieces, owners
        self._at: dict[str, str] | None = None
        self._seated: dict[str, int] | None = None
        self._listed: dict[str, int] | None = None
        self._carried = False
        """Whether ``_at`` or ``_seated`` was carried from the board before (its spaces then in no particular order)."""
        self._holders: dict[str, frozenset[int]] | None = None
        self._groups: dict[frozenset[int], set[str]] | None = None
        self._counts: dict[int, int] | None = None
        self._empty: list[str] | None = None  # the spaces no piece holds, in order (``fitting``)
        self._single: bool | None = None
        self._fits: dict[tuple[frozenset[str], int], frozenset[str]] = {}
        self._barred: dict[tuple[frozenset[str], int], Container[str]] = {}
        self._spaces: dict[int, list[str]] = {}
        self._lines: dict[int, int] = {}
        self._grown: dict[int, tuple[int, tuple[str, ...]]] = {}
        """For a seat whose pieces were only added since a board whose ``line`` was known: that count and where
        they landed."""
        self.memo: dict[Any, Any] = {}
        """What the rules worked out from this board alone, kept while it stands (``kit_choices``: the spaces a
        choice allows a seat, by the choice, the seat and the space it goes from)."""
        self.before: tuple[dict[Any, Any], str, str] | None = None
        """For a board made from another by one piece's move (``after_move``): that board's ``memo``, the space the
        piece left and the space it went to (``OFF``: off the board), the only spaces whose pieces differ; what was
        worked out there may be carried over (``kit_sift``). The board before itself is not kept."""

    def after_move(self, pieces: dict[str, str], piece: str, to: str) -> BoardView:
        """The board of the table made from this one's by moving ``piece`` to ``to`` (``pieces``: that table's):
        each space's piece, its owner and its owners, the groups of them, each seat's count, the spaces of each seat's
        pieces and the longest line of each seat's, those worked out here carried over with the moved piece's entries
        changed (its seat's line: ``line``), where every space held one piece and the piece lands on an empty space
        or off the board (else worked out afresh, when first asked)."""
        board = BoardView(self.geometry, pieces, self._owners)
        origin = self._pieces.get(piece)
        if origin is not None:
            board.before = (self.memo, origin, to)
        holders = self._holders
        if origin is None or holders is None or not self.single or (to != OFF and to in holders):
            return board
        seat = self._owners()[piece][1]
        held = _alone(seat)
        at, seated = moved(self._at, origin, to, piece), moved(self._seated, origin, to, seat)
        board._holders, board._at, board._seated, board._single = moved(holders, origin, to, held), at, seated, True
        board._carried = at is not None or seated is not None
        groups = self._groups
        if groups is not None and (origin != OFF or to != OFF):
            groups = groups.copy()
            spaces = set(groups[held]) if origin != OFF else set(groups.get(held, ()))
            spaces.discard(origin)
            if to != OFF:
                spaces.add(to)
            groups[held] = spaces
        board._groups = groups
        counts = self._counts
        if counts is not None and (origin == OFF) != (to == OFF):
            counts = {**counts, seat: counts.get(seat, 0) + (1 if origin == OFF else -1)}
        board._counts = counts
        if self._spaces:
            board._spaces = carried_spaces(self._spaces, self.geometry.order, seat, origin, to)
        if self._empty is not None:
            board._empty = emptied(self._empty, self.geometry.order, origin, to)
        if self._lines or self._grown:
            board._lines, board._grown = carried_lines(self._lines, self._grown, seat, origin, to)
        return board

    @property
    def at(self) -> dict[str, str]:
        """Each occupied space's piece (the last listed, where a table stacks two), to look up: carried from the
        board before, in no particular order."""
        if self._at is None:
            self._at = {space: piece for piece, space in self._pieces.items() if space != OFF}
        return self._at

    @property
    def seated(self) -> dict[str, int]:
        """Each occupied space's owner (0: an unowned piece), to look up: carried from the board before, in no
        particular order (``listed``: in the table's)."""
        if self._seated is None:
            owners = self._owners()
            self._seated = {space: owners[piece][1] for space, piece in self.at.items()}
        return self._seated

    @property
    def listed(self) -> dict[str, int]:
        """``seated`` in the order of the table's pieces, each space where its first piece is listed: what an
        expression reading ``owners`` sees, whichever board this one was carried from."""
        if self._listed is None:  # carried from the board before: worked out again, in order
            at = {space: piece for piece, space in self._pieces.items() if space != OFF} if self._carried else None
            owners = self._owners()
            self._listed = self.seated if at is None else {space: owners[piece][1] for space, piece in at.items()}
        return self._listed

    @property
    def holders(self) -> dict[str, frozenset[int]]:
        """Each occupied space's owners, every piece on it counted (0: an unowned piece)."""
        found = self._holders
        if found is None:
            owners = self._owners()
            found = {}
            for piece, space in self._pieces.items():
                if space != OFF:
                    seat = owners[piece][1]
                    held = found.get(space)
                    found[space] = _alone(seat) if held is None else held | {seat}
            self._holders = found
        return found

    @property
    def single(self) -> bool:
        """Whether every occupied space holds one piece (none stacked)."""
        if self._single is None:
            self._single = len(self.holders) == sum(self.counts.values())
        return self._single

    def owner(self, space: str) -> int:
        """The seat whose piece stands on the space; 0 for an empty space, an unowned piece or no space."""
        return self.seated.get(space, 0)

    def kind(self, space: str) -> str:
        piece = self.at.get(space)
        return "" if piece is None else self._owners()[piece][0]

    def pieces(self, seat: int) -> int:
        """How many of the seat's pieces are on the board (those sharing a space counted each)."""
        return self.counts.get(seat, 0)

    @property
    def counts(self) -> dict[int, int]:
        """How many pieces each seat (0: no one) has on the board, counted in one pass."""
        counts = self._counts
        if counts is None:
            owners = self._owners()
            counts = {}
            for piece, space in self._pieces.items():
                if space != OFF:
                    seat = owners[piece][1]
                    counts[seat] = counts.get(seat, 0) + 1
            self._counts = counts
        return counts

    @property
    def groups(self) -> dict[frozenset[int], set[str]]:
        """The occupied spaces grouped by who holds them (each space's owners: ``holders``); few groups."""
        groups = self._groups
        if groups is None:
            groups = {}
            for space, held in self.holders.items():
                found = groups.get(held)
                if found is None:
                    groups[held] = {space}
                else:
                    found.add(space)
            self._groups = groups
        return groups

    def spaces(self, seat: int) -> list[str]:
        """The spaces holding the seat's pieces (under others' too, where they share one), in the board's order."""
        found = self._spaces.get(seat)
        return list(self.held(seat) if found is None else found)

    def held(self, seat: int) -> list[str]:
        """``spaces``, the board's own list (read, never changed nor handed on): once per board, or carried over
        from the board before with the moved piece's space changed."""
        found = self._spaces.get(seat)
        if found is None:
            owners = self._owners()
            held = {space for piece, space in self._pieces.items() if space != OFF and owners[piece][1] == seat}
            found = self._spaces[seat] = sorted(held, key=self.geometry.order.__getitem__)
        return found

    def free(self) -> int:
        return len(self.geometry.every) - len(self.holders)

    def occupied(self) -> list[str]:
        """The spaces with a piece, in the board's order."""
        return sorted(self.holders, key=self.geometry.order.__getitem__)

    def sorts(self, space: str, seat: int) -> frozenset[str]:
        """What the space holds, as the seat sees it: ``empty``, or ``mine``, ``theirs``, ``unowned`` (each piece's)."""
        held = self.holders.get(space)
        return EMPTY if held is None else _seen(held, seat)

    def fitting(self, spaces: Iterable[str], sorts: frozenset[str], seat: int) -> list[str]:
        """Those of ``spaces`` holding one of ``sorts`` as the seat sees them (``empty``, ``mine``...), in their
        order: the occupied spaces that fit are worked out once per board, sorts and seat."""
        if sorts == EMPTY and spaces is self.geometry.every:  # the empty spaces: once per board, or carried over
            empty = self._empty
            if empty is None:
                holders = self.holders
                empty = self._empty = [space for space in spaces if space not in holders]
            return list(empty)
        fits = self._fits.get((sorts, seat))
        if fits is None:
            fits = self._fit(sorts, seat)
        if "empty" in sorts:
            holders = self.holders
            if not fits:
                return [space for space in spaces if space not in holders]
            return [space for space in spaces if space in fits or space not in holders]
        return [space for space in spaces if space in fits]

    def barred(self, sorts: frozenset[str], seat: int) -> Container[str]:
        """The grid's spaces holding none of ``sorts`` as the seat sees them, to look up (never changed): the occupied
        spaces that do not fit (every space but those that do, where ``empty`` is not among the sorts); once per
        board, sorts and seat."""
        found = self._barred.get((sorts, seat))
        if found is None:
            if sorts == EMPTY:  # every occupied space: those that have owners
                found = self.holders
            elif "empty" in sorts:
                unfit = [spaces for held, spaces in self.groups.items() if sorts.isdisjoint(_seen(held, seat))]
                found = unfit[0] if len(unfit) == 1 else frozenset().union(*unfit)
            else:
                found = self.geometry.known - self._fit(sorts, seat)
            self._barred[(sorts, seat)] = found
        return found

    def _fit(self, sorts: frozenset[str], seat: int) -> frozenset[str]:
        """The occupied spaces holding one of ``sorts`` as the seat sees them."""
        fits = self._fits.get((sorts, seat))
        if fits is None:
            fits = self._fits[(sorts, seat)] = NO_SPACES if sorts <= EMPTY else frozenset().union(  # an occupied space is never empty
                *(spaces for held, spaces in self.groups.items() if not sorts.isdisjoint(_seen(held, seat))))
        return fits

    def line(self, seat: int) -> int:
        """The most of the seat's pieces in one straight line on a grid (along a row, column or diagonal): counted
        once per board; on a board made by moves that only added the seat's pieces to one whose count was known,
        the longer of that count and the longest line through a space they landed on (a line of the new board
        either holds one of them or was there before)."""
        found = self._lines.get(seat)
        if found is None:
            grown = self._grown.get(seat)
            found = self._lines[seat] = longest_line(self.seated, self.geometry, seat) if grown is None else \
                grown_line(self.seated, self.geometry, seat, *grown)
        return found


@functools.lru_cache(maxsize=64)
def _alone(seat: int) -> frozenset[int]:
    return frozenset((seat,))


@functools.lru_cache(maxsize=256)
def _seen(held: frozenset[int], seat: int) -> frozenset[str]:
    """The sorts of a space held by the seats ``held``, as ``seat`` sees it."""
    return frozenset("mine" if owner == seat else "unowned" if owner == 0 else "theirs" for owner in held)
