"""Rooms: a whole class seated at tables from one short code (the records are ``domain.keeping.room_records``).

A teacher opens a room for a game or kit and its options, the seats a table has, who fills a seat nobody took (a
bot of a strategy and pace, or nobody) and when a table starts (as soon as it is full, or when the teacher says go),
and gets its code and a teacher's token (shown once; its hash is the owner's token hash of every table's game).
A student gives the code and a name and is seated at the first table not started with a free seat, else at a new
one; the device gets a token (the seat's token once the table's game exists: one token for the whole lesson) and a
personal code, both shown once.

**Coming back.** The same device (its token) joining again gets its place back, never a second one; a student
the teacher freed is seated again. A new device gets a student's place only with the student's personal code, or
by asking the teacher, who lets it in or refuses from the dashboard: never by a name alone. Either way the old
device's token stops working, in the room and at the table's game.

**Tables.** A table starts with its students as the game's seats, in seat order, named as they joined; its empty
seats go to bots when the room fills with bots, else are left out (when the game can be played by fewer; otherwise
the table waits). A started table's seats stay as they started: a student there may be removed (the seat's token
dies) or let in from a new device, but is moved or freed only once the game is over.

Every change is one event on the room, saved with the games and tokens it creates in one transaction; two writers
at once (two worker processes): the later one reads again and tries again.
"""

from __future__ import annotations

import hmac
import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from eventsourcing.persistence import IntegrityError

from domain.engine import registry
from domain.engine.errors import (
    Forbidden,
    InvalidSetup,
    Unauthorized,
    UnknownGame,
    VersionConflict,
)
from domain.engine.seating import GAME_NAME_LENGTH, printable, text_problem
from domain.keeping.access import new_token, token_hash
from domain.keeping.room_joining import joining_change
from domain.keeping.room_records import (
    CODE_LENGTH,
    Room,
    RoomClosed,
    RoomCode,
    RoomRefused,
    Student,
    UnknownRoom,
    new_code,
    typed_code,
)
from domain.keeping.room_tables import (
    checked_fill,
    free_seat,
    reseat_token,
    start_table,
    started_if_full,
    table_problem,
)

__all__ = ["AT_THE_STORE", "Entry", "RoomClosed", "RoomRefused", "Rooms", "UnknownRoom"]

if TYPE_CHECKING:
    from domain.keeping.service import GameService

RETRIES = 40
"""How many times a change is tried again when another writer saved the room first (a class joining at once)."""
STARTS = ("full", "teacher")
MOST_STUDENTS = 300
ROOM_NAME_LENGTH = GAME_NAME_LENGTH - len(" · table 100")
AT_THE_STORE: Any = object()
"""What the command line passes as the teacher's token: whoever holds the store holds every room in it (as
``ludolog tokens`` issues any game's tokens)."""


@dataclass(frozen=True)
class Entry:
    """What joining answered: ``how`` is ``"joined"`` (a new student), ``"back"`` (this device's place),
    ``"let-in"`` (a new device, by the personal code) or ``"asked"`` (waiting for the teacher). The device token
    and personal code are in the clear only when new (``None`` otherwise)."""

    how: str
    room: Room
    student: Student | None
    device_token: str | None
    personal_code: str | None = None


