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


def test_a_board_kits_actions_name_their_spaces_and_a_wrong_one_is_refused_saying_what_it_must_be(client, new_game):
    game = new_game(ruleset="table-kit", seats=("Ana", "Ben"), seed="breakthrough-api", options={"kit": shipped_kit("breakthrough")})
    legal = client.get(f"{game.url}/legal-commands", headers=game.seat[1]).get_json()["commands"]
    assert {"type": "act", "action": "advance", "from": "a7", "to": "a6"} in legal  # Black moves down the board
    assert {"type": "act", "action": "slant", "from": "a7", "to": "b6"} in legal
    assert len(legal) == 22  # 8 straight ahead, 14 diagonally, from the front row only
    before = client.get(game.url, headers=game.owner).get_json()["version"]
    for command, said in [({"type": "act", "action": "advance", "from": "a7", "to": "a5"},
                           "advance: to 'a5' is not allowed: it must be a space one step ahead of from, empty"),
                          ({"type": "act", "action": "advance", "from": "a8", "to": "a7"},
                           "advance: to 'a7' is not allowed: it must be a space one step ahead of from, empty"),
                          ({"type": "act", "action": "advance", "from": "a2", "to": "a3"},
                           "advance: from 'a2' is not allowed: it must be a space that is mine"),
                          ({"type": "act", "action": "advance", "to": "a6"}, "advance needs from: a space that is mine")]:
        refused = client.post(f"{game.url}/commands", json={"command": command}, headers=game.seat[1])
        assert refused.status_code == 422 and said in refused.get_json()["detail"], refused.get_json()
    assert client.get(game.url, headers=game.owner).get_json()["version"] == before  # nothing stored
    moved = client.post(f"{game.url}/commands", json={"command": {"type": "act", "action": "advance", "from": "a7", "to": "a6"}},
                        headers=game.seat[1])
    assert moved.status_code in (200, 201), moved.get_json()
    view = client.get(game.url, headers=game.seat[2]).get_json()["view"]
    assert "a6" in str(view) and view["turn"] == 2
    final = game.play_to_end()
    assert final["status"] == "over" and final["outcome"]["winners"] and final["outcome"]["at_limit"] is False


def test_a_scored_kits_outcome_gives_each_seats_score_and_an_unscored_one_none(client, new_game):
    game = new_game(ruleset="table-kit", seats=("Ana", "Ben"), seed="kuhn-api", options={"kit": shipped_kit("kuhn-poker")})
    outcome = game.play_to_end()["outcome"]
    assert sum(outcome["scores"]) == 0 and outcome["winners"] == [1 + outcome["scores"].index(max(outcome["scores"]))]
    assert client.get(game.url, headers=game.owner).get_json()["outcome"]["scores"] == outcome["scores"]
    pig = new_game(ruleset="table-kit", seats=("Ana", "Ben"), seed="pig-unscored", options={"kit": PIG, "parameters": {"turns": 2}})
    assert "scores" not in pig.play_to_end()["outcome"]
