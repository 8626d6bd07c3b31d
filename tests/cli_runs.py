"""Running the CLI in the tests: ``invoke`` runs ``ludolog`` in process (``stdin`` is what is typed), and
``one_line_error`` checks that a mistake failed as every mistake must: exit 1, one line that starts with
``Error:``, no traceback."""

from __future__ import annotations

from typing import Any

from click.testing import CliRunner, Result

from cli.main import cli

SALT = "5eed" * 8
"""The salt ``ludolog new --seed`` deals with here unless the test gives ``--salt``: the same seed deals the
same game every run (without it, each game draws a random salt, as a user's do)."""


def invoke(*args: str, stdin: str | None = None) -> Result:
    """The CLI run in process; ``new`` with ``--seed`` and no ``--salt`` gets ``--salt SALT``."""
    given = list(args)
    if given[:1] == ["new"] and "--seed" in given and "--salt" not in given:
        given += ["--salt", SALT]
    return CliRunner().invoke(cli, given, input=stdin, catch_exceptions=False)


def one_line_error(result: Any) -> str:
    """The message of a command that failed as it should: exit 1, one line, no traceback."""
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    return str(lines[0])


def succeeded(*args: str, db: str) -> str:
    """What the CLI printed for ``args`` on the store ``db``, asserting it exited 0."""
    result = invoke(*args, "--db", db)
    assert result.exit_code == 0, result.output
    return result.output
