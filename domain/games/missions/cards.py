"""The 45 mission cards, read from ``cards.json`` (the rules text's cards as data): each level's names,
the roll a mission needs at each rank, its money, and whether it raises rank or costs a turn.

Every card of a level has the same rules, so a card is known by its name (all 45 differ) and its
level is looked up from the name.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

LEVELS = (1, 2, 3)
RANKS = (0, 1, 2)
"""The ranks the cards print a success roll for: a rank never leaves this range."""
DIE = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True)
class Level:
    """What every card of one level says."""

    level: int
    value: int
    """The card's money: ``+$10,000`` on a level 1 card."""
    needed: tuple[int, ...]
    """The highest roll that succeeds, at rank 0, 1 and 2."""
    ranks_up: bool
    """The card's ``+ 1 Rank`` on success."""
    failure: str | None
    """What the card prints under FAILURE (``Miss 1 turn``), or ``None``."""
    names: tuple[str, ...]


def _load() -> dict[int, Level]:
    data = json.loads(resources.files(__package__).joinpath("cards.json").read_text(encoding="utf-8"))
    return {
        int(key): Level(int(key), level["value"], tuple(level["needed"]), level["ranks_up"], level["failure"],
                        tuple(level["names"]))
        for key, level in data["levels"].items()
    }


CARDS: dict[int, Level] = _load()
LEVEL_OF: dict[str, int] = {name: level.level for level in CARDS.values() for name in level.names}
"""Each card's level, by name."""
ALL_NAMES: tuple[str, ...] = tuple(name for level in LEVELS for name in CARDS[level].names)


def value(card: str) -> int:
    """A held card's money."""
    return CARDS[LEVEL_OF[card]].value


def needed(level: int, rank: int) -> int:
    """The highest roll that completes a mission of the level at the rank."""
    return CARDS[level].needed[min(max(rank, RANKS[0]), RANKS[-1])]


def money(cards: list[str]) -> int:
    """The money in a hand of mission cards: their face values added up."""
    return sum(value(card) for card in cards)


def dollars(amount: int) -> str:
    """``$100,000``."""
    return f"${amount:,}"
