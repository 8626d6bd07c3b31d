"""The state of a game of Correction: JSON-native, one entry per seat in the per-seat lists.

``pieces`` maps a square to the piece on it, ``{"seat", "piece", "kind"}``; ``tokens`` maps a square
to the turn its Denial Token was placed. A seat's pieces off the board are in ``supply`` (standing:
they may be spawned) or ``resting`` (laid down: captured or banished, they stand up after their
owner's next spawn phase). The rulings the designer may switch (the options ``deny_capture``,
``capture_on_token``, ``banished_piece``, ``spear_past_pieces``) are fields with today's choice as
default, so a game recorded before they existed plays on as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.engine.endings import EndsAtLimits
from domain.games.correction.board import PIECES
from domain.games.correction.facts import LIMIT_WORDS


@dataclass
class State(EndsAtLimits):
    seat_count: int
    turn_limit: int
    deny_capture: str = "under-the-piece"
    """Ruling 13: ``under-the-piece`` (a capture may be denied, the token going under the piece it
    would take) or ``banish-only`` (a token goes only on an empty square)."""
    capture_on_token: str = "pawns-only"
    """Ruling 18: who may capture a piece standing on a Denial Token: ``pawns-only`` or ``any-piece``."""
    banished_piece: str = "laid-down"
    """Ruling 9: a banished piece is ``laid-down`` like a captured one, or ``standing`` (spawnable at once)."""
    spear_past_pieces: str = "blocked"
    """Ruling 5: a spearman's capture two ahead is ``blocked`` by a piece between, or ``reaches`` over it."""
    phase: str = "setup"
    """``setup``; ``spawn`` (the player on turn may still spawn); ``move`` (a move has been declared
    this turn, spawning is over); ``over``."""
    order: list[int] = field(default_factory=list)
    """Seats in turn order: Player 1, Player 2."""
    current: int = 0
    """The seat on turn (the declared move's owner while the other seat answers)."""
    turn: int = 0
    """Turns begun."""
    pieces: dict[str, dict[str, Any]] = field(default_factory=dict)
    tokens: dict[str, int] = field(default_factory=dict)
    denial: list[int] = field(default_factory=list)
    """Each seat's Denial Tokens in hand."""
    supply: list[list[str]] = field(default_factory=list)
    resting: list[list[str]] = field(default_factory=list)
    spawned: list[str] = field(default_factory=list)
    """Ids of the pieces spawned this turn."""
    moved: list[str] = field(default_factory=list)
    """Ids of the pieces whose move landed this turn."""
    mode: str = ""
    """Fixed by the turn's first move to land: ``spawned`` (every piece spawned this turn moves) or
    ``single`` (one other piece moves); "" before."""
    forced: str = ""
    """The piece whose move was just denied: it must make a different move if it has one."""
    declared: dict[str, Any] | None = None
    """The move waiting for the other seat's answer: ``{"piece", "kind", "start", "to"}``."""
    winners: list[int] = field(default_factory=list)
    reason: str = ""
    at_limit: bool = False
    """Whether the game stopped at its turn or round limit (from the ending fact)."""
    limit_words = LIMIT_WORDS

    def copy(self) -> State:
        """A copy whose lists and dicts are its own (``evolve`` changes the copy, never the original).
        The pieces' dicts are shared: they are replaced, never changed in place."""
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        new.order = list(self.order)
        new.pieces = dict(self.pieces)
        new.tokens = dict(self.tokens)
        new.denial = list(self.denial)
        new.supply = [list(s) for s in self.supply]
        new.resting = [list(r) for r in self.resting]
        new.spawned = list(self.spawned)
        new.moved = list(self.moved)
        new.declared = dict(self.declared) if self.declared is not None else None
        new.winners = list(self.winners)
        return new

    def number(self, seat: int) -> int:
        """The seat's player number: 1 for the first player (home row rank 1), 2 for the other."""
        return self.order.index(seat) + 1

    def opponent(self, seat: int) -> int:
        return 3 - seat

    def square_of(self, seat: int, piece: str) -> str | None:
        for square, found in self.pieces.items():
            if found["seat"] == seat and found["piece"] == piece:
                return square
        return None


def in_order(pieces: list[str]) -> list[str]:
    """Piece ids in their fixed order: pawns first, then the knight and the spearman."""
    return sorted(pieces, key=PIECES.index)
