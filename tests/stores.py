"""The game stores tests run against: a fresh SQLite file, or a fresh schema of the PostgreSQL
database that ``LUDOLOG_TEST_POSTGRES`` names (``postgresql://user@host:port/dbname``), dropped after;
and a tail cut from a game in either, as someone holding the store could make it.

Without ``LUDOLOG_TEST_POSTGRES`` the PostgreSQL cases are skipped, saying why.
"""

from __future__ import annotations

import os
import sqlite3
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

STORES = ["sqlite", "postgres"]
POSTGRES_URL = os.environ.get("LUDOLOG_TEST_POSTGRES", "")
NOT_WAITING_FOR_THE_DISK = "-c synchronous_commit=off"
if NOT_WAITING_FOR_THE_DISK not in os.environ.get("PGOPTIONS", ""):
    os.environ["PGOPTIONS"] = f"{os.environ.get('PGOPTIONS', '')} {NOT_WAITING_FOR_THE_DISK}".strip()
SKIP_REASON = (
    "PostgreSQL store tests need LUDOLOG_TEST_POSTGRES=postgresql://user@host:port/dbname, "
    "a database they may create and drop schemas in (.ci/run sets it)"
)


@contextmanager
def postgres_schema(**settings: str) -> Iterator[str]:
    """A store URL on a new, empty schema of the test database; the schema is dropped afterwards."""
    import psycopg

    if not POSTGRES_URL:
        pytest.skip(SKIP_REASON)
    schema = f"ludolog_test_{uuid.uuid4().hex[:12]}"
    query = "&".join(f"{key}={value}" for key, value in {"schema": schema, **settings}.items())
    url = f"{POSTGRES_URL}{'&' if '?' in POSTGRES_URL else '?'}{query}"
    with psycopg.connect(POSTGRES_URL, autocommit=True) as connection:  # libpq reads the same URL
        connection.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield url
    finally:
        with psycopg.connect(POSTGRES_URL, autocommit=True) as connection:
            connection.execute(f'DROP SCHEMA "{schema}" CASCADE')


@contextmanager
def fresh_store(kind: str, folder: Path, **postgres_settings: str) -> Iterator[str]:
    """A new empty store of the kind (``sqlite`` or ``postgres``), as the string that names it."""
    if kind == "sqlite":
        yield str(folder / "games.sqlite3")
    else:
        with postgres_schema(**postgres_settings) as url:
            yield url


def cut_tail(store: str, table: str, game_id: uuid.UUID, after: int) -> None:
    """Delete the game's events after event ``after`` from the store's ``table`` of events, as someone
    holding the store could."""
    if store.startswith("postgresql://"):
        import psycopg

        schema = parse_qs(urlsplit(store).query)["schema"][0]
        with psycopg.connect(store.split("?")[0], autocommit=True) as connection:
            connection.execute(f'DELETE FROM "{schema}"."{table}" WHERE originator_id = %s AND originator_version > %s',
                               (game_id, after))
    else:
        with sqlite3.connect(store) as db:
            db.execute("DELETE FROM stored_events WHERE originator_id = ? AND originator_version > ?", (game_id.hex, after))
