"""The state of a game of Missions: JSON-native, one list entry per seat (seat 1 first)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from domain.engine.endings import EndsAtLimits
from domain.games.missions.cards import money
from domain.games.missions.facts import LIMIT_WORDS


@dataclass
class State(EndsAtLimits):
    seat_count: int
    options: dict[str, Any]
    """The resolved options (``target``, ``police``, ``landing_on_player``, ``max_per_space``,
    ``start_rank``, ``level2_ranks_up``, ``level3_failure_loses_rank``, ``movement``, ``round_limit``)."""
    spaces: list[str]
    """The loop's spaces, clockwise from 0: ``start``, ``L1``, ``L2``, ``L3`` or ``police``."""
    positions: list[int] = field(default_factory=list)
    ranks: list[int] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    """The mission cards each player holds (face up), in the order won."""
    skips: list[int] = field(default_factory=list)
    """Turns each player is still to miss."""
    unseen: dict[str, list[str]] = field(default_factory=dict)
    """Per level (``"1"``), the pile's cards never yet drawn, in card-list order: their order is
    unknown until one is drawn."""
    bottom: dict[str, list[str]] = field(default_factory=dict)
    """Per level, the cards put back under the pile, top first: everyone saw them go there."""
    first: int = 0
    mover: int = 0
    phase: str = "setup"
    """``setup``, ``roll``, ``move`` (after a roll), ``rob``, ``snitch``, ``lose``, ``over`` (and, inside
    one command only, ``landed``)."""
    rolled: int = 0
    demanded: int = 0
    """The seat that must give up a card (phase ``lose``)."""
    demand_reason: str = ""
    round: int = 0
    turns: int = 0
    """Turns begun (missed ones included)."""
    winners: list[int] = field(default_factory=list)
    reason: str = ""
    at_limit: bool = False
    """Whether the game stopped at its turn or round limit (from the ending fact)."""
    limit_words = LIMIT_WORDS

    def copy(self) -> State:
        return replace(
            self,
            positions=list(self.positions),
            ranks=list(self.ranks),
            hands=[list(hand) for hand in self.hands],
            skips=list(self.skips),
            unseen={level: list(cards) for level, cards in self.unseen.items()},
            bottom={level: list(cards) for level, cards in self.bottom.items()},
            winners=list(self.winners),
        )

    def money(self, seat: int) -> int:
        return money(self.hands[seat - 1])

    def pile_size(self, level: int) -> int:
        return len(self.unseen[str(level)]) + len(self.bottom[str(level)])

    def pieces_on(self, space: int, besides: int = 0) -> list[int]:
        """The seats whose pieces are on the space, but ``besides``."""
        return [seat for seat, at in enumerate(self.positions, 1) if at == space and seat != besides]
