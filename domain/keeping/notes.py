"""Annotations: comments, glyphs, marked squares or pieces and named bookmarks written on a game's
events, by its owner or one of its seats.

A game's notes are a ``GameNotes`` aggregate beside the game (its id derived from the game's), so the
game's own log holds nothing but the game. A note is written, edited and withdrawn by events of its
own; a withdrawn note leaves every view and export but the owner's lossless NDJSON export, whose
import restores each event with its time.

Who sees what:

- a **public** note is seen by everyone who may see the game: its seats, spectators and the owner;
- a **private** note is seen by its author and by the game's owner, never by another seat or a
  spectator, even once the game is over;
- only a note's author edits it; its author or the game's owner withdraws it; a spectator writes none.

Stored events and their fixed topics: ``ludolog:GameNotes.Created``, ``ludolog:GameNotes.Written``,
``ludolog:GameNotes.Edited``, ``ludolog:GameNotes.Withdrawn``.
"""

from __future__ import annotations

import re
import unicodedata
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from eventsourcing.domain import Aggregate

from domain.engine.errors import InvalidNote

GLYPHS = ("!", "?", "!!", "??", "!?", "?!")
"""Good, mistake, brilliant, blunder, interesting, dubious: the chess annotators' six."""
VISIBILITIES = ("public", "private")
TEXT_LIMIT = 2000
BOOKMARK_LIMIT = 40
MARK_PATTERN = re.compile(r"[A-Za-z0-9_#:.\-]{1,60}")
MARKS_LIMIT = 20
_NAMESPACE = uuid.UUID("0b6f7c1e-2d3a-4c59-8e71-9a4d5f6b7c8d")
NOTE_FIELDS = ("at", "text", "glyph", "marks", "bookmark", "visibility")


@dataclass(frozen=True)
class Note:
    """One note as it stands: ``author`` is ``"owner"`` or a seat number; ``at`` the event it is on."""

    id: int
    author: int | str
    at: int
    text: str
    glyph: str = ""
    marks: list[str] = field(default_factory=list)
    bookmark: str = ""
    visibility: str = "public"
    written: str = ""
    edited: str = ""

    def to_data(self) -> dict[str, Any]:
        return {"id": self.id, "author": self.author, "at": self.at, "text": self.text, "glyph": self.glyph,
                "marks": list(self.marks), "bookmark": self.bookmark, "visibility": self.visibility,
                "written": self.written, "edited": self.edited or None}

    def seen_by(self, viewer: int | str | None) -> bool:
        """Whether the viewer (a seat number, ``"owner"``, or ``None`` for a spectator) may see it."""
        return self.visibility == "public" or viewer == "owner" or viewer == self.author


class GameNotes(Aggregate):
    """The notes of one game, by id (a number from 1, in the order they were written)."""

    TOPIC = "ludolog:GameNotes"

    class Created(Aggregate.Created):
        TOPIC = "ludolog:GameNotes.Created"
        game_id: uuid.UUID

    class Written(Aggregate.Event):
        TOPIC = "ludolog:GameNotes.Written"
        note: int
        author: str
        at: int
        text: str
        glyph: str
        marks: list[str]
        bookmark: str
        visibility: str

        def apply(self, notes: GameNotes) -> None:
            notes.notes = {**notes.notes, str(self.note): {
                "author": self.author, **{key: _copy(getattr(self, key)) for key in NOTE_FIELDS},
                "written": self.timestamp.isoformat(), "edited": ""}}
            notes.written = max(notes.written, self.note)

    class Edited(Aggregate.Event):
        TOPIC = "ludolog:GameNotes.Edited"
        note: int
        at: int
        text: str
        glyph: str
        marks: list[str]
        bookmark: str
        visibility: str

        def apply(self, notes: GameNotes) -> None:
            old = notes.notes[str(self.note)]
            notes.notes = {**notes.notes, str(self.note): {
                **old, **{key: _copy(getattr(self, key)) for key in NOTE_FIELDS}, "edited": self.timestamp.isoformat()}}

    class Withdrawn(Aggregate.Event):
        TOPIC = "ludolog:GameNotes.Withdrawn"
        note: int
        by: str

        def apply(self, notes: GameNotes) -> None:
            notes.notes = {key: value for key, value in notes.notes.items() if key != str(self.note)}

    def __init__(self, game_id: uuid.UUID) -> None:
        self.game_id = game_id
        self.notes: dict[str, dict[str, Any]] = {}
        self.written = 0

    @staticmethod
    def id_for(game_id: uuid.UUID) -> uuid.UUID:
        return uuid.uuid5(_NAMESPACE, str(game_id))

    @classmethod
    def open(cls, game_id: uuid.UUID, timestamp: datetime | None = None) -> GameNotes:
        return cls._create(cls.Created, id=cls.id_for(game_id), game_id=game_id, timestamp=timestamp)

    def write(self, author: str, fields: dict[str, Any], timestamp: datetime | None = None) -> int:
        """A new note (fields already checked); its id."""
        number = self.written + 1
        self.trigger_event(self.Written, note=number, author=author, timestamp=timestamp,
                           **{key: _copy(fields[key]) for key in NOTE_FIELDS})
        return number

    def edit(self, number: int, fields: dict[str, Any], timestamp: datetime | None = None) -> None:
        self.trigger_event(self.Edited, note=number, timestamp=timestamp, **{key: _copy(fields[key]) for key in NOTE_FIELDS})

    def withdraw(self, number: int, by: str, timestamp: datetime | None = None) -> None:
        self.trigger_event(self.Withdrawn, note=number, by=by, timestamp=timestamp)

    def note(self, number: int) -> Note | None:
        raw = self.notes.get(str(number))
        return None if raw is None else _note(number, raw)

    def all(self) -> list[Note]:
        """Every standing note, by the event it is on, then in the order written."""
        return sorted((_note(int(key), raw) for key, raw in self.notes.items()), key=lambda n: (n.at, n.id))


