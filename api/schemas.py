"""Marshmallow schemas of every body and query the API takes (``api.answers``: the bodies it gives).
``openapi.yaml`` describes the same shapes for clients; a test holds the two together by validating
real requests and responses against the spec.
"""

from __future__ import annotations

from typing import Any

from marshmallow import (
    RAISE,
    Schema,
    ValidationError,
    fields,
    validate,
    validates_schema,
)

from domain.engine.randomness import SALT_SHAPE
from domain.thinking.bots import BUDGET_SHAPE, STRATEGIES


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
    players = fields.List(fields.Dict(keys=fields.String()), load_default=None, allow_none=True, validate=validate.Length(min=1, max=12))
    bot_pace_ms = WholeNumber(load_default=None, allow_none=True, validate=validate.Range(min=0, max=60_000))


class NewFork(Schema):
    class Meta:
        unknown = RAISE

    step = WholeNumber(required=True, validate=validate.Range(min=1))
    seed = Seed(load_default=None, allow_none=True, validate=validate.Length(min=1, max=200))
    table = fields.Boolean(load_default=None, allow_none=True, truthy={True}, falsy={False})
    name = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=80))


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


class NewKit(Schema):
    """A kit to add to the shelf: its document as JSON (``kit``), or its text (``text``) in a
    ``format`` (YAML, JSON or TOML; guessed from the text when not given)."""

    class Meta:
        unknown = RAISE

    kit = fields.Dict(keys=fields.String(), load_default=None)
    text = fields.String(load_default=None, validate=validate.Length(min=1))
    format = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(["yaml", "json", "toml"]))

    @validates_schema
    def _one_of_kit_or_text(self, data: dict[str, Any], **kwargs: Any) -> None:
        if (data.get("kit") is None) == (data.get("text") is None):
            raise ValidationError("give the kit as a JSON object in 'kit', or its text in 'text': one of the two")
        if data.get("format") is not None and data.get("text") is None:
            raise ValidationError("'format' is the format of 'text', and there is no text", "format")


class KitCheck(NewKit):
    """A kit to check, as for the shelf (``kit`` or ``text``), with ``secrets``: also play the games that deal afresh
    what each seat cannot see (``games`` of them), naming each leak."""

    secrets = fields.Boolean(load_default=False)
    games = fields.Integer(load_default=10, validate=validate.Range(min=1, max=50))


class KitQuery(Schema):
    class Meta:
        unknown = RAISE

    version = fields.Integer(load_default=None, validate=validate.Range(min=1))


class NewTuning(Schema):
    """A tune to run as a job (``api.tunings``): the game (a ruleset, a shelved kit's name, or ``table-kit`` with a kit
    document in ``options.kit``), the values to vary and the goals as ``ludolog tune`` takes them, and the race's
    sizes, each capped for the API (``api.tuning_jobs.CAPS``)."""

    class Meta:
        unknown = RAISE

    game = fields.String(required=True, validate=validate.Length(min=1, max=100))
    vary = fields.List(fields.String(validate=validate.Length(min=1, max=200)), required=True, validate=validate.Length(min=1, max=4))
    goals = fields.List(fields.String(validate=validate.Length(min=1, max=100)), required=True, validate=validate.Length(min=1, max=5))
    options = fields.Dict(keys=fields.String(), load_default=dict)
    players = WholeNumber(load_default=None, allow_none=True, validate=validate.Range(min=1, max=12))
    bot = fields.String(load_default="greedy", validate=validate.OneOf(STRATEGIES))
    budget = fields.String(load_default="50", validate=[
        validate.Length(min=1, max=20),
        validate.Regexp(BUDGET_SHAPE, error="a bot's budget is simulations (like 300) or milliseconds (like 200ms)"),
    ])
    seed = Seed(load_default="tune", validate=validate.Length(min=1, max=200))
    block = WholeNumber(load_default=100, validate=validate.Range(min=10, max=500))
    most_games = WholeNumber(load_default=1000, validate=validate.Range(min=10, max=2000))
    candidates = WholeNumber(load_default=40, validate=validate.Range(min=2, max=40))
    confirm = WholeNumber(load_default=200, validate=validate.Range(min=0, max=1000))


class TuningReportQuery(Schema):
    class Meta:
        unknown = RAISE

    format = fields.String(load_default="json", validate=validate.OneOf(["json", "html", "markdown"]))


NEW_GAME = NewGame()
NEW_FORK = NewFork()
NEW_COMMAND = NewCommand()
GAMES_QUERY = GamesQuery()
EVENTS_QUERY = EventsQuery()
SEAT_QUERY = SeatQuery()
NEW_NOTE = NewNote()
NOTES_QUERY = NotesQuery()
BOT_MOVE = BotMove()
NEW_KIT = NewKit()
KIT_QUERY = KitQuery()
KIT_CHECK = KitCheck()
NEW_TUNING = NewTuning()
TUNING_REPORT_QUERY = TuningReportQuery()
