"""Endings the players choose, not the rules: a seat resigns, every seat agrees to a draw, or a game is
aborted before every seat has played. Each is a stored event of the game itself, hash-chained like the
others, and a game it ends reveals its seed (``Game.SeedRevealed``) as a game the rules end does.

Stored events and their fixed topics (a contract: never rename, version instead), each with the seat that
acted (``seat``), what it decided (winners and reason, in the event: a later ruling changes no old game)
and ``chain``; their ``cause`` is ``None``: they are not a ruleset's commands, so audits, reviews and imports
tell them apart from the commands by their class:

- ``ludolog:Game.Resigned`` — a seat resigned: the game ends, ``winners`` and ``reason`` as decided then;
- ``ludolog:Game.DrawOffered`` — a seat offered a draw, or agreed to the one standing (``offered``: the
  seats agreed so far, this one included);
- ``ludolog:Game.DrawDeclined`` — a seat declined the standing offer (or withdrew its own): it falls;
- ``ludolog:Game.DrawAgreed`` — the last seat agreed: the game ends drawn (no winners);
- ``ludolog:Game.Aborted`` — a seat aborted the game before every seat had played: it ends with no result.

How Lichess and boardgame.io have it, and what is decided here where they differ:

- **Resign.** Lichess: either player resigns at any time, the other wins. boardgame.io has no resign of its
  own: a game's ``endIf`` or an event (``endGame``) ends it with whatever the game says. Here, as on Lichess,
  a seat resigns at any time, on its turn or not; in a game of two seats the other seat wins. In a game of
  more seats the rules of none of the rulesets say how to go on without a seat, so the game ends; who wins
  is ``Ruleset.resignation``, a ruling its designer can change: ``"others win"`` (the default: every other
  seat still in the game wins, together, as a two-seat game reads; ``Ruleset.seats_in_play`` names who is) or ``"nobody wins"`` (the game is abandoned; for a game
  whose seats win or lose together).
- **Draw offer.** Lichess: a player offers, the other accepts or declines, and a move declines it; an offer
  made when the other player has offered is an acceptance. boardgame.io has none. Here an offer stands until
  every seat has agreed (an agreement is an offer too: seats agree by offering), a seat declines it, or any
  command is played (the next command withdraws it, without an event: the command's own events show it).
  "Where the ruleset allows": ``Ruleset.draws_agreed`` (default true, as Lichess allows them in every game;
  false for a game whose rules forbid a draw). A bot seat agrees to no draw, so a game with one takes none.
- **Abort.** Lichess: a game may be aborted before each player has moved, and an aborted game counts for
  nothing. Here: any seat may abort while some seat has not yet played a command (a fork: since it was
  forked); the outcome has no winners and ``ended_by`` ``"abort"``, which balance studies leave out.

Every such outcome says how the game ended (``Outcome.ended_by``: ``"resignation"``, ``"agreement"`` or
``"abort"``; ``"rules"`` for an ending the rules name), so that no study counts it as a win by the rules.
A game rebuilt from a snapshot taken before aborts existed cannot be aborted (its ``unplayed`` is unknown).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime
from typing import Any

from eventsourcing.domain import Aggregate
from eventsourcing.utils import register_topic

from domain.engine.errors import (
    Forbidden,
    GameOver,
    IllegalCommand,
    LudologError,
    UnknownSeat,
)
from domain.engine.facts import Outcome
from domain.engine.ruleset import EARLY_EVENT_TYPES

RESIGN, OFFER_DRAW, DECLINE_DRAW, ABORT = "resign", "offer-draw", "decline-draw", "abort"
"""What a seat may do to end a game without its rules."""

ACTIONS = (RESIGN, OFFER_DRAW, DECLINE_DRAW, ABORT)

OTHERS_WIN, NOBODY_WINS = "others win", "nobody wins"
"""The readings of ``Ruleset.resignation``."""


class EarlyEvent(Aggregate.Event):
    """Base of the events of this module: a seat's act, chained; never stored itself."""

    TOPIC = "ludolog:Game.EarlyEvent"
    seat: int
    chain: str
    cause = None  # not a ruleset's command

    def chained(self, chain_version: int) -> dict[str, Any]:
        return self.hashed(self.payload())

    def payload(self) -> dict[str, Any]:
        return {"seat": self.seat}

    @staticmethod
    def hashed(payload: dict[str, Any]) -> dict[str, Any]:
        return payload

    def apply(self, game: Any) -> None:
        game.chain = self.chain


