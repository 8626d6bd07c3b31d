"""Seats: the rule every new game's seat names follow, and how a seat is named in messages.

A seat name is what a player typed at the table. It must be something a person can read and tell
apart from the other names and from a seat number, because names address seats (``--seat Ben``)
and appear in every log, board, diary and export:

- 1 to ``MAX_NAME_LENGTH`` characters, not blank, no space at either end;
- no control or formatting characters (``NUL``, terminal escapes such as ``\\x1b[31m``, line breaks,
  bidirectional overrides such as ``U+202E``, zero-width characters), save the zero-width joiner
  that emoji sequences are made of;
- not only digits (``"2"`` would be read as seat 2);
- different from every other seat's name, ignoring case and compatibility forms (``A`` and ``a``).

The rule applies to new games, from the CLI and the API alike; games already stored keep their names.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence

from domain.errors import InvalidSetup

MAX_NAME_LENGTH = 40

ALLOWED_FORMAT = {"\u200d"}  # the zero-width joiner inside emoji sequences
REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
"""Control, format, surrogate, private-use and unassigned characters, and line/paragraph separators."""


def check_seat_names(names: Sequence[str]) -> None:
    """``InvalidSetup`` naming the first seat name that breaks the rule (see the module's docstring)."""
    seen: dict[str, int] = {}
    for number, name in enumerate(names, 1):
        problem = name_problem(name)
        if problem is not None:
            raise InvalidSetup(f"seat {number}'s name {printable(name)} {problem}")
        key = unicodedata.normalize("NFKC", name).casefold()
        if key in seen:
            other = seen[key]
            raise InvalidSetup(
                f"seats {other} and {number} are both named {printable(name)}: names must differ in more than case"
            )
        seen[key] = number


def name_problem(name: str) -> str | None:
    """What is wrong with one seat name, in words, or ``None``."""
    if not isinstance(name, str):
        return "is not text"
    if not name.strip():
        return "is blank"
    if len(name) > MAX_NAME_LENGTH:
        return f"is {len(name)} characters long; at most {MAX_NAME_LENGTH}"
    for char in name:
        if char not in ALLOWED_FORMAT and unicodedata.category(char) in REFUSED_CATEGORIES:
            return f"holds the control character U+{ord(char):04X}; names are plain text"
    if name != name.strip():
        return "starts or ends with a space"
    if name.isnumeric():
        return "is only digits, which would read as a seat number"
    return None


def printable(name: str) -> str:
    """A name quoted for a message, every control character shown as an escape (never acted on)."""
    return ascii(name) if any(unicodedata.category(c) in REFUSED_CATEGORIES for c in name) else repr(name)


def seat_label(seats: Sequence[str], seat: int, roles: Mapping[int, str] | None = None) -> str:
    """A seat for people: ``Ben (seat 2)``, or ``Ben (seat 2, Player 1)`` where the ruleset gives
    the seat a role of its own (``Ruleset.seat_roles``)."""
    role = (roles or {}).get(seat)
    return f"{seats[seat - 1]} (seat {seat}{', ' + role if role else ''})"
