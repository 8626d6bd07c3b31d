"""The state of a game of Project Assassination: JSON-native, one entry per seat in ``players``.

A player is ``{"square", "hp", "vp", "slots": [weapon|None, weapon|None], "boots", "reserve",
"covered", "paralysed", "ambushed", "collected"}``; a weapon is ``{"card", "sight", "muzzle"}`` (and
``"shots"`` fired, for a Paralysis Pistol that lasts more than one: option ``paralysis_shots``); an
enemy is ``{"kind", "square", "hp", "caged_by", "paralysed_by"}`` (0 when not caged or paralysed; and
``"cage_turns"`` left, when a cage lasts other than one turn: option ``cage_turns``).
A deck lists the cards not yet drawn from it, in no order: the card drawn is chosen when it is drawn
(``decks.py``). Games set up under rules v1 recorded each deck's order: their decks are ``ordered``,
top card first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.engine.endings import EndsAtLimits
from domain.games.project_assassination.board import Board, board_of
from domain.games.project_assassination.facts import LIMIT_WORDS


@dataclass
class State(EndsAtLimits):
    seat_count: int
    layout: str
    """The board layout as canonical JSON text (see ``board.canonical``)."""
    round_limit: int
    options: dict[str, Any] = field(default_factory=dict)
    """The ruling options of the game (``options.py``), as resolved; a game recorded before one existed lacks its key."""
    phase: str = "setup"
    """``setup``, ``turn`` (the current seat plays), ``placement`` (the placer places an enemy), ``over``."""
    order: list[int] = field(default_factory=list)
    """Seats in turn order: Player 1, Player 2."""
    current: int = 0
    """The seat to act: the player on turn, or the placer during placement."""
    round: int = 0
    turns: int = 0
    """Turns begun, skipped ones included."""
    players: list[dict[str, Any]] = field(default_factory=list)
    enemies: list[dict[str, Any]] = field(default_factory=list)
    obstacles: list[str] = field(default_factory=list)
    cards: dict[str, list[str]] = field(default_factory=dict)
    """Cards lying on squares: the presets not yet picked up and the collectibles on rendezvous points."""
    item_deck: list[str] = field(default_factory=list)
    collectible_deck: list[str] = field(default_factory=list)
    enemy_deck: list[str] = field(default_factory=list)
    """The enemy cards not yet seen (an ``ordered`` deck: all of it); those put under them are in ``enemy_bottom``."""
    enemy_bottom: list[str] = field(default_factory=list)
    """Enemy cards put at the bottom of the deck (a Boss drawn too early), the first to be drawn first:
    drawn only once no unseen card is left. Always empty in an ``ordered`` game, whose order holds them."""
    ordered: bool = True
    """Whether the decks hold an order recorded at setup (rules v1, ``TableSetUp``): a draw takes the
    top card. ``TableLaid`` (rules v2) makes it False: each card is chosen as it is drawn."""
    item_discard: list[str] = field(default_factory=list)
    """Top card last."""
    collectible_discard: list[str] = field(default_factory=list)
    sniper_discard: list[str] = field(default_factory=list)
    enemy_discard: list[str] = field(default_factory=list)
    drew: bool = False
    acted: bool = False
    """Moved or attacked this turn: no more drawing or items."""
    used_item: bool = False
    actions: int = 0
    attacks: int = 0
    armed_twice: bool = False
    """Both weapon slots have been filled at some moment of this turn: two attacks are allowed."""
    healed: bool = False
    fresh_boots: int = 0
    """Boots put on during this turn that add no action until the next (option ``boots_take_effect``: next-turn)."""
    """A heal point has healed the player on turn this turn."""
    pending: list[str] = field(default_factory=list)
    """Collected cards (and ``discard`` for a reserve over its limit) waiting for the player's choice, first first."""
    enemy_in_hand: str = ""
    """The enemy card the placer has drawn."""
    winners: list[int] = field(default_factory=list)
    reason: str = ""
    at_limit: bool = False
    """Whether the game stopped at its turn or round limit (from the ending fact)."""
    limit_words = LIMIT_WORDS

    def copy(self) -> State:
        """A copy whose lists and dicts are its own (``evolve`` changes the copy, never the original)."""
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        new.order = list(self.order)
        new.players = [_copy_player(p) for p in self.players]
        new.enemies = [dict(e) for e in self.enemies]
        new.obstacles = list(self.obstacles)
        new.cards = {square: list(cards) for square, cards in self.cards.items()}
        new.item_deck = list(self.item_deck)
        new.collectible_deck = list(self.collectible_deck)
        new.enemy_deck = list(self.enemy_deck)
        new.enemy_bottom = list(self.enemy_bottom)
        new.item_discard = list(self.item_discard)
        new.collectible_discard = list(self.collectible_discard)
        new.sniper_discard = list(self.sniper_discard)
        new.enemy_discard = list(self.enemy_discard)
        new.pending = list(self.pending)
        new.winners = list(self.winners)
        return new

    @property
    def board(self) -> Board:
        return board_of(self.layout)

    def deck(self, name: str) -> list[str]:
        """The ``item``, ``collectible`` or ``enemy`` deck's cards not yet seen (top first when ``ordered``)."""
        return {"item": self.item_deck, "collectible": self.collectible_deck, "enemy": self.enemy_deck}[name]

    @property
    def enemies_left(self) -> int:
        """How many cards the enemy deck holds, those known to be at its bottom included."""
        return len(self.enemy_deck) + len(self.enemy_bottom)

    def player(self, seat: int) -> dict[str, Any]:
        return self.players[seat - 1]

    def number(self, seat: int) -> int:
        """The seat's player number: 1 for the coin flip's winner, who goes first."""
        return self.order.index(seat) + 1

    def opponent(self, seat: int) -> int:
        return 3 - seat

    def enemy_at(self, square: str) -> dict[str, Any] | None:
        for enemy in self.enemies:
            if enemy["square"] == square:
                return enemy
        return None

    def seat_at(self, square: str) -> int:
        for seat, player in enumerate(self.players, 1):
            if player["square"] == square:
                return seat
        return 0


def _copy_player(player: dict[str, Any]) -> dict[str, Any]:
    return {
        **player,
        "slots": [dict(w) if w else None for w in player["slots"]],
        "reserve": list(player["reserve"]),
    }


def new_player(square: str) -> dict[str, Any]:
    return {
        "square": square,
        "hp": 10,
        "vp": 0,
        "slots": [None, {"card": "pistol", "sight": False, "muzzle": False}],
        "boots": 0,
        "reserve": [],
        "covered": False,
        "paralysed": False,
        "ambushed": False,
    }
