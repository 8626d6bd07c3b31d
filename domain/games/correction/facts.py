"""The events of Correction, in the past tense. Each carries the numbers it changed (the token counts
after it), so a log reads on its own and applying it never looks anything up.

Seats are the players' seat numbers (1 or 2 as they joined); "Player 1" is whichever seat the coin
made the first player. A piece is named by its id (``pawn1``-``pawn4``, ``knight``, ``spearman``) and
its ``kind``; squares are ``a1``-``f6``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from domain.engine.endings import Ending
from domain.engine.facts import Fact


@dataclass(frozen=True)
class GameSetUp(Fact):
    """The coin flip for the first player (seat 1 calls heads); the other starts with ``tokens``."""

    call: str
    coin: str
    first: int
    tokens: int


@dataclass(frozen=True)
class TurnStarted(Fact):
    seat: int
    turn: int


@dataclass(frozen=True)
class PieceSpawned(Fact):
    """A piece put on its owner's home row; the other player gains a token (``tokens``: their count now)."""

    seat: int
    piece: str
    kind: str
    square: str
    tokens: int


@dataclass(frozen=True)
class MoveDeclared(Fact):
    """A move the other player may answer: it has not happened yet."""

    seat: int
    piece: str
    kind: str
    start: str
    to: str


@dataclass(frozen=True)
class MoveDenied(Fact):
    """``seat`` put a Denial Token on ``square``, the declared move's destination: the move is invalid."""

    seat: int
    square: str
    tokens: int


@dataclass(frozen=True)
class PieceBanished(Fact):
    """``seat`` spent three tokens to remove the declared move's piece before it landed."""

    seat: int
    owner: int
    piece: str
    kind: str
    square: str
    tokens: int


@dataclass(frozen=True)
class MoveAllowed(Fact):
    """``seat`` let the declared move happen."""

    seat: int


@dataclass(frozen=True)
class PieceMoved(Fact):
    """A move landed. ``captured`` is the id of the opposing piece removed ("" for none); ``recovered``
    says a pawn picked up the token on the square (``tokens``: the mover's count now)."""

    seat: int
    piece: str
    kind: str
    start: str
    to: str
    captured: str
    recovered: bool
    tokens: int


NO_MOVE = "no piece could move or be spawned"
"""The reason of a turn that ended as it began (RULINGS.md, ruling 10)."""


@dataclass(frozen=True)
class TurnEnded(Fact):
    """``reason`` is empty after a move, or says why the player made none (``NO_MOVE``, or that the
    denials left no move)."""

    seat: int
    reason: str


LIMIT_WORDS = re.compile(r"no piece reached a spawn row in \d+ turns")
"""How this game's reason began when it stopped at its limit, before endings said so (``EndsAtLimits``)."""


@dataclass(frozen=True)
class GameEnded(Ending):
    """The game is over: the winners (none: a draw), why, and whether it stopped at its limit (version 2)."""

    limit_words = LIMIT_WORDS


FACTS: tuple[type[Fact], ...] = (
    GameSetUp, TurnStarted, PieceSpawned, MoveDeclared, MoveDenied, PieceBanished, MoveAllowed, PieceMoved,
    TurnEnded, GameEnded,
)
