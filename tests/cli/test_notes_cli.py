"""``ludolog note`` and ``ludolog notes``, and the notes under their events in ``ludolog log``: writing as
the owner or a seat, what each seat sees through ``--as``, editing and withdrawing, mistakes in one line
with nothing written, and a note's text printed as text, never acted on by the terminal."""

from __future__ import annotations

import json
import os
import shutil
import uuid

import pytest
from cli_runs import one_line_error

from domain.keeping.notebook import Notebook
from domain.keeping.notes import GameNotes
from domain.keeping.service import GameService
from domain.keeping.store import store_env

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

HOSTILE = "<script>alert(1)</script> | *x* =1+1"


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> tuple[str, str]:
    """A store file holding a game of a few dozen events, made once: (its folder, the game's id)."""
    folder = tmp_path_factory.mktemp("played")
    service = GameService(env=store_env(str(folder / "games.sqlite3")))
    game_id = service.create_game("assassination-le", ["Ann", "Ben", "Cy"], seed="7", salt=SALT)
    for _ in zip(range(20), service.play_bots(game_id, bot_seed=0), strict=False):
        pass
    assert service.game(game_id).version > 20
    service.close()
    return str(folder), str(game_id)


@pytest.fixture
def game(played, db_path) -> str:
    """A copy of that game in this test's own store."""
    folder, game_id = played
    for path in os.listdir(folder):
        shutil.copy(f"{folder}/{path}", db_path + path.removeprefix("games.sqlite3"))
    return game_id


def ok(result) -> str:
    assert result.exit_code == 0, result.output
    return result.output


def listed(run, game, *seat) -> list[dict]:
    return json.loads(ok(run("notes", game, *seat, "--json")))


def history(db_path, game) -> list[dict]:
    service = GameService(env=store_env(db_path))
    try:
        return Notebook(service).history(uuid.UUID(game))
    finally:
        service.close()


def log_lines(run, game, *seat) -> list[str]:
    return ok(run("log", game, *seat)).splitlines()


def test_note_prints_the_new_id_and_notes_lists_every_field(run, game):
    assert ok(run("note", game, "--at", "3", "Why not c3?", "--glyph", "?!", "--mark", "c3", "--mark", "b2,#7",
                  "--bookmark", "the turn")) == "1\n"
    assert ok(run("note", game, "--at", "5", "line one\nline two", "--as", "Ben", "--private")) == "2\n"
    first, second = listed(run, game)
    assert (first["id"], first["author"], first["at"], first["text"], first["glyph"]) == (1, "owner", 3, "Why not c3?", "?!")
    assert (first["marks"], first["bookmark"], first["visibility"]) == (["c3", "b2", "#7"], "the turn", "public")
    assert (second["author"], second["at"], second["text"], second["visibility"]) == (2, 5, "line one\nline two", "private")

    lines = ok(run("notes", game)).splitlines()
    assert len(lines) == 2
    assert lines[0].split()[:4] == ["1", "#3", "owner", "?!"]
    assert lines[0].endswith('"Why not c3?"  [c3 b2 #7]  ⚑ the turn')
    assert lines[1].split()[:3] == ["2", "#5", "Ben"]
    assert lines[1].endswith('"line one ↵ line two"  (private)')


def test_a_text_of_several_lines_can_come_from_standard_input(run, game):
    assert ok(run("note", game, "--at", "2", "-", input="first\nsecond\n")) == "1\n"
    assert listed(run, game)[0]["text"] == "first\nsecond"


def test_the_log_shows_each_note_under_its_event(run, game):
    ok(run("note", game, "--at", "3", "Why not c3?", "--glyph", "?!", "--mark", "c3", "--bookmark", "the turn"))
    ok(run("note", game, "--at", "3", "Me too", "--as", "Cy"))
    plain = [line for line in log_lines(run, game) if not line.startswith("       ✎")]
    lines = log_lines(run, game)
    assert lines[:3] == plain[:3] and lines[3:5] == [
        '       ✎ owner ?! "Why not c3?" [c3] ⚑ the turn (note 1)',
        '       ✎ Cy "Me too" (note 2)',
    ]
    assert lines[5:] == plain[3:]
    assert lines[2].split()[0] == "3"


