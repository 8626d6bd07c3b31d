"""CORS (``api/cors.py``): off by default; the origins ``LUDOLOG_CORS_ORIGINS`` lists get the headers
on answers, errors and preflights, other origins none; preflights are not rate-limited; the
environment setting reaches ``create_app``, ``api.wsgi`` and ``ludolog serve``."""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import API_TEST_SETTINGS, SpecCheckedClient

from api import create_app, settings_from
from cli.serve import serve
from domain.keeping.service import GameService
from domain.keeping.store import store_env

PAGE = "https://games.example.org"
OTHER = "https://elsewhere.example.net"
ALLOW_ORIGIN = "Access-Control-Allow-Origin"
SEATS = {"ruleset": "project-assassination", "seats": ["Ana", "Ben"], "seed": "3"}


@pytest.fixture
def make_client(store):
    services = []

    def make(**settings):
        service = GameService(env=store_env(store))
        services.append(service)
        app = create_app({"LUDOLOG_DATABASE_URL": store, **API_TEST_SETTINGS, **settings}, service=service)
        app.test_client_class = SpecCheckedClient
        return app.test_client()

    yield make
    for service in services:
        service.close()


def preflight(client, path, origin=PAGE, method="POST", headers="authorization, content-type, idempotency-key, if-match"):
    return client.options(path, headers={
        "Origin": origin, "Access-Control-Request-Method": method, "Access-Control-Request-Headers": headers,
    })


def cors_headers(response) -> dict[str, str]:
    return {name: value for name, value in response.headers.items() if name.lower().startswith("access-control-")}


def test_no_cors_headers_by_default(make_client):
    client = make_client()
    created = client.post("/games", json=SEATS, headers={"Origin": PAGE})
    assert created.status_code == 201 and cors_headers(created) == {}
    assert cors_headers(client.get("/rulesets", headers={"Origin": PAGE})) == {}
    assert cors_headers(preflight(client, f"{created.headers['Location']}/commands")) == {}


def test_a_listed_origin_may_read_answers_and_the_headers_it_needs(make_client):
    client = make_client(LUDOLOG_CORS_ORIGINS=f"{PAGE}, http://localhost:5173")
    created = client.post("/games", json=SEATS, headers={"Origin": PAGE})
    assert created.status_code == 201
    assert created.headers[ALLOW_ORIGIN] == PAGE
    exposed = {name.strip() for name in created.headers["Access-Control-Expose-Headers"].split(",")}
    assert exposed == {"ETag", "Location", "Idempotent-Replayed", "Retry-After", "RateLimit", "RateLimit-Policy"}
    assert "Access-Control-Allow-Credentials" not in created.headers
    assert "Origin" in created.headers.get("Vary", "")
    read = client.get(created.headers["Location"], headers={"Origin": "http://localhost:5173"})
    assert read.headers[ALLOW_ORIGIN] == "http://localhost:5173"
    assert cors_headers(client.get("/rulesets")) == {}  # not from a page: nothing added


def test_a_listed_origin_gets_a_preflight_for_a_command_and_nothing_is_written(make_client):
    client = make_client(LUDOLOG_CORS_ORIGINS=PAGE)
    game = client.post("/games", json=SEATS).get_json()
    answer = preflight(client, f"/games/{game['id']}/commands")
    assert answer.status_code == 200
    assert answer.headers[ALLOW_ORIGIN] == PAGE
    assert "POST" in answer.headers["Access-Control-Allow-Methods"]
    allowed = {name.strip().lower() for name in answer.headers["Access-Control-Allow-Headers"].split(",")}
    assert allowed == {"authorization", "content-type", "idempotency-key", "if-match"}
    assert answer.headers["Access-Control-Max-Age"] == "600"
    assert client.get(f"/games/{game['id']}").get_json()["version"] == game["version"]
    stream = preflight(client, f"/games/{game['id']}/events/stream", method="GET", headers="authorization, last-event-id")
    assert {"authorization", "last-event-id"} <= {
        name.strip().lower() for name in stream.headers["Access-Control-Allow-Headers"].split(",")}
    polled = preflight(client, f"/games/{game['id']}", method="GET", headers="authorization, if-none-match")
    assert {"authorization", "if-none-match"} <= {
        name.strip().lower() for name in polled.headers["Access-Control-Allow-Headers"].split(",")}


