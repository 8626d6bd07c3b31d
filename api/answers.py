"""Marshmallow schemas of every body the API gives (``api.schemas``: the bodies it takes).
``openapi.yaml`` describes the same shapes for clients; a test holds the two together by validating
real responses against the spec.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields


class Seat(Schema):
    seat = fields.Integer()
    name = fields.String()
    role = fields.String(allow_none=True)


class SeatToken(Seat):
    token = fields.String()


class Outcome(Schema):
    winners = fields.List(fields.Integer())
    reason = fields.String()
    at_limit = fields.Boolean()
    ended_by = fields.String()
    scores = fields.List(fields.Integer())


class Head(Schema):
    """The chain head: the number and hash of a game's last event, a receipt for ``ludolog audit --head``."""

    number = fields.Integer()
    hash = fields.String(allow_none=True)


class ForkLink(Schema):
    game = fields.String()
    step = fields.Integer()
    hash = fields.String()
    eye = fields.Integer(allow_none=True)


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
    fork = fields.Nested(ForkLink, allow_none=True)


class SeatPlayer(Schema):
    """Who plays a seat: a person, or a bot with its strategy, budget and pace (``domain.thinking.seat_players``)."""

    seat = fields.Integer()
    name = fields.String()
    kind = fields.String()
    strategy = fields.String()
    budget = fields.String(allow_none=True)
    pace_ms = fields.Integer()


class BotThinking(Schema):
    seat = fields.Integer()
    name = fields.String()
    strategy = fields.String()
    sentence = fields.String()


class GameState(GameSummary):
    draw_offer = fields.List(fields.Integer())
    seats_in_play = fields.List(fields.Integer())
    players = fields.List(fields.Nested(SeatPlayer))
    thinking = fields.Nested(BotThinking, allow_none=True)
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


class ForkCreated(GameCreated):
    fork = fields.Nested(ForkLink)


class Forks(Schema):
    forks = fields.List(fields.Nested(GameSummary))
    total = fields.Integer()


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
    status = fields.String()
    to_act = fields.List(fields.Integer())


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
    event_types = fields.List(fields.String())
    draws_agreed = fields.Boolean()
    resignation = fields.String()


class KitVersion(Schema):
    """One version of a kit on the shelf: its name, its version number and its content hash."""

    name = fields.String()
    version = fields.Integer()
    hash = fields.String()


class KitRef(KitVersion):
    """The shelved kit a ruleset answer stands for, with its components in words."""

    components = fields.String()


class KitRuleset(Ruleset):
    kit = fields.Nested(KitRef)


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


class KitEntry(KitVersion):
    title = fields.String()
    added = fields.String()


class Kits(Schema):
    kits = fields.List(fields.Nested(KitEntry))


class StoredKit(KitVersion):
    kit = fields.Dict()


class KitAdded(KitVersion):
    new = fields.Boolean()
    token = fields.String()
    """The kit token, with a name's first version only (shown once)."""


class KitChecked(Schema):
    name = fields.String()
    title = fields.String()
    leaks = fields.List(fields.String())
    games = fields.Integer()
    unplayed = fields.Integer()


class Health(Schema):
    status = fields.String()
    store = fields.String()
    writes = fields.String()
    streams = fields.Integer()


# One instance of each, made once: marshmallow schemas are reusable and building one is not cheap.


GAME_STATE = GameState()
GAME_CREATED = GameCreated()
FORK_CREATED = ForkCreated()
FORKS = Forks()
GAMES_PAGE = GamesPage()
EVENT = Event()
EVENTS_PAGE = EventsPage()
SUBMISSION = Submission()
BOT_MOVE_PLAYED = BotMovePlayed()
BOT_MOVE_SUGGESTED = BotMoveSuggested()
LEGAL_COMMANDS = LegalCommands()
BOARD = Board()
RULESET = Ruleset()
RULESETS = Rulesets()
NOTE = Note()
NOTES = Notes()
HEALTH = Health()
KIT_RULESET = KitRuleset()
KITS = Kits()
STORED_KIT = StoredKit()
KIT_ADDED = KitAdded()
KIT_CHECKED = KitChecked()


def submission(answer: Any) -> dict[str, Any]:
    """The answer to a command or a seat's act (``SUBMISSION``): its events, the head, who acts next."""
    return SUBMISSION.dump({
        "version": answer.version,
        "replayed": answer.replayed,
        "events": [event.to_data() for event in answer.events],
        "head": answer.head,
        "status": answer.status,
        "to_act": answer.to_act,
    })
