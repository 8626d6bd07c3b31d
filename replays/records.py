"""Exports as data (NDJSON, JSON, CSV) and importing an NDJSON export back into a store.

The owner's NDJSON export is lossless: a header line with the game (ruleset and version, seats,
options, seed, commitment, times) and one line per stored event with its cause and chain hash.
``import_game`` re-creates the game under the same id by replaying the recorded commands with the
same seed, then checks every event it produced against the file: the copy passes ``audit`` and
renders identically. A seat's or spectator's export holds only what they may see (no seed while the
game goes on) and cannot be imported.
"""

from __future__ import annotations

import csv
import io
import json
import uuid
from typing import Any

from domain import registry
from domain.access import OWNER
from domain.errors import InvalidSetup, LudologError
from domain.game import Game
from domain.service import GameService, Viewer

FORMAT = "ludolog-game"
FORMAT_VERSION = 1
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
        "seed_commitment": status["seed_commitment"],
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
        writer.writerow({
            "number": event.number,
            "time": event.time.isoformat(),
            "type": event.type,
            "seat": event.seat if event.seat is not None else "",
            "seat_name": seats[event.seat - 1] if event.seat else "",
            "command_id": event.command_id or "",
            "sentence": event.sentence,
            "data": json.dumps(event.data, sort_keys=True),
        })
    return out.getvalue()


def import_game(service: GameService, text: str) -> uuid.UUID:
    """Re-create the game of an owner's NDJSON export in the service's store; its id is kept."""
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    if not lines or lines[0].get("format") != FORMAT:
        raise InvalidSetup("not a ludolog game export: the first line is not its header")
    head, records = lines[0], lines[1:]
    if head.get("format_version") != FORMAT_VERSION:
        raise InvalidSetup(f"export format version {head.get('format_version')} is not {FORMAT_VERSION}")
    if head.get("viewer") != OWNER or not head.get("seed"):
        raise InvalidSetup("this export shows one seat's view; only the owner's export (with the seed) can be imported")
    game_id = uuid.UUID(head["id"])
    try:
        service.game(game_id)
    except LudologError:
        pass
    else:
        raise InvalidSetup(f"game {game_id} is already in this store")
    rules = registry.get(head["ruleset"], head.get("ruleset_version"))
    game = Game.start(rules, head["seats"], head["options"], head["seed"], game_id=game_id)
    played = set()
    for record in records:
        command_id = record.get("command_id")
        if record.get("command") is not None and command_id not in played:
            played.add(command_id)
            game.play(record["seat"], record["command"], command_id)
    produced = list(game.pending_events)
    if len(produced) != len(records):
        raise InvalidSetup(f"the export has {len(records)} events but replaying its commands gives {len(produced)}")
    for made, record in zip(produced, records, strict=True):
        data = getattr(made, "fact", None)
        if made.originator_version != record["number"] or (data is not None and data != record["data"]):
            raise InvalidSetup(f"event {record['number']} of the export does not replay under these rules")
    service.save_imported(game)
    return game_id
