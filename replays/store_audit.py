"""The checks of an audit that look past a game's own events: its snapshots, a receipt a client kept,
and the store's global sequence of events.

Every snapshot of the game (the game is served from its latest one, and nothing else ties it to the
chain) must equal the game rebuilt from its events at the snapshot's version; both are read with the
game at one moment (``replays.game_read``). A receipt (an event number and its chain hash, as every
answer, state read and export carries in ``head``) must match the stored chain: a receipt beyond the
log's end means events were cut off. And the store's global sequence of events (its notification ids)
must have no gaps: rows deleted from the middle of the store leave one. On PostgreSQL a refused or
failed write also uses up a number, so there a gap is only a note.
"""

from __future__ import annotations

import json
from typing import Any

from domain.engine.game import Game
from domain.keeping.persistence import apply_events
from domain.keeping.service import GameService
from replays.audit_report import Audit
from replays.game_read import GameRead

SEQUENCE_PAGE = 1000


def check_snapshots(service: GameService, read: GameRead, report: Audit) -> None:
    """Every snapshot of the game must be the game rebuilt from its events at the snapshot's version:
    the game is served from its snapshots, and nothing else ties them to the chain. The snapshots were
    read before the events (``replays.game_read``): one beyond them is no race."""
    if read.unloadable:
        report.notes.append("a snapshot no longer loads (its ruleset's state changed shape): the game is rebuilt from its events")
        return
    stored, snapshots = read.stored, read.snapshots or []
    for snapshot in snapshots:
        number = snapshot.originator_version
        if not 1 <= number <= len(stored):
            report.problems.append(f"the snapshot at event {number} is of an event the game does not have (the snapshots were edited)")
            continue
        try:
            rebuilt = apply_events(None, stored[:number])
            fits = as_stored(service, Game.Snapshot.take(rebuilt).state) == as_stored(service, snapshot.state)
        except Exception:  # a state the rules cannot rebuild was reported by the game's own checks
            fits = False
        if not fits:
            report.problems.append(f"the snapshot at event {number} is not the game rebuilt from its events "
                                   "(the snapshots were edited); the game is served from its events only after the snapshot is removed")


def as_stored(service: GameService, state: dict[str, Any]) -> Any:
    """A snapshot's state as the store keeps it (JSON: a tuple and a list alike)."""
    return json.loads(service.mapper.transcoder.encode(state))


def check_receipt(stored: list[Any], head: tuple[int, str]) -> list[str]:
    """What is wrong with a stored log against a receipt ``(event number, hash)`` (empty: nothing)."""
    number, expected = head
    chains = {event.originator_version: getattr(event, "chain", None) for event in stored}
    if number < 1:
        return [f"the receipt names event {number}, but events are numbered from 1"]
    last = max(chains, default=0)
    if number > last:
        return [f"the receipt names event {number} but the log ends at {last}: events were removed"]
    if chains.get(number) != expected:
        return [f"event {number}: its hash is not the receipt's {expected}: the log was rewritten"]
    return []


def sequence_gaps(service: GameService) -> tuple[list[tuple[str, set[str]]], list[str]]:
    """Gaps in the store's global sequence of events: ``(problems, notes)``; each problem comes with the
    ids of the aggregates whose events lie on either side of the gap. On PostgreSQL, where a refused
    write also uses up a number, gaps are notes."""
    found: list[tuple[str, set[str]]] = []
    expected, before = 1, "the start"
    previous_owner: set[str] = set()
    recorder = service.recorder
    stop = recorder.max_notification_id() or 0
    start = 1
    while start <= stop and (page := recorder.select_notifications(start, SEQUENCE_PAGE, stop=stop)):
        for notification in page:
            owner = str(notification.originator_id)
            if notification.id != expected:
                missing = f"{expected}" if notification.id == expected + 1 else f"{expected} to {notification.id - 1}"
                found.append((f"the store's sequence of events misses number {missing} (after {before}): "
                              "rows were deleted from the store, from this game or another", previous_owner | {owner}))
            expected, before, previous_owner = notification.id + 1, f"number {notification.id}", {owner}
        start = page[-1].id + 1
    if found and type(service.factory).__module__ == "eventsourcing.postgres":
        notes = [f"{gap.split(':')[0]}; on PostgreSQL a refused or failed write also uses up a number, so this "
                 "is not proof that rows were deleted" for gap, _ in found]
        return [], notes
    return found, []
