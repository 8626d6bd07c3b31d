"""``/games/{id}/forks``: a fork made over the API is a game with its own tokens and its trunk named;
who may fork decides what the fork knows; a game's forks are listed with their trunk; bad requests change
nothing."""

from __future__ import annotations

import random
import uuid

from test_api_games import assert_problem, game_count

from domain.engine.chain import plain


def play(client, game, commands):
    """``commands`` random commands, the owner acting for the seat to act."""
    rng = random.Random(1)
    for _ in range(commands):
        state = client.get(game.url, headers=game.owner).get_json()
        if state["status"] == "over":
            return
        seat = state["to_act"][0]
        legal = client.get(f"{game.url}/legal-commands?seat={seat}", headers=game.owner).get_json()["commands"]
        assert client.post(f"{game.url}/commands", json={"command": rng.choice(legal), "seat": seat}, headers=game.owner).status_code == 201


def test_the_owner_forks_a_game_at_a_step_and_the_fork_is_played_with_its_own_tokens(client, new_game, app):
    trunk = new_game("infection", seed="forked")
    play(client, trunk, 20)
    response = client.post(f"{trunk.url}/forks", json={"step": 12, "name": "What if"}, headers=trunk.owner)
    assert response.status_code == 201
    body = response.get_json()
    assert body["fork"]["game"] == trunk.id and body["fork"]["step"] == 12 and body["fork"]["eye"] is None
    assert body["name"] == "What if" and response.headers["Location"] == f"/games/{body['id']}"
    fork_url = f"/games/{body['id']}"
    seat = {s["seat"]: {"Authorization": f"Bearer {s['token']}"} for s in body["seats"]}
    state = client.get(fork_url, headers=seat[1]).get_json()
    assert state["fork"] == body["fork"] and state["version"] == 1
    to_act = state["to_act"][0]
    legal = client.get(f"{fork_url}/legal-commands", headers=seat[to_act]).get_json()["commands"]
    assert client.post(f"{fork_url}/commands", json={"command": legal[0]}, headers=seat[to_act]).status_code == 201
    assert client.get(fork_url, headers=trunk.seat[1]).status_code == 401  # the trunk's tokens are not the fork's
    listed = client.get(f"{trunk.url}/forks").get_json()
    assert listed["total"] == 1 and listed["forks"][0]["id"] == body["id"] and listed["forks"][0]["fork"]["game"] == trunk.id
    service = app.extensions["ludolog"]
    link = plain(service.game(uuid.UUID(body["id"])).fork)
    assert {key: link[key] for key in body["fork"]} == plain(body["fork"]) and len(link["seal"]) == 64


def test_a_seat_forks_a_game_in_play_from_what_it_saw(client, new_game, app):
    trunk = new_game("location-ccg", options={"turn_limit": 10}, seed="hands")
    play(client, trunk, 25)
    version = client.get(trunk.url).get_json()["version"]
    response = client.post(f"{trunk.url}/forks", json={"step": version}, headers=trunk.seat[2])
    assert response.status_code == 201
    body = response.get_json()
    assert body["fork"]["eye"] == 2
    mine = {"Authorization": f"Bearer {body['seats'][1]['token']}"}
    seen_in_fork = client.get(f"/games/{body['id']}", headers=mine).get_json()["view"]
    seen_in_trunk = client.get(trunk.url, headers=trunk.seat[2]).get_json()["view"]
    assert seen_in_fork == seen_in_trunk


def test_without_a_token_only_a_game_that_is_over_is_forked(client, new_game):
    trunk = new_game("infection", seed="spectator")
    play(client, trunk, 10)
    before = game_count(client)
    assert_problem(client.post(f"{trunk.url}/forks", json={"step": 5}), 403, "forbidden")
    assert game_count(client) == before
    trunk.play_to_end()
    response = client.post(f"{trunk.url}/forks", json={"step": 5})
    assert response.status_code == 201 and response.get_json()["fork"]["eye"] is None


def test_a_bad_fork_request_is_refused_and_changes_nothing(client, new_game):
    trunk = new_game("infection", seed="bad")
    play(client, trunk, 6)
    before = game_count(client)
    for body in ({}, {"step": "3"}, {"step": 0}, {"step": True}, {"step": 3, "colour": "red"}, {"step": 3, "seed": [1]}):
        assert_problem(client.post(f"{trunk.url}/forks", json=body, headers=trunk.owner), 400, "invalid-request")
    assert_problem(client.post(f"{trunk.url}/forks", json={"step": 999}, headers=trunk.owner), 422, "invalid-setup")
    assert_problem(client.post(f"{trunk.url}/forks", json={"step": 1}, headers=trunk.owner), 422, "invalid-setup")
    assert_problem(client.post(f"{trunk.url}/forks", json={"step": 3}, headers={"Authorization": "Bearer nope"}), 401)
    assert_problem(client.post("/games/0b1e7f1a-3c59-4a8e-9d7c-6f2a1e9b0c3d/forks", json={"step": 3}, headers=trunk.owner), 404, "unknown-game")
    assert_problem(client.get("/games/0b1e7f1a-3c59-4a8e-9d7c-6f2a1e9b0c3d/forks"), 404, "unknown-game")
    assert game_count(client) == before
    assert client.get(f"{trunk.url}/forks").get_json() == {"forks": [], "total": 0}
