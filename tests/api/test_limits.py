"""Request limits (``api/limits.py``): 429 per token and per address, configurable or ``off``, while
the other clients of the same server keep their answers; 413 for a body over the limit on every
route that takes one, with nothing written; the environment variables ``ludolog serve`` and
``api.wsgi`` read. Every answer goes through the spec-checking client (``conftest.py``)."""

from __future__ import annotations

import importlib
import io
import json
import os
import re
import socket
import subprocess
import sys
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest
import spec as oas
from click.testing import CliRunner
from conftest import SpecCheckedClient

from api import DEFAULTS, create_app, limits, settings_from
from cli.serve import serve
from domain.keeping.notebook import Notebook
from domain.keeping.service import GameService
from domain.keeping.store import store_env

OTHER_ADDRESS = {"REMOTE_ADDR": "203.0.113.7"}
RATE_LIMITED = "urn:ludolog:problem:rate-limited"


@pytest.fixture
def make_app(store):
    """``make_app(**settings)``: an app on the test store with these settings over the defaults (the
    limits on, whatever the other API tests' app has)."""
    services = []

    def make(**settings):
        service = GameService(env=store_env(store))
        services.append(service)
        app = create_app({"LUDOLOG_DATABASE_URL": store, **settings}, service=service)
        app.test_client_class = SpecCheckedClient
        return app

    yield make
    for service in services:
        service.close()


def new_game(client, seed="limits"):
    created = client.post("/games", json={"ruleset": "project-assassination", "seats": ["Ana", "Ben"], "seed": seed})
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    seats = {s["seat"]: {"Authorization": f"Bearer {s['token']}"} for s in body["seats"]}
    return f"/games/{body['id']}", seats, {"Authorization": f"Bearer {body['owner_token']}"}


def assert_rate_limited(response, who, limit):
    assert response.status_code == 429, response.get_data(as_text=True)
    problem = response.get_json()
    assert problem["type"] == RATE_LIMITED
    assert f"more than {limit} {who}" in problem["detail"]
    retry = int(response.headers["Retry-After"])
    assert 1 <= retry <= 60 and f"retry in {retry} second" in problem["detail"]


# -- 429: one client is refused, the others are served ---------------------------------------------


def test_a_hammering_token_gets_429_while_other_tokens_and_addresses_keep_their_answers(make_app):
    app = make_app(LUDOLOG_RATE_LIMIT_PER_TOKEN="5/minute", LUDOLOG_RATE_LIMIT_PER_ADDRESS="20/minute")
    client = app.test_client()
    url, seat, owner = new_game(client)
    for _ in range(5):
        assert client.get(url, headers=seat[1]).status_code == 200
    for _ in range(10):  # refused for the token: these do not count for the address
        assert_rate_limited(client.get(url, headers=seat[1]), "with this token", "5 per 1 minute")
    assert_rate_limited(client.get(f"{url}/legal-commands", headers=seat[1]), "with this token", "5 per 1 minute")
    assert client.get(url, headers=seat[2]).status_code == 200  # another token, same address
    assert client.get(f"{url}/legal-commands", headers=owner, query_string={"seat": 1}).status_code == 200
    assert client.get(url).status_code == 200  # no token, same address
    assert client.get(url, headers=seat[2], environ_base=OTHER_ADDRESS).status_code == 200
    assert client.get(url, headers=seat[1], environ_base=OTHER_ADDRESS).status_code == 429  # the token, anywhere


def test_a_hammering_address_gets_429_while_other_addresses_keep_their_answers(make_app):
    app = make_app(LUDOLOG_RATE_LIMIT_PER_TOKEN="100/minute", LUDOLOG_RATE_LIMIT_PER_ADDRESS="5/minute")
    client = app.test_client()
    url, seat, _ = new_game(client)  # 1
    for _ in range(4):  # 2-5
        assert client.get("/rulesets").status_code == 200
    for path, headers in (("/rulesets", {}), (url, {}), (url, seat[1]), ("/games", {})):
        assert_rate_limited(client.get(path, headers=headers), "from this address", "5 per 1 minute")
    assert client.get(url, headers=seat[1], environ_base=OTHER_ADDRESS).status_code == 200
    assert client.get("/rulesets", environ_base=OTHER_ADDRESS).status_code == 200
    assert client.get("/healthz").status_code == 200  # never counted


