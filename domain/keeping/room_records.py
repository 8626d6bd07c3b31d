"""The stored records of a room (``domain.keeping.rooms`` has the use cases): a class seated at tables from one code.

A ``Room`` holds what its teacher chose when opening it (the game or kit and its options, the seats a table has,
who fills a seat nobody took, when a table starts, how many students it takes), its code, the hash of the
teacher's token, and every change after: a student joined (the name, the hash of the device's token and of the
personal code shown once at joining), seated, moved, freed (back to waiting), removed, a new device asked to take a
student's place and was let in or refused, a table started (its game's id, and which student plays which seat), the
room closed. A ``RoomCode`` (its id derived from the code) says which room a code opens.

A device's token is the only proof of who a student is: a table's game is created with each student's device
token hash as that seat's token hash, and the teacher's token hash as its owner's, so one token plays the student's
seat and one token owns every table. No address and no token in the clear is stored.

Stored events and their fixed topics: ``ludolog:Room.Opened``, ``.Joined``, ``.Seated``, ``.Moved``, ``.Freed``,
``.Removed``, ``.Asked``, ``.LetIn``, ``.Refused``, ``.TableStarted``, ``.Closed``; ``ludolog:Room.Code.Created``.
Every event is a fact already checked by the use case: applying one never fails.
"""

from __future__ import annotations

import secrets
import unicodedata
import uuid
from dataclasses import dataclass, field
from typing import Any

from eventsourcing.domain import Aggregate

from domain.engine.errors import LudologError

_NAMESPACE = uuid.UUID("7c1e4a52-0d3b-4f6e-b9a8-31d5e2f7c604")

CODE_LETTERS = "ACDEFHJKMNPRTUVWXY"
"""The letters of a room code and of a personal code: capitals only, none that reads as a digit or as another
letter (no B/8, G/6, I/L/1, O/Q/0, S/5, Z/2)."""
CODE_LENGTH = 6
"""A room code's length: 18**6, about 34 million codes, typed on a phone in a few seconds."""


class UnknownRoom(LudologError, LookupError):
    """No room was opened with this code (404)."""

    kind = "unknown-room"


class RoomClosed(LudologError):
    """The teacher closed the room: no one new joins (410)."""

    kind = "room-closed"


class RoomRefused(LudologError):
    """A join or a teacher's change the room's state refuses (409): full, a name taken, a table started."""

    kind = "room-refused"


