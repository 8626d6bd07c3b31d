"""Bot seats from the command line: ``ludolog new --bot-seat SEAT=STRATEGY[:BUDGET]`` records them, the
service plays them itself before the command ends, ``show`` names them, and a person's ``act`` for one is refused."""

from __future__ import annotations

import json

from cli_runs import invoke, one_line_error

SEATS = ["Ann", "Ben", "Cy"]


def new_game(db: str, *extra: str):
    seats = [arg for name in SEATS for arg in ("--seat", name)]
    return invoke("new", "missions", *seats, "--seed", "5", *extra, "--db", db)


def test_a_bot_seat_is_recorded_played_by_the_service_and_named_by_show(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    made = new_game(db, "--bot-seat", "Ann=greedy", "--bot-seat", "3=search:50")
    assert made.exit_code == 0, made.output
    game = made.output.strip()
    status = json.loads(invoke("show", game, "--json", "--db", db).output)
    assert [player["kind"] for player in status["players"]] == ["bot", "person", "bot"]
    assert status["players"][2] == {"seat": 3, "name": "Cy", "kind": "bot", "strategy": "search", "budget": "50", "pace_ms": 0}
    assert status["to_act"] == [2] and status["thinking"] is None  # the bots moved before `new` ended: Ben's turn
    shown = invoke("show", game, "--db", db).output
    assert "Bot seats, played by the service: Ann (greedy), Cy (search)" in shown
    assert "To act: Ben" in shown


def test_a_person_cannot_act_for_a_bot_seat(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    game = new_game(db, "--bot-seat", "Ben=random", "--bot-pace", "0").output.strip()
    refused = invoke("act", game, '{"type": "roll"}', "--seat", "Ben", "--db", db)
    assert refused.exit_code != 0
    assert "Ben, a random bot, plays seat 2: the service plays its moves" in one_line_error(refused)


def test_a_bad_bot_seat_is_refused_and_no_game_is_made(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    for given, says in (("Dee=greedy", "no seat 'Dee'"), ("Cy", "SEAT=STRATEGY"), ("Cy=clever", "random, greedy, search")):
        refused = new_game(db, "--bot-seat", given)
        assert refused.exit_code != 0 and says in one_line_error(refused), refused.output
    assert not (tmp_path / "games.sqlite3").exists()


def test_hot_seat_play_shows_the_bot_seats_moves_and_never_asks_for_them(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    game = new_game(db, "--bot-seat", "Cy=greedy").output.strip()
    played = invoke("play", game, "--db", db, stdin="1\n1\n1\n1\nq\n")
    assert played.exit_code == 0, played.output
    assert "Cy rolled" in played.output  # the service played Cy's seat, shown between the people's moves
    assert "Cy, your move" not in played.output
