"""How the game service stores what the library does not know by itself: a ruleset's state dataclasses
in snapshots, and a repository that passes over a snapshot that no longer loads."""

from __future__ import annotations

import dataclasses
import uuid
from typing import Any

from eventsourcing.application import AggregateNotFoundError, ProjectorFunction, Repository
from eventsourcing.persistence import MapperDeserialisationError, Transcoding


class DataclassAsDict(Transcoding):
    """Stores a ruleset's state dataclass as a dict of its (JSON-native) fields in snapshots."""

    def __init__(self, cls: type, name: str) -> None:
        self.type = cls
        self.name = name

    def encode(self, obj: Any) -> dict[str, Any]:
        return {field.name: getattr(obj, field.name) for field in dataclasses.fields(obj)}

    def decode(self, data: dict[str, Any]) -> Any:
        return self.type(**data)


class SnapshotTolerantRepository(Repository[uuid.UUID]):
    """The library's repository, but a snapshot that no longer loads (a ruleset's state changed shape
    since it was taken) is passed over: the game is rebuilt from its events, which are the record."""

    def _reconstruct_aggregate(self, aggregate_id: uuid.UUID, version: int | None, projector_func: ProjectorFunction[Any, Any]) -> Any:
        try:
            return super()._reconstruct_aggregate(aggregate_id, version, projector_func)
        except MapperDeserialisationError:
            if self.snapshot_store is None or self._snapshot_loads(aggregate_id, version):
                raise  # an event does not load: nothing to fall back on
        aggregate = projector_func(None, self.event_store.get(originator_id=aggregate_id, lte=version))
        if aggregate is None:
            raise AggregateNotFoundError(f"Aggregate {aggregate_id!r} version {version!r} not found.")
        return aggregate

    def _snapshot_loads(self, aggregate_id: uuid.UUID, version: int | None) -> bool:
        assert self.snapshot_store is not None
        try:
            list(self.snapshot_store.get(originator_id=aggregate_id, desc=True, limit=1, lte=version))
        except MapperDeserialisationError:
            return False
        return True


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
