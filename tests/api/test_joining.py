"""Joining a game from one link (``/games/{id}/joining``, ``/join/{code}``): the owner opens joining and
gets one code, its link and QR code; each device that sends the code gets one open seat's new token and
no other's; a full game is 409, a closed or replaced code 410, an unknown one 404; the owner's operations
refuse a seat's token; a freed seat's old token stops working and the seat is claimed again with a new one.
Every answer goes through the spec-checking client (``conftest.py``)."""

from __future__ import annotations

import io

import pytest
import segno

from api import create_app
from api.joining import qr_svg

NO_GAME = "/games/8eacb3c3-5f4e-4d0b-9a7c-2f1de3c4b5a6"


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def open_joining(client, game):
    response = client.post(f"{game.url}/joining", headers=game.owner)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def test_each_device_gets_one_open_seat_whose_token_plays_that_seat_only(client, new_game):
    game = new_game("project-assassination", ("Ana", "Ben"))
    opened = open_joining(client, game)
    assert opened["open"] is True and opened["open_seats"] == [1, 2] and opened["joined"] == []
    assert opened["link"] == f"http://localhost/#/join/{opened['code']}"

    first = client.post(f"/join/{opened['code']}", json={"name": "Zoé"})
    second = client.post(f"/join/{opened['code']}", json={"name": "Max"})
    assert (first.status_code, second.status_code) == (201, 201)
    zoe, max_ = first.get_json(), second.get_json()
    assert (zoe["seat"], zoe["seat_name"], zoe["name"]) == (1, "Ana", "Zoé")
    assert (max_["seat"], max_["seat_name"]) == (2, "Ben")
    assert zoe["token"] != max_["token"]
    assert zoe["link"] == f"http://localhost/#/play/{game.id}/{zoe['token']}"
    assert first.headers["Cache-Control"] == "no-store"

    assert client.get(game.url, headers=bearer(zoe["token"])).get_json()["viewer"] == 1
    assert client.get(game.url, headers=bearer(max_["token"])).get_json()["viewer"] == 2
    # the token plays its own seat and cannot act as the other one
    acting_as_other = client.get(f"{game.url}/legal-commands?seat=2", headers=bearer(zoe["token"]))
    assert acting_as_other.status_code == 403
    # the seat's token given out before the claim stops working
    assert client.get(game.url, headers=game.seat[1]).status_code == 401

    joined = client.get(f"{game.url}/joining", headers=game.owner).get_json()
    assert joined == {"game_id": game.id, "open": True, "open_seats": [], "seats_per_address": None,
                      "joined": [{"seat": 1, "seat_name": "Ana", "name": "Zoé"}, {"seat": 2, "seat_name": "Ben", "name": "Max"}]}


def test_a_full_game_is_409_and_nothing_changes(client, new_game):
    game = new_game()
    code = open_joining(client, game)["code"]
    tokens = [client.post(f"/join/{code}", json={"name": name}).get_json()["token"] for name in ("Zoé", "Max")]
    refused = client.post(f"/join/{code}", json={"name": "Kim"})
    assert refused.status_code == 409
    assert refused.get_json()["type"] == "urn:ludolog:problem:no-open-seat"
    assert [client.get(game.url, headers=bearer(token)).get_json()["viewer"] for token in tokens] == [1, 2]
    assert [j["name"] for j in client.get(f"{game.url}/joining", headers=game.owner).get_json()["joined"]] == ["Zoé", "Max"]


