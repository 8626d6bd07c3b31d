"""``POST /games/{id}/bot-move``: a bot plays the seat to act for the owner or for that seat, or only
suggests its command; it thinks from what the seat can see; the same seed gives the same command; a
seat's token may not ask for another seat, nor out of turn; budgets are checked. Every response is
checked against openapi.yaml by the test client."""

from __future__ import annotations

PROBLEM = "urn:ludolog:problem:"


def test_a_search_bot_plays_the_seat_to_act_for_the_owner(client, new_game):
    game = new_game("correction", ("Ann", "Ben"), seed="5")
    before = client.get(game.url, headers=game.owner).get_json()
    played = client.post(f"{game.url}/bot-move", json={"budget": "20"}, headers=game.owner)
    assert played.status_code == 201, played.get_json()
    body = played.get_json()
    assert body["bot"]["strategy"] == "search" and body["bot"]["simulations"] in (0, 20)
    assert body["version"] > before["version"] and body["events"][0]["seat"] == before["to_act"][0]
    legal = client.get(f"{game.url}/legal-commands?seat={before['to_act'][0]}", headers=game.owner).get_json()
    assert legal["version"] == body["version"]


def test_a_seat_gets_a_hint_for_its_own_turn_and_nothing_is_played(client, new_game):
    game = new_game("correction", ("Ann", "Ben"), seed="5")
    state = client.get(game.url, headers=game.owner).get_json()
    seat = state["to_act"][0]
    asked = {"budget": "20", "play": False, "seed": "hint"}
    hint = client.post(f"{game.url}/bot-move", json=asked, headers=game.seat[seat])
    assert hint.status_code == 200
    again = client.post(f"{game.url}/bot-move", json=asked, headers=game.seat[seat])
    assert hint.get_json() == {**again.get_json(), "bot": {**again.get_json()["bot"], "milliseconds": hint.get_json()["bot"]["milliseconds"]}}
    legal = client.get(f"{game.url}/legal-commands", headers=game.seat[seat]).get_json()["commands"]
    assert hint.get_json()["bot"]["command"] in legal
    assert client.get(game.url, headers=game.owner).get_json()["version"] == state["version"]


def test_a_seat_may_ask_a_bot_only_for_itself_and_only_in_its_turn(client, new_game):
    game = new_game("correction", ("Ann", "Ben"), seed="5")
    seat = client.get(game.url, headers=game.owner).get_json()["to_act"][0]
    other = 3 - seat
    assert client.post(f"{game.url}/bot-move", json={"seat": seat}, headers=game.seat[other]).status_code == 403
    waiting = client.post(f"{game.url}/bot-move", json={"strategy": "random"}, headers=game.seat[other])
    assert waiting.status_code == 422 and waiting.get_json()["type"] == PROBLEM + "not-your-turn"
    assert client.post(f"{game.url}/bot-move", json={}).status_code == 401


def test_a_budget_that_is_no_number_of_simulations_or_milliseconds_is_a_400(client, new_game):
    game = new_game("correction", ("Ann", "Ben"), seed="5")
    for budget in ("soon", "-5", "5 s"):
        refused = client.post(f"{game.url}/bot-move", json={"budget": budget}, headers=game.owner)
        assert refused.status_code == 400 and refused.get_json()["type"] == PROBLEM + "invalid-request", budget
    assert client.post(f"{game.url}/bot-move", json={"strategy": "genius"}, headers=game.owner).status_code == 400


def test_a_budget_of_nothing_or_over_the_cap_is_a_422(client, new_game):
    game = new_game("correction", ("Ann", "Ben"), seed="5")
    for budget in ("0", "0ms", "99999", "20000ms"):
        refused = client.post(f"{game.url}/bot-move", json={"budget": budget}, headers=game.owner)
        assert refused.status_code == 422 and refused.get_json()["type"] == PROBLEM + "invalid-setup", budget


def test_the_owner_naming_no_seat_of_the_game_is_a_422_unknown_seat(client, new_game):
    game = new_game("correction", ("Ann", "Ben"), seed="5")
    before = client.get(game.url, headers=game.owner).get_json()["version"]
    for play in (True, False):
        refused = client.post(f"{game.url}/bot-move", json={"seat": 52332, "play": play}, headers=game.owner)
        assert refused.status_code == 422 and refused.get_json()["type"] == PROBLEM + "unknown-seat"
    assert client.get(game.url, headers=game.owner).get_json()["version"] == before


def test_a_table_game_takes_no_bot_move(client, new_game):
    game = new_game("correction", ("Ann", "Ben"), table=True, outcomes=["heads"])
    refused = client.post(f"{game.url}/bot-move", json={"strategy": "random"}, headers=game.owner)
    assert refused.status_code == 422 and "bots cannot play it" in refused.get_json()["detail"]


def test_openspiels_search_bots_play_a_move_through_the_api_as_ludologs_do(client, new_game):
    game = new_game("correction", ("Ann", "Ben"), seed="5")
    for strategy in ("openspiel-ismcts", "openspiel-mcts"):
        before = client.get(game.url, headers=game.owner).get_json()
        played = client.post(f"{game.url}/bot-move", json={"strategy": strategy, "budget": "20"}, headers=game.owner)
        assert played.status_code == 201, played.get_json()
        body = played.get_json()
        assert body["bot"]["strategy"] == strategy and body["version"] > before["version"]
        assert body["events"][0]["seat"] == before["to_act"][0]
