"""Who may take how many seats through join links (``api/joining.py``): a class of thirty behind one school
address joins at once under the default budget of joins per address, while one address past the
budget's hourly ceiling is refused across every game; a game its owner opened with a cap of seats per
address refuses a further seat to an address at the cap (409, naming it, nothing written) and gives it to
another address, through any worker process; the cap is the owner's to read, and no answer or record shows
an address. The clock is freezegun's: no assertion depends on how fast the machine is. Every answer goes
through the spec-checking client (``conftest.py``)."""

from __future__ import annotations

import pytest
from conftest import API_TEST_SETTINGS, SpecCheckedClient
from freezegun import freeze_time

from api import create_app
from domain.keeping.joining import Joining
from domain.keeping.service import GameService
from domain.keeping.store import store_env

SCHOOL = {"REMOTE_ADDR": "203.0.113.10"}
"""The one address a whole class behind a school's NAT comes from."""
ELSEWHERE = {"REMOTE_ADDR": "198.51.100.7"}
CAPPED = "urn:ludolog:problem:seats-per-address-reached"


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def limited_app(sqlite_service, db_path):
    """An app with the service's default limits (the other API tests' app has them off), on a service that
    stores events stamped under freezegun."""
    app = create_app({"LUDOLOG_DATABASE_URL": db_path}, service=sqlite_service)
    app.test_client_class = SpecCheckedClient
    yield app
    sqlite_service.close()


@pytest.fixture
def other_worker(store):
    """An app on the same store with its own service: another worker process, as far as the store can tell."""
    service = GameService(env=store_env(store))
    worker = create_app({"LUDOLOG_DATABASE_URL": store, **API_TEST_SETTINGS}, service=service)
    worker.test_client_class = SpecCheckedClient
    yield worker.test_client()
    service.close()


def open_tables(service, count):
    """``count`` four-seat games open for joining, without a cap: their ids and join codes."""
    tables = []
    for table in range(count):
        game_id, _ = service.open_game("missions", [f"Seat {table}-{seat}" for seat in range(1, 5)])
        tables.append((game_id, Joining(service).open(game_id)))
    return [game_id for game_id, _ in tables], [code for _, code in tables]


def join_all(client, codes, count, seconds_apart=0.0, clock=None):
    """``count`` joins from the client's address, filling the tables in turn: their statuses."""
    statuses = []
    for n in range(count):
        statuses.append(client.post(f"/join/{codes[n // 4]}", json={"name": f"Student {n}"}).status_code)
        if clock is not None:
            clock.tick(seconds_apart)
    return statuses


def test_a_class_of_thirty_behind_one_school_address_joins_at_once(limited_app, sqlite_service):
    games, codes = open_tables(sqlite_service, 8)
    client = limited_app.test_client()
    client.environ_base = dict(SCHOOL)
    with freeze_time("2026-03-02 09:00:00") as clock:
        assert join_all(client, codes, 30, seconds_apart=0.03, clock=clock) == [201] * 30  # all within one second
    # one address filled whole tables: no cap beyond the game's seats unless the owner sets one
    assert [Joining(sqlite_service).joiners(game).open_seats for game in games[::7]] == [[], [3, 4]]


def test_one_address_past_the_hours_ceiling_is_refused_across_every_game_until_the_hour_is_over(limited_app, sqlite_service):
    games, codes = open_tables(sqlite_service, 46)  # 184 seats
    client = limited_app.test_client()
    client.environ_base = dict(SCHOOL)
    with freeze_time("2026-03-02 09:00:00") as clock:
        for minute in range(3):  # 60 a minute, within each minute's budget: 180 seats in three minutes
            assert join_all(client, codes[minute * 15:], 60) == [201] * 60
            clock.tick(61)
        refused = client.post(f"/join/{codes[45]}", json={"name": "One more"})
        assert refused.status_code == 429
        assert refused.get_json()["type"] == "urn:ludolog:problem:rate-limited"
        assert "limited to 180 per 1 hour" in refused.get_json()["detail"]
        assert 3600 - 4 * 61 <= int(refused.headers["Retry-After"]) <= 3600 - 3 * 61 + 1
        assert Joining(sqlite_service).joiners(games[45]).open_seats == [1, 2, 3, 4]

        other = client.post(f"/join/{codes[45]}", json={"name": "Kim"}, environ_base=ELSEWHERE)
        assert other.status_code == 201  # another address has its own budget
        clock.tick(3600)
        assert client.post(f"/join/{codes[45]}", json={"name": "Next hour"}).status_code == 201


