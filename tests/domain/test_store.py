"""Naming the game store: a SQLite file, a ``postgresql://`` URL, the library's ``POSTGRES_*``
settings, or memory; the environment variables that choose one; passwords kept out of messages."""

from __future__ import annotations

import os
import uuid

import pytest

from domain.keeping.service import GameService
from domain.keeping.store import DEFAULT_STORE, describe_store, store_env, store_from

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""


def test_a_path_is_a_sqlite_file_and_memory_keeps_nothing():
    assert store_env("games/class.sqlite3") == {
        "LUDOLOG_PERSISTENCE_MODULE": "eventsourcing.sqlite", "LUDOLOG_SQLITE_DBNAME": "games/class.sqlite3"}
    assert store_env(":memory:") == store_env(None) == {"LUDOLOG_PERSISTENCE_MODULE": "domain.keeping.persistence:MemoryFactory"}


def test_sqlite_urls_name_relative_and_absolute_files():
    assert store_env("sqlite:///games.db")["LUDOLOG_SQLITE_DBNAME"] == "games.db"
    assert store_env("sqlite:////srv/games.db")["LUDOLOG_SQLITE_DBNAME"] == "/srv/games.db"
    with pytest.raises(ValueError, match="names no SQLite file"):
        store_env("sqlite:///")


def test_a_postgresql_url_gives_every_connection_setting():
    env = store_env("postgresql://teacher:s%40cret@db.example:6543/ludolog?schema=course&pool_size=4")
    assert env == {
        "LUDOLOG_PERSISTENCE_MODULE": "eventsourcing.postgres",
        "LUDOLOG_POSTGRES_DBNAME": "ludolog",
        "LUDOLOG_POSTGRES_HOST": "db.example",
        "LUDOLOG_POSTGRES_PORT": "6543",
        "LUDOLOG_POSTGRES_USER": "teacher",
        "LUDOLOG_POSTGRES_PASSWORD": "s@cret",
        "LUDOLOG_POSTGRES_CONNECT_TIMEOUT": "10",
        "LUDOLOG_POSTGRES_SCHEMA": "course",
        "LUDOLOG_POSTGRES_POOL_SIZE": "4",
    }


def test_a_postgresql_url_defaults_port_user_and_password():
    env = store_env("postgres://localhost/games")
    assert (env["LUDOLOG_POSTGRES_PORT"], env["LUDOLOG_POSTGRES_USER"], env["LUDOLOG_POSTGRES_PASSWORD"]) == ("5432", "postgres", "")


@pytest.mark.parametrize(("url", "message"), [
    ("postgresql://localhost", "names no database"),
    ("postgresql://localhost:port/games", "port is not a number"),
    ("postgresql://localhost/games?pool=3", "unknown PostgreSQL URL parameter 'pool'"),
])
def test_a_bad_postgresql_url_is_refused_saying_why(url, message):
    with pytest.raises(ValueError, match=message):
        store_env(url)


def test_postgres_alone_uses_the_librarys_own_settings():
    assert store_env("postgres") == {"LUDOLOG_PERSISTENCE_MODULE": "eventsourcing.postgres"}


@pytest.mark.parametrize(("environ", "store"), [
    ({}, DEFAULT_STORE),
    ({"LUDOLOG_DATABASE_URL": "postgresql://h/db", "LUDOLOG_DB": "old.sqlite3"}, "postgresql://h/db"),
    ({"LUDOLOG_DB": "old.sqlite3"}, "old.sqlite3"),
    ({"PERSISTENCE_MODULE": "eventsourcing.postgres", "POSTGRES_DBNAME": "db"}, "postgres"),
    ({"LUDOLOG_PERSISTENCE_MODULE": "eventsourcing.postgres"}, "postgres"),
    ({"PERSISTENCE_MODULE": "eventsourcing.sqlite"}, DEFAULT_STORE),
])
def test_the_environment_names_the_store(environ, store):
    assert store_from(environ) == store


def test_messages_name_the_store_without_its_password():
    assert describe_store("postgresql://teacher:s3cret@db.example/ludolog") == "postgresql://teacher:***@db.example/ludolog"
    assert describe_store("postgresql://db.example/ludolog") == "postgresql://db.example/ludolog"
    assert describe_store("class.sqlite3") == "class.sqlite3"
    assert describe_store(":memory:") == "memory (nothing kept)"