class Rooms:
    """The rooms' use cases on a ``GameService``'s store."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    # -- the teacher ------------------------------------------------------------------------------

    def open(self, ruleset: str, options: dict[str, Any] | None = None, seats_per_table: int = 2,
             fill: dict[str, Any] | None = None, start: str = "full", most_students: int = 60,
             name: str | None = None) -> tuple[Room, str]:
        """A new room and the teacher's token (in the clear, once)."""
        from domain.keeping.kit_shelf import KitShelf

        if start not in STARTS:
            raise InvalidSetup(f"a room's tables start when full or when the teacher says go ({' or '.join(STARTS)}), not {start!r}")
        if not isinstance(most_students, int) or not 1 <= most_students <= MOST_STUDENTS:
            raise InvalidSetup(f"a room takes 1 to {MOST_STUDENTS} students, not {most_students!r}")
        if not isinstance(seats_per_table, int) or isinstance(seats_per_table, bool):
            raise InvalidSetup(f"seats per table is a whole number, not {seats_per_table!r}")
        ruleset, options, _ = KitShelf(self.service).game_setup(ruleset, options, None)
        registry.get(ruleset).check_seat_count(seats_per_table)
        trial = self.service._start(ruleset, [f"Seat {n}" for n in range(1, seats_per_table + 1)], options, None)
        resolved = trial.options
        name = (name or "").strip() or f"{trial.rules.game_title(resolved)} class"
        problem = text_problem(name, ROOM_NAME_LENGTH)
        if problem is not None:
            raise InvalidSetup(f"the room's name {printable(name)} {problem}")
        fill = None if fill is None else checked_fill(fill, seats_per_table)
        teacher = new_token()
        for _ in range(RETRIES):
            code = new_code()
            room = Room.open(code, token_hash(teacher), name, ruleset, resolved, seats_per_table, fill, start, most_students)
            try:
                self.service._save(room, RoomCode.for_code(code, room.id), what="the new room")
            except IntegrityError:
                continue  # the code was taken: draw another
            return room, teacher
        raise VersionConflict("no free room code was found: try again")

    def teacher(self, code: str, token: str | None) -> Room:
        """The room, when ``token`` is its teacher's (401 without one, 403 with another)."""
        room = self.room(code)
        if token is AT_THE_STORE:
            return room
        if token is None:
            raise Unauthorized("this is the teacher's: send the room's teacher token")
        if not hmac.compare_digest(token_hash(token), room.teacher):
            raise Forbidden("the token is not this room's teacher token")
        return room

    def start(self, code: str, token: str) -> list[tuple[int, str]]:
        """Start every table waiting with someone seated; the tables that cannot start yet, and why."""
        self.teacher(code, token)
        waiting: list[tuple[int, str]] = []

        def change(room: Room) -> list[Any]:
            waiting.clear()
            made: list[Any] = []
            for table in room.waiting_tables():
                problem = table_problem(room, table)
                if problem is None:
                    made += start_table(self.service, room, table)
                else:
                    waiting.append((table.number, problem))
            return made

        self._change(code, change)
        return waiting

    def close(self, code: str, token: str) -> None:
        """No one new joins; students already in keep their places and may come back."""
        self.teacher(code, token)

        def change(room: Room) -> list[Any]:
            if not room.closed:
                room.trigger_event(Room.Closed)
            return []

        self._change(code, change)

    def move(self, code: str, token: str, student: int, table: int | None) -> None:
        """Seat a student at another table (``None``: a new one), the student's own table not started or over."""
        self.teacher(code, token)

        def change(room: Room) -> list[Any]:
            found = self._student(room, student)
            self._may_leave(room, found)
            if table is None:
                target, seat = max(room.tables, default=0) + 1, 1
            else:
                target, seat = table, free_seat(room, table)
            room.trigger_event(Room.Moved, student=found.number, table=target, seat=seat)
            return started_if_full(self.service, room, target)

        self._change(code, change)

    def free(self, code: str, token: str, student: int) -> None:
        """Take a student out of their seat (back to waiting: their device's next join seats them again)."""
        self.teacher(code, token)

        def change(room: Room) -> list[Any]:
            found = self._student(room, student)
            if found.table is not None:
                self._may_leave(room, found)
                room.trigger_event(Room.Freed, student=found.number)
            return []

        self._change(code, change)

    def remove(self, code: str, token: str, student: int) -> None:
        """Take a student out of the room: the name is free again and the device's token stops working (at a
        started table too: the seat is then nobody's)."""
        self.teacher(code, token)

        def change(room: Room) -> list[Any]:
            found = self._student(room, student)
            made = reseat_token(self.service, room, found, token_hash(new_token()))
            room.trigger_event(Room.Removed, student=found.number)
            return made

        self._change(code, change)

    def answer(self, code: str, token: str, request: int, let_in: bool) -> None:
        """Let a new device in to a student's place (the old device's token stops working), or refuse it."""
        self.teacher(code, token)

        def change(room: Room) -> list[Any]:
            asked = room.requests.get(request)
            if asked is None:
                raise RoomRefused(f"no device is waiting under request {request}: it was answered, or never made")
            if not let_in:
                room.trigger_event(Room.Refused, request=request)
                return []
            student, device = asked
            made = reseat_token(self.service, room, room.students[student], device)
            room.trigger_event(Room.LetIn, student=student, device=device, request=request)
            return made

        self._change(code, change)

    # -- the students ----------------------------------------------------------------------------------

    def join(self, code: str, name: str | None, device: str | None = None, personal_code: str | None = None,
             ask: bool = False) -> Entry:
        """Join the room (see the module's docstring): this device's place if it has one, else a new student, or a
        student's place by the personal code, or a request to the teacher."""
        found: dict[str, Any] = {}
        room = self._change(code, joining_change(self.service, name, device, personal_code, ask, found))
        return Entry(found["how"], room, found.get("student"), found.get("device_token"), found.get("personal_code"))

    def device(self, code: str, device: str) -> tuple[Room, Student | None, str]:
        """The room as this device stands in it: its student (or ``None``) and a word for where it is
        (``"seated"``, ``"waiting"``, ``"asked"``, ``"removed"``, ``"replaced"``, ``"refused"``)."""
        room = self.room(code)
        digest = token_hash(device)
        student = room.student_with_device(digest)
        if student is not None:
            return room, student, "waiting" if student.table is None else "seated"
        if room.request_with_device(digest) is not None:
            return room, None, "asked"
        gone = room.gone.get(digest)
        if gone is None:
            raise Unauthorized("this device's token is not one of this room's: join with the room's code")
        return room, None, gone

    # -- reading and writing ----------------------------------------------------------------------------

    def room(self, code: str) -> Room:
        """The room a code (as typed) opens."""
        typed = typed_code(code) if isinstance(code, str) else ""
        if len(typed) != CODE_LENGTH or not typed.isalpha():
            raise UnknownRoom(f"a room code is {CODE_LENGTH} letters, like KXMPTA: check the code and type it again")
        try:
            found = self.service._get(RoomCode.id_for(typed))
            room = self.service._get(found.room_id) if isinstance(found, RoomCode) else None
        except UnknownGame:
            room = None
        if not isinstance(room, Room):
            raise UnknownRoom(f"no room has the code {typed}: check the code on the board and type it again")
        return room

    def _change(self, code: str, change: Any) -> Room:
        """Apply ``change`` to the room and save it with what it returns (games, tokens) in one transaction; another
        writer first: read again and try again."""
        for _ in range(RETRIES):
            room = self.room(code)
            beside = change(room)
            try:
                self.service._save(room, *beside, what="the room's change")
            except IntegrityError:
                continue
            for made in beside:
                if type(made).__name__ == "Game":
                    self.service.schedule_bot_seat(made)
            return room
        raise VersionConflict("the room kept changing (many joining at once): try again")

    def _student(self, room: Room, number: int) -> Student:
        found = room.students.get(number)
        if found is None:
            raise RoomRefused(f"no student {number} is in this room: they were removed, or never joined")
        return found

    def _may_leave(self, room: Room, student: Student) -> None:
        table = room.tables.get(student.table) if student.table is not None else None
        if table is not None and table.started and not _game_over(self.service, table.game_id):
            raise RoomRefused(f"table {table.number} is playing, {printable(student.name)} at it: move or free them once its game"
                              " is over, or remove them (their seat is then nobody's)")


def _game_over(service: GameService, game_id: uuid.UUID | None) -> bool:
    return game_id is not None and service.game(game_id).outcome() is not None
