"""The events of a table-kit game, in the past tense, each carrying its random outcomes.

A card is chosen from what a face-down pile holds at the moment it is drawn, looked at or turned over
(its order is decided only then), so every chance outcome is in the fact that met it. The secret ones
are the names of cards that some seats may not see: ``CardMoved.card`` (a draw, a deal, a gift, a card
played face down) and ``CardsLookedAt.decided``, and a private counter's value (``PrivateCounterChanged``);
``TableKit.redact`` blanks them for the others.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from domain.engine.chain import LIMITS_CHAINED
from domain.engine.facts import Fact


@dataclass(frozen=True)
class KitLaid(Fact):
    """The kit the game is played with, by title and content hash: what its replay will always use."""

    title: str
    hash: str


@dataclass(frozen=True)
class TurnPassed(Fact):
    """The turn passed to seat ``to`` (``seat`` None: at setup)."""

    seat: int | None
    to: int


@dataclass(frozen=True)
class PieceMoved(Fact):
    seat: int
    piece: str
    origin: str
    to: str


@dataclass(frozen=True)
class CardMoved(Fact):
    """A card went from a zone to another (``how``: lay, deal, draw, play, discard, give, flip). ``index``
    is where it lay among ``origin``'s placed cards, ``-1`` when it came from the cards whose order was
    not decided (a shuffled pile, chosen now). ``up``: face up where it lands; ``seen``: the seats that
    know it face down. ``card`` is blank ("") in the copy a seat that may not see it receives."""

    seat: int | None
    how: str
    card: str
    origin: str
    index: int
    to: str
    up: bool
    seen: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class CardRevealed(Fact):
    """A seat showed everyone a card it holds; it stays where it is, known to all."""

    seat: int
    zone: str
    index: int
    card: str


@dataclass(frozen=True)
class CardsLookedAt(Fact):
    """A seat looked at the top ``count`` cards of a zone. ``decided``: the cards taken from the
    undecided part to make up the count (they become the lowest placed cards, top one last), blank for
    the others."""

    seat: int
    zone: str
    count: int
    decided: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class PileShuffled(Fact):
    seat: int
    zone: str


@dataclass(frozen=True)
class PileGathered(Fact):
    """Every card of ``origin`` put onto ``to``: its placed cards on top, in their order; its undecided
    cards among ``to``'s undecided ones."""

    seat: int
    origin: str
    to: str


@dataclass(frozen=True)
class PileSlidUnder(Fact):
    """Every card of ``origin`` put under the face-down pile ``to`` (``gather`` with ``put: bottom``): its placed
    cards below every card of ``to``, in their order, face down (known to everyone who saw them face up); its
    undecided cards among ``to``'s undecided ones."""

    seat: int
    origin: str
    to: str


@dataclass(frozen=True)
class PileShuffledIn(Fact):
    """Every card of ``origin`` shuffled into the face-down pile ``to`` (``gather`` with ``put: shuffled``): they
    join ``to``'s undecided cards, each chosen by chance when it is drawn, dealt, looked at or turned over; ``to``'s
    placed cards stay where they lie. Nothing is chosen now: applying it never rolls."""

    seat: int
    origin: str
    to: str


@dataclass(frozen=True)
class DiceRolled(Fact):
    seat: int
    die: str
    faces: list[int | str]


@dataclass(frozen=True)
class CardPutUnder(Fact):
    """A card from ``seat``'s hand (at ``index`` of ``origin``) put face down under the pile ``to``, below even
    the cards no one has drawn yet: it comes up only when every card above it is gone, those put under
    before it first. ``how``: played or discarded; ``seen``: the seats that know the card."""

    seat: int
    how: str
    card: str
    origin: str
    index: int
    to: str
    seen: list[int]


@dataclass(frozen=True)
class HiddenDiceRolled(Fact):
    """A die of the kit's rolled behind a screen (``hidden: true``): only ``seat`` sees ``faces`` while the
    game goes on; the table keeps each seat's last roll of it."""

    seat: int
    die: str
    faces: list[int | str]


