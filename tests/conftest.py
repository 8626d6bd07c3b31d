"""Shared fixtures: game services on memory, on a SQLite file, and on each store the service runs on
(``store``, ``store_service``: SQLite and PostgreSQL, see ``stores.py``), with a clock freezegun can
freeze; and a line in the run's summary saying why PostgreSQL cases were skipped and how to run them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from eventsourcing.persistence import DatetimeAsISO, JSONTranscoder
from freezegun.api import FakeDatetime
from stores import SKIP_REASON, STORES, fresh_store

from domain.service import GameService
from domain.store import store_env


class FakeDatetimeAsISO(DatetimeAsISO):
    """Stores freezegun's FakeDatetime exactly as a datetime (same stored JSON)."""

    type = FakeDatetime


class TestService(GameService):
    """The game service, able to save events stamped under freezegun."""

    name = GameService.name  # the settings prefix stays LUDOLOG_

    def register_transcodings(self, transcoder: JSONTranscoder) -> None:
        super().register_transcodings(transcoder)
        transcoder.register(FakeDatetimeAsISO())


@pytest.fixture
def service() -> Iterator[GameService]:
    """An in-memory game service."""
    yield TestService(env=store_env(None))


@pytest.fixture
def db_path(tmp_path) -> str:
    return str(tmp_path / "games.sqlite3")


@pytest.fixture
def sqlite_service(db_path) -> Iterator[GameService]:
    """A game service on a fresh SQLite file."""
    yield TestService(env=store_env(db_path))


@pytest.fixture(params=STORES)
def store(request, tmp_path) -> Iterator[str]:
    """A fresh, empty store of each kind the service runs on, as the string that names it."""
    with fresh_store(request.param, tmp_path, pool_size="1", max_overflow="8") as location:
        yield location


@pytest.fixture
def store_service(store) -> Iterator[GameService]:
    """A game service on a fresh store of each kind; closed afterwards (its connections with it)."""
    service = TestService(env=store_env(store))
    yield service
    service.close()


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:  # noqa: ARG001 - pytest's hook
    """Say in every run's summary (not only with ``-rs``) how many PostgreSQL cases were skipped,
    why, and the command that runs them."""
    skipped = sum(1 for report in terminalreporter.stats.get("skipped", []) if _skip_reason(report) == SKIP_REASON)
    if skipped:
        cases = "case" if skipped == 1 else "cases"
        terminalreporter.write_line(
            f"{skipped} PostgreSQL {cases} skipped: LUDOLOG_TEST_POSTGRES is not set; "
            "run: LUDOLOG_TEST_POSTGRES=postgresql://user@host:port/dbname python -m pytest", yellow=True)


def _skip_reason(report: pytest.TestReport) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")
    return ""
