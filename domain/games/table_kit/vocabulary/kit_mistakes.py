"""How a kit's mistakes are told: a misspelt name with the nearest known one (``did_you_mean``), a long list of
names cut to its first few (``listed``) and a long message cut between words or list items, saying how many
were left out (``shortened``). Shared by every stage of checking a kit (``checks``, ``kit_compile``,
``expressions``, ``loading``)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

CLOSE = 0.7
"""How alike a misspelt name and a known one must be (``difflib``'s ratio, 0 to 1) to suggest the known one."""
SHORTEST = 3
"""The shortest misspelt name a known one is suggested for: two characters are too few to tell a slip of the pen."""
MOST_NAMED = 12
"""The most names a mistake lists before saying how many more there are."""
LONGEST = 200
"""The most characters a mistake's message holds when told; a longer one is cut between words."""


def did_you_mean(name: object, known: Iterable[object]) -> str:
    """``' (did you mean "X"?)'`` for the known name nearest to ``name``; empty when none is near enough (or
    ``name`` is itself known, or shorter than ``SHORTEST``)."""
    given, names = str(name), [str(each) for each in known]
    if given in names or len(given) < SHORTEST:
        return ""
    found = difflib.get_close_matches(given, names, n=1, cutoff=CLOSE)
    return f' (did you mean "{found[0]}"?)' if found else ""


def listed(names: Iterable[object], most: int = MOST_NAMED) -> str:
    """The names joined by commas, the first ``most`` of them and how many more (``a, b, c and 9 more``)."""
    every = [str(name) for name in names]
    if len(every) <= most:
        return ", ".join(every)
    return f"{', '.join(every[:most])} and {len(every) - most} more"


def shortened(message: str, most: int = LONGEST) -> str:
    """The message, or, when longer than ``most`` characters, its start and its end (where a message quoting a
    long value says what is wrong with it), each cut after a whole list item (``, ``) or word, never inside one,
    and how many items or words were left out between them: ``[1, 2, 3 ... (437 more) ... 9] is not a text``."""
    if len(message) <= most:
        return message
    head = _before(message, most * 3 // 5)
    tail = max(_after(message, len(message) - most * 3 // 10), head)
    middle = message[head:tail].strip(", ")
    if ", " in middle:
        left_out = f"{len(middle.split(', ')):,} more"
    elif " " in middle.strip():
        left_out = f"{len(middle.split()):,} more words"
    else:
        left_out = f"{len(middle):,} more characters"
    end = f" ... {message[tail:].lstrip(', ')}" if tail < len(message) else ""
    return f"{message[:head].rstrip(', ')} ... ({left_out}){end}"


def _before(text: str, at: int) -> int:
    """Where the start of ``text`` ends, at or before ``at``: at a list item's end, else a word's (inside one
    only where a word is longer than half the room)."""
    comma = text.rfind(", ", 0, at + 1)
    if comma > at // 2:
        return comma
    space = text.rfind(" ", 0, at + 1)
    return space if space > at // 2 else at


def _after(text: str, at: int) -> int:
    """Where the end of ``text`` begins, at or after ``at``: at a list item's start, else a word's."""
    room = len(text) - at
    comma = text.find(", ", at)
    if comma != -1 and comma - at < room // 2:
        return comma + 2
    space = text.find(" ", at)
    return space + 1 if space != -1 and space - at < room // 2 else at
