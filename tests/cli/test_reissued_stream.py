"""A reissued token's open event stream ends: after ``ludolog tokens GAME`` the old seat token got 401
everywhere, but a stream opened with it before the reissue went on delivering that seat's hidden cards.
Now the reissue, a stored event, reaches every worker's event feed through the store, and the stream ends
with no further event, on SQLite and on PostgreSQL, with two gunicorn workers."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

LUDOLOG = [sys.executable, "-c", "from cli.main import main; main()"]
ROOT = Path(__file__).parents[2]


@pytest.fixture
def two_workers(store):
    process = subprocess.Popen([*LUDOLOG, "serve", "--port", "0", "--workers", "2", "--threads", "2", "--db", store],
                               stderr=subprocess.PIPE, text=True, cwd=ROOT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        line = ""
        while not line.startswith("ludolog serving"):
            line = process.stderr.readline()
            assert line, "the server stopped"
        yield re.search(r"on (http://[\d.]+:\d+)", line).group(1), store
    finally:
        process.terminate()
        process.wait(timeout=15)


def call(base, method, path, body=None, token=None):
    request = urllib.request.Request(base + path, method=method, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def play(base, game, owner):
    state = call(base, "GET", game, token=owner)
    seat = state["to_act"][0]
    legal = call(base, "GET", f"{game}/legal-commands?seat={seat}", token=owner)["commands"]
    return call(base, "POST", f"{game}/commands", {"command": legal[0], "seat": seat}, token=owner)["version"]


def read_until(stream: socket.socket, seconds: float) -> tuple[bytes, bool]:
    """What the stream sends within ``seconds``, and whether the server closed it."""
    received, ends = b"", time.monotonic() + seconds
    while (left := ends - time.monotonic()) > 0:
        stream.settimeout(left)
        try:
            chunk = stream.recv(65536)
        except TimeoutError:
            return received, False
        if not chunk:
            return received, True
        received += chunk
    return received, False


def test_a_reissued_tokens_open_stream_ends_with_no_further_event(two_workers):
    base, store = two_workers
    created = call(base, "POST", "/games", {"ruleset": "squad-combat", "seats": ["Ann", "Ben"], "seed": "reissue"})
    game, owner, seat_1 = f"/games/{created['id']}", created["owner_token"], created["seats"][0]["token"]
    host, port = base.removeprefix("http://").split(":")
    stream = socket.create_connection((host, int(port)), timeout=10)
    stream.sendall(f"GET {game}/events/stream HTTP/1.0\r\nHost: x\r\nAuthorization: Bearer {seat_1}\r\n\r\n".encode())
    opened, _ = read_until(stream, 2)
    assert opened.startswith(b"HTTP/1.1 200") and b"retry:" in opened
    version = play(base, game, owner)
    live, _ = read_until(stream, 3)
    assert f"id: {version}\n".encode() in live  # the stream is live

    reissued = subprocess.run([*LUDOLOG, "tokens", created["id"], "--json", "--db", store], capture_output=True, text=True,
                              cwd=ROOT, check=True)
    new_owner = json.loads(reissued.stdout)["owner_token"]
    later = [play(base, game, new_owner) for _ in range(3)]
    rest, closed = read_until(stream, 6)
    stream.close()
    assert closed, "the stream of the reissued token is still open"
    assert not re.search(rb"^id: ", rest, re.MULTILINE), f"the stream went on after the reissue: {rest[:300]!r} (events {later})"
