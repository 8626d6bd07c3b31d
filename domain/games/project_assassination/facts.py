"""The events of Project Assassination, in the past tense. Each carries its random outcomes and the
numbers it changed, so a log reads on its own and applying it never needs to look anything up.

Seats are the players' seat numbers (1 or 2 as they joined); "Player 1" is whichever seat won the coin
flip. A hit is a dict ``{"square", "target": "enemy"|"player"|"obstacle", "kind"|"seat", "damage", "hp"}``
with the hit thing's HP after the damage (0 for an obstacle, which one hit destroys).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from domain.engine.endings import Ending
from domain.engine.facts import Fact


@dataclass(frozen=True)
class TableSetUp(Fact):
    """Rules v1: the coin flip for Player 1 (seat 1 calls), and the three decks shuffled, top card
    first. The deck orders are secret while the game goes on."""

    call: str
    coin: str
    first: int
    item_deck: list[str]
    collectible_deck: list[str]
    enemy_deck: list[str]


@dataclass(frozen=True)
class TableLaid(Fact):
    """The coin flip for Player 1 (seat 1 calls). The three decks lie shuffled face down: no order is
    fixed, each card is chosen as it is drawn (RULINGS.md, ruling 32)."""

    call: str
    coin: str
    first: int


@dataclass(frozen=True)
class TurnStarted(Fact):
    seat: int
    round: int


@dataclass(frozen=True)
class TurnSkipped(Fact):
    """A player hit by a paralysis pistol loses this turn."""

    seat: int
    round: int


@dataclass(frozen=True)
class CardDrawn(Fact):
    """An item goes to the reserve (after ``discarded`` left it, when it was full); a collectible
    goes straight onto the player's rendezvous point."""

    seat: int
    deck: str
    card: str
    discarded: str | None


@dataclass(frozen=True)
class ObstaclePlaced(Fact):
    seat: int
    square: str


@dataclass(frozen=True)
class StrategyPlayed(Fact):
    """An enemy or obstacle moved two squares by a Strategy card."""

    seat: int
    piece: str
    start: str
    to: str


@dataclass(frozen=True)
class AmbushSet(Fact):
    seat: int
    target: int


@dataclass(frozen=True)
class CoverTaken(Fact):
    seat: int


@dataclass(frozen=True)
class PlayerMoved(Fact):
    seat: int
    start: str
    to: str


@dataclass(frozen=True)
class TunnelTaken(Fact):
    seat: int
    entry: str
    exit: str


@dataclass(frozen=True)
class HealPointUsed(Fact):
    seat: int
    square: str
    hp: int


@dataclass(frozen=True)
class CardsCollected(Fact):
    """Cards picked up from a rendezvous point or a preset square; each is then used as it says."""

    seat: int
    square: str
    cards: list[str]


@dataclass(frozen=True)
class PlayerTeleported(Fact):
    """Back to spawn from the rendezvous point: no action spent, no damage from enemies by the point."""

    seat: int
    start: str
    to: str


@dataclass(frozen=True)
class WeaponEquipped(Fact):
    seat: int
    card: str
    slot: int


@dataclass(frozen=True)
class WeaponDropped(Fact):
    """Over two weapons: ``slot`` 0 declines the new one, 1 or 2 drops that slot's weapon for it."""

    seat: int
    card: str
    slot: int


@dataclass(frozen=True)
class BootsWorn(Fact):
    seat: int
    boots: int


@dataclass(frozen=True)
class HealthPackUsed(Fact):
    seat: int
    hp: int


@dataclass(frozen=True)
class LootTaken(Fact):
    """The top cards of the item discard, into the reserve."""

    seat: int
    cards: list[str]


@dataclass(frozen=True)
class AttachmentFitted(Fact):
    seat: int
    card: str
    slot: int


@dataclass(frozen=True)
class EnemyCaged(Fact):
    seat: int
    square: str
    kind: str


@dataclass(frozen=True)
class GrenadeThrown(Fact):
    seat: int
    corner: str
    hits: list[dict[str, Any]]


@dataclass(frozen=True)
class CollectibleDiscarded(Fact):
    """A collected card that could not be used (``reason`` says why) goes to the collectible discard."""

    seat: int
    card: str
    reason: str


@dataclass(frozen=True)
class ReserveDiscarded(Fact):
    seat: int
    card: str


@dataclass(frozen=True)
class ShotFired(Fact):
    """An attack: ``aim`` is the target square or the direction fired in."""

    seat: int
    slot: int
    weapon: str
    aim: str
    hits: list[dict[str, Any]]


@dataclass(frozen=True)
class EnemyParalysed(Fact):
    seat: int
    square: str
    kind: str


@dataclass(frozen=True)
class PlayerParalysed(Fact):
    seat: int
    target: int


@dataclass(frozen=True)
class EnemyKilled(Fact):
    seat: int
    kind: str
    square: str


@dataclass(frozen=True)
class PointsScored(Fact):
    seat: int
    points: int
    reason: str
    total: int


@dataclass(frozen=True)
class EnemyStruck(Fact):
    """An enemy hit a player who moved into its range."""

    kind: str
    square: str
    seat: int
    damage: int
    hp: int


@dataclass(frozen=True)
class EnemiesHealed(Fact):
    """Medics healed the enemies around them: ``heals`` is ``[{"square", "kind", "hp"}]``."""

    heals: list[dict[str, Any]]


@dataclass(frozen=True)
class TurnEnded(Fact):
    seat: int


@dataclass(frozen=True)
class PlacementStarted(Fact):
    """Who places the next enemy and why (``fewer points``, ``lower health`` or ``coin``)."""

    seat: int
    reason: str
    coin: str | None


@dataclass(frozen=True)
class EnemyDrawn(Fact):
    """The enemy card drawn; a Boss drawn with fewer than five enemies out goes to the bottom."""

    seat: int
    card: str
    to_bottom: bool


@dataclass(frozen=True)
class EnemyPlaced(Fact):
    seat: int
    card: str
    square: str


@dataclass(frozen=True)
class EnemyRemoved(Fact):
    """An enemy drawn with no legal square to go to leaves the game."""

    seat: int
    card: str


LIMIT_WORDS = re.compile(r"the last round \(\d+\) was played")
"""How this game's reason began when it stopped at its limit, before endings said so (``EndsAtLimits``)."""


@dataclass(frozen=True)
class GameEnded(Ending):
    """The game is over: the winners (none: a draw), why, and whether it stopped at its limit (version 2)."""

    limit_words = LIMIT_WORDS


FACTS: tuple[type[Fact], ...] = (
    TableSetUp, TableLaid, TurnStarted, TurnSkipped, CardDrawn, ObstaclePlaced, StrategyPlayed, AmbushSet,
    CoverTaken, PlayerMoved, TunnelTaken, HealPointUsed, CardsCollected, PlayerTeleported,
    WeaponEquipped, WeaponDropped, BootsWorn, HealthPackUsed, LootTaken, AttachmentFitted, EnemyCaged,
    GrenadeThrown, CollectibleDiscarded, ReserveDiscarded, ShotFired, EnemyParalysed, PlayerParalysed,
    EnemyKilled, PointsScored, EnemyStruck, EnemiesHealed, TurnEnded, PlacementStarted, EnemyDrawn,
    EnemyPlaced, EnemyRemoved, GameEnded,
)
