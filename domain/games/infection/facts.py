"""The events of Infection, in the past tense. Each carries the numbers it changed, so a log reads on
its own and applying it never needs to look anything up.

Seats are 1 (Blue) and 2 (Red); a villager is named by its seat and number (1 or 2). The only random
outcome is which tile is turned over: under rules v2 the tiles are laid face down unseen
(``TilesLaid``: how many of each kind in each region, nothing secret) and a tile is chosen from its
region's face-down tiles when a villager picks it up, recorded in ``TilePickedUp``. Under rules v1
(games recorded before) the setup shuffled the tiles into their places, recorded in ``TilesPlaced``
and secret to every seat until the game is over, and ``TilePickedUp`` revealed the tile laid there.
A hit is ``{"seat", "villager", "square", "hp"}`` with the villager's HP after it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from domain.engine.endings import Ending
from domain.engine.facts import Fact


@dataclass(frozen=True)
class TilesPlaced(Fact):
    """Rules v1: the 25 tiles shuffled region by region and laid face down, listed in the order of
    ``board.TILE_SQUARES`` (a2, b2, ... e6). Secret: seats and spectators see ``"?"`` for each."""

    placement: list[str]


@dataclass(frozen=True)
class TilesLaid(Fact):
    """Rules v2: the 25 tiles laid face down region by region, unseen: ``regions`` holds how many of
    each kind each region has (``{"blue": {"cure": 1, "virus": 4, ...}, "middle": ..., "red": ...}``).
    No tile has a place yet: each is chosen from its region's face-down tiles when it is turned over.
    Nothing in it is secret."""

    regions: dict[str, dict[str, int]]


@dataclass(frozen=True)
class TurnStarted(Fact):
    """A villager's turn, with the debuffs it carries into it (they last this turn)."""

    seat: int
    villager: int
    round: int
    cannot_move: bool
    cannot_use_weapon: bool


@dataclass(frozen=True)
class VillagerMoved(Fact):
    """A Move & Pick-up card played: up to 2 tiles and a pick-up, or (``pick_up`` false) 1 tile before
    a weapon or Steal."""

    seat: int
    villager: int
    start: str
    to: str
    pick_up: bool


@dataclass(frozen=True)
class VillagerHealed(Fact):
    """Back in the home village: HP restored."""

    seat: int
    villager: int
    hp: int


@dataclass(frozen=True)
class CureDelivered(Fact):
    """A carried cure brought into the home village; ``village`` is how many it holds now."""

    seat: int
    villager: int
    village: int


@dataclass(frozen=True)
class TilePickedUp(Fact):
    """A face-down tile picked up and revealed to all: under rules v2 chosen then, from the tiles still
    face down in its region; under v1 the tile laid there. A cure lies face up on the square until
    taken; ``hits`` are the HP a virus or a contagion took; a disarm stops the villager's weapons next turn."""

    seat: int
    villager: int
    square: str
    tile: str
    hits: list[dict[str, Any]]


@dataclass(frozen=True)
class CureTaken(Fact):
    """A face-up cure lying on the square is now carried by the villager."""

    seat: int
    villager: int
    square: str


@dataclass(frozen=True)
class WeaponUsed(Fact):
    """A weapon card played at ``target`` (the Grenade's centre): ``hits`` are the villagers it struck
    (HP after the Axe or Gun; the Arrow stops their next move, the Grenade their next weapon)."""

    seat: int
    villager: int
    card: str
    target: str
    hits: list[dict[str, Any]]


@dataclass(frozen=True)
class CureStolen(Fact):
    """The Steal card used (once a game): a cure taken from an enemy villager (``victim`` its number)
    or, with ``victim`` 0, from the enemy village."""

    seat: int
    villager: int
    victim_seat: int
    victim: int
    square: str


@dataclass(frozen=True)
class VillagerDied(Fact):
    """HP 0: back to ``home`` in the village with full HP; a carried cure drops on ``square``.
    ``killer`` is the seat whose weapon killed (0 for a tile)."""

    seat: int
    villager: int
    square: str
    home: str
    killer: int
    cure_dropped: bool


@dataclass(frozen=True)
class CardDiscarded(Fact):
    """After a kill by a weapon, the killer's player discarded a card from the victim's hand."""

    seat: int
    victim_seat: int
    card: str


@dataclass(frozen=True)
class CardTakenBack(Fact):
    """A played card returned to its player's hand by a Recover or Generosity tile."""

    seat: int
    card: str
    tile: str


@dataclass(frozen=True)
class CardsReset(Fact):
    """The turn spent resetting: every played card back in hand (a used Steal stays out)."""

    seat: int
    villager: int
    cards: list[str]


LIMIT_WORDS = re.compile(r"the last round \(\d+\) was played")
"""How this game's reason began when it stopped at its limit, before endings said so (``EndsAtLimits``)."""


@dataclass(frozen=True)
class GameEnded(Ending):
    """The game is over: the winners (none: a draw), why, and whether it stopped at its limit (version 2)."""

    limit_words = LIMIT_WORDS


FACTS: tuple[type[Fact], ...] = (
    TilesPlaced, TilesLaid, TurnStarted, VillagerMoved, VillagerHealed, CureDelivered, TilePickedUp, CureTaken,
    WeaponUsed, CureStolen, VillagerDied, CardDiscarded, CardTakenBack, CardsReset, GameEnded,
)
