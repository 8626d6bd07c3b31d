"""Notes (``domain.keeping.notes``) as terminal text, for ``ludolog notes``, ``ludolog log`` and the replay screen.

A note is text a person typed: it is shown as words and never acted on. The domain refuses control
and formatting characters when a note is written, and ``plain`` shows any that a store holds anyway
(an old or hand-edited store) as a visible escape such as ``\\x1b``, so a note cannot move the cursor,
recolour the terminal or reverse the text around it. A line break in a note's text is shown as
`` ↵ ``, so every note stays on one line.

Pure functions, no I/O.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from domain.engine.seating import ALLOWED_FORMAT, REFUSED_CATEGORIES, escape_char
from domain.keeping.notes import Note

PEN = "✎"
FLAG = "⚑"
LINE_BREAK = " ↵ "
BOOKMARKS_WIDTH = 100
"""The list of bookmarks on the replay's help line is cut after this many characters."""



def plain(text: str) -> str:
    """``text`` safe to print: each character a terminal could act on shown as its escape (``\\x1b``,
    ``\\u202e``), everything else as it is."""
    return "".join(escape_char(char) if unicodedata.category(char) in REFUSED_CATEGORIES and char not in ALLOWED_FORMAT else char
                   for char in text)


def one_line(text: str) -> str:
    """A note's text on one line: its line breaks shown as `` ↵ ``, the rest through ``plain``."""
    return LINE_BREAK.join(plain(line) for line in text.split("\n"))


def author_name(author: int | str, seat_names: Sequence[str]) -> str:
    """Who wrote a note: ``owner``, or the seat's name (``seat N`` for a seat the game does not have)."""
    if author == "owner":
        return "owner"
    if isinstance(author, int) and 0 < author <= len(seat_names):
        return plain(seat_names[author - 1])
    return f"seat {author}"


def note_line(note: Note, seat_names: Sequence[str]) -> str:
    """One note after its event: ``✎ Ann !? "Why not c3?" [c3 b2] ⚑ opening (note 4, private)``."""
    parts = [PEN, author_name(note.author, seat_names)]
    if note.glyph:
        parts.append(plain(note.glyph))
    parts.append(f'"{one_line(note.text)}"')
    if note.marks:
        parts.append("[" + " ".join(plain(mark) for mark in note.marks) + "]")
    if note.bookmark:
        parts.append(f"{FLAG} {plain(note.bookmark)}")
    parts.append(f"(note {note.id}{', private' if note.visibility == 'private' else ''})")
    return " ".join(parts)


def listing_line(note: Note, seat_names: Sequence[str]) -> str:
    """One note in ``ludolog notes``: id, event, author, glyph, text, marks, bookmark, private."""
    line = f"{note.id:>4}  #{note.at:<5} {author_name(note.author, seat_names):<12} {plain(note.glyph):<2}  \"{one_line(note.text)}\""
    if note.marks:
        line += "  [" + " ".join(plain(mark) for mark in note.marks) + "]"
    if note.bookmark:
        line += f"  {FLAG} {plain(note.bookmark)}"
    if note.visibility == "private":
        line += "  (private)"
    return line


def bookmarks_line(notes: Iterable[Note], width: int = BOOKMARKS_WIDTH) -> str:
    """``bookmarks: opening 12, the blunder 40``, in the order of the game; cut at ``width``
    characters with how many more; empty when there are none."""
    marked = [note for note in notes if note.bookmark]
    if not marked:
        return ""
    line = "bookmarks:"
    for shown, note in enumerate(marked):
        item = f" {plain(note.bookmark)} {note.at}" + ("," if shown < len(marked) - 1 else "")
        if len(line) + len(item) > width and shown > 0:
            return line + f" … and {len(marked) - shown} more"
        line += item
    return line
