"""``POST /kits/check``: a kit checked as ``ludolog kit check`` does, storing nothing; its secrets trace refuses a
public counter worked out from a hand (422 ``invalid-kit``, at its line); with ``"secrets": true`` it plays games
dealt afresh where each seat cannot see and names each leak in ``leaks`` (none for a kit that keeps its secrets, the
shipped kits among them); a costly request. Every response is checked against openapi.yaml by the test client."""

from __future__ import annotations

from pathlib import Path

from domain.games.table_kit.rules import shipped_kit

PROBLEM = "urn:ludolog:problem:"
KITS = Path(__file__).parents[1] / "kits"
EIGHTS = (KITS / "crazy-eights.yaml").read_text(encoding="utf-8")
BURY = """\
    - name: bury
      choose:
        - {name: card, card: hand}
      effects:
        - {discard: card, to: deck, under: true}
        - {add: buried, value: 'card(card).points'}
        - pass: next
"""


def test_the_api_check_passes_a_kit_whose_hidden_total_is_private_and_stores_nothing(client):
    answer = client.post("/kits/check", json={"text": EIGHTS, "secrets": True, "games": 5})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json() == {"name": "crazy-eights", "title": "Crazy eights", "leaks": [], "games": 5, "unplayed": 0}
    assert client.get("/kits").get_json()["kits"] == []


def test_the_api_check_refuses_a_public_running_counter_at_its_line(client):
    answer = client.post("/kits/check", json={"text": EIGHTS.replace("{name: points, private: true}", "{name: points}")})
    assert answer.status_code == 422 and answer.get_json()["type"] == PROBLEM + "invalid-kit"
    assert answer.get_json()["mistakes"][0].startswith("kit:39: play.setup.1.to: 'points' is public, yet set from hand(1)")


def test_the_api_check_with_secrets_names_a_leak_the_trace_misses(client):
    text = EIGHTS.replace("  - {name: points, private: true}\n", "  - {name: points, private: true}\n  - {name: buried, each: false}\n")
    text = text.replace("  actions:\n", "  actions:\n" + BURY, 1)
    assert client.post("/kits/check", json={"text": text}).get_json()["leaks"] == []  # without secrets: no games
    body = client.post("/kits/check", json={"text": text, "secrets": True, "games": 5}).get_json()
    assert len(body["leaks"]) == 1 and body["leaks"][0].startswith("kit:36: counters.1: the counter buried: what seat ")


def test_the_api_check_with_secrets_passes_the_shipped_kits(client):
    for name in ("kuhn-poker", "liars-dice", "rock-paper-scissors"):
        body = client.post("/kits/check", json={"kit": shipped_kit(name), "secrets": True, "games": 3}).get_json()
        assert body["leaks"] == [] and body["games"] == 3, name


def test_the_api_check_of_a_kit_document_names_its_leak_by_place(client):
    from domain.games.table_kit.reading.loading import read_kit

    document, _ = read_kit(EIGHTS, "kit")
    document["play"]["actions"][1]["when"] = 'size(cards("deck")) > 0 && points[3 - seat] > 10'
    answer = client.post("/kits/check", json={"kit": document})
    assert answer.status_code == 422
    assert answer.get_json()["mistakes"][0].startswith("play.actions.1.when: which actions a seat is offered is worked out from points")


def test_the_api_check_is_a_costly_request(app, client):
    app.extensions["ludolog-costly"].most = 0
    answer = client.post("/kits/check", json={"text": EIGHTS, "secrets": True})
    assert answer.status_code == 429 and answer.get_json()["type"] == PROBLEM + "too-many-at-once"
