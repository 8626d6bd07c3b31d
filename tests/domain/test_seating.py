"""Seat names: the one rule for new games (CLI and API alike), and seats named with their roles."""

from __future__ import annotations

import json

import pytest

from domain.engine.errors import InvalidSetup, NotYourTurn
from domain.engine.seating import check_seat_names, seat_label
from domain.keeping.service import GameService
from domain.keeping.store import store_env

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

REFUSED = [
    ("Ana\x00", "control character U+0000"),
    ("\x1b[31mAna", "control character U+001B"),
    ("Ana\nBen", "control character U+000A"),
    ("Ana\u202eneB", "control character U+202E"),
    ("An\u200ba", "control character U+200B"),
    ("Ana\u2028", "control character U+2028"),
    ("", "is blank"),
    ("   ", "is blank"),
    (" Ana", "starts or ends with a space"),
    ("Ana ", "starts or ends with a space"),
    ("2", "only digits"),
    ("007", "only digits"),
    ("\u0661", "only digits"),  # Arabic-Indic one
    ("x" * 41, "at most 40"),
    ("\u3164", "shows as nothing"),  # Hangul filler
    ("\u2800", "shows as nothing"),  # blank Braille pattern
    ("\uffa0", "shows as nothing"),
    ("\u115f\u1160", "shows as nothing"),
    ("Ana\u3164", "shows as nothing"),
    ("the owner", "reads as someone other than this player"),
    ("Owner", "reads as someone other than this player"),
    ("a spectator", "reads as someone other than this player"),
    ("seat 1", "reads as someone other than this player"),  # seat 2 named after seat 1
    ("Player 1", "reads as someone other than this player"),  # seat 2 named after player 1
]


@pytest.mark.parametrize(("name", "reason"), REFUSED)
def test_seat_names_that_cannot_be_read_or_told_from_a_seat_number_are_refused(name, reason):
    with pytest.raises(InvalidSetup) as refused:
        check_seat_names(["Zed", name])
    assert "seat 2's name" in refused.value.message and reason in refused.value.message
    assert "\x1b" not in refused.value.message and "\x00" not in refused.value.message  # shown escaped


@pytest.mark.parametrize("names", [["A", "a"], ["Ana", "ANA"], ["A", "\uff21"], ["Straße", "STRASSE"]])
def test_seat_names_that_differ_only_in_case_or_form_are_refused(names):
    with pytest.raises(InvalidSetup, match="seats 1 and 2 are both named"):
        check_seat_names(names)


@pytest.mark.parametrize("name", ["Ana", "Zoë", "李雷", "R2-D2", "Ben 2", "O'Brien", "👨\u200d👩\u200d👧", "x" * 40,
                                  "Ownership", "Seatbelt", "Seat 2", "Player2"])
def test_ordinary_names_are_accepted(name):
    check_seat_names(["Zed", name])  # "Seat 2" and "Player2" name seat 2: itself


def test_a_card_set_brings_names_under_the_same_rule():
    from domain.games.squad_combat.cards import demo_set_data, parse_card_set

    data = json.loads(json.dumps(demo_set_data()))
    data["characters"][0]["name"] = "\x1b]0;pwned\x07Bruiser"
    data["cards"][0]["traits"] = ["\u3164"]
    data["squads"]["the\nowner"] = data["squads"].pop(next(iter(data["squads"])))
    with pytest.raises(InvalidSetup) as refused:
        parse_card_set(data)
    message = refused.value.message
    assert "control character U+001B" in message and "shows as nothing" in message and "control character U+000A" in message
    assert "\x1b" not in message and "\n" not in message  # shown escaped


def test_an_import_brings_seat_names_under_the_same_rule(service):
    from replays import records

    game_id = service.create_game("correction", ["Ann", "Ben"], seed="import-names", salt=SALT)
    lines = records.to_ndjson(service, game_id).splitlines()
    for bad in ("\x1b[31mAnn", "x" * 300, "the owner"):
        head = json.loads(lines[0])
        head["seats"] = [bad, "Ben"]
        with pytest.raises(InvalidSetup, match="the export's seat names break the rule for names"):
            records.import_game(GameService(env=store_env(None)), "\n".join([json.dumps(head), *lines[1:]]))


def test_a_name_no_xml_may_hold_is_drawn_as_a_replacement_character():
    """A game recorded before names were checked may hold one: its board still parses."""
    from xml.etree import ElementTree

    from replays.drawing import to_svg

    picture = {"width": 4, "height": 1, "items": [{"kind": "text", "x": 0, "y": 0, "text": "Ann\x1b]0;x\x07"},
                                                  {"kind": "piece", "id": "p\x01", "at": "a1", "label": "p", "x": 0, "y": 0}]}
    svg = to_svg(picture, ["Ann\x07", "Ben"])
    ElementTree.fromstring(svg)  # well-formed
    assert "\x1b" not in svg and "\x07" not in svg and "\x01" not in svg and "\ufffd" in svg


