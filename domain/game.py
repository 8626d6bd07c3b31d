"""The ``Game`` aggregate: one game session as an eventsourcing aggregate.

Stored events and their fixed topics (a contract: never rename, version instead):

- ``ludolog:Game.Created`` — ruleset name and version, seats, options, the seed and its commitment;
- ``ludolog:<ruleset>:<Fact>`` — one per ruleset fact type (``ludolog:assassination-le:DieRolled``),
  carrying the fact's data, its cause (seat, command, command id) and the hash chain;
- ``ludolog:Game.SeedRevealed`` — recorded when the game ends.

Every event carries ``chain``: the SHA-256 of its content and the previous event's chain, so any edit
of the stored log shows. Facts are versioned by their ``Fact.version``; their upcasters run on load.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from typing import Any, ClassVar

from eventsourcing.domain import Aggregate
from eventsourcing.utils import register_topic

from domain import registry
from domain.errors import GameOver, NotYourTurn
from domain.randomness import Rng, commitment
from domain.ruleset import Command, Fact, Outcome, Ruleset

REMEMBERED_ANSWERS = 100
"""How many recent command ids a game remembers for idempotent retries."""

CREATED_FIELDS = ("ruleset", "ruleset_version", "seats", "options", "seed", "seed_commitment")
"""What a Game.Created event holds besides its chain hash (and what that hash covers)."""


def created_fields(event: Any) -> dict[str, Any]:
    """The content of a Created event, as hashed into the chain."""
    return {name: getattr(event, name) for name in CREATED_FIELDS}


def chain_hash(previous: str, version: int, topic: str, payload: dict[str, Any]) -> str:
    """The hash of one event's content, chained to the previous event's hash."""
    content = json.dumps([previous, version, topic, payload], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(content.encode("utf-8")).hexdigest()


class Answers(dict[str, tuple[int, str, int, int]]):
    """Recent command ids: ``(seat, command as JSON, first event, last event)``. Never changed in place
    (``note_answer`` makes a new one), so copies of a game may share it: deep-copying a game, which
    the repository does on every load, costs nothing for it."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Answers:
        return self


class Game(Aggregate):
    """A game session: its seats, its seed, and the ruleset state folded from its facts."""

    TOPIC = "ludolog:Game"

    class Created(Aggregate.Created):
        TOPIC = "ludolog:Game.Created"
        ruleset: str
        ruleset_version: int
        seats: list[str]
        options: dict[str, Any]
        seed: str
        seed_commitment: str
        chain: str

    class Event(Aggregate.Event):
        TOPIC = "ludolog:Game.Event"

    class FactRecorded(Event):
        """Base of the generated per-fact event classes; never stored itself."""

        TOPIC = "ludolog:Game.FactRecorded"
        fact_type: ClassVar[type[Fact]]
        fact: dict[str, Any]
        cause: dict[str, Any] | None
        chain: str

        def as_fact(self) -> Fact:
            return self.fact_type.from_data(self.fact)

        def apply(self, game: Game) -> None:
            game.state = game.rules.evolve(game.state, self.as_fact())
            game.chain = self.chain
            game.note_answer(self.cause, self.originator_version)

    class SeedRevealed(Event):
        TOPIC = "ludolog:Game.SeedRevealed"
        seed: str
        cause: dict[str, Any] | None
        chain: str

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

    def __init__(
        self,
        ruleset: str,
        ruleset_version: int,
        seats: list[str],
        options: dict[str, Any],
        seed: str,
        seed_commitment: str,
        chain: str,
    ) -> None:
        self.ruleset = ruleset
        self.ruleset_version = ruleset_version
        self.seats = list(seats)
        self.options = dict(options)
        self.seed = seed
        self.seed_commitment = seed_commitment
        self.seed_revealed = False
        self.chain = chain
        self.state = self.rules.new_state(len(seats), self.options)
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
        cls, rules: Ruleset, seats: list[str], options: dict[str, Any], seed: str, game_id: uuid.UUID | None = None
    ) -> Game:
        """A new game with its table set; ``options`` already resolved against the ruleset. ``game_id``
        is for re-creating a game from an export under its own id."""
        fields = {
            "ruleset": rules.name,
            "ruleset_version": rules.version,
            "seats": list(seats),
            "options": dict(options),
            "seed": seed,
            "seed_commitment": commitment(seed),
        }
        game_id = game_id or uuid.uuid4()
        chain = chain_hash(str(game_id), 1, cls.Created.TOPIC, fields)  # the chain starts from the game id
        game = cls._create(cls.Created, id=game_id, chain=chain, **fields)
        game._record(rules.setup(game.state, Rng(seed, "setup")), cause=None)
        return game

    @property
    def rules(self) -> Ruleset:
        return registry.get(self.ruleset, self.ruleset_version)

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    def to_act(self) -> list[int]:
        return self.rules.to_act(self.state)

    def play(self, seat: int, command: Command, command_id: str) -> None:
        """Decide the command for the seat and record its facts; raise and change nothing if refused."""
        rules = self.rules
        command = rules.check_command(command)
        if rules.outcome(self.state) is not None:
            raise GameOver("the game is over: it takes no more commands")
        waiting = rules.to_act(self.state)
        if seat not in waiting:
            names = " or ".join(f"{self.seats[s - 1]} (seat {s})" for s in waiting)
            raise NotYourTurn(f"it is not {self.seats[seat - 1]}'s turn: waiting for {names}")
        facts = rules.decide(self.state, seat, command, Rng(self.seed, self.version))
        cause = {"seat": seat, "command": dict(command), "command_id": command_id}
        self._record(facts, cause)
        if rules.outcome(self.state) is not None and not self.seed_revealed:
            payload = {"seed": self.seed, "cause": cause}
            topic = self.SeedRevealed.TOPIC
            self.trigger_event(self.SeedRevealed, chain=self._next_chain(topic, payload), **payload)

    def answer(self, command_id: str) -> dict[str, Any] | None:
        """What the command with this id was and which events it caused (``first``, ``last``), if it was played."""
        entry = self.__dict__.get("answers", {}).get(command_id)
        if entry is None:
            return None
        seat, command, first, last = entry
        return {"seat": seat, "command": json.loads(command), "first": first, "last": last}

    def note_answer(self, cause: dict[str, Any] | None, version: int) -> None:
        if not cause or not cause.get("command_id"):
            return
        answers = dict(self.__dict__.get("answers", {}))
        key = cause["command_id"]
        if key in answers:
            seat, command, first, _ = answers[key]
        else:
            seat, command, first = cause["seat"], json.dumps(cause["command"], sort_keys=True), version
            if len(answers) >= REMEMBERED_ANSWERS:
                del answers[next(iter(answers))]
        answers[key] = (seat, command, first, version)
        self.answers = Answers(answers)

    def _record(self, facts: list[Fact], cause: dict[str, Any] | None) -> None:
        for fact in facts:
            event_class = fact_event_class(self.rules, type(fact))
            payload = {"fact": fact.to_data(), "cause": cause}
            self.trigger_event(event_class, chain=self._next_chain(event_class.TOPIC, payload), **payload)

    def _next_chain(self, topic: str, payload: dict[str, Any]) -> str:
        return chain_hash(self.chain, self.version + 1, topic, payload)


