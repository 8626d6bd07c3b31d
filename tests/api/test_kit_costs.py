"""A kit's check costs little per byte: a small kit that lists a large complete graph cost seconds of CPU
(its neighbour lists walked through the JSON Schema at a quarter of a millisecond an entry), with no token
and outside the costly-request limit. Now a kit over a size limit is refused in one line before the schema
walks it, a playable kit is checked by the compiled validator alone, and checking a kit through the API
counts as a costly request (429 ``too-many-at-once`` with ``Retry-After``)."""

from __future__ import annotations

import copy

import pytest
from quick_games import quick_options

from domain.games.table_kit.reading import checks
from domain.games.table_kit.rules import shipped_kit

PROBLEM = "urn:ludolog:problem:"


def complete_graph_kit(spaces: int) -> dict:
    names = [f"s{n}" for n in range(spaces)]
    kit = copy.deepcopy(shipped_kit("snakes-and-ladders"))
    kit["name"] = "complete-graph"
    kit["spaces"] = [{"name": "web", "kind": "graph", "neighbours": {a: [b for b in names if b != a] for a in names}}]
    kit.pop("pieces", None)
    return kit


@pytest.fixture
def no_schema_walk(monkeypatch):
    """The slow walker fails the test if it is asked to walk a document."""
    def refuse():
        raise AssertionError("the kit was walked by jsonschema")
    monkeypatch.setattr(checks, "_validator", refuse)


def test_a_small_kit_listing_a_large_complete_graph_is_refused_in_one_line_before_the_schema_walks_it(client, no_schema_walk):
    kit = complete_graph_kit(90)  # 8,010 neighbours in a 50 KB body
    for answer in (client.post("/kits", json={"kit": kit}),
                   client.post("/games", json={"ruleset": "table-kit", "seats": ["Ann", "Ben"], "options": {"kit": kit}})):
        assert answer.status_code == 422, answer.get_json()
        body = answer.get_json()
        assert body["type"] in (PROBLEM + "invalid-kit", PROBLEM + "invalid-setup")  # POST /kits, POST /games
        assert "8,010 neighbours in all, more than the 2,000 a kit may" in body["detail"]
    assert client.get("/kits").get_json()["kits"] == [] and client.get("/games").get_json()["total"] == 0


def test_a_playable_kit_is_checked_by_the_compiled_validator_alone(client, no_schema_walk):
    assert client.post("/kits", json={"kit": shipped_kit("missions")}).status_code == 201
    assert checks.problems(complete_graph_kit(40)) == []  # 1,560 neighbours: within the limit


def test_checking_a_kit_through_the_api_counts_as_a_costly_request(app, client):
    app.extensions["ludolog-costly"].most = 0  # the process runs as many costly requests as it may
    for answer in (client.post("/kits", json={"kit": shipped_kit("missions")}),
                   client.post("/games", json={"ruleset": "table-kit", "seats": ["Ann", "Ben", "Cy"],
                                               "options": quick_options("table-kit")})):
        assert answer.status_code == 429 and answer.get_json()["type"] == PROBLEM + "too-many-at-once"
        assert answer.headers["Retry-After"] == "1" and "kit checks" in answer.get_json()["detail"]
    assert client.get("/kits").get_json()["kits"] == [] and client.get("/games").get_json()["total"] == 0
    assert client.post("/games", json={"ruleset": "correction", "seats": ["Ann", "Ben"]}).status_code == 201  # no kit: not costly


def test_opening_a_room_for_a_kit_counts_as_a_costly_request(app, client):
    app.extensions["ludolog-costly"].most = 0
    answer = client.post("/rooms", json={"ruleset": "table-kit", "seats_per_table": 2, "options": {"kit": shipped_kit("pig")}})
    assert answer.status_code == 429 and answer.get_json()["type"] == PROBLEM + "too-many-at-once"
    assert answer.headers["Retry-After"] == "1"
    assert client.post("/rooms", json={"ruleset": "correction", "seats_per_table": 2}).status_code == 201  # no kit: not costly
