"""A game id has one spelling in URLs (lower case, with dashes); a seed may be a string or a whole
number, and nothing else."""

from __future__ import annotations

import uuid

import pytest

PROBLEM = "urn:ludolog:problem:"

SALT = "0123456789abcdef" * 2
"""One salt for the games a test compares: a game's chance comes from its seed and its salt (with this
one, seeds 7 and 8 deal differently in both rulesets below)."""

SPELLINGS = {
    "upper case": str.upper,
    "no dashes": lambda text: text.replace("-", ""),
    "braces": lambda text: "{" + text + "}",
    "urn": lambda text: "urn:uuid:" + text,
}
"""The other spellings ``uuid.UUID`` reads as the same id."""


@pytest.mark.parametrize("spelling", sorted(SPELLINGS))
def test_a_game_is_read_only_by_its_canonical_id(client, new_game, spelling):
    game = new_game()
    other = SPELLINGS[spelling](game.id)
    assert uuid.UUID(other) == uuid.UUID(game.id)
    assert client.get(game.url).status_code == 200
    response = client.get(f"/games/{other}", headers=game.owner)
    assert response.status_code == 404
    body = response.get_json()
    assert body["type"] == PROBLEM + "unknown-game"
    assert game.id in body["detail"] and "lower case with dashes" in body["detail"]


@pytest.mark.parametrize("spelling", sorted(SPELLINGS))
def test_a_command_to_another_spelling_of_the_id_is_refused_and_writes_nothing(client, new_game, spelling):
    game = new_game()
    state = client.get(game.url).get_json()
    seat = state["to_act"][0]
    command = client.get(f"{game.url}/legal-commands", headers=game.seat[seat]).get_json()["commands"][0]
    other = SPELLINGS[spelling](game.id)
    response = client.post(f"/games/{other}/commands", json={"command": command}, headers=game.seat[seat])
    assert response.status_code == 404
    assert response.get_json()["type"] == PROBLEM + "unknown-game"
    assert game.id in response.get_json()["detail"]
    assert client.get(game.url).get_json()["version"] == state["version"]
    played = client.post(f"{game.url}/commands", json={"command": command}, headers=game.seat[seat])
    assert played.status_code == 201


def test_what_is_no_uuid_at_all_is_still_an_unknown_game(client):
    response = client.get("/games/not-a-game")
    assert response.status_code == 404
    assert "a game id is a UUID" in response.get_json()["detail"]


# -- seeds ---------------------------------------------------------------------------------------


def _facts(client, game) -> list[tuple[str, dict]]:
    """The game's events after its creation, as the owner sees them (the facts its seed decided)."""
    events = client.get(f"{game.url}/events", headers=game.owner).get_json()["events"]
    return [(event["type"], event["data"]) for event in events if event["number"] > 1]


@pytest.mark.parametrize("ruleset", ["squad-combat", "location-ccg"])  # their setups deal hands: seeds 7 and 8 differ (with SALT)
def test_a_whole_number_seed_makes_the_same_game_as_its_digits(client, new_game, ruleset):
    seats = ("Ana", "Ben")
    as_number, as_text = new_game(ruleset, seats, seed=7, salt=SALT), new_game(ruleset, seats, seed="7", salt=SALT)
    other = new_game(ruleset, seats, seed="8", salt=SALT)
    assert _facts(client, as_number) == _facts(client, as_text) != _facts(client, other)
    view = client.get(as_number.url, headers=as_number.owner).get_json()["view"]
    assert view == client.get(as_text.url, headers=as_text.owner).get_json()["view"]


def test_a_whole_number_written_with_a_point_zero_is_that_whole_number(client, new_game):
    """Found by the audit: JSON (and the spec's JSON Schema) cannot tell 24405945825.0 from 24405945825,
    but the server refused it. Seeds, seats and note events take it as the whole number."""
    seats = ("Ana", "Ben")
    as_float = new_game("correction", seats, seed=24405945825.0, salt=SALT)
    as_int = new_game("correction", seats, seed=24405945825, salt=SALT)
    assert _facts(client, as_float) == _facts(client, as_int)
    seat = client.get(as_float.url).get_json()["to_act"][0]
    command = client.get(f"{as_float.url}/legal-commands?seat={seat}", headers=as_float.owner).get_json()["commands"][0]
    played = client.post(f"{as_float.url}/commands", json={"command": command, "seat": float(seat)}, headers=as_float.owner)
    assert played.status_code == 201, played.get_json()
    note = client.post(f"{as_float.url}/notes", json={"at": 1.0, "text": "the start"}, headers=as_float.owner)
    assert note.status_code == 201 and note.get_json()["at"] == 1


@pytest.mark.parametrize("seed", [True, False, 7.5, {"seed": 7}, [7], 10**200])
def test_a_seed_that_is_no_string_or_whole_number_is_a_400(client, seed):
    before = client.get("/games").get_json()["total"]
    response = client.post("/games", json={"ruleset": "project-assassination", "seats": ["Ana", "Ben"], "seed": seed})
    assert response.status_code == 400
    body = response.get_json()
    assert body["type"] == PROBLEM + "invalid-request"
    assert body["detail"].startswith("seed: ")
    assert client.get("/games").get_json()["total"] == before
