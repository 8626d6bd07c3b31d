"""Every command's help has an example and answers ``-h``; ``rulesets`` and ``audit`` print JSON;
``log``'s range is checked; ``audit --head N:HASH`` checks a receipt."""

from __future__ import annotations

import json
import sqlite3

import pytest
from cli_runs import invoke, one_line_error

from cli.main import cli
from domain.engine import registry


@pytest.fixture
def game(db) -> str:
    game = invoke("new", "correction", "--seat", "Ana", "--seat", "Ben", "--seed", "5", "--db", db).output.strip()
    assert invoke("bot", game, "-q", "--seed", "0", "--db", db).exit_code == 0
    return game


@pytest.mark.parametrize("name", [None, *sorted(cli.commands)])
def test_every_command_answers_dash_h_with_its_help_and_an_example(name):
    args = [] if name is None else [name]
    short, long = invoke(*args, "-h"), invoke(*args, "--help")
    assert short.exit_code == 0 and short.output == long.output
    assert "Usage: " in short.output and "Example:" in short.output
    example = short.output.split("Example:")[1].strip().splitlines()[0]
    assert example.startswith("ludolog " + (name or ""))


def test_rulesets_json_lists_every_ruleset_as_the_api_describes_it():
    result = invoke("rulesets", "--json")
    assert result.exit_code == 0
    listed = json.loads(result.output)
    assert [item["name"] for item in listed] == [rules.name for rules in registry.all_rulesets()]
    correction = next(item for item in listed if item["name"] == "correction")
    assert correction["min_seats"] == correction["max_seats"] == 2
    assert "turn_limit" in correction["options"]["properties"]
    assert {"spawn", "move", "deny", "banish", "allow"} <= {command["type"] for command in correction["commands"]}


def test_audit_json_prints_one_object_per_game_and_exits_1_when_one_is_not_clean(db, game):
    other = invoke("new", "correction", "--seat", "Ana", "--seat", "Ben", "--db", db).output.strip()
    result = invoke("audit", "--all", "--json", "--db", db)
    assert result.exit_code == 0, result.output
    reports = [json.loads(line) for line in result.output.splitlines()]
    assert {report["id"] for report in reports} == {game, other}
    for report in reports:
        assert set(report) == {"id", "clean", "events", "problems", "notes"}
        assert report["clean"] is True and report["problems"] == []
    with sqlite3.connect(db) as connection:  # edit one event's payload: the chain breaks there
        where = "WHERE originator_id = ? AND originator_version = 1"
        (state,) = connection.execute(f"SELECT state FROM stored_events {where}", (game.replace("-", ""),)).fetchone()
        assert b'"Ana"' in state
        connection.execute(f"UPDATE stored_events SET state = ? {where}", (state.replace(b'"Ana"', b'"Eve"'), game.replace("-", "")))
    edited = invoke("audit", game, "--json", "--db", db)
    assert edited.exit_code == 1
    (report,) = [json.loads(line) for line in edited.output.splitlines()]
    assert report["id"] == game and report["clean"] is False and report["problems"]


@pytest.mark.parametrize(("args", "message"), [
    (["--from", "5", "--to", "2"], "--to 2 is before --from 5"),
    (["--from", "999"], "--from takes 1 to"),
])
def test_a_log_range_that_selects_nothing_is_a_mistake(db, game, args, message):
    assert message in one_line_error(invoke("log", game, *args, "--db", db))


def test_a_log_range_within_the_game_prints_its_events(db, game):
    lines = invoke("log", game, "--from", "2", "--to", "2", "--db", db).output.splitlines()
    assert len(lines) == 1 and lines[0].split()[0] == "2"
    assert lines[0].split()[3] == "UTC"  # its time says its zone, as the replay's does


@pytest.mark.parametrize("receipt", ["54", "x:ab", "0:" + "a" * 64, "3:" + "g" * 64, "3:abc"])
def test_a_malformed_receipt_is_a_usage_error(db, game, receipt):
    assert "is not N:HASH" in one_line_error(invoke("audit", game, "--head", receipt, "--db", db))


def test_a_receipt_is_one_games(db, game):
    assert "--head is one game's receipt" in one_line_error(invoke("audit", "--all", "--head", "3:" + "a" * 64, "--db", db))


@pytest.mark.parametrize(("args", "message"), [
    (["show"], "Error: Missing argument 'GAME'. (see 'cli show -h')"),
    (["export", "abcd", "--format", "xml"], "Error: Invalid value for '--format': 'xml' is not one of"),
    (["show", "abcd", "--at", "0"], "Error: Invalid value for '--at': 0 is not in the range x>=1."),
    (["fly"], "Error: No such command 'fly'. (see 'cli -h')"),
])
def test_a_usage_mistake_is_one_line_pointing_to_the_help(args, message):
    assert one_line_error(invoke(*args)).startswith(message)


def test_ludolog_alone_shows_its_help():
    result = invoke()
    assert "Usage: " in result.output and "Commands:" in result.output
