"""``ludolog serve`` as a real process on a free port: a whole game played over HTTP by two clients,
each with only its own token, on the same SQLite file the CLI reads."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

LUDOLOG = [sys.executable, "-c", "from cli.main import main; main()"]


def call(base, method, path, body=None, token=None):
    request = urllib.request.Request(base + path, method=method, data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.fixture
def server(tmp_path):
    db = str(tmp_path / "served.sqlite3")
    process = subprocess.Popen(
        [*LUDOLOG, "serve", "--port", "0", "--db", db],
        stderr=subprocess.PIPE, text=True, cwd=Path(__file__).parents[2], env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        line = process.stderr.readline()
        match = re.search(r"http://[\d.]+:\d+", line)
        assert match, f"no address in {line!r}"
        yield match.group(0), db
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_a_whole_game_over_http_with_one_token_per_player(server):
    base, db = server
    assert call(base, "GET", "/healthz") == (200, {"status": "ok", "store": "sqlite"})
    status, created = call(base, "POST", "/games", {"ruleset": "project-assassination", "seats": ["Ana", "Ben"], "seed": "7"})
    assert status == 201
    game = f"/games/{created['id']}"
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    chooser = random.Random(7)
    for _ in range(2000):
        status, state = call(base, "GET", game, token=tokens[1])
        if state["status"] == "over":
            break
        seat = state["to_act"][0]
        _, legal = call(base, "GET", f"{game}/legal-commands", token=tokens[seat])
        status, answer = call(base, "POST", f"{game}/commands", {"command": chooser.choice(legal["commands"])}, token=tokens[seat])
        assert status == 201, answer
    assert state["status"] == "over" and state["outcome"]["reason"]
    shown = subprocess.run([*LUDOLOG, "show", created["id"], "--json", "--db", db], capture_output=True, text=True, check=True,
                           cwd=Path(__file__).parents[2])
    assert json.loads(shown.stdout)["version"] == state["version"]


def test_the_wsgi_module_serves_the_store_named_by_ludolog_db(tmp_path, monkeypatch):
    import importlib

    db = tmp_path / "wsgi.sqlite3"
    monkeypatch.setenv("LUDOLOG_DB", str(db))
    app = importlib.reload(importlib.import_module("api.wsgi")).app
    created = app.test_client().post("/games", json={"ruleset": "assassination-le", "seats": ["A", "B", "C"]})
    assert created.status_code == 201
    assert db.exists()
