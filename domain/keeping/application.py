"""How games are stored: the eventsourcing ``Application`` the game service is built on, with its
settings. A game's events go to the store's recorder (which keeps each game's head beside them:
``domain.keeping.heads``), a snapshot is taken of a game in hand every ``SNAPSHOT_INTERVAL`` events, the
repository passes over a snapshot that no longer loads, and a ruleset's fact events and state classes are
known to the mapper and transcoder from the first one stored or read (``domain.keeping.ruleset_coding``).
``on_save`` and ``on_close`` let an event feed wake and stop."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from eventsourcing.application import Application, Repository
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import (
    ApplicationRecorder,
    IntegrityError,
    InternalError,
    Mapper,
    ProgrammingError,
    Transcoder,
)

from domain.engine.game import Game
from domain.keeping.heads import keeping_heads
from domain.keeping.ruleset_coding import RulesetMapper, RulesetTranscoder
from domain.keeping.persistence import (
    SnapshotTolerantRepository,
    collected,
    snapshots_in_hand,
)

SNAPSHOT_INTERVAL = 100
"""Every how many events a game is snapshotted (a shortcut for loading it; its events are the record)."""


class GameStore(Application[uuid.UUID]):
    """The application's storage: the recorder, the snapshots, the repository and the transcodings."""

    name = "ludolog"  # the store's tables and settings go by it; each subclass sets it again
    snapshotting_intervals = {Game: SNAPSHOT_INTERVAL}
    env = {"AGGREGATE_CACHE_MAXSIZE": "500"}

    def __init__(self, env: dict[str, str] | None = None) -> None:
        self.on_save: list[Callable[[], None]] = []
        """Called (with nothing) after every save that recorded events: an event feed wakes at once."""
        self.on_close: list[Callable[[], None]] = []
        """Called before the store closes: what reads it in a thread of its own stops first."""
        for attempt in range(5):
            try:
                super().__init__(env=env)
                return
            except (IntegrityError, InternalError, ProgrammingError):
                # Worker processes starting together on an empty PostgreSQL database race to create
                # the same tables ("already exists", "duplicate key", "tuple concurrently updated");
                # the winner's tables are there now. A real error is raised again after five tries.
                if getattr(self, "factory", None) is not None:
                    self.factory.close()
                if attempt == 4:
                    raise

    def close(self) -> None:
        for closing in self.on_close:
            closing()
        super().close()

    def construct_recorder(self) -> ApplicationRecorder:
        """The library's recorder, keeping each game's head beside its events (``domain.keeping.heads``); on
        PostgreSQL, the URL's ``schema`` is created first if need be."""
        factory: Any = self.factory
        if type(factory).__module__ == "eventsourcing.postgres" and factory.env_create_table():
            from psycopg.sql import SQL, Identifier

            datastore = factory.datastore
            if datastore.schema != "public":
                with datastore.transaction(commit=True) as cursor:
                    cursor.execute(SQL("CREATE SCHEMA IF NOT EXISTS {0}").format(Identifier(datastore.schema)))
        recorder = super().construct_recorder()
        return keeping_heads(recorder, create_table=bool(getattr(factory, "env_create_table", lambda: True)()))

    def _take_snapshots(self, processing_event: Any) -> None:
        """Snapshot a game carried past a multiple of ``SNAPSHOT_INTERVAL`` events as it is in hand (the
        library's own method, overridden: it would read back and replay up to 100 events to do so)."""
        taken = snapshots_in_hand(processing_event, SNAPSHOT_INTERVAL) if self.snapshots is not None else []
        if taken:
            self.snapshots.put(taken)

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        """The library's ``save``, but our aggregates' events are collected without its checks of each
        object against runtime-checkable protocols (a third of a command's time on Python 3.11)."""
        if not all(isinstance(obj, Aggregate) for obj in objs):
            return super().save(*objs, **kwargs)
        processing_event = collected(objs, kwargs)
        recordings = self._record(processing_event)
        self._take_snapshots(processing_event)
        self._notify(recordings)
        self.notify(processing_event.events)  # the library's deprecated hook, still called by its save
        for saved in self.on_save:
            saved()
        return recordings

    def construct_repository(self) -> Repository[uuid.UUID]:
        repository = super().construct_repository()
        repository.__class__ = SnapshotTolerantRepository  # the library's settings, one method more
        return repository

    def construct_mapper(self) -> Mapper[uuid.UUID]:
        mapper = super().construct_mapper()
        mapper.__class__ = RulesetMapper  # the library's mapper, defining a ruleset's fact events on first sight
        return mapper

    def construct_transcoder(self) -> Transcoder:
        transcoder = RulesetTranscoder()  # the library's JSON transcoder, with each ruleset's state on first sight
        self.register_transcodings(transcoder)
        return transcoder
