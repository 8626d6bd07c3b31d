"""``ludolog replay``: step through a stored game at the terminal, as the owner or as one seat knew it.

At a terminal the screen is redrawn after each key: → ``n`` or space next, ← or ``p`` back, ``g`` and
a number (then Enter) to go to a step, Home/End (or ``<``/``>``) to the first or last step, ``/`` and
a text (then Enter) to the next event whose sentence holds it, ``t`` to the next turn's first event,
``]``/``[`` to the next/previous step with a note, ``}``/``{`` to the next/previous bookmark, ``b``
and a bookmark's name (then Enter) to that bookmark, ``k``/``K`` to the next/previous key moment of the
game's review (``--review``), ``q`` to quit. ``--with-trunk`` replays a fork after the steps of the game it
was forked from. Each screen shows the notes on
its step that the viewer may see (a seat: the public ones and its own), and the help the bookmarks.
Piped (stdin or stdout not a terminal), every step from ``--at`` to the end is printed
in order, screens separated by a rule, and nothing is read.

The keys are handled by ``Session`` (no terminal needed, so tests drive it with simulated keys); the
command only reads keys, clears the screen and prints.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import click

from cli.terminal import HELP, db_option, open_service, shown
from domain.engine.errors import LudologError

if TYPE_CHECKING:  # the engine and the replays are imported when the command runs: its help is quick
    import uuid

    from domain.keeping.notes import Note
    from domain.keeping.service import GameService, Viewer
    from replays.cursor import Cursor

NEXT = frozenset({"\x1b[C", "\x1bOC", "\xe0M", "\x00M", "n", " "})
PREVIOUS = frozenset({"\x1b[D", "\x1bOD", "\xe0K", "\x00K", "p"})
FIRST = frozenset({"\x1b[H", "\x1bOH", "\x1b[1~", "\x1b[7~", "\xe0G", "\x00G", "<"})
LAST = frozenset({"\x1b[F", "\x1bOF", "\x1b[4~", "\x1b[8~", "\xe0O", "\x00O", ">"})
QUIT = frozenset({"q", "Q", "\x03", "\x04"})

ReadLine = Callable[[str], str]
"""Reads one line typed after a key (``g``, ``/``), given the prompt to show."""


class Session:
    """A replay at a terminal: a cursor, the seats' names, the notes the viewer may see (by event)
    and a note about the last key."""

    def __init__(self, cursor: Cursor, seat_names: Sequence[str], notes: Sequence[Note] = (),
                 moments: dict[int, str] | None = None) -> None:
        self.cursor = cursor
        self.seat_names = list(seat_names)
        self.notes = [found for found in notes if found.seen_by(cursor.viewer)]
        self.moments = dict(moments or {})
        """A review's key moments (``--review``), by step: what happened there."""
        self.note = ""

    def render(self) -> str:
        """The screen to draw now."""
        from replays.screen import screen

        note = self.note or moment_line(self.moments, self.cursor.position)
        return screen(self.cursor, self.seat_names, note=note, notes=self.notes)

    def handle(self, key: str, read_line: ReadLine) -> bool:
        """Act on one key (an escape sequence counts as one key); False to quit."""
        self.note = ""
        cursor = self.cursor
        here = cursor.position
        if key in QUIT:
            return False
        if key in NEXT:
            if here == cursor.total:
                self.note = "This is the last step."
            cursor.next()
        elif key in PREVIOUS:
            if here == 1:
                self.note = "This is the first step."
            cursor.prev()
        elif key in FIRST:
            cursor.first()
        elif key in LAST:
            cursor.last()
        elif key == "g":
            self._go(read_line(f"go to step (1-{cursor.total}): ").strip())
        elif key == "/":
            self._find(read_line("find: /").strip())
        elif key == "t":
            number = cursor.next_turn()
            if number is None:
                self.note = "No turn begins after this step."
            else:
                cursor.goto(number)
        elif key in ("]", "["):
            self._jump(sorted({found.at for found in self.notes}), forward=key == "]", what="note")
        elif key in ("}", "{"):
            self._jump(sorted({found.at for found in self.notes if found.bookmark}), forward=key == "}", what="bookmark")
        elif key == "b":
            self._bookmark(read_line("bookmark: ").strip())
        elif key in ("k", "K") and self.moments:
            self._jump(sorted(self.moments), forward=key == "k", what="key moment")
        else:
            self.note = f"Unknown key {key!r}."
        return True

    def _jump(self, steps: list[int], forward: bool, what: str) -> None:
        """To the nearest of ``steps`` after (or before) this one."""
        here = self.cursor.position
        found = [n for n in steps if n > here] if forward else [n for n in reversed(steps) if n < here]
        if not found:
            self.note = f"No {what} {'after' if forward else 'before'} this step."
            return
        self.cursor.goto(found[0])

    def _bookmark(self, name: str) -> None:
        """To the bookmark named so (any case; else the ones whose name holds it), the next one after
        this step first, then from the start."""
        if not name:
            return
        wanted = name.casefold()
        marked = [found for found in self.notes if found.bookmark]
        named = [found.at for found in marked if found.bookmark.casefold() == wanted] \
            or [found.at for found in marked if wanted in found.bookmark.casefold()]
        if not named:
            self.note = f"No bookmark {name!r}" + (": press } or {." if marked else ": this replay has none.")
            return
        self.cursor.goto(next((n for n in named if n > self.cursor.position), named[0]))

    def _go(self, text: str) -> None:
        if not text:
            return
        if not text.isdigit() or not 1 <= int(text) <= self.cursor.total:
            self.note = f"No step {text!r}: give a number from 1 to {self.cursor.total}."
            return
        self.cursor.goto(int(text))

    def _find(self, text: str) -> None:
        if not text:
            return
        number = self.cursor.find(text)
        if number is None:
            self.note = f"Not found after this step: {text!r}."
        else:
            self.cursor.goto(number)


