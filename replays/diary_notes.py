"""Notes (``domain.keeping.notes``) as the design diary and the replay page show them: who wrote one, in words;
the notes of each event; a note as Markdown list lines nested under its event; the bookmarks as a
Markdown list of links to their events.

Everything typed (the text, each of its lines, the bookmark's name, a seat's name) is literal Markdown
text (``escape_markdown``): a note stays one item of the list under its event, whatever it holds.
"""

from __future__ import annotations

from domain.keeping.access import OWNER
from domain.keeping.notes import Note
from replays.markdown import code_span, escape_markdown


def author_label(note: Note, seats: list[str]) -> str:
    """Who wrote a note, in words: the seat's name, or "the owner"."""
    author = note.author
    if isinstance(author, int) and 1 <= author <= len(seats):
        return seats[author - 1]
    return "the owner" if author == OWNER else f"seat {author}"


def by_event(notes: list[Note]) -> dict[int, list[Note]]:
    """The notes of each event number, in their order."""
    on: dict[int, list[Note]] = {}
    for note in notes:
        on.setdefault(note.at, []).append(note)
    return on


def note_items(note: Note, seats: list[str], indent: str) -> list[str]:
    """A note as an item of a list nested under its event's item (``indent``: that item's content
    column): its glyph in bold, its number and author, whether it is private, its text (each line of
    it a line of the item, joined by hard line breaks), its marks as code and its bookmark."""
    glyph = f"**{note.glyph}** " if note.glyph else ""
    private = ", private" if note.visibility == "private" else ""
    texts = [escape_markdown(line) for line in note.text.splitlines() if line.strip()] or [""]
    extras = []
    if note.marks:
        extras.append("marks " + ", ".join(code_span(mark) for mark in note.marks))
    if note.bookmark:
        extras.append(f"bookmark \u201c{escape_markdown(note.bookmark)}\u201d")
    if extras:
        texts[-1] += f" ({'; '.join(extras)})"
    by = escape_markdown(author_label(note, seats))
    body = [f"{indent}- {glyph}Note {note.id} by {by}{private}: {texts[0]}", *(f"{indent}  {text}" for text in texts[1:])]
    return [line + "\\" for line in body[:-1]] + body[-1:]


def bookmark_links(notes: list[Note], sentences: dict[int, str]) -> list[str]:
    """A "Bookmarks" section: each bookmark a link to its event's ``#step-N`` anchor, with the event's
    number and sentence (``sentences``: by event number), in the game's order; nothing without one."""
    marked = [note for note in notes if note.bookmark]
    if not marked:
        return []
    lines = ["", "## Bookmarks", ""]
    for note in marked:
        said = escape_markdown(sentences.get(note.at, ""))
        lines.append(f"- [{escape_markdown(note.bookmark)}](#step-{note.at}): event {note.at}, {said}")
    return lines
