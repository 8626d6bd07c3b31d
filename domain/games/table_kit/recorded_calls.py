"""What an expression's value depends on, remembered so CEL need not be asked again: the values of the names it
read, and, in order, each call it made to the kit's functions with that call's answer.

CEL has no input but the names an expression is given and what the functions it calls answer, and the same
inputs take the same path through an expression. So a value remembered with its names' values and its calls
holds again wherever those names have the same values and the calls, made again in Python, answer the same (a
dictionary lookup each, where a call from CEL into Python converts every argument and answer, and a space's name
or a card costs a microsecond to convert). ``kit_sieve`` remembers each candidate of a choice's ``where`` so. (Every
other expression remembered so was measured slower: its names' values change with every table, and making their
key costs what CEL does.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Call = tuple[str, tuple[Any, ...], Any]
"""A call an expression made: the function's name, its arguments and its answer."""
Record = tuple[tuple[Call, ...], Any]
"""An expression's calls, in order, and its value."""
KEPT_A_KEY = 4
"""The most records kept for the same names' values (one for each way the table the calls read stood)."""
MOST_KEPT = 50_000
"""The most keys one condition remembers before it forgets them all and starts again."""
NONE = object()
"""What ``replayed`` answers when no record's calls answer the same now."""


def names_key(values: Any) -> tuple[Any, ...]:
    """The values of the names an expression read, as a key (each with its type: CEL tells ``1`` from ``true``)."""
    return tuple((type(value), frozen(value)) for value in values)


def frozen(value: Any) -> Any:
    """A value as a key: a map or list made a tuple, each item with its type."""
    if isinstance(value, dict):
        return tuple(sorted((str(key), type(item), frozen(item)) for key, item in value.items()))
    if isinstance(value, list):
        return tuple((type(item), frozen(item)) for item in value)
    return value


def recording(name: str, function: Callable[..., Any], into: list[list[Call]]) -> Callable[..., Any]:
    """``function`` as an expression calls it, each call and its answer added to the list ``into[0]`` (which a
    filter replaces for each candidate it tries)."""
    def call(*args: Any) -> Any:
        answer = function(*args)
        into[0].append((name, args, answer))
        return answer
    return call


def remember(memo: dict[Any, list[Record]], key: Any, record: Record) -> None:
    """Keep ``record`` first among the key's records (a few kept; the whole memo forgotten once it grows too big)."""
    if len(memo) > MOST_KEPT:
        memo.clear()
    memo[key] = [record, *memo.get(key, ())][:KEPT_A_KEY]


def replayed(records: list[Record], functions: dict[str, Callable[..., Any]]) -> Any:
    """The value of the first record whose calls all answer the same now; ``NONE`` if none's do."""
    for calls, value in records:
        for name, args, was in calls:
            try:
                now = functions[name](*args)
            except Exception:  # noqa: BLE001 -- a call that fails now: CEL is asked, and says why
                break
            if not same(now, was):
                break
        else:
            return value
    return NONE


def same(now: Any, was: Any) -> bool:
    """Whether a function answered the same, of the same types all through."""
    if type(now) is not type(was):
        return False
    if isinstance(now, list):
        return len(now) == len(was) and all(same(a, b) for a, b in zip(now, was))
    if isinstance(now, dict):
        return now.keys() == was.keys() and all(same(now[key], was[key]) for key in now)
    return bool(now == was)
