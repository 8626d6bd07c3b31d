"""``POST /games/to-act`` (``api/turns.py``): given the seats a bot holds (each game with its token), the
games where that seat is to act now, the longest waiting first, and the ids of those that are over; a
wrong seat refuses the whole request, saying which; the work follows the seats given, not the games
stored."""

from __future__ import annotations

import pytest
from conftest import SpecCheckedClient
from eventsourcing.persistence import OperationalError

from api import create_app, turns
from domain.keeping.service import GameService
from domain.keeping.store import store_env


def held(*games, seat=None):
    """Each game's seats (or only ``seat``) as the body's entries."""
    return [{"game": game.id, "token": entry["token"]} for game in games for entry in game.body["seats"]
            if seat is None or entry["seat"] == seat]


def test_it_lists_the_games_where_each_held_seat_is_to_act(client, new_game):
    games = [new_game(seed=f"to-act-{n}") for n in range(3)]
    answer = client.post("/games/to-act", json={"seats": held(*games)})
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["held"] == 6 and body["over"] == []
    expected = set()
    for game in games:
        state = client.get(game.url).get_json()
        expected |= {(game.id, seat) for seat in state["to_act"]}
    assert {(entry["id"], entry["seat"]) for entry in body["games"]} == expected
    for entry in body["games"]:
        assert entry["seat"] in entry["to_act"] and entry["status"] == "active"
    assert [entry["updated"] for entry in body["games"]] == sorted(entry["updated"] for entry in body["games"])
    assert answer.headers["Cache-Control"] == "private, no-store"


def test_a_seat_not_to_act_is_not_listed_until_its_turn(client, new_game):
    game = new_game(seed="to-act")
    waiting = next(seat for seat in (1, 2) if seat not in client.get(game.url).get_json()["to_act"])
    assert client.post("/games/to-act", json={"seats": held(game, seat=waiting)}).get_json()["games"] == []
    while waiting not in client.get(game.url).get_json()["to_act"]:
        acting = client.get(game.url).get_json()["to_act"][0]
        command = client.get(f"{game.url}/legal-commands", headers=game.seat[acting]).get_json()["commands"][-1]
        assert client.post(f"{game.url}/commands", json={"command": command}, headers=game.seat[acting]).status_code == 201
    listed = client.post("/games/to-act", json={"seats": held(game, seat=waiting)}).get_json()["games"]
    assert [(entry["id"], entry["seat"]) for entry in listed] == [(game.id, waiting)]


def test_an_owner_token_is_to_act_while_anyone_is_and_a_finished_game_is_over(client, new_game):
    game, done = new_game(seed="to-act"), new_game(seed="to-act-done")
    done.play_to_end()
    owners = [{"game": g.id, "token": g.body["owner_token"]} for g in (game, done)]
    body = client.post("/games/to-act", json={"seats": owners + held(done)}).get_json()
    assert [(entry["id"], entry["seat"]) for entry in body["games"]] == [(game.id, "owner")]
    assert body["over"] == [done.id] and body["held"] == 4


def test_a_seat_given_twice_counts_once(client, new_game):
    game = new_game(seed="to-act")
    body = client.post("/games/to-act", json={"seats": held(game) * 2}).get_json()
    assert body["held"] == 2 and len(body["games"]) == len(client.get(game.url).get_json()["to_act"])


def test_a_seat_sees_only_what_it_may(client, new_game):
    game = new_game("location-ccg", seed="to-act")
    for entry in client.post("/games/to-act", json={"seats": held(game)}).get_json()["games"]:
        assert set(entry) == {"seat", *turns.LISTED}  # no view, no options: no secret of another seat


@pytest.mark.parametrize(("body", "status", "detail"), [
    ({}, 400, "seats"),
    ({"seats": []}, 400, "seats"),
    ({"seats": [{"game": "x"}]}, 400, "token"),
    ({"seats": [{"game": "x", "token": "y", "seat": 1}]}, 400, "seat"),
    ({"seats": [{"game": "00000000-0000-4000-8000-000000000000", "token": "t"}] * (turns.MOST_SEATS + 1)}, 400, "seats"),
    ({"seats": [{"game": "nope", "token": "t"}]}, 404, "seats[0]"),
])
def test_bad_input_is_refused_clearly(client, body, status, detail):
    response = client.post("/games/to-act", json=body)
    assert response.status_code == status and detail in response.get_json()["detail"] + str(response.get_json().get("errors"))


def test_one_wrong_token_refuses_the_request_naming_it(client, new_game):
    game, other = new_game(seed="to-act"), new_game(seed="to-act-2")
    seats = held(game) + [{"game": game.id, "token": other.body["seats"][0]["token"]}]
    response = client.post("/games/to-act", json={"seats": seats})
    assert response.status_code == 401 and response.get_json()["detail"].startswith("seats[2]: ")
    assert "Bearer" in response.headers["WWW-Authenticate"]


def test_the_work_follows_the_seats_given_not_the_games_stored(app, client, new_game, monkeypatch):
    games = [new_game(seed=f"to-act-{n}") for n in range(4)]
    service = app.extensions["ludolog"]
    read, holders = [], []
    original_game, original_holder = service.game, service.holder
    monkeypatch.setattr(service, "game", lambda game_id: read.append(game_id) or original_game(game_id))
    monkeypatch.setattr(service, "holder", lambda game_id, token: holders.append(game_id) or original_holder(game_id, token))
    monkeypatch.setattr(service, "list_games", lambda: pytest.fail("no listing of every game"))
    assert client.post("/games/to-act", json={"seats": held(games[0], seat=1)}).status_code == 200
    assert len(read) == 1 and len(holders) == 1 and str(read[0]) == games[0].id


# -- the statuses the spec documents for it (tests/api/test_statuses.py leaves this operation to this file) --


def test_a_body_over_the_limit_is_a_413(client, new_game):
    game = new_game(seed="to-act")
    response = client.post("/games/to-act", json={"seats": held(game), "padding": "x" * 70_000})
    assert response.status_code == 413


def test_too_many_requests_is_a_429(store):
    service = GameService(env=store_env(store))
    app = create_app({"LUDOLOG_DATABASE_URL": store, "LUDOLOG_RATE_LIMIT_PER_ADDRESS": "1/minute"}, service=service)
    app.test_client_class = SpecCheckedClient
    try:
        client = app.test_client()
        body = {"seats": [{"game": "00000000-0000-4000-8000-000000000000", "token": "t"}]}
        assert client.post("/games/to-act", json=body).status_code == 404
        refused = client.post("/games/to-act", json=body)
        assert refused.status_code == 429 and "RateLimit" in refused.headers
    finally:
        service.close()


def test_a_store_that_does_not_answer_is_a_503(app, client, new_game, monkeypatch):
    game = new_game(seed="to-act")
    client.post("/games/to-act", json={"seats": held(game)})  # its access and game cached: the store is read anyway

    def failing(*args, **kwargs):
        raise OperationalError("the store is down")

    for method in ("select_events", "select_notifications", "max_notification_id"):
        monkeypatch.setattr(app.extensions["ludolog"].recorder, method, failing)
    response = client.post("/games/to-act", json={"seats": held(game)})
    assert response.status_code == 503 and response.get_json()["type"] == "urn:ludolog:problem:store-unavailable"
