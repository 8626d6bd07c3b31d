"""Rooms over HTTP (``api/rooms.py``), on each store: a teacher opens a room, students join from its code and come
back, the teacher runs the tables from the dashboard; each mistake is one clear line and changes nothing; names are
data; a class of thirty behind one school address joins at once under the default budgets, while the room's join
budget and its ``most_students`` still stop a script. Every answer goes through the spec-checking client
(``conftest.py``); the clock of the budget tests is freezegun's, so no assertion depends on the machine's speed."""

from __future__ import annotations

import pytest
from conftest import SpecCheckedClient
from freezegun import freeze_time

from api import create_app

PROBLEM = "urn:ludolog:problem:"
SCHOOL = {"REMOTE_ADDR": "203.0.113.10"}
"""The one address a whole class behind a school's NAT comes from."""
TWO = {"ruleset": "project-assassination", "seats_per_table": 2}


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def open_room(client, **body):
    """A room opened through the API: its code, the teacher's header, and the answer's body."""
    response = client.post("/rooms", json={**TWO, **body})
    assert response.status_code == 201, response.get_json()
    opened = response.get_json()
    return opened["code"], bearer(opened["teacher_token"]), opened


def join(client, code, name=None, headers=None, **body):
    return client.post(f"/rooms/{code}/students", json={"name": name, **body} if name else body, headers=headers or {})


def refused(response, status, kind):
    """The answer is the problem of that kind: one line saying what to do."""
    assert response.status_code == status, response.get_data(as_text=True)
    problem = response.get_json()
    assert problem["type"] == PROBLEM + kind and "\n" not in problem["detail"]
    return problem["detail"]


def test_a_room_opens_with_its_code_link_and_qr_and_anyone_holding_the_code_sees_names_only(client):
    code, _, opened = open_room(client, name="Class 4B", start="teacher")
    assert opened["link"].endswith(f"/#/room/{code}") and opened["qr_svg"].startswith("<svg")
    assert client.post("/rooms", json={**TWO, "name": "x"}).get_json()["code"] != code
    ann = join(client, code, "Ann").get_json()
    shown = client.get(f"/rooms/{code[:3].lower()}-{code[3:].lower()}")
    assert shown.status_code == 200 and shown.get_json()["code"] == code
    assert shown.get_json()["tables"] == [{"table": 1, "started": False, "game_id": None, "names": ["Ann", None]}]
    text = shown.get_data(as_text=True)
    for secret in (opened["teacher_token"], ann["device_token"], ann["personal_code"]):
        assert secret not in text


def test_students_are_seated_and_play_their_seat_with_their_device_token(client):
    code, teacher, _ = open_room(client)
    ann = join(client, code, "Ann")
    assert ann.status_code == 201 and ann.get_json()["how"] == "joined" and ann.get_json()["where"] == "seated"
    ben = join(client, code, "Ben").get_json()
    assert (ben["where"], ben["seat"], ben["tablemates"]) == ("playing", 2, ["Ann"])
    me = client.get(f"/rooms/{code}/me", headers=bearer(ann.get_json()["device_token"])).get_json()
    assert (me["where"], me["seat"], me["game_id"]) == ("playing", 1, ben["game_id"])
    game = f"/games/{ben['game_id']}"
    assert client.get(game, headers=bearer(ann.get_json()["device_token"])).get_json()["viewer"] == 1
    assert client.get(game, headers=teacher).get_json()["viewer"] == "owner"
    assert [s["name"] for s in client.get(game).get_json()["seats"]] == ["Ann", "Ben"]


def test_the_same_device_joining_again_is_back_in_its_place_not_a_new_student(client):
    code, _, _ = open_room(client)
    ann = join(client, code, "Ann").get_json()
    for body in ({}, {"name": "Ann"}, {"name": "Somebody"}):
        again = client.post(f"/rooms/{code}/students", json=body, headers=bearer(ann["device_token"]))
        assert again.status_code == 200
        assert (again.get_json()["how"], again.get_json()["student"], again.get_json()["device_token"]) == ("back", 1, None)
    assert client.get(f"/rooms/{code}").get_json()["students"] == 1