def test_a_closed_or_replaced_code_is_410_and_an_unknown_one_404(client, new_game):
    game = new_game()
    old = open_joining(client, game)["code"]
    new = open_joining(client, game)["code"]
    assert old != new
    replaced = client.post(f"/join/{old}", json={"name": "Zoé"})
    assert replaced.status_code == 410 and replaced.get_json()["type"] == "urn:ludolog:problem:joining-closed"
    assert client.post(f"/join/{new}", json={"name": "Zoé"}).status_code == 201

    assert client.delete(f"{game.url}/joining", headers=game.owner).status_code == 204
    assert client.get(f"{game.url}/joining", headers=game.owner).get_json()["open"] is False
    assert client.post(f"/join/{new}", json={"name": "Max"}).status_code == 410
    unknown = client.post("/join/not-a-code-anyone-was-given", json={"name": "Max"})
    assert unknown.status_code == 404 and unknown.get_json()["type"] == "urn:ludolog:problem:unknown-join-code"
    assert client.get(f"{game.url}/joining", headers=game.owner).get_json()["open_seats"] == [2]


@pytest.mark.parametrize(("method", "path"), [("POST", "/joining"), ("GET", "/joining"), ("DELETE", "/joining"),
                                              ("DELETE", "/joining/seats/1")])
def test_the_owners_operations_refuse_a_seats_token_and_no_token(client, new_game, method, path):
    game = new_game()
    code = open_joining(client, game)["code"]
    claimed = client.post(f"/join/{code}", json={"name": "Zoé"}).get_json()
    for headers, status in ((game.seat[2], 403), (bearer(claimed["token"]), 403), ({}, 401), (bearer("nope"), 401)):
        assert client.open(game.url + path, method=method, headers=headers).status_code == status
    # nothing changed: joining still open, Zoé still in seat 1 with her token
    assert client.post(f"/join/{code}", json={"name": "Max"}).get_json()["seat"] == 2
    assert client.get(game.url, headers=bearer(claimed["token"])).get_json()["viewer"] == 1


def test_a_freed_seats_old_token_is_refused_and_the_seat_is_claimed_again_with_a_new_token(client, new_game):
    game = new_game()
    code = open_joining(client, game)["code"]
    zoe, max_ = (client.post(f"/join/{code}", json={"name": name}).get_json() for name in ("Zoé", "Max"))
    assert client.delete(f"{game.url}/joining/seats/1", headers=game.owner).status_code == 204
    assert client.get(game.url, headers=bearer(zoe["token"])).status_code == 401
    assert client.get(game.url, headers=bearer(max_["token"])).get_json()["viewer"] == 2
    assert client.get(f"{game.url}/joining", headers=game.owner).get_json()["open_seats"] == [1]

    again = client.post(f"/join/{code}", json={"name": "Kim"}).get_json()
    assert again["seat"] == 1 and again["token"] not in (zoe["token"], max_["token"])
    assert client.get(game.url, headers=bearer(again["token"])).get_json()["viewer"] == 1
    assert client.get(game.url, headers=bearer(zoe["token"])).status_code == 401


def test_the_qr_code_is_segnos_svg_of_the_join_link(client, new_game):
    opened = open_joining(client, new_game())
    drawn = io.BytesIO()
    segno.make(opened["link"], error="m").save(drawn, kind="svg", scale=4, xmldecl=False, title="Join link")
    assert opened["qr_svg"] == drawn.getvalue().decode("utf-8") == qr_svg(opened["link"])
    assert opened["qr_svg"].startswith("<svg") and 'xmlns="http://www.w3.org/2000/svg"' in opened["qr_svg"]
    other = io.BytesIO()
    segno.make(opened["link"] + "x", error="m").save(other, kind="svg", scale=4, xmldecl=False, title="Join link")
    assert opened["qr_svg"] != other.getvalue().decode("utf-8")


def test_the_links_begin_with_the_public_address_when_one_is_set(app, new_game):
    app.config["LUDOLOG_PUBLIC_URL"] = "http://192.168.1.20:8000"
    client = app.test_client()
    game = new_game()
    opened = open_joining(client, game)
    assert opened["link"] == f"http://192.168.1.20:8000/#/join/{opened['code']}"
    claimed = client.post(f"/join/{opened['code']}", json={"name": "Zoé"}).get_json()
    assert claimed["link"] == f"http://192.168.1.20:8000/#/play/{game.id}/{claimed['token']}"