def moment_line(moments: dict[int, str], step: int) -> str:
    """The line a replay shows on a review's key moment (k and K jump between them)."""
    return f"Key moment (k/K next/previous): {moments[step]}" if step in moments else ""


def read_key(getchar: Callable[[], str]) -> str:
    """One key from ``getchar``: an escape sequence (an arrow, Home, End) whole, whether it arrives
    whole or a character at a time."""
    key = getchar()
    while key.startswith("\x1b") and not _complete(key):
        key += getchar()
    return key


def _complete(key: str) -> bool:
    """Whether an escape sequence is whole: ``ESC x``, ``ESC [ ... final`` or ``ESC O final``."""
    if len(key) < 2:
        return False
    if key[1] not in "[O":
        return True
    return len(key) >= 3 and (key[-1].isalpha() or key[-1] == "~")


@click.command(context_settings=HELP)
@click.argument("game")
@click.option("--as", "seat", help="Replay what this seat (number or name) knew; default: everything.")
@click.option("--at", "at", type=int, default=1, show_default=True, help="The step to start at.")
@click.option("--with-trunk", is_flag=True, help="For a fork: the game it was forked from up to the step it parts at, then the fork.")
@click.option("--review", "reviewing", is_flag=True, help="Review the game first ('ludolog review'): k and K jump to its key moments.")
@click.option("--budget", type=int, default=None, help="With --review: the search's simulations for each choice (default 100).")
@db_option
def replay(game: str, seat: str | None, at: int, with_trunk: bool, reviewing: bool, budget: int | None, db: str) -> None:
    """Step through a game's events: the board after each, the event, its notes, what changed. Keys:
    → n space next, ← p back, g N go to, Home/End (< >) first/last, /TEXT find, t next turn, ] [
    next/previous note, } { next/previous bookmark, b NAME a bookmark, k K next/previous key moment
    (with --review), q quit. Piped, it prints every step from --at to the end.

    \b
    Example:
      ludolog replay 3f2a --as Ben --at 40
      ludolog replay 3f2a --review
      ludolog replay 9c41 --with-trunk      (a fork, after the game it was forked from)
      ludolog replay 3f2a | less
    """
    from domain.keeping.access import OWNER
    from domain.keeping.notebook import Notebook
    from replays.cursor import Cursor

    try:
        service = open_service(db)
        game_id = service.find_game(game)
        stored = service.game(game_id)
        viewer: Viewer = OWNER if seat is None else service.seat_number(stored, seat)
        cursor = Cursor(service, game_id, viewer, with_trunk=with_trunk)
        shift = cursor.parted  # a fork's own events come after its trunk's steps
        notes = [replace(note, at=note.at + shift) for note in Notebook(service).notes(game_id, viewer)]
        moments = _moments(service, game_id, viewer, budget, shift) if reviewing else {}
    except LudologError as error:
        raise click.ClickException(error.message) from None
    if not 1 <= at <= cursor.total:
        raise click.ClickException(f"no step {at}: the game has steps 1 to {cursor.total}")
    cursor.goto(at)
    names = list(stored.seats)
    if sys.stdin.isatty() and sys.stdout.isatty():
        _interactive(Session(cursor, names, notes, moments))
    else:
        _print_all(cursor, names, notes, moments)


def _moments(service: GameService, game_id: uuid.UUID, viewer: Viewer, budget: int | None, shift: int) -> dict[int, str]:
    """The review's key moments by step (shifted past a fork's trunk), each in a sentence."""
    from domain.thinking.review import DEFAULT_BUDGET
    from replays.reviews import moment_text, review_game

    found = review_game(service, game_id, viewer, DEFAULT_BUDGET if budget is None else budget)
    seats = list(service.game(game_id).seats)
    moments: dict[int, str] = {}
    for step, what, seat in found.key_moments():
        text = moment_text(found, step, what, seat, seats)
        moments[step + shift] = f"{moments[step + shift]} {text}" if step + shift in moments else text
    return moments


def _print_all(cursor: Cursor, names: Sequence[str], notes: Sequence[Note] = (), moments: dict[int, str] | None = None) -> None:
    """Every step from where the cursor stands to the end, with its notes (and key moments), screens
    separated by a rule."""
    from replays.screen import RULE, screen

    for number in range(cursor.position, cursor.total + 1):
        cursor.goto(number)
        click.echo(shown(screen(cursor, names, keys=False, notes=notes, note=moment_line(moments or {}, number))))
        if number < cursor.total:
            click.echo(RULE)


def _interactive(session: Session) -> None:
    while True:
        click.clear()
        click.echo(shown(session.render()))
        try:
            key = read_key(click.getchar)
        except (KeyboardInterrupt, EOFError):
            return
        if not session.handle(key, _read_line):
            return


def _read_line(prompt: str) -> str:
    try:
        return str(click.prompt(prompt, default="", show_default=False, prompt_suffix=""))
    except click.Abort:
        return ""
