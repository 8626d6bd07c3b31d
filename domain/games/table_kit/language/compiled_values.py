"""CEL's operators and functions on Python values, as the binding (``common-expression-language``) works them out,
for the closures ``compiled_expressions`` makes; each raises ``Unsure`` wherever the binding would fail, or
might answer otherwise (the caller then asks CEL, which gives the value or its own error).

The values are CEL's as Python holds them: ``None``, bool, int (64 bits), float, str, list (a tuple read as
one), and dict (keys int or str). CEL tells a bool from an int (``true == 1`` is false, ``true + 1`` fails), an
int from a double in arithmetic (``1 + 1.0`` fails) but not in comparisons (``1 == 1.0``, the int made a
double), divides ints toward zero (``-7 / 2 == -3``, ``-7 % 2 == -1``) and fails past 64 bits. The binding walks a
map's keys in an order of its own, changing from one evaluation to the next; the closures walk them in the map's
own order (``compiled_macros``).
"""

from __future__ import annotations

import math
import re
from typing import Any

LEAST, MOST = -(2**63), 2**63 - 1
LISTS = (list, tuple)
SCALARS = (str, bool, float, type(None))
"""The types handed back as they are (an int is, too, within 64 bits)."""
INT_TEXT = re.compile(r"[+-]?[0-9]+")
DOUBLE_TEXT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


class Unsure(Exception):
    """The closure cannot say what CEL would: CEL is asked."""


def within(number: int) -> int:
    """An int within 64 bits, as it is (``Unsure`` past them: CEL fails)."""
    if LEAST <= number <= MOST:
        return number
    raise Unsure


def exported(value: Any) -> Any:
    """A value as CEL hands it back: lists and maps made anew (a tuple a list), every entry checked."""
    kind = type(value)
    if kind in SCALARS:
        return value
    if kind is int:
        return within(value)
    if kind in LISTS:
        return [exported(item) for item in value]
    if kind is dict:
        return {_key(key): exported(item) for key, item in value.items()}
    raise Unsure


def checked(value: Any) -> Any:
    """A kit's function's answer, as it is, once every entry is known to be a CEL value CEL would keep as it is."""
    kind = type(value)
    if kind is str or kind in SCALARS:
        return value
    if kind is int:
        return within(value)
    if kind in LISTS:
        for item in value:
            kind = type(item)
            if kind is not str and (kind is not int or not LEAST <= item <= MOST):  # a text or an int: as it is
                checked(item)
        return value
    if kind is dict:
        for key, item in value.items():
            _key(key)
            checked(item)
        return value
    raise Unsure


def _key(key: Any) -> Any:
    kind = type(key)
    if kind is str:
        return key
    if kind is int:
        return within(key)
    raise Unsure  # a bool key: the binding makes one of a map it is given an int


def equal(left: Any, right: Any) -> bool:
    """CEL's ``==``: values of different kinds are unequal (an int and a double compared as doubles)."""
    kind, other = type(left), type(right)
    if kind is other:
        if kind in SCALARS or kind is int:
            return bool(left == right)
        if kind is dict:
            return _maps_equal(left, right)
    if kind in LISTS and other in LISTS:
        return len(left) == len(right) and all(equal(a, b) for a, b in zip(left, right))
    if kind in (int, float) and other in (int, float):
        return float(left) == float(right)
    if (kind in SCALARS or kind in (int, dict) or kind in LISTS) and (other in SCALARS or other in (int, dict) or other in LISTS):
        return False
    raise Unsure


def _maps_equal(left: dict[Any, Any], right: dict[Any, Any]) -> bool:
    for key in (*left, *right):
        _key(key)
    return left.keys() == right.keys() and all(equal(item, right[key]) for key, item in left.items())


def less(left: Any, right: Any) -> bool:
    """CEL's ``<`` (an int and a double compared as doubles; no order with a NaN)."""
    kind, other = type(left), type(right)
    if kind is other and kind in (int, str, bool):
        return bool(left < right)
    if kind in (int, float) and other in (int, float):
        left, right = float(left), float(right)
        if math.isnan(left) or math.isnan(right):
            raise Unsure
        return left < right
    raise Unsure


def contained(item: Any, within_: Any) -> bool:
    """CEL's ``in``: an equal entry of a list, or a key of a map."""
    kind, into = type(item), type(within_)
    if into in LISTS:
        if kind is str:
            return item in within_
        return any(equal(item, entry) for entry in within_)
    if into is dict and (kind is str or kind is int):
        return item in within_
    raise Unsure


def plus(left: Any, right: Any) -> Any:
    """CEL's ``+`` besides two ints: doubles, texts, lists."""
    kind = type(left)
    if kind is type(right) and kind in (float, str):
        return left + right
    if kind in LISTS and type(right) in LISTS:
        return [*left, *right]
    raise Unsure


def arithmetic(operator: str, left: Any, right: Any) -> Any:
    """CEL's ``-``, ``*``, ``/`` and ``%`` on two ints or (not ``%``) two doubles."""
    kind = type(left)
    if kind is not type(right):
        raise Unsure
    if kind is int:
        if operator == "-":
            return within(left - right)
        if operator == "*":
            return within(left * right)
        if right == 0:
            raise Unsure
        quotient = abs(left) // abs(right)
        if operator == "/":
            return within(quotient if (left < 0) == (right < 0) else -quotient)
        if left == LEAST and right == -1:
            raise Unsure  # the binding fails there
        rest = abs(left) % abs(right)
        return rest if left >= 0 else -rest
    if kind is float and operator != "%":
        if operator == "-":
            return left - right
        if operator == "*":
            return left * right
        return left / right  # ZeroDivisionError where CEL gives an infinity: CEL is asked
    raise Unsure


def size(value: Any) -> int:
    """``size``: a list's or a map's entries, an ASCII text's characters (the binding counts a text's bytes)."""
    kind = type(value)
    if kind in LISTS or kind is dict or (kind is str and value.isascii()):
        return len(value)
    raise Unsure


def to_int(value: Any) -> int:
    kind = type(value)
    if kind is int:
        return within(value)
    if kind is float and -(2.0**63) < value < 2.0**63:
        return int(value)
    if kind is str and INT_TEXT.fullmatch(value):
        return within(int(value))
    raise Unsure


def to_double(value: Any) -> float:
    kind = type(value)
    if kind is float:
        return value
    if kind is int:
        return float(within(value))
    if kind is str and DOUBLE_TEXT.fullmatch(value):
        return float(value)
    raise Unsure


def to_string(value: Any) -> str:
    kind = type(value)
    if kind is str:
        return value
    if kind is int:
        return str(within(value))
    raise Unsure  # a double: the binding writes it its own way


def text_test(name: str, text: Any, part: Any) -> bool:
    """``contains``, ``startsWith``, ``endsWith`` of a text."""
    if type(text) is not str or type(part) is not str:
        raise Unsure
    if name == "contains":
        return part in text
    return text.startswith(part) if name == "startsWith" else text.endswith(part)
