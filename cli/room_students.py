"""``ludolog room``'s commands on one student (``cli.rooms`` has the others): move a student to another table,
free their seat, remove them, and let a new device in to a student's place or refuse it. A student is given by
their number or their name, as ``ludolog room show`` lists them; a new device's request by its number, or by the
name of the student whose place it asks for."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from cli.terminal import HELP, db_option, open_service, shown

if TYPE_CHECKING:
    from domain.keeping.room_records import Room, Student
    from domain.keeping.rooms import Rooms


def _rooms(db: str) -> Rooms:
    from domain.keeping.rooms import Rooms

    return Rooms(open_service(db))


def student_in(found: Room, given: str) -> Student:
    """The room's student by number (``2``) or name (``Ann``, any case); a line saying so when none is."""
    from domain.engine.seating import printable

    text = given.strip()
    student = found.students.get(int(text)) if text.isascii() and text.isdigit() and len(text) < 10 else None
    student = student or found.student_named(text)
    if student is None:
        raise click.ClickException(f"no student {printable(given)} is in room {found.code}: give a number or a name as "
                                   f"'ludolog room show {found.code}' lists them")
    return student


def request_in(found: Room, given: str) -> int:
    """A waiting request's number: the number given, or the one request waiting for the named student's place."""
    from domain.engine.seating import printable

    text = given.strip()
    if text.isascii() and text.isdigit() and len(text) < 10:
        return int(text)
    student = found.student_named(text)
    waiting = [n for n, (s, _) in sorted(found.requests.items()) if student is not None and s == student.number]
    if not waiting:
        raise click.ClickException(f"no device is waiting for {printable(given)}'s place in room {found.code}: "
                                   f"'ludolog room show {found.code}' lists the requests")
    if len(waiting) > 1:
        raise click.ClickException(f"{len(waiting)} devices ask for {printable(given)}'s place: give the request's number "
                                   f"({', '.join(map(str, waiting))})")
    return waiting[0]


def named(student: Student) -> str:
    return f"#{student.number} {student.name}"


@click.command("move", context_settings=HELP)
@click.argument("code")
@click.argument("student")
@click.option("--table", type=click.IntRange(min=1), default=None, metavar="N", help="The table to seat them at.")
@click.option("--new-table", is_flag=True, help="Seat them at a new table of their own.")
@db_option
def move(code: str, student: str, table: int | None, new_table: bool, db: str) -> None:
    """Seat STUDENT (a number or a name) at another table, before their own table starts or once its game is over.

    \b
    Example:
      ludolog room move KXMPTA Ann --table 2
      ludolog room move KXMPTA 7 --new-table
    """
    if (table is None) == (not new_table):
        raise click.UsageError("give one of --table N and --new-table")
    from domain.keeping.rooms import AT_THE_STORE

    rooms = _rooms(db)
    found = student_in(rooms.room(code), student)
    rooms.move(code, AT_THE_STORE, found.number, table)
    moved = rooms.room(code).students[found.number]
    click.echo(shown(f"Moved {named(found)} to table {moved.table}, seat {moved.seat}."))


@click.command("free", context_settings=HELP)
@click.argument("code")
@click.argument("student")
@db_option
def free(code: str, student: str, db: str) -> None:
    """Take STUDENT out of their seat: they wait, and their device's next join seats them again.

    \b
    Example:
      ludolog room free KXMPTA Ann
    """
    from domain.keeping.rooms import AT_THE_STORE

    rooms = _rooms(db)
    found = student_in(rooms.room(code), student)
    rooms.free(code, AT_THE_STORE, found.number)
    click.echo(shown(f"Freed {named(found)}: waiting for a seat; their device's next join seats them again."))


@click.command("remove", context_settings=HELP)
@click.argument("code")
@click.argument("student")
@db_option
def remove(code: str, student: str, db: str) -> None:
    """Take STUDENT out of the room: their device's token stops working (at a started table too) and the name is free.

    \b
    Example:
      ludolog room remove KXMPTA Ann
    """
    from domain.keeping.rooms import AT_THE_STORE

    rooms = _rooms(db)
    found = student_in(rooms.room(code), student)
    rooms.remove(code, AT_THE_STORE, found.number)
    click.echo(shown(f"Removed {named(found)} from the room: their device's token no longer works; the name is free again."))


@click.command("let-in", context_settings=HELP)
@click.argument("code")
@click.argument("request")
@db_option
def let_in(code: str, request: str, db: str) -> None:
    """Let the new device of REQUEST (its number, or the student's name) take the student's place.

    The student's old device stops working, in the room and at their table's game.

    \b
    Example:
      ludolog room let-in KXMPTA 1
      ludolog room let-in KXMPTA Ann
    """
    _answer(code, request, True, db)


@click.command("refuse", context_settings=HELP)
@click.argument("code")
@click.argument("request")
@db_option
def refuse(code: str, request: str, db: str) -> None:
    """Refuse the new device of REQUEST (its number, or the student's name): it gets no one's place.

    \b
    Example:
      ludolog room refuse KXMPTA 1
    """
    _answer(code, request, False, db)


def _answer(code: str, given: str, let: bool, db: str) -> None:
    from domain.keeping.rooms import AT_THE_STORE

    rooms = _rooms(db)
    found = rooms.room(code)
    number = request_in(found, given)
    asked = found.requests.get(number)
    rooms.answer(code, AT_THE_STORE, number, let)
    whose = named(found.students[asked[0]]) if asked is not None and asked[0] in found.students else "the student"
    if let:
        click.echo(shown(f"Let in request {number}: the new device has {whose}'s place; the old device no longer works."))
    else:
        click.echo(shown(f"Refused request {number}, a new device asking for {whose}'s place: it gets no one's place."))
