"""Every table's games of a room in one zip (``ludolog room export``, ``GET /rooms/{code}/games.zip``).

For each started table, its game's NDJSON export (lossless: ``ludolog import`` re-creates it) and its design diary
(Markdown, its charts embedded), both as the game's owner sees them (the teacher owns every table), named
``table-01-<slug>.ndjson`` and ``table-01-<slug>.md``, the slug made of the names at the table; and ``room.json``:
the room's settings, its students and tables with their names and games, which files hold each table's game. It
holds no token, no personal code and no code but the room's own. The zip is made whole in memory: a room of no
started table is still a zip, with its ``room.json``.
"""

from __future__ import annotations

import io
import json
import re
import unicodedata
import uuid
import zipfile
from typing import Any

from domain.engine.viewing import summary
from domain.keeping.access import OWNER
from domain.keeping.room_records import Room
from domain.keeping.room_views import settings
from domain.keeping.service import GameService
from replays.exports import export

FORMAT = "ludolog-room"
FORMAT_VERSION = 1
SLUG_LENGTH = 40


def archive_name(room: Room) -> str:
    return f"room-{room.code}.zip"


def slug(names: list[str]) -> str:
    """The names at a table as a file name's part: ASCII letters and digits joined by dashes (``ann-ben-greedy-bot``),
    ``game`` when nothing of them is left."""
    text = unicodedata.normalize("NFKD", " ".join(names)).encode("ascii", "ignore").decode("ascii").lower()
    words = re.sub(r"[^a-z0-9]+", "-", text).strip("-")
    return words[:SLUG_LENGTH].rstrip("-") or "game"


def room_archive(service: GameService, room: Room) -> bytes:
    """The zip's bytes (see the module's docstring)."""
    width = max(2, len(str(max(room.tables, default=1))))
    buffer = io.BytesIO()
    tables = []
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for number, table in sorted(room.tables.items()):
            entry: dict[str, Any] = {"table": number, "started": table.started,
                                     "students": [{"student": s, "name": room.students[s].name} for s in table.seats
                                                  if s is not None and s in room.students]}
            if table.game_id is not None:
                entry.update(_table_game(service, archive, table.game_id, number, width))
                entry["game_seats"] = {str(student): seat for student, seat in sorted(table.game_seats.items())}
            tables.append(entry)
        archive.writestr("room.json", json.dumps(_room_entry(room, tables), indent=2, ensure_ascii=False) + "\n")
    return buffer.getvalue()


def _table_game(service: GameService, archive: zipfile.ZipFile, game_id: uuid.UUID, number: int, width: int) -> dict[str, Any]:
    """Write the table's game's two files; what ``room.json`` says of it."""
    game = service.game(game_id)
    about = summary(game, OWNER)
    stem = f"table-{number:0{width}d}-{slug(list(game.seats))}"
    archive.writestr(f"{stem}.ndjson", export(service, game_id, OWNER, "ndjson"))
    archive.writestr(f"{stem}.md", export(service, game_id, OWNER, "md"))
    return {"game_id": str(game_id), "game_name": about["name"], "seats": about["seats"], "status": about["status"],
            "outcome": about["outcome"], "version": about["version"],
            "files": {"ndjson": f"{stem}.ndjson", "diary": f"{stem}.md"}}


def _room_entry(room: Room, tables: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": FORMAT, "format_version": FORMAT_VERSION,
        "code": room.code, "name": room.name, **settings(room), "options": room.options, "closed": room.closed,
        "students": [{"student": s.number, "name": s.name, "table": s.table, "seat": s.seat}
                     for s in sorted(room.students.values(), key=lambda s: s.number)],
        "tables": tables,
    }
