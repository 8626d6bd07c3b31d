"""Fixtures of the load and crash tests: ``serve`` starts ``ludolog serve`` with gunicorn workers on
the test's store (SQLite and PostgreSQL, from the ``store`` fixture) and stops it afterwards."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from harness import ServedApi


@pytest.fixture
def serve(store, tmp_path) -> Iterator[Callable[..., ServedApi]]:
    """Start a server on the store: ``serve(workers=3, threads=8, env=None)`` (``workers=1``: one
process; ``env``: more environment); every one is stopped at the end."""
    started: list[ServedApi] = []

    def start(workers: int = 3, threads: int = 8, env: dict[str, str] | None = None) -> ServedApi:
        server = ServedApi(store, tmp_path, workers, threads, env)
        started.append(server)
        server.start()
        return server

    yield start
    for server in started:
        server.stop()
