"""``/games/{id}/review`` and its chart: a finished game's review for anyone, a game in play's for its owner
or a seat (its own eye), never for a spectator; bad budgets and table kits refused; the chart an SVG
with no script. Every answer is checked against openapi.yaml by the test client."""

from __future__ import annotations

import pytest
from quick_games import quick_options
from test_api_forks import play
from test_api_games import assert_problem

from api import thinking

SHORT = {"round_limit": 5}
"""A whole game of Infection in 5 rounds (the default is 25): a fifth as much to play and review."""


@pytest.fixture(params=[0, 1], ids=["in the server", "in a worker"])
def processes(request, app):
    app.config["LUDOLOG_BOT_PROCESSES"] = request.param
    yield request.param
    thinking._forget_pool()


def test_a_finished_games_review_is_anyones(client, new_game, processes):
    game = new_game("infection", options=SHORT, seed="reviewed")
    game.play_to_end()
    response = client.get(f"{game.url}/review?budget=10")
    assert response.status_code == 200
    body = response.get_json()
    assert body["game"] == game.id and body["eye"] is None and body["budget"] == 10 and body["judged"] > 0
    assert body["estimates"][-1]["chance"] in ([1.0, 0.0], [0.0, 1.0], [0.5, 0.5])
    steps = {moment["step"] for moment in body["key_moments"]}
    assert {m["step"] for m in body["mistakes"]} <= steps and {c["step"] for c in body["lead_changes"]} <= steps
    chart = client.get(f"{game.url}/review/chart?budget=10")
    assert chart.status_code == 200 and chart.mimetype == "image/svg+xml"
    assert b"<script" not in chart.data and b"Ana" in chart.data


def test_a_game_in_play_is_reviewed_by_a_seat_from_its_eye_or_by_the_owner(client, new_game):
    game = new_game("location-ccg", options={"turn_limit": 10}, seed="in play")
    play(client, game, 20)
    assert_problem(client.get(f"{game.url}/review?budget=5"), 403, "forbidden")
    mine = client.get(f"{game.url}/review?budget=5", headers=game.seat[2]).get_json()
    assert mine["eye"] == 2 and all(m["seat"] == 2 for m in mine["mistakes"])
    assert client.get(f"{game.url}/review?budget=5", headers=game.owner).get_json()["eye"] is None


def test_a_bad_review_request_is_refused(client, new_game):
    game = new_game("infection", seed="bad review")
    for query in ("budget=0", "budget=401", "budget=many", "colour=red"):
        assert_problem(client.get(f"{game.url}/review?{query}", headers=game.owner), 400, "invalid-request")
    assert_problem(client.get("/games/0b1e7f1a-3c59-4a8e-9d7c-6f2a1e9b0c3d/review"), 404, "unknown-game")
    kit = new_game("table-kit", options=quick_options("table-kit"))
    assert_problem(client.get(f"{kit.url}/review", headers=kit.owner), 422, "invalid-setup")


def test_the_key_moments_are_bookmarked_in_one_request(client, new_game):
    game = new_game("infection", options=SHORT, seed="bookmarked")
    game.play_to_end()
    assert_problem(client.post(f"{game.url}/review/bookmarks?budget=10"), 401, "unauthorized")
    response = client.post(f"{game.url}/review/bookmarks?budget=10", headers=game.seat[1])
    assert response.status_code == 201
    body = response.get_json()
    assert body["written"] == len(body["key_moments"]) > 0
    notes = client.get(f"{game.url}/notes", headers=game.seat[1]).get_json()["notes"]
    assert sorted(n["at"] for n in notes if n["bookmark"]) == sorted(m["step"] for m in body["key_moments"])
    assert all(n["visibility"] == "private" for n in notes)
    assert client.get(f"{game.url}/notes", headers=game.seat[2]).get_json()["notes"] == []
    assert client.post(f"{game.url}/review/bookmarks?budget=10", headers=game.seat[1]).get_json()["written"] == 0


def test_the_diary_export_holds_the_review_when_asked(client, new_game):
    game = new_game("infection", options=SHORT, seed="diary")
    game.play_to_end()
    diary = client.get(f"{game.url}/export?format=md&review=true&budget=5")
    assert diary.status_code == 200 and "## Review" in diary.get_data(as_text=True)
    assert "## Review" not in client.get(f"{game.url}/export?format=md").get_data(as_text=True)
    assert_problem(client.get(f"{game.url}/export?format=csv&review=true"), 422, "invalid-setup")
    assert_problem(client.get(f"{game.url}/export?format=md&budget=5"), 422, "invalid-setup")


def test_bookmarking_without_a_token_is_401_as_documented_even_while_the_game_is_played(client, new_game):
    game = new_game("infection", seed="no token")
    seat = client.get(game.url).get_json()["to_act"][0]
    legal = client.get(f"{game.url}/legal-commands", headers=game.seat[seat]).get_json()["commands"]
    assert client.post(f"{game.url}/commands", json={"command": legal[0]}, headers=game.seat[seat]).status_code == 201
    assert client.get(game.url).get_json()["status"] == "active"
    assert_problem(client.post(f"{game.url}/review/bookmarks?budget=2"), 401, "unauthorized")
