"""The ruleset contract: the one interface every game implements.

The engine, the service, the CLI, replays and bots speak only to a ``Ruleset``. A ruleset is pure: no
I/O, no clock, no global randomness. Its state is a dataclass of JSON-native values (lists, not
tuples; string keys), its events are ``Fact`` dataclasses, its commands are JSON objects described by
``CommandShape``s, and its options by a JSON Schema.

Lifecycle of a game, as the engine drives it::

    state = ruleset.new_state(seat_count, options)          # empty table, no randomness
    for fact in ruleset.setup(state, rng): state = ruleset.evolve(state, fact)
    while ruleset.outcome(state) is None:
        seat in ruleset.to_act(state)
        for fact in ruleset.decide(state, seat, command, rng): state = ruleset.evolve(state, fact)
"""

from __future__ import annotations

import copy
import functools
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import fastjsonschema

from domain.engine.commands import Command, CommandShape
from domain.engine.errors import InvalidSetup, MalformedCommand
from domain.engine.facts import Fact, Outcome
from domain.engine.randomness import Rng
from domain.engine.reporting import (
    CARD_MOVES as CARD_MOVES,  # where callers have found it
)
from domain.engine.reporting import ReportHooks

if TYPE_CHECKING:
    import jsonschema  # imported where a schema is checked: a process that checks none (``ludolog kit check``) never loads it


def player_number_roles(order: Sequence[int]) -> dict[int, str]:
    """``seat_roles`` for games whose players are numbered by turn order (``order[0]`` is Player 1):
    a role for each seat whose player number is not its seat number."""
    return {seat: f"Player {number}" for number, seat in enumerate(order, 1) if seat != number}


GAME_CREATED, GAME_FORKED, SEED_REVEALED = "GameCreated", "GameForked", "SeedRevealed"
"""The types of a game's events that are the game's own, not a ruleset's facts: its creation, its start as a
fork of another game, and its seed shown at its end (``domain.engine.viewing`` names events so); a seat's
resignation, draw offers and abort are the game's own too (``domain.engine.early_endings.EVENT_TYPES``)."""

EARLY_EVENT_TYPES = ("Resigned", "DrawOffered", "DrawDeclined", "DrawAgreed", "Aborted")
"""The types of the events of ``domain.engine.early_endings`` (which checks it names them all)."""


_OPTIONS_VALIDATORS: dict[int, tuple[dict[str, Any], jsonschema.Draft202012Validator]] = {}
"""The options' validator of each schema, by its identity (the schema kept too, so its identity stays its own)."""


