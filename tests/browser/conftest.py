"""Fixtures for the browser client's tests: the API with its web app served as users serve it
(``ludolog serve`` in a process of its own, its event streams held by greenlets, on a free port and a
SQLite file of the test's own), and where the run leaves its screenshots, those the guide shows copied into
the guide when the session ends; the browser itself is the shared ``browser`` fixture (``tests/conftest.py``)."""

from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
from guide_images import copy_into_guide, taken

ROOT = pathlib.Path(__file__).resolve().parents[2]

SCREENSHOTS = pathlib.Path(__file__).with_name("screenshots") / "latest"
"""Where a run leaves its screenshots of each page and each ruleset's board, for review (not kept in git)."""


@pytest.fixture(scope="session", autouse=True)
def guide_screenshots() -> Iterator[None]:
    """When the session ends, the screenshots it took that the guide's pages show are copied into the guide
    (``api/guide/docs/images``), so its pictures are the pages as they are now; those it did not take (its
    tests not run, or failed before their shot) stay as they were."""
    before = taken(SCREENSHOTS)
    yield
    copy_into_guide(SCREENSHOTS, before)


@pytest.fixture
def server(tmp_path) -> Iterator[str]:
    """The service's address, serving the API and the web app until the test ends."""
    log = tmp_path / "serve.log"
    with open(log, "wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-c", "from cli.main import main; main()", "serve", "--port", "0", "--db", str(tmp_path / "games.sqlite3")],
            stdout=output, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=ROOT,
            env={**os.environ, "PYTHONUNBUFFERED": "1", "LUDOLOG_STREAM_KEEPALIVE_SECONDS": "1"})
    try:
        deadline = time.monotonic() + 60
        while (found := re.search(r"on (http://[\d.]+:\d+)", log.read_text(errors="replace"))) is None:
            assert process.poll() is None and time.monotonic() < deadline, f"the server did not start:\n{log.read_text()}"
            time.sleep(0.05)
        yield found.group(1) + "/"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    assert "Traceback" not in log.read_text(errors="replace"), log.read_text(errors="replace")


@pytest.fixture
def screenshots() -> pathlib.Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
