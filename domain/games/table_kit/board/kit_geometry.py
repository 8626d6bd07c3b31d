"""Where a kit's spaces lie (``Geometry``): each grid space's group, column and row, the space one step away in a
compass direction, the tracks and loops, their links and marks, and each space's neighbours. It follows from the
kit's board alone, so it is worked out once for a kit (``kit_compile``).

Directions on a grid are the compass's, ``north`` being up the rows (row 1, 2, ...) and ``east`` along the
columns (a, b, ...), and those seen from the seat acting: ``ahead``, ``behind``, ``left``, ``right`` and
``ahead-left``... turn with the seat's ``facing`` (``play.facing``: one direction per seat, north unless
the kit says otherwise), so one rule moves every seat's pawns toward its opponent (``compass``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from domain.games.table_kit.vocabulary.layout import group_spaces

COMPASS = {"north": (0, 1), "north-east": (1, 1), "east": (1, 0), "south-east": (1, -1),
           "south": (0, -1), "south-west": (-1, -1), "west": (-1, 0), "north-west": (-1, 1)}
"""Each compass direction as (columns, rows) to go."""
AXES = ((1, 0), (0, 1), (1, 1), (1, -1))
"""The four lines a row of pieces may lie along: a row, a column and the two diagonals."""
TURNS = {"ahead": 0, "ahead-right": 1, "right": 2, "behind-right": 3, "behind": 4, "behind-left": 5, "left": 6, "ahead-left": 7}
"""Each direction seen from a seat, as eighths of a turn clockwise from where it faces."""
ROUND = list(COMPASS)
DIRECTIONS = (*COMPASS, *TURNS)


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
    rays: dict[str, tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]] = field(init=False, compare=False, repr=False)
    """For each grid space, along each of ``AXES``, the spaces of its group one way and the other, nearest first."""
    _at: dict[str, int] = field(init=False, compare=False, repr=False)
    """Each track or loop space's place along its line."""

    def __post_init__(self) -> None:
        """``rays`` and ``_at``, worked out once for the kit (attributes of its own: the engine compiled has no
        instance dictionary for a ``cached_property`` to keep them in)."""
        rays = {space: tuple((_ray(self.spaces, place, columns, rows), _ray(self.spaces, place, -columns, -rows))
                             for columns, rows in AXES) for space, place in self.places.items()}
        object.__setattr__(self, "rays", rays)
        object.__setattr__(self, "_at", {space: line.index(space) for space, (line, _) in self.tracks.items()})

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


def _ray(spaces: dict[tuple[str, int, int], str], place: tuple[str, int, int], columns: int, rows: int) -> tuple[str, ...]:
    """The spaces of a place's group from it (not itself) one way along a line, ``columns`` and ``rows`` a step."""
    group, column, row = place
    found: list[str] = []
    while (there := spaces.get((group, column + columns * (len(found) + 1), row + rows * (len(found) + 1)))) is not None:
        found.append(there)
    return tuple(found)


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
