"""``ludolog serve`` as a real process on a free port, in one process and with several gunicorn
workers, on SQLite and PostgreSQL: a whole game played over HTTP by two clients, each with only its
own token, on the same store the CLI reads."""

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


@pytest.fixture(params=[1, 3], ids=["one-process", "three-workers"])
def server(request, store):
    db, workers = store, request.param
    process = subprocess.Popen(
        [*LUDOLOG, "serve", "--port", "0", "--workers", str(workers), "--threads", "4", "--db", db],
        stderr=subprocess.PIPE, text=True, cwd=Path(__file__).parents[2], env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        lines = []
        while not (lines and lines[-1].startswith("ludolog serving")):
            lines.append(process.stderr.readline())
            assert lines[-1], f"the server stopped: {lines}"
        match = re.search(r"on (http://[\d.]+:\d+)", lines[-1])
        assert match, f"no address in {lines[-1]!r}"
        if workers > 1:
            assert f"with {workers} workers" in lines[-1]
        yield match.group(1), db
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_a_whole_game_over_http_with_one_token_per_player(server):
    base, db = server
    kind = "postgres" if db.startswith("postgresql://") else "sqlite"
    status, health = call(base, "GET", "/healthz")
    assert status == 200 and health["status"] == "ok" and health["store"] == kind
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


@pytest.mark.parametrize("variable", ["LUDOLOG_DATABASE_URL", "LUDOLOG_DB"])
def test_the_wsgi_module_serves_the_store_the_environment_names(tmp_path, monkeypatch, variable):
    import importlib

    db = tmp_path / "wsgi.sqlite3"
    monkeypatch.delenv("LUDOLOG_DATABASE_URL", raising=False)
    monkeypatch.setenv(variable, str(db))
    app = importlib.reload(importlib.import_module("api.wsgi")).app
    created = app.test_client().post("/games", json={"ruleset": "assassination-le", "seats": ["A", "B", "C"]})
    assert created.status_code == 201
    assert db.exists()
