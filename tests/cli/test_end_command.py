"""``ludolog end``: resign, offer-draw, decline-draw and abort, as a seat, on a stored game: the events
printed, the game over with its seed revealed, the log and the audit showing them, and each refusal one
line, exit 1, nothing written."""

from __future__ import annotations

import json

from cli_runs import invoke, one_line_error, succeeded


def new_game(db: str, *seats: str) -> str:
    return succeeded("new", "correction", *[arg for seat in (seats or ("Ann", "Ben")) for arg in ("--seat", seat)],
                     "--seed", "7", db=db).strip()


def version(db: str, game: str) -> int:
    return json.loads(succeeded("show", game, "--json", db=db))["version"]


def test_resign_prints_its_events_and_the_game_is_over_with_its_seed(db):
    game = new_game(db)
    printed = succeeded("end", "resign", game, "--seat", "Ben", db=db)
    assert "Ben resigned; Ann won." in printed and "The game is over; the seed was '7'." in printed
    shown = json.loads(succeeded("show", game, "--json", "--as", "Ann", db=db))
    assert shown["outcome"]["ended_by"] == "resignation" and shown["outcome"]["winners"] == [1]
    assert shown["seed"] == "7"
    log = succeeded("log", game, db=db)
    assert "Ben resigned; Ann won." in log
    assert invoke("audit", game, "--db", db).exit_code == 0


def test_a_draw_offered_and_agreed_ends_the_game_drawn(db):
    game = new_game(db)
    offered = json.loads(succeeded("end", "offer-draw", game, "--seat", "1", "--json", db=db))
    assert [event["type"] for event in offered] == ["DrawOffered"]
    assert "The game is over" not in succeeded("end", "decline-draw", game, "--seat", "2", db=db)
    succeeded("end", "offer-draw", game, "--seat", "2", db=db)
    printed = succeeded("end", "offer-draw", game, "--seat", "Ann", db=db)
    assert "Ann agreed to a draw: the game ends drawn, a draw agreed by Ann and Ben." in printed
    assert "The game is over" in printed
    assert json.loads(succeeded("show", game, "--json", db=db))["outcome"]["ended_by"] == "agreement"


def test_abort_before_every_seat_has_played(db):
    game = new_game(db)
    printed = succeeded("end", "abort", game, "--seat", "Ann", db=db)
    assert "Ann aborted the game before every seat had played: it ends with no result." in printed
    standing = succeeded("show", game, db=db)
    assert "Aborted, with no result" in standing


def test_each_refusal_is_one_line_and_writes_nothing(db):
    game = new_game(db)
    before = version(db, game)
    assert "no draw offer stands" in one_line_error(invoke("end", "decline-draw", game, "--seat", "Ann", "--db", db))
    assert "no seat 'Cy'" in one_line_error(invoke("end", "resign", game, "--seat", "Cy", "--db", db))
    assert version(db, game) == before
    succeeded("end", "resign", game, "--seat", "Ann", db=db)
    after = version(db, game)
    for act in ("resign", "offer-draw", "abort"):
        assert "the game is over" in one_line_error(invoke("end", act, game, "--seat", "Ben", "--db", db))
    assert version(db, game) == after


def test_the_help_shows_an_example_of_each():
    for act in ("resign", "offer-draw", "decline-draw", "abort"):
        assert f"ludolog end {act} 3f2a --seat 2" in invoke("end", act, "-h").output
    assert "ludolog end resign 3f2a --seat Ben" in invoke("end", "-h").output
