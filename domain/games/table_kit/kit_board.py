"""The board as a kit's rules read it: where each grid space lies, the space one step away in a direction,
and, for one table, which piece stands where (``owner``, ``kind``, the longest line of a seat's pieces).

Directions on a grid are the compass's, ``north`` being up the rows (row 1, 2, ...) and ``east`` along the
columns (a, b, ...), and those seen from the seat acting: ``ahead``, ``behind``, ``left``, ``right`` and
``ahead-left``... turn with the seat's ``facing`` (``play.facing``: one direction per seat, north unless
the kit says otherwise), so one rule moves every seat's pawns toward its opponent.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from domain.games.table_kit.layout import OFF, group_spaces

COMPASS = {"north": (0, 1), "north-east": (1, 1), "east": (1, 0), "south-east": (1, -1),
           "south": (0, -1), "south-west": (-1, -1), "west": (-1, 0), "north-west": (-1, 1)}
"""Each compass direction as (columns, rows) to go."""
TURNS = {"ahead": 0, "ahead-right": 1, "right": 2, "behind-right": 3, "behind": 4, "behind-left": 5, "left": 6, "ahead-left": 7}
"""Each direction seen from a seat, as eighths of a turn clockwise from where it faces."""
ROUND = list(COMPASS)
DIRECTIONS = (*COMPASS, *TURNS)
EMPTY = frozenset({"empty"})
AXES = ((1, 0), (0, 1), (1, 1), (1, -1))
"""The four lines a row of pieces may lie along: a row, a column and the two diagonals."""


@functools.lru_cache(maxsize=256)
def compass(direction: str, facing: str) -> str:
    """A direction as a compass point: itself, or turned from the seat's ``facing``."""
    if direction in COMPASS:
        return direction
    return ROUND[(ROUND.index(facing) + TURNS[direction]) % 8]


@dataclass(frozen=True)
class Geometry:
    """Where each grid space lies (its group, column and row, from 1) and the space at each place."""

    places: dict[str, tuple[str, int, int]]
    spaces: dict[tuple[str, int, int], str]
    every: tuple[str, ...]
    known: frozenset[str]
    order: dict[str, int]
    tracks: dict[str, tuple[tuple[str, ...], bool]]
    """Each track or loop space's line of spaces and whether it closes (a loop)."""
    links: dict[str, str]
    """Where a link from a space leads (a ladder's foot to its top)."""
    marks: dict[str, str]
    """Each space's short mark (a track's ``kinds``: ``L1``, ``police``)."""
    neighbours: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Each space's neighbours (``neighbours(s)``): a graph's as it lists them; on a grid the spaces one step
    north, east, south and west; on a track the spaces before and after it; on a loop the two beside it."""

    @classmethod
    def of(cls, document: dict[str, Any]) -> Geometry:
        places: dict[str, tuple[str, int, int]] = {}
        every: list[str] = []
        tracks: dict[str, tuple[tuple[str, ...], bool]] = {}
        links: dict[str, str] = {}
        marks: dict[str, str] = {}
        near: dict[str, tuple[str, ...]] = {}
        for group in document.get("spaces", []):
            names = group_spaces(group)
            every += names
            near.update(_neighbours(group, names))
            if group.get("kind") in ("track", "loop"):
                line = (tuple(names), group["kind"] == "loop")
                tracks.update(dict.fromkeys(names, line))
            links.update({str(link["from"]): str(link["to"]) for link in group.get("links", [])})
            marks.update({str(name): mark for name, mark in group.get("kinds", {}).items()})
            if group.get("kind") == "grid":
                for index, name in enumerate(names):
                    places[name] = (group["name"], index % group["columns"] + 1, index // group["columns"] + 1)
        return cls(places, {place: name for name, place in places.items()}, tuple(every), frozenset(every),
                   {name: index for index, name in enumerate(every)}, tracks, links, marks, near)

    def along(self, space: str, count: int) -> str:
        """The space ``count`` spaces on from ``space`` along its track or loop (back, for a negative count);
        ``""`` past a track's end or off any track."""
        found = self.tracks.get(space)
        if found is None:
            return ""
        line, closed = found
        at = self._at[space] + count
        if closed:
            return line[at % len(line)]
        return line[at] if 0 <= at < len(line) else ""

    @functools.cached_property
    def _at(self) -> dict[str, int]:
        """Each track or loop space's place along its line."""
        return {space: line.index(space) for space, (line, _) in self.tracks.items()}

    def step(self, space: str, direction: str) -> str:
        """The space one step from ``space`` toward a compass direction; ``""`` off the grid."""
        place = self.places.get(space)
        if place is None:
            return ""
        columns, rows = COMPASS[direction]
        return self.spaces.get((place[0], place[1] + columns, place[2] + rows), "")

    def row(self, space: str) -> int:
        place = self.places.get(space)
        return 0 if place is None else place[2]

    def column(self, space: str) -> int:
        place = self.places.get(space)
        return 0 if place is None else place[1]


