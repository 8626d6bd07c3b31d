"""The shapes ``expression_cost`` prices a kit's expression by: how large the values the kit gives its expressions can
be (``Sizes``, worked out from the kit when it is read), and the most a value can hold (``Shape``).
"""

from __future__ import annotations

from dataclasses import dataclass

LONGEST_TEXT = 200
"""The longest text a name the kit gives holds, for the cost of comparing and matching texts (space, card
and phase names are at most 30 characters; a parameter's text is short)."""


@dataclass(frozen=True)
class Sizes:
    """How large the values a kit gives its expressions can be."""

    largest: int
    """The most entries a list or map the kit gives holds (spaces, cards, pieces, seats: whichever is most)."""
    seats: int = 8
    """The most seats: a seat's counter or hidden die is a map of this many entries."""
    wide: tuple[tuple[str, int], ...] = ()
    """The names and functions whose value may hold more entries than that, each with the most it may hold
    (``free_spaces`` and ``hand(seat)`` the kit's largest list, ``card(name)`` a card's fields); every other
    name or function gives a number, a text, or a map of one entry a seat."""
    longest: int = LONGEST_TEXT


@dataclass(frozen=True)
class Shape:
    """The most a value can hold: ``width`` entries (or characters) at its top, ``volume`` values in all, each
    entry shaped as ``inner`` (``None``: a value with no entries)."""

    width: int
    volume: int
    inner: Shape | None = None

    def entry(self) -> Shape:
        return self.inner if self.inner is not None else ONE

    def widest(self, other: Shape) -> Shape:
        """A shape that holds either value."""
        inner = self.inner if other.inner is None else other.inner if self.inner is None else self.inner.widest(other.inner)
        return Shape(max(self.width, other.width), max(self.volume, other.volume), inner)


ONE = Shape(1, 1)


def given_shape(sizes: Sizes, name: str) -> Shape:
    """The shape of a value the kit gives by ``name``: a list or map of its largest size for a wide one, else a
    map of one entry a seat (a number or a text standing in it), each entry a text or a number."""
    width = dict(sizes.wide).get(name, sizes.seats)
    return Shape(width, 2 * width + 1, Shape(sizes.longest, 1))
