"""Seats: the rule every new game's seat names follow, and how a seat is named in messages.

A seat name is what a player typed at the table. It must be something a person can read and tell
apart from the other names and from a seat number, because names address seats (``--seat Ben``)
and appear in every log, board, diary and export:

- 1 to ``MAX_NAME_LENGTH`` characters, not blank, no space at either end;
- no control or formatting characters (``NUL``, terminal escapes such as ``\\x1b[31m``, line breaks,
  bidirectional overrides such as ``U+202E``, zero-width characters), save the zero-width joiner
  that emoji sequences are made of;
- no invisible letters that read as a blank (the Hangul fillers ``U+115F``, ``U+1160``, ``U+3164``,
  ``U+FFA0``, the blank Braille pattern ``U+2800``, ...);
- not only digits (``"2"`` would be read as seat 2);
- not a word that names someone else (``the owner``, ``a spectator``, ``seat 2`` or ``Player 2`` but in
  seat 2);
- different from every other seat's name, ignoring case and compatibility forms (``A`` and ``a``).

The rule applies to new games, from the CLI and the API alike, and to the seats of an imported game;
games already stored keep their names. The same rule but the last two (``name_problem``) holds for
every other name a person or a file brings: a designer's cards, characters, traits and squads.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence

from domain.engine.errors import InvalidSetup

MAX_NAME_LENGTH = 40
GAME_NAME_LENGTH = 80

ALLOWED_FORMAT = {"\u200d"}  # the zero-width joiner inside emoji sequences
REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
"""Control, format, surrogate, private-use and unassigned characters, and line/paragraph separators."""


INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u180e")
"""Letters and symbols that show as nothing at all: a name of them reads as a blank."""

ROLE_WORDS = re.compile(r"(?:(?:the|a|an)\s+)?(?:owner|spectator|everyone|nobody|(?:seat|player)\s*#?\s*(\d+))",
                        re.IGNORECASE)
"""Names that would read as someone other than a player: the game's owner, a spectator, another seat
(``seat 2``, ``Player 2``; a seat may be named after its own number: ``Seat 1`` or ``Player1`` in seat 1,
as programs name seats)."""


def check_seat_names(names: Sequence[str]) -> None:
    """``InvalidSetup`` naming the first seat name that breaks the rule (see the module's docstring)."""
    seen: dict[str, int] = {}
    for number, name in enumerate(names, 1):
        problem = name_problem(name) or role_problem(name, number)
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
    problem = text_problem(name, MAX_NAME_LENGTH)
    if problem is None and name.isnumeric():
        return "is only digits, which would read as a seat number"
    return problem


def check_game_name(name: str) -> str:
    """A game's name as its creator gave it, checked as a seat's name is (plain readable text, no space at
    either end) but for its length (``GAME_NAME_LENGTH``); raises ``InvalidSetup`` saying what is wrong."""
    problem = text_problem(name, GAME_NAME_LENGTH)
    if problem is not None:
        raise InvalidSetup(f"the game's name {printable(name) if isinstance(name, str) else repr(name)} {problem}")
    return name


def text_problem(name: str, limit: int) -> str | None:
    """What is wrong with a name a person typed (not text, blank, over ``limit`` characters, a control
    or invisible character, a space at either end), in words, or ``None``."""
    if not isinstance(name, str):
        return "is not text"
    if not name.strip():
        return "is blank"
    if len(name) > limit:
        return f"is {len(name)} characters long; at most {limit}"
    for char in name:
        if char not in ALLOWED_FORMAT and unicodedata.category(char) in REFUSED_CATEGORIES:
            return f"holds the control character U+{ord(char):04X}; names are plain text"
        if char in INVISIBLE:
            return f"holds U+{ord(char):04X}, which shows as nothing; names must be readable"
    if name != name.strip():
        return "starts or ends with a space"
    return None


def role_problem(name: str, number: int) -> str | None:
    """Whether seat ``number``'s name reads as someone else (the owner, a spectator, another seat), in words."""
    found = ROLE_WORDS.fullmatch(unicodedata.normalize("NFKC", name).strip())
    if found is None or (found.group(1) is not None and int(found.group(1)) == number):
        return None
    return "reads as someone other than this player (the owner, a spectator or another seat)"


def check_name(name: str, what: str) -> str | None:
    """What is wrong with a name a file brings (``what``: "card 'zap' name"), as one problem, or ``None``."""
    problem = name_problem(name)
    return None if problem is None else f"{what} {printable(name)} {problem}"


def printable(name: str) -> str:
    """A name quoted for a message, every control or invisible character shown as an escape (never acted on)."""
    return ascii(name) if any(unicodedata.category(c) in REFUSED_CATEGORIES or c in INVISIBLE for c in name) else repr(name)


def escape_char(char: str) -> str:
    """One character as its escape: ``\\x1b``, ``\\u202e``, ``\\U0001f600``."""
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def seat_label(seats: Sequence[str], seat: int, roles: Mapping[int, str] | None = None) -> str:
    """A seat for people: ``Ben (seat 2)``, or ``Ben (seat 2, Player 1)`` where the ruleset gives
    the seat a role of its own (``Ruleset.seat_roles``)."""
    role = (roles or {}).get(seat)
    return f"{seats[seat - 1]} (seat {seat}{', ' + role if role else ''})"