def test_a_refused_command_writes_nothing(make_app):
    app = make_app(LUDOLOG_RATE_LIMIT_PER_TOKEN="3/minute", LUDOLOG_RATE_LIMIT_PER_ADDRESS="off")
    service = app.extensions["ludolog"]
    client = app.test_client()
    url, seats, owner = new_game(client)
    game_id = uuid.UUID(url.rsplit("/", 1)[1])
    played = 0
    for _ in range(3):
        game = service.game(game_id)
        seat = game.to_act()[0]
        command = game.rules.legal_commands(game.state, seat)[0]
        response = client.post(f"{url}/commands", json={"command": command, "seat": seat}, headers=owner)
        played += response.status_code == 201
    assert played == 3
    game = service.game(game_id)
    seat = game.to_act()[0]
    command = {"command": game.rules.legal_commands(game.state, seat)[0], "seat": seat}
    refused = client.post(f"{url}/commands", json=command, headers={**owner, "Idempotency-Key": "k"})
    assert_rate_limited(refused, "with this token", "3 per 1 minute")
    assert service.game(game_id).version == game.version
    # the seat's own token may still play it, and the key is new: the refused command left no trace
    del command["seat"]
    played = client.post(f"{url}/commands", json=command, headers={**seats[seat], "Idempotency-Key": "k"})
    assert played.status_code == 201 and played.get_json()["replayed"] is False
    assert played.get_json()["version"] > game.version


def test_requests_without_a_token_count_only_per_address(make_app):
    app = make_app(LUDOLOG_RATE_LIMIT_PER_TOKEN="1/minute", LUDOLOG_RATE_LIMIT_PER_ADDRESS="30/minute")
    client = app.test_client()
    url, _, _ = new_game(client)
    for _ in range(10):
        assert client.get(url).status_code == 200
        assert client.get("/rulesets").status_code == 200


def test_the_health_check_is_never_counted(make_app):
    client = make_app(LUDOLOG_RATE_LIMIT_PER_ADDRESS="2/minute").test_client()
    for _ in range(20):
        assert client.get("/healthz").status_code == 200
    assert client.get("/rulesets").status_code == 200
    assert client.get("/rulesets").status_code == 200
    assert client.get("/rulesets").status_code == 429


def test_off_turns_a_limit_off(make_app):
    client = make_app(LUDOLOG_RATE_LIMIT_PER_TOKEN="off", LUDOLOG_RATE_LIMIT_PER_ADDRESS="off").test_client()
    url, seat, _ = new_game(client)
    for _ in range(100):
        assert client.get(url, headers=seat[1]).status_code == 200
    tokens_only = make_app(LUDOLOG_RATE_LIMIT_PER_TOKEN="2/minute", LUDOLOG_RATE_LIMIT_PER_ADDRESS="OFF").test_client()
    url, seat, _ = new_game(tokens_only, seed="off")
    for _ in range(50):
        assert tokens_only.get(url).status_code == 200
    assert [tokens_only.get(url, headers=seat[1]).status_code for _ in range(3)] == [200, 200, 429]


def test_limits_take_several_windows(make_app):
    client = make_app(LUDOLOG_RATE_LIMIT_PER_ADDRESS="3/second;4/hour").test_client()
    statuses = [client.get("/rulesets").status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    assert "per 1 second" in client.get("/rulesets").get_json()["detail"]


def test_the_default_limits_are_as_documented():
    assert DEFAULTS["LUDOLOG_RATE_LIMIT_PER_TOKEN"] == "500/second;6000/minute"
    assert DEFAULTS["LUDOLOG_RATE_LIMIT_PER_ADDRESS"] == "1000/second;12000/minute"
    assert DEFAULTS["LUDOLOG_RATE_LIMIT_STORAGE"] == "memory://"
    description = " ".join(oas.spec()["info"]["description"].split())
    assert "a token may make 500 requests a second and 6,000 a minute and an address twice that" in description


def test_a_token_is_counted_under_a_hash_never_in_the_clear(make_app):
    app = make_app(LUDOLOG_RATE_LIMIT_PER_TOKEN="5/minute")
    client = app.test_client()
    url, seat, _ = new_game(client)
    client.get(url, headers=seat[1])
    token = seat[1]["Authorization"].removeprefix("Bearer ")
    keys = list(app.extensions[limits.RATE_BUDGETS].shared.storage.storage)
    assert keys and not any(token in key for key in keys)


# -- where the counts live ---------------------------------------------------------------------


def redis_url() -> str:
    pytest.importorskip("redis", reason="the redis client is not installed (pip install 'ludolog[redis]')")
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=0.5).close()
    except OSError:
        pytest.skip("no Redis server on 127.0.0.1:6379")
    return "redis://127.0.0.1:6379"