class Ended(EarlyEvent):
    """Base of the events that end a game: they carry its winners and the reason."""

    TOPIC = "ludolog:Game.Ended"
    winners: list[int]
    reason: str
    ended_by = "rules"

    def payload(self) -> dict[str, Any]:
        return {"seat": self.seat, "winners": list(self.winners), "reason": self.reason}

    def apply(self, game: Any) -> None:
        game.ending = {"winners": list(self.winners), "reason": self.reason, "ended_by": self.ended_by}
        game.draw_offer = None
        game.chain = self.chain


class Resigned(Ended):
    TOPIC = "ludolog:Game.Resigned"
    ended_by = "resignation"


class DrawAgreed(Ended):
    TOPIC = "ludolog:Game.DrawAgreed"
    ended_by = "agreement"


class Aborted(Ended):
    TOPIC = "ludolog:Game.Aborted"
    ended_by = "abort"


class DrawOffered(EarlyEvent):
    TOPIC = "ludolog:Game.DrawOffered"
    offered: list[int]

    def payload(self) -> dict[str, Any]:
        return {"seat": self.seat, "offered": list(self.offered)}

    def apply(self, game: Any) -> None:
        game.draw_offer = list(self.offered)
        game.chain = self.chain


class DrawDeclined(EarlyEvent):
    TOPIC = "ludolog:Game.DrawDeclined"

    def apply(self, game: Any) -> None:
        game.draw_offer = None
        game.chain = self.chain


STORED = (Resigned, DrawOffered, DrawDeclined, DrawAgreed, Aborted)
for _event_class in STORED:
    register_topic(_event_class.TOPIC, _event_class)

EVENT_TYPES = tuple(event_class.__name__ for event_class in STORED)
"""The events' types as event lists name them (``Resigned``, ...)."""
assert EVENT_TYPES == EARLY_EVENT_TYPES, "domain.engine.ruleset.EARLY_EVENT_TYPES names these events"


def outcome_of(ending: dict[str, Any]) -> Outcome:
    """A game's outcome from the ending an event of this module recorded (``Game.ending``)."""
    return Outcome(winners=list(ending["winners"]), reason=ending["reason"], ended_by=ending["ended_by"])


def after_command(game: Any, cause: dict[str, Any] | None) -> None:
    """What a command's event changes here (``Game.FactRecorded`` calls it only while a seat has not played
    yet or a draw offer stands): the seat has played, and a standing draw offer is withdrawn."""
    if cause is None:
        return
    seat = cause["seat"]
    if seat in game.unplayed:
        game.unplayed = [s for s in game.unplayed if s != seat]
    game.draw_offer = None