_EVENT_CLASSES: dict[tuple[str, type[Fact]], type[Game.FactRecorded]] = {}


def fact_topic(rules: Ruleset, fact_type: type[Fact]) -> str:
    return f"ludolog:{rules.name}:{fact_type.__name__}"


def fact_event_class(rules: Ruleset, fact_type: type[Fact]) -> type[Game.FactRecorded]:
    """The stored event class of a ruleset's fact type (fixed topic, class version, upcasters)."""
    return _EVENT_CLASSES[(rules.name, fact_type)]


def define_event_class(rules: Ruleset, fact_type: type[Fact]) -> type[Game.FactRecorded]:
    namespace: dict[str, Any] = {
        "TOPIC": fact_topic(rules, fact_type),
        "fact_type": fact_type,
        "class_version": fact_type.version,
        "__qualname__": f"Game.{fact_type.__name__}",
        "__module__": __name__,
    }
    for old in range(1, fact_type.version):
        upcast = getattr(fact_type, f"upcast_v{old}_v{old + 1}")

        def upcast_event(state: dict[str, Any], upcast: Any = upcast) -> None:
            state["fact"] = upcast(state["fact"])

        namespace[f"upcast_v{old}_v{old + 1}"] = staticmethod(upcast_event)
    event_class = type(fact_type.__name__, (Game.FactRecorded,), namespace)
    register_topic(namespace["TOPIC"], event_class)
    return event_class


def register_facts(rules: Ruleset) -> None:
    """Define the stored event classes of a ruleset's facts (once per fact type)."""
    for fact_type in rules.facts:
        if (rules.name, fact_type) not in _EVENT_CLASSES:
            _EVENT_CLASSES[(rules.name, fact_type)] = define_event_class(rules, fact_type)


for _rules in registry.all_versions():
    register_facts(_rules)


def first_broken_link(events: list[Any]) -> int | None:
    """The number of the first stored event whose chain hash does not match its content, or ``None``."""
    previous = ""
    for event in events:
        version = event.originator_version
        if isinstance(event, Game.Created):
            expected = chain_hash(str(event.originator_id), version, Game.Created.TOPIC, created_fields(event))
        elif isinstance(event, Game.SeedRevealed):
            expected = chain_hash(previous, version, event.TOPIC, {"seed": event.seed, "cause": event.cause})
        else:
            expected = chain_hash(previous, version, event.TOPIC, {"fact": event.fact, "cause": event.cause})
        if event.chain != expected:
            return int(version)
        previous = event.chain
    return None
