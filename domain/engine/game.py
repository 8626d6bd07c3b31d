"""The ``Game`` aggregate: one game session as an eventsourcing aggregate.

Stored events and their fixed topics (a contract: never rename, version instead):

- ``ludolog:Game.Created`` — ruleset name and version, seats, options, the seed, its salt and their
  commitment, the version of the hash chain, whether it is a table game with the outcomes its setup
  was given, the name its creator gave it, and who plays each seat (class version 5: ``players``, ``None``
  when every seat is a person's, else one entry a seat, ``{"kind": "person"}`` or ``{"kind": "bot",
  "strategy", "budget", "pace_ms"}``; version 4 had no players, version 3 no names, version 2 no table
  games, version 1 no salt);
- ``ludolog:<ruleset>:<Fact>`` — one per ruleset fact type (``ludolog:assassination-le:DieRolled``),
  carrying the fact's data, its cause (seat, command, command id) and the hash chain (the classes are
  made for each ruleset by ``domain.engine.fact_events``);
- ``ludolog:Game.SeedRevealed`` — recorded when the game ends, with the seed and its salt;
- ``ludolog:Game.Resigned``, ``DrawOffered``, ``DrawDeclined``, ``DrawAgreed``, ``Aborted`` — a seat's act that
  ends the game (or offers to) without its rules (``domain.engine.early_endings``, where they are defined);
- ``ludolog:Game.Forked`` — the creation of a fork (``domain.keeping.forking``): what ``Game.Created`` holds, with
  its trunk (game id, step, the trunk's chain hash at that step, the eye it was forked as) and the state it
  starts from (class version 2: version 1 had no players; a fork's seats are people's).

Every event carries ``chain``, linking it to the event before (``domain.engine.chain``), so any edit of the
stored log shows. Facts are versioned by their ``Fact.version``; their upcasters run on load.

A table game (a paper playtest transcribed) takes every chance outcome from the people at the table
(``TableRng``) instead of from its seed: the outcomes its setup was given are in its creation, each
command's in its cause (``"outcomes"``), so an audit re-decides it with them.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import datetime
from typing import Any, ClassVar

from eventsourcing.domain import Aggregate

from domain.engine import early_endings, fact_events, registry
from domain.engine.answers import Answers, RemembersAnswers
from domain.engine.chain import (
    CHAIN_VERSION,
    CREATED_FIELDS_V3,
    chain_hash,
    chained_state,
    covered,
    created_payload,
)
from domain.engine.chain import (
    first_broken_link as first_broken_link,  # where callers have found it
)
from domain.engine.chance import chance, decided
from domain.engine.commands import Command
from domain.engine.errors import GameOver, InvalidSetup, MalformedCommand, NotYourTurn
from domain.engine.facts import Fact, Outcome
from domain.engine.randomness import chance_key, commitment, new_salt
from domain.engine.ruleset import Ruleset
from domain.engine.seating import seat_label

SECRET_FIELDS = ("seed", "salt")
"""What no seat may read while the game goes on."""


class Game(RemembersAnswers, Aggregate):
    """A game session: its seats, its seed, and the ruleset state folded from its facts."""

    TOPIC = "ludolog:Game"

    class Created(Aggregate.Created):
        TOPIC = "ludolog:Game.Created"
        class_version = 5
        ruleset: str
        ruleset_version: int
        seats: list[str]
        options: dict[str, Any]
        seed: str
        seed_commitment: str
        salt: str
        chain_version: int
        table: bool
        setup_outcomes: list[Any]
        name: str
        players: list[dict[str, Any]] | None
        chain: str

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            """Games created before salts: an empty salt (the commitment is ``sha256(seed)``), chain version 1."""
            state["salt"] = ""
            state["chain_version"] = 1

        @staticmethod
        def upcast_v2_v3(state: dict[str, Any]) -> None:
            """Games created before table games: not one."""
            state["table"] = False
            state["setup_outcomes"] = []

        @staticmethod
        def upcast_v3_v4(state: dict[str, Any]) -> None:
            """Games created before names: none given (shown by their ruleset, seats and date)."""
            state["name"] = ""

        @staticmethod
        def upcast_v4_v5(state: dict[str, Any]) -> None:
            """Games created before bot seats: every seat a person's."""
            state["players"] = None

        def chained(self, chain_version: int) -> dict[str, Any]:
            """What of this event its chain covers."""
            fields = {name: getattr(self, name) for name in (*CREATED_FIELDS_V3, "name")}
            return created_payload({**fields, "players": getattr(self, "players", None)})

    class Forked(Created):
        """The creation of a fork: a new game that starts from a step of another (``domain.keeping.forking``)."""

        TOPIC = "ludolog:Game.Forked"
        class_version = 2  # its own count: the upcasters above are Created's, this one overrides theirs
        fork: dict[str, Any]
        start: Any

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            """Forks made before bot seats: every seat a person's (a fork's seats always are)."""
            state["players"] = None

        def chained(self, chain_version: int) -> dict[str, Any]:
            return {**super().chained(chain_version), "fork": self.fork, "start": chained_state(self.start, chain_version)}

    class Event(Aggregate.Event):
        TOPIC = "ludolog:Game.Event"

    class FactRecorded(Event):
        """Base of the generated per-fact event classes; never stored itself."""

        TOPIC = "ludolog:Game.FactRecorded"
        fact_type: ClassVar[type[Fact]]
        fact: dict[str, Any]
        cause: dict[str, Any] | None
        chain: str

        @classmethod
        def hashed(cls, payload: dict[str, Any], chain_version: int) -> dict[str, Any]:
            """What the chain covers of a fact and its cause: in a game of an earlier chain version, the fact
            without the fields a later version of it added (``Fact.chained_since``), as it was stored then."""
            return {**payload, "fact": covered(payload["fact"], cls.fact_type, chain_version)}

        def chained(self, chain_version: int) -> dict[str, Any]:
            return self.hashed({"fact": self.fact, "cause": self.cause}, chain_version)

        def as_fact(self) -> Fact:
            return self.fact_type.from_data(self.fact)

        def apply(self, game: Game) -> None:
            game.state = game.rules.evolve(game.state, self.as_fact())
            game.chain = self.chain
            game.note_answer(self.cause, self.originator_version)
            if game.unplayed or game.draw_offer is not None:  # only in a game's opening or while a draw is offered
                early_endings.after_command(game, self.cause)

    class SeedRevealed(Event):
        TOPIC = "ludolog:Game.SeedRevealed"
        class_version = 2
        seed: str
        salt: str
        cause: dict[str, Any] | None
        chain: str

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["salt"] = ""

        @staticmethod
        def hashed(payload: dict[str, Any], chain_version: int) -> dict[str, Any]:
            """What the chain covers of a reveal's seed, salt and cause (version 1 had no salt)."""
            return payload if chain_version > 1 else {"seed": payload["seed"], "cause": payload["cause"]}

        def chained(self, chain_version: int) -> dict[str, Any]:
            return self.hashed({"seed": self.seed, "salt": self.salt, "cause": self.cause}, chain_version)

        def apply(self, game: Game) -> None:
            game.seed_revealed = True
            game.chain = self.chain
            game.note_answer(self.cause, self.originator_version)

    # attributes set by __init__ (from the Created event) and by the events' apply
    ruleset: str
    ruleset_version: int
    seats: list[str]
    options: dict[str, Any]
    seed: str
    seed_commitment: str
    seed_revealed: bool
    chain: str
    state: Any
    answers: Answers
    """For the last ``REMEMBERED_ANSWERS`` command ids: the seat, the command and the numbers of the
    first and last events it caused (bounded, so loading a long game stays cheap)."""
    salt = ""  # not annotated (not a dataclass field): what a snapshot taken before salts existed stands for
    chain_version = 1
    table = False  # likewise, for a snapshot taken before table games
    setup_outcomes: Any = ()
    players: list[dict[str, Any]] | None = None
    """Who plays each seat (``Created``); ``None``, as for a snapshot taken before bot seats: people."""
    fork: dict[str, Any] | None = None
    """A fork's trunk: ``{"game", "step", "hash", "eye"}`` (``domain.keeping.forking``); ``None`` for a game started afresh."""
    ending: dict[str, Any] | None = None
    """How a seat's act ended the game, ``{"winners", "reason", "ended_by"}`` (``domain.engine.early_endings``)."""
    draw_offer: list[int] | None = None
    """The seats agreed to the draw offer standing, if one does."""
    unplayed: Any = ()
    """The seats that have played no command yet (the game may be aborted while one has not)."""

    def __init__(
        self,
        ruleset: str,
        ruleset_version: int,
        seats: list[str],
        options: dict[str, Any],
        seed: str,
        seed_commitment: str,
        salt: str,
        chain_version: int,
        chain: str,
        table: bool = False,
        setup_outcomes: list[Any] | None = None,
        name: str = "",
        fork: dict[str, Any] | None = None,
        start: Any = None,
        players: list[dict[str, Any]] | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.name = name
        self.players = [dict(player) for player in players] if players else None
        self.ruleset_version = ruleset_version
        self.seats = list(seats)
        self.options = dict(options)
        self.seed = seed
        self.seed_commitment = seed_commitment
        self.salt = salt
        self.chain_version = chain_version
        self.table = table
        self.setup_outcomes = list(setup_outcomes or [])
        self.seed_revealed = False
        self.chain = chain
        self.fork = dict(fork) if fork else None
        self.unplayed = list(range(1, len(seats) + 1))
        self.state = self.rules.new_state(len(seats), self.options) if start is None else start
        self.answers = Answers()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """A copy for a caller to play on, made cheaply: nothing a game holds is changed in place
        (``evolve`` returns new states, ``answers`` is replaced, seats and options never change), so
        the copy may share it all but its list of events not yet saved. The repository copies the
        cached game on every load; a full deep copy was a third of a command's cost."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.__dict__["_pending_events"] = list(self.__dict__.get("_pending_events", []))
        return twin

    @classmethod
    def start(
        cls,
        rules: Ruleset,
        seats: list[str],
        options: dict[str, Any],
        seed: str,
        game_id: uuid.UUID | None = None,
        salt: str | None = None,
        timestamps: Iterator[datetime] | None = None,
        table: bool = False,
        outcomes: list[Any] | None = None,
        chain_version: int | None = None,
        name: str = "",
        players: list[dict[str, Any]] | None = None,
    ) -> Game:
        """A new game with its table set; ``options`` already resolved against the ruleset. A ``table``
        game takes its setup's chance ``outcomes`` from the table (``OutcomeNeeded`` names the next one
        missing). A ``salt`` given with the seed plays the game those two played before (a random one
        by default). ``game_id``, ``timestamps`` (the times of its events, in order) and
        ``chain_version`` are for re-creating a game from an export as it was; an empty salt re-creates
        a game of chain version 1. ``name`` is what its creator calls it, ``players`` who plays each seat (``None``:
        people; both checked by the service)."""
        if outcomes and not table:
            raise InvalidSetup("outcomes are for table games: this game takes its chance from its seed")
        salt = new_salt() if salt is None else salt
        chain_version = (chain_version or CHAIN_VERSION) if salt else 1
        fields = {
            "ruleset": rules.name,
            "ruleset_version": rules.version,
            "seats": list(seats),
            "options": dict(options),
            "seed": seed,
            "seed_commitment": commitment(seed, salt),
            "salt": salt,
            "chain_version": chain_version,
            "table": table,
            "setup_outcomes": list(outcomes or []),
            "name": name,
            "players": [dict(player) for player in players] if players else None,
        }
        rng = chance(table, chance_key(seed, salt, chain_version), "setup", outcomes)
        state = rules.new_state(len(seats), fields["options"])
        setup = decided(rng, seats, rules.setup, state)
        game_id = game_id or uuid.uuid4()
        timestamp = event_time(timestamps)
        # the chain starts from the game id
        chain = chain_hash(chain_version, salt, str(game_id), 1, cls.Created.TOPIC, timestamp, created_payload(fields))
        game = cls._create(cls.Created, id=game_id, chain=chain, timestamp=timestamp, **fields)
        game._record(setup, cause=None, timestamps=timestamps)
        return game

    @property
    def head(self) -> dict[str, Any]:
        """The receipt of the game as it stands: its last event's number and chain hash."""
        return {"number": self.version, "hash": self.chain}

    @property
    def chance_key(self) -> str:
        """What the game's chance is derived from (``domain.engine.randomness.chance_key``)."""
        return chance_key(self.seed, self.salt, self.chain_version)

    @property
    def rules(self) -> Ruleset:
        return registry.get(self.ruleset, self.ruleset_version)

    def outcome(self) -> Outcome | None:
        """How the game ended, by its rules or by a seat's act (``domain.engine.early_endings``); ``None`` while it goes on."""
        if self.ending is not None:
            return early_endings.outcome_of(self.ending)
        return self.rules.outcome(self.state)

    def to_act(self) -> list[int]:
        return [] if self.ending is not None else self.rules.to_act(self.state)

    def player(self, seat: int) -> dict[str, Any]:
        """Who plays the seat: ``{"kind": "person"}`` or a bot's entry (``Created``)."""
        return dict(self.players[seat - 1]) if self.players else {"kind": "person"}

    def play(
        self,
        seat: int,
        command: Command,
        command_id: str,
        timestamps: Iterator[datetime] | None = None,
        outcomes: list[Any] | None = None,
        teller: int | None = None,
    ) -> None:
        """Decide the command for the seat and record its facts; raise and change nothing if refused.
        A table game takes the command's chance ``outcomes`` from the table, told by the seat ``teller``
        (``None``: the owner), who may not tell another seat's secret. ``timestamps`` gives the events'
        times when re-creating a game (default: now)."""
        rules = self.rules
        command = rules.check_command(command)
        if outcomes and not self.table:
            raise MalformedCommand("outcomes are for table games: this game takes its chance from its seed")
        if self.ending is not None or rules.outcome(self.state) is not None:
            raise GameOver("the game is over: it takes no more commands")
        waiting = rules.to_act(self.state)
        if seat not in waiting:
            roles = rules.seat_roles(self.state)
            names = " or ".join(seat_label(self.seats, s, roles) for s in waiting)
            raise NotYourTurn(f"it is not {self.seats[seat - 1]}'s turn: waiting for {names}")
        rng = chance(self.table, self.chance_key, self.version, outcomes, teller)
        facts = decided(rng, self.seats, rules.decide, self.state, seat, command)
        cause = {"seat": seat, "command": dict(command), "command_id": command_id}
        if self.table:
            cause["outcomes"] = list(outcomes or [])
        self._record(facts, cause, timestamps)
        if rules.outcome(self.state) is not None:
            self.reveal_seed(cause, timestamps)

    def reveal_seed(self, cause: dict[str, Any] | None, timestamps: Iterator[datetime] | None = None) -> None:
        """Record the seed and salt, once, when the game has ended (``cause``: what ended it, if a command)."""
        if self.seed_revealed:
            return
        payload = {"seed": self.seed, "salt": self.salt, "cause": cause}
        timestamp = event_time(timestamps)
        chain = self.next_chain(self.SeedRevealed.TOPIC, timestamp, self.SeedRevealed.hashed(payload, self.chain_version))
        self.trigger_event(self.SeedRevealed, chain=chain, timestamp=timestamp, **payload)

    def _record(self, facts: list[Fact], cause: dict[str, Any] | None, timestamps: Iterator[datetime] | None = None) -> None:
        for fact in facts:
            event_class = fact_events.fact_event_class(Game.FactRecorded, self.rules, type(fact))
            payload = {"fact": fact.to_data(), "cause": cause}
            timestamp = event_time(timestamps)
            chain = self.next_chain(event_class.TOPIC, timestamp, event_class.hashed(payload, self.chain_version))
            self.trigger_event(event_class, chain=chain, timestamp=timestamp, **payload)

    def next_chain(self, topic: str, timestamp: datetime, payload: dict[str, Any]) -> str:
        """The chain hash of the game's next event, of this topic, time and content."""
        return chain_hash(self.chain_version, self.salt, self.chain, self.version + 1, topic, timestamp, payload)


def event_time(timestamps: Iterator[datetime] | None) -> datetime:
    """The next event's time: the next given one when re-creating a game, else now."""
    if timestamps is not None:
        return next(timestamps)
    return Game.Event.create_timestamp()


fact_events.use_base(Game.FactRecorded)  # a ruleset's stored fact classes are defined when the store first meets one
