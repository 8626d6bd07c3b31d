"""Fixtures for the browser client's tests: the API with its web app served on a free port from a thread
(on a SQLite file of the test's own), and where the run leaves its screenshots; the browser itself is the
shared ``browser`` fixture (``tests/conftest.py``)."""

from __future__ import annotations

import pathlib
import threading
from collections.abc import Iterator

import pytest
from werkzeug.serving import make_server

from api import create_app

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


@pytest.fixture
def screenshots() -> pathlib.Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