def test_log_json_gives_every_event_its_list_of_notes(run, game):
    ok(run("note", game, "--at", "2", "setup", "--bookmark", "start"))
    events = [json.loads(line) for line in ok(run("log", game, "--to", "3", "--json")).splitlines()]
    assert [event["number"] for event in events] == [1, 2, 3]
    assert events[0]["notes"] == [] and events[2]["notes"] == []
    (note,) = events[1]["notes"]
    assert note == listed(run, game)[0] and note["text"] == "setup" and note["bookmark"] == "start"


def test_each_seat_sees_the_public_notes_and_its_own_private_ones(run, game):
    ok(run("note", game, "--at", "4", "for everyone", "--as", "Ann"))
    ok(run("note", game, "--at", "4", "Ben's plan", "--as", "2", "--private"))
    ok(run("note", game, "--at", "6", "the owner's secret", "--private"))
    seen = {who: [n["text"] for n in listed(run, game, "--as", who)] for who in ("Ann", "Ben", "Cy")}
    assert seen == {"Ann": ["for everyone"], "Ben": ["for everyone", "Ben's plan"], "Cy": ["for everyone"]}
    assert [n["text"] for n in listed(run, game)] == ["for everyone", "Ben's plan", "the owner's secret"]

    for who in ("Ann", "Cy"):
        log = "\n".join(log_lines(run, game, "--as", who))
        assert "for everyone" in log and "Ben's plan" not in log and "secret" not in log
        text = ok(run("notes", game, "--as", who))
        assert "Ben's plan" not in text and "secret" not in text
        events = [json.loads(line) for line in ok(run("log", game, "--as", who, "--json")).splitlines()]
        assert [n["text"] for event in events for n in event["notes"]] == ["for everyone"]
    ben = "\n".join(log_lines(run, game, "--as", "Ben"))
    assert '✎ Ben "Ben\'s plan" (note 2, private)' in ben and "secret" not in ben
    owner = "\n".join(log_lines(run, game))
    assert "(note 2, private)" in owner and '✎ owner "the owner\'s secret" (note 3, private)' in owner


def test_an_edit_changes_only_what_it_gives(run, game, db_path):
    ok(run("note", game, "--at", "3", "first thought", "--glyph", "!", "--mark", "c3", "--bookmark", "here", "--as", "Ann"))
    assert ok(run("note", game, "--edit", "1", "--glyph", "??", "--as", "Ann")) == "1\n"
    (note,) = listed(run, game)
    assert (note["text"], note["glyph"], note["marks"], note["bookmark"]) == ("first thought", "??", ["c3"], "here")
    assert note["edited"] is not None

    ok(run("note", game, "--edit", "1", "second thought", "--at", "5", "--mark", "", "--bookmark", "", "--private", "--as", "1"))
    (note,) = listed(run, game, "--as", "Ann")
    assert (note["text"], note["at"], note["marks"], note["bookmark"], note["visibility"]) == ("second thought", 5, [], "", "private")
    assert listed(run, game, "--as", "Ben") == []
    ok(run("note", game, "--edit", "1", "--public", "--as", "Ann"))
    assert [n["text"] for n in listed(run, game, "--as", "Ben")] == ["second thought"]
    assert [entry["type"] for entry in history(db_path, game)] == ["Written", "Edited", "Edited", "Edited"]


def test_withdrawing_takes_a_note_out_of_every_listing(run, game, db_path):
    ok(run("note", game, "--at", "3", "Ann's", "--as", "Ann"))
    ok(run("note", game, "--at", "3", "Ben's", "--as", "Ben"))
    ok(run("note", game, "--at", "4", "the owner's"))
    assert ok(run("note", game, "--withdraw", "1", "--as", "Ann")) == "note 1 withdrawn\n"  # its author
    assert ok(run("note", game, "--withdraw", "2")) == "note 2 withdrawn\n"  # the owner withdraws anyone's
    assert [n["id"] for n in listed(run, game)] == [3]
    log = "\n".join(log_lines(run, game, "--as", "Ben"))
    assert "Ann's" not in log and "Ben's" not in log and "the owner's" in log
    assert [entry["type"] for entry in history(db_path, game)] == ["Written"] * 3 + ["Withdrawn"] * 2
    assert "the game has no note 1" in one_line_error(run("note", game, "--edit", "1", "again", "--as", "Ann"))