def refusal(action: str, seat: int, rules: Any, seats: Sequence[str], players: Any, over: bool,
            offer: list[int] | None, unplayed: Sequence[int], in_play: Sequence[int] | None = None) -> LudologError | None:
    """Why the seat may not do ``action`` now (an error to raise), or ``None``: the rules of this module,
    read by ``act`` and by the audit alike. ``in_play``: the seats still in the game (``None``: every seat);
    a seat knocked out has nothing left to resign and no say in a draw."""
    if action not in ACTIONS:
        return IllegalCommand(f"unknown action {action!r}: {', '.join(ACTIONS)}")
    if type(seat) is not int or not 1 <= seat <= len(seats):
        return UnknownSeat(f"no seat {seat!r} in this game: seats 1 to {len(seats)}")
    name = seats[seat - 1]
    if players and players[seat - 1].get("kind") == "bot":
        return Forbidden(f"a bot plays seat {seat} ({name}): the service plays it, a person cannot {action.replace('-', ' ')} for it")
    if over:
        return GameOver("the game is over: it takes no more commands")
    if in_play is not None and seat not in in_play and action != ABORT:
        return IllegalCommand(f"{name} is out of the game: only a seat still in it ({_listed(seats, in_play)}) "
                              f"may {action.replace('-', ' ')}")
    if action == ABORT and not unplayed:
        return IllegalCommand("too late to abort: every seat has played (a game is aborted only before each seat's first command)")
    if action == OFFER_DRAW:
        if not rules.draws_agreed:
            return IllegalCommand(f"{rules.title} takes no draw by agreement: its rules decide every ending")
        if players and any(player.get("kind") == "bot" for player in players):
            return IllegalCommand("a bot plays a seat of this game and agrees to no draw: play on, resign or abort")
        if offer and seat in offer:
            return IllegalCommand(f"{name} has offered a draw already: it stands until the others agree, one declines, "
                                  "or a command is played")
    if action == DECLINE_DRAW and not offer:
        return IllegalCommand("no draw offer stands: there is nothing to decline")
    return None


def act(game: Any, action: str, seat: int, timestamps: Iterator[datetime] | None = None) -> None:
    """Record the seat's ``action`` on the game (a ``Game``), with the seed's reveal when it ends the game;
    raise and record nothing when it is refused. ``timestamps`` gives the events' times when re-creating a
    game from an export (default: now)."""
    rules = game.rules
    names = game.seats
    in_play = rules.seats_in_play(game.state) if game.state is not None else None
    problem = refusal(action, seat, rules, names, game.players, game.outcome() is not None, game.draw_offer,
                      game.unplayed, in_play)
    if problem is not None:
        raise problem
    standing = seats_still_in(rules, game.state, len(names)) if in_play is None else list(in_play)
    if action == RESIGN:
        others = [s for s in standing if s != seat]
        winners = others if rules.resignation == OTHERS_WIN else []
        _trigger(game, Resigned, timestamps, seat=seat, winners=winners, reason=f"{names[seat - 1]} resigned")
    elif action == ABORT:
        _trigger(game, Aborted, timestamps, seat=seat, winners=[], reason=f"{names[seat - 1]} aborted the game before every seat had played")
    elif action == DECLINE_DRAW:
        _trigger(game, DrawDeclined, timestamps, seat=seat)
    else:
        offered = sorted({*(game.draw_offer or []), seat})
        if set(standing) - set(offered):  # a draw needs every seat still in the game
            _trigger(game, DrawOffered, timestamps, seat=seat, offered=offered)
        else:
            agreed = " and ".join(names[s - 1] for s in offered) if len(offered) == 2 else \
                "every seat" if len(offered) == len(names) else "every seat still in the game"
            _trigger(game, DrawAgreed, timestamps, seat=seat, winners=[], reason=f"a draw agreed by {agreed}")
    if game.ending is not None:
        game.reveal_seed(None, timestamps)


def seats_still_in(rules: Any, state: Any, seat_count: int) -> list[int]:
    """The seats still in the game (``Ruleset.seats_in_play``), every seat where the rules knock none out."""
    found = rules.seats_in_play(state) if state is not None else None
    return list(found) if found is not None else list(range(1, seat_count + 1))


def _listed(seats: Sequence[str], numbers: Sequence[int]) -> str:
    """Seats by number and name: "1 Ann, 3 Cy"."""
    return ", ".join(f"{number} {seats[number - 1]}" for number in numbers) or "none"


def _trigger(game: Any, event_class: type[EarlyEvent], timestamps: Iterator[datetime] | None, **fields: Any) -> None:
    timestamp = next(timestamps) if timestamps is not None else event_class.create_timestamp()  # as ``game.event_time``
    payload = event_class.hashed(fields)
    chain = game.next_chain(event_class.TOPIC, timestamp, payload)
    game.trigger_event(event_class, chain=chain, timestamp=timestamp, **fields)


