"""A kit's rules' mistakes as ``kit_compile`` finds them: each a ``RuleMistake`` at its place in the document,
raised at the first, or every one kept (``kept``: each action, ending, rule and step compiled on its own, so
that ``kit check`` tells them all in one run); and what each kind of step reads (``READS``), so that a keyword
given a step that would not read it is refused rather than doing nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Path_ = tuple[str | int, ...]

READS = {"roll": ("seat",), "set": ("to", "seat", "key"), "add": ("value", "seat", "key"), "place": ("seat",), "move": (), "capture": (),
         "draw": ("count",), "deal": ("count",), "play": ("to", "face", "under"), "discard": ("to", "face", "under"),
         "give": ("seat",), "reveal": (), "shuffle": (), "gather": ("to", "put"), "flip": ("to",), "take": ("from",), "pass": (),
         "ask": (), "phase": (), "do": (), "end": (), "if": ("then", "else"), "repeat": ("until",)}
"""What each kind of step reads besides its own keyword: any other keyword given it would do nothing, and is refused
(``knowingly``, read by the secrets trace, may mark any step)."""


class RuleMistake(ValueError):
    """A mistake in a kit's rules, at ``path`` in its document."""

    def __init__(self, path: Path_, message: str) -> None:
        super().__init__(message)
        self.path, self.message = path, message


def kept(mistakes: list[RuleMistake] | None, make: Callable[[], Any], instead: Any = None) -> Any:
    """What ``make`` compiles; when a kit's every mistake is gathered (``mistakes``), a ``RuleMistake`` is kept
    there and ``instead`` stands for the part that failed, so that the parts after it are compiled too."""
    if mistakes is None:
        return make()
    try:
        return make()
    except RuleMistake as mistake:
        mistakes.append(mistake)
        return instead
