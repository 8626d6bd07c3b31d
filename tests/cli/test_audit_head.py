"""``ludolog audit GAME --head N:HASH`` checks a receipt a client kept (the ``head`` of a 201 answer or
of ``show --json``) against the stored log: a true receipt audits clean, a rewritten event or a
removed tail makes exit 1 with the reason."""

from __future__ import annotations

import json
import sqlite3

import pytest
from cli_runs import invoke


@pytest.fixture
def game(db) -> str:
    game = invoke("new", "correction", "--seat", "Ana", "--seat", "Ben", "--seed", "5", "--db", db).output.strip()
    assert invoke("bot", game, "-q", "--seed", "0", "--db", db).exit_code == 0
    return game


def receipt(db: str, game: str, *extra: str) -> str:
    head = json.loads(invoke("show", game, "--json", *extra, "--db", db).output)["head"]
    return f"{head['number']}:{head['hash']}"


def test_a_receipt_from_show_json_audits_clean(db, game):
    for kept in (receipt(db, game), receipt(db, game, "--at", "5")):
        result = invoke("audit", game, "--head", kept, "--db", db)
        assert result.exit_code == 0, result.output
        assert f"clean: {json.loads(invoke('show', game, '--json', '--db', db).output)['version']} events" in result.output
        assert f"event {kept.split(':')[0]} has the receipt's hash" in result.output


def test_a_receipt_with_another_hash_is_not_clean(db, game):
    number, digest = receipt(db, game).split(":")
    wrong = f"{number}:{digest[::-1]}"
    result = invoke("audit", game, "--head", wrong, "--json", "--db", db)
    assert result.exit_code == 1
    (report,) = [json.loads(line) for line in result.output.splitlines()]
    assert report["clean"] is False
    assert any(f"event {number}" in problem and "receipt" in problem for problem in report["problems"])


def test_a_receipt_beyond_the_log_says_events_were_removed(db, game):
    kept = receipt(db, game)
    number = int(kept.split(":")[0])
    with sqlite3.connect(db) as connection:  # cut off the tail: the end of the game and its seed
        connection.execute("DELETE FROM stored_events WHERE originator_id = ? AND originator_version > ?",
                           (game.replace("-", ""), number - 2))
        connection.execute("DELETE FROM stored_snapshots")
    result = invoke("audit", game, "--head", kept, "--db", db)
    assert result.exit_code == 1 and "NOT CLEAN" in result.output
    assert f"the receipt names event {number}" in result.output
