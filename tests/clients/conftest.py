"""Fixtures for the tests of what bot authors generate from ``openapi.yaml``: a real ``ludolog serve`` on a
free port, and the npm tools (``package.json`` here: openapi-typescript, openapi-fetch, TypeScript,
Spectral, Redocly) installed by ``npm ci`` into ``tests/clients/node_modules`` (ignored by git) once, and
again only when ``package-lock.json`` names other versions.

Without node and npm the npm tests skip, saying why; under ``CI=true`` they fail (``needed``), as the
browser tests do without Chromium: a green CI run never hides an untested client."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from client_tools import CLIENTS, NODE_MODULES, needed, node_missing, tool_env


@pytest.fixture(scope="session")
def server_url(tmp_path_factory) -> Iterator[str]:
    """``ludolog serve`` on a free port with a store in memory; its address. Bots here send requests as
    fast as the server answers, so the rate limits are off (they are tested in ``tests/api/test_limits.py``)."""
    ludolog = Path(sys.executable).with_name("ludolog")
    assert ludolog.exists(), f"ludolog is not installed beside {sys.executable}: pip install -e ."
    log = tmp_path_factory.mktemp("server") / "serve.log"
    env = {key: value for key, value in tool_env().items() if not key.startswith("LUDOLOG_")}
    env.update(LUDOLOG_RATE_LIMIT_PER_TOKEN="off", LUDOLOG_RATE_LIMIT_PER_ADDRESS="off", LUDOLOG_BOT_PROCESSES="0",
               PYTHONUNBUFFERED="1")
    with open(log, "wb") as output:
        process = subprocess.Popen([str(ludolog), "serve", "--port", "0", "--db", ":memory:"], stdout=output,
                                   stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env)
    try:
        deadline = time.monotonic() + 60
        while (found := re.search(r"on (http://[\d.]+:\d+)", log.read_text(errors="replace"))) is None:
            assert process.poll() is None and time.monotonic() < deadline, f"the server did not start:\n{log.read_text()}"
            time.sleep(0.05)
        yield found.group(1)
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    assert "Traceback" not in log.read_text(errors="replace"), log.read_text(errors="replace")


def _installed() -> bool:
    """Whether ``node_modules`` holds every package at the version ``package-lock.json`` names (npm keeps
    what it installed in ``node_modules/.package-lock.json``)."""
    try:
        wanted = json.loads((CLIENTS / "package-lock.json").read_text(encoding="utf-8"))["packages"]
        have = json.loads((NODE_MODULES / ".package-lock.json").read_text(encoding="utf-8"))["packages"]
    except (OSError, ValueError, KeyError):
        return False
    return all(have[path].get("version") == entry.get("version") if path in have else entry.get("optional", False)
               for path, entry in wanted.items() if path)  # an optional package for another system is not there


@contextmanager
def _install_lock() -> Iterator[None]:
    """One npm install at a time (pytest-xdist workers share ``node_modules``)."""
    try:
        import fcntl
    except ImportError:  # not on POSIX: no lock, as when one process runs the tests
        yield
        return
    with open(CLIENTS / ".npm-install.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def npm_bin() -> Path:
    """``node_modules/.bin`` with the pinned npm tools, installed by ``npm ci`` when missing or outdated."""
    reason = node_missing()
    if reason is not None:
        needed(reason)
    with _install_lock():
        if not _installed():
            npm = shutil.which("npm") or "npm"
            done = subprocess.run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=CLIENTS,
                                  capture_output=True, text=True, env=tool_env(), timeout=600, check=False)
            if done.returncode != 0:
                needed(f"npm ci in tests/clients failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return NODE_MODULES / ".bin"


