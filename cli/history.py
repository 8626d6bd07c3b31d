"""Commands over a game's history: ``log`` (one line per event, and under it each note on it the
viewer may see), ``audit`` (was it played by the rules?), ``export`` (NDJSON, JSON, CSV, a Markdown
design diary, an HTML replay) and ``import``."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from cli.terminal import HELP, db_option, open_service, write
from domain.engine.errors import LudologError

if TYPE_CHECKING:  # the engine and the replays are imported when a command runs: its help is quick
    from domain.keeping.notes import Note
    from domain.keeping.service import GameService, Viewer
    from replays.audit import Audit

FORMATS = ("ndjson", "json", "csv", "md", "html", "diary")
"""``replays.exports.MEDIA_TYPES``' formats, named here so that the help imports no replay module (a test
holds the two together)."""


def viewer_of(service: GameService, game_id: object, seat: str | None) -> Viewer:
    from domain.keeping.access import OWNER

    if seat is None:
        return OWNER
    return service.seat_number(service.game(game_id), seat)  # type: ignore[arg-type]


@click.command(context_settings=HELP)
@click.argument("game")
@click.option("--as", "seat", help="What this seat (number or name) may see; default: everything.")
@click.option("--from", "start", type=click.IntRange(min=1), default=1, show_default=True, help="First event number.")
@click.option("--to", "stop", type=click.IntRange(min=1), help="Last event number (default: the last).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per line, with the event's \"notes\" (a list).")
@db_option
def log(game: str, seat: str | None, start: int, stop: int | None, as_json: bool, db: str) -> None:
    """The game's events, one numbered line each: number, time, seat, what happened; under an event,
    each note on it that the viewer may see (✎ author glyph "text" [marks] ⚑ bookmark).

    \b
    Example:
      ludolog log 3f2a --from 30 --to 45
      ludolog log 3f2a --as Ben --json
    """
    from domain.keeping.notebook import Notebook
    from replays.terminal_notes import note_line, plain

    service = open_service(db)
    game_id = service.find_game(game)
    viewer = viewer_of(service, game_id, seat)
    stored = service.game(game_id)
    names = stored.seats
    if stop is not None and stop < start:
        raise click.ClickException(f"--to {stop} is before --from {start}: nothing to print")
    if start > stored.version:
        raise click.ClickException(f"the game has {stored.version} events; --from takes 1 to {stored.version}")
    limit = None if stop is None else max(0, stop - start + 1)
    on: dict[int, list[Note]] = {}
    for found in Notebook(service).notes(game_id, viewer):
        on.setdefault(found.at, []).append(found)
    for event in service.read_events(game_id, after=start - 1, limit=limit, viewer=viewer):
        if as_json:
            data = {**event.to_data(), "notes": [found.to_data() for found in on.get(event.number, [])]}
            click.echo(json.dumps(data, sort_keys=True))
            continue
        who = plain(names[event.seat - 1]) if event.seat else "-"
        click.echo(f"{event.number:>5}  {event.time:%Y-%m-%d %H:%M:%S %Z}  {who:<12}  {plain(event.sentence)}")
        for found in on.get(event.number, []):
            click.echo(f"       {note_line(found, names)}")


def parse_head(text: str | None) -> tuple[int, str] | None:
    """A receipt ``N:HASH`` (an event number and that event's chain hash) as a pair."""
    if text is None:
        return None
    number, sep, digest = text.strip().partition(":")
    digest = digest.strip().lower()
    if not sep or not number.isascii() or not number.isdigit() or int(number) < 1 \
            or len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
        raise click.ClickException(f"--head {text!r} is not N:HASH (an event number and its 64-hex-digit hash)")
    return int(number), digest


@click.command(context_settings=HELP)
@click.argument("game", required=False)
@click.option("--all", "every", is_flag=True, help="Audit every game in the store.")
@click.option("--head", "head", metavar="N:HASH",
              help="Also check a receipt kept from an answer: the game's event N has this chain hash.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per game: id, clean, events, problems, notes.")
@db_option
def audit(game: str | None, every: bool, head: str | None, as_json: bool, db: str) -> None:
    """Check a game's hash chain, its seed and every command against the rules; exit 1 at the first problem.

    \b
    Example:
      ludolog audit 3f2a
      ludolog audit 3f2a --head 54:9c1e...   (the head of a 201 answer or 'show --json')
      ludolog audit --all --json
    """
    receipt = parse_head(head)
    if every == (game is not None):
        raise click.UsageError("give a GAME or --all")
    if every and receipt is not None:
        raise click.ClickException("--head is one game's receipt: give a GAME, not --all")
    from replays.audit import audit as audit_game
    from replays.audit import audit_all

    service = open_service(db)
    if every:
        reports = audit_all(service)
    elif receipt is None:
        reports = [audit_game(service, service.find_game(game or ""))]
    else:
        reports = [audit_game(service, service.find_game(game or ""), head=receipt)]
    for report in reports:
        if as_json:
            click.echo(json.dumps({"id": str(report.game_id), "clean": report.clean, "events": report.events,
                                   "problems": report.problems, "notes": report.notes}))
        else:
            click.echo(_said(report, receipt))
    if any(not report.clean for report in reports):
        sys.exit(1)


def _said(report: Audit, receipt: tuple[int, str] | None = None) -> str:
    lines = [f"game {report.game_id}: " + ("clean" if report.clean else "NOT CLEAN")]
    if report.clean:
        lines[0] += f": {report.events} events, hash chain whole, seed matches its commitment, every command re-decided alike"
        if receipt is not None:
            lines[0] += f", event {receipt[0]} has the receipt's hash"
    lines += [f"  {problem}" for problem in report.problems]
    lines += [f"  note: {note}" for note in report.notes]
    return "\n".join(lines)


@click.command(context_settings=HELP)
@click.argument("game")
@click.option("--format", "form", type=click.Choice(FORMATS), required=True, help="What to write.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="The file to write (default: standard output).")
@click.option("--as", "seat", help="Only what this seat (number or name) may see; default: everything.")
@click.option("--review", "reviewing", is_flag=True, help="md and diary: add the game's review ('ludolog review') to the diary.")
@click.option("--budget", type=int, default=None, help="With --review: the search's simulations for each choice (default 100).")
@db_option
def export(game: str, form: str, output: Path | None, seat: str | None, reviewing: bool, budget: int | None, db: str) -> None:
    """Export a game: ndjson (lossless, importable), json, csv, md (a design diary with charts), html (a
    replay page), diary (the design diary as an HTML document).

    The owner's ndjson export of a fork, or of a game with forks, holds the whole family (each trunk,
    then its forks): 'ludolog import' re-creates them all.

    \b
    Example:
      ludolog export 3f2a --format md -o diary.md
      ludolog export 3f2a --format diary --review -o diary.html
      ludolog export 3f2a --format ndjson --as Ben > ben.ndjson
    """
    if budget is not None and not reviewing:
        raise click.UsageError("--budget is the review's: add --review")
    if output is not None and not output.parent.is_dir():
        raise click.ClickException(f"cannot write {output}: there is no folder {output.parent}")
    service = open_service(db)
    game_id = service.find_game(game)
    viewer = viewer_of(service, game_id, seat)
    try:
        text = _exported(service, game_id, viewer, form, output, _review_budget(reviewing, budget))
        if output is not None:
            write(output, text)  # whole or not at all: a full disk leaves no cut-off export
    except OSError as error:
        raise click.ClickException(f"cannot write {error.filename or output}: {error.strerror}") from None
    if output is None:
        click.echo(text, nl=False)
    else:
        click.echo(f"wrote {output}", err=True)


def _review_budget(reviewing: bool, budget: int | None) -> int | None:
    """The budget of the review a diary is to hold (the review's default without ``--budget``), or None."""
    if not reviewing:
        return None
    from domain.thinking.review import DEFAULT_BUDGET

    return DEFAULT_BUDGET if budget is None else budget


def _exported(service: GameService, game_id: Any, viewer: Viewer, form: str, output: Path | None, review_budget: int | None) -> str:
    """The export; a Markdown diary written to a file puts its charts in a folder beside it."""
    from replays.exports import export as export_game

    images = output.parent / f"{output.stem}-charts" if output is not None and form == "md" else None
    return export_game(service, game_id, viewer, form, images, review_budget)


@click.command("import", context_settings=HELP)
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@db_option
def import_(file: Path, db: str) -> None:
    """Re-create a game from an owner's NDJSON export (its id is kept); prints the id.

    The export of a game with a trunk or forks holds the whole family: every game is re-created, or
    none; their ids are printed a line each, each trunk before its forks.

    \b
    Example:
      ludolog import game.ndjson --db other.sqlite3
    """
    try:
        text = file.read_text(encoding="utf-8-sig")  # a byte order mark (a file saved on Windows) is not the export's
    except UnicodeDecodeError:
        raise click.ClickException(f"{file} is not an NDJSON export: it is not UTF-8 text") from None
    except OSError as error:
        raise click.ClickException(f"cannot read {file}: {error.strerror}") from None
    from replays import records

    service = open_service(db, create=True)
    try:
        game_ids = records.import_games(service, text)
    except LudologError:
        raise
    except (ValueError, KeyError, TypeError, AttributeError, IndexError) as error:
        # records.import_game names what it checks; anything else it meets is still a bad file
        raise click.ClickException(f"{file} is not an owner's NDJSON export of a game ({type(error).__name__}: {error})") from None
    click.echo("\n".join(str(game_id) for game_id in game_ids))
