"""A design diary of one game in Markdown: its facts, its outcome, what happened turn by turn, each
seat's key numbers at the end of every turn as a table, and charts of those numbers over the game.

Only the ruleset contract is used: ``describe`` (through the cursor's event sentences), ``render``,
``turn_number`` and ``seat_numbers``. Events are grouped into turns where ``turn_number`` changes;
a ruleset that counts no turns (always ``0``) is grouped by command instead (``replays.course``). The diary is written as
a viewer saw the game (``Cursor(viewer=...)``): a seat's diary holds that seat's sentences, redacted
while the game went on, and the seed only once the game is over (``records.header``'s rule).
``seat_numbers`` are public by contract, so every viewer gets the same table and charts.

Charts are SVGs (``replays.diary_charts``), one per number that changes over the game, each seat's
line in its colour on the final board (``replays.seat_colours``); a number that never changes is one
sentence instead. They are written into ``images_dir`` and linked by
relative paths, or, without ``images_dir``, embedded as ``data:`` URIs.

The notes the viewer may see are listed under their events (``replays.diary_notes``), and a
"Bookmarks" section links each bookmark to an ``<a id="step-N">`` anchor on its event's line.

What a player typed (seat names, in headings, lists, the table, sentences, the outcome, notes and
bookmarks) is written as literal text that cannot change the document's structure
(``escape_markdown``), and the board is a code block whose fence no line of it can close.

The embedded diary (what the API serves) is cached per game, version, chain head, viewer and the
notes the viewer sees, in a bounded, thread-safe LRU: asking again for a game that has not moved
costs a dictionary look-up.
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import threading
import uuid
from typing import Any

from cachetools import LRUCache

from domain.engine.errors import UnknownSeat
from domain.engine.seating import seat_label
from domain.games.table_kit.reading.kit import content_hash
from domain.keeping.access import OWNER
from domain.keeping.notes import Note
from domain.keeping.service import GameService, Viewer
from domain.thinking.review import Review
from replays import records
from replays.course import Course, Group, course
from replays.cursor import Cursor
from replays.diary_charts import (
    ChartFiles,
    ChartPlace,
    EmbeddedCharts,
    Series,
    chart_svg,
    constant_sentence,
    number_text,
)
from replays.diary_notes import bookmark_links, by_event, note_items
from replays.markdown import code_span, escape_markdown, fenced
from replays.review_diary import review_section
from replays.seat_colours import board_colours

_LONG_OPTION = 60
"""Options whose JSON is longer than this are named briefly among the facts and shown in full in the
diary's appendix, at its end, so its first screen is the game (a table kit's ``kit`` is a whole document)."""
APPENDIX = "Appendix: the options in full"
"""The heading of the diary's last section, which holds the long options' JSON (``replays.diary_html``
folds it away)."""


def viewer_label(viewer: Viewer, seats: list[str]) -> str:
    """Who the diary or page is for, in words."""
    if viewer == OWNER:
        return "the owner (everything)"
    if isinstance(viewer, int):
        return f"seat {viewer} ({seats[viewer - 1]}): only what that seat could see"
    return "a spectator: only what everyone could see"


def check_viewer(viewer: Viewer, seats: list[str]) -> None:
    """``UnknownSeat`` for a seat number the game does not have."""
    if isinstance(viewer, int) and not 1 <= viewer <= len(seats):
        listing = ", ".join(f"{n} {name}" for n, name in enumerate(seats, 1))
        raise UnknownSeat(f"no seat {viewer} in this game; seats: {listing}")


def outcome_text(outcome: dict[str, Any] | None, seats: list[str], to_act: list[int], roles: dict[int, str] | None = None) -> str:
    """The outcome in one sentence: who won and why (or who led when the game stopped at its limit), then each
    seat's score where the ending counted them; or that the game goes on and whom it waits for (named with the
    seats' roles, ``Ruleset.seat_roles``)."""
    if outcome is None:
        waiting = ", ".join(seat_label(seats, s, roles) for s in to_act) or "nobody"
        return f"Still being played: waiting for {waiting}."
    if outcome.get("scores") is not None:  # the result counted: each seat's score after the sentence
        scored = ", ".join(f"{seats[n]} {score:g}" for n, score in enumerate(outcome["scores"]))
        return f"{outcome_text({**outcome, 'scores': None}, seats, to_act, roles)} Scores: {scored}."
    winners = [seats[s - 1] for s in outcome["winners"]]
    named = ", ".join(winners[:-1]) + " and " + winners[-1] if len(winners) > 1 else "".join(winners)
    if outcome.get("ended_by") == "abort":  # no result (``domain.engine.early_endings``)
        return f"Aborted, with no result: {outcome['reason']}."
    if outcome.get("at_limit"):  # not a finished game: time ran out
        return f"Stopped at its limit, {named + ' ahead' if winners else 'level'}: {outcome['reason']}."
    if not winners:
        return f"A draw: {outcome['reason']}."
    return f"{named} won: {outcome['reason']}."


