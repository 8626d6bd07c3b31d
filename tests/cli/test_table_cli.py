"""Table games from the command line: ``ludolog new --table`` asks for the setup's outcomes (or takes them
with ``--outcome``), ``ludolog play`` asks each die face when it is rolled, ``act --outcome`` takes them in
a script; the game says it is a table game in ``games``, ``show``, ``log``, the diary and the export, audits
clean and comes back whole from its NDJSON export. Mistakes are one line and exit 1."""

from __future__ import annotations

import json

from cli_runs import invoke, one_line_error

from domain.keeping.service import GameService
from domain.keeping.store import store_env

SEATS = ("--seat", "Ann", "--seat", "Ben", "--seat", "Cy")


def table_game(db: str) -> str:
    made = invoke("new", "assassination-le", *SEATS, "--table", "--outcome", "3", "--outcome", "5", "--outcome", "1", "--db", db)
    assert made.exit_code == 0, made.output
    return made.output.strip()


def test_new_asks_the_table_for_each_setup_outcome_it_was_not_given(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    made = invoke("new", "assassination-le", *SEATS, "--table", "--outcome", "3", "--db", db, stdin="7\n5\n1\n")
    assert made.exit_code == 0, made.output
    assert "Ben rolls to be the victim: which face? [0/1/2/3/4/5]" in made.output
    assert "Answer one of 0/1/2/3/4/5." in made.output  # 7 is no face of the die
    game_id = made.output.strip().splitlines()[-1].split()[-1]
    service = GameService(env=store_env(db))
    game = service.game(service.find_game(game_id))
    assert game.table and game.setup_outcomes == [3, 5, 1]


def test_play_asks_the_face_when_the_die_is_rolled_and_records_it(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    game = table_game(db)
    service = GameService(env=store_env(db))
    seat = service.game(service.find_game(game)).to_act()[0]
    name = ["Ann", "Ben", "Cy"][seat - 1]
    played = invoke("play", game, "--db", db, stdin="1\n4\nq\n")
    assert played.exit_code == 0, played.output
    assert f"{name} rolls the die: which face? [0/1/2/3/4/5]" in played.output
    assert f"{name} rolled a 4." in played.output
    events = service.read_events(service.find_game(game))
    assert events[-1].data == {"seat": seat, "face": 4}


def test_act_takes_outcomes_and_a_missing_one_is_one_line_naming_the_question(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    game = table_game(db)
    service = GameService(env=store_env(db))
    seat = str(service.game(service.find_game(game)).to_act()[0])
    missing = invoke("act", game, '{"type": "roll"}', "--seat", seat, "--db", db)
    assert "rolls the die: which face? (one of: 0, 1, 2, 3, 4, 5)" in one_line_error(missing)
    impossible = invoke("act", game, '{"type": "roll"}', "--seat", seat, "--outcome", "9", "--db", db)
    assert "outcome 1, 9, is not possible" in one_line_error(impossible)
    assert len(service.read_events(service.find_game(game))) == 2
    rolled = invoke("act", game, '{"type": "roll"}', "--seat", seat, "--outcome", "2", "--db", db)
    assert rolled.exit_code == 0 and "rolled a 2." in rolled.output


def test_a_table_game_says_so_in_games_show_log_and_the_diary_and_audits_clean(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    game = table_game(db)
    assert "(table game)" in invoke("games", "--db", db).output
    assert "; a table game, transcribed)" in invoke("show", game, "--db", db).output
    assert "New table game of The Assassination Game Le" in invoke("log", game, "--db", db).output
    diary = invoke("export", game, "--format", "md", "--db", db).output
    assert "**Played:** at a table, on paper (a table game)" in diary
    page = invoke("export", game, "--format", "html", "--db", db).output
    assert "a table game: played on paper and transcribed" in page
    assert json.loads(invoke("export", game, "--format", "json", "--as", "Ann", "--db", db).output)["game"]["table"] is True
    csv_rows = invoke("export", game, "--format", "csv", "--db", db).output.splitlines()
    assert "New table game of The Assassination Game Le" in csv_rows[1]
    audited = invoke("audit", game, "--db", db)
    assert audited.exit_code == 0 and "clean" in audited.output, audited.output
    assert invoke("bot", game, "--db", db).exit_code == 1


def test_a_table_game_comes_back_whole_from_its_ndjson_export(tmp_path):
    db, other = str(tmp_path / "games.sqlite3"), str(tmp_path / "copy.sqlite3")
    game = table_game(db)
    service = GameService(env=store_env(db))
    seat = str(service.game(service.find_game(game)).to_act()[0])
    assert invoke("act", game, '{"type": "roll"}', "--seat", seat, "--outcome", "2", "--db", db).exit_code == 0
    exported = tmp_path / "game.ndjson"
    assert invoke("export", game, "--format", "ndjson", "-o", str(exported), "--db", db).exit_code == 0
    header = json.loads(exported.read_text().splitlines()[0])
    assert header["table"] is True and header["setup_outcomes"] == [3, 5, 1]
    assert invoke("import", str(exported), "--db", other).exit_code == 0
    copy = GameService(env=store_env(other))
    copied = copy.game(copy.find_game(game))
    assert copied.table and [e.data for e in copy.read_events(copied.id)] == [e.data for e in service.read_events(copied.id)]
    assert "clean" in invoke("audit", game, "--db", other).output
