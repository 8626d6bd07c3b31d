"""A student joining a room (``Rooms.join``): the change it makes to the room, checked before any event.

In order: a device the room knows gets its place back (seated again if the teacher freed it); a device waiting
for the teacher keeps waiting; a name must follow the names' rules and not read as a seat or the owner; a name
already in the room is that student's: a new device takes the place with the student's personal code, or asks the
teacher (``ask``), never by the name alone; a new name joins an open room with room left, and is seated at the first
table not started with a free seat (starting it when the room starts tables as they fill).
"""

from __future__ import annotations

import hmac
from typing import TYPE_CHECKING, Any

from domain.engine.errors import InvalidSetup
from domain.engine.seating import name_problem, printable, role_problem
from domain.keeping.access import new_token, token_hash
from domain.keeping.room_records import (
    Room,
    RoomClosed,
    RoomRefused,
    new_code,
    typed_code,
)
from domain.keeping.room_tables import reseat_token, started_if_full

if TYPE_CHECKING:
    from collections.abc import Callable

    from domain.keeping.service import GameService


def joining_change(service: GameService, name: str | None, device: str | None, personal_code: str | None, ask: bool,
                   found: dict[str, Any]) -> Callable[[Room], list[Any]]:
    """The change ``Rooms._change`` applies; what it did is written into ``found``."""

    def change(room: Room) -> list[Any]:
        found.clear()
        if device is not None:
            digest = token_hash(device)
            known = room.student_with_device(digest)
            if known is not None:
                found.update(how="back", student=known)
                if known.table is None and not room.closed:
                    return _seat(service, room, known.number)
                return []
            if room.request_with_device(digest) is not None:
                found.update(how="asked")
                return []
        if name is None:
            raise InvalidSetup("give the name to join under")
        problem = name_problem(name) or role_problem(name, 0)
        if problem is not None:
            raise InvalidSetup(f"the name {printable(name)} {problem}")
        taken = room.student_named(name)
        if taken is not None:
            if personal_code is not None:
                if not hmac.compare_digest(token_hash(typed_code(personal_code)), taken.personal):
                    raise RoomRefused(f"that is not the personal code of {printable(taken.name)}: check it, or ask the teacher "
                                      "to let this device in")
                token = new_token()
                made = reseat_token(service, room, taken, token_hash(token))
                room.trigger_event(Room.LetIn, student=taken.number, device=token_hash(token))
                found.update(how="let-in", student=taken, device_token=token)
                return made
            if ask:
                token = new_token()
                room.trigger_event(Room.Asked, request=room.last_request + 1, student=taken.number, device=token_hash(token))
                found.update(how="asked", device_token=token)
                return []
            raise RoomRefused(f"someone in this room joined as {printable(taken.name)}: if that is you on a new device, give"
                              " your personal code or ask the teacher to let this device in; otherwise choose another name")
        if room.closed:
            raise RoomClosed("the teacher has closed this room: no one new joins it")
        if len(room.students) >= room.most_students:
            raise RoomRefused(f"the room is full: it takes {room.most_students} students; ask the teacher")
        token, personal = new_token(), new_code()
        number = room.next_student()
        room.trigger_event(Room.Joined, student=number, name=name, device=token_hash(token), personal=token_hash(personal))
        found.update(how="joined", student=room.students[number], device_token=token, personal_code=personal)
        return _seat(service, room, number)

    return change


def _seat(service: GameService, room: Room, student: int) -> list[Any]:
    table, seat = room.place_for_next()
    room.trigger_event(Room.Seated, student=student, table=table, seat=seat)
    return started_if_full(service, room, table)