def test_memory_counts_per_process_and_redis_shares_the_counts(make_app):
    address = {"REMOTE_ADDR": f"198.51.100.{uuid.uuid4().int % 250 + 1}"}
    one, two = (make_app(LUDOLOG_RATE_LIMIT_PER_ADDRESS="3/minute").test_client() for _ in range(2))
    statuses = [client.get("/rulesets", environ_base=address).status_code for client in (one, two) * 3]
    assert statuses == [200] * 6  # two workers on memory://: each counts on its own
    address = {"REMOTE_ADDR": f"2001:db8::{uuid.uuid4().hex[:4]}"}  # a fresh key in the shared Redis
    storage = redis_url()
    one, two = (make_app(LUDOLOG_RATE_LIMIT_PER_ADDRESS="3/minute", LUDOLOG_RATE_LIMIT_STORAGE=storage).test_client()
                for _ in range(2))
    statuses = [client.get("/rulesets", environ_base=address).status_code for client in (one, two) * 3]
    assert statuses == [200, 200, 200, 429, 429, 429]


def test_a_storage_that_does_not_answer_leaves_the_api_serving_and_counting_in_memory(make_app):
    pytest.importorskip("redis", reason="the redis client is not installed (pip install 'ludolog[redis]')")
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    client = make_app(LUDOLOG_RATE_LIMIT_PER_ADDRESS="3/minute", LUDOLOG_RATE_LIMIT_STORAGE=f"redis://127.0.0.1:{port}").test_client()
    assert [client.get("/rulesets").status_code for _ in range(4)] == [200, 200, 200, 429]


# -- 413: bodies over the limit -----------------------------------------------------------------


def body_operations():
    return sorted((method, path) for method, path in oas.operations() if "requestBody" in oas.spec()["paths"][path][method.lower()])


def test_every_route_that_takes_a_body_refuses_one_over_the_limit_and_writes_nothing(make_app):
    assert body_operations() == [
        ("PATCH", "/games/{game_id}/notes/{note_id}"),
        ("POST", "/games"),
        ("POST", "/games/to-act"),
        ("POST", "/games/{game_id}/bot-move"),
        ("POST", "/games/{game_id}/commands"),
        ("POST", "/games/{game_id}/forks"),
        ("POST", "/games/{game_id}/joining"),
        ("POST", "/games/{game_id}/notes"),
        ("POST", "/join/{code}"),
        ("POST", "/kits"),
        ("POST", "/kits/check"),
        ("POST", "/rooms"),
        ("POST", "/rooms/{code}/requests/{number}"),
        ("POST", "/rooms/{code}/students"),
        ("POST", "/rooms/{code}/students/{student}/move"),
        ("POST", "/tunings"),
    ]
    app = make_app(MAX_CONTENT_LENGTH=2000)
    service = app.extensions["ludolog"]
    client = app.test_client()
    url, _, owner = new_game(client)
    game_id = uuid.UUID(url.rsplit("/", 1)[1])
    assert client.post(f"{url}/notes", json={"at": 1, "text": "kept"}, headers=owner).status_code == 201
    notes = Notebook(service).history(game_id)
    version, games = service.game(game_id).version, len(service.list_games())
    paths = {"/games": "/games", "/games/{game_id}/commands": f"{url}/commands", "/games/{game_id}/notes": f"{url}/notes",
             "/games/{game_id}/notes/{note_id}": f"{url}/notes/1", "/games/{game_id}/bot-move": f"{url}/bot-move", "/kits": "/kits", "/kits/check": "/kits/check",
             "/games/{game_id}/forks": f"{url}/forks", "/join/{code}": "/join/no-such-code", "/games/to-act": "/games/to-act",
             "/games/{game_id}/joining": f"{url}/joining", "/rooms": "/rooms", "/rooms/{code}/students": "/rooms/KXMPTA/students",
             "/rooms/{code}/students/{student}/move": "/rooms/KXMPTA/students/1/move",
             "/rooms/{code}/requests/{number}": "/rooms/KXMPTA/requests/1", "/tunings": "/tunings"}
    big = {"ruleset": "project-assassination", "seats": ["Ana", "Ben"], "command": {"type": "end"}, "seed": "x" * 2000}
    tries = [
        (method, paths[path], headers, body)
        for method, path in body_operations()
        for headers in (owner, {"Authorization": "Bearer not-a-token"}, {})  # refused before the token is looked at
        for body in ({"json": big}, {"data": "x" * 3000, "content_type": "text/plain"})
    ]
    for method, path, headers, body in tries:
        response = client.open(path, method=method, headers=headers, **body)
        assert response.status_code == 413, (method, path, response.get_json())
        assert response.get_json()["type"] == "urn:ludolog:problem:too-large"
        assert response.get_json()["detail"] == "the body is over the limit of 2000 bytes"
    assert service.game(game_id).version == version and len(service.list_games()) == games
    assert Notebook(service).history(game_id) == notes
    assert client.get("/kits").get_json() == {"kits": []}
    assert client.post("/games", json={"ruleset": "project-assassination", "seats": ["Ana", "Ben"]}).status_code == 201