def test_a_game_capped_at_one_seat_per_address_refuses_a_second_seat_and_gives_it_to_another_address(app, other_worker):
    client = app.test_client()
    made = client.post("/games", json={"ruleset": "missions", "seats": ["Ana", "Ben", "Cy"]}).get_json()
    owner, url = bearer(made["owner_token"]), f"/games/{made['id']}/joining"
    opened = client.post(url, headers=owner, json={"seats_per_address": 1})
    assert opened.status_code == 201 and opened.get_json()["seats_per_address"] == 1
    code = opened.get_json()["code"]
    client.environ_base = dict(SCHOOL)
    assert client.post(f"/join/{code}", json={"name": "Zoé"}).get_json()["seat"] == 1

    other_worker.environ_base = dict(SCHOOL)  # the same address, on another worker: the cap is in the store
    recorder = app.extensions["ludolog"].recorder
    before = recorder.max_notification_id()
    refused = other_worker.post(f"/join/{code}", json={"name": "Zoé again"})
    assert refused.status_code == 409
    problem = refused.get_json()
    assert problem["type"] == CAPPED
    assert problem["detail"].startswith("one address may hold 1 seat of this game")
    assert recorder.max_notification_id() == before  # the refusal wrote nothing
    assert client.get(url, headers=owner).get_json()["open_seats"] == [2, 3]

    elsewhere = other_worker.post(f"/join/{code}", json={"name": "Max"}, environ_base=ELSEWHERE)
    assert elsewhere.status_code == 201 and elsewhere.get_json()["seat"] == 2
    # the owner frees the first address's seat: it may join again, up to its one seat
    assert client.delete(f"{url}/seats/1", headers=owner).status_code == 204
    assert client.post(f"/join/{code}", json={"name": "Zoé"}).get_json()["seat"] == 1
    assert client.post(f"/join/{code}", json={"name": "Zoé"}).status_code == 409


def test_the_cap_is_the_owners_to_read_and_no_answer_or_record_shows_an_address(app, new_game):
    client = app.test_client()
    game = new_game("missions", ("Ana", "Ben", "Cy"))
    code = client.post(f"{game.url}/joining", headers=game.owner, json={"seats_per_address": 2}).get_json()["code"]
    client.environ_base = dict(SCHOOL)
    claimed = client.post(f"/join/{code}", json={"name": "Zoé"})
    assert set(claimed.get_json()) == {"game_id", "seat", "seat_name", "name", "token", "link"}
    for seen_by in ({}, game.seat[2], bearer(claimed.get_json()["token"])):  # a spectator, a seat, the joiner
        assert "seats_per_address" not in client.get(game.url, headers=seen_by).get_data(as_text=True)
        assert client.get(f"{game.url}/joining", headers=seen_by).status_code in (401, 403)
    assert client.get(f"{game.url}/joining", headers=game.owner).get_json()["seats_per_address"] == 2
    stored = [n.state for n in app.extensions["ludolog"].recorder.select_notifications(1, 10_000)]
    assert not [state for state in stored if SCHOOL["REMOTE_ADDR"].encode() in state]

    reopened = client.post(f"{game.url}/joining", headers=game.owner)  # no body: no cap
    assert reopened.status_code == 201 and reopened.get_json()["seats_per_address"] is None
    assert client.delete(f"{game.url}/joining", headers=game.owner).status_code == 204
    assert client.get(f"{game.url}/joining", headers=game.owner).get_json()["seats_per_address"] is None


@pytest.mark.parametrize("body", [{"seats_per_address": 0}, {"seats_per_address": 1001}, {"seats_per_address": "1"},
                                  {"seats_per_address": True}, {"seats_per_address": 1.5}, {"seats": 1}, [1]])
def test_a_cap_that_is_no_whole_number_from_1_to_1000_opens_nothing(client, new_game, body):
    game = new_game()
    refused = client.post(f"{game.url}/joining", headers=game.owner, json=body)
    assert refused.status_code == 400 and refused.get_json()["type"] == "urn:ludolog:problem:invalid-request"
    assert client.get(f"{game.url}/joining", headers=game.owner).get_json()["open"] is False