def test_a_refused_name_creates_no_game(store_service):
    with pytest.raises(InvalidSetup, match="only digits"):
        store_service.create_game("correction", ["2", "1"])
    with pytest.raises(InvalidSetup, match="both named"):
        store_service.open_game("correction", ["Ana", "ana"])
    assert store_service.list_games() == []
    assert store_service.recorder.max_notification_id() in (0, None)


def test_the_cli_refuses_a_bad_seat_name_in_one_line(tmp_path):
    from click.testing import CliRunner

    from cli.main import cli

    db = str(tmp_path / "games.sqlite3")
    result = CliRunner().invoke(cli, ["new", "correction", "--seat", "Ana", "--seat", "\x1b[31mBen", "--db", db])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == ["Error: seat 2's name '\\x1b[31mBen' holds the control character U+001B; names are plain text"]
    assert "\x1b" not in result.output


def test_the_api_refuses_a_bad_seat_name_with_422(tmp_path):
    from api import create_app

    app = create_app({"LUDOLOG_DATABASE_URL": str(tmp_path / "games.sqlite3"), "TESTING": True})
    answer = app.test_client().post("/games", json={"ruleset": "correction", "seats": ["A", "a"]})
    assert answer.status_code == 422
    assert answer.json["type"] == "urn:ludolog:problem:invalid-setup"
    assert "seats 1 and 2 are both named 'a'" in answer.json["detail"]
    assert app.test_client().get("/games").json["total"] == 0


def test_a_seat_is_named_with_its_player_number_where_they_differ():
    assert seat_label(["Ana", "Ben"], 2, {2: "Player 1", 1: "Player 2"}) == "Ben (seat 2, Player 1)"
    assert seat_label(["Ana", "Ben"], 1, {}) == "Ana (seat 1)"


def first_player_is_seat_2(service, ruleset: str) -> object:
    for seed in range(50):
        game_id = service.create_game(ruleset, ["Ana", "Ben"], seed=str(seed), salt=SALT)
        game = service.game(game_id)
        if game.to_act() == [2]:
            return game_id
    raise AssertionError("no seed in 0-49 made seat 2 go first")


@pytest.mark.parametrize("ruleset", ["correction", "project-assassination"])
def test_the_coin_flip_winner_is_player_1_whatever_their_seat(service, ruleset):
    game_id = first_player_is_seat_2(service, ruleset)
    game = service.game(game_id)
    assert game.rules.seat_roles(game.state) == {2: "Player 1", 1: "Player 2"}
    status = service.status(game_id)
    assert status["seats"] == [{"seat": 1, "name": "Ana", "role": "Player 2"}, {"seat": 2, "name": "Ben", "role": "Player 1"}]
    command = game.rules.legal_commands(game.state, 2)[0]
    with pytest.raises(NotYourTurn, match=r"waiting for Ben \(seat 2, Player 1\)"):
        service.submit(game_id, 1, command)


@pytest.mark.parametrize("ruleset", ["correction", "project-assassination"])
def test_a_seat_that_is_its_own_player_number_has_no_role(service, ruleset):
    for seed in range(50):
        game_id = service.create_game(ruleset, ["Ana", "Ben"], seed=str(seed), salt=SALT)
        game = service.game(game_id)
        if game.to_act() == [1]:
            assert game.rules.seat_roles(game.state) == {}
            assert [seat["role"] for seat in service.status(game_id)["seats"]] == [None, None]
            return
    raise AssertionError("no seed in 0-49 made seat 1 go first")


def test_the_replay_screen_names_seats_with_their_player_numbers(service):
    from replays.cursor import Cursor
    from replays.screen import screen

    game_id = first_player_is_seat_2(service, "project-assassination")
    game = service.game(game_id)
    service.submit(game_id, 2, game.rules.legal_commands(game.state, 2)[0])
    cursor = Cursor(service, game_id, viewer=2)
    cursor.last()
    shown = screen(cursor, ["Ana", "Ben"])
    assert "replayed as Ben (seat 2, Player 1)" in shown
    event_line = next(line for line in shown.splitlines() if line.startswith("#"))
    assert event_line.endswith("Ben (seat 2, Player 1)")


def test_the_terminal_status_names_the_winner_and_the_seat_to_act_with_their_player_numbers(service):
    from cli.terminal import format_status

    game_id = first_player_is_seat_2(service, "correction")
    status = service.status(game_id)
    assert format_status(status, service.game(game_id).rules).splitlines()[-1] == "To act: Ben (seat 2, Player 1)"


def test_the_diary_names_the_seat_it_waits_for_with_its_player_number(service):
    from replays.diary import to_markdown

    game_id = first_player_is_seat_2(service, "correction")
    assert "Still being played: waiting for Ben (seat 2, Player 1)." in to_markdown(service, game_id)
