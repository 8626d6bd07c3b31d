"""Where games are stored: one string names the store, and ``store_env`` turns it into the
eventsourcing settings of the game service.

- ``ludolog.sqlite3`` (any path, or ``sqlite:///path``, relative, ``sqlite:////path`` absolute): an embedded SQLite file, the default;
- ``postgresql://user:password@host:port/dbname``: a PostgreSQL database that many servers and
  worker processes share; query parameters tune the connection (``?schema=games&pool_size=4``);
- ``postgres``: PostgreSQL configured by the eventsourcing library's own ``POSTGRES_*`` settings
  (``POSTGRES_DBNAME``, ``POSTGRES_HOST``, ``POSTGRES_USER``, ``POSTGRES_PASSWORD``, ...);
- ``:memory:``: nothing kept (tests, trials).

``store_from(environ)`` picks the store a process was configured with: ``LUDOLOG_DATABASE_URL``,
else ``LUDOLOG_DB`` (the older name), else ``postgres`` when the environment selects the library's
postgres module, else the SQLite file.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import parse_qsl, unquote, urlsplit

DEFAULT_STORE = "ludolog.sqlite3"

POSTGRES_QUERY_SETTINGS = {
    "schema": "POSTGRES_SCHEMA",
    "pool_size": "POSTGRES_POOL_SIZE",
    "max_overflow": "POSTGRES_MAX_OVERFLOW",
    "max_waiting": "POSTGRES_MAX_WAITING",
    "connect_timeout": "POSTGRES_CONNECT_TIMEOUT",
    "lock_timeout": "POSTGRES_LOCK_TIMEOUT",
    "conn_max_age": "POSTGRES_CONN_MAX_AGE",
    "pre_ping": "POSTGRES_PRE_PING",
    "idle_in_transaction_session_timeout": "POSTGRES_IDLE_IN_TRANSACTION_SESSION_TIMEOUT",
}
"""The query parameters a ``postgresql://`` URL may carry, and the library settings they become."""

PREFIX = "LUDOLOG_"  # the game service's settings prefix (its application name)


def store_from(environ: Mapping[str, str]) -> str:
    """The store a process's environment names (see the module's docstring)."""
    for key in ("LUDOLOG_DATABASE_URL", "LUDOLOG_DB"):
        if environ.get(key):
            return environ[key]
    module = environ.get(PREFIX + "PERSISTENCE_MODULE") or environ.get("PERSISTENCE_MODULE") or ""
    return "postgres" if module == "eventsourcing.postgres" else DEFAULT_STORE


MEMORY = "domain.keeping.persistence:MemoryFactory"
"""The in-memory store: the library's, its games' events looked up by version (``domain.keeping.persistence``)."""


def is_postgres(store: str) -> bool:
    return store == "postgres" or store.startswith(("postgresql://", "postgres://"))


def store_env(store: str | None) -> dict[str, str]:
    """The game service's settings for a store; ``ValueError`` names what is wrong with a bad URL."""
    if store in (None, "", ":memory:"):
        return {PREFIX + "PERSISTENCE_MODULE": MEMORY}
    assert store is not None
    if store == "postgres":
        return {PREFIX + "PERSISTENCE_MODULE": "eventsourcing.postgres"}
    if is_postgres(store):
        return _postgres_env(store)
    path = store.removeprefix("sqlite:///")  # sqlite:///games.db is relative, sqlite:////srv/games.db absolute
    if not path or path.startswith("sqlite:"):
        raise ValueError(f"{store!r} names no SQLite file")
    return {PREFIX + "PERSISTENCE_MODULE": "eventsourcing.sqlite", PREFIX + "SQLITE_DBNAME": path}


def _postgres_env(url: str) -> dict[str, str]:
    parts = urlsplit(url)
    dbname = unquote(parts.path.lstrip("/"))
    if not dbname:
        raise ValueError(f"the PostgreSQL URL names no database: {describe_store(url)} (postgresql://user@host:port/dbname)")
    try:
        port = parts.port or 5432
    except ValueError:
        raise ValueError(f"the PostgreSQL URL's port is not a number: {describe_store(url)}") from None
    env = {
        PREFIX + "PERSISTENCE_MODULE": "eventsourcing.postgres",
        PREFIX + "POSTGRES_DBNAME": dbname,
        PREFIX + "POSTGRES_HOST": unquote(parts.hostname or "localhost"),
        PREFIX + "POSTGRES_PORT": str(port),
        PREFIX + "POSTGRES_USER": unquote(parts.username or "postgres"),
        PREFIX + "POSTGRES_PASSWORD": unquote(parts.password or ""),
        PREFIX + "POSTGRES_CONNECT_TIMEOUT": "10",  # the library waits 30 s for an unreachable server
    }
    for key, value in parse_qsl(parts.query, keep_blank_values=True):
        if key not in POSTGRES_QUERY_SETTINGS:
            known = ", ".join(sorted(POSTGRES_QUERY_SETTINGS))
            raise ValueError(f"unknown PostgreSQL URL parameter {key!r}; known: {known}")
        env[PREFIX + POSTGRES_QUERY_SETTINGS[key]] = value
    return env


def describe_store(store: str | None) -> str:
    """The store for messages and logs, without its password."""
    if not store or store == ":memory:":
        return "memory (nothing kept)"
    if store == "postgres":
        return "PostgreSQL (POSTGRES_* settings)"
    if not is_postgres(store):
        return store
    parts = urlsplit(store)
    if parts.password is None:
        return store
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return parts._replace(netloc=netloc).geturl()
