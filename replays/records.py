"""Exports as data (NDJSON, JSON, CSV) and importing an NDJSON export back into a store.

The owner's NDJSON export is lossless: a header line with the game (ruleset and version, seats,
options, seed, salt, commitment, times, and ``head``: the number and chain hash of its last event) and
one line per stored event with its cause, time and chain hash. ``import_game`` (``replays.importing``)
refuses a file whose events do not match its header (their count, the head's hash), then re-creates
the game under the same id by replaying the recorded commands with the same seed, salt and event
times, and checks every event it produced against the file, chain hash included: the copy passes
``audit`` and renders identically.
A table game's export says so (``"table": true``); the owner's also holds the outcomes the table gave:
the setup's in the header (``setup_outcomes``), each command's with its events (``outcomes``), so the
import re-creates it with them. The header's ``chain_version`` says how the game's chance is keyed
(3: by its seed and salt). Exports of format versions 1 (before salts and heads), 2 (before notes),
3 (before table games), 4 (before chance keyed by the salt: their games' chain version is 2, or 1
without a salt) and 5 (before forks) still import. A fork's header names its trunk (``fork``: the game,
the step, the trunk's hash there, the eye it was forked as), and the owner's export of a game with a trunk
or forks holds the whole family, one section (header, events, notes) per game, trunks first
(``replays.families``): it imports whole. A trunk above a seat's fork is in it as that seat's export of
it (``viewer``: the seat), and the fork's first event record holds its ``start`` (the store's encoding of
the state), so the fork imports without it. A seat's or
spectator's export holds only what they may see (no seed or salt while the game goes on) and cannot be
imported.

Notes (``domain.keeping.notes``) follow the viewer in every export. The NDJSON export puts them after the event
lines, one line each, and its header counts them:

- the owner's holds the notes' whole stored history, withdrawn notes too, each stored event with its
  time (``Notebook.history``): ``{"note_event": {"type": "Written", "time": "2026-...", "data": {"note": 1,
  "author": "2", "at": 14, "text": "...", "glyph": "?!", "marks": ["c3"], "bookmark": "", "visibility":
  "private"}}}`` (``Edited`` and ``Withdrawn`` likewise), counted by the header's ``note_events``.
  ``import_game`` checks that history against the game (``Notebook.restore``'s checks) and records it
  in the same transaction as the game, each event with its time: a bad notes section leaves nothing;
- a seat's or spectator's holds the standing notes they may see: ``{"note": {"id": 1, "author": 2,
  "at": 14, ...}}`` (``Note.to_data``), counted by the header's ``notes``.

The JSON export has a ``notes`` list (the standing notes the viewer may see), the CSV export a row per
such note after the row of the event it is on (type ``note``, its event's ``number``, its latest ``time``, the
author in ``seat``, a seat author's name in ``seat_name``, the text in ``sentence``, the note as JSON in
``data``).

The CSV export is meant for spreadsheets: a cell that a spreadsheet would evaluate as a formula (one
starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return, OWASP's rule) gets a leading ``'``.
"""

from __future__ import annotations

import csv
import io
import json
import uuid
from collections.abc import Iterator
from typing import Any

from domain.engine.game import Game
from domain.keeping.access import OWNER
from domain.keeping.notebook import Notebook
from domain.keeping.notes import Note
from domain.keeping.service import GameEvent, GameService, Viewer, describe_event
from replays.families import family
from replays.record_format import (  # noqa: F401  (where callers have found them)
    FORMAT,
    FORMAT_VERSION,
    NOTE,
    NOTE_EVENT,
    READABLE_VERSIONS,
)

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
CSV_COLUMNS = ("number", "time", "type", "seat", "seat_name", "command_id", "sentence", "data")


def header(service: GameService, game_id: uuid.UUID, viewer: Viewer = OWNER, game: Game | None = None) -> dict[str, Any]:
    """The export's header; ``game``, when given, is the game as just read (one read for the whole export)."""
    game = game or service.game(game_id)
    status = service.status(game_id, viewer, game=game)
    over = status["status"] == "over"
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "id": status["id"],
        "name": game.name,
        "ruleset": status["ruleset"],
        "ruleset_version": status["ruleset_version"],
        "title": status["title"],
        "seats": [s["name"] for s in status["seats"]],
        "options": status["options"],
        "table": game.table,
        **({"setup_outcomes": list(game.setup_outcomes)} if game.table and (viewer == OWNER or over) else {}),
        "seed": game.seed if viewer == OWNER or over else None,
        "seed_salt": game.salt if viewer == OWNER or over else None,
        "seed_commitment": status["seed_commitment"],
        "chain_version": game.chain_version,
        **({"fork": dict(game.fork)} if game.fork else {}),
        **({"players": [dict(player) for player in game.players]} if game.players else {}),
        "head": status["head"],
        "created": status["created"],
        "updated": status["updated"],
        "events": game.version,
        "status": status["status"],
        "outcome": status["outcome"],
        "viewer": viewer,
    }


def events(service: GameService, game_id: uuid.UUID, viewer: Viewer = OWNER, game: Game | None = None) -> list[dict[str, Any]]:
    """Every event as the viewer may see it; the owner's with its command (and in a table game the outcomes
    the table gave it), topic and hash. The stored events are read and decoded once, up to ``game``'s version
    (the game as just read, by default now): the same events the header counts."""
    game = game or service.game(game_id)
    records = []
    for raw, event in described(service, game, viewer):
        record = event_record(event)
        if viewer == OWNER:
            record["topic"] = getattr(type(raw), "TOPIC", None)
            cause = getattr(raw, "cause", None) or {}
            record["command"] = cause.get("command")
            if "outcomes" in cause:
                record["outcomes"] = cause["outcomes"]
            record["chain"] = getattr(raw, "chain", None)
            if isinstance(raw, Game.Forked):  # so a fork imports without a trunk it may not see
                record["start"] = json.loads(service.mapper.transcoder.encode(raw.start))
        records.append(record)
    return records


