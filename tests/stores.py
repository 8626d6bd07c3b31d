"""The game stores tests run against: a fresh SQLite file, or a fresh schema of the PostgreSQL
database that ``LUDOLOG_TEST_POSTGRES`` names (``postgresql://user@host:port/dbname``), dropped after.

Without ``LUDOLOG_TEST_POSTGRES`` the PostgreSQL cases are skipped, saying why.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

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