@dataclass(frozen=True)
class CounterChanged(Fact):
    """A counter set to ``value`` (``by``: what was added, None when it was set)."""

    seat: int
    counter: str
    value: int
    by: int | None = None


@dataclass(frozen=True)
class PrivateCounterChanged(CounterChanged):
    """A private counter (``private: true``) set to ``value``: seen by ``owner``, the seat whose counter it is (no
    seat for a shared one), and by no other while the game goes on; ``value`` and ``by`` are blank (``None``) in the
    copy any other seat receives."""

    owner: int | None = None


@dataclass(frozen=True)
class PhaseBegun(Fact):
    """The turn moved on to the kit's phase named ``phase`` (``play.phases``; a turn begins in the first)."""

    seat: int
    phase: str


@dataclass(frozen=True)
class AnswerAsked(Fact):
    """Seat ``seat`` asked seat ``to`` to answer out of turn: ``to`` acts now, and the turn stays the asker's
    (a ``pass: next`` after the answer passes from the seat whose turn it is)."""

    seat: int
    to: int


@dataclass(frozen=True)
class ChoiceSealed(Fact):
    """In a turn taken together (``play.together``), seat ``seat`` chose its action in secret: the action's
    name and its choices, blank ("" and none) in the copy any other seat receives until they are revealed."""

    seat: int
    action: str
    choices: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ChoicesRevealed(Fact):
    """Every seat that could has chosen: the secret choices are shown, each ``{"seat", "action", "choices"}`` in
    the order they are carried out (from ``seat``, the seat whose turn it is)."""

    seat: int
    choices: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class ChoicesKept(Fact):
    """Every seat that could has chosen, and the kit reveals only part of the choices (``play.together.reveal``):
    ``shown`` is what every seat is told (the value of the kit's reveal expression, read once the choices were
    carried out; ``None`` where it reveals nothing), ``choices`` the secret choices as ``ChoicesRevealed`` holds
    them, each but a seat's own blank (``""`` and none) in the copy a seat receives until the game is over."""

    seat: int
    shown: Any = None
    choices: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class EndProposed(Fact):
    """A seat proposed to end the game, naming the winners (none: a draw) and why; every other seat
    must agree."""

    seat: int
    winners: list[int]
    reason: str


@dataclass(frozen=True)
class EndAgreed(Fact):
    seat: int


@dataclass(frozen=True)
class EndRefused(Fact):
    """A seat refused the proposed end: the game goes on, the turn where it was."""

    seat: int


@dataclass(frozen=True)
class GameEnded(Fact):
    """The game is over, with the winners (none: a draw) and why: every seat agreed to ``seat``'s proposal,
    or the kit's rules ended it after ``seat``'s action, ``at_limit`` when its turn limit stopped it
    (version 2; a version-1 end was always agreed, never at a limit). ``scores``: each seat's score, seat 1
    first, where the kit's ending counts them (``None``: winners only); stored and chained only where given,
    so an ending without scores is stored and hashed as before they existed."""

    version: ClassVar[int] = 2
    chained_since: ClassVar[dict[str, int]] = {"at_limit": LIMITS_CHAINED}
    chained_when_given: ClassVar[tuple[str, ...]] = ("scores",)

    seat: int
    winners: list[int]
    reason: str
    at_limit: bool = False
    scores: list[int] | None = None

    @staticmethod
    def upcast_v1_v2(data: dict[str, Any]) -> dict[str, Any]:
        return {**data, "at_limit": False}

    def to_data(self) -> dict[str, Any]:
        data = super().to_data()
        if data["scores"] is None:
            del data["scores"]
        return data


FACTS: tuple[type[Fact], ...] = (KitLaid, TurnPassed, PieceMoved, CardMoved, CardRevealed, CardsLookedAt, PileShuffled,
                                 PileGathered, DiceRolled, HiddenDiceRolled, CardPutUnder, CounterChanged, EndProposed, EndAgreed, EndRefused, GameEnded,
                                 PhaseBegun, AnswerAsked, ChoiceSealed, ChoicesRevealed, PileSlidUnder, PileShuffledIn,
                                  PrivateCounterChanged, ChoicesKept)
