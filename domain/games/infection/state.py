"""The state of a game of Infection: JSON-native, one entry per seat in ``sides``.

A side is ``{"village": cures home, "hand": {card: count}, "played": {card: count}, "steal_used",
"villagers": [villager 1, villager 2]}``; a villager is ``{"square", "hp", "cure": carried or not,
"cannot_move", "cannot_use_weapon"}``, the two debuffs meaning "on its next turn". A pending choice
is ``{"seat": who chooses, "kind": "discard" | "recover", "victim" | "tile": ...}``.

Face-down tiles: under rules v2 a region's face-down tiles are a known composition in no order
(``unturned``), and a tile is chosen from it when it is turned over; under rules v1 each tile's
identity was laid at setup (``tiles``, the secret). ``chosen_when_turned`` says which.

The rulings a designer may switch are fields whose defaults are the rules played before they were
options (``enemy_village``, ``steal_under_disarm``), so an old game's snapshot still loads and plays on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.engine.endings import EndsAtLimits
from domain.games.infection.board import REGIONS, START, region_of
from domain.games.infection.cards import HAND, MAX_HP, TILES
from domain.games.infection.facts import LIMIT_WORDS

FACE_DOWN = "?"
"""Under rules v2, what ``tiles`` holds for each face-down tile: not chosen until it is turned over."""


@dataclass
class State(EndsAtLimits):
    round_limit: int
    enemy_village: str = "closed"
    """Ruling 8 (an option): ``closed`` (a villager never enters the enemy village) or ``open``."""
    steal_under_disarm: str = "allowed"
    """Ruling 11 (an option): whether a villager that cannot use a weapon may still Steal (``allowed``)
    or not (``forbidden``)."""
    phase: str = "setup"
    """``setup``, ``turn`` (a villager's turn, or a choice it caused), ``over``."""
    turns: int = 0
    """Villager turns begun."""
    round: int = 0
    current: int = 0
    """The seat whose villager is on turn."""
    villager: int = 0
    """The number (1 or 2) of the villager on turn."""
    turn_cannot_move: bool = False
    turn_cannot_use_weapon: bool = False
    """The debuffs the villager on turn carries this turn."""
    tiles: dict[str, str] = field(default_factory=dict)
    """The face-down tiles by square: under rules v1 the tile laid there (the secret), under v2
    ``FACE_DOWN`` for each."""
    unturned: dict[str, dict[str, int]] = field(default_factory=dict)
    """Rules v2: the tiles still face down in each region, by kind (a known composition, in no order)."""
    chosen_when_turned: bool = False
    """Whether a face-down tile is chosen from its region's ``unturned`` tiles when it is turned over
    (rules v2, ``TilesLaid``) rather than laid at setup (rules v1, ``TilesPlaced``)."""
    cures: dict[str, int] = field(default_factory=dict)
    """Face-up cures lying on squares (dropped by the dead, or found by a villager already carrying one)."""
    sides: list[dict[str, Any]] = field(default_factory=list)
    pending: list[dict[str, Any]] = field(default_factory=list)
    """Choices waiting, first first: a discard after a kill, a card to take back after Recover or Generosity."""
    winners: list[int] = field(default_factory=list)
    reason: str = ""
    at_limit: bool = False
    """Whether the game stopped at its turn or round limit (from the ending fact)."""
    limit_words = LIMIT_WORDS

    def copy(self) -> State:
        """A copy whose lists and dicts are its own (``evolve`` changes the copy, never the original)."""
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        new.tiles = dict(self.tiles)
        new.unturned = {region: dict(counts) for region, counts in self.unturned.items()}
        new.cures = dict(self.cures)
        new.sides = [_copy_side(side) for side in self.sides]
        new.pending = [dict(choice) for choice in self.pending]
        new.winners = list(self.winners)
        return new

    def left_face_down(self) -> dict[str, dict[str, int]]:
        """How many tiles of each kind are still face down in each region, in ``TILES`` order (a kind
        with none left is left out): the text's counts less the tiles turned over, as every player counts."""
        if self.chosen_when_turned:
            counts = {region: self.unturned.get(region, {}) for region in REGIONS}
        else:
            counts = {region: {} for region in REGIONS}
            for square, tile in self.tiles.items():
                kinds = counts[region_of(square)]
                kinds[tile] = kinds.get(tile, 0) + 1
        return {region: {tile: kinds[tile] for tile in TILES if kinds.get(tile, 0) > 0} for region, kinds in counts.items()}

    def side(self, seat: int) -> dict[str, Any]:
        return self.sides[seat - 1]

    def member(self, seat: int, number: int) -> dict[str, Any]:
        """A villager by seat and number."""
        villager: dict[str, Any] = self.sides[seat - 1]["villagers"][number - 1]
        return villager

    def on_turn(self) -> dict[str, Any]:
        """The villager whose turn it is."""
        return self.member(self.current, self.villager)

    def villager_at(self, square: str) -> tuple[int, int] | None:
        """``(seat, number)`` of the villager on a square, or ``None``."""
        for seat, side in enumerate(self.sides, 1):
            for number, villager in enumerate(side["villagers"], 1):
                if villager["square"] == square:
                    return seat, number
        return None

    def all_villagers(self) -> list[tuple[int, int, dict[str, Any]]]:
        """Every villager as ``(seat, number, villager)``, Blue 1, Blue 2, Red 1, Red 2."""
        return [(seat, number, v) for seat, side in enumerate(self.sides, 1) for number, v in enumerate(side["villagers"], 1)]


def _copy_side(side: dict[str, Any]) -> dict[str, Any]:
    return {
        **side,
        "hand": dict(side["hand"]),
        "played": dict(side["played"]),
        "villagers": [dict(v) for v in side["villagers"]],
    }


def new_side(seat: int) -> dict[str, Any]:
    return {
        "village": 0,
        "hand": dict(HAND),
        "played": {card: 0 for card in HAND},
        "steal_used": False,
        "villagers": [new_villager(START[(seat, number)]) for number in (1, 2)],
    }


def new_villager(square: str) -> dict[str, Any]:
    return {"square": square, "hp": MAX_HP, "cure": False, "cannot_move": False, "cannot_use_weapon": False}


def hand_cards(side: dict[str, Any]) -> list[str]:
    """The kinds of card in a player's hand, in ``CARDS`` order."""
    return [card for card, count in side["hand"].items() if count > 0]


def played_cards(side: dict[str, Any]) -> list[str]:
    """The kinds of card a player has played (or had discarded) and may get back, in ``CARDS`` order."""
    return [card for card, count in side["played"].items() if count > 0]
