"""Comparing values as CEL tells them apart, for the tests of the compiled expressions against the binding."""

from __future__ import annotations

import math
from typing import Any


def same(found: Any, expected: Any) -> bool:
    """Equal values of the same types all through (``True`` is not ``1``, nor ``1`` ``1.0``)."""
    if type(found) is not type(expected):
        return False
    if isinstance(found, list):
        return len(found) == len(expected) and all(same(a, b) for a, b in zip(found, expected))
    if isinstance(found, dict):
        return found.keys() == expected.keys() and all(same(found[key], expected[key]) for key in found)
    if isinstance(found, float) and math.isnan(found):
        return math.isnan(expected)
    return bool(found == expected)
