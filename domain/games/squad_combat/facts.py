"""The events of Squad Combat, in the past tense, each carrying its random outcomes (the first player,
every rolled die, every card drawn). A deck is a known set of cards in an unknown order: the card
drawn is chosen from what is left at the moment it is drawn, so the only secret an event holds is a
drawn card, which ``redact`` shows to its drawer alone.

A character is named by its seat, its place in the row (1 to 3 from the left) and its id:
``[2, 1, "jimbo"]``; a card by its id.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from domain.engine.endings import Ending
from domain.engine.facts import Fact


@dataclass(frozen=True)
class TableSetUp(Fact):
    """Each seat's squad laid out in a row (``squads``, seat 1 first) and the first player drawn."""

    first: int
    squads: list[str]


@dataclass(frozen=True)
class DiceSet(Fact):
    """A character's dice at setup: the pool's fixed faces as printed, its R dice rolled."""

    seat: int
    character: int
    dice: list[int]


@dataclass(frozen=True)
class CardsDrawn(Fact):
    """Cards drawn into a hand; another seat sees only how many (``"?"``)."""

    seat: int
    cards: list[str]


@dataclass(frozen=True)
class DeckReshuffled(Fact):
    """An empty deck: the discard pile was shuffled into a new deck (its order is decided as cards are drawn)."""

    seat: int
    cards: int


@dataclass(frozen=True)
class PhaseStarted(Fact):
    """An action phase: ``seat`` may play an action, refresh, or pass."""

    seat: int
    turn: int


@dataclass(frozen=True)
class PlayerPassed(Fact):
    seat: int


@dataclass(frozen=True)
class CardPlayed(Fact):
    """A card performed by a character, its costs paid: ``burden`` energy tokens, the ``dice`` spent,
    the cards ``discarded`` (v0.5), and for a v0.5 attack its ``attack_die`` (0 for none).
    ``target`` is the character it is aimed at (``[seat, place]``), or empty."""

    seat: int
    card: str
    performer: list[Any]
    target: list[Any]
    burden: int
    dice: list[int]
    discarded: list[str] = field(default_factory=list)
    attack_die: int = 0


@dataclass(frozen=True)
class DefenderChanged(Fact):
    """An Intercept: the attack now targets ``target``."""

    target: list[Any]


@dataclass(frozen=True)
class AttackRolled(Fact):
    """v0.5: the attack rating (attack die + the card's hit modifier) against the defense rating
    (defense die + defense modifiers); the attack hits when its rating is at least the defense's."""

    attack_die: int
    hit_modifier: int
    defense_die: int
    defense_modifier: int
    hit: bool


@dataclass(frozen=True)
class AttackHit(Fact):
    """The attack card is attached under the defender with its damage showing."""

    seat: int
    card: str
    target: list[Any]
    damage: int


@dataclass(frozen=True)
class AttackFailed(Fact):
    """The attack was negated (v1) or missed (v0.5): its card is discarded."""

    seat: int
    card: str
    reason: str


@dataclass(frozen=True)
class Burdened(Fact):
    """Burden tokens put on a character (a Stun, a Riposte): its current energy falls, never below 0."""

    character: list[Any]
    tokens: int
    reason: str


@dataclass(frozen=True)
class BurdenRemoved(Fact):
    character: list[Any]
    tokens: int


@dataclass(frozen=True)
class DieLost(Fact):
    character: list[Any]
    face: int


@dataclass(frozen=True)
class DiePoweredUp(Fact):
    character: list[Any]
    before: int


@dataclass(frozen=True)
class DieAdded(Fact):
    """An Overcharge: a newly rolled die, even above the pool's size."""

    character: list[Any]
    face: int


@dataclass(frozen=True)
class DiceRefreshed(Fact):
    """A refresh: its ``burden`` (the refresh cost) paid, ``rolled`` added to the character's dice, then
    only ``kept`` stay (the highest, as many as the pool holds)."""

    character: list[Any]
    burden: int
    rolled: list[int]
    kept: list[int]


@dataclass(frozen=True)
class WoundHealed(Fact):
    """A Heal: the attached card ``card`` (``damage``) is taken off and goes to its owner's discard pile."""

    character: list[Any]
    card: str
    damage: int


@dataclass(frozen=True)
class Taunted(Fact):
    """Until the end of the turn, enemy attacks must target this character while it lives."""

    character: list[Any]


@dataclass(frozen=True)
class BattleCried(Fact):
    """The next attack one of ``seat``'s characters makes this turn deals ``bonus`` more damage."""

    seat: int
    bonus: int


@dataclass(frozen=True)
class CharacterDied(Fact):
    """Its wounds reached its HP: v1 flips it face down (its cards stay under it, unless the option
    ``dead_wounds`` is ``discard``); v0.5 removes it. Cards that leave it go to their owners' discard piles."""

    character: list[Any]


@dataclass(frozen=True)
class PlayerEliminated(Fact):
    seat: int


@dataclass(frozen=True)
class TurnEnded(Fact):
    """Every player passed. ``recharged``: all burden tokens came off the characters."""

    turn: int
    recharged: bool


@dataclass(frozen=True)
class CardsDiscarded(Fact):
    """End of turn: up to two cards from the hand to the discard pile (face up)."""

    seat: int
    cards: list[str]


LIMIT_WORDS = re.compile(r"the turn limit \(\d+ turns\)")
"""How this game's reason began when it stopped at its limit, before endings said so (``EndsAtLimits``)."""


@dataclass(frozen=True)
class GameEnded(Ending):
    """The game is over: the winners (none: a draw), why, and whether it stopped at its limit (version 2)."""

    limit_words = LIMIT_WORDS


FACTS: tuple[type[Fact], ...] = (
    TableSetUp, DiceSet, CardsDrawn, DeckReshuffled, PhaseStarted, PlayerPassed, CardPlayed, DefenderChanged,
    AttackRolled, AttackHit, AttackFailed, Burdened, BurdenRemoved, DieLost, DiePoweredUp, DieAdded, DiceRefreshed,
    WoundHealed, Taunted, BattleCried, CharacterDied, PlayerEliminated, TurnEnded, CardsDiscarded, GameEnded,
)