def test_a_body_sent_without_a_length_is_cut_off_at_the_limit(make_app):
    app = make_app(MAX_CONTENT_LENGTH=2000)
    client = app.test_client()
    body = json.dumps({"ruleset": "project-assassination", "seats": ["Ana", "Ben"], "seed": "x" * 5000}).encode()
    response = client.post("/games", input_stream=io.BytesIO(body), content_type="application/json",
                           environ_overrides={"wsgi.input_terminated": True})
    assert response.status_code == 413
    assert app.extensions["ludolog"].list_games() == []


# -- the settings from the environment ------------------------------------------------------------


def test_settings_from_the_environment():
    assert settings_from({}) == {"LUDOLOG_DATABASE_URL": "ludolog.sqlite3"}
    environ = {
        "LUDOLOG_DATABASE_URL": "games.sqlite3",
        "LUDOLOG_RATE_LIMIT_PER_TOKEN": "20/second;600/minute",
        "LUDOLOG_RATE_LIMIT_PER_ADDRESS": "off",
        "LUDOLOG_RATE_LIMIT_STORAGE": "memory://",
        "LUDOLOG_MAX_BODY_BYTES": "1000",
        "UNRELATED": "x",
    }
    assert settings_from(environ) == {
        "LUDOLOG_DATABASE_URL": "games.sqlite3",
        "LUDOLOG_RATE_LIMIT_PER_TOKEN": "20/second;600/minute",
        "LUDOLOG_RATE_LIMIT_PER_ADDRESS": "off",
        "LUDOLOG_RATE_LIMIT_STORAGE": "memory://",
        "MAX_CONTENT_LENGTH": 1000,
    }


@pytest.mark.parametrize(
    ("variable", "value", "message"),
    [
        ("LUDOLOG_RATE_LIMIT_PER_TOKEN", "20/sekond", "LUDOLOG_RATE_LIMIT_PER_TOKEN='20/sekond' is not a rate limit"),
        ("LUDOLOG_RATE_LIMIT_PER_ADDRESS", "lots", "LUDOLOG_RATE_LIMIT_PER_ADDRESS='lots' is not a rate limit"),
        ("LUDOLOG_RATE_LIMIT_STORAGE", "nosuch://here", "unknown storage scheme"),
        ("LUDOLOG_MAX_BODY_BYTES", "64k", "LUDOLOG_MAX_BODY_BYTES='64k' is not a number of bytes"),
        ("LUDOLOG_MAX_BODY_BYTES", "0", "is not a number of bytes above 0"),
    ],
)
def test_a_setting_that_cannot_work_is_refused_by_name(variable, value, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        settings_from({variable: value})
    result = CliRunner().invoke(serve, ["--db", ":memory:"], env={variable: value})
    assert result.exit_code == 2 and message in result.output


def test_the_wsgi_module_takes_the_limits_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("LUDOLOG_DATABASE_URL", str(tmp_path / "wsgi.sqlite3"))
    monkeypatch.setenv("LUDOLOG_RATE_LIMIT_PER_ADDRESS", "2/minute")
    monkeypatch.setenv("LUDOLOG_MAX_BODY_BYTES", "100")
    app = importlib.reload(importlib.import_module("api.wsgi")).app
    app.test_client_class = SpecCheckedClient
    client = app.test_client()
    assert client.post("/games", json={"ruleset": "x" * 200, "seats": ["A"]}).status_code == 413
    assert [client.get("/rulesets").status_code for _ in range(2)] == [200, 429]
    assert app.config[limits.PER_TOKEN] == DEFAULTS[limits.PER_TOKEN]


def test_ludolog_serve_takes_the_limits_from_the_environment(tmp_path):
    """A real server: the third request from this address is refused, with Retry-After."""
    process = subprocess.Popen(
        [sys.executable, "-c", "from cli.main import main; main()", "serve", "--port", "0", "--db", str(tmp_path / "s.sqlite3")],
        stderr=subprocess.PIPE, text=True, cwd=Path(__file__).parents[2],
        env={**os.environ, "PYTHONUNBUFFERED": "1", "LUDOLOG_RATE_LIMIT_PER_ADDRESS": "2/minute"},
    )
    try:
        line = process.stderr.readline()
        match = re.search(r"http://[\d.]+:\d+", line)
        assert match, f"no address in {line!r}"
        statuses = []
        for _ in range(3):
            try:
                with urllib.request.urlopen(match.group(0) + "/rulesets", timeout=10) as response:
                    statuses.append(response.status)
            except urllib.error.HTTPError as error:
                statuses.append(error.code)
                assert error.headers["Retry-After"].isdigit()
                assert json.loads(error.read())["type"] == RATE_LIMITED
        assert statuses == [200, 200, 429]
    finally:
        process.terminate()
        process.wait(timeout=10)
        process.stderr.close()
