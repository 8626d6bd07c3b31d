"""The history commands: show --at, log, audit, export and import, through click's CliRunner."""

from __future__ import annotations

import json
import sqlite3

import pytest

SALT = "5eed" * 8
"""The salt of the fixture's game: with its seed it decides the game, and so what its log says."""


@pytest.fixture
def game(run):
    created = run("new", "project-assassination", "--seat", "Ana", "--seat", "Ben", "--seed", "3", "--salt", SALT)
    game = created.output.strip()
    assert run("bot", game, "-q", "--seed", "0").exit_code == 0
    return game


def test_show_at_n_is_the_game_after_event_n(run, game):
    then = json.loads(run("show", game, "--at", "3", "--json").output)
    assert then["version"] == 3 and then["status"] == "active"
    assert "round 1 of at most 40" in run("show", game, "--at", "3").output
    too_far = run("show", game, "--at", "99999")
    assert too_far.exit_code == 1 and "--at takes 1 to" in too_far.output


def test_log_prints_one_numbered_line_per_event(run, game):
    lines = run("log", game).output.splitlines()
    total = json.loads(run("show", game, "--json").output)["version"]
    assert len(lines) == total
    assert lines[0].split()[0] == "1" and "New game of Project Assassination" in lines[0]
    assert "Ben" in lines[3] and "moved" in lines[3]


def test_log_takes_a_range_and_a_seat_and_prints_json(run, db_path):
    created = run("new", "project-assassination", "--seat", "Ana", "--seat", "Ben", "--seed", "4")
    game = created.output.strip()
    lines = run("log", game, "--from", "2", "--to", "3", "--as", "Ana", "--json").output.splitlines()
    events = [json.loads(line) for line in lines]
    assert [e["number"] for e in events] == [2, 3]
    assert set(events[0]["data"]) == {"call", "coin", "first"}  # the setup records no deck order


def test_audit_of_an_honest_game_is_clean_and_of_an_edited_one_exits_1(run, game, db_path):
    clean = run("audit", game)
    assert clean.exit_code == 0 and "clean" in clean.output
    with sqlite3.connect(db_path) as db:
        (state,) = db.execute("SELECT state FROM stored_events WHERE originator_version = 4").fetchone()
        db.execute("UPDATE stored_events SET state = ? WHERE originator_version = 4", (state.replace(b"d1", b"d2"),))
    dirty = run("audit", "--all")
    assert dirty.exit_code == 1 and "NOT CLEAN" in dirty.output and "event 4" in dirty.output


def test_audit_needs_a_game_or_all(run):
    assert run("audit").exit_code == 1


def test_export_ndjson_then_import_into_another_store(run, game, tmp_path):
    path = tmp_path / "game.ndjson"
    assert run("export", game, "--format", "ndjson", "-o", str(path)).exit_code == 0
    other = str(tmp_path / "other.sqlite3")
    imported = run("import", str(path), db=other)
    assert imported.exit_code == 0 and game.startswith(imported.output.strip()[:8])
    assert run("audit", "--all", db=other).exit_code == 0
    assert run("show", game, db=other).output == run("show", game).output


@pytest.mark.parametrize("form", ["json", "csv"])
def test_export_prints_json_and_csv(run, game, form):
    result = run("export", game, "--format", form)
    assert result.exit_code == 0
    if form == "json":
        assert json.loads(result.output)["game"]["ruleset"] == "project-assassination"
    else:
        assert result.output.startswith("number,time,type,seat,seat_name,command_id,sentence,data")


def test_export_md_writes_the_charts_beside_the_file(run, game, tmp_path):
    path = tmp_path / "diary.md"
    assert run("export", game, "--format", "md", "-o", str(path)).exit_code == 0
    text = path.read_text()
    charts = list((tmp_path / "diary-charts").glob("*.svg"))
    assert charts and all(f"diary-charts/{chart.name}" in text for chart in charts)


def test_export_html_writes_one_page(run, game, tmp_path):
    path = tmp_path / "replay.html"
    assert run("export", game, "--format", "html", "-o", str(path)).exit_code == 0
    assert path.read_text().lstrip().lower().startswith("<!doctype html>")