@pytest.mark.parametrize(("args", "message"), [
    (["--at", "0", "x"], "a note is on one of the game's events, 1 to"),
    (["--at", "99999", "x"], "not 99999"),
    (["--at", "3", "x", "--glyph", "!!!"], "a glyph is one of ! ? !! ?? !? ?!, not '!!!'"),
    (["--at", "3", "x", "--mark", "c3;rm"], "marks are up to 20 squares or pieces"),
    (["--at", "3", "red \x1b[31m"], "no control or formatting characters"),
    (["--at", "3", "   "], "a note needs a text"),
    (["--at", "3", "x", "--bookmark", "b" * 41], "a bookmark's name is up to 40 characters"),
    (["--at", "3", "x", "--as", "Dee"], "no seat 'Dee'"),
    (["--at", "3"], "a new note needs its TEXT"),
    (["x"], "a new note needs --at N"),
    (["--at", "x", "text"], "'x' is not a valid integer"),
    (["--edit", "1", "--withdraw", "1"], "not both"),
    (["--withdraw", "1", "--glyph", "!"], "--withdraw ID takes no TEXT"),
    (["--edit", "1", "mine now", "--as", "Ben"], "note 1 is not yours: only its author may edit it"),
    (["--edit", "1", "--glyph", "!"], "note 1 is not yours"),  # the owner edits only the owner's notes
    (["--withdraw", "1", "--as", "Cy"], "note 1 is not yours: its author or the game's owner withdraws it"),
    (["--edit", "2", "--glyph", "!", "--as", "Ben"], "the game has no note 2"),  # Ann's private note, unseen
    (["--withdraw", "2", "--as", "Cy"], "the game has no note 2"),
    (["--edit", "9", "x", "--as", "Ann"], "the game has no note 9"),
    (["--edit", "1", "--glyph", "?!?", "--as", "Ann"], "a glyph is one of"),
])
def test_a_refused_note_is_one_line_exit_1_and_nothing_is_written(run, game, db_path, args, message):
    ok(run("note", game, "--at", "3", "Ann's public", "--as", "Ann"))
    ok(run("note", game, "--at", "3", "Ann's private", "--as", "Ann", "--private"))
    before, notes_before = history(db_path, game), listed(run, game)
    assert message in one_line_error(run("note", game, *args))
    assert history(db_path, game) == before and listed(run, game) == notes_before


@pytest.mark.parametrize("command", [["note", "GAME", "--at", "2", "x"], ["notes", "GAME"], ["note", "GAME", "--withdraw", "1"]])
def test_an_unknown_game_or_seat_is_one_line(run, game, command):
    unknown = [("ffffffff" if part == "GAME" else part) for part in command]
    assert "no game" in one_line_error(run(*unknown)).lower()
    seat = [(game if part == "GAME" else part) for part in command]
    assert "no seat 'Dee'" in one_line_error(run(*seat, "--as", "Dee"))


def test_notes_of_a_game_without_any_says_how_to_write_one(run, game):
    assert "ludolog note GAME --at N TEXT" in ok(run("notes", game))
    assert listed(run, game) == []


def test_a_note_is_printed_as_text_and_never_acted_on_by_the_terminal(run, game, db_path):
    ok(run("note", game, "--at", "3", HOSTILE, "--bookmark", "<b>|*", "--mark", "#7"))
    notes = ok(run("notes", game))
    assert f'"{HOSTILE}"  [#7]  ⚑ <b>|*' in notes
    assert f'✎ owner "{HOSTILE}" [#7] ⚑ <b>|* (note 1)' in ok(run("log", game))

    # a store written by hand (or by an older ludolog) may hold what no note may: shown as escapes
    service = GameService(env=store_env(db_path))
    stored = Notebook(service)._notes(uuid.UUID(game))
    assert isinstance(stored, GameNotes)
    stored.write("owner", {"at": 4, "text": "red \x1b[31m rtl \u202e end\x07", "glyph": "", "marks": [],
                           "bookmark": "clear\x1b[2J", "visibility": "public"})
    service.save(stored)
    service.close()
    for output in (ok(run("notes", game)), ok(run("log", game)), ok(run("replay", game, "--at", "4"))):
        assert "\x1b" not in output and "\u202e" not in output and "\x07" not in output
        assert "red \\x1b[31m rtl \\u202e end\\x07" in output and "clear\\x1b[2J" in output