def new_code() -> str:
    """A fresh room code (or personal code): ``CODE_LENGTH`` letters of ``CODE_LETTERS``."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def typed_code(text: str) -> str:
    """A code as a person typed it, read kindly: case, spaces and dashes ignored (``kxm-pta`` is ``KXMPTA``)."""
    return "".join(char for char in text.upper() if char not in " -\t")


def name_key(name: str) -> str:
    """What two names are compared by: ``Ann`` and ``ann`` (and compatibility forms) are one name."""
    return unicodedata.normalize("NFKC", name).casefold()


@dataclass
class Student:
    """A student in a room: the name, the device's token hash, the personal code's hash, and where they sit
    (``table`` and ``seat`` both ``None``: waiting to be seated)."""

    number: int
    name: str
    device: str
    personal: str
    table: int | None = None
    seat: int | None = None


@dataclass
class Table:
    """A table: the student at each seat (``None``: nobody yet), and once started its game and the seats the
    game gave each student (the game's seat numbers may differ: an empty seat a bot took keeps its number, an
    empty seat nobody fills is left out)."""

    number: int
    seats: list[int | None]
    game_id: uuid.UUID | None = None
    game_seats: dict[int, int] = field(default_factory=dict)

    @property
    def started(self) -> bool:
        return self.game_id is not None


class RoomCode(Aggregate):
    """Which room a code opens; its id is derived from the code."""

    TOPIC = "ludolog:Room.Code"

    class Created(Aggregate.Created):
        TOPIC = "ludolog:Room.Code.Created"
        room_id: uuid.UUID

    def __init__(self, room_id: uuid.UUID) -> None:
        self.room_id = room_id

    @staticmethod
    def id_for(code: str) -> uuid.UUID:
        return uuid.uuid5(_NAMESPACE, f"room-code:{code}")

    @classmethod
    def for_code(cls, code: str, room_id: uuid.UUID) -> RoomCode:
        return cls._create(cls.Created, id=cls.id_for(code), room_id=room_id)


class Room(Aggregate):
    """A class's room: its teacher's choices, its students and its tables (see the module's docstring)."""

    TOPIC = "ludolog:Room"

    class Opened(Aggregate.Created):
        TOPIC = "ludolog:Room.Opened"
        code: str
        teacher: str
        name: str
        ruleset: str
        options: dict[str, Any]
        seats_per_table: int
        fill: dict[str, Any] | None
        start: str
        most_students: int

    class Event(Aggregate.Event):
        TOPIC = "ludolog:Room.Event"

    class Joined(Event):
        TOPIC = "ludolog:Room.Joined"
        student: int
        name: str
        device: str
        personal: str

        def apply(self, room: Room) -> None:
            room.students[self.student] = Student(self.student, self.name, self.device, self.personal)
            room.last_student = max(room.last_student, self.student)

    class Seated(Event):
        TOPIC = "ludolog:Room.Seated"
        student: int
        table: int
        seat: int

        def apply(self, room: Room) -> None:
            room.sit(self.student, self.table, self.seat)

    class Moved(Event):
        TOPIC = "ludolog:Room.Moved"
        student: int
        table: int
        seat: int

        def apply(self, room: Room) -> None:
            room.stand(self.student)
            room.sit(self.student, self.table, self.seat)

    class Freed(Event):
        TOPIC = "ludolog:Room.Freed"
        student: int

        def apply(self, room: Room) -> None:
            room.stand(self.student)

    class Removed(Event):
        TOPIC = "ludolog:Room.Removed"
        student: int

        def apply(self, room: Room) -> None:
            room.stand(self.student)
            gone = room.students.pop(self.student, None)
            if gone is not None:
                room.gone[gone.device] = "removed"
            for number, (student, device) in list(room.requests.items()):
                if student == self.student:  # a device asking for the place removed: answered by this
                    del room.requests[number]
                    room.gone[device] = "removed"

    class Asked(Event):
        """A new device asks to take a student's place (the teacher lets it in or refuses)."""

        TOPIC = "ludolog:Room.Asked"
        request: int
        student: int
        device: str

        def apply(self, room: Room) -> None:
            room.requests[self.request] = (self.student, self.device)
            room.last_request = max(room.last_request, self.request)

    class LetIn(Event):
        """A device takes a student's place (the teacher let it in, or it gave the personal code): the device it
        replaces is refused from now on."""

        TOPIC = "ludolog:Room.LetIn"
        student: int
        device: str
        request: int | None = None

        def apply(self, room: Room) -> None:
            room.gone[room.students[self.student].device] = "replaced"
            room.students[self.student].device = self.device
            for number, (student, device) in list(room.requests.items()):
                if student == self.student and number != self.request:  # other devices asking: answered by this
                    del room.requests[number]
                    room.gone[device] = "refused"
            room.requests.pop(self.request, None)

    class Refused(Event):
        TOPIC = "ludolog:Room.Refused"
        request: int

        def apply(self, room: Room) -> None:
            asked = room.requests.pop(self.request, None)
            if asked is not None:
                room.gone[asked[1]] = "refused"

    class TableStarted(Event):
        TOPIC = "ludolog:Room.TableStarted"
        table: int
        game_id: uuid.UUID
        game_seats: dict[str, int]  # student number (as text: JSON keys) -> seat in the game

        def apply(self, room: Room) -> None:
            table = room.tables[self.table]
            table.game_id = self.game_id
            table.game_seats = {int(student): seat for student, seat in self.game_seats.items()}

    class Closed(Event):
        TOPIC = "ludolog:Room.Closed"

        def apply(self, room: Room) -> None:
            room.closed = True

    def __init__(self, code: str, teacher: str, name: str, ruleset: str, options: dict[str, Any],
                 seats_per_table: int, fill: dict[str, Any] | None, start: str, most_students: int) -> None:
        self.code, self.teacher, self.name = code, teacher, name
        self.ruleset, self.options, self.seats_per_table = ruleset, dict(options), seats_per_table
        self.fill, self.start, self.most_students = fill, start, most_students
        self.students: dict[int, Student] = {}
        self.tables: dict[int, Table] = {}
        self.requests: dict[int, tuple[int, str]] = {}
        self.gone: dict[str, str] = {}  # a device hash no longer let in -> "removed", "replaced" or "refused"
        self.closed = False
        self.last_student = 0
        self.last_request = 0

    @classmethod
    def open(cls, code: str, teacher: str, name: str, ruleset: str, options: dict[str, Any], seats_per_table: int,
             fill: dict[str, Any] | None, start: str, most_students: int) -> Room:
        return cls._create(cls.Opened, id=uuid.uuid4(), code=code, teacher=teacher, name=name, ruleset=ruleset,
                           options=options, seats_per_table=seats_per_table, fill=fill, start=start,
                           most_students=most_students)

    # -- what the events do ------------------------------------------------------------------------

    def sit(self, student: int, table: int, seat: int) -> None:
        found = self.tables.setdefault(table, Table(table, [None] * self.seats_per_table))
        found.seats[seat - 1] = student
        self.students[student].table, self.students[student].seat = table, seat

    def stand(self, student: int) -> None:
        found = self.students.get(student)
        if found is None or found.table is None or found.seat is None:
            return
        table = self.tables[found.table]
        if not table.started:
            table.seats[found.seat - 1] = None
        found.table = found.seat = None

    # -- reading -------------------------------------------------------------------------------------

    def student_named(self, name: str) -> Student | None:
        key = name_key(name)
        return next((s for s in self.students.values() if name_key(s.name) == key), None)

    def student_with_device(self, device: str) -> Student | None:
        return next((s for s in self.students.values() if secrets.compare_digest(s.device, device)), None)

    def request_with_device(self, device: str) -> tuple[int, int] | None:
        """The pending request (its number, its student) this device made, or ``None``."""
        return next(((n, s) for n, (s, d) in self.requests.items() if secrets.compare_digest(d, device)), None)

    def next_student(self) -> int:
        """The next student's number (a removed student's is never given again)."""
        return self.last_student + 1

    def place_for_next(self) -> tuple[int, int]:
        """Where the next student sits: the first free seat of the first table not started, else a new table."""
        for number in sorted(self.tables):
            table = self.tables[number]
            if not table.started and None in table.seats:
                return number, table.seats.index(None) + 1
        return max(self.tables, default=0) + 1, 1

    def waiting_tables(self) -> list[Table]:
        """The tables not started with someone seated, in order."""
        return [t for _, t in sorted(self.tables.items()) if not t.started and any(s is not None for s in t.seats)]