def test_an_unlisted_origin_gets_no_cors_headers(make_client):
    client = make_client(LUDOLOG_CORS_ORIGINS=PAGE)
    created = client.post("/games", json=SEATS, headers={"Origin": OTHER})
    assert created.status_code == 201 and cors_headers(created) == {}
    assert cors_headers(preflight(client, f"{created.headers['Location']}/commands", origin=OTHER)) == {}
    assert cors_headers(client.get("/rulesets", headers={"Origin": PAGE + ".evil.example"})) == {}


def test_any_origin_with_a_star(make_client):
    client = make_client(LUDOLOG_CORS_ORIGINS="*")
    assert client.get("/rulesets", headers={"Origin": OTHER}).headers[ALLOW_ORIGIN] == "*"
    assert preflight(client, "/games").headers[ALLOW_ORIGIN] == "*"


def test_errors_reach_the_page_too(make_client):
    """A page reads the problem's detail of a refusal, and a 429's Retry-After."""
    client = make_client(LUDOLOG_CORS_ORIGINS=PAGE, LUDOLOG_RATE_LIMIT_PER_ADDRESS="2/minute")
    missing = client.get("/games/8eacb3c3-5f4e-4d0b-9a7c-2f1de3c4b5a6", headers={"Origin": PAGE})
    assert missing.status_code == 404 and missing.headers[ALLOW_ORIGIN] == PAGE
    assert client.get("/rulesets", headers={"Origin": PAGE}).status_code == 200
    refused = client.get("/rulesets", headers={"Origin": PAGE})
    assert refused.status_code == 429 and refused.headers[ALLOW_ORIGIN] == PAGE
    assert "Retry-After" in refused.headers["Access-Control-Expose-Headers"]


def test_preflights_are_not_rate_limited(make_client):
    client = make_client(LUDOLOG_CORS_ORIGINS=PAGE, LUDOLOG_RATE_LIMIT_PER_ADDRESS="2/minute")
    for _ in range(5):
        answer = preflight(client, "/games")
        assert answer.status_code == 200 and answer.headers[ALLOW_ORIGIN] == PAGE
    assert [client.get("/rulesets", headers={"Origin": PAGE}).status_code for _ in range(3)] == [200, 200, 429]


# -- the setting ---------------------------------------------------------------------------------


def test_the_origins_come_from_the_environment():
    environ = {"LUDOLOG_CORS_ORIGINS": f"{PAGE},http://localhost:5173"}
    assert settings_from(environ)["LUDOLOG_CORS_ORIGINS"] == f"{PAGE},http://localhost:5173"
    assert "LUDOLOG_CORS_ORIGINS" not in settings_from({})


@pytest.mark.parametrize("value", [f"{PAGE}/", f"{PAGE}/play", "games.example.org", "ftp://games.example.org", "https://*.example.org"])
def test_an_origin_that_is_no_origin_is_refused_by_name(value):
    message = f"LUDOLOG_CORS_ORIGINS: {value!r} is not an origin"
    with pytest.raises(ValueError, match=re.escape(message)):
        settings_from({"LUDOLOG_CORS_ORIGINS": f"http://localhost:5173, {value}"})
    result = CliRunner().invoke(serve, ["--db", ":memory:"], env={"LUDOLOG_CORS_ORIGINS": value})
    assert result.exit_code == 2 and message in result.output


def test_the_wsgi_module_takes_the_origins_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("LUDOLOG_DATABASE_URL", str(tmp_path / "wsgi.sqlite3"))
    monkeypatch.setenv("LUDOLOG_CORS_ORIGINS", PAGE)
    app = importlib.reload(importlib.import_module("api.wsgi")).app
    app.test_client_class = SpecCheckedClient
    assert app.test_client().get("/rulesets", headers={"Origin": PAGE}).headers[ALLOW_ORIGIN] == PAGE


def test_ludolog_serve_takes_the_origins_from_the_environment(tmp_path):
    process = subprocess.Popen(
        [sys.executable, "-c", "from cli.main import main; main()", "serve", "--port", "0", "--db", str(tmp_path / "s.sqlite3")],
        stderr=subprocess.PIPE, text=True, cwd=Path(__file__).parents[2],
        env={**os.environ, "PYTHONUNBUFFERED": "1", "LUDOLOG_CORS_ORIGINS": PAGE},
    )
    try:
        line = process.stderr.readline()
        match = re.search(r"http://[\d.]+:\d+", line)
        assert match, f"no address in {line!r}"
        request = urllib.request.Request(match.group(0) + "/rulesets", headers={"Origin": PAGE})
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.headers[ALLOW_ORIGIN] == PAGE
    finally:
        process.terminate()
        process.wait(timeout=10)
        process.stderr.close()
