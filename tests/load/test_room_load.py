"""Load test: a class of thirty joining one room at once, from one address, on ``ludolog serve`` with three
gunicorn worker processes on one store (SQLite and PostgreSQL).

Thirty client threads, each its own device, send their names to the room's code at the same moment (each twice:
the second press of Join sends the device's token and must get the same place back), then read their own place.
Every device is seated, no two at one seat, the tables fill in order (every table full but the last, and each full
one started, its game's seats named as the students joined), no join is refused by a budget, and the room holds
exactly thirty students: retries between the workers (each join a new version of one room) lost and doubled
nothing. The seconds the thirty joins took are printed, not asserted (``-s`` shows them).

Run: ``pytest tests/load -m load -s``.
"""

from __future__ import annotations

import threading
import time
from collections import Counter

import pytest
from harness import ApiClient

pytestmark = pytest.mark.load

STUDENTS = 30
SEATS = 3


def test_a_class_of_thirty_joins_one_room_at_once_from_one_address(serve) -> None:
    server = serve(workers=3, threads=8)
    teacher_client = ApiClient(server)
    opened = teacher_client.call("POST", "/rooms", {"ruleset": "missions", "seats_per_table": SEATS, "start": "full"})
    assert opened.status == 201, opened.body
    code, teacher = opened.body["code"], opened.body["teacher_token"]
    answers: dict[int, list] = {}
    barrier = threading.Barrier(STUDENTS)

    def student(number: int) -> None:
        client = ApiClient(server, reconnect_every=1)
        barrier.wait()
        first = client.call("POST", f"/rooms/{code}/students", {"name": f"Student {chr(65 + number // 26)}{chr(65 + number % 26)}"})
        again = None
        if first.status == 201:
            again = client.call("POST", f"/rooms/{code}/students", {"name": "ignored"}, token=first.body["device_token"])
        answers[number] = [first, again]
        client.close()

    started = time.monotonic()
    threads = [threading.Thread(target=student, args=(n,)) for n in range(STUDENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    seconds = time.monotonic() - started
    print(f"\n{STUDENTS} students joined one room from one address, each twice, in {seconds:.2f} s")

    statuses = Counter(first.status for first, _ in answers.values())
    assert statuses == {201: STUDENTS}, {n: a[0].body for n, a in answers.items() if a[0].status != 201}
    assert all(again.status == 200 and again.body["how"] == "back" for _, again in answers.values())
    places = Counter((first.body["table"], first.body["student"]) for first, _ in answers.values())
    assert len(places) == STUDENTS
    for first, again in answers.values():
        assert again.body["student"] == first.body["student"] and again.body["table"] == first.body["table"]

    board = teacher_client.call("GET", f"/rooms/{code}/dashboard", token=teacher)
    assert board.status == 200, board.body
    assert board.body["students"] == STUDENTS
    tables = board.body["tables"]
    assert [t["table"] for t in tables] == list(range(1, len(tables) + 1))
    full = [t for t in tables if None not in t["names"]]
    assert len(full) >= len(tables) - 1
    assert all(t["started"] for t in full)
    seated = [name for t in tables for name in t["names"] if name is not None]
    assert sorted(seated) == sorted(first.body["name"] for first, _ in answers.values())
    for table in full:
        game = teacher_client.call("GET", f"/games/{table['game_id']}", token=teacher)
        assert [s["name"] for s in game.body["seats"]] == table["names"]
