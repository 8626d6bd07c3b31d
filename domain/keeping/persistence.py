"""How the game service stores what the library does not know by itself: a ruleset's state dataclasses
in snapshots, a repository that passes over a snapshot that no longer loads, snapshots of the game in
hand, and two shortcuts the library's defaults miss on a long game: an in-memory store that finds a
game's events after version N without reading the ones before, and a projector that applies events
without checking each against a runtime protocol."""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Iterable, Sequence
from typing import Any

from eventsourcing.application import (
    AggregateNotFoundError,
    ProcessingEvent,
    ProjectorFunction,
    Repository,
)
from eventsourcing.persistence import (
    ApplicationRecorder,
    MapperDeserialisationError,
    PersistenceError,
    StoredEvent,
    Transcoding,
)
from eventsourcing.popo import POPOApplicationRecorder, POPOFactory


class DataclassAsDict(Transcoding):
    """Stores a ruleset's state dataclass as a dict of its (JSON-native) fields (in snapshots, and in a fork's
    start). A state class with ``from_stored(data) -> data`` reads a state stored before a field was added."""

    def __init__(self, cls: type, name: str) -> None:
        self.type = cls
        self.name = name

    def encode(self, obj: Any) -> dict[str, Any]:
        return {field.name: getattr(obj, field.name) for field in dataclasses.fields(obj)}

    def decode(self, data: dict[str, Any]) -> Any:
        from_stored = getattr(self.type, "from_stored", None)
        return self.type(**(data if from_stored is None else from_stored(data)))


class SnapshotTolerantRepository(Repository[uuid.UUID]):
    """The library's repository, but a snapshot that no longer loads (a ruleset's state changed shape
    since it was taken), or that the events after it do not fit (a snapshot edited in the store), is
    passed over: the game is rebuilt from its events, which are the record. The audit names such a
    snapshot (``replays.audit``)."""

    def _reconstruct_aggregate(self, aggregate_id: uuid.UUID, version: int | None, projector_func: ProjectorFunction[Any, Any]) -> Any:
        try:
            return super()._reconstruct_aggregate(aggregate_id, version, projector_func)
        except MapperDeserialisationError:
            if self.snapshot_store is None or self._snapshot_loads(aggregate_id, version):
                raise  # an event does not load: nothing to fall back on
        except (AggregateNotFoundError, PersistenceError):
            raise
        except Exception:
            if self.snapshot_store is None or not self._snapshot_loads(aggregate_id, version):
                raise
            # the events after the snapshot do not apply to it: rebuilt from the events alone below,
            # which raises again if the events themselves are at fault
        aggregate = projector_func(None, self.event_store.get(originator_id=aggregate_id, lte=version))
        if aggregate is None:
            raise AggregateNotFoundError(f"Aggregate {aggregate_id!r} version {version!r} not found.")
        return aggregate

    def _snapshot_loads(self, aggregate_id: uuid.UUID, version: int | None) -> bool:
        """Whether the aggregate has a snapshot up to ``version`` that loads."""
        assert self.snapshot_store is not None
        try:
            return bool(list(self.snapshot_store.get(originator_id=aggregate_id, desc=True, limit=1, lte=version)))
        except MapperDeserialisationError:
            return False


def snapshots_in_hand(processing_event: Any, interval: int) -> list[Any]:
    """Snapshots of the aggregates a save carried past a multiple of ``interval`` events, taken of each
    aggregate as it is in hand after the save (at its last event). The library would instead read the last
    snapshot and the events since back from the store and replay them, to snapshot at the multiple itself:
    the same state, at many times the cost of the command."""
    taken = []
    for aggregate_id, aggregate in processing_event.aggregates.items():
        if any(event.originator_id == aggregate_id and event.originator_version % interval == 0
               for event in processing_event.events):
            taken.append(type(aggregate).Snapshot.take(aggregate))
    return taken


def collected(aggregates: Sequence[Any], kwargs: dict[str, Any]) -> ProcessingEvent[uuid.UUID]:
    """What the library's ``ProcessingEvent.collect_events`` makes of aggregates being saved: their new
    events and the aggregates by id, without its ``isinstance`` checks against runtime protocols."""
    processing_event: ProcessingEvent[uuid.UUID] = ProcessingEvent()
    for aggregate in aggregates:
        processing_event.events.extend(aggregate.collect_events())
        processing_event.aggregates[aggregate.id] = aggregate
    processing_event.saved_kwargs.update(kwargs)
    return processing_event


def apply_events(aggregate: Any, events: Iterable[Any]) -> Any:
    """The aggregate after the events: the library's ``project_aggregate`` without its per-event
    ``isinstance`` check against a runtime-checkable protocol, which on Python 3.11 cost a sixth of a
    command (the game's events are the library's own aggregate events: each has ``mutate``)."""
    for domain_event in events:
        aggregate = domain_event.mutate(aggregate)
    return aggregate


class IndexedMemoryRecorder(POPOApplicationRecorder):
    """The library's in-memory recorder (``:memory:``), but the events of a game after version N are
    looked up by version, not found by reading every event of the game: each command reads the events
    written since the game was cached, and the library's scan made a command cost more the longer the
    game. An aggregate's versions are consecutive, so they are looked up from N + 1 to the last."""

    def select_events(self, originator_id: uuid.UUID | str, *, gt: int | None = None, lte: int | None = None,
                      desc: bool = False, limit: int | None = None) -> Sequence[StoredEvent]:
        if desc or gt is None:
            return super().select_events(originator_id, gt=gt, lte=lte, desc=desc, limit=limit)
        with self._database_lock:
            index = self._stored_events_index.get(str(originator_id))
            if not index:
                return []
            first, last = next(iter(index)), next(reversed(index))
            if last - first + 1 != len(index):  # not consecutive: never so for a game, but read it all then
                return super().select_events(originator_id, gt=gt, lte=lte, desc=desc, limit=limit)
            stop = last if lte is None else min(last, lte)
            found = [self._stored_events[index[version]] for version in range(max(gt + 1, first), stop + 1)]
            return found if limit is None else found[:limit]


class MemoryFactory(POPOFactory):
    """The library's in-memory persistence, with the indexed recorder for the games' events."""

    def application_recorder(self) -> ApplicationRecorder:
        return IndexedMemoryRecorder()
