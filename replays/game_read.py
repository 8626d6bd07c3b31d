"""A game as an audit reads it: at one moment, even from a store a running service is writing to.

An audit compares three reads of a game: its snapshots, the head the store recorded beside its rows
(``domain.keeping.heads``) and its events. A game being played moves on between any two of them, so
read events-first, a later head or a snapshot taken since ran past the log and passed for a cut tail or an
edited snapshot. They are therefore read in the order the service writes them, last-written first: the
snapshots (each put after the events it is taken of were committed), then the head (committed with its
events, and only ever raised), then the events, in one query. Whatever the game gained in between is
only in the events, and they are audited as read; a head or a snapshot beyond them is no race but
events that were removed. After the checks the head is read again, to say in a note that the game has
since moved on.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from eventsourcing.persistence import MapperDeserialisationError

from domain.keeping.service import GameService


@dataclass(frozen=True)
class GameRead:
    """One game as read for its audit: ``stored`` its events, ``head`` the last event number the store had
    recorded for it before they were read (``None``: none recorded), ``snapshots`` its snapshots as read
    before that (``None``: the store keeps none, or, with ``unloadable``, one no longer loads)."""

    game_id: uuid.UUID
    stored: list[Any]
    head: int | None
    snapshots: list[Any] | None
    unloadable: bool = False


def read_game(service: GameService, game_id: uuid.UUID) -> GameRead:
    """The game's snapshots, its recorded head and its events, read in that order (see above)."""
    snapshots, unloadable = None, False
    if service.snapshots is not None:
        try:
            snapshots = list(service.snapshots.get(game_id))
        except MapperDeserialisationError:
            unloadable = True
    head = recorded_head(service, game_id)
    return GameRead(game_id, list(service.events.get(game_id)), head, snapshots, unloadable)


def recorded_head(service: GameService, game_id: uuid.UUID) -> int | None:
    """The last event number the store has recorded for the game now (``None``: none recorded)."""
    recorder = service.recorder
    return recorder.game_head(game_id) if hasattr(recorder, "game_head") else None


def cut_off(read: GameRead) -> list[str]:
    """A tail cut: the head recorded before the events were read is beyond the last of them (empty: none)."""
    last, reached = len(read.stored), read.head
    if reached is None or reached <= last:
        return []
    cut = f"event {reached} was" if reached == last + 1 else f"events {last + 1} to {reached} were"
    return [f"the store recorded event {reached} of this game, but its log ends at event {last}: {cut} cut off"]


def moved_on(service: GameService, read: GameRead) -> list[str]:
    """A note when the game has moved on since its events were read (empty: it has not)."""
    now = recorded_head(service, read.game_id)
    if now is None or now <= len(read.stored):
        return []
    return [f"the game moved on while it was audited: audited to event {len(read.stored)}, the store has since recorded event {now}"]
