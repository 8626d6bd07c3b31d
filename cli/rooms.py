"""``ludolog room``: a whole class seated at tables from one short code (``domain.keeping.rooms``), from the
command line: open a room and print its code, its join link and the teacher's dashboard link (with the teacher's
token, shown once), show it, start its tables, close it, and download every table's games or the class's playtest
report (``room export``, ``room report``). The commands on one student (``move``, ``free``, ``remove``, ``let-in``,
``refuse``) are ``cli.room_students``'.

Whoever holds the store holds every room in it, as ``ludolog tokens`` issues any game's tokens: these commands act
as the room's teacher (``Rooms``' ``AT_THE_STORE``). The links begin as ``ludolog join-link``'s do: ``--url``, else
``LUDOLOG_PUBLIC_URL``, else the address the running ``ludolog serve`` recorded in the store.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
from typing import TYPE_CHECKING, Any

import click

from cli.joining import base_address, given_base
from cli.kits import is_kit_file, read_kit_file
from cli.room_students import free, let_in, move, refuse, remove
from cli.terminal import HELP, db_option, open_service, parse_option, shown, write
from domain.thinking.strategies import STRATEGIES

if TYPE_CHECKING:
    from domain.keeping.room_records import Room
    from domain.keeping.service import GameService

NOBODY = "nobody"
PACE_MS = 800
"""A filling bot's pace unless told (as ``POST /rooms`` has it)."""
FORMATS = ("md", "html", "json")


@click.group(context_settings=HELP)
def room() -> None:
    """Open a room that seats a whole class at tables from one short code, and run it.

    \b
    Example:
      ludolog room new missions --seats-per-table 3 --fill greedy --pace 800 -o room.svg
      ludolog room show KXMPTA
      ludolog room start KXMPTA
      ludolog room move KXMPTA Ann --table 2
      ludolog room export KXMPTA -o class.zip
      ludolog room report KXMPTA --format html -o report.html
    """


@room.command("new", context_settings=HELP)
@click.argument("game", metavar="RULESET|KIT")
@click.option("--seats-per-table", type=click.IntRange(1, 20), required=True, metavar="N", help="The seats of each table.")
@click.option("--fill", type=click.Choice([*STRATEGIES, NOBODY]), default=NOBODY, show_default=True,
              help="Who takes a seat nobody took when a table starts: a bot of this strategy, or nobody.")
@click.option("--budget", default=None, metavar="B", help="A searching filling bot's budget: simulations (300) or milliseconds (200ms).")
@click.option("--pace", "pace_ms", type=click.IntRange(0, 10_000), default=None, metavar="MS",
              help=f"Milliseconds a filling bot waits before each move (default {PACE_MS}).")
@click.option("--start", type=click.Choice(["full", "teacher"]), default="full", show_default=True,
              help="A table starts as soon as it is full, or when the teacher says go ('ludolog room start').")
@click.option("--most-students", type=click.IntRange(1, 300), default=60, show_default=True, metavar="N",
              help="The most students the room takes.")
@click.option("--name", default=None, help="What to call the room (default: the game's title and 'class').")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE", help="A ruleset option for every table; repeatable.")
@click.option("--url", default=None, help="The address students open (default: LUDOLOG_PUBLIC_URL, else the address the "
                                          "running 'ludolog serve' recorded in the store).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=pathlib.Path), default=None,
              help="Write the join link's QR code to this SVG file.")
@db_option
def new_room(game: str, seats_per_table: int, fill: str, budget: str | None, pace_ms: int | None, start: str,
             most_students: int, name: str | None, options: tuple[str, ...], url: str | None, output: pathlib.Path | None,
             db: str) -> None:
    """Open a room for RULESET (or a kit) and print its code, its join link and the teacher's dashboard link.

    RULESET may be a kit file or a kit on the shelf of the store, as 'ludolog new' takes one. Students open the
    link (or type the code in the lobby), give a name and are seated at the next table with room. The dashboard
    link holds the teacher's token: it is shown once.

    \b
    Example:
      ludolog room new missions --seats-per-table 3 --fill greedy --pace 800 -o room.svg
      ludolog room new correction --seats-per-table 2 --start teacher --name "Year 9, Tuesday"
      ludolog room new snakes.yaml --seats-per-table 4 --fill nobody
    """
    if fill == NOBODY and (budget is not None or pace_ms is not None):
        raise click.UsageError("--budget and --pace are a filling bot's: give --fill STRATEGY with them")
    if output is not None and (output.is_dir() or not output.parent.is_dir()):
        raise click.ClickException(f"cannot write {output}: {'it is a folder' if output.is_dir() else f'there is no folder {output.parent}'}")
    parsed = dict(parse_option(text) for text in options)
    ruleset = game
    if is_kit_file(game):
        ruleset, parsed = "table-kit", {**parsed, "kit": read_kit_file(game)}
    filling = None if fill == NOBODY else {"strategy": fill, "pace_ms": PACE_MS if pace_ms is None else pace_ms,
                                           **({"budget": budget} if budget is not None else {})}
    given_base(url)  # --url checked before the store is opened: a bad one changes nothing
    service = open_service(db, create=True)
    base = base_address(url, service)
    from domain.keeping.rooms import Rooms

    opened, teacher = Rooms(service).open(ruleset, parsed, seats_per_table, filling, start, most_students, name)
    link = f"{base}#/room/{opened.code}"
    click.echo(f"Room code: {opened.code}")
    click.echo(shown(f"Room: {opened.name} ({settings_line(opened)})"))
    click.echo(f"Join link: {link}")
    click.echo(f"Teacher's dashboard (shown once: the link holds the teacher's token): {base}#/room/{opened.code}/teacher/{teacher}")
    if output is not None:
        from api.joining import qr_svg

        write(output, qr_svg(link))
        click.echo(f"QR code written to {click.format_filename(output)}", err=True)