_CACHE: LRUCache[tuple[Any, ...], str] = LRUCache(maxsize=16_000_000, getsizeof=len)
"""Finished embedded diaries, at most about 16 million characters (16 MB) in all, the least
recently used dropped first (a diary larger than that is not kept)."""
_CACHE_LOCK = threading.Lock()


def to_markdown(
    service: GameService,
    game_id: uuid.UUID,
    viewer: Viewer = OWNER,
    images_dir: pathlib.Path | None = None,
    image_prefix: str = "",
    review: Review | None = None,
) -> str:
    """The game's design diary as Markdown, as ``viewer`` may see it; with its ``review``
    (``replays.reviews``) when given. Charts go to ``images_dir`` (linked as ``image_prefix`` + file
    name), or are embedded as data URIs when it is ``None``: that diary is cached until the game moves on
    (see the module's docstring)."""
    notes = records.notes(service, game_id, viewer)
    if images_dir is not None:
        return _diary(service, game_id, viewer, ChartFiles(images_dir, image_prefix), notes, review)[0]
    game = service.game(game_id)
    seen = hashlib.sha256(json.dumps([note.to_data() for note in notes], sort_keys=True).encode()).hexdigest()
    key = (game.id, game.version, game.chain, viewer, seen, None if review is None else (review.eye, review.budget))
    with _CACHE_LOCK:
        cached = _CACHE.get(key)
    if cached is not None:
        return cached
    text, events = _diary(service, game_id, viewer, EmbeddedCharts(), notes, review)
    if events == game.version:  # not a later version of the game, moved on while it was written
        with _CACHE_LOCK:
            try:
                _CACHE[key] = text
            except ValueError:  # larger than the whole cache
                pass
    return text


def _diary(service: GameService, game_id: uuid.UUID, viewer: Viewer, images: ChartPlace, notes: list[Note],
           review: Review | None = None) -> tuple[str, int]:
    """The diary, and the number of events it tells."""
    head = records.header(service, game_id, viewer)
    seats: list[str] = head["seats"]
    check_viewer(viewer, seats)
    cursor = Cursor(service, game_id, viewer)
    played = course(cursor)
    lines: list[str] = [f"# Design diary: {escape_markdown(head['title'])}, game {head['id'][:8]}", ""]
    lines += _facts(head, played, viewer)
    if notes:
        lines[-1:-1] = [f"- **Notes:** {len(notes)}, {sum(1 for note in notes if note.bookmark)} of them bookmarks"]
    lines += bookmark_links(notes, {event.number: event.sentence for group in played.groups for event in group.events})
    lines += ["", "## Outcome", "", escape_markdown(outcome_text(head["outcome"], seats, cursor.rules.to_act(played.final_state), cursor.rules.seat_roles(played.final_state)))]
    board = "The final board" if head["outcome"] is not None else "The board now"
    lines += ["", f"## {board}", "", *fenced(played.board, "text")]
    colours = board_colours(cursor.rules.picture(cursor.view_of(played.final_state, viewer), seats), len(seats))
    if review is not None:
        lines += ["", *review_section(review, seats, head["id"], images, colours)]
    lines += ["", "## Turn by turn" if played.by_turns else "## Command by command", ""]
    lines += _narrative(played, notes, seats)
    names = _number_names(played.groups)
    lines += ["## Key numbers", ""]
    if not names:
        lines.append("The ruleset charts no numbers for its seats.")
    else:
        lines += _table(played, names, seats)
        lines += ["", "## Charts", ""]
        lines += _charts(played, names, seats, head, images, colours)
    lines += _appendix(head["options"])
    return "\n".join(lines).rstrip("\n") + "\n", played.events


# -- sections ------------------------------------------------------------------------------------


def _facts(head: dict[str, Any], played: Course, viewer: Viewer) -> list[str]:
    seats: list[str] = head["seats"]
    over = head["outcome"] is not None
    listed = ", ".join(f"{n} {escape_markdown(name)}" for n, name in enumerate(seats, 1))
    options: dict[str, Any] = head["options"]
    long_options = _long_options(options)
    shown = [f"{code_span(key)}: {_brief(key, value)}" if key in long_options else f"{code_span(key)} = {code_span(json.dumps(value))}"
             for key, value in sorted(options.items())]
    if head.get("table"):
        seed = "none: its dice and draws were told by the people at the table"
    elif head["seed"] is not None:
        seed = f"{code_span(str(head['seed']))} (commitment {code_span(head['seed_commitment'])})"
    else:
        seed = f"secret until the game is over; its commitment is {code_span(head['seed_commitment'])}"
    turns = f"{played.last_turn} turns" if played.by_turns else f"{played.commands} commands"
    length = f"{played.events} events, {turns}"
    lines = [
        f"- **Ruleset:** {escape_markdown(head['title'])} ({code_span(head['ruleset'])}), rules v{head['ruleset_version']}",
        f"- **Seats:** {listed}",
        f"- **Options:** {', '.join(shown) or 'none'}",
        f"- **Played:** {'at a table, on paper (a table game)' if head.get('table') else 'in ludolog'}",
        f"- **Seed:** {seed}",
        f"- **Started:** {head['created']}",
        f"- **{'Ended' if over else 'Last event'}:** {head['updated']}",
        f"- **Length:** {length}{'' if over else ' so far'}",
        f"- **Game id:** {code_span(head['id'])}",
        f"- **Seen by:** {escape_markdown(viewer_label(viewer, seats))}",
    ]
    if head.get("fork"):
        fork = head["fork"]
        eye = "seeing everything" if fork["eye"] is None else f"as {escape_markdown(seats[fork['eye'] - 1])} saw it"
        lines.insert(-1, f"- **Forked from:** game {code_span(fork['game'])} after its step {fork['step']}, {eye}")
    return lines


