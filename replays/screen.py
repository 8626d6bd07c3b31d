"""One replay screen as text, and what changed between two views of a game, in words.

Pure functions, no I/O: ``changes`` compares two JSON views (whatever a ruleset's ``view`` returns)
and says what differs as short lines such as ``players.1.hp: 10 -> 7`` or
``enemies: +1 (kind=heavy square=a4 hp=3 …)``; ``screen`` composes the board, the step, the event's
sentence, the notes on it (``replays.terminal_notes``) and those changes into what ``ludolog replay``
draws.

The diff knows nothing of any game. Paths join keys with dots and number list items from 1, like the
seats and slots the games themselves number. Lists of scalars are shown whole when short
(``to_act: [1] -> [2]``), else as what was added and removed (``deck_order.item: -1 (cover)``);
other lists are matched item by item, equal items skipped, so an enemy removed from the middle reads
``enemies: -1 (…)`` rather than every later enemy changing.
"""

from __future__ import annotations

import difflib
import json
from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from domain.engine.seating import seat_label
from domain.keeping.access import OWNER
from domain.keeping.notes import Note
from replays.terminal_notes import FLAG, bookmarks_line, note_line, plain

if TYPE_CHECKING:
    from replays.cursor import Cursor

MAX_LINES = 12
"""At most this many lines of changes; the last says how many more there were."""
VALUE_WIDTH = 40
"""A value longer than this is cut with an ellipsis."""
DATA_WIDTH = 160
"""An event's data is shown on one line of at most this many characters."""
WHOLE_LIST_WIDTH = 60
"""A list of scalars is shown whole, before and after, when both fit in this many characters."""
SUMMARY_FIELDS = 3
"""An object in a summary shows its first few scalar fields."""

KEY_HELP = "keys: → n space next  ← p back  g N go to  Home < first  End > last  /TEXT find  t next turn  q quit"
NOTE_KEY_HELP = "notes: ] [ next/previous note  } { next/previous bookmark  b NAME go to a bookmark"
"""The keys for notes, shown when the viewer may see any."""
RULE = "=" * 80
"""The line between screens when a replay is printed whole."""


def changes(before_view: dict[str, Any], after_view: dict[str, Any], limit: int = MAX_LINES) -> list[str]:
    """What changed from ``before_view`` to ``after_view``, one short line per change; at most
    ``limit`` lines, the last of them ``… and N more`` when there were more."""
    lines: list[str] = []
    _diff(before_view, after_view, "", lines)
    if len(lines) > limit:
        kept = max(limit - 1, 0)
        lines = [*lines[:kept], f"… and {len(lines) - kept} more"]
    return lines


def screen(cursor: Cursor, seat_names: Sequence[str], *, note: str = "", keys: bool = True,
           notes: Sequence[Note] = ()) -> str:
    """The cursor's step as one screen: a title, the board as the viewer saw it, ``step N of M``
    (with the turn when the ruleset counts turns, and the step's bookmarks), the event's time, seat
    and sentence, the ``notes`` on this step (of those given: the ones the viewer may see), the
    changes since the step before (none for step 1), an optional ``note`` about the last key and the
    key help, with the list of bookmarks (unless ``keys`` is false)."""
    step = cursor.step
    event = step.event
    roles = cursor.rules.seat_roles(step.state)
    lines = [
        f"{cursor.rules.title}  game {cursor.game_id}  replayed as {_viewer_label(cursor.viewer, seat_names, roles)}",
        cursor.render(),
        "",
    ]
    where = f"step {step.number} of {step.total}"
    if step.turn > 0:
        where += f"  turn {step.turn}"
    if step.over:
        where += "  (game over)"
    notes = [found for found in notes if found.seen_by(cursor.viewer)]
    here = [found for found in notes if found.at == step.number]
    where += "".join(f"  {FLAG} {plain(found.bookmark)}" for found in here if found.bookmark)
    lines.append(where)
    lines.append(f"#{event.number}  {_time(event.time)}  {_seat_label(event.seat, seat_names, roles)}")
    lines.append(f"  {event.sentence}")
    if event.data:
        lines.append(f"  data: {_data(event.data)}")
    lines.extend(f"  {note_line(found, seat_names)}" for found in here)
    if step.number > 1:
        before = cursor.view_of(cursor.state_at(step.number - 1), cursor.viewer)
        found = changes(before, step.view)
        if found:
            lines.append("changed:")
            lines.extend(f"  {line}" for line in found)
        else:
            lines.append("changed: nothing this viewer could see")
    if note:
        lines.append(note)
    if keys:
        lines.append(KEY_HELP)
        if notes:
            lines.append(NOTE_KEY_HELP)
            lines.extend(line for line in [bookmarks_line(notes)] if line)
    return "\n".join(lines)


# -- the diff ------------------------------------------------------------------------------------


def _diff(before: Any, after: Any, path: str, lines: list[str]) -> None:
    if before == after:
        return
    if isinstance(before, dict) and isinstance(after, dict):
        for key in [*before, *(key for key in after if key not in before)]:
            where = _join(path, str(key))
            if key not in after:
                lines.append(f"{where}: removed ({_short(before[key])})")
            elif key not in before:
                lines.append(f"{where}: added {_short(after[key])}")
            else:
                _diff(before[key], after[key], where, lines)
    elif isinstance(before, list) and isinstance(after, list):
        if all(_is_scalar(item) for item in [*before, *after]):
            _diff_scalar_lists(before, after, path, lines)
        else:
            _diff_lists(before, after, path, lines)
    else:
        lines.append(f"{path or 'view'}: {_short(before)} -> {_short(after)}")


