"""``/healthz`` says whether the store takes writes, not only reads: a read-only store, a full one and
a store whose writes fail are 503 with a detail saying what fails; the probe is one real write that
records nothing, made at most once a second however often the health is asked."""

from __future__ import annotations

import sqlite3

import pytest
from conftest import API_TEST_SETTINGS, SpecCheckedClient
from eventsourcing import sqlite as eventsourcing_sqlite
from eventsourcing.persistence import OperationalError
from stores import postgres_schema

from api import create_app, health
from domain.keeping.service import GameService
from domain.keeping.store import store_env

PROBLEM = "urn:ludolog:problem:"
SEATS = {"ruleset": "project-assassination", "seats": ["Ana", "Ben"], "seed": "3"}


def _client(store: str):
    service = GameService(env=store_env(store))
    app = create_app({"LUDOLOG_DATABASE_URL": store, **API_TEST_SETTINGS}, service=service)
    app.test_client_class = SpecCheckedClient
    return app.test_client(), service


def _unavailable(response) -> str:
    assert response.status_code == 503, response.get_data(as_text=True)
    body = response.get_json()
    assert body["type"] == PROBLEM + "store-unavailable"
    return body["detail"]


def test_healthz_says_the_store_takes_writes(client, store):
    response = client.get("/healthz")
    assert response.status_code == 200
    kind = "postgres" if store.startswith("postgresql://") else "sqlite"
    assert response.get_json() == {"status": "ok", "store": kind, "writes": "ok", "streams": 0}


def test_healthz_probes_with_a_write_that_records_nothing(client, store, app):
    client.post("/games", json=SEATS)
    service = app.extensions["ludolog"]
    before = service.recorder.max_notification_id()
    assert service.store_health().ok
    assert service.recorder.max_notification_id() == before
    assert client.get("/games").get_json()["total"] == 1


def test_a_read_only_sqlite_file_is_reported_before_any_write_fails(tmp_path):
    path = tmp_path / "games.sqlite3"
    writer, writing = _client(str(path))
    game = writer.post("/games", json=SEATS).get_json()
    writing.close()
    # The file opened read-only, as SQLite opens a file it may not write (a read-only file, folder
    # or file system); ``mode=ro`` holds for root too, where a chmod would not.
    reader, reading = _client(f"file:{path}?mode=ro")
    try:
        detail = _unavailable(reader.get("/healthz"))
        assert detail.startswith("the game store answers reads but refuses writes: ")
        assert "readonly" in detail
        assert reader.get(f"/games/{game['id']}").status_code == 200  # reads still work
        _unavailable(reader.post("/games", json=SEATS))
    finally:
        reading.close()


@pytest.fixture
def page_limit(monkeypatch):
    """SQLite connections opened from now on take a database no bigger than it is (a full disk,
    as far as new pages go); ``lift()`` gives them room again."""
    connections: list[sqlite3.Connection] = []
    connect = sqlite3.connect

    def limited(*args, **kwargs):
        connection = connect(*args, **kwargs)
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        connection.execute(f"PRAGMA max_page_count = {pages}")
        connections.append(connection)
        return connection

    class Limit:
        @staticmethod
        def lift():
            monkeypatch.setattr(eventsourcing_sqlite.sqlite3, "connect", connect)
            for connection in connections:
                try:
                    connection.execute("PRAGMA max_page_count = 1000000")
                except sqlite3.ProgrammingError:  # closed
                    pass

    monkeypatch.setattr(eventsourcing_sqlite.sqlite3, "connect", limited)
    return Limit


def test_a_full_sqlite_file_is_reported_once_a_write_failed_until_one_succeeds(tmp_path, page_limit):
    path = tmp_path / "games.sqlite3"
    first, service = _client(str(path))
    first.post("/games", json=SEATS)
    service.close()
    client, service = _client(str(path))
    try:
        assert client.get("/healthz").status_code == 200  # the probe rewrites a page it has: it fits
        for _ in range(20):  # games fill the room left in the file's pages, then need a new page
            response = client.post("/games", json=SEATS)
            if response.status_code != 201:
                break
        detail = _unavailable(response)
        assert "full" in detail
        detail = _unavailable(client.get("/healthz"))
        assert detail.startswith("a write failed ") and "none has succeeded since" in detail and "full" in detail
        page_limit.lift()
        assert client.post("/games", json=SEATS).status_code == 201
        assert client.get("/healthz").status_code == 200
    finally:
        service.close()