def _long_options(options: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in options.items() if len(json.dumps(value)) > _LONG_OPTION}


def _brief(key: str, value: Any) -> str:
    """A long option in a few words, its whole JSON left to the appendix: a kit by its title, name and
    content hash (``Pig (pig, 1f3c0f8c07df…)``, as the game's first sentence names it), anything else by its size."""
    if key == "kit" and isinstance(value, dict) and isinstance(value.get("name"), str):
        digest = content_hash(value)
        title = value.get("title") if isinstance(value.get("title"), str) else value["name"]
        return f"{escape_markdown(title)} ({escape_markdown(value['name'])}, {digest[:12]}…), in full in the appendix"
    size = f"{len(value)} entries" if isinstance(value, (dict, list)) else f"{len(json.dumps(value))} characters"
    return f"{size}, in full in the appendix"


def _appendix(options: dict[str, Any]) -> list[str]:
    """The diary's last section: each long option's JSON, the reader's first screen left to the game."""
    long_options = _long_options(options)
    if not long_options:
        return []
    lines = ["", f"## {APPENDIX}", ""]
    for key in sorted(long_options):
        what = " (the kit document)" if key == "kit" else ""
        lines += [f"Option {code_span(key)}{what}:", "", *fenced(json.dumps(long_options[key], indent=2, sort_keys=True), "json"), ""]
    return lines


def _narrative(played: Course, notes: list[Note], seats: list[str]) -> list[str]:
    on = by_event(notes)
    lines: list[str] = []
    for group in played.groups:
        first, last = group.events[0].number, group.events[-1].number
        span = f"event {first}" if first == last else f"events {first}-{last}"
        lines += [f"### {escape_markdown(group.label)} ({span})", ""]
        for event in group.events:
            here = on.get(event.number, [])
            anchor = f'<a id="step-{event.number}"></a>' if any(note.bookmark for note in here) else ""
            lines.append(f"{event.number}. {anchor}{escape_markdown(event.sentence)}")
            lines += [line for note in here for line in note_items(note, seats, " " * len(f"{event.number}. "))]
        lines.append("")
    return lines


def _number_names(groups: list[Group]) -> list[str]:
    """Every number any seat has anywhere, in the order they first appear."""
    names: dict[str, None] = {}
    for group in groups:
        for numbers in group.numbers.values():
            names.update(dict.fromkeys(numbers))
    return list(names)


def _table(played: Course, names: list[str], seats: list[str]) -> list[str]:
    moment = "turn" if played.by_turns else "command"
    columns = [f"{escape_markdown(seats[seat - 1])}: {escape_markdown(name)}" for seat in range(1, len(seats) + 1) for name in names]
    lines = [
        f"Each seat's numbers at the end of each {moment} ({moment} 0: {'before the first turn' if played.by_turns else 'the setup'}).",
        "",
        f"| {moment} | " + " | ".join(columns) + " |",
        "|---:|" + "---:|" * len(columns),
    ]
    for group in played.groups:
        cells = [number_text(group.numbers.get(seat, {}).get(name)) for seat in range(1, len(seats) + 1) for name in names]
        lines.append(f"| {group.x} | " + " | ".join(cells) + " |")
    return lines


def _charts(played: Course, names: list[str], seats: list[str], head: dict[str, Any], images: ChartPlace,
            colours: list[str]) -> list[str]:
    """A chart per number that changes, a sentence per number that does not, in the table's order; each
    seat's line in its colour on the board (``colours``)."""
    moment = "turn" if played.by_turns else "command"
    lines: list[str] = []
    for name in names:
        series = [
            Series(seat, name, [(group.x, group.numbers.get(seat, {}).get(name)) for group in played.groups])
            for seat in range(1, len(seats) + 1)
        ]
        if all(s.constant for s in series):
            lines += [escape_markdown(constant_sentence(name, series, seats)), ""]
            continue
        svg = chart_svg(f"{name} by {moment}: {head['title']}", moment, name, series, seats, colours)
        alt = escape_markdown(f"{name} of each seat by {moment}")
        lines += [f"![{alt}]({images.target(head['id'], name, svg)})", ""]
    return lines
