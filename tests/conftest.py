"""Shared fixtures: game services on memory and on a SQLite file, with a clock freezegun can freeze."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from eventsourcing.persistence import DatetimeAsISO, JSONTranscoder
from freezegun.api import FakeDatetime

from domain.service import GameService, store_env


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
