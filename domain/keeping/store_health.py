"""Whether the game store answers reads and accepts writes, checked by doing both.

A read is the store's last notification number. A write is one real commit that changes nothing
the service keeps, and adds no row (so no event number is used up, no gap left in the store's
sequence):

- SQLite: the file's ``user_version`` header field set to the value it has, in a committed
  transaction. It fails like a command would on a read-only file, folder or file system ("attempt
  to write a readonly database") and on a full disk (the commit appends to the write-ahead log).
- PostgreSQL: a transaction that is refused if the session is read-only (a standby, or
  ``default_transaction_read_only``), takes a transaction id and commits (a commit record in the
  server's log).
- Memory: always writable.

It cannot see what only a bigger write meets (a database at its size limit that still has room in
the pages it has): the API also reports a recent failed write (``api/health.py``).
"""

from __future__ import annotations

import dataclasses

from eventsourcing.persistence import ApplicationRecorder, PersistenceError

KINDS = {"sqlite": "sqlite", "postgres": "postgres", "popo": "memory"}


@dataclasses.dataclass(frozen=True)
class StoreHealth:
    """The kind of store, and what a read and a write met (``None``: it worked)."""

    store: str
    read_error: str | None = None
    write_error: str | None = None

    @property
    def ok(self) -> bool:
        return self.read_error is None and self.write_error is None


def kind_of(recorder: ApplicationRecorder) -> str:
    """``sqlite``, ``postgres`` or ``memory``, from the recorder's module."""
    module = type(recorder).__module__.rsplit(".", 1)[-1]
    return KINDS.get(module, module)


def check(recorder: ApplicationRecorder) -> StoreHealth:
    """Read, then write (see the module's docstring); an error is kept as its message."""
    store = kind_of(recorder)
    try:
        recorder.max_notification_id()
    except PersistenceError as error:
        return StoreHealth(store, read_error=str(error) or type(error).__name__)
    try:
        _write(recorder, store)
    except PersistenceError as error:
        return StoreHealth(store, write_error=str(error) or type(error).__name__)
    return StoreHealth(store)


def _write(recorder: ApplicationRecorder, store: str) -> None:
    datastore = getattr(recorder, "datastore", None)
    if datastore is None:  # memory
        return
    with datastore.transaction(commit=True) as cursor:
        if store == "sqlite":
            cursor.execute("PRAGMA user_version")
            value = int(cursor.fetchone()[0])
            cursor.execute(f"PRAGMA user_version = {value}")  # a PRAGMA takes no parameters; an int
        elif store == "postgres":
            cursor.execute("SHOW transaction_read_only")
            row = cursor.fetchone()
            if row is not None and list(dict(row).values())[0] == "on":
                raise PersistenceError("the database session is read-only (a standby, or default_transaction_read_only)")
            cursor.execute("SELECT pg_current_xact_id()")
