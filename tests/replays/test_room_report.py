"""A room's playtest report counts exactly the finished games of the room, seat by seat, as the balance report counts a
study's games; games still being played, aborted or ended by the players are counted apart, each table named; its bot
column is the balance study's figure for the same rules and options, seeded from the room's code; a stored game reads
as the study's record of the same game; names are data in Markdown and HTML."""

from __future__ import annotations

import json

import pytest

from domain.keeping.ending import Endings
from domain.keeping.room_views import table_games
from domain.keeping.rooms import AT_THE_STORE, Rooms
from domain.thinking.balance.findings import findings
from domain.thinking.balance.study import (
    Study,
    play_study_game,
    study_games,
    study_salt,
)
from replays import room_report_text
from replays.room_report import bot_study, room_report, stored_record, study_seed

NAMES = ["<b>Ann</b>", "*Ben*", "Cy | Dee", "# Eve", "Fay", "Gus", "Hal", "[Ivy](http://example.com)", "Jo", "Kim"]
BOT_GAMES = 12


@pytest.fixture
def room(service):
    """A room of two-seat Correction tables the teacher starts: tables 1 and 2 played to their ends by random bots,
    table 3 aborted, table 4 resigned, table 5 still being played; and a game of Correction outside the room, over."""
    rooms = Rooms(service)
    opened, _ = rooms.open("correction", seats_per_table=2, start="teacher", name="Class <i>4B</i>")
    for name in NAMES:
        rooms.join(opened.code, name)
    rooms.start(opened.code, AT_THE_STORE)
    games = dict(table_games(rooms.room(opened.code)))
    for table in (1, 2):
        for _ in service.play_bots(games[table], bot_seed=table):
            pass
    Endings(service).abort(games[3], 1)
    seat = service.game(games[4]).to_act()[0]
    next(service.play_bots(games[4], seats=[seat], bot_seed=4))
    Endings(service).resign(games[4], 1)
    outside = service.create_game("correction", ["Out", "Side"])
    for _ in service.play_bots(outside, bot_seed=9):
        pass
    return rooms.room(opened.code), games


def test_the_report_counts_exactly_the_rooms_finished_games_seat_by_seat(service, room):
    found, games = room
    report = room_report(service, found, bot_games=0)
    assert report["counts"] == {"finished": 2, "playing": 1, "aborted": 1, "ended by the players": 1, "fewer seats": 0}
    fairness = report["people"]["fairness"]
    assert fairness["games"] == 2
    winners = [service.game(games[table]).outcome().winners for table in (1, 2)]
    for row in fairness["seats"]:
        assert row["count"] == sum(1 for won in winners if won == [row["seat"]])
    assert fairness["decided"] == sum(1 for won in winners if len(won) == 1)
    assert {row["table"]: row["status"] for row in report["tables"]} == {
        1: "finished", 2: "finished", 3: "aborted", 4: "ended by the players", 5: "playing"}
    assert report["bots"] is None and report["bots_left_out"] == "no bot games were asked for"
    assert report["people"]["length"]["turns"]["max"] == max(service.game(games[t]).rules.turn_number(service.game(games[t]).state)
                                                             for t in (1, 2))


def test_the_bots_column_is_the_balance_studys_figure_for_the_same_rules_and_options(service, room):
    found, _ = room
    report = room_report(service, found, bot_games=BOT_GAMES)
    study = Study("correction", 2, found.options, ("random", "random"), fixed_sides=True)
    assert bot_study(found) == study
    expected = findings(study, [play_study_game(*task) for task in study_games(study, f"room-{found.code}", BOT_GAMES)])
    assert report["bots"]["seed"] == study_seed(found.code) == f"room-{found.code}"
    assert report["bots"]["findings"]["fairness"] == expected["fairness"]
    for row, bots in zip(report["beside"]["seats"], expected["fairness"]["seats"]):
        assert (row["bots"]["count"], row["bots"]["of"], row["bots"]["rate"]) == (bots["count"], bots["of"], bots["rate"])
    assert report["bots"]["findings"]["length"]["turns"]["median"] == expected["length"]["turns"]["median"]
    again = room_report(service, found, bot_games=BOT_GAMES, play=lambda tasks: [play_study_game(*task) for task in tasks])
    assert again["beside"] == report["beside"]  # the same room, the same bots' games, played here or elsewhere