def test_each_mistake_is_one_clear_line_and_changes_nothing(client):
    code, teacher, _ = open_room(client, most_students=2)
    ann = join(client, code, "Ann").get_json()
    join(client, code, "Ben")
    before = client.get(f"/rooms/{code}").get_json()
    assert "full" in refused(join(client, code, "Cy"), 409, "room-refused")
    assert "personal code" in refused(join(client, code, "ann"), 409, "room-refused")
    assert "not" in refused(join(client, code, "Ann", personal_code="nope"), 409, "room-refused")
    assert "only digits" in refused(join(client, code, "42"), 422, "invalid-setup")
    assert "control character" in refused(join(client, code, "\x1b[2J"), 422, "invalid-setup")
    refused(join(client, code, "x" * 41), 400, "invalid-request")
    refused(join(client, "KXMPTB" if code != "KXMPTB" else "KXMPTA", "Cy"), 404, "unknown-room")
    refused(join(client, "nope", "Cy"), 404, "unknown-room")
    assert client.get(f"/rooms/{code}").get_json() == before
    client.post(f"/rooms/{code}/close", headers=teacher)
    assert "closed" in refused(join(client, code, "Dee"), 410, "room-closed")
    assert join(client, code, headers=bearer(ann["device_token"])).status_code == 200  # a device already in comes back


def test_names_with_html_and_other_text_come_back_as_data(client):
    code, teacher, _ = open_room(client)
    names = ['<img src=x onerror="alert(1)">', "Zoé & «Ben» '; --"]
    tokens = [join(client, code, name).get_json()["device_token"] for name in names]
    room = client.get(f"/rooms/{code}")
    assert room.mimetype == "application/json" and room.get_json()["tables"][0]["names"] == names
    assert [row["name"] for row in client.get(f"/rooms/{code}/dashboard", headers=teacher).get_json()["roster"]] == names
    me = client.get(f"/rooms/{code}/me", headers=bearer(tokens[0])).get_json()
    assert (me["name"], me["tablemates"]) == (names[0], [names[1]])
    assert [s["name"] for s in client.get(f"/games/{me['game_id']}").get_json()["seats"]] == names


def test_only_the_teachers_token_reads_the_dashboard_and_runs_the_room(client):
    code, teacher, _ = open_room(client)
    device = bearer(join(client, code, "Ann").get_json()["device_token"])
    for method, path in (("GET", "dashboard"), ("POST", "start"), ("POST", "close"), ("POST", "students/1/free"),
                         ("DELETE", "students/1")):
        assert refused(client.open(f"/rooms/{code}/{path}", method=method), 401, "unauthorized")
        refused(client.open(f"/rooms/{code}/{path}", method=method, headers=device), 403, "forbidden")
        refused(client.open(f"/rooms/{code}/{path}", method=method, headers=bearer("nope")), 403, "forbidden")
    assert client.get(f"/rooms/{code}").get_json()["open"] is True
    assert client.get(f"/rooms/{code}/dashboard", headers=teacher).get_json()["roster"] == [
        {"student": 1, "name": "Ann", "table": 1, "playing": False}]


def test_the_teacher_starts_tables_with_bots_and_the_dashboard_shows_every_table(client):
    code, teacher, _ = open_room(client, ruleset="missions", seats_per_table=3, start="teacher",
                                 fill={"strategy": "greedy", "pace_ms": 10_000})
    for name in ("Ann", "Ben", "Cy", "Dee"):
        join(client, code, name)
    assert client.post(f"/rooms/{code}/start", headers=teacher).get_json() == {"waiting": []}
    board = client.get(f"/rooms/{code}/dashboard", headers=teacher).get_json()
    assert [t["names"] for t in board["tables"]] == [["Ann", "Ben", "Cy"], ["Dee", None, None]]
    assert [s["name"] for s in board["tables"][1]["game"]["seats"]] == ["Dee", "Greedy bot", "Greedy bot 2"]
    assert all(t["game"]["status"] == "active" for t in board["tables"])


def test_a_table_playing_keeps_its_students_until_its_game_is_over(client):
    code, teacher, _ = open_room(client)
    ann = bearer(join(client, code, "Ann").get_json()["device_token"])
    game_id = join(client, code, "Ben").get_json()["game_id"]
    assert "playing" in refused(client.post(f"/rooms/{code}/students/1/move", json={"table": None}, headers=teacher),
                                409, "room-refused")
    refused(client.post(f"/rooms/{code}/students/1/free", headers=teacher), 409, "room-refused")
    assert client.post(f"/games/{game_id}/resign", headers=ann).status_code == 200
    assert client.post(f"/rooms/{code}/students/1/free", headers=teacher).status_code == 204
    assert client.get(f"/rooms/{code}/me", headers=ann).get_json()["where"] == "waiting"
    back = join(client, code, headers=ann).get_json()
    assert (back["how"], back["where"], back["table"]) == ("back", "seated", 2)
    assert client.post(f"/rooms/{code}/students/2/move", json={"table": 2}, headers=teacher).status_code == 204
    assert client.get(f"/rooms/{code}/me", headers=ann).get_json()["where"] == "playing"


