"""A game's salt over the API: drawn at random unless given with a seed to deal a finished game again;
refused, writing nothing, when it is malformed, comes without its seed or comes for a table game."""

from __future__ import annotations

import pytest

PROBLEM = "urn:ludolog:problem:"
GAME = {"ruleset": "correction", "seats": ["Ana", "Ben"]}


def finished(client, body: dict) -> dict:
    """Create a game and play it to its end as its owner, each turn the first legal command: its final state."""
    created = client.post("/games", json=body)
    assert created.status_code == 201, created.get_json()
    game_id, owner = created.get_json()["id"], {"Authorization": f"Bearer {created.get_json()['owner_token']}"}
    for _ in range(500):
        state = client.get(f"/games/{game_id}", headers=owner).get_json()
        if state["status"] == "over":
            return state
        seat = state["to_act"][0]
        command = client.get(f"/games/{game_id}/legal-commands?seat={seat}", headers=owner).get_json()["commands"][0]
        client.post(f"/games/{game_id}/commands", json={"command": command, "seat": seat}, headers=owner)
    raise AssertionError("no end after 500 commands")


def test_a_finished_games_revealed_seed_and_salt_deal_it_again(client):
    first = finished(client, {**GAME, "seed": "4242"})
    assert first["seed"] == "4242" and len(first["seed_salt"]) == 32
    again = finished(client, {**GAME, "seed": first["seed"], "salt": first["seed_salt"]})
    assert again["seed_commitment"] == first["seed_commitment"]
    assert again["view"] == first["view"] and again["version"] == first["version"]


def test_without_a_salt_each_game_draws_its_own(client):
    salts = {finished(client, {**GAME, "seed": "4242"})["seed_salt"] for _ in range(2)}
    assert len(salts) == 2


@pytest.mark.parametrize(("extra", "status", "problem", "words"), [
    ({"seed": "7", "salt": "5EED" * 8}, 400, "invalid-request", "32 lowercase hexadecimal digits"),
    ({"seed": "7", "salt": "5eed"}, 400, "invalid-request", "32 lowercase hexadecimal digits"),
    ({"seed": "7", "salt": 7}, 400, "invalid-request", "salt"),
    ({"salt": "5eed" * 8}, 422, "invalid-setup", "give the seed too"),
    ({"salt": "5eed" * 8, "table": True}, 422, "invalid-setup", "give no seed or salt"),
])
def test_a_salt_that_cannot_deal_a_game_is_refused_and_writes_nothing(client, extra, status, problem, words):
    answer = client.post("/games", json={**GAME, **extra})
    assert answer.status_code == status
    assert answer.get_json()["type"] == PROBLEM + problem and words in str(answer.get_json())
    assert client.get("/games").get_json()["total"] == 0
