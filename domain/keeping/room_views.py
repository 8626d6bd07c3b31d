"""What each person sees of a room (``domain.keeping.rooms``): the projector, a student's device, the teacher.

- ``public_view``: what anyone holding the code sees (the projector page, the lobby): the room's name and game,
  whether it is open, and every table with the names seated at it and whether it plays, and who waits. Names only:
  no token, no personal code, no game secret.
- ``device_view``: what one device sees of itself: its name, where it is (seated, waiting, waiting for the
  teacher, removed, replaced by a new device, refused), its table and, once the table plays, its game and seat.
- ``dashboard_view``: the teacher's: every student with their number (for moving, freeing, removing), every
  request from a new device, every table with its game's summary (whose turn, when it last moved, how it ended).
"""

from __future__ import annotations

import uuid
from typing import Any

from domain.engine import registry
from domain.keeping.room_records import Room, Student, Table

WHERE = {
    "seated": "You are seated: your table starts when it is full or when the teacher says go.",
    "playing": "Your table is playing.",
    "waiting": "The teacher took you out of your seat: join again to sit at the next table with room.",
    "asked": "Waiting for the teacher to let this device in.",
    "removed": "The teacher removed you from this room: join again with a name to come back.",
    "replaced": "Your place was given to another device (by your personal code or the teacher): this device no "
                "longer plays it. Join again with your personal code to take it back here.",
    "refused": "The teacher did not let this device in: ask them, or join with your personal code.",
}
"""What a device's page says for each place it may be in."""


def settings(room: Room) -> dict[str, Any]:
    """The teacher's choices, as anyone may read them."""
    return {"ruleset": room.ruleset, "title": registry.get(room.ruleset).game_title(room.options),
            "seats_per_table": room.seats_per_table, "start": room.start,
            "fill": None if room.fill is None else dict(room.fill), "most_students": room.most_students}


def public_view(room: Room) -> dict[str, Any]:
    """The room as its code's holder sees it (see the module's docstring)."""
    return {
        "code": room.code,
        "name": room.name,
        "open": not room.closed,
        **settings(room),
        "students": len(room.students),
        "tables": [_public_table(room, table) for _, table in sorted(room.tables.items())],
        "waiting": [s.name for s in sorted(room.students.values(), key=lambda s: s.number) if s.table is None],
    }


def device_view(room: Room, student: Student | None, where: str) -> dict[str, Any]:
    """What a device sees of itself (``where`` from ``Rooms.device``)."""
    table = room.tables.get(student.table) if student is not None and student.table is not None else None
    if table is not None and table.started:
        where = "playing"
    body: dict[str, Any] = {"code": room.code, "room": room.name, "where": where, "message": WHERE[where],
                            "name": None if student is None else student.name, "student": None if student is None else student.number,
                            "table": None if table is None else table.number, "seat": None, "game_id": None,
                            "tablemates": []}
    if table is not None and student is not None:
        body["tablemates"] = [room.students[s].name for s in table.seats if s is not None and s != student.number]
        if table.started:
            body["game_id"], body["seat"] = str(table.game_id), table.game_seats.get(student.number)
    return body


def dashboard_view(room: Room, games: dict[uuid.UUID, dict[str, Any]], thinking: dict[uuid.UUID, Any]) -> dict[str, Any]:
    """The teacher's view: ``games`` the tables' game summaries by id (``domain.engine.viewing.summary``),
    ``thinking`` what a bot seat to act is doing, by game id."""
    tables = []
    for _, table in sorted(room.tables.items()):
        entry = _public_table(room, table)
        entry["students"] = [{"student": s, "name": room.students[s].name} for s in table.seats if s is not None and s in room.students]
        found = games.get(table.game_id) if table.game_id is not None else None
        if found is not None:
            entry["game"] = {key: found[key] for key in ("id", "name", "status", "to_act", "outcome", "version", "updated", "seats")}
            entry["game"]["bot_thinking"] = thinking.get(table.game_id)
        tables.append(entry)
    return {
        **public_view(room),
        "tables": tables,
        "roster": [{"student": s.number, "name": s.name, "table": s.table,
                    "playing": s.table is not None and room.tables[s.table].started}
                   for s in sorted(room.students.values(), key=lambda s: s.number)],
        "requests": [{"request": number, "student": student, "name": room.students[student].name}
                     for number, (student, _) in sorted(room.requests.items()) if student in room.students],
    }


def table_games(room: Room) -> list[tuple[int, uuid.UUID]]:
    """Every started table's number and game id, in table order."""
    return [(number, table.game_id) for number, table in sorted(room.tables.items()) if table.game_id is not None]


def _public_table(room: Room, table: Table) -> dict[str, Any]:
    return {"table": table.number, "started": table.started, "game_id": None if table.game_id is None else str(table.game_id),
            "names": [room.students[s].name if s is not None and s in room.students else None for s in table.seats]}
