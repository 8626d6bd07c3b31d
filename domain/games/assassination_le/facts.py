"""The events of The Assassination Game Le, in the past tense, each carrying its random outcomes."""

from __future__ import annotations

from dataclasses import dataclass

from domain.engine.facts import Fact

DIE_FACES = (0, 1, 2, 3, 4, 5)
"""The piecepack die: null (0), ace (counts as 1), 2, 3, 4, 5."""


@dataclass(frozen=True)
class TableSetUp(Fact):
    """The board laid out, the first victim rolled for, the pawns placed.

    ``rounds`` holds the roll-off: each round a list of ``[seat, face]`` for the seats still tied.
    ``squares`` holds each seat's starting square, seat 1 first.
    """

    bases: list[str]
    rounds: list[list[list[int]]]
    victim: int
    squares: list[str]


@dataclass(frozen=True)
class DieRolled(Fact):
    seat: int
    face: int


@dataclass(frozen=True)
class PawnMoved(Fact):
    """A pawn moved along ``path`` (the squares stepped onto, in order) from ``start``."""

    seat: int
    start: str
    path: list[str]


@dataclass(frozen=True)
class BaseTouched(Fact):
    """The victim landed on a base it had not marked and put a coin beside it."""

    seat: int
    base: str


@dataclass(frozen=True)
class VictimCaptured(Fact):
    """An assassin landed on the victim: the roles swap and the old victim's coins come off."""

    assassin: int
    victim: int
    square: str
    coins_removed: list[str]


@dataclass(frozen=True)
class TurnLost(Fact):
    """A turn ended without a move: ``reason`` is ``null`` (assassin rolled null), ``passed``
    (the victim kept a null roll instead of re-rolling) or ``blocked`` (no legal path)."""

    seat: int
    reason: str


FACTS: tuple[type[Fact], ...] = (TableSetUp, DieRolled, PawnMoved, BaseTouched, VictimCaptured, TurnLost)
