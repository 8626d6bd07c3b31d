"""Exports as data (NDJSON, JSON, CSV) and importing an NDJSON export back into a store.

The owner's NDJSON export is lossless: a header line with the game (ruleset and version, seats,
options, seed, salt, commitment, times, and ``head``: the number and chain hash of its last event) and
one line per stored event with its cause, time and chain hash. ``import_game`` refuses a file whose
events do not match its header (their count, the head's hash), then re-creates the game under the same
id by replaying the recorded commands with the same seed, salt and event times, and checks every event
it produced against the file, chain hash included: the copy passes ``audit`` and renders identically.
Exports of format version 1 (before salts and heads) still import. A seat's or spectator's export holds
only what they may see (no seed or salt while the game goes on) and cannot be imported.

The CSV export is meant for spreadsheets: a cell that a spreadsheet would evaluate as a formula (one
starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return, OWASP's rule) gets a leading ``'``.
"""

from __future__ import annotations

import csv
import io
import json
import uuid
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from domain import registry
from domain.access import OWNER
from domain.errors import InvalidSetup, LudologError
from domain.game import Game
from domain.service import GameService, Viewer

FORMAT = "ludolog-game"
FORMAT_VERSION = 2
READABLE_VERSIONS = (1, 2)
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
CSV_COLUMNS = ("number", "time", "type", "seat", "seat_name", "command_id", "sentence", "data")


def header(service: GameService, game_id: uuid.UUID, viewer: Viewer = OWNER) -> dict[str, Any]:
    game = service.game(game_id)
    status = service.status(game_id, viewer, game=game)
    over = status["status"] == "over"
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "id": status["id"],
        "ruleset": status["ruleset"],
        "ruleset_version": status["ruleset_version"],
        "title": status["title"],
        "seats": [s["name"] for s in status["seats"]],
        "options": status["options"],
        "seed": game.seed if viewer == OWNER or over else None,
        "seed_salt": game.salt if viewer == OWNER or over else None,
        "seed_commitment": status["seed_commitment"],
        "head": status["head"],
        "created": status["created"],
        "updated": status["updated"],
        "events": game.version,
        "status": status["status"],
        "outcome": status["outcome"],
        "viewer": viewer,
    }


def events(service: GameService, game_id: uuid.UUID, viewer: Viewer = OWNER) -> list[dict[str, Any]]:
    """Every event as the viewer may see it, with its command (the owner also gets topics and hashes)."""
    stored = {e.originator_version: e for e in service.events.get(game_id)} if viewer == OWNER else {}
    records = []
    for event in service.read_events(game_id, viewer=viewer):
        record = event.to_data()
        raw = stored.get(event.number)
        if raw is not None:
            record["topic"] = getattr(type(raw), "TOPIC", None)
            record["command"] = (getattr(raw, "cause", None) or {}).get("command")
            record["chain"] = getattr(raw, "chain", None)
        records.append(record)
    return records


def to_ndjson(service: GameService, game_id: uuid.UUID, viewer: Viewer = OWNER) -> str:
    lines = [header(service, game_id, viewer), *events(service, game_id, viewer)]
    return "".join(json.dumps(line, sort_keys=True) + "\n" for line in lines)


def to_json(service: GameService, game_id: uuid.UUID, viewer: Viewer = OWNER) -> str:
    document = {"game": header(service, game_id, viewer), "events": events(service, game_id, viewer)}
    return json.dumps(document, indent=2, sort_keys=True) + "\n"


def to_csv(service: GameService, game_id: uuid.UUID, viewer: Viewer = OWNER) -> str:
    seats = service.game(game_id).seats
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for event in service.read_events(game_id, viewer=viewer):
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
    return out.getvalue()


