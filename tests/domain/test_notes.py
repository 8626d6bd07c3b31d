"""Notes on a game's events (``domain.keeping.notes``, ``domain.keeping.notebook``): who writes, edits, withdraws and
sees what, the checks on what is written, that the game's own log is untouched, and that the stored
history restores every note on another store exactly."""

from __future__ import annotations

import pytest

from domain.engine.errors import (
    Forbidden,
    InvalidNote,
    Unauthorized,
    UnknownGame,
    UnknownNote,
)
from domain.keeping.notebook import Notebook
from domain.keeping.notes import GLYPHS
from domain.keeping.service import OWNER, GameService
from domain.keeping.store import store_env

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""


@pytest.fixture
def game():
    service = GameService(env=store_env(None))
    game_id = service.create_game("assassination-le", ["Ann", "Ben", "Cy"], seed="notes", salt=SALT)
    for _ in zip(range(6), service.play_bots(game_id, bot_seed=1), strict=False):
        pass
    return service, game_id, Notebook(service)


def test_a_seat_writes_a_note_with_a_glyph_marks_and_a_bookmark_on_an_event(game):
    _, game_id, notebook = game
    note = notebook.write(game_id, 2, {"at": 3, "text": "Why not c3?", "glyph": "?!", "marks": ["c3", "b2"],
                                       "bookmark": "the first mistake"})
    assert (note.id, note.author, note.at, note.glyph, note.marks, note.bookmark) == (1, 2, 3, "?!", ["c3", "b2"], "the first mistake")
    assert notebook.notes(game_id, None) == [note]


def test_notes_are_events_of_their_own_and_leave_the_game_log_alone(game):
    service, game_id, notebook = game
    before = [type(e).__name__ for e in service.events.get(game_id)]
    notebook.write(game_id, OWNER, {"at": 1, "text": "The setup."})
    assert [type(e).__name__ for e in service.events.get(game_id)] == before
    assert service.game(game_id).version == len(before)
    assert [entry["type"] for entry in notebook.history(game_id)] == ["Written"]
    assert len(service.list_games()) == 1  # the notes are no game of their own


def test_a_private_note_is_seen_by_its_author_and_the_owner_only(game):
    _, game_id, notebook = game
    notebook.write(game_id, 1, {"at": 2, "text": "my plan", "visibility": "private"})
    public = notebook.write(game_id, 3, {"at": 2, "text": "for all"})
    assert [n.text for n in notebook.notes(game_id, 1)] == ["my plan", "for all"]
    assert [n.text for n in notebook.notes(game_id, OWNER)] == ["my plan", "for all"]
    assert notebook.notes(game_id, 2) == [public] and notebook.notes(game_id, None) == [public]


def test_notes_come_by_event_then_in_the_order_written(game):
    _, game_id, notebook = game
    for at, text in ((5, "late"), (2, "early"), (5, "later")):
        notebook.write(game_id, OWNER, {"at": at, "text": text})
    assert [n.text for n in notebook.notes(game_id, None)] == ["early", "late", "later"]


def test_only_the_author_edits_a_note_and_what_is_not_given_stays(game):
    _, game_id, notebook = game
    note = notebook.write(game_id, 1, {"at": 2, "text": "first", "glyph": "!"})
    edited = notebook.edit(game_id, 1, note.id, {"text": "second"})
    assert (edited.text, edited.glyph, edited.at, edited.written) == ("second", "!", 2, note.written)
    assert edited.edited
    with pytest.raises(Forbidden, match="only its author"):
        notebook.edit(game_id, 2, note.id, {"text": "not mine"})
    with pytest.raises(Forbidden):
        notebook.edit(game_id, OWNER, note.id, {"text": "the owner neither"})
    assert notebook.notes(game_id, None)[0].text == "second"


def test_the_author_or_the_owner_withdraws_a_note_and_the_history_keeps_it(game):
    _, game_id, notebook = game
    first = notebook.write(game_id, 1, {"at": 2, "text": "one"})
    second = notebook.write(game_id, 2, {"at": 2, "text": "two"})
    with pytest.raises(Forbidden, match="not yours"):
        notebook.withdraw(game_id, 2, first.id)
    notebook.withdraw(game_id, 1, first.id)
    notebook.withdraw(game_id, OWNER, second.id)
    assert notebook.notes(game_id, OWNER) == []
    assert [entry["type"] for entry in notebook.history(game_id)] == ["Written", "Written", "Withdrawn", "Withdrawn"]
    with pytest.raises(UnknownNote):
        notebook.edit(game_id, 1, first.id, {"text": "gone"})