def _diff_scalar_lists(before: list[Any], after: list[Any], path: str, lines: list[str]) -> None:
    whole = f"{_short(before)} -> {_short(after)}"
    if len(whole) <= WHOLE_LIST_WIDTH:
        lines.append(f"{path}: {whole}")
        return
    old, new = Counter(map(_key, before)), Counter(map(_key, after))
    more, fewer = new - old, old - new
    added = [item for item in after if _take(more, item)]
    removed = [item for item in before if _take(fewer, item)]
    if not added and not removed:
        lines.append(f"{path}: reordered ({len(after)} items)")
        return
    parts = []
    if added:
        parts.append(f"+{len(added)} ({_items(added)})")
    if removed:
        parts.append(f"-{len(removed)} ({_items(removed)})")
    lines.append(f"{path}: {' '.join(parts)}")


def _take(counts: Counter[str], item: Any) -> bool:
    """Whether ``item`` is still counted in ``counts``, counting it off."""
    key = _key(item)
    if counts[key] > 0:
        counts[key] -= 1
        return True
    return False


def _diff_lists(before: list[Any], after: list[Any], path: str, lines: list[str]) -> None:
    """Items matched in order, equal ones skipped; a changed item is diffed where it stands (numbered
    from 1 in the new list), items only in one list are summarised."""
    matcher = difflib.SequenceMatcher(None, [_key(i) for i in before], [_key(i) for i in after], autojunk=False)
    added: list[Any] = []
    removed: list[Any] = []
    for tag, b0, b1, a0, a1 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if b1 - b0 == a1 - a0:
            pairs = [(b0 + offset, a0 + offset) for offset in range(b1 - b0)]
        else:
            pairs = _pair(before, range(b0, b1), after, range(a0, a1))
        for b, a in pairs:
            _diff(before[b], after[a], _join(path, str(a + 1)), lines)
        removed.extend(before[b] for b in range(b0, b1) if b not in {b for b, _ in pairs})
        added.extend(after[a] for a in range(a0, a1) if a not in {a for _, a in pairs})
    if added:
        lines.append(f"{path}: +{len(added)} ({_items(added)})")
    if removed:
        lines.append(f"{path}: -{len(removed)} ({_items(removed)})")


def _pair(before: list[Any], olds: range, after: list[Any], news: range) -> list[tuple[int, int]]:
    """The old and new items that are most likely the same item changed, in order: the matching
    (an alignment, as in a diff) with the most equal fields between paired objects."""
    best = [[0] * (len(news) + 1) for _ in range(len(olds) + 1)]
    for i in range(len(olds) - 1, -1, -1):
        for j in range(len(news) - 1, -1, -1):
            score = _likeness(before[olds[i]], after[news[j]])
            paired = best[i + 1][j + 1] + score if score else 0
            best[i][j] = max(paired, best[i + 1][j], best[i][j + 1])
    pairs: list[tuple[int, int]] = []
    i = j = 0
    while i < len(olds) and j < len(news):
        score = _likeness(before[olds[i]], after[news[j]])
        if score and best[i][j] == best[i + 1][j + 1] + score:
            pairs.append((olds[i], news[j]))
            i, j = i + 1, j + 1
        elif best[i][j] == best[i + 1][j]:
            i += 1
        else:
            j += 1
    return pairs


def _likeness(old: Any, new: Any) -> int:
    """How many fields two objects share (0 for anything but two objects)."""
    if not isinstance(old, dict) or not isinstance(new, dict):
        return 0
    return sum(1 for key, value in old.items() if key in new and new[key] == value)


# -- words ---------------------------------------------------------------------------------------


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def _join(path: str, part: str) -> str:
    return f"{path}.{part}" if path else part


def _items(values: list[Any]) -> str:
    text = ", ".join(_short(value) for value in values)
    return text if len(text) <= 2 * VALUE_WIDTH else text[: 2 * VALUE_WIDTH - 1] + "…"


def _short(value: Any) -> str:
    """A value in a few words: scalars plainly, objects by their first scalar fields, lists whole
    when short."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _cut(value)
    if isinstance(value, dict):
        fields = [f"{key}={_short(item)}" for key, item in value.items() if _is_scalar(item)][:SUMMARY_FIELDS]
        if not fields:
            return _cut("{" + ", ".join(map(str, value)) + "}")
        return _cut("{" + " ".join(fields) + (" …" if len(value) > len(fields) else "") + "}")
    if isinstance(value, list):
        return _cut("[" + ", ".join(_short(item) for item in value) + "]")
    return _cut(str(value))


def _data(data: dict[str, Any]) -> str:
    """An event's data on one line: each field in a few words, the whole cut at ``DATA_WIDTH``."""
    text = " ".join(f"{key}={_short(value)}" for key, value in data.items())
    return text if len(text) <= DATA_WIDTH else text[: DATA_WIDTH - 1] + "…"


def _cut(text: str) -> str:
    return text if len(text) <= VALUE_WIDTH else text[: VALUE_WIDTH - 1] + "…"


def _time(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M:%S %Z").strip()


def _seat_label(seat: int | None, seat_names: Sequence[str], roles: dict[int, str]) -> str:
    if seat is None:
        return "(no seat)"
    if not 0 < seat <= len(seat_names):
        return f"? (seat {seat})"
    return seat_label(seat_names, seat, roles)


def _viewer_label(viewer: Any, seat_names: Sequence[str], roles: dict[int, str]) -> str:
    if viewer == OWNER:
        return "the owner (everything)"
    if isinstance(viewer, int):
        return _seat_label(viewer, seat_names, roles)
    return "a spectator"
