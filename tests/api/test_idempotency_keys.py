"""An ``Idempotency-Key`` is honoured by ``POST /games/{id}/commands`` and refused everywhere else a request
changes something, never ignored: a create sent with a key is answered 400 ``invalid-request`` and creates
nothing (before, the same key twice made two games, the first one's tokens lost)."""

from __future__ import annotations

import pytest

KEY = {"Idempotency-Key": "create-once"}
SEATS = {"ruleset": "correction", "seats": ["Ana", "Ben"]}


def _refused(response) -> str:
    assert response.status_code == 400, response.get_data()
    problem = response.get_json()
    assert problem["type"] == "urn:ludolog:problem:invalid-request"
    assert "does not take an Idempotency-Key" in problem["detail"] and "nothing was done" in problem["detail"]
    return problem["detail"]


def test_a_game_created_with_a_key_is_refused_and_none_is_made(client):
    before = client.get("/games").get_json()
    _refused(client.post("/games", json=SEATS, headers=KEY))
    _refused(client.post("/games", json=SEATS, headers=KEY))
    assert client.get("/games").get_json() == before


@pytest.mark.parametrize("route", ["notes", "forks", "joining"])
def test_the_other_creates_of_a_game_refuse_a_key_and_write_nothing(client, new_game, route):
    game = new_game("correction", ("Ana", "Ben"))
    bodies = {"notes": {"at": 1, "text": "a note"}, "forks": {"at": 1}, "joining": {}}
    before = client.get(f"{game.url}/events", headers=game.owner).get_json()
    _refused(client.post(f"{game.url}/{route}", json=bodies[route], headers={**game.owner, **KEY}))
    assert client.get(f"{game.url}/events", headers=game.owner).get_json() == before
    assert client.get(f"{game.url}/notes", headers=game.owner).get_json()["notes"] == []
    assert client.get(f"{game.url}/joining", headers=game.owner).get_json()["open"] is False


def test_a_command_still_takes_its_key_and_a_read_ignores_one(client, new_game):
    game = new_game("correction", ("Ana", "Ben"))
    (seat,) = client.get(game.url).get_json()["to_act"]
    command = client.get(f"{game.url}/legal-commands", headers=game.seat[seat]).get_json()["commands"][0]
    first = client.post(f"{game.url}/commands", json={"command": command}, headers={**game.seat[seat], **KEY})
    again = client.post(f"{game.url}/commands", json={"command": command}, headers={**game.seat[seat], **KEY})
    assert (first.status_code, again.status_code) == (201, 201) and again.headers["Idempotent-Replayed"] == "true"
    assert client.get(game.url, headers=KEY).status_code == 200