def test_a_failed_write_turns_healthz_to_503_until_a_write_succeeds(client, app, new_game, monkeypatch):
    game = new_game()
    recorder = app.extensions["ludolog"].recorder
    insert = recorder.insert_events

    def failing(*args, **kwargs):
        raise OperationalError("disk I/O error")

    monkeypatch.setattr(recorder, "insert_events", failing)
    seat = client.get(game.url).get_json()["to_act"][0]
    command = client.get(f"{game.url}/legal-commands", headers=game.seat[seat]).get_json()["commands"][0]
    _unavailable(client.post(f"{game.url}/commands", json={"command": command}, headers=game.seat[seat]))
    assert "disk I/O error" in _unavailable(client.get("/healthz"))
    monkeypatch.setattr(recorder, "insert_events", insert)
    assert client.get(game.url).status_code == 200  # a read clears nothing
    _unavailable(client.get("/healthz"))
    assert client.post(f"{game.url}/commands", json={"command": command}, headers=game.seat[seat]).status_code == 201
    assert client.get("/healthz").status_code == 200


def test_a_failed_write_is_forgotten_after_a_while_without_writes(client, app, monkeypatch):
    """A load balancer that took the server out for a failed write gets it back to try again."""
    recorder = app.extensions["ludolog"].recorder

    def failing(*args, **kwargs):
        raise OperationalError("disk I/O error")

    monkeypatch.setattr(recorder, "insert_events", failing)
    _unavailable(client.post("/games", json=SEATS))
    _unavailable(client.get("/healthz"))
    monkeypatch.setattr(health, "FAILURE_SECONDS", 0.0)
    assert client.get("/healthz").status_code == 200


def test_the_probe_runs_at_most_once_a_second_however_often_healthz_is_asked(client, app, monkeypatch):
    service = app.extensions["ludolog"]
    probes = []
    probe = service.store_health
    monkeypatch.setattr(service, "store_health", lambda: probes.append(1) or probe())
    monkeypatch.setattr(health, "PROBE_SECONDS", 3600.0)
    for _ in range(50):
        assert client.get("/healthz").status_code == 200
    assert len(probes) == 1
    monkeypatch.setattr(health, "PROBE_SECONDS", 0.0)
    for _ in range(3):
        client.get("/healthz")
    assert len(probes) == 4


def test_a_store_that_does_not_answer_is_reported(client, app, monkeypatch):
    recorder = app.extensions["ludolog"].recorder

    def failing():
        raise OperationalError("connection refused")

    monkeypatch.setattr(recorder, "max_notification_id", failing)
    detail = _unavailable(client.get("/healthz"))
    assert detail == "the game store does not answer: connection refused"


def test_a_read_only_postgresql_session_is_reported_before_any_write_fails(monkeypatch):
    """A standby, or a database set to ``default_transaction_read_only``: every session is read-only."""
    with postgres_schema() as store:
        writer, writing = _client(store)
        game = writer.post("/games", json=SEATS).get_json()
        writing.close()
        monkeypatch.setenv("PGOPTIONS", "-c default_transaction_read_only=on")  # libpq's, for every new session
        service = GameService(env={**store_env(store), "LUDOLOG_CREATE_TABLE": "false"})
        app = create_app({"LUDOLOG_DATABASE_URL": store, **API_TEST_SETTINGS}, service=service)
        app.test_client_class = SpecCheckedClient
        reader = app.test_client()
        try:
            detail = _unavailable(reader.get("/healthz"))
            assert detail.startswith("the game store answers reads but refuses writes: ") and "read-only" in detail
            assert reader.get(f"/games/{game['id']}").status_code == 200
            _unavailable(reader.post("/games", json=SEATS))
        finally:
            service.close()
            monkeypatch.delenv("PGOPTIONS")


def test_while_a_probe_runs_other_health_checks_answer_without_waiting(client, app, monkeypatch):
    """A probe waiting for a busy store holds no other /healthz: they answer with the probe before."""
    assert client.get("/healthz").status_code == 200
    monkeypatch.setattr(health, "PROBE_SECONDS", 0.0)
    watch = app.extensions["ludolog-health"]
    service = app.extensions["ludolog"]
    probes = []
    monkeypatch.setattr(service, "store_health", lambda: probes.append(1))
    with watch.probing:  # another request's probe, under way
        assert client.get("/healthz").status_code == 200
    assert probes == []
