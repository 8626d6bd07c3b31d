"""Snapshots are audited and never trusted blindly: the audit names a snapshot that is not the game
rebuilt from its events; a snapshot the later events do not fit is passed over (the game rebuilt from
its events, never a server error); and one game that cannot be loaded at all never fails the listing
of the others."""

from __future__ import annotations

import json
import sqlite3

import pytest

from api import create_app
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from replays.audit import audit

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""


@pytest.fixture
def long_game(db_path):
    """A finished Squad Combat game of a few hundred events (snapshots at every hundred)."""
    service = GameService(env=store_env(db_path))
    game_id = service.create_game("squad-combat", ["Ann", "Ben"], seed="snapshots", salt=SALT)
    for _ in service.play_bots(game_id, bot_seed=1):
        pass
    assert service.game(game_id).version > 200
    truth = service.status(game_id)
    service.close()
    return db_path, game_id, truth


def edit_first_snapshot(db_path, edit) -> int:
    """Change the ruleset state of the game's first snapshot in the store, as someone holding the file could."""
    with sqlite3.connect(db_path) as db:
        number, stored = db.execute("SELECT originator_version, state FROM stored_snapshots ORDER BY originator_version").fetchone()
        snapshot = json.loads(stored)
        edit(snapshot["state"]["state"]["_data_"])
        db.execute("UPDATE stored_snapshots SET state = ? WHERE originator_version = ?", (json.dumps(snapshot).encode(), number))
    return number


def test_the_audit_names_a_snapshot_that_is_not_the_game_rebuilt_from_its_events(long_game):
    db_path, game_id, _ = long_game
    number = edit_first_snapshot(db_path, lambda state: state.update(turn=state["turn"] + 1))  # later events still apply
    report = audit(GameService(env=store_env(db_path)), game_id)
    assert report.problems == [f"the snapshot at event {number} is not the game rebuilt from its events (the snapshots "
                               "were edited); the game is served from its events only after the snapshot is removed"]


def test_a_snapshot_the_later_events_do_not_fit_is_passed_over_and_named(long_game):
    db_path, game_id, truth = long_game
    number = edit_first_snapshot(db_path, lambda state: state.update(players=[]))  # no later event applies to it
    service = GameService(env=store_env(db_path))
    assert service.status(game_id) == truth  # rebuilt from its events
    assert service.game_at(game_id, number + 20).version == number + 20
    client = create_app({"LUDOLOG_DATABASE_URL": db_path}).test_client()
    assert client.get("/games").status_code == 200
    assert client.get(f"/games/{game_id}/state?at={number + 20}").status_code == 200
    assert client.get(f"/games/{game_id}").get_json()["version"] == truth["version"]
    assert f"the snapshot at event {number} is not the game rebuilt from its events" in audit(service, game_id).problems[0]


def test_a_game_that_cannot_be_loaded_never_fails_the_listing_of_the_others(long_game):
    db_path, damaged, _ = long_game
    service = GameService(env=store_env(db_path))
    other = service.create_game("correction", ["Ann", "Ben"], seed="listed", salt=SALT)
    with sqlite3.connect(db_path) as db:  # the damaged game's own log no longer rebuilds: its seats are gone
        (stored,) = db.execute("SELECT state FROM stored_events WHERE originator_id = ? AND originator_version = 1",
                               (damaged.hex,)).fetchone()
        created = json.loads(stored)
        created["seats"] = []
        db.execute("UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = 1",
                   (json.dumps(created).encode(), damaged.hex))
        db.execute("DELETE FROM stored_snapshots")
    fresh = GameService(env=store_env(db_path))
    assert [g["id"] for g in fresh.list_games()] == [str(other)]
    client = create_app({"LUDOLOG_DATABASE_URL": db_path}).test_client()
    listed = client.get("/games")
    assert listed.status_code == 200 and [g["id"] for g in listed.get_json()["games"]] == [str(other)]
    assert not audit(fresh, damaged).clean
