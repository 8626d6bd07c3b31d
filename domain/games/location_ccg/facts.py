"""The events of the Location CCG, in the past tense. A deck is a known set of cards in an unknown
order: the card drawn is chosen from what is left at the moment it is drawn, so the events that hold
secrets are the cards drawn and the cards put under a deck at the mulligan, which ``redact`` shows to
their owner alone. Everything else happens face up.

A card in play is named by its ``uid`` (a number as a string, given as it enters play) and its card
id; a card elsewhere by its card id; a location by its index among the locations in play (0 to 2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from domain.engine.endings import Ending
from domain.engine.facts import Fact


@dataclass(frozen=True)
class TableSetUp(Fact):
    """The first player drawn at random; the locations each player brought (seat 1 first)."""

    first: int
    brought: list[list[str]]


@dataclass(frozen=True)
class LocationPlaced(Fact):
    seat: int
    location: str


@dataclass(frozen=True)
class CardsDrawn(Fact):
    """Cards drawn into a hand (``reason``: ``opening``, ``mulligan``, ``production`` or a card's id);
    another seat sees only how many (``"?"``)."""

    seat: int
    cards: list[str]
    reason: str


@dataclass(frozen=True)
class CardsPutUnder(Fact):
    """The mulligan: cards from the hand put on the bottom of the deck, in this order (another seat
    sees only how many). None put under is a keep."""

    seat: int
    cards: list[str]


@dataclass(frozen=True)
class DeckReshuffled(Fact):
    """An empty deck when a card had to be drawn: the discard pile became the new deck."""

    seat: int
    cards: int


@dataclass(frozen=True)
class TurnBegan(Fact):
    seat: int
    turn: int


@dataclass(frozen=True)
class PhaseBegan(Fact):
    """A phase or window of the turn; ``seat`` is who acts in it."""

    phase: str
    seat: int


@dataclass(frozen=True)
class CharactersReturned(Fact):
    """The begin phase: the seat's characters away from its HQ came back."""

    seat: int
    characters: list[str]


@dataclass(frozen=True)
class UpkeepDue(Fact):
    """Cards whose Upkeep must be paid this begin phase, or they are destroyed."""

    seat: int
    cards: list[str]


@dataclass(frozen=True)
class UpkeepPaid(Fact):
    seat: int
    uid: str


@dataclass(frozen=True)
class ResourcesSpent(Fact):
    """Bank cards discarded to pay a cost (``purpose``: a card's id, an ability's card, ``upkeep``)."""

    seat: int
    cards: list[str]
    purpose: str


@dataclass(frozen=True)
class CardBanked(Fact):
    """A card from the hand played into the bank as a resource, for a production point."""

    seat: int
    card: str


@dataclass(frozen=True)
class CardPlayed(Fact):
    """A card from the hand played, its cost paid: a character or an asset enters its owner's HQ as
    ``uid``; a modifier goes on the character ``target``; a surprise is announced (it then goes to the
    discard pile) with its ``target`` (a uid, or ``""``)."""

    seat: int
    card: str
    uid: str
    target: str


@dataclass(frozen=True)
class AbilityUsed(Fact):
    """A card's ability used (once a turn), its cost paid, on ``target`` (a uid, or ``""``)."""

    seat: int
    uid: str
    target: str


@dataclass(frozen=True)
class StatsBoosted(Fact):
    """A character's +Atk/+Def/+Skl until the end of the turn, from ``source`` (a card id)."""

    uid: str
    bonus: list[int]
    source: str


@dataclass(frozen=True)
class ModifierRemoved(Fact):
    """A modifier taken off a character, to its owner's discard pile or void pile (``to``)."""

    uid: str
    card: str
    to: str


@dataclass(frozen=True)
class CardLeftPlay(Fact):
    """A card left play: ``how`` is ``destroyed``, ``ko`` or ``discarded``; ``to`` is where it went
    (``void``, ``discard``, or ``hand`` for Recur)."""

    uid: str
    card: str
    owner: int
    how: str
    to: str


@dataclass(frozen=True)
class DamageDealt(Fact):
    """Damage on a character (``source``: ``combat``, ``long range``, ``gang`` or a card's id)."""

    uid: str
    amount: int
    source: str


@dataclass(frozen=True)
class WoundCounterPlaced(Fact):
    """Toughness: lethal damage taken off, a wound counter put on instead."""

    uid: str


@dataclass(frozen=True)
class AttackDeclared(Fact):
    seat: int
    location: int


@dataclass(frozen=True)
class CharacterSent(Fact):
    """A character moved from its HQ to the contested location: an attacker or a defender."""

    uid: str
    location: int


@dataclass(frozen=True)
class Challenged(Fact):
    """A character of the seat's party chosen as a challenger."""

    seat: int
    uid: str


@dataclass(frozen=True)
class Opposed(Fact):
    """A character opposing the challenger: the two are now in combat."""

    seat: int
    uid: str


@dataclass(frozen=True)
class GangJoined(Fact):
    """Gang: an unopposed character adds its Atk to the combat damage of ``to``."""

    uid: str
    to: str


@dataclass(frozen=True)
class Passed(Fact):
    seat: int


@dataclass(frozen=True)
class SkillChecked(Fact):
    """The attacker's Skl at the location less the defender's, against the location's Skl."""

    seat: int
    location: int
    attack: int
    defense: int
    needed: int
    success: bool


@dataclass(frozen=True)
class VictoryTokenPlaced(Fact):
    seat: int
    location: int


@dataclass(frozen=True)
class LocationWon(Fact):
    """A location turned face down, its tokens taken off: won by the seat."""

    seat: int
    location: int


@dataclass(frozen=True)
class MissionEnded(Fact):
    location: int


@dataclass(frozen=True)
class CardDiscarded(Fact):
    """A card discarded from the hand (down to seven at the end of the turn)."""

    seat: int
    card: str


@dataclass(frozen=True)
class TurnEnded(Fact):
    """The end phase: all damage and this turn's boosts are gone."""

    seat: int


LIMIT_WORDS = re.compile(r"the turn limit \(\d+\) was reached")
"""How this game's reason began when it stopped at its limit, before endings said so (``EndsAtLimits``)."""


@dataclass(frozen=True)
class GameEnded(Ending):
    """The game is over: the winners (none: a draw), why, and whether it stopped at its limit (version 2)."""

    limit_words = LIMIT_WORDS


FACTS = (
    TableSetUp, LocationPlaced, CardsDrawn, CardsPutUnder, DeckReshuffled, TurnBegan, PhaseBegan,
    CharactersReturned, UpkeepDue, UpkeepPaid, ResourcesSpent, CardBanked, CardPlayed, AbilityUsed,
    StatsBoosted, ModifierRemoved, CardLeftPlay, DamageDealt, WoundCounterPlaced, AttackDeclared,
    CharacterSent, Challenged, Opposed, GangJoined, Passed, SkillChecked, VictoryTokenPlaced,
    LocationWon, MissionEnded, CardDiscarded, TurnEnded, GameEnded,
)
