"""The events of Missions, in the past tense, each carrying its random outcomes (the first player, the
die, the mission card drawn). Nothing is decided before it is revealed: a card is chosen from what is
left in its pile at the moment it is drawn (RULINGS.md, "The piles"), so no event holds a secret."""

from __future__ import annotations

import re
from dataclasses import dataclass

from domain.engine.facts import Fact

LIMIT_WORDS = re.compile(r"the most money after \d+ rounds \(the round limit\)")
"""How this game's reason began when it stopped at its limit, before endings said so (``EndsAtLimits``)."""


@dataclass(frozen=True)
class TableSetUp(Fact):
    """Pieces on their start spaces (``spaces``, seat 1 first), every player at ``rank``, the three
    piles full, and the first player drawn."""

    first: int
    spaces: list[int]
    rank: int


@dataclass(frozen=True)
class TurnStarted(Fact):
    seat: int
    round: int


@dataclass(frozen=True)
class TurnSkipped(Fact):
    """A player's turn passed over to pay off a lost turn."""

    seat: int
    round: int


@dataclass(frozen=True)
class DieRolled(Fact):
    """The movement roll."""

    seat: int
    face: int


@dataclass(frozen=True)
class PieceMoved(Fact):
    seat: int
    start: int
    to: int
    direction: str
    """``cw`` (clockwise: up the space numbers) or ``ccw``."""
    space: str
    """What the space landed on is: ``start``, ``L1``, ``L2``, ``L3`` or ``police``."""


@dataclass(frozen=True)
class MoveBlocked(Fact):
    """Every space the roll could end on already holds the most pieces a space may: the piece stays."""

    seat: int
    face: int


@dataclass(frozen=True)
class CardsTraded(Fact):
    """A rob: the robber gave ``give`` and took ``take`` from ``robbed``."""

    robber: int
    robbed: int
    give: str
    take: str


@dataclass(frozen=True)
class MissionDrawn(Fact):
    seat: int
    level: int
    card: str


@dataclass(frozen=True)
class PileEmpty(Fact):
    """The player landed on a mission space whose pile is empty: nothing happens."""

    seat: int
    level: int


@dataclass(frozen=True)
class MissionRolled(Fact):
    """The success roll: ``success`` when ``face`` is at most ``needed``. A completed mission's card
    joins the player's hand; a failed one goes to the bottom of its pile."""

    seat: int
    card: str
    face: int
    needed: int
    success: bool


@dataclass(frozen=True)
class RankChanged(Fact):
    seat: int
    rank: int
    """The new rank."""
    reason: str
    """``mission`` (a completed mission raised it) or ``failure`` (a failed level 3 mission lowered it)."""


@dataclass(frozen=True)
class TurnLost(Fact):
    """The player will miss their next turn: ``reason`` is ``mission`` (a failed level 3 mission) or
    ``police`` (the police space of the first changes)."""

    seat: int
    reason: str


@dataclass(frozen=True)
class SnitchRolled(Fact):
    """The snitch roll: ``target`` is the seat whose number came up, 0 for nobody."""

    seat: int
    face: int
    target: int


@dataclass(frozen=True)
class SnitchDeclined(Fact):
    seat: int


@dataclass(frozen=True)
class RobDeclined(Fact):
    seat: int


@dataclass(frozen=True)
class CardGained(Fact):
    """The snitch's reward: the top card of the level 1 pile (``card`` is empty when the pile was)."""

    seat: int
    card: str


@dataclass(frozen=True)
class CardDemanded(Fact):
    """``seat`` must give up a mission card of their choice: ``reason`` is ``snitched`` (another player
    rolled their number), ``self`` (the snitch rolled their own) or ``police`` (the first changes' fine)."""

    seat: int
    reason: str


@dataclass(frozen=True)
class NothingLost(Fact):
    """``seat`` would have to give up a card (``reason`` as for ``CardDemanded``) but holds none."""

    seat: int
    reason: str


@dataclass(frozen=True)
class CardLost(Fact):
    """The card goes to the bottom of its level's pile."""

    seat: int
    card: str


@dataclass(frozen=True)
class GameWon(Fact):
    seat: int
    money: int


@dataclass(frozen=True)
class RoundLimitReached(Fact):
    """The game ran out of rounds: the richest players win (all of them on a tie)."""

    rounds: int
    winners: list[int]
    money: list[int]


FACTS: tuple[type[Fact], ...] = (
    TableSetUp, TurnStarted, TurnSkipped, DieRolled, PieceMoved, MoveBlocked, CardsTraded, RobDeclined,
    MissionDrawn, PileEmpty, MissionRolled, RankChanged, TurnLost, SnitchRolled, SnitchDeclined,
    CardGained, CardDemanded, NothingLost, CardLost, GameWon, RoundLimitReached,
)
