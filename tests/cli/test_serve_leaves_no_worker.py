"""A server stopped with SIGTERM (a service manager's stop, a test's ``terminate``) or Ctrl-C (SIGINT) leaves
no process behind: before, the worker processes search bots think in outlived it, one per stopped server, still
running after the test suite ended. Now SIGTERM ends ``ludolog serve`` as Ctrl-C does, through its exit
hooks, which close the bot workers' pool."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

LUDOLOG = [sys.executable, "-c", "from cli.main import main; main()"]


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["sigterm", "ctrl-c"])
def test_a_server_stopped_leaves_no_bot_worker_behind(tmp_path, stop):
    # the server as a terminal runs it, Ctrl-C heard: a run started as a shell's background job passes its
    # children an ignored SIGINT, which a server started so keeps ignoring
    server = subprocess.Popen([*LUDOLOG, "serve", "--port", "0", "--db", str(tmp_path / "games.sqlite3")],
                              stderr=subprocess.PIPE, text=True, cwd=Path(__file__).parents[2],
                              env={**os.environ, "LUDOLOG_BOT_PROCESSES": "1"},
                              preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # noqa: PLW1509
    try:
        base = re.search(r"on (http://[\d.]+:\d+)", server.stderr.readline()).group(1)

        def call(method, path, body=None, token=None):
            headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
            request = urllib.request.Request(base + path, method=method, data=json.dumps(body).encode() if body else None, headers=headers)
            return json.loads(urllib.request.urlopen(request, timeout=60).read())

        game = call("POST", "/games", {"ruleset": "correction", "seats": ["Ann", "Ben"]})
        seat = call("GET", f"/games/{game['id']}")["to_act"][0]
        call("POST", f"/games/{game['id']}/bot-move", {"strategy": "search", "budget": "10"}, token=game["seats"][seat - 1]["token"])
        workers = children(server.pid)
        assert workers, "the search bot thought in a worker process"
    finally:
        server.send_signal(stop)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:  # the server did not stop: killed, so that the failure leaves no process
            server.kill()
            server.wait()
            raise
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in workers if alive(pid)]