def inert(value: Any) -> str:
    """A CSV cell no spreadsheet evaluates: text that would start a formula gets a leading ``'``."""
    text = str(value)
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def import_game(service: GameService, text: str) -> uuid.UUID:
    """Re-create the game of an owner's NDJSON export in the service's store; its id is kept. Anything
    wrong with the file raises ``InvalidSetup`` in one line, and nothing is written."""
    head, records = _read_lines(text)
    version = head.get("format_version")
    if version not in READABLE_VERSIONS:
        raise InvalidSetup(f"export format version {version} is not one this service reads ({', '.join(map(str, READABLE_VERSIONS))})")
    if head.get("viewer") != OWNER or not head.get("seed"):
        raise InvalidSetup("this export shows one seat's view; only the owner's export (with the seed) can be imported")
    _check_header(head, records, version)
    try:
        game_id = uuid.UUID(str(head["id"]))
        rules = registry.get(head["ruleset"], head.get("ruleset_version"))
        seats, options, seed = head["seats"], head["options"], head["seed"]
        salt = str(head.get("seed_salt") or "") if version >= 2 else ""
        times = _times(records)
    except (KeyError, TypeError, ValueError) as error:
        raise InvalidSetup(f"the export's header or an event is incomplete or damaged ({error!r})") from None
    try:
        service.game(game_id)
    except LudologError:
        pass
    else:
        raise InvalidSetup(f"game {game_id} is already in this store")
    game = _recreate(rules, seats, options, seed, salt, game_id, records, times)
    if game.seed_commitment != head.get("seed_commitment"):
        raise InvalidSetup("the export's seed and salt do not match its seed commitment")
    produced = list(game.pending_events)
    if len(produced) != len(records):
        raise InvalidSetup(f"the export has {len(records)} events but replaying its commands gives {len(produced)}")
    for made, record in zip(produced, records, strict=True):
        data = getattr(made, "fact", None)
        if made.originator_version != record.get("number") or (data is not None and data != record.get("data")):
            raise InvalidSetup(f"event {record.get('number')} of the export does not replay under these rules")
        if made.chain != record.get("chain"):
            raise InvalidSetup(
                f"event {record.get('number')} of the export: its chain hash is not the one its content and time give "
                "(the file was edited)"
            )
    service.save_imported(game)
    return game_id


def _read_lines(text: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The header and the event records of an NDJSON export, or ``InvalidSetup`` naming the bad line."""
    lines: list[dict[str, Any]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            if not lines:
                raise InvalidSetup(
                    "not a ludolog NDJSON game export: its first line is not JSON "
                    "(JSON and CSV exports cannot be imported; export with --format ndjson)"
                ) from None
            raise InvalidSetup(f"line {number} of the export is not valid JSON ({error.msg}): the file is damaged") from None
        if not isinstance(record, dict):
            raise InvalidSetup(f"line {number} of the export is not a JSON object: the file is damaged")
        lines.append(record)
    if not lines or lines[0].get("format") != FORMAT:
        raise InvalidSetup(
            "not a ludolog NDJSON game export: the first line is not its header "
            "(JSON and CSV exports cannot be imported; export with --format ndjson)"
        )
    return lines[0], lines[1:]


def _check_header(head: dict[str, Any], records: list[dict[str, Any]], version: int) -> None:
    """The events of the file against what its header says of them: their count, the last one's hash."""
    if head.get("events") != len(records):
        raise InvalidSetup(
            f"the export's header says {head.get('events')} events but the file holds {len(records)}: "
            "it was cut short or added to"
        )
    if version >= 2:
        receipt = head.get("head") or {}
        last = records[-1] if records else {}
        if receipt.get("number") != last.get("number") or receipt.get("hash") != last.get("chain"):
            raise InvalidSetup(
                f"the export's header names event {receipt.get('number')} with hash {receipt.get('hash')} as its last, "
                f"but the file ends with event {last.get('number')} with hash {last.get('chain')}"
            )


def _times(records: list[dict[str, Any]]) -> list[datetime]:
    return [datetime.fromisoformat(str(record["time"])) for record in records]


def _recreate(
    rules: Any, seats: Any, options: Any, seed: Any, salt: str, game_id: uuid.UUID, records: list[dict[str, Any]], times: list[datetime]
) -> Game:
    """The game replayed from the file's commands, its events given the file's times."""
    stamps: Iterator[datetime] = iter(times)
    try:
        game = Game.start(rules, list(seats), dict(options), str(seed), game_id=game_id, salt=salt, timestamps=stamps)
        played = set()
        for record in records:
            command_id = record.get("command_id")
            if record.get("command") is not None and command_id not in played:
                played.add(command_id)
                game.play(record["seat"], record["command"], command_id, timestamps=stamps)
    except StopIteration:
        raise InvalidSetup("replaying the export's commands gives more events than the file holds") from None
    except LudologError as error:
        raise InvalidSetup(f"the export's commands do not replay under these rules: {error}") from None
    except (KeyError, TypeError, ValueError) as error:
        raise InvalidSetup(f"an event of the export is incomplete or damaged ({error!r})") from None
    return game