def test_a_new_device_is_let_in_by_the_teacher_and_a_removed_students_token_dies(client):
    code, teacher, _ = open_room(client)
    old = join(client, code, "Ann").get_json()["device_token"]
    game_id = join(client, code, "Ben").get_json()["game_id"]
    asking = join(client, code, "Ann", ask_teacher=True)
    assert asking.status_code == 202 and asking.get_json()["how"] == "asked"
    new = bearer(asking.get_json()["device_token"])
    assert client.get(f"/rooms/{code}/dashboard", headers=teacher).get_json()["requests"] == [
        {"request": 1, "student": 1, "name": "Ann"}]
    assert client.post(f"/rooms/{code}/requests/1", json={"let_in": True}, headers=teacher).status_code == 204
    assert client.get(f"/games/{game_id}", headers=new).get_json()["viewer"] == 1
    refused(client.get(f"/games/{game_id}", headers=bearer(old)), 401, "unauthorized")
    assert client.get(f"/rooms/{code}/me", headers=bearer(old)).get_json()["where"] == "replaced"
    refused(client.post(f"/rooms/{code}/requests/1", json={"let_in": True}, headers=teacher), 409, "room-refused")
    assert client.delete(f"/rooms/{code}/students/1", headers=teacher).status_code == 204
    refused(client.get(f"/games/{game_id}", headers=new), 401, "unauthorized")
    assert client.get(f"/rooms/{code}/me", headers=new).get_json()["where"] == "removed"


@pytest.fixture
def budgeted(store, store_service):
    """An app on each store with the service's default limits and budgets (the other API tests' app has them off),
    its service storing events stamped under freezegun, made with settings of its own: its client, from the school."""

    def make(**settings):
        app = create_app({"LUDOLOG_DATABASE_URL": store, **settings}, service=store_service)
        app.test_client_class = SpecCheckedClient
        client = app.test_client()
        client.environ_base = dict(SCHOOL)
        return client

    return make


def test_a_class_of_thirty_behind_one_address_joins_within_ten_seconds_each_pressing_twice(budgeted):
    client = budgeted()
    code, _, _ = open_room(client, ruleset="missions", seats_per_table=3)
    with freeze_time("2026-03-02 09:00:00") as clock:
        statuses = []
        for n in range(30):
            first = join(client, code, f"Student {n}")
            statuses.append(first.status_code)
            clock.tick(0.15)
            statuses.append(join(client, code, headers=bearer(first.get_json()["device_token"])).status_code)
            clock.tick(0.15)  # 60 joins in 9 seconds
    assert statuses == [201, 200] * 30
    room = client.get(f"/rooms/{code}").get_json()
    assert room["students"] == 30 and all(t["started"] for t in room["tables"]) and len(room["tables"]) == 10


def test_the_rooms_join_budget_refuses_a_script_past_it_and_records_nothing(budgeted):
    client = budgeted(LUDOLOG_ROOM_JOIN_RATE_LIMIT="3/minute")
    code, _, _ = open_room(client, ruleset="missions", seats_per_table=3)
    with freeze_time("2026-03-02 09:00:00") as clock:
        assert [join(client, code, name).status_code for name in ("Ann", "Ben", "Cy")] == [201] * 3
        over = join(client, code, "Dee")
        assert "3 per 1 minute" in refused(over, 429, "rate-limited")
        assert 1 <= int(over.headers["Retry-After"]) <= 60
        assert client.get(f"/rooms/{code}").get_json()["students"] == 3
        client.environ_base = {"REMOTE_ADDR": "198.51.100.7"}
        assert join(client, code, "Dee").status_code == 201  # another address has its own budget
        client.environ_base = dict(SCHOOL)
        clock.tick(61)
        assert join(client, code, "Eve").status_code == 201  # the next minute


def test_a_rooms_most_students_caps_a_script_under_the_default_budget(budgeted):
    client = budgeted()
    code, _, _ = open_room(client, most_students=5)
    statuses = [join(client, code, f"Bot {n}").status_code for n in range(8)]
    assert statuses == [201] * 5 + [409] * 3
    assert client.get(f"/rooms/{code}").get_json()["students"] == 5
