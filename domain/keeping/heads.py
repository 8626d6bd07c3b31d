"""The store's record of how far each game has gone, kept beside the games' rows: a cut tail shows.

A game's log is a hash chain, so an edited or removed event in the middle breaks it. But events cut
from the end of a game (its last commands deleted, a finished game made active again) leave a shorter
chain that is whole, and where they were the store's last rows (SQLite) or where numbers of refused
writes are used up anyway (PostgreSQL), no gap in the store's sequence shows it either. So every save
also records each game's last event number in a table of its own, ``game_heads``, and the audit
(``replays.audit``) names a game whose log ends before its recorded head.

The head is raised in the transaction that inserts the events (on PostgreSQL after the events' table is
locked and before the insert, pipelined with it: no commit and no round trip of its own), so the head and the log
are committed together or not at all. A head is only ever raised. Someone who cuts a tail and lowers the head too is not caught: this raises the bar for an
edit of the store, it does not replace a receipt (``ludolog audit --head N:HASH``).
Games recorded before the table existed have no head until their next command.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from typing import Any

from domain.keeping.listing import SIDE_TOPICS

log = logging.getLogger(__name__)

TABLE = "game_heads"


def heads_of(stored_events: Sequence[Any]) -> dict[uuid.UUID, int]:
    """Each game's highest event number among ``stored_events`` (the aggregates kept beside a game, its
    tokens and notes, are not games)."""
    heads: dict[uuid.UUID, int] = {}
    for event in stored_events:
        if not event.topic.startswith(SIDE_TOPICS):
            game_id = uuid.UUID(str(event.originator_id))
            heads[game_id] = max(heads.get(game_id, 0), event.originator_version)
    return heads


class KeepsHeads:
    """A recorder mixin: after each insert, raise the recorded heads of the games it wrote."""

    def insert_events(self, stored_events: Sequence[Any], **kwargs: Any) -> Any:
        ids = super().insert_events(stored_events, **kwargs)  # type: ignore[misc]
        heads = heads_of(stored_events)
        if heads:
            try:
                self.raise_heads(heads)
            except Exception:  # the command is recorded: a missing head only weakens the audit
                log.exception("the games' heads could not be recorded")
        return ids

    def raise_heads(self, heads: dict[uuid.UUID, int]) -> None:
        raise NotImplementedError

    def game_head(self, game_id: uuid.UUID) -> int | None:
        """The last event number recorded for the game, or ``None`` (none recorded)."""
        raise NotImplementedError


class SQLiteHeads(KeepsHeads):
    """On SQLite the heads are raised in the transaction that inserts the events: one commit."""

    datastore: Any
    keeps_heads = True

    def insert_events(self, stored_events: Sequence[Any], **kwargs: Any) -> Any:
        return super(KeepsHeads, self).insert_events(stored_events, **kwargs)  # type: ignore[misc]

    def _insert_events(self, cursor: Any, stored_events: Sequence[Any], **kwargs: Any) -> Any:
        ids = super()._insert_events(cursor, stored_events, **kwargs)  # type: ignore[misc]
        if self.keeps_heads:
            for game_id, version in heads_of(stored_events).items():
                cursor.execute(f"INSERT INTO {TABLE} (game_id, version) VALUES (?, ?) ON CONFLICT (game_id) "
                               f"DO UPDATE SET version = excluded.version WHERE excluded.version > {TABLE}.version",
                               (game_id.hex, version))
        return ids

    def create_heads_table(self) -> None:
        with self.datastore.transaction(commit=True) as cursor:
            cursor.execute(f"CREATE TABLE IF NOT EXISTS {TABLE} (game_id TEXT PRIMARY KEY, version INTEGER NOT NULL)")


    def game_head(self, game_id: uuid.UUID) -> int | None:
        with self.datastore.transaction(commit=False) as cursor:
            try:
                cursor.execute(f"SELECT version FROM {TABLE} WHERE game_id = ?", (game_id.hex,))
            except Exception:  # a store made before the table: nothing recorded
                return None
            row = cursor.fetchone()
        return None if row is None else int(row[0])


class PostgresHeads(KeepsHeads):
    """On PostgreSQL the heads are raised in the transaction that inserts the events, after the events'
    table is locked: one commit, and no round trip of its own (the library pipelines the statements)."""

    datastore: Any
    keeps_heads = True

    def _table(self) -> Any:
        from psycopg.sql import SQL, Identifier

        return SQL("{0}.{1}").format(Identifier(self.datastore.schema), Identifier(TABLE))

    def create_heads_table(self) -> None:
        from psycopg.sql import SQL

        with self.datastore.transaction(commit=True) as cursor:
            cursor.execute(SQL("CREATE TABLE IF NOT EXISTS {0} (game_id uuid PRIMARY KEY, version bigint NOT NULL)")
                           .format(self._table()))

    def has_heads_table(self) -> bool:
        with self.datastore.transaction(commit=False) as cursor:
            cursor.execute("SELECT to_regclass(%s) AS found", (f'"{self.datastore.schema}"."{TABLE}"',))
            row = cursor.fetchone()
        return (row["found"] if isinstance(row, dict) else row[0]) is not None

    def insert_events(self, stored_events: Sequence[Any], **kwargs: Any) -> Any:
        return super(KeepsHeads, self).insert_events(stored_events, **kwargs)  # type: ignore[misc]

    def _insert_stored_events(self, cursor: Any, stored_events: Sequence[Any], **kwargs: Any) -> None:
        heads = heads_of(stored_events)
        if not (heads and self.keeps_heads):
            super()._insert_stored_events(cursor, stored_events, **kwargs)  # type: ignore[misc]  # lock, notify, insert
            return
        from eventsourcing.postgres import PostgresAggregateRecorder
        from psycopg.sql import SQL

        # The library's order (lock the events' table, notify, insert the events), with the heads raised after
        # the lock and before the insert: the insert that loses a race for a version must be the pipeline's last
        # statement. A statement queued after it would be aborted, and psycopg raises that PipelineAborted when
        # the pipeline ends, in place of the conflict the service retries (a 503 instead of a retry).
        self._lock_table(cursor)
        self._notify_channel(cursor)
        statement = SQL("INSERT INTO {0} AS h (game_id, version) SELECT * FROM unnest(%s::uuid[], %s::bigint[]) "
                        "ON CONFLICT (game_id) DO UPDATE SET version = EXCLUDED.version WHERE h.version < EXCLUDED.version"
                        ).format(self._table())
        ordered = sorted(heads.items())
        with cursor.connection.cursor() as other:  # the events' cursor must hold the insert's notification ids
            # never prepared: a pipeline that a conflicting insert aborts would drop the PREPARE with it, and
            # psycopg would go on naming a prepared statement the server never kept
            other.execute(statement, ([game_id for game_id, _ in ordered], [version for _, version in ordered]),
                          prepare=False)
        PostgresAggregateRecorder._insert_stored_events(self, cursor, stored_events, **kwargs)  # type: ignore[arg-type]

    def game_head(self, game_id: uuid.UUID) -> int | None:
        from psycopg.sql import SQL

        with self.datastore.transaction(commit=False) as cursor:
            try:
                cursor.execute(SQL("SELECT version FROM {0} WHERE game_id = %s").format(self._table()), (game_id,))
            except Exception:  # a store made before the table: nothing recorded
                return None
            row = cursor.fetchone()
        if row is None:
            return None
        return int(row["version"] if isinstance(row, dict) else row[0])


class MemoryHeads(KeepsHeads):
    def raise_heads(self, heads: dict[uuid.UUID, int]) -> None:
        recorded: dict[uuid.UUID, int] = self.__dict__.setdefault("_heads", {})
        for game_id, version in heads.items():
            recorded[game_id] = max(recorded.get(game_id, 0), version)

    def game_head(self, game_id: uuid.UUID) -> int | None:
        return self.__dict__.get("_heads", {}).get(game_id)


def keeping_heads(recorder: Any, create_table: bool) -> Any:
    """The recorder, made to keep the games' heads (its class swapped for a subclass with the mixin). A
    store opened without creating tables, from before the table, keeps none (its writes would fail)."""
    module = type(recorder).__module__
    mixin: type = (PostgresHeads if module == "eventsourcing.postgres" else SQLiteHeads if module == "eventsourcing.sqlite"
                   else MemoryHeads)
    recorder.__class__ = type(type(recorder).__name__ + "KeepingHeads", (mixin, type(recorder)), {"__module__": module})
    if create_table and hasattr(recorder, "create_heads_table"):
        recorder.create_heads_table()
    elif module == "eventsourcing.sqlite":
        recorder.keeps_heads = _sqlite_has_table(recorder)
    elif module == "eventsourcing.postgres":
        recorder.keeps_heads = recorder.has_heads_table()
    return recorder


def _sqlite_has_table(recorder: Any) -> bool:
    with recorder.datastore.transaction(commit=False) as cursor:
        cursor.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (TABLE,))
        return cursor.fetchone() is not None