def settings_line(found: Room) -> str:
    """The room's game, tables, filling and start in words."""
    from domain.engine import registry

    fill = found.fill
    bots = "nobody fills an empty seat" if fill is None else (
        f"{fill['strategy']} bots fill the empty seats" + (f" ({fill['budget']})" if fill.get("budget") else "")
        + f", {fill['pace_ms']} ms a move")
    begins = "a table starts when full" if found.start == "full" else "tables start when the teacher says go"
    title = registry.get(found.ruleset).game_title(found.options)
    return f"{title}, {found.seats_per_table} seats a table; {bots}; {begins}; {len(found.students)} of {found.most_students} students"


@room.command("show", context_settings=HELP)
@click.argument("code")
@db_option
def show_room(code: str, db: str) -> None:
    """Show a room: its tables, who sits where, each table's game, who waits and the devices asking to come in.

    \b
    Example:
      ludolog room show KXMPTA
    """
    from domain.keeping.rooms import Rooms

    service = open_service(db)
    found = Rooms(service).room(code)
    click.echo(shown(f"Room {found.code}: {found.name}, {'closed' if found.closed else 'open'}"))
    click.echo(shown(settings_line(found)))
    with contextlib.suppress(click.ClickException):  # a link when an address is known; the code alone does too
        click.echo(f"Join link: {base_address(None, service)}#/room/{found.code}")
    for number in sorted(found.tables):
        click.echo(shown("\n".join(table_lines(service, found, number))))
    waiting = [s for s in sorted(found.students.values(), key=lambda s: s.number) if s.table is None]
    if waiting:
        click.echo(shown("Waiting for a seat: " + ", ".join(f"#{s.number} {s.name}" for s in waiting)))
    for request, (student, _) in sorted(found.requests.items()):
        asked = found.students.get(student)
        if asked is not None:
            click.echo(shown(f"Request {request}: a new device asks for #{student} {asked.name}'s place "
                             f"(ludolog room let-in {found.code} {request}, or room refuse)"))
    if not found.students:
        click.echo("No student has joined yet.")


def table_lines(service: GameService, found: Room, number: int) -> list[str]:
    """A table, a line for it and one for each seat: the students waiting for it to start, or its game's seats."""
    table = found.tables[number]
    if table.game_id is None:
        seats = [f"  seat {n}  " + (f"#{s} {found.students[s].name}" if s is not None and s in found.students else "(empty)")
                 for n, s in enumerate(table.seats, 1)]
        return [f"Table {number}: waiting to start", *seats]
    game = service.game(table.game_id)
    students = {seat: student for student, seat in table.game_seats.items()}
    outcome = game.outcome()
    if outcome is None:
        state = "playing; to act: " + (", ".join(game.seats[s - 1] for s in game.to_act()) or "nobody")
    elif outcome.ended_by == "abort":
        state = "aborted, with no result"
    else:
        state = f"over; {' and '.join(game.seats[s - 1] for s in outcome.winners) or 'nobody'} won: {outcome.reason}"
    seats = []
    for seat, name in enumerate(game.seats, 1):
        player = game.player(seat)
        who = f"#{students[seat]} " if seat in students else ""
        bot = f" ({player['strategy']} bot)" if player["kind"] == "bot" else ""
        gone = " (removed)" if seat in students and students[seat] not in found.students else ""
        seats.append(f"  seat {seat}  {who}{name}{bot}{gone}")
    return [f"Table {number}: game {str(table.game_id)[:8]}, {state}", *seats]