def test_a_seat_cannot_reach_another_seats_private_note(game):
    _, game_id, notebook = game
    secret = notebook.write(game_id, 1, {"at": 2, "text": "mine", "visibility": "private"})
    for attempt in (lambda: notebook.edit(game_id, 2, secret.id, {"text": "x"}), lambda: notebook.withdraw(game_id, 2, secret.id)):
        with pytest.raises(UnknownNote, match="no note 1"):
            attempt()


def test_a_spectator_writes_no_note_and_an_unknown_game_has_none(game):
    _, game_id, notebook = game
    with pytest.raises(Unauthorized):
        notebook.write(game_id, None, {"at": 1, "text": "hello"})
    other = GameService(env=store_env(None)).create_game("correction", ["A", "B"])
    with pytest.raises(UnknownGame):
        notebook.notes(other, OWNER)


@pytest.mark.parametrize(("given", "words"), [
    ({"at": 0, "text": "x"}, "1 to"), ({"at": 999, "text": "x"}, "1 to"), ({"at": "3", "text": "x"}, "1 to"),
    ({"at": 2, "text": "  "}, "needs a text"), ({"at": 2, "text": "x" * 2001}, "at most 2000"),
    ({"at": 2, "text": "bell\x07"}, "control"), ({"at": 2, "text": "rtl\u202e"}, "control"),
    ({"at": 2, "text": "x", "glyph": "?!?"}, "glyph"), ({"at": 2, "text": "x", "marks": ["c 3"]}, "marks"),
    ({"at": 2, "text": "x", "marks": [f"m{n}" for n in range(21)]}, "marks"),
    ({"at": 2, "text": "x", "bookmark": " padded"}, "bookmark"), ({"at": 2, "text": "x", "visibility": "secret"}, "public or private"),
])
def test_a_bad_note_is_refused_and_nothing_is_written(game, given, words):
    _, game_id, notebook = game
    with pytest.raises(InvalidNote, match=words):
        notebook.write(game_id, 1, given)
    assert notebook.history(game_id) == []


def test_every_glyph_and_a_line_break_are_accepted(game):
    _, game_id, notebook = game
    for glyph in GLYPHS:
        notebook.write(game_id, 1, {"at": 2, "text": f"two\nlines {glyph}", "glyph": glyph})
    assert [n.glyph for n in notebook.notes(game_id, 1)] == list(GLYPHS)


def test_the_history_restores_every_note_exactly_on_another_store(game):
    _, game_id, notebook = game
    notebook.write(game_id, 1, {"at": 2, "text": "kept", "glyph": "!!", "marks": ["a1"], "bookmark": "here"})
    gone = notebook.write(game_id, 2, {"at": 3, "text": "taken back"})
    notebook.write(game_id, 3, {"at": 4, "text": "private", "visibility": "private"})
    notebook.edit(game_id, 1, 1, {"text": "kept, edited"})
    notebook.withdraw(game_id, 2, gone.id)
    copy = GameService(env=store_env(None))
    copied = copy.create_game("assassination-le", ["Ann", "Ben", "Cy"], seed="notes", salt=SALT)
    for _ in zip(range(6), copy.play_bots(copied, bot_seed=1), strict=False):
        pass
    assert Notebook(copy).restore(copied, notebook.history(game_id)) == 5
    assert Notebook(copy).notes(copied, OWNER) == notebook.notes(game_id, OWNER)
    assert Notebook(copy).history(copied) == notebook.history(game_id)


def test_a_history_that_does_not_fit_the_game_is_refused_whole(game):
    _, game_id, notebook = game
    bad = [{"type": "Written", "time": "2026-01-01T00:00:00+00:00",
            "data": {"note": 1, "author": "1", "at": 2, "text": "ok", "glyph": "", "marks": [], "bookmark": "", "visibility": "public"}},
           {"type": "Edited", "time": "2026-01-01T00:00:01+00:00", "data": {"note": 7, "text": "no such note"}}]
    with pytest.raises(UnknownNote, match="note 7"):
        notebook.restore(game_id, bad)
    assert notebook.history(game_id) == []


def test_a_history_by_a_seat_the_game_lacks_or_on_a_game_with_notes_is_refused(game):
    _, game_id, notebook = game
    stranger = [{"type": "Written", "time": "2026-01-01T00:00:00+00:00",
                 "data": {"note": 1, "author": "4", "at": 2, "text": "who?", "glyph": "", "marks": [], "bookmark": "",
                          "visibility": "public"}}]
    with pytest.raises(InvalidNote, match="a seat of the game, not '4'"):
        notebook.restore(game_id, stranger)
    notebook.write(game_id, 1, {"at": 2, "text": "already here"})
    with pytest.raises(InvalidNote, match="has notes already"):
        notebook.restore(game_id, notebook.history(game_id))
    assert len(notebook.history(game_id)) == 1
