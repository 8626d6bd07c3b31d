"""Benchmark: commands per second through HTTP (a real waitress server on loopback, SQLite file),
to read beside ``test_commands_through_the_service_on_sqlite`` from the same run. Choosing the next
command (a random bot reading the store) is done outside the timed part; the timed part is one
``POST /games/{id}/commands`` on a kept-alive connection, answered 201.

    pytest tests/benchmarks -m speed --benchmark-enable
"""

from __future__ import annotations

import http.client
import json
import threading
import uuid

import pytest
import waitress

from api import create_app
from domain import registry
from domain.bots import RandomBot
from domain.service import GameService
from domain.store import store_env

pytestmark = pytest.mark.speed


@pytest.fixture(params=registry.all_rulesets(), ids=lambda rules: rules.name)
def rules(request):
    return request.param


@pytest.fixture
def served(tmp_path):
    db = str(tmp_path / "bench.sqlite3")
    server = waitress.create_server(create_app({"LUDOLOG_DATABASE_URL": db}), host="127.0.0.1", port=0, threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield server.effective_port, db
    server.close()


def test_commands_through_http_on_sqlite(benchmark, rules, served):
    benchmark.group = "commands per second"
    port, db = served
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    reader = GameService(env=store_env(db))
    bot = RandomBot(1)
    seats = [f"P{n}" for n in range(1, rules.min_seats + 1)]
    current: dict = {}

    def post(path, body, token=None):
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        connection.request("POST", path, body=json.dumps(body), headers=headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read())

    def new_game(number):
        status, created = post("/games", {"ruleset": rules.name, "seats": seats, "seed": f"bench-{number}"})
        assert status == 201
        current.update(id=uuid.UUID(created["id"]), tokens={s["seat"]: s["token"] for s in created["seats"]}, games=number)

    def choose():
        game = reader.game(current["id"]) if current else None
        if game is None or game.outcome() is not None:
            new_game(current.get("games", 0) + 1)
            game = reader.game(current["id"])
        seat = game.to_act()[0]
        command = bot.choose(rules, game.state, seat, game.version)
        return (f"/games/{current['id']}/commands", {"command": command}, current["tokens"][seat]), {}

    def submit(path, body, token):
        status, answer = post(path, body, token)
        assert status == 201, answer

    benchmark.pedantic(submit, setup=choose, rounds=1000, iterations=1, warmup_rounds=10)