def test_a_bad_name_claims_no_seat(client, new_game):
    game = new_game()
    code = open_joining(client, game)["code"]
    for body, status in (({}, 400), ({"name": ""}, 400), ({"name": "x" * 41}, 400), ({"name": "Zoé", "seat": 2}, 400),
                         ({"name": "42"}, 422), ({"name": "a\u0007b"}, 422)):
        assert client.post(f"/join/{code}", json=body).status_code == status, body
    assert client.get(f"{game.url}/joining", headers=game.owner).get_json()["open_seats"] == [1, 2]


def test_an_address_past_its_join_budget_is_refused_and_another_address_still_joins(tmp_path):
    app = create_app({"LUDOLOG_DATABASE_URL": str(tmp_path / "games.sqlite3"), "LUDOLOG_RATE_LIMIT_PER_ADDRESS": "1000/second",
                      "LUDOLOG_JOIN_RATE_LIMIT": "2/minute"})
    client = app.test_client()
    made = client.post("/games", json={"ruleset": "assassination-le", "seats": ["Ana", "Ben", "Cy"]}).get_json()
    owner = bearer(made["owner_token"])
    code = client.post(f"/games/{made['id']}/joining", headers=owner).get_json()["code"]
    statuses = [client.post(f"/join/{code}", json={"name": name}).status_code for name in ("Zoé", "Max", "Kim")]
    assert statuses == [201, 201, 429]
    assert client.get(f"/games/{made['id']}/joining", headers=owner).get_json()["open_seats"] == [3]
    client.environ_base = {"REMOTE_ADDR": "198.51.100.7"}  # another device's address is counted apart
    assert client.post(f"/join/{code}", json={"name": "Kim"}).status_code == 201
    app.extensions["ludolog"].close()


def test_joins_are_still_counted_when_the_shared_counts_do_not_answer(tmp_path):
    unlimited = create_app({"LUDOLOG_DATABASE_URL": str(tmp_path / "games.sqlite3"), "LUDOLOG_RATE_LIMIT_PER_ADDRESS": "off"})
    assert not any(key.startswith("ludolog-joins") for key in unlimited.extensions)  # no per-address limit (behind a proxy): no joins' budget either
    unlimited.extensions["ludolog"].close()
    app = create_app({"LUDOLOG_DATABASE_URL": str(tmp_path / "games.sqlite3"), "LUDOLOG_RATE_LIMIT_PER_ADDRESS": "1000/second",
                      "LUDOLOG_RATE_LIMIT_STORAGE": "redis://127.0.0.1:1", "LUDOLOG_JOIN_RATE_LIMIT": "1/minute"})
    client = app.test_client()
    made = client.post("/games", json={"ruleset": "project-assassination", "seats": ["Ana", "Ben"]}).get_json()
    code = client.post(f"/games/{made['id']}/joining", headers=bearer(made["owner_token"])).get_json()["code"]
    assert [client.post(f"/join/{code}", json={"name": name}).status_code for name in ("Zoé", "Max")] == [201, 429]
    app.extensions["ludolog"].close()


def test_a_bot_seat_is_never_offered_for_joining(client):
    made = client.post("/games", json={"ruleset": "missions", "seats": ["Ana", "Cy", "Ben"], "bot_pace_ms": 60_000,
                                       "players": [{"kind": "person"}, {"kind": "bot", "strategy": "random"}, {"kind": "person"}]})
    assert made.status_code == 201, made.get_json()
    game = made.get_json()
    owner = bearer(game["owner_token"])
    opened = client.post(f"/games/{game['id']}/joining", headers=owner).get_json()
    assert opened["open_seats"] == [1, 3]
    seats = [client.post(f"/join/{opened['code']}", json={"name": name}).get_json()["seat"] for name in ("Zoé", "Max")]
    assert seats == [1, 3]
    assert client.post(f"/join/{opened['code']}", json={"name": "Kim"}).status_code == 409  # the bot's seat stays the bot's