def test_the_bots_are_the_rooms_filling_bots_greedy_standing_in_for_searching_ones(service):
    opened, _ = Rooms(service).open("correction", seats_per_table=2, fill={"strategy": "greedy", "pace_ms": 0})
    assert bot_study(opened).bots == ("greedy", "greedy")
    searching, _ = Rooms(service).open("correction", seats_per_table=2, fill={"strategy": "search", "budget": "200ms", "pace_ms": 0})
    assert (bot_study(searching).bots, bot_study(searching).budget) == (("greedy", "greedy"), None)  # minutes a game
    assert (bot_study(searching, "search").bots, bot_study(searching, "search").budget) == (("search", "search"), "50")
    text = room_report_text.to_markdown(room_report(service, searching, bot_games=2))
    assert "The room's seats were filled by search bots" in text and "greedy bots play the study in their place" in text


def test_a_stored_game_reads_as_the_studys_record_of_the_same_game(service):
    study = Study("correction", 2, {}, ("random", "random"), fixed_sides=True)
    played = play_study_game(study, "parity:0")
    game_id = service.create_game("correction", study.seats, study.options, seed=played["seed"], salt=study_salt(played["seed"]))
    for seat, command in played["moves"]:
        service.submit(game_id, seat, command)
    stored = stored_record(service, service.game(game_id), "the game")
    same = ("winners", "reason", "ending", "at_limit", "turns", "commands", "sides", "usage", "cards", "lead_changes",
            "settled_turn", "midpoint_leader", "comeback", "winner_led")
    assert {key: stored[key] for key in same} == {key: played[key] for key in same}
    assert stored["bots"] == ["person", "person"] and stored["seed"] == "the game"


def test_the_report_says_how_few_games_the_class_played_and_lists_every_table(service, room):
    found, _ = room
    text = room_report_text.to_markdown(room_report(service, found, bot_games=BOT_GAMES))
    assert "The class played only 2 games to the end" in text
    assert "Counted apart, not as results: 1 still being played; 1 aborted (no result); 1 ended by a resignation" in text
    assert "95% interval" in text and f"seeds room-{found.code}:0 to room-{found.code}:{BOT_GAMES - 1}" in text
    for table in range(1, 6):
        assert f"Table {table} (" in text


def test_names_are_data_in_markdown_and_html(service, room):
    found, _ = room
    report = room_report(service, found, bot_games=0)
    markdown = room_report_text.to_markdown(report)
    assert "\\<b\\>Ann\\</b\\>" in markdown and "<b>" not in markdown
    assert "\\[Ivy\\](http://example.com)" in markdown and "\\*Ben\\*" in markdown
    assert "# Playtest report of Class \\<i\\>4B\\</i\\>" in markdown
    page = room_report_text.to_html(report)
    assert "&lt;b&gt;Ann&lt;/b&gt;" in page and "<b>Ann" not in page and "<i>4B" not in page
    assert json.loads(room_report_text.to_json(report))["tables"][0]["names"] == ["<b>Ann</b>", "*Ben*"]


def test_a_room_with_no_table_started_is_reported_with_nothing_to_count(service):
    rooms = Rooms(service)
    opened, _ = rooms.open("correction", seats_per_table=2, start="teacher")
    report = room_report(service, rooms.room(opened.code), bot_games=0)
    assert report["people"] is None and report["tables"] == []
    text = room_report_text.to_markdown(report)
    assert "The class has finished no game by its rules yet" in text and "No table has started yet." in text
