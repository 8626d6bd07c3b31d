"""Notes on a game's events from the CLI: ``note`` writes, edits or withdraws one, ``notes`` lists them.

Like every local command, these act as the game's owner unless ``--as SEAT`` names a seat; who may see,
edit and withdraw which note is the domain's rule (``domain.keeping.notes``). A refused note (``InvalidNote``,
``UnknownNote``, ``Forbidden``) is one line and exit 1, and nothing is written.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from cli.history import viewer_of
from cli.terminal import HELP, db_option, open_service


def _marks(given: tuple[str, ...]) -> list[str] | None:
    """``--mark c3 --mark "d4 e5"`` (commas and spaces separate too) as a list; ``None`` when no
    ``--mark`` was given; ``--mark ""`` alone is no marks (to clear them in an edit)."""
    if not given:
        return None
    return [mark for text in given for mark in text.replace(",", " ").split()]


def _text(text: str | None) -> str | None:
    """The note's text; ``-`` reads it from standard input (for a text of several lines)."""
    if text == "-":
        return sys.stdin.read()
    return text


@click.command(context_settings=HELP)
@click.argument("game")
@click.argument("text", required=False)
@click.option("--at", "at", type=int, metavar="N", help="The event the note is on (1 to the game's version).")
@click.option("--glyph", help='One of ! ? !! ?? !? ?! ("" for none).')
@click.option("--mark", "marks", multiple=True, metavar="SQUARE",
              help="A marked square or piece (c3, #7); repeat, or separate with commas.")
@click.option("--bookmark", metavar="NAME", help='Name the event: a jump target in replays ("" for none).')
@click.option("--private/--public", "private", default=None,
              help="Private: seen only by you and the game's owner. Default: public (an edit keeps it).")
@click.option("--as", "seat", help="Write as this seat (number or name); default: the owner.")
@click.option("--edit", "edit", type=int, metavar="ID", help="Change note ID instead: give only what changes.")
@click.option("--withdraw", "withdraw", type=int, metavar="ID", help="Withdraw note ID (its author or the owner).")
@db_option
def note(game: str, text: str | None, at: int | None, glyph: str | None, marks: tuple[str, ...], bookmark: str | None,
         private: bool | None, seat: str | None, edit: int | None, withdraw: int | None, db: str) -> None:
    """Write a note on one of a game's events: a comment, a glyph, marked squares, a bookmark; prints
    its id. TEXT '-' reads the text from standard input.

    \b
    Example:
      ludolog note 3f2a --at 12 "Why not c3?" --glyph '?!' --mark c3 --bookmark "the turn"
      ludolog note 3f2a --at 12 "My plan" --private --as Ben
      ludolog note 3f2a --edit 4 --glyph '??'
      ludolog note 3f2a --withdraw 4
    """
    if edit is not None and withdraw is not None:
        raise click.UsageError("give --edit ID or --withdraw ID, not both")
    given: dict[str, Any] = {"at": at, "text": _text(text), "glyph": glyph, "marks": _marks(marks), "bookmark": bookmark,
                             "visibility": None if private is None else "private" if private else "public"}
    if withdraw is not None and any(value is not None for value in given.values()):
        raise click.UsageError("--withdraw ID takes no TEXT and no other option but --as")
    if edit is None and withdraw is None:
        if at is None:
            raise click.UsageError("a new note needs --at N: the event it is on")
        if given["text"] is None:
            raise click.UsageError("a new note needs its TEXT")
    from domain.keeping.notebook import Notebook

    service = open_service(db)
    game_id = service.find_game(game)
    viewer = viewer_of(service, game_id, seat)
    notebook = Notebook(service)
    if withdraw is not None:
        notebook.withdraw(game_id, viewer, withdraw)
        click.echo(f"note {withdraw} withdrawn")
        return
    if edit is not None:
        written = notebook.edit(game_id, viewer, edit, {key: value for key, value in given.items() if value is not None})
    else:
        written = notebook.write(game_id, viewer, {key: value for key, value in given.items() if value is not None})
    click.echo(str(written.id))


@click.command(context_settings=HELP)
@click.argument("game")
@click.option("--as", "seat", help="The notes this seat (number or name) may see; default: all (the owner's).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list, each note as an object.")
@db_option
def notes(game: str, seat: str | None, as_json: bool, db: str) -> None:
    """List a game's notes, by event: id, event, author, glyph, text, marks, bookmark, (private).

    \b
    Example:
      ludolog notes 3f2a
      ludolog notes 3f2a --as Ben --json
    """
    from domain.keeping.notebook import Notebook
    from replays.terminal_notes import listing_line

    service = open_service(db)
    game_id = service.find_game(game)
    viewer = viewer_of(service, game_id, seat)
    found = Notebook(service).notes(game_id, viewer)
    if as_json:
        click.echo(json.dumps([item.to_data() for item in found], indent=2))
        return
    if not found:
        click.echo("No notes yet: write one with 'ludolog note GAME --at N TEXT'.")
    names = service.game(game_id).seats
    for item in found:
        click.echo(listing_line(item, names))