def _neighbours(group: dict[str, Any], names: list[str]) -> dict[str, tuple[str, ...]]:
    """The neighbours of each space of one group of the kit's ``spaces`` (``Geometry.neighbours``)."""
    kind = group.get("kind")
    if kind == "graph":
        return {str(name): tuple(str(near) for near in listed) for name, listed in group["neighbours"].items()}
    if kind in ("track", "loop"):
        last, closed = len(names) - 1, kind == "loop"
        return {name: tuple(dict.fromkeys(names[at] for at in ((n - 1) % len(names), (n + 1) % len(names))
                                          if closed or abs(at - n) == 1)) for n, name in enumerate(names)} if last else {}
    if kind == "grid":
        columns, rows = group["columns"], group["rows"]
        return {name: tuple(names[(r + dr) * columns + c + dc] for dc, dr in ((0, 1), (1, 0), (0, -1), (-1, 0))
                            if 0 <= c + dc < columns and 0 <= r + dr < rows)
                for n, name in enumerate(names) for r, c in [divmod(n, columns)]}
    return {}


class BoardView:
    """One table's board: each space's piece and its owner, worked out once when first asked."""

    def __init__(self, geometry: Geometry, pieces: dict[str, str], owners: Callable[[], dict[str, tuple[str, int]]]) -> None:
        self.geometry, self._pieces, self._owners = geometry, pieces, owners
        self._at: dict[str, str] | None = None
        self._seated: dict[str, int] | None = None
        self._fits: dict[tuple[frozenset[str], int], frozenset[str]] = {}
        self.memo: dict[Any, Any] = {}
        """What the rules worked out from this board alone, kept while it stands (the spaces holding a seat's
        pieces; ``kit_choices``: the spaces a choice allows a seat, by the choice, the seat and the space it goes
        from)."""

    @property
    def at(self) -> dict[str, str]:
        """Each occupied space's piece (the last listed, where a table stacks two)."""
        if self._at is None:
            self._at = {space: piece for piece, space in self._pieces.items() if space != OFF}
        return self._at

    @property
    def seated(self) -> dict[str, int]:
        """Each occupied space's owner (0: an unowned piece)."""
        if self._seated is None:
            owners = self._owners()
            self._seated = {space: owners[piece][1] for space, piece in self.at.items()}
        return self._seated

    @functools.cached_property
    def holders(self) -> dict[str, frozenset[int]]:
        """Each occupied space's owners, every piece on it counted (0: an unowned piece)."""
        owners = self._owners()
        found: dict[str, frozenset[int]] = {}
        for piece, space in self._pieces.items():
            if space != OFF:
                seat = owners[piece][1]
                held = found.get(space)
                found[space] = _alone(seat) if held is None else held | {seat}
        return found

    def owner(self, space: str) -> int:
        """The seat whose piece stands on the space; 0 for an empty space, an unowned piece or no space."""
        return self.seated.get(space, 0)

    def kind(self, space: str) -> str:
        piece = self.at.get(space)
        return "" if piece is None else self._owners()[piece][0]

    def pieces(self, seat: int) -> int:
        """How many of the seat's pieces are on the board (those sharing a space counted each)."""
        return self._counts.get(seat, 0)

    @functools.cached_property
    def _counts(self) -> dict[int, int]:
        """How many pieces each seat (0: no one) has on the board, counted in one pass."""
        owners = self._owners()
        counts: dict[int, int] = {}
        for piece, space in self._pieces.items():
            if space != OFF:
                seat = owners[piece][1]
                counts[seat] = counts.get(seat, 0) + 1
        return counts

    @functools.cached_property
    def _held_by(self) -> list[tuple[frozenset[int], list[str]]]:
        """The occupied spaces grouped by who holds them (each space's owners: ``holders``); few groups."""
        groups: dict[frozenset[int], list[str]] = {}
        for space, held in self.holders.items():
            found = groups.get(held)
            if found is None:
                groups[held] = [space]
            else:
                found.append(space)
        return list(groups.items())

    def spaces(self, seat: int) -> list[str]:
        """The spaces holding the seat's pieces (under others' too, where they share one), in the board's order."""
        found = self.memo.get(("spaces", seat))
        if found is None:
            owners = self._owners()
            held = {space for piece, space in self._pieces.items() if space != OFF and owners[piece][1] == seat}
            found = self.memo[("spaces", seat)] = sorted(held, key=self.geometry.order.__getitem__)
        return list(found)

    def free(self) -> int:
        return len(self.geometry.every) - len(self.at)

    def occupied(self) -> list[str]:
        """The spaces with a piece, in the board's order."""
        return sorted(self.seated, key=self.geometry.order.__getitem__)

    def sorts(self, space: str, seat: int) -> frozenset[str]:
        """What the space holds, as the seat sees it: ``empty``, or ``mine``, ``theirs``, ``unowned`` (each piece's)."""
        held = self.holders.get(space)
        return EMPTY if held is None else _seen(held, seat)

    def fitting(self, spaces: Iterable[str], sorts: frozenset[str], seat: int) -> list[str]:
        """Those of ``spaces`` holding one of ``sorts`` as the seat sees them (``empty``, ``mine``...), in their
        order: the occupied spaces that fit are worked out once per board, sorts and seat."""
        fits = self._fits.get((sorts, seat))
        holders = self.holders
        if fits is None:
            fits = self._fits[(sorts, seat)] = frozenset(
                space for held, spaces in self._held_by if not sorts.isdisjoint(_seen(held, seat)) for space in spaces)
        if "empty" in sorts:
            return [space for space in spaces if space in fits or space not in holders]
        return [space for space in spaces if space in fits]

    def line(self, seat: int) -> int:
        """The most of the seat's pieces in one straight line on a grid (along a row, column or diagonal)."""
        geometry = self.geometry
        mine = {geometry.places[space] for space, owner in self.seated.items() if owner == seat and space in geometry.places}
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


@functools.lru_cache(maxsize=64)
def _alone(seat: int) -> frozenset[int]:
    return frozenset((seat,))


@functools.lru_cache(maxsize=256)
def _seen(held: frozenset[int], seat: int) -> frozenset[str]:
    """The sorts of a space held by the seats ``held``, as ``seat`` sees it."""
    return frozenset("mine" if owner == seat else "unowned" if owner == 0 else "theirs" for owner in held)


def walks(neighbours: dict[str, tuple[str, ...]], origin: str, count: int, open_: frozenset[str]) -> tuple[str, ...]:
    """The spaces ``count`` orthogonal steps from ``origin`` by paths that never step straight back, each step onto
    a space of ``open_``, in name order."""
    if count <= 0:
        return ()
    here: set[tuple[str, str]] = {(origin, "")}
    for _ in range(count):
        here = {(there, space) for space, before in here for there in neighbours.get(space, ()) if there != before and there in open_}
    return tuple(sorted({space for space, _ in here}))
