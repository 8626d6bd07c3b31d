"""The kit shelf through the REST API: ``POST /kits`` (a document or its text; 201 for a new version, 200
when unchanged, 422 ``invalid-kit`` with every mistake), ``GET /kits``, ``GET /kits/{name}``,
``GET /kits/schema``; a kit's name in ``GET /rulesets/{name}`` and ``POST /games``. Every response is
checked against openapi.yaml by the test client."""

from __future__ import annotations

import copy
from pathlib import Path

from domain.games.table_kit.reading.kit import content_hash
from domain.games.table_kit.vocabulary.layout import SCHEMA
from domain.games.table_kit.rules import KITS, shipped_kit

PROBLEM = "urn:ludolog:problem:"
MISSIONS = shipped_kit("missions")
SNAKES = shipped_kit("snakes-and-ladders")
SNAKES_TEXT = Path(KITS / "snakes-and-ladders.yaml").read_text(encoding="utf-8")


def test_a_new_kit_is_201_with_its_version_and_hash_and_the_same_again_is_200_unchanged(client):
    added = client.post("/kits", json={"kit": MISSIONS})
    assert added.status_code == 201
    token = added.get_json().pop("token")
    assert added.get_json() == {"name": "missions-kit", "version": 1, "hash": content_hash(MISSIONS), "new": True, "token": token}
    assert len(token) >= 40
    assert added.headers["Location"] == "/kits/missions-kit?version=1"
    again = client.post("/kits", json={"kit": copy.deepcopy(MISSIONS)})
    assert again.status_code == 200
    assert again.get_json() == {"name": "missions-kit", "version": 1, "hash": content_hash(MISSIONS), "new": False}


def test_a_changed_kit_is_the_next_version_and_each_version_is_read_back(client):
    token = client.post("/kits", json={"kit": MISSIONS}).get_json()["token"]
    second = {**copy.deepcopy(MISSIONS), "title": "Missions, second draft"}
    added = client.post("/kits", json={"kit": second}, headers={"Authorization": f"Bearer {token}"})
    assert added.status_code == 201 and added.get_json()["version"] == 2
    latest = client.get("/kits/missions-kit")
    assert latest.status_code == 200
    assert latest.get_json() == {"name": "missions-kit", "version": 2, "hash": content_hash(second), "kit": second}
    first = client.get("/kits/missions-kit", query_string={"version": 1}).get_json()
    assert (first["version"], first["kit"]) == (1, MISSIONS)


def test_a_kit_is_added_from_its_yaml_text(client):
    added = client.post("/kits", json={"text": SNAKES_TEXT, "format": "yaml"})
    assert added.status_code == 201, added.get_json()
    assert added.get_json()["hash"] == content_hash(SNAKES)
    assert client.get("/kits/snakes-and-ladders").get_json()["kit"] == SNAKES


def test_the_list_names_each_kit_with_its_latest_version(client):
    assert client.get("/kits").get_json() == {"kits": []}
    client.post("/kits", json={"kit": SNAKES})
    token = client.post("/kits", json={"kit": MISSIONS}).get_json()["token"]
    client.post("/kits", json={"kit": {**copy.deepcopy(MISSIONS), "summary": "Shorter."}}, headers={"Authorization": f"Bearer {token}"})
    listed = client.get("/kits").get_json()["kits"]
    assert [(kit["name"], kit["title"], kit["version"]) for kit in listed] == [
        ("missions-kit", "Missions", 2), ("snakes-and-ladders", "Snakes and Ladders", 1)]


def test_the_schema_is_the_kit_formats(client):
    answer = client.get("/kits/schema")
    assert answer.status_code == 200 and answer.get_json() == SCHEMA


def test_a_kit_with_mistakes_is_422_with_every_mistake_and_nothing_is_stored(client):
    bad = {**copy.deepcopy(SNAKES), "pieces": [{"kind": "pawn", "owner": "each", "at": "x9"}],
           "counters": [{"name": "score", "start": 5, "max": 3}]}
    refused = client.post("/kits", json={"kit": bad})
    assert refused.status_code == 422
    problem = refused.get_json()
    assert problem["type"] == PROBLEM + "invalid-kit"
    assert problem["mistakes"] == ["pieces.0.at: no space named 'x9'", "counters.0.start: 5 is outside the range ..3"]
    assert client.get("/kits").get_json() == {"kits": []}


def test_a_kit_text_with_mistakes_is_422_naming_its_lines(client):
    text = SNAKES_TEXT.replace("seats: {fewest: 2, most: 6}", "seats: {fewest: 2, most: 6, many: 9}")
    refused = client.post("/kits", json={"text": text})
    assert refused.status_code == 422
    mistake, skipped = refused.get_json()["mistakes"]
    assert skipped == "kit:1: the kit: not checked until it fits the schema: names and ranges"
    line = 1 + text.splitlines().index("seats: {fewest: 2, most: 6, many: 9}")
    assert f":{line}:" in mistake and "many" in mistake
    unreadable = client.post("/kits", json={"text": "kit: [1,\n", "format": "yaml"})
    assert unreadable.status_code == 422 and unreadable.get_json()["mistakes"]
    assert client.get("/kits").get_json() == {"kits": []}


def test_a_body_that_is_neither_a_kit_nor_a_text_is_400(client):
    for body in ({}, {"kit": MISSIONS, "text": "kit: 1"}, {"kit": MISSIONS, "format": "yaml"}, {"kit": "missions"}, {"text": ""}):
        refused = client.post("/kits", json=body)
        assert refused.status_code == 400, body
        assert refused.get_json()["type"] == PROBLEM + "invalid-request"