class Ruleset(ReportHooks, ABC):
    """A game's rules. Subclasses set the class attributes and implement the methods."""

    name: ClassVar[str]
    """Registry name, lowercase with dashes: ``assassination-le``."""
    title: ClassVar[str]
    summary: ClassVar[str]
    """One line for listings."""
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    version: ClassVar[int]
    """Bumped whenever the rules change; every game records the version it was played under. Keep the
    old class in the game module's ``EARLIER`` so games begun under it go on, replay and audit under it."""
    facts: ClassVar[tuple[type[Fact], ...]]
    """Every event type the ruleset records."""
    state_types: ClassVar[tuple[type, ...]]
    """The dataclasses that make up its state (stored in snapshots)."""
    command_shapes: ClassVar[tuple[CommandShape, ...]]
    options_schema: ClassVar[dict[str, Any]] = {"type": "object", "properties": {}}
    """JSON Schema of the options object; every property has a ``default``."""
    variants: ClassVar[dict[str, dict[str, Any]]] = {}
    """Named rule sets besides the default, as the options that make them (``{"v0.5": {"rules": "v0.5"}}``):
    the rules a designer played at another stage, which every test of the rules runs too."""
    draws_agreed: ClassVar[bool] = True
    """Whether the seats may end a game drawn by agreeing to a draw (``domain.engine.early_endings``): a ruling
    the designer changes to ``False`` for a game whose rules decide every ending."""
    resignation: ClassVar[str] = "others win"
    """Who wins when a seat resigns (``domain.engine.early_endings``), a ruling the designer may change:
    ``"others win"`` (every other seat, together) or ``"nobody wins"`` (for seats that win or lose together)."""
    perfect_information: ClassVar[bool] = False
    """Whether, once the game is set up, every seat sees the whole state and no command's result is left to
    chance (``determinize`` gives the state back, ``decide`` asks its rng nothing): the search bot then reads
    its look-ahead scores as minimax values (``domain.thinking.search``). A test holds each game that says so
    to it."""
    private_hands: ClassVar[bool] = False
    """Whether each seat holds something the other seats may not see (a hand of cards): hot-seat
    play then hides the screen before handing the keyboard to the next seat."""

    # -- identity and inputs -------------------------------------------------------------------

    def describe_options(self) -> dict[str, Any]:
        """The options' JSON Schema (variants and settings)."""
        return copy.deepcopy(self.options_schema)

    def to_data(self) -> dict[str, Any]:
        """The ruleset as data, for listings (the API's ``/rulesets``, ``ludolog rulesets --json``):
        name, title, summary, seats, version, options schema, each command's shape, the events' types, and
        its rulings on endings the players choose (``draws_agreed``, ``resignation``)."""
        return {
            "name": self.name,
            "title": self.title,
            "summary": self.summary,
            "min_seats": self.min_seats,
            "max_seats": self.max_seats,
            "version": self.version,
            "options": self.describe_options(),
            "commands": [{"type": s.type, "summary": s.summary, "schema": s.json_schema()} for s in self.command_shapes],
            "event_types": self.event_types(),
            "draws_agreed": self.draws_agreed,
            "resignation": self.resignation,
        }

    def event_types(self) -> list[str]:
        """The types a game's events may have (an event's ``type``): the game's own (``GAME_CREATED``,
        ``GAME_FORKED``, ``SEED_REVEALED``, ``EARLY_EVENT_TYPES``) and each of the rules' facts."""
        return [GAME_CREATED, GAME_FORKED, *dict.fromkeys(fact.__name__ for fact in self.facts), *EARLY_EVENT_TYPES,
                SEED_REVEALED]

    def game_title(self, options: dict[str, Any]) -> str:
        """The title of a game played with these (resolved) options: the ruleset's, unless the options
        bring a game of their own (a table kit's title)."""
        return self.title

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """The options with defaults filled in; ``InvalidSetup`` when they break the schema."""
        from jsonschema.exceptions import best_match

        given = dict(options or {})
        error = best_match(self._options_validator().iter_errors(given))
        if error is not None:
            where = ".".join(str(part) for part in error.absolute_path)
            known = ", ".join(sorted(self.options_schema.get("properties", {}))) or "none"
            raise InvalidSetup(f"bad option{' ' + where if where else ''}: {error.message} (options: {known})")
        defaults = {key: prop.get("default") for key, prop in self.options_schema.get("properties", {}).items()}
        return {**defaults, **given}

    def _options_validator(self) -> jsonschema.Draft202012Validator:
        """The options' JSON Schema validator, no other option allowed: built once for each schema a ruleset holds,
        and kept beside the ruleset rather than in it (a ruleset is pickled with a game: OpenSpiel's)."""
        import jsonschema

        schema = self.options_schema
        found = _OPTIONS_VALIDATORS.get(id(schema))
        if found is None or found[0] is not schema:
            found = _OPTIONS_VALIDATORS[id(schema)] = (schema, jsonschema.Draft202012Validator({**schema, "additionalProperties": False}))
        return found[1]

    def check_command(self, command: Any) -> Command:
        """The command if it has one of the known shapes; ``MalformedCommand`` saying what is wrong."""
        if not isinstance(command, dict):
            raise MalformedCommand(f"a command is a JSON object with a 'type', not {type(command).__name__}")
        shapes = self._command_shapes()
        kind = command.get("type")
        if not isinstance(kind, str) or kind not in shapes:
            known = ", ".join(shapes)
            raise MalformedCommand(f"unknown command type {kind!r}: {self.title} knows {known}")
        try:  # the usual case: a well-formed command, checked by the schema compiled to Python
            self._compiled_check(kind)(command)
            return command
        except fastjsonschema.JsonSchemaException:
            pass  # malformed: the JSON Schema reference validator finds the error that says best what is wrong
        from jsonschema.exceptions import best_match

        error = best_match(self._command_validators()[kind].iter_errors(command))
        if error is not None:
            where = ".".join(str(part) for part in error.absolute_path)
            raise MalformedCommand(f"bad {kind!r} command{' at ' + where if where else ''}: {error.message}")
        return command

    @functools.cache  # noqa: B019 -- rulesets are registry singletons, never freed
    def _command_shapes(self) -> dict[str, CommandShape]:
        """Each command type's shape, by its type, in the order the ruleset gives them."""
        return {shape.type: shape for shape in self.command_shapes}

    @functools.cache  # noqa: B019 -- rulesets are registry singletons, never freed
    def _command_validators(self) -> dict[str, jsonschema.Draft202012Validator]:
        """One JSON Schema validator per command type, built once (when a command is malformed)."""
        import jsonschema

        return {kind: jsonschema.Draft202012Validator(shape.json_schema()) for kind, shape in self._command_shapes().items()}

    @functools.cache  # noqa: B019 -- rulesets are registry singletons, never freed
    def _compiled_check(self, kind: str) -> Callable[[Any], Any]:
        """A command type's schema compiled to a Python function (fastjsonschema), when a command of that type is
        first checked (a table kit has nineteen, most of its games play one): a tenth of the reference validator's
        time on the command every move carries."""
        return fastjsonschema.compile(self._command_shapes()[kind].json_schema())

    def check_seat_count(self, count: int) -> None:
        if not self.min_seats <= count <= self.max_seats:
            wanted = str(self.min_seats) if self.min_seats == self.max_seats else f"{self.min_seats}-{self.max_seats}"
            raise InvalidSetup(f"{self.title} is played by {wanted} players, not {count}")

    # -- the rules -------------------------------------------------------------------------

    @abstractmethod
    def new_state(self, seat_count: int, options: dict[str, Any]) -> Any:
        """The table before setup: no randomness, nothing placed."""

    @abstractmethod
    def setup(self, state: Any, rng: Rng) -> list[Fact]:
        """The facts that set the table (shuffles, placements, who goes first)."""

    @abstractmethod
    def to_act(self, state: Any) -> list[int]:
        """The seats (numbered from 1) the game is waiting for; empty when it is over."""

    @abstractmethod
    def legal_commands(self, state: Any, seat: int) -> list[Command]:
        """Every legal command for the seat, in a fixed order."""

    @abstractmethod
    def decide(self, state: Any, seat: int, command: Command, rng: Rng) -> list[Fact]:
        """The facts the command causes; ``IllegalCommand`` with the rule's reason when it is refused.

        Called only with a well-formed command from a seat in ``to_act``. Never changes ``state``.
        """

    @abstractmethod
    def evolve(self, state: Any, fact: Fact) -> Any:
        """The state after the fact: a new state, the given one left unchanged. Never fails, never rolls."""

    @abstractmethod
    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What the seat may see, as JSON (``None``: a spectator). Holds no other seat's secrets."""

    def redact(self, fact: Fact, seat: int | None) -> Fact:
        """The fact as the seat may see it (``None``: a spectator) while the game goes on: the same
        type with secrets blanked (a card drawn face down). ``describe`` must not reveal more than it."""
        return fact

    def redact_options(self, options: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """The game's options as the seat may see them (``None``: a spectator) while the game goes on:
        an option that is one player's secret (a deck list) is hidden from the others."""
        return dict(options)

    def owner_view(self, state: Any) -> dict[str, Any]:
        """Everything, for the game's owner and for finished games; defaults to the spectator's view."""
        return self.view(state, None)

    @abstractmethod
    def outcome(self, state: Any) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    def most_score(self, options: dict[str, Any]) -> int:
        """The largest score, either way, a game with these options may end with (``Outcome.scores``); 0 where
        its endings name winners only."""
        return 0

    @abstractmethod
    def describe(self, fact: Fact, seats: Sequence[str]) -> str:
        """One sentence for logs and diaries, naming seats by ``seats[n - 1]``."""

    @abstractmethod
    def render(self, view: dict[str, Any], seats: Sequence[str]) -> str:
        """A view (from ``view`` or ``owner_view``) as text for a terminal: it shows only what the view holds."""

    def picture(self, view: dict[str, Any], seats: Sequence[str]) -> dict[str, Any]:
        """A view (from ``view`` or ``owner_view``) as a picture to draw (``domain.engine.picture``: spaces,
        pieces, cards, counters, labels), built from the view alone. Default: the terminal board as text."""
        from domain.engine.picture import text_picture

        return text_picture(self.render(view, seats))

    # -- for bots -------------------------------------------------------------------------------

    def evaluate(self, state: Any, seat: int) -> float:
        """How near the seat stands to winning, from 0 (it has lost) to 1 (it has won): the game's own
        measure of progress (bases touched, Victory Points, cures home), read from the state as it is.
        Greedy bots pick the command whose result scores best; search bots cut their rollouts short with
        it. Default: 1 for a winner, 0 for a loser, 0.5 while the game goes on."""
        outcome = self.outcome(state)
        if outcome is None:
            return 0.5
        return 1.0 if seat in outcome.winners else (0.5 if not outcome.winners else 0.0)

    def action_shapes(self, options: dict[str, Any]) -> tuple[CommandShape, ...]:
        """The commands a game with these (resolved) options takes, each field's values as narrow as the options
        make them: what OpenSpiel numbers a game's actions by (``domain.thinking.spiel``). Default: the
        ruleset's ``command_shapes``."""
        return self.command_shapes

    def search_others(self, seat_count: int) -> str:
        """How the search bot's tree best has the other seats reply in a game of this many seats
        (``domain.thinking.search``): ``"search"`` (each searched by its own interest, the default),
        ``"look-ahead"`` (each its best look-ahead, so that every simulation goes to the bot's own commands) or
        ``"averaged-look-ahead"`` (the same, each command's look-ahead averaged over three rolls of its chance,
        as the greedy bot's): a hint of the game's as ``evaluate`` is, where benchmarks showed it stronger."""
        return "search"

    def chosen_together(self, state: Any) -> bool:
        """Whether the seats to act choose at once, each in secret (a turn taken together: sealed bids, a closed
        fist): each seat's command stays hidden from the others until every seat has chosen, whatever the order
        they send them in. Bots judge such a command through the reveal, the other seats' choices imagined
        (``domain.thinking.greedy``). Default: never."""
        return False

    def seats_in_play(self, state: Any) -> list[int] | None:
        """The seats still in the game, where a seat can be knocked out of it (``None``: every seat is): the
        seats that share the win when another resigns (``domain.engine.early_endings``)."""
        return None

    def seat_count(self, state: Any) -> int:
        """How many seats the game whose state this is seats. Default: the state's ``seat_count``, else the one
        count the game takes."""
        count = getattr(state, "seat_count", None)
        if isinstance(count, int):
            return count
        if self.min_seats == self.max_seats:
            return self.min_seats
        raise NotImplementedError(f"{self.name}: a state that does not say how many seats play")

    def determinize(self, state: Any, seat: int, rng: Rng) -> Any:
        """A state the seat could not tell from this one: what it cannot see (another seat's hand, the
        cards a deck still holds where that is secret) sampled afresh from what it could be, given only
        what the seat has seen. Bots search such states, so that they never peek. Default: the state
        itself, for a game whose every secret is chosen only when it is revealed."""
        return state

    def describe_command(self, command: Command) -> str:
        """A short label of a command for menus: ``move to b1``."""
        details = " ".join(f"{key}={value}" for key, value in command.items() if key != "type")
        return f"{command['type']} {details}".strip()

    def label_command(self, state: Any, seat: int, command: Command) -> str:
        """A command as a menu offers it to ``seat`` in ``state``: ``describe_command``, unless the
        ruleset can say more from the state (the names of the characters its numbers stand for)."""
        return self.describe_command(command)

    def command_refs(self, state: Any, seat: int, command: Command) -> dict[str, list[str]]:
        """What each field of a command names on the board, as the ``ref`` of the picture's items
        (``domain.engine.picture``): the browser makes those items clickable and picks the command by them.
        A ref names one kind of thing, so a number never stands for a seat, a character and a die at
        once (``character:2:1``, ``die:1:2:5``). Default: each field's values as texts, a list's one by
        one (a square, a card id): right where the values of different fields never meet."""
        return {key: [str(item) for item in (value if isinstance(value, list) else [value])
                      if isinstance(item, (str, int)) and not isinstance(item, bool)]
                for key, value in command.items() if key != "type"}