def test_the_service_opens_postgres_from_the_librarys_settings(monkeypatch):
    from stores import postgres_schema

    with postgres_schema() as url:
        env = store_env(url)
        for key in ("DBNAME", "HOST", "PORT", "USER", "PASSWORD", "SCHEMA"):
            monkeypatch.setenv(f"POSTGRES_{key}", env[f"LUDOLOG_POSTGRES_{key}"])
        monkeypatch.setenv("PERSISTENCE_MODULE", "eventsourcing.postgres")
        service = GameService(env=store_env(store_from(os.environ)))
        try:
            game_id = service.create_game("correction", ["Ana", "Ben"], seed=1, salt=SALT)
            assert type(service.recorder).__module__ == "eventsourcing.postgres"
            assert service.game(game_id).version >= 1
        finally:
            service.close()


def test_services_opened_at_once_on_an_empty_postgres_database_all_open():
    """Worker processes starting together race to create the tables; every one of them must open."""
    import threading

    from stores import postgres_schema

    with postgres_schema() as url:
        start, opened, failed = threading.Barrier(8), [], []

        def open_one() -> None:
            start.wait()
            try:
                opened.append(GameService(env=store_env(url)))
            except Exception as error:  # noqa: BLE001 - collected for the assertion
                failed.append(error)

        threads = [threading.Thread(target=open_one) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for service in opened:
            service.close()
        assert failed == [] and len(opened) == 8


def test_a_postgresql_schema_the_url_names_is_created_when_missing():
    import psycopg
    from stores import POSTGRES_URL, SKIP_REASON

    if not POSTGRES_URL:
        pytest.skip(SKIP_REASON)
    missing = f"ludolog_new_{uuid.uuid4().hex[:8]}"
    service = GameService(env=store_env(f"{POSTGRES_URL}?schema={missing}"))
    try:
        game_id = service.create_game("correction", ["Ana", "Ben"], seed=1, salt=SALT)
        assert service.game(game_id).version >= 1
    finally:
        service.close()
        with psycopg.connect(POSTGRES_URL, autocommit=True) as connection:
            tables = connection.execute(
                "select count(*) from information_schema.tables where table_schema = %s", [missing]).fetchone()
            connection.execute(f'DROP SCHEMA IF EXISTS "{missing}" CASCADE')
    assert tables == (3,)  # the events, the snapshots and the games' heads (domain.keeping.heads)


def test_the_in_memory_store_reads_a_games_events_after_a_version_as_the_librarys_does():
    from eventsourcing.persistence import StoredEvent
    from eventsourcing.popo import POPOApplicationRecorder

    from domain.keeping.persistence import IndexedMemoryRecorder

    ours, theirs = IndexedMemoryRecorder(), POPOApplicationRecorder()
    game, other = uuid.uuid4(), uuid.uuid4()
    for version in range(1, 31):
        for recorder in (ours, theirs):
            recorder.insert_events([StoredEvent(game, version, "topic", b"%d" % version),
                                    StoredEvent(other, version, "topic", b"other")])
    for gt in (None, 0, 1, 7, 29, 30, 40):
        for lte in (None, 5, 12, 30, 99):
            for limit in (None, 1, 3, 100):
                for desc in (False, True):
                    asked = {"gt": gt, "lte": lte, "limit": limit, "desc": desc}
                    assert ours.select_events(game, **asked) == theirs.select_events(game, **asked), asked
    assert ours.select_events(uuid.uuid4(), gt=3) == []


def test_a_game_on_the_in_memory_store_plays_on_from_its_cache_as_it_would_from_its_events():
    from domain.keeping.persistence import apply_events

    service = GameService(env=store_env(":memory:"))
    game_id = service.create_game("correction", ["Ann", "Ben"], seed="memory", salt=SALT)
    for _ in range(40):
        game = service.game(game_id)  # the cached game, brought up to date with the events after its version
        if game.outcome() is not None:
            break
        seat = game.to_act()[0]
        service.submit(game_id, seat, game.rules.legal_commands(game.state, seat)[-1])
    rebuilt = apply_events(None, service.events.get(game_id))
    assert service.game(game_id).state == rebuilt.state and service.game(game_id).version == rebuilt.version > 10
