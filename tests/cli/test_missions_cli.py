"""Missions from the command line, as the guide's page "The games" (``reference/games.md``) shows it: a
four-player game made, played by the bot to its outcome, drawn by ``show`` (the loop board with the pieces,
each player's money, rank and cards, whose turn), and its replay, audit, diary and HTML page working
unchanged."""

from __future__ import annotations

from cli_runs import invoke

SEATS = ["Ann", "Ben", "Cy", "Dee"]


def new_game(db: str, *extra: str) -> str:
    seats = [arg for name in SEATS for arg in ("--seat", name)]
    result = invoke("new", "missions", *seats, "--seed", "5", *extra, "--db", db)
    assert result.exit_code == 0, result.output
    return result.output.strip()


def test_a_four_player_game_is_made_shown_and_played_to_its_outcome_by_the_bot(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    game = new_game(db)
    shown = invoke("show", game, "--db", db).output
    assert " 0 S  1" in shown and " 7 S  2" in shown and "14 S  3" in shown and "21 S  4" in shown
    assert all(name in shown for name in SEATS)
    assert "rank 1" in shown and "$0" in shown and "to roll (first to $100,000 wins)" in shown

    played = invoke("bot", game, "--db", db)
    assert played.exit_code == 0, played.output
    assert "Game over. Winner:" in played.output and "reached $" in played.output
    shown = invoke("show", game, "--db", db).output
    assert "cards: " in shown and "the game is over" in shown

    audit = invoke("audit", game, "--db", db)
    assert audit.exit_code == 0 and "clean" in audit.output
    log = invoke("log", game, "--db", db).output
    assert "drew the level" in log and "rolled a" in log
    diary = tmp_path / "diary.md"
    assert invoke("export", game, "--format", "md", "-o", str(diary), "--db", db).exit_code == 0
    assert "money" in diary.read_text(encoding="utf-8")
    page = tmp_path / "page.html"
    assert invoke("export", game, "--format", "html", "-o", str(page), "--db", db).exit_code == 0
    assert "Missions" in page.read_text(encoding="utf-8")


def test_the_first_changes_stage_and_a_teachers_board_are_options_of_new(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    board = '{"spaces": ["start", "L1", "police", "start", "L2", "L3", "start", "L1", "police", "start"]}'
    game = new_game(db, "--option", "stage=first-changes", "--option", f"layout={board}")
    shown = invoke("show", game, "--db", db).output
    assert "first to $150,000 wins" in shown
    assert " 9 S  4" in shown