def described(service: GameService, game: Game, viewer: Viewer) -> Iterator[tuple[Any, GameEvent]]:
    """The game's stored events up to its version, each with what the viewer may see of it now
    (``GameService.read_events``'s rule: redacted while the game goes on)."""
    rules, seats = game.rules, game.seats
    over = game.outcome() is not None  # by its rules or a seat's act (``domain.engine.early_endings``)
    for raw in service.events.get(game.id, lte=game.version):
        yield raw, describe_event(raw, rules, seats, viewer, over=over)


def event_record(event: GameEvent) -> dict[str, Any]:
    """``GameEvent.to_data`` without its deep copy: the export only serialises the dict, and the values are
    JSON-native already."""
    return {"number": event.number, "type": event.type, "time": event.time.isoformat(), "seat": event.seat,
            "command_id": event.command_id, "sentence": event.sentence, "data": event.data}


def notes(service: GameService, game_id: uuid.UUID, viewer: Viewer = OWNER) -> list[Note]:
    """The standing notes the viewer may see, by the event they are on."""
    return Notebook(service).notes(game_id, viewer)


def note_lines(service: GameService, game_id: uuid.UUID, viewer: Viewer = OWNER) -> list[dict[str, Any]]:
    """The NDJSON export's note lines: the whole stored history for the owner, the visible notes for anyone else."""
    if viewer == OWNER:
        return [{NOTE_EVENT: entry} for entry in Notebook(service).history(game_id)]
    return [{NOTE: note.to_data()} for note in notes(service, game_id, viewer)]


def to_ndjson(service: GameService, game_id: uuid.UUID, viewer: Viewer = OWNER) -> str:
    """The NDJSON export; the owner's holds the game's family, one section per game (``replays.families``)."""
    if viewer != OWNER:
        return _ndjson_section(service, game_id, viewer)
    return "".join(_ndjson_section(service, member, eye) for member, eye in family(service, game_id))


def _ndjson_section(service: GameService, game_id: uuid.UUID, viewer: Viewer) -> str:
    game = service.game(game_id)
    head = header(service, game_id, viewer, game)
    written, annotations = events(service, game_id, viewer, game), note_lines(service, game_id, viewer)
    head["note_events" if viewer == OWNER else "notes"] = len(annotations)
    return "".join(json.dumps(line, sort_keys=True) + "\n" for line in [head, *written, *annotations])


def to_json(service: GameService, game_id: uuid.UUID, viewer: Viewer = OWNER) -> str:
    game = service.game(game_id)
    document = {"game": header(service, game_id, viewer, game), "events": events(service, game_id, viewer, game),
                "notes": [note.to_data() for note in notes(service, game_id, viewer)]}
    return json.dumps(document, indent=2, sort_keys=True) + "\n"


def to_csv(service: GameService, game_id: uuid.UUID, viewer: Viewer = OWNER) -> str:
    game = service.game(game_id)
    seats = game.seats
    on: dict[int, list[Note]] = {}
    for note in notes(service, game_id, viewer):
        on.setdefault(note.at, []).append(note)
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for event in [event for _, event in described(service, game, viewer)]:  # faster than writing as they come
        row = {
            "number": event.number,
            "time": event.time.isoformat(),
            "type": event.type,
            "seat": event.seat if event.seat is not None else "",
            "seat_name": seats[event.seat - 1] if event.seat else "",
            "command_id": event.command_id or "",
            "sentence": event.sentence,
            "data": json.dumps(event.data, sort_keys=True),
        }
        writer.writerow({column: inert(value) for column, value in row.items()})
        for note in on.get(event.number, []):
            writer.writerow({column: inert(value) for column, value in _note_row(note, seats).items()})
    return out.getvalue()


def _note_row(note: Note, seats: list[str]) -> dict[str, Any]:
    """A note as a CSV row: on its event's number, by its author (``owner`` or a seat)."""
    return {
        "number": note.at,
        "time": note.edited or note.written,
        "type": "note",
        "seat": note.author,
        "seat_name": seats[note.author - 1] if isinstance(note.author, int) and 0 < note.author <= len(seats) else "",
        "command_id": "",
        "sentence": note.text,
        "data": json.dumps(note.to_data(), sort_keys=True),
    }


def inert(value: Any) -> str:
    """A CSV cell no spreadsheet evaluates: text that would start a formula gets a leading ``'``."""
    text = str(value)
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def import_games(service: GameService, text: str) -> list[uuid.UUID]:
    """``import_game`` for a file of a family (a game with its trunk and forks): every game's id, trunks
    first (``replays.importing``)."""
    from replays.importing import import_games as recreate

    return recreate(service, text)


def import_game(service: GameService, text: str) -> uuid.UUID:
    """Re-create the game of an owner's NDJSON export, and its notes, in the service's store; its id is
    kept. Anything wrong with the file raises ``InvalidSetup`` in one line, and nothing is written
    (``replays.importing``)."""
    from replays.importing import import_game as recreate

    return recreate(service, text)