@room.command("start", context_settings=HELP)
@click.argument("code")
@db_option
def start_room(code: str, db: str) -> None:
    """Start every table waiting with someone seated, its empty seats to the room's bots.

    \b
    Example:
      ludolog room start KXMPTA
    """
    from domain.keeping.rooms import AT_THE_STORE, Rooms

    rooms = Rooms(open_service(db))
    before = {table.number for table in rooms.room(code).waiting_tables()}
    waiting = dict(rooms.start(code, AT_THE_STORE))
    after = rooms.room(code)
    for number in sorted(before - set(waiting)):
        names = [after.students[s].name for s in after.tables[number].seats if s is not None and s in after.students]
        click.echo(shown(f"Table {number} started: {', '.join(names)}."))
    for number, reason in sorted(waiting.items()):
        click.echo(f"Table {number} waits: {reason}.")
    if not before:
        click.echo("No table was waiting with someone seated.")


@room.command("close", context_settings=HELP)
@click.argument("code")
@db_option
def close_room(code: str, db: str) -> None:
    """Close a room: no one new joins; the students in it keep their places and may come back.

    \b
    Example:
      ludolog room close KXMPTA
    """
    from domain.keeping.rooms import AT_THE_STORE, Rooms

    rooms = Rooms(open_service(db))
    rooms.close(code, AT_THE_STORE)
    click.echo(f"Room {rooms.room(code).code} is closed: no one new joins; the students in it keep their places.")


@room.command("export", context_settings=HELP)
@click.argument("code")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=pathlib.Path), required=True,
              help="The zip file to write.")
@db_option
def export_room(code: str, output: pathlib.Path, db: str) -> None:
    """Write every started table's game (its NDJSON export and its diary) and room.json in one zip.

    \b
    Example:
      ludolog room export KXMPTA -o class.zip
    """
    from domain.keeping.rooms import AT_THE_STORE, Rooms
    from replays.room_archive import room_archive

    if not output.parent.is_dir():
        raise click.ClickException(f"cannot write {output}: there is no folder {output.parent}")
    service = open_service(db)
    found = Rooms(service).teacher(code, AT_THE_STORE)
    write_bytes(output, room_archive(service, found))
    started = sum(1 for table in found.tables.values() if table.started)
    games = "1 table's game" if started == 1 else f"{started} tables' games"
    click.echo(f"wrote {click.format_filename(output)} ({games} and room.json)", err=True)


@room.command("report", context_settings=HELP)
@click.argument("code")
@click.option("--format", "form", type=click.Choice(FORMATS), default="md", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=pathlib.Path), help="Write it here (default: print it).")
@click.option("--bot-games", type=click.IntRange(0, 100_000), default=200, show_default=True,
              help="The bot study's games beside the class's (0: none).")
@click.option("--bot", type=click.Choice(STRATEGIES), default=None,
              help="The bot in every seat of the study (default: the room's filling bot, greedy for a searching one, random for none).")
@click.option("--workers", type=click.IntRange(1, 512), default=None, help="Processes playing the bot games (default: every core).")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@db_option
def report_room(code: str, form: str, output: pathlib.Path | None, bot_games: int, bot: str | None, workers: int | None, quiet: bool,
                db: str) -> None:
    """The class's finished games as a balance report, beside a bot study of the same rules and options.

    \b
    Example:
      ludolog room report KXMPTA
      ludolog room report KXMPTA --format html -o report.html --bot-games 400
      ludolog room report KXMPTA --bot search --bot-games 40
    """
    from cli.balance_runs import default_workers, run_games
    from domain.keeping.rooms import AT_THE_STORE, Rooms
    from replays import room_report_text
    from replays.room_report import room_report

    if output is not None and not output.parent.is_dir():
        raise click.ClickException(f"cannot write {output}: there is no folder {output.parent}")
    service = open_service(db)
    found = Rooms(service).teacher(code, AT_THE_STORE)
    cores = workers or default_workers()
    figures = room_report(service, found, bot_games, play=lambda tasks: run_games(tasks, cores, None, "bot games", quiet), bot=bot)
    writer: Any = {"md": room_report_text.to_markdown, "html": room_report_text.to_html, "json": room_report_text.to_json}[form]
    text = writer(figures)
    if output is None:
        click.echo(text, nl=False)
        return
    write(output, text)
    click.echo(f"wrote {click.format_filename(output)}", err=True)


def write_bytes(path: pathlib.Path, data: bytes) -> None:
    """Write the file whole or not at all (as ``cli.terminal.write`` writes text)."""
    partial = path.with_name(f".{path.name}.partial")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial.write_bytes(data)
        os.replace(partial, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        raise click.ClickException(f"cannot write {path}: {error.strerror}") from None


for command in (move, free, remove, let_in, refuse):
    room.add_command(command)