def _note(number: int, raw: dict[str, Any]) -> Note:
    author = raw["author"]
    return Note(id=number, author=author if author == "owner" else int(author), at=raw["at"], text=raw["text"],
                glyph=raw["glyph"], marks=list(raw["marks"]), bookmark=raw["bookmark"], visibility=raw["visibility"],
                written=raw["written"], edited=raw["edited"])


def _copy(value: Any) -> Any:
    return list(value) if isinstance(value, list) else value


def author_key(viewer: int | str) -> str:
    """How a stored note names its author: ``"owner"`` or the seat number as a string."""
    return "owner" if viewer == "owner" else str(viewer)


def checked_fields(given: dict[str, Any], version: int, old: Note | None = None) -> dict[str, Any]:
    """A note's fields from what was given (an edit keeps what it does not give), checked:
    ``InvalidNote`` says what is wrong. ``version`` is the game's last event number."""
    base = old.to_data() if old is not None else {"glyph": "", "marks": [], "bookmark": "", "visibility": "public"}
    fields = {key: given[key] if given.get(key) is not None else base.get(key) for key in NOTE_FIELDS}
    at = fields["at"]
    if not isinstance(at, int) or isinstance(at, bool) or not 1 <= at <= version:
        raise InvalidNote(f"a note is on one of the game's events, 1 to {version}, not {at!r}")
    text = fields["text"]
    if not isinstance(text, str) or not text.strip():
        raise InvalidNote("a note needs a text")
    if len(text) > TEXT_LIMIT:
        raise InvalidNote(f"a note's text is at most {TEXT_LIMIT} characters, not {len(text)}")
    if _unprintable(text, allowed="\n"):
        raise InvalidNote("a note's text holds no control or formatting characters (a line break is fine)")
    if fields["glyph"] not in ("", *GLYPHS):
        raise InvalidNote(f"a glyph is one of {' '.join(GLYPHS)}, not {fields['glyph']!r}")
    marks = fields["marks"]
    if not isinstance(marks, list) or len(marks) > MARKS_LIMIT or not all(isinstance(m, str) and MARK_PATTERN.fullmatch(m) for m in marks):
        raise InvalidNote(f"marks are up to {MARKS_LIMIT} squares or pieces, each 1-60 letters, digits or _#:.- (c3, #7, character:2:1)")
    bookmark = fields["bookmark"]
    if not isinstance(bookmark, str) or len(bookmark) > BOOKMARK_LIMIT or _unprintable(bookmark) or bookmark != bookmark.strip():
        raise InvalidNote(f"a bookmark's name is up to {BOOKMARK_LIMIT} characters of plain text, with no space at either end")
    if fields["visibility"] not in VISIBILITIES:
        raise InvalidNote(f"a note is public or private, not {fields['visibility']!r}")
    return {**fields, "text": text.strip("\n"), "marks": list(dict.fromkeys(marks))}


def _unprintable(text: str, allowed: str = "") -> bool:
    """Control or formatting characters (terminal escapes, bidi overrides, zero-width), but ``allowed``."""
    return any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") and ch not in allowed for ch in text)
