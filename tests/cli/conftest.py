"""What the CLI's tests share: ``run``, the CLI invoked in-process on the test's store; ``db``, a store file's
path for a test of its own."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cli.main import cli


@pytest.fixture
def run(db_path):
    """``run(*args, db=None, input=None)``: the CLI's result for those arguments, on the test's store (or
    ``db``), with ``input`` typed at its prompts."""
    runner = CliRunner()

    def invoke(*args, db=None, input=None):
        return runner.invoke(cli, [*args, "--db", db or db_path], input=input, catch_exceptions=False)

    return invoke


@pytest.fixture
def db(tmp_path) -> str:
    """A SQLite store's path in the test's own folder (created by the first command that writes)."""
    return str(tmp_path / "games.sqlite3")
