"""The annotations use case: writing, editing, withdrawing and reading a game's notes (``domain.keeping.notes``)
through a ``GameService``'s store, and their stored events for the lossless export and its import."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from eventsourcing.persistence import IntegrityError, PersistenceError

from domain.engine.errors import (
    Forbidden,
    InvalidNote,
    StoreUnavailable,
    Unauthorized,
    UnknownGame,
    UnknownNote,
)
from domain.engine.game import Game
from domain.keeping.access import OWNER
from domain.keeping.notes import GameNotes, Note, author_key, checked_fields
from domain.keeping.service import GameService, Viewer

RETRIES = 5


class Notebook:
    """A game's notes, read and written as a viewer (a seat number, ``OWNER``, or ``None``)."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    def notes(self, game_id: uuid.UUID, viewer: Viewer) -> list[Note]:
        """The standing notes the viewer may see, by event and then in the order written."""
        self.service.game(game_id)  # UnknownGame
        found = self._notes(game_id)
        return [] if found is None else [note for note in found.all() if note.seen_by(viewer)]

    def write(self, game_id: uuid.UUID, viewer: Viewer, given: dict[str, Any]) -> Note:
        """A new note by the viewer (the owner or a seat) on one of the game's events."""
        if viewer is None:
            raise Unauthorized("only the game's owner or one of its seats writes notes: give a token")
        fields = checked_fields(given, self.service.game(game_id).version)
        return self._change(game_id, lambda notes: notes.write(author_key(viewer), fields))

    def edit(self, game_id: uuid.UUID, viewer: Viewer, number: int, given: dict[str, Any]) -> Note:
        """The note with the fields given changed; only its author edits it."""
        version = self.service.game(game_id).version

        def change(notes: GameNotes) -> int:
            old = self._own_note(notes, viewer, number, "edit")
            notes.edit(number, checked_fields(given, version, old))
            return number

        return self._change(game_id, change)

    def withdraw(self, game_id: uuid.UUID, viewer: Viewer, number: int) -> None:
        """Take a note back: its author, or the game's owner, may."""

        def change(notes: GameNotes) -> int:
            note = self._visible(notes, viewer, number)
            if viewer != OWNER and note.author != viewer:
                raise Forbidden(f"note {number} is not yours: its author or the game's owner withdraws it")
            notes.withdraw(number, author_key(viewer if viewer is not None else OWNER))
            return number

        self._change(game_id, change, withdrawn=True)

    # -- the stored events, for the lossless export and its import ----------------------------------

    def history(self, game_id: uuid.UUID) -> list[dict[str, Any]]:
        """Every stored event of the game's notes, withdrawn ones too, as data with its time."""
        events = self.service.events.get(GameNotes.id_for(game_id))
        return [_event_data(event) for event in events if not isinstance(event, GameNotes.Created)]

    def restore(self, game_id: uuid.UUID, history: Iterable[dict[str, Any]]) -> int:
        """Record an exported history of notes on a game that has none yet, each event with its own time;
        ``InvalidNote`` or ``UnknownNote`` when an entry does not fit (nothing is recorded then). The
        count restored."""
        entries = list(history)
        if self._notes(game_id) is not None:
            raise InvalidNote("the game has notes already: a history is restored on a game without any")
        notes = replayed_notes(self.service.game(game_id), entries)
        if notes is not None:
            self._save(notes)
        return len(entries)

    # -- helpers -----------------------------------------------------------------------------------

    def _change(self, game_id: uuid.UUID, change: Any, withdrawn: bool = False) -> Any:
        for _ in range(RETRIES):
            notes = self._notes(game_id) or GameNotes.open(game_id)
            number = change(notes)
            try:
                self._save(notes)
            except IntegrityError:
                continue  # another writer's note first: read again and write after it
            return None if withdrawn else notes.note(number)
        raise StoreUnavailable("the notes were written by others too often at once; try again")

    def _save(self, notes: GameNotes) -> None:
        try:
            self.service.save(notes)
        except IntegrityError:
            raise
        except PersistenceError as error:
            raise StoreUnavailable(f"the game store could not record the note, nothing was saved: {error}") from None

    def _notes(self, game_id: uuid.UUID) -> GameNotes | None:
        try:
            found = self.service._get(GameNotes.id_for(game_id))
        except UnknownGame:
            return None
        return found if isinstance(found, GameNotes) else None

    @staticmethod
    def _visible(notes: GameNotes, viewer: Viewer, number: int) -> Note:
        note = notes.note(number)
        if note is None or not note.seen_by(viewer):
            raise UnknownNote(f"the game has no note {number}")
        return note

    def _own_note(self, notes: GameNotes, viewer: Viewer, number: int, what: str) -> Note:
        note = self._visible(notes, viewer, number)
        if note.author != viewer:
            raise Forbidden(f"note {number} is not yours: only its author may {what} it")
        return note


def _event_data(event: Any) -> dict[str, Any]:
    kind = type(event).__name__
    data = {key: value for key, value in event.__dict__.items()
            if key not in ("originator_id", "originator_version", "timestamp")}
    return {"type": kind, "time": event.timestamp.isoformat(), "data": data}


def _time(entry: dict[str, Any]) -> datetime:
    try:
        return datetime.fromisoformat(entry["time"])
    except (KeyError, TypeError, ValueError):
        raise InvalidNote("a note event in the file has no time") from None


def replayed_notes(game: Game, history: list[dict[str, Any]]) -> GameNotes | None:
    """The notes aggregate an exported history makes on ``game`` (a game re-created from an export,
    stored or not), each event checked as a new one would be and not saved; ``None`` for no history."""
    if not history:
        return None
    notes = GameNotes.open(game.id, timestamp=_time(history[0]))
    for entry in history:
        _replay(notes, entry, game.version, len(game.seats))
    return notes


def _replay(notes: GameNotes, entry: dict[str, Any], version: int, seat_count: int) -> None:
    """One exported note event recorded again, checked as a new one would be."""
    try:
        kind, data, when = entry["type"], dict(entry["data"]), _time(entry)
        if kind == "Written":
            author = data["author"]
            fields = checked_fields(data, version)
            if author != "owner" and str(author) not in {str(seat) for seat in range(1, seat_count + 1)}:
                raise InvalidNote(f"a note's author is the owner or a seat of the game, not {author!r}")
            if data["note"] != notes.written + 1:
                raise InvalidNote(f"note {data['note']} is out of order in the file")
            notes.write(str(author), fields, timestamp=when)
        elif kind == "Edited":
            old = notes.note(data["note"])
            if old is None:
                raise UnknownNote(f"the file edits note {data['note']}, which it does not have")
            notes.edit(data["note"], checked_fields(data, version, old), timestamp=when)
        elif kind == "Withdrawn":
            if notes.note(data["note"]) is None:
                raise UnknownNote(f"the file withdraws note {data['note']}, which it does not have")
            notes.withdraw(data["note"], str(data["by"]), timestamp=when)
        else:
            raise InvalidNote(f"unknown note event {kind!r} in the file")
    except (KeyError, TypeError) as error:
        raise InvalidNote(f"a note event in the file is incomplete: {error}") from None
