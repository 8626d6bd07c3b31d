"""Fixtures for the browser client's tests: the API with its web app served on a free port from a thread
(on a SQLite file of the test's own), and the system's Chromium driven by Playwright. Without Chromium or
Playwright's package the tests skip, saying why (``.ci/run`` installs both)."""

from __future__ import annotations

import pathlib
import threading
from collections.abc import Iterator

import pytest
from werkzeug.serving import make_server

from api import create_app

CHROMIUM = pathlib.Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
SCREENSHOTS = pathlib.Path(__file__).with_name("screenshots") / "latest"
"""Where a run leaves its screenshots of each page and each ruleset's board, for review."""


@pytest.fixture
def server(tmp_path) -> Iterator[str]:
    """The service's address, serving the API and the web app until the test ends."""
    app = create_app({"LUDOLOG_DATABASE_URL": str(tmp_path / "games.sqlite3"), "STREAM_POLL_SECONDS": 0.05,
                      "STREAM_KEEPALIVE_SECONDS": 1.0})
    served = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=served.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{served.server_port}/"
    served.shutdown()
    thread.join(timeout=5)


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        pytest.skip(f"no system Chromium at {CHROMIUM}: the web app is not tried in a browser")
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright's Python package is not installed")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def screenshots() -> pathlib.Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
