"""A kit with rules through the API: created from its document with its parameters as options, its legal
commands the actions allowed now, an action played, one whose condition fails refused quoting it (422,
nothing stored), a generic table command refused, and the game ended by its rules with ``at_limit`` in its
outcome."""

from __future__ import annotations

import copy

from domain.games.table_kit.rules import shipped_kit

PIG = shipped_kit("pig")


def guarded_pig():
    """Pig whose hold needs a turn total."""
    kit = copy.deepcopy(PIG)
    kit["play"]["actions"][1]["when"] = "turn_total > 0"
    return kit


def test_a_kit_with_rules_is_played_through_its_actions(client, new_game):
    game = new_game(ruleset="table-kit", seats=("Ana", "Ben"), seed="pig-api",
                    options={"kit": guarded_pig(), "parameters": {"target": 12}})
    legal = client.get(f"{game.url}/legal-commands", headers=game.seat[1]).get_json()["commands"]
    assert legal == [{"type": "act", "action": "roll"}]
    before = client.get(game.url, headers=game.owner).get_json()["version"]
    refused = client.post(f"{game.url}/commands", json={"command": {"type": "act", "action": "hold"}}, headers=game.seat[1])
    assert refused.status_code == 422
    assert "hold is not allowed now: its condition 'turn_total > 0' does not hold" in refused.get_json()["detail"]
    generic = client.post(f"{game.url}/commands", json={"command": {"type": "roll", "die": "die"}}, headers=game.seat[1])
    assert generic.status_code == 422 and "take one of its actions (act: roll, hold)" in generic.get_json()["detail"]
    assert client.get(game.url, headers=game.owner).get_json()["version"] == before  # nothing stored
    final = game.play_to_end()
    assert final["status"] == "over" and final["outcome"]["at_limit"] is False
    assert final["outcome"]["reason"] == "reached the target score"
    assert final["view"]["counters"]  # the scores, as the table shows them


def test_a_kit_game_stopped_by_its_turn_limit_says_so(client, new_game):
    game = new_game(ruleset="table-kit", seats=("Ana", "Ben"), seed="pig-limit", options={"kit": PIG, "parameters": {"turns": 2}})
    final = game.play_to_end()
    assert final["outcome"]["at_limit"] is True and final["outcome"]["reason"] == "the turn limit was reached"


def test_a_parameter_out_of_range_is_refused_and_no_game_is_made(client):
    before = client.get("/games").get_json()["total"]
    refused = client.post("/games", json={"ruleset": "table-kit", "seats": ["Ana", "Ben"],
                                          "options": {"kit": PIG, "parameters": {"target": 5}}})
    assert refused.status_code == 422 and "parameter 'target' ranges 10..1000; 5 is outside" in refused.get_json()["detail"]
    assert client.get("/games").get_json()["total"] == before
