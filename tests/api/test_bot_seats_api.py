"""Bot seats over the API: ``POST /games`` takes who plays each seat, ``GET /games/{id}`` answers it and says
which bot is thinking, the service plays a bot seat by itself whatever page is open, and a person's command
for a bot seat is refused (403)."""

from __future__ import annotations

import uuid

from conftest import NewGame

from domain.thinking.bots import RandomBot

SEATS = ["Ann", "Ben", "Cy"]
PERSON = {"kind": "person"}


def test_a_game_with_a_bot_seat_plays_it_by_itself_and_says_so(app, client):
    game = NewGame(client, "missions", SEATS, seed="4", players=[PERSON, PERSON, {"kind": "bot", "strategy": "greedy"}],
                   bot_pace_ms=0)
    service = app.extensions["ludolog"]
    people, bot_turns = RandomBot("people"), 0
    for _ in range(30):
        service.wait_for_bot_seats()
        state = client.get(game.url, headers=game.seat[1]).get_json()
        assert state["players"][2] == {"seat": 3, "name": "Cy", "kind": "bot", "strategy": "greedy", "budget": None, "pace_ms": 0}
        assert state["players"][0] == {"seat": 1, "name": "Ann", "kind": "person"}
        if state["status"] == "over":
            break
        assert state["to_act"] != [3] and state["thinking"] is None
        seat = next(seat for seat in state["to_act"] if seat != 3)
        current = service.game(uuid.UUID(game.id))
        command = people.choose(current.rules, current.state, seat, current.version)
        answer = client.post(f"{game.url}/commands", json={"command": command}, headers=game.seat[seat])
        assert answer.status_code == 201, answer.get_json()
        bot_turns += 3 in service.game(uuid.UUID(game.id)).to_act()
    assert bot_turns > 0
    events = client.get(f"{game.url}/events?limit=1000", headers=game.owner).get_json()["events"]
    assert events[0]["data"]["players"][2] == {"kind": "bot", "strategy": "greedy", "budget": None, "pace_ms": 0}
    assert any(event["seat"] == 3 and event["command_id"].startswith("bot-seat:") for event in events)


def test_the_page_says_which_bot_is_thinking_while_its_move_waits(app, client):
    game = NewGame(client, "missions", SEATS, seed="4", players=[{"kind": "bot", "strategy": "greedy"}] * 2 + [PERSON],
                   bot_pace_ms=60_000)  # a minute a move: the page is read while the bot waits
    seat = app.extensions["ludolog"].game(uuid.UUID(game.id)).to_act()[0]
    assert seat != 3  # a bot's seat is to act first (the seed and salt deal it so)
    state = client.get(game.url, headers=game.seat[3]).get_json()
    assert state["thinking"] == {"seat": seat, "name": SEATS[seat - 1], "strategy": "greedy",
                                 "sentence": f"{SEATS[seat - 1]}, a greedy bot, is thinking"}
    current = app.extensions["ludolog"].game(uuid.UUID(game.id))
    command = RandomBot(1).choose(current.rules, current.state, seat, current.version)
    refused = client.post(f"{game.url}/commands", json={"seat": seat, "command": command}, headers=game.owner)
    assert refused.status_code == 403
    assert f"{SEATS[seat - 1]}, a greedy bot, plays seat {seat}" in refused.get_json()["detail"]


def test_bad_players_are_refused_and_no_game_is_made(client):
    answer = client.post("/games", json={"ruleset": "missions", "seats": SEATS,
                                         "players": [PERSON, PERSON, {"kind": "bot", "strategy": "clever"}]})
    assert answer.status_code == 422
    assert "random, greedy, search" in answer.get_json()["detail"]
    too_slow = client.post("/games", json={"ruleset": "missions", "seats": SEATS, "bot_pace_ms": 3_600_000})
    assert too_slow.status_code == 400
    assert client.get("/games").get_json()["total"] == 0


def test_a_bot_seat_may_be_one_of_openspiels_search_bots_with_a_budget(app, client):
    bot = {"kind": "bot", "strategy": "openspiel-mcts", "budget": "20"}
    game = NewGame(client, "correction", ("Ann", "Ben"), seed="4", players=[bot, bot], bot_pace_ms=0)
    service = app.extensions["ludolog"]
    for _ in range(5):
        service.wait_for_bot_seats()
    state = client.get(game.url, headers=game.owner).get_json()
    assert state["players"][0] == {"seat": 1, "name": "Ann", "kind": "bot", "strategy": "openspiel-mcts", "budget": "20", "pace_ms": 0}
    events = client.get(f"{game.url}/events?limit=1000", headers=game.owner).get_json()["events"]
    assert sum(event["command_id"].startswith("bot-seat:") for event in events if event["command_id"]) >= 2
