"""A replay page: one self-contained HTML file that steps through a game as a viewer saw it.

Every step (the game after each event: its number, the event's sentence, the turn, the ruleset's
``picture`` of the viewer's view and its ``render``, the board as text) is read in one forward pass of a
``Cursor`` and stored small (``replays.page_steps``: each distinct picture item and line of text once,
each step as what changed since the step before, a key step every 64) as JSON in a ``<script
type="application/json">`` element, with ``<``, ``>`` and ``&`` written as ``\\u003c``, ``\\u003e`` and
``\\u0026`` so no seat name or sentence can end the element. Nothing is drawn ahead: when a step is shown
the page's script rebuilds its picture and draws it (``replays.page_drawing``, the same SVG as
``replays.drawing``, what the event changed outlined), parsing the result as SVG (never as HTML). The
inline script shows one step at a time, setting every text with ``textContent``: the drawing, the board
as text (under a disclosure), "Step N of M", the sentence, and the log of all sentences with the current
one highlighted (click an entry to jump there; a long game's log is written a block of 1,000 entries at a
time once the first board is shown, laying out ten thousand lines at once took most of a second). Buttons First / Previous / Next / Last; keys ArrowRight,
n and space step forward, ArrowLeft and p back, Home and End to the ends; ``#step-N`` in the address
opens step N.

The notes the viewer may see (``records.notes``) ride on their steps: each step's are shown under its
sentence (glyph, author, text with its line breaks, marks, bookmark, "private"), and the log marks
the steps that have notes with their glyphs. The bookmarks are a list of buttons above the board,
each going to its step. Notes are text set with ``textContent`` like everything else.

The page loads nothing: inline CSS and JS (``replays.page_assets``), no URLs, and a Content Security
Policy forbidding any fetch. Only the ruleset contract is used (``picture``, ``render``, ``turn_number``,
event sentences).
"""

from __future__ import annotations

import html
import json
import uuid
from typing import Any

from domain.keeping.access import OWNER
from domain.keeping.notes import Note
from domain.keeping.service import GameService, Viewer
from replays import records
from replays.cursor import Cursor
from replays.diary import check_viewer, outcome_text, viewer_label
from replays.diary_notes import author_label, by_event
from replays.page_assets import SCRIPT, STYLE, TEMPLATE
from replays.page_steps import as_json, encode


def shown_note(note: Note, seats: list[str]) -> dict[str, Any]:
    """A note as the page shows it."""
    return {"id": note.id, "by": author_label(note, seats), "glyph": note.glyph, "text": note.text,
            "marks": list(note.marks), "bookmark": note.bookmark, "private": note.visibility == "private"}


def script_json(value: Any) -> str:
    """JSON safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` in the text."""
    return script_safe(json.dumps(value, ensure_ascii=False, separators=(",", ":")))


def script_safe(text: str) -> str:
    """JSON text made safe inside a ``<script>`` element (``script_json``)."""
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def to_html(service: GameService, game_id: uuid.UUID, viewer: Viewer = OWNER) -> str:
    """The replay page of the game as ``viewer`` may see it, as one HTML document."""
    head = records.header(service, game_id, viewer)
    seats: list[str] = head["seats"]
    check_viewer(viewer, seats)
    cursor = Cursor(service, game_id, viewer)
    stored = encode(cursor)
    total = len(stored["sentences"])
    notes = records.notes(service, game_id, viewer)
    on = by_event(notes)
    bookmarks = [{"name": note.bookmark, "step": note.at, "by": author_label(note, seats)} for note in notes if note.bookmark]
    title = f"{head['title']}: {', '.join(seats)} (game {head['id'][:8]})"
    outcome = outcome_text(head["outcome"], seats, cursor.rules.to_act(cursor.state), cursor.rules.seat_roles(cursor.state))
    data = {"title": cursor.rules.title, "seats": seats, "turns": any(stored["turn"]), "bookmarks": bookmarks,
            "notes": {str(number): [shown_note(note, seats) for note in on[number]] for number in sorted(on) if 1 <= number <= total},
            **stored}
    facts = (
        f"{head['title']}, rules v{head['ruleset_version']}; seats: "
        + ", ".join(f"{n} {name}" for n, name in enumerate(seats, 1))
        + f"; seen by {viewer_label(viewer, seats)}; game {head['id']}"
        + ("; a table game: played on paper and transcribed, its dice and draws told by the table" if head.get("table") else "")
    )
    return TEMPLATE.format(
        title=html.escape(title),
        heading=html.escape(f"{head['title']}: {', '.join(seats)}"),
        facts=html.escape(facts),
        outcome=html.escape(outcome),
        total=total,
        style=STYLE,
        data=script_safe(as_json(data)),
        script=SCRIPT,
    )
