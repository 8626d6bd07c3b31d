"""Notes in the terminal replay: each shown on its own step, bookmarks on the step line and in the help,
``]``/``[`` and ``}``/``{`` jumping between notes and bookmarks, ``b NAME`` going to a bookmark, a seat
seeing only the notes it may, and a note's text never acted on by the terminal."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cli.replay import Session, replay
from domain.keeping.access import OWNER
from domain.keeping.notebook import Notebook
from domain.keeping.notes import GameNotes
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from replays.cursor import Cursor
from replays.screen import RULE, screen

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""


@pytest.fixture
def played(service: GameService):
    """A game of a few dozen events with notes: public ones on steps 3, 8 and 15 (bookmarks on 8 and
    15), Ben's private one on 5 (a bookmark) and the owner's private one on 12."""
    game_id = service.create_game("project-assassination", ["Ana", "Ben"], seed="notes", salt=SALT)
    for _ in zip(range(25), service.play_bots(game_id, bot_seed=0), strict=False):
        pass
    assert service.game(game_id).version >= 20
    book = Notebook(service)
    book.write(game_id, 1, {"at": 3, "text": "Ana opens", "glyph": "!", "marks": ["c3"]})
    book.write(game_id, 2, {"at": 5, "text": "my secret plan", "bookmark": "Ben's plan", "visibility": "private"})
    book.write(game_id, OWNER, {"at": 8, "text": "the first fight", "glyph": "!?", "bookmark": "Fight"})
    book.write(game_id, OWNER, {"at": 12, "text": "only for me", "visibility": "private"})
    book.write(game_id, 1, {"at": 15, "text": "the turn of the game", "bookmark": "turning point"})
    return game_id


def session(service, game_id, viewer=OWNER, at=1) -> Session:
    cursor = Cursor(service, game_id, viewer)
    cursor.goto(at)
    return Session(cursor, cursor.seats, Notebook(service).notes(game_id, viewer))


def no_line(prompt: str) -> str:
    raise AssertionError(f"no line should be read here (asked {prompt!r})")


def note_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip().startswith("✎")]


def test_each_note_is_shown_on_its_own_step_only(service, played):
    replay_ = session(service, played)
    shown = {}
    for number in range(1, replay_.cursor.total + 1):
        replay_.cursor.goto(number)
        shown[number] = note_lines(replay_.render())
    assert {n: lines for n, lines in shown.items() if lines} == {
        3: ['✎ Ana ! "Ana opens" [c3] (note 1)'],
        5: ['✎ Ben "my secret plan" ⚑ Ben\'s plan (note 2, private)'],
        8: ['✎ owner !? "the first fight" ⚑ Fight (note 3)'],
        12: ['✎ owner "only for me" (note 4, private)'],
        15: ['✎ Ana "the turn of the game" ⚑ turning point (note 5)'],
    }
    replay_.cursor.goto(8)
    text = replay_.render()
    step_line = next(line for line in text.splitlines() if line.startswith("step 8 of"))
    assert step_line.endswith("  ⚑ Fight")
    lines = text.splitlines()
    assert lines.index(f"  {replay_.cursor.step.event.sentence}") < lines.index('  ✎ owner !? "the first fight" ⚑ Fight (note 3)')
    assert "bookmarks: Ben's plan 5, Fight 8, turning point 15" in lines
    assert any(line.startswith("notes: ] [ next/previous note") for line in lines)


def test_brackets_jump_from_note_to_note_and_braces_from_bookmark_to_bookmark(service, played):
    replay_ = session(service, played)
    cursor = replay_.cursor

    def press(key: str) -> int:
        assert replay_.handle(key, no_line) is True
        return cursor.position

    assert [press("]") for _ in range(5)] == [3, 5, 8, 12, 15]
    assert press("]") == 15 and replay_.note == "No note after this step."
    assert [press("[") for _ in range(4)] == [12, 8, 5, 3]
    assert press("[") == 3 and replay_.note == "No note before this step."
    assert press("}") == 5 and press("}") == 8 and press("}") == 15
    assert press("}") == 15 and replay_.note == "No bookmark after this step."
    assert press("{") == 8 and press("{") == 5
    assert press("{") == 5 and replay_.note == "No bookmark before this step."
    cursor.goto(10)
    assert press("{") == 8 and press("]") == 12  # from wherever the cursor stands


def test_b_goes_to_a_bookmark_by_its_name(service, played):
    replay_ = session(service, played, at=20)
    cursor = replay_.cursor

    def go(name: str) -> int:
        assert replay_.handle("b", lambda prompt: name) is True
        return cursor.position

    assert go("fight") == 8  # any case
    assert go("TURNING") == 15  # a part of the name
    assert go("") == 15 and replay_.note == ""
    assert go("nowhere") == 15 and replay_.note == "No bookmark 'nowhere': press } or {."
    assert replay_.note in replay_.render()


def test_a_seat_sees_and_jumps_to_only_the_notes_it_may_see(service, played):
    ana = session(service, played, viewer=1)
    ben = session(service, played, viewer=2)
    assert [n.id for n in ana.notes] == [1, 3, 5] and [n.id for n in ben.notes] == [1, 2, 3, 5]
    for number in (5, 12):
        ana.cursor.goto(number)
        assert note_lines(ana.render()) == []
    ana.cursor.goto(8)
    assert "bookmarks: Fight 8, turning point 15" in ana.render().splitlines()
    ana.cursor.goto(3)
    assert ana.handle("]", no_line) and ana.cursor.position == 8
    assert ana.handle("b", lambda prompt: "plan") and ana.cursor.position == 8
    assert ana.note.startswith("No bookmark 'plan'")
    ben.cursor.goto(3)
    assert ben.handle("}", no_line) and ben.cursor.position == 5
    assert note_lines(ben.render()) == ['✎ Ben "my secret plan" ⚑ Ben\'s plan (note 2, private)']

    # whatever notes a screen is given, it shows a seat only those it may see
    everything = Notebook(service).notes(played, OWNER)
    ana.cursor.goto(5)
    assert "my secret plan" not in screen(ana.cursor, ana.cursor.seats, notes=everything)


def test_without_notes_the_screen_has_no_note_keys(service, played):
    cursor = Cursor(service, played)
    cursor.goto(3)
    bare = screen(cursor, cursor.seats)
    assert "✎" not in bare and "notes: ]" not in bare and "bookmarks:" not in bare
    replay_ = Session(cursor, cursor.seats)
    assert replay_.handle("]", no_line) and replay_.note == "No note after this step."
    assert replay_.handle("b", lambda prompt: "x") and replay_.note == "No bookmark 'x': this replay has none."


def test_a_stored_note_with_terminal_escapes_is_shown_as_text(service, played):
    # the domain refuses these characters; a store written by hand may still hold them
    stored = Notebook(service)._notes(played)
    assert isinstance(stored, GameNotes)
    stored.write("owner", {"at": 6, "text": "red \x1b[31m rtl \u202e\nnext line", "glyph": "", "marks": [],
                           "bookmark": "clear\x1b[2J", "visibility": "public"})
    service.save(stored)
    text = session(service, played, at=6).render()
    assert "\x1b" not in text and "\u202e" not in text
    assert '✎ owner "red \\x1b[31m rtl \\u202e ↵ next line" ⚑ clear\\x1b[2J (note 6)' in note_lines(text)
    assert "clear\\x1b[2J 6" in text


# -- the command, piped -------------------------------------------------------------------------


def test_the_piped_replay_prints_each_note_on_its_step_as_the_seat_may_see_it(db_path):
    service = GameService(env=store_env(db_path))
    game_id = service.create_game("project-assassination", ["Ana", "Ben"], seed="notes", salt=SALT)
    for _ in zip(range(10), service.play_bots(game_id, bot_seed=0), strict=False):
        pass
    book = Notebook(service)
    book.write(game_id, 2, {"at": 4, "text": "Ben alone", "visibility": "private"})
    book.write(game_id, 1, {"at": 6, "text": "for both", "bookmark": "here"})
    service.close()

    def screens(*args: str) -> dict[int, list[str]]:
        result = CliRunner().invoke(replay, [str(game_id), "--db", db_path, *args])
        assert result.exit_code == 0, result.output
        return {number: note_lines(text) for number, text in enumerate(result.output.split(RULE + "\n"), 1)}

    ben = screens("--as", "Ben")
    assert {n: lines for n, lines in ben.items() if lines} == {
        4: ['✎ Ben "Ben alone" (note 1, private)'], 6: ['✎ Ana "for both" ⚑ here (note 2)']}
    ana = screens("--as", "Ana")
    assert {n: lines for n, lines in ana.items() if lines} == {6: ['✎ Ana "for both" ⚑ here (note 2)']}
    assert {n for n, lines in screens().items() if lines} == {4, 6}