def sentence(event: EarlyEvent, seats: Sequence[str], knocks_out: bool = False) -> str:
    """What the event says, in one sentence, naming seats by ``seats[n - 1]``. ``knocks_out``: the ruleset can
    knock a seat out of the game (``Ruleset.seats_in_play``), so that a draw offer with three or more seats
    waits for those still in, whom the event alone does not name."""
    name = seats[event.seat - 1]
    if isinstance(event, Resigned):
        winners = " and ".join(seats[s - 1] for s in event.winners)
        return f"{name} resigned; {winners + ' won' if winners else 'nobody won'}."
    if isinstance(event, DrawOffered):
        waiting = [seats[s - 1] for s in range(1, len(seats) + 1) if s not in event.offered]
        said = "offered a draw" if len(event.offered) == 1 else "agreed to the draw offered"
        if knocks_out and len(seats) > 2:
            return f"{name} {said}; it waits for every other seat still in the game to agree."
        return f"{name} {said}; it waits for {' and '.join(waiting)} to agree."
    if isinstance(event, DrawDeclined):
        return f"{name} declined the draw offered."
    if isinstance(event, DrawAgreed):
        return f"{name} agreed to a draw: the game ends drawn, {event.reason}."
    return f"{name} aborted the game before every seat had played: it ends with no result."


ACTION_OF = {Resigned: RESIGN, DrawOffered: OFFER_DRAW, DrawAgreed: OFFER_DRAW, DrawDeclined: DECLINE_DRAW, Aborted: ABORT}
"""The action each stored event records."""

ACTION_OF_TOPIC = {event_class.TOPIC: action for event_class, action in ACTION_OF.items()}
"""The same by the events' stored topics (an owner's export names each event's)."""


class Rehearsal:
    """A stand-in for a game, rebuilt from its log, on which ``act`` decides again without recording: how an
    audit checks each stored act against these rules (``check``), the commands between them told by ``played``."""

    def __init__(self, rules: Any, seats: Sequence[str], players: Any) -> None:
        self.rules, self.seats, self.players = rules, list(seats), players
        self.unplayed: list[int] = list(range(1, len(seats) + 1))
        self.draw_offer: list[int] | None = None
        self.ending: dict[str, Any] | None = None
        self.over_by_rules = False
        self.state: Any = None
        self.decided: list[tuple[type[EarlyEvent], dict[str, Any]]] = []

    def played(self, seat: int) -> None:
        """A command of the seat was recorded."""
        after_command(self, {"seat": seat})

    def check(self, event: EarlyEvent, state: Any) -> str | None:
        """Why the stored act is not what these rules decide in the game's ``state`` (in words), or ``None``;
        then it is applied."""
        self.state, self.over_by_rules, self.decided = state, self.rules.outcome(state) is not None, []
        action = ACTION_OF[type(event)]
        try:
            act(self, action, event.seat)
        except LudologError as error:
            return f"{self.seats[event.seat - 1]}'s {action.replace('-', ' ')} is refused by the rules: {error}"
        ((decided_class, fields),) = self.decided
        if decided_class is not type(event) or decided_class.hashed(fields) != event.payload():
            return f"the rules decide {decided_class.__name__} {fields} but the log has {type(event).__name__} {event.payload()}"
        event.apply(self)
        return None

    # what ``act`` reads and calls of a game
    def outcome(self) -> Any:
        return True if self.over_by_rules or self.ending is not None else None

    def next_chain(self, topic: str, timestamp: datetime, payload: dict[str, Any]) -> str:
        return ""

    def trigger_event(self, event_class: type[EarlyEvent], **fields: Any) -> None:
        self.decided.append((event_class, {k: v for k, v in fields.items() if k not in ("chain", "timestamp")}))

    def reveal_seed(self, cause: Any, timestamps: Any = None) -> None:
        """The audit checks the reveal itself."""
