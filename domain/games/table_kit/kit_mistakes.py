"""How a kit's mistakes are told: a misspelt name with the nearest known one (``did_you_mean``), a long list of
names cut to its first few (``listed``) and a long message cut between words or list items, saying how many
were left out (``shortened``). Shared by every stage of checking a kit (``checks``, ``kit_compile``,
``expressions``, ``loading``)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

CLOSE = 0.6
"""How alike a misspelt name and a known one must be (``difflib``'s ratio, 0 to 1) to suggest the known one."""
MOST_NAMED = 12
"""The most names a mistake lists before saying how many more there are."""
LONGEST = 200
"""The most characters a mistake's message holds when told; a longer one is cut between words."""


def did_you_mean(name: object, known: Iterable[object]) -> str:
    """``' (did you mean "X"?)'`` for the known name nearest to ``name``; empty when none is near enough (or
    ``name`` is itself known)."""
    given, names = str(name), [str(each) for each in known]
    if given in names:
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
    """The message, or, when longer than ``most`` characters, its start cut after a whole list item (``, ``) or
    word, saying how many items or words were left out; never inside a word."""
    if len(message) <= most:
        return message
    head = message[:most + 1]
    comma = head.rfind(", ")
    if comma > most // 2:
        rest = message[comma + 2:]
        return f"{message[:comma]} ... and {len(rest.split(', '))} more"
    space = head.rfind(" ")
    if space <= 0:
        return f"{message[:most]} ... ({len(message) - most:,} more characters)"
    rest = message[space + 1:]
    return f"{message[:space]} ... and {len(rest.split())} more words"
