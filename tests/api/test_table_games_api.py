"""Table games through the REST API: created with ``"table": true`` and the setup's outcomes, each command
sent with the outcomes the table saw. A missing outcome is a 422 ``outcome-needed`` whose ``outcome`` holds
the question and the possible values, so a client can ask its user; an impossible one a 422; neither
stores anything. Every response is checked against openapi.yaml by the test client."""

from __future__ import annotations

from paper_games import paper_game

from domain.engine import registry

PROBLEM = "urn:ludolog:problem:"


def test_a_paper_game_is_transcribed_through_the_api_and_says_it_is_a_table_game(client):
    rules = registry.get("assassination-le")
    script = paper_game(rules, ["Ann", "Ben", "Cy"], {}, seed="api-paper")
    made = client.post("/games", json={"ruleset": rules.name, "seats": script.seats, "table": True,
                                       "outcomes": script.setup_outcomes})
    assert made.status_code == 201, made.get_json()
    body = made.get_json()
    url, owner = f"/games/{body['id']}", {"Authorization": f"Bearer {body['owner_token']}"}
    for move in script.moves:
        sent = client.post(f"{url}/commands", json={"command": move.command, "seat": move.seat, "outcomes": move.outcomes},
                           headers=owner)
        assert sent.status_code == 201, sent.get_json()
    state = client.get(url, headers=owner).get_json()
    assert state["status"] == "over" and state["table"] is True
    listed = client.get("/games").get_json()["games"]
    assert [game["table"] for game in listed if game["id"] == body["id"]] == [True]
    events = client.get(f"{url}/events", headers=owner).get_json()["events"]
    assert events[0]["data"]["table"] is True and events[0]["data"]["setup_outcomes"] == script.setup_outcomes
    assert "table game" in events[0]["sentence"]


def test_a_missing_outcome_is_a_422_naming_the_question_and_the_values_and_stores_nothing(client, new_game):
    game = new_game("assassination-le", ("Ann", "Ben", "Cy"), table=True, outcomes=[3, 5, 1])
    version = client.get(game.url, headers=game.owner).get_json()["version"]
    seat = client.get(game.url, headers=game.owner).get_json()["to_act"][0]
    refused = client.post(f"{game.url}/commands", json={"command": {"type": "roll"}}, headers=game.seat[seat])
    assert refused.status_code == 422
    problem = refused.get_json()
    assert problem["type"] == PROBLEM + "outcome-needed"
    assert problem["outcome"] == {"index": 0, "question": f"{['Ann', 'Ben', 'Cy'][seat - 1]} rolls the die: which face?",
                                  "values": [0, 1, 2, 3, 4, 5]}
    assert client.get(game.url, headers=game.owner).get_json()["version"] == version


def test_an_impossible_outcome_is_a_422_and_stores_nothing(client, new_game):
    game = new_game("assassination-le", ("Ann", "Ben", "Cy"), table=True, outcomes=[3, 5, 1])
    version = client.get(game.url, headers=game.owner).get_json()["version"]
    seat = client.get(game.url, headers=game.owner).get_json()["to_act"][0]
    refused = client.post(f"{game.url}/commands", json={"command": {"type": "roll"}, "outcomes": [6]}, headers=game.seat[seat])
    assert refused.status_code == 422
    assert refused.get_json()["type"] == PROBLEM + "impossible-outcome"
    assert refused.get_json()["outcome"]["values"] == [0, 1, 2, 3, 4, 5]
    assert client.get(game.url, headers=game.owner).get_json()["version"] == version
    played = client.post(f"{game.url}/commands", json={"command": {"type": "roll"}, "outcomes": [4]}, headers=game.seat[seat])
    assert played.status_code == 201 and played.get_json()["events"][0]["data"]["face"] == 4


def test_a_table_game_needs_its_setups_outcomes_and_no_seed(client):
    needed = client.post("/games", json={"ruleset": "correction", "seats": ["Ann", "Ben"], "table": True})
    assert needed.status_code == 422 and needed.get_json()["outcome"]["values"] == ["heads", "tails"]
    seeded = client.post("/games", json={"ruleset": "correction", "seats": ["Ann", "Ben"], "table": True,
                                         "outcomes": ["tails"], "seed": "7"})
    assert seeded.status_code == 422 and seeded.get_json()["type"] == PROBLEM + "invalid-setup"
    assert client.get("/games").get_json()["games"] == []


def test_outcomes_that_are_not_numbers_or_strings_are_refused(client, new_game):
    for outcomes in ([True], [1.5], [{"face": 4}], "4", [""]):
        refused = client.post("/games", json={"ruleset": "correction", "seats": ["Ann", "Ben"], "table": True,
                                              "outcomes": outcomes})
        assert refused.status_code == 400 and refused.get_json()["type"] == PROBLEM + "invalid-request", outcomes
    game = new_game("assassination-le", ("Ann", "Ben", "Cy"), seed="3")
    seat = client.get(game.url).get_json()["to_act"][0]
    refused = client.post(f"{game.url}/commands", json={"command": {"type": "roll"}, "outcomes": [4]}, headers=game.seat[seat])
    assert refused.status_code == 422 and "only for table games" not in refused.get_json()["detail"]
    assert "outcomes are for table games" in refused.get_json()["detail"]


def test_a_seat_token_telling_another_seats_card_is_a_403_that_names_no_card(client):
    rules = registry.get("squad-combat")
    script = paper_game(rules, ["Ann", "Ben"], {"turn_limit": 6}, seed="paper-secret")
    number, move = next((n, m) for n, m in enumerate(script.moves) if set(m.secrets) - {None, m.seat})
    made = client.post("/games", json={"ruleset": rules.name, "seats": script.seats, "options": {"turn_limit": 6},
                                       "table": True, "outcomes": script.setup_outcomes}).get_json()
    url, owner = f"/games/{made['id']}", {"Authorization": f"Bearer {made['owner_token']}"}
    for earlier in script.moves[:number]:
        body = {"command": earlier.command, "seat": earlier.seat, "outcomes": earlier.outcomes}
        assert client.post(f"{url}/commands", json=body, headers=owner).status_code == 201
    version = client.get(url, headers=owner).get_json()["version"]
    seat_token = {"Authorization": f"Bearer {made['seats'][move.seat - 1]['token']}"}
    refused = client.post(f"{url}/commands", json={"command": move.command, "outcomes": move.outcomes}, headers=seat_token)
    assert refused.status_code == 403
    problem = refused.get_json()
    assert problem["type"] == PROBLEM + "outcome-not-yours" and problem["outcome"]["values"] == []
    assert client.get(url, headers=owner).get_json()["version"] == version
    told = client.post(f"{url}/commands", json={"command": move.command, "seat": move.seat, "outcomes": move.outcomes},
                       headers=owner)
    assert told.status_code == 201