def test_an_unknown_kit_or_version_is_404_naming_the_kits(client):
    missing = client.get("/kits/chess")
    assert missing.status_code == 404 and missing.get_json()["type"] == PROBLEM + "unknown-kit"
    client.post("/kits", json={"kit": SNAKES})
    assert "kits: snakes-and-ladders" in client.get("/kits/chess").get_json()["detail"]
    past = client.get("/kits/snakes-and-ladders", query_string={"version": 2})
    assert past.status_code == 404 and "versions 1 to 1, not 2" in past.get_json()["detail"]
    assert client.get("/kits/snakes-and-ladders", query_string={"version": 0}).status_code == 400


def test_a_kit_is_read_as_a_ruleset_by_its_name(client):
    client.post("/kits", json={"kit": SNAKES})
    answer = client.get("/rulesets/snakes-and-ladders")
    assert answer.status_code == 200
    ruleset = answer.get_json()
    assert (ruleset["name"], ruleset["title"], ruleset["min_seats"], ruleset["max_seats"]) == (
        "snakes-and-ladders", "Snakes and Ladders", 2, 6)
    assert ruleset["kit"]["version"] == 1 and ruleset["kit"]["hash"] == content_hash(SNAKES)
    assert "101 spaces" in ruleset["kit"]["components"]
    assert {"move", "roll", "pass", "end"} <= {command["type"] for command in ruleset["commands"]}
    unknown = client.get("/rulesets/chess")
    assert unknown.status_code == 404 and "kits: snakes-and-ladders" in unknown.get_json()["detail"]


def test_a_rulesets_name_comes_before_a_kits(client):
    client.post("/kits", json={"kit": MISSIONS})
    ruleset = client.get("/rulesets/missions").get_json()
    assert "kit" not in ruleset and ruleset["name"] == "missions"


def test_a_game_is_created_by_a_kits_name_with_its_latest_version(client):
    token = client.post("/kits", json={"kit": SNAKES}).get_json()["token"]
    newer = {**copy.deepcopy(SNAKES), "summary": "The second draft."}
    assert client.post("/kits", json={"kit": newer}, headers={"Authorization": f"Bearer {token}"}).status_code == 201
    made = client.post("/games", json={"ruleset": "snakes-and-ladders", "seats": ["Ann", "Ben"]})
    assert made.status_code == 201, made.get_json()
    body = made.get_json()
    assert body["ruleset"] == "table-kit" and body["name"] == "Snakes and Ladders"
    owner = {"Authorization": f"Bearer {body['owner_token']}"}
    state = client.get(f"/games/{body['id']}", headers=owner).get_json()
    assert state["options"]["kit"] == newer
    rolled = client.post(f"/games/{body['id']}/commands", json={"command": {"type": "roll", "die": "die"}, "seat": state["to_act"][0]},
                         headers=owner)
    assert rolled.status_code == 201, rolled.get_json()


def test_a_game_of_a_kit_given_whole_needs_no_shelf(client):
    made = client.post("/games", json={"ruleset": "table-kit", "seats": ["Ann", "Ben"], "options": {"kit": SNAKES}, "name": "Snakes"})
    assert made.status_code == 201, made.get_json()
    assert client.get("/kits").get_json() == {"kits": []}


def test_an_unknown_ruleset_or_kit_is_404_naming_both(client):
    refused = client.post("/games", json={"ruleset": "chess", "seats": ["Ann", "Ben"]})
    assert refused.status_code == 404
    assert refused.get_json()["type"] == PROBLEM + "unknown-ruleset"
    assert "kits: none on the shelf" in refused.get_json()["detail"]


def test_anyone_cannot_replace_another_persons_kit(client):
    """With no token, a stranger's content under an existing kit's name became its latest version, and
    POST /games by the name played it under the stranger's title. Now a new version needs the kit token."""
    token = client.post("/kits", json={"kit": MISSIONS}).get_json()["token"]
    strangers = {**copy.deepcopy(MISSIONS), "title": "Not yours any more"}
    for headers in ({}, {"Authorization": "Bearer not-the-token"}):
        refused = client.post("/kits", json={"kit": strangers}, headers=headers)
        assert refused.status_code == 403, refused.get_json()
        body = refused.get_json()
        assert body["type"] == PROBLEM + "forbidden" and body["kit"] == "missions-kit" and "token" in body["detail"]
    assert client.get("/kits/missions-kit").get_json()["version"] == 1
    made = client.post("/games", json={"ruleset": "missions-kit", "seats": ["Ann", "Ben", "Cy"]}).get_json()
    assert made["name"] == "Missions"
    assert client.post("/kits", json={"kit": strangers}, headers={"Authorization": f"Bearer {token}"}).status_code == 201


def test_a_kit_with_mistakes_in_every_stage_is_422_with_every_one_in_one_answer(client):
    pig = shipped_kit("pig")
    bad = copy.deepcopy(pig)
    bad["counters"][0]["start"], bad["counters"][0]["max"] = 5, 3  # names and ranges
    bad["play"]["actions"][0]["effects"][0] = {"roll": "dice"}  # the rules: an action's step
    bad["play"]["end"][0]["when"] = "scroe[seat] >= target"  # and an ending's condition
    refused = client.post("/kits", json={"kit": bad})
    assert refused.status_code == 422
    told = refused.get_json()["mistakes"]
    assert "counters.0.start: 5 is outside the range ..3" in told
    assert "play.actions.0.effects.0.roll: no die named 'dice' (did you mean \"die\"?)" in told
    assert any(line.startswith("play.end.0.when: 'scroe[seat] >= target' reads 'scroe'") and 'did you mean "score"' in line for line in told)
    assert len(told) == 3 and client.get("/kits").get_json() == {"kits": []}
