"""Marshmallow schemas of every body the API takes and gives. ``openapi.yaml`` describes the same
shapes for clients; a test holds the two together by validating real responses against the spec.
"""

from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from domain.bots import BUDGET_SHAPE, STRATEGIES
from domain.randomness import SALT_SHAPE

# -- in ----------------------------------------------------------------------------------------


def whole(value: object) -> int | None:
    """A JSON whole number as an int: ``7``, or ``7.0`` as some encoders write it (JSON, and the
    spec's JSON Schema, tell them apart no more than a person does); ``None`` for anything else (a
    boolean, a fraction, text)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    return None


class Seed(fields.Field):
    """A seed given as a string or a whole number: ``7`` (or ``7.0``) is the seed ``"7"`` (the CLI's
    ``--seed 7``), the same game. A boolean, a fraction, an object or a list is refused."""

    default_error_messages = {"invalid": "Not a valid seed: give a string or a whole number, like \"7\" or 7."}

    def _deserialize(self, value: object, attr: str | None, data: object, **kwargs: object) -> str:
        if isinstance(value, str):
            return value
        if (number := whole(value)) is not None:
            return str(number)
        raise self.make_error("invalid")


class WholeNumber(fields.Integer):
    """An integer in a JSON body: a whole number (``2``, or ``2.0``), never a boolean, a fraction or text."""

    def _validated(self, value: object) -> int:
        number = whole(value)
        if number is None:
            raise self.make_error("invalid")
        return number


class ChanceOutcome(fields.Field):
    """One chance outcome a table saw: a whole number (a die face, a seat number) or a short string (a
    card's or a coin side's name). A boolean, a fraction, an object or a list is refused."""

    default_error_messages = {"invalid": "Not an outcome: give a whole number or a string of 1 to 100 characters."}

    def _deserialize(self, value: object, attr: str | None, data: object, **kwargs: object) -> int | str:
        if isinstance(value, str) and 1 <= len(value) <= 100:
            return value
        if (number := whole(value)) is not None:
            return number
        raise self.make_error("invalid")


def outcomes_field() -> fields.List:
    """The chance outcomes a table game's command or setup met, in order (at most 200)."""
    return fields.List(ChanceOutcome(), load_default=list, validate=validate.Length(max=200))


class NewGame(Schema):
    class Meta:
        unknown = RAISE

    ruleset = fields.String(required=True, validate=validate.Length(min=1, max=100))
    seats = fields.List(
        fields.String(validate=validate.Length(min=1, max=40)), required=True, validate=validate.Length(min=1, max=12)
    )
    options = fields.Dict(keys=fields.String(), load_default=dict)
    seed = Seed(load_default=None, allow_none=True, validate=validate.Length(min=1, max=200))
    salt = fields.String(
        load_default=None, allow_none=True,
        validate=validate.Regexp(
            rf"{SALT_SHAPE.pattern}\Z", error="Not a salt: give 32 lowercase hexadecimal digits, as a finished game reveals it."
        ),
    )
    table = fields.Boolean(load_default=False, truthy={True}, falsy={False})
    name = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=80))
    outcomes = outcomes_field()


def _names_its_type(command: dict[str, object]) -> None:
    """A command is an object with its ``type`` as text (the spec's ``Command``); what types and fields
    a game takes is the ruleset's to say (``malformed-command``)."""
    if not isinstance(command.get("type"), str):
        raise ValidationError('a command names its type as text, like {"type": "move", "to": "e1"}')


class NewCommand(Schema):
    class Meta:
        unknown = RAISE

    command = fields.Dict(keys=fields.String(), required=True, validate=_names_its_type)
    seat = WholeNumber(load_default=None, allow_none=True, validate=validate.Range(min=1))
    outcomes = outcomes_field()


class BotMove(Schema):
    class Meta:
        unknown = RAISE

    strategy = fields.String(load_default="search", validate=validate.OneOf(STRATEGIES))
    budget = fields.String(load_default=None, allow_none=True, validate=[
        validate.Length(min=1, max=20),
        validate.Regexp(BUDGET_SHAPE, error="a bot's budget is simulations (like 300) or milliseconds (like 200ms)"),
    ])
    seed = Seed(load_default=None, allow_none=True, validate=validate.Length(min=1, max=200))
    seat = WholeNumber(load_default=None, allow_none=True, validate=validate.Range(min=1))
    play = fields.Boolean(load_default=True, truthy={True}, falsy={False})


class GamesQuery(Schema):
    class Meta:
        unknown = RAISE

    ruleset = fields.String(load_default=None)
    status = fields.String(load_default=None, validate=validate.OneOf(["active", "over"]))
    limit = fields.Integer(load_default=20, validate=validate.Range(min=1, max=100))
    offset = fields.Integer(load_default=0, validate=validate.Range(min=0))


LAST_EVENT = 2**63 - 1
"""The largest event number a query may name (the SQLite store's largest integer)."""


class EventsQuery(Schema):
    class Meta:
        unknown = RAISE

    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=LAST_EVENT))
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))


class SeatQuery(Schema):
    class Meta:
        unknown = RAISE

    seat = fields.Integer(load_default=None, validate=validate.Range(min=1))


class NewNote(Schema):
    """A note's fields, each of its type; what they may hold (an event of the game, a glyph of the six,
    ...) is the domain's to check (``invalid-note``). An edit loads it ``partial``: every field optional."""

    class Meta:
        unknown = RAISE

    at = WholeNumber(required=True)
    text = fields.String(required=True)
    glyph = fields.String()
    marks = fields.List(fields.String())
    bookmark = fields.String()
    visibility = fields.String()


