"""Fixtures of the CLI tests: a fresh SQLite store and a finished game of Correction in it."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cli.main import cli


@pytest.fixture
def db(tmp_path) -> str:
    """A SQLite store's path in a fresh folder (not created until a command creates it)."""
    return str(tmp_path / "games.sqlite3")


@pytest.fixture
def game(db) -> str:
    """The id of a game of Correction (seed 5) that a bot (seed 0) played to its end in ``db``."""
    runner = CliRunner()
    game = runner.invoke(cli, ["new", "correction", "--seat", "Ana", "--seat", "Ben", "--seed", "5", "--db", db]).output.strip()
    assert runner.invoke(cli, ["bot", game, "-q", "--seed", "0", "--db", db]).exit_code == 0
    return game