class NotesQuery(Schema):
    class Meta:
        unknown = RAISE

    at = fields.Integer(load_default=None, validate=validate.Range(min=1, max=LAST_EVENT))


# -- out ---------------------------------------------------------------------------------------


class Seat(Schema):
    seat = fields.Integer()
    name = fields.String()
    role = fields.String(allow_none=True)


class SeatToken(Seat):
    token = fields.String()


class Outcome(Schema):
    winners = fields.List(fields.Integer())
    reason = fields.String()


class Head(Schema):
    """The chain head: the number and hash of a game's last event, a receipt for ``ludolog audit --head``."""

    number = fields.Integer()
    hash = fields.String(allow_none=True)


class GameSummary(Schema):
    id = fields.String()
    name = fields.String()
    ruleset = fields.String()
    ruleset_version = fields.Integer()
    title = fields.String()
    seats = fields.List(fields.Nested(Seat))
    options = fields.Dict()
    table = fields.Boolean()
    version = fields.Integer()
    status = fields.String()
    to_act = fields.List(fields.Integer())
    outcome = fields.Nested(Outcome, allow_none=True)
    seed_commitment = fields.String()
    seed = fields.String(allow_none=True)
    seed_salt = fields.String(allow_none=True)
    created = fields.String()
    updated = fields.String()
    head = fields.Nested(Head)


class GameState(GameSummary):
    viewer = fields.Raw()
    view = fields.Dict()


class GameCreated(Schema):
    id = fields.String()
    name = fields.String()
    ruleset = fields.String()
    version = fields.Integer()
    seats = fields.List(fields.Nested(SeatToken))
    owner_token = fields.String()
    seed_commitment = fields.String()


class GamesPage(Schema):
    games = fields.List(fields.Nested(GameSummary))
    total = fields.Integer()
    next = fields.String(allow_none=True)


class Event(Schema):
    number = fields.Integer()
    type = fields.String()
    time = fields.String()
    seat = fields.Integer(allow_none=True)
    command_id = fields.String(allow_none=True)
    sentence = fields.String()
    data = fields.Dict()


class EventsPage(Schema):
    events = fields.List(fields.Nested(Event))
    version = fields.Integer()
    next = fields.String(allow_none=True)


class Submission(Schema):
    version = fields.Integer()
    replayed = fields.Boolean()
    events = fields.List(fields.Nested(Event))
    head = fields.Nested(Head)


class BotThought(Schema):
    strategy = fields.String()
    command = fields.Dict()
    simulations = fields.Integer(allow_none=True)
    milliseconds = fields.Float(allow_none=True)


class BotMovePlayed(Schema):
    version = fields.Integer()
    events = fields.List(fields.Nested(Event))
    bot = fields.Nested(BotThought)
    head = fields.Nested(Head)


class BotMoveSuggested(Schema):
    bot = fields.Nested(BotThought)


class LegalCommands(Schema):
    seat = fields.Integer()
    version = fields.Integer()
    to_act = fields.Boolean()
    commands = fields.List(fields.Dict())
    labels = fields.List(fields.String())
    refs = fields.List(fields.Dict(keys=fields.String(), values=fields.List(fields.String())))


class Board(Schema):
    version = fields.Integer()
    at = fields.Integer()
    svg = fields.String()
    changed = fields.List(fields.String())


class CommandShape(Schema):
    type = fields.String()
    summary = fields.String()
    schema = fields.Dict()


class Ruleset(Schema):
    name = fields.String()
    title = fields.String()
    summary = fields.String()
    min_seats = fields.Integer()
    max_seats = fields.Integer()
    version = fields.Integer()
    options = fields.Dict()
    commands = fields.List(fields.Nested(CommandShape))


class Rulesets(Schema):
    rulesets = fields.List(fields.Nested(Ruleset))


class Note(Schema):
    id = fields.Integer()
    author = fields.Raw()
    at = fields.Integer()
    text = fields.String()
    glyph = fields.String()
    marks = fields.List(fields.String())
    bookmark = fields.String()
    visibility = fields.String()
    written = fields.String()
    edited = fields.String(allow_none=True)


class Notes(Schema):
    notes = fields.List(fields.Nested(Note))


class Health(Schema):
    status = fields.String()
    store = fields.String()
    writes = fields.String()
    streams = fields.Integer()


# One instance of each, made once: marshmallow schemas are reusable and building one is not cheap.
NEW_GAME = NewGame()
NEW_COMMAND = NewCommand()
GAMES_QUERY = GamesQuery()
EVENTS_QUERY = EventsQuery()
SEAT_QUERY = SeatQuery()
NEW_NOTE = NewNote()
NOTES_QUERY = NotesQuery()
GAME_STATE = GameState()
GAME_CREATED = GameCreated()
GAMES_PAGE = GamesPage()
EVENT = Event()
EVENTS_PAGE = EventsPage()
SUBMISSION = Submission()
BOT_MOVE = BotMove()
BOT_MOVE_PLAYED = BotMovePlayed()
BOT_MOVE_SUGGESTED = BotMoveSuggested()
LEGAL_COMMANDS = LegalCommands()
BOARD = Board()
RULESET = Ruleset()
RULESETS = Rulesets()
NOTE = Note()
NOTES = Notes()
HEALTH = Health()
