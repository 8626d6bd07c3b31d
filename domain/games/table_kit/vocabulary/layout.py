"""What a kit's parts are called: the kit format's schema, the names of the places every kit has (off the
board, each seat's hand), and the spaces a group of the kit's ``spaces`` lays out. Shared by the checks
(``checks``), the kit (``kit``) and what draws and tells the game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

SCHEMA: dict[str, Any] = json.loads((Path(__file__).parent / "kit.schema.json").read_text(encoding="utf-8"))
"""The kit format's JSON Schema (published as ``GET /kits/schema`` and in the README)."""
OFF = "off"
"""Where a piece is when it is on no space (off the board)."""
HAND = "hand"
"""The name of every seat's hand (``hand:1``, ``hand:2``, ...)."""
PHASE = ":phase"
"""Where a table keeps its turn's phase (``play.phases``), by index, among its counters; absent: the first."""
ASKER = ":asker"
"""Where a table keeps the seat whose turn it is while another answers out of turn (``AnswerAsked``)."""
SEALED = ":sealed:"
"""Where a table keeps each seat's secret choice in a turn taken together (``ChoiceSealed``), among its dice's
last rolls, by seat (``:sealed:2``) until the choices are revealed; never shown as a die."""

Path_ = tuple[str | int, ...]


def hand(seat: int) -> str:
    """A seat's hand, as commands name it."""
    return f"{HAND}:{seat}"


def space_name(value: Any) -> str:
    """A space as commands name it: a track's ``7`` is the text ``"7"``."""
    return str(value)


def group_spaces(group: dict[str, Any]) -> list[str]:
    """The spaces of one group of the kit's ``spaces``, in order."""
    kind = group.get("kind")
    if kind == "grid":
        return [f"{chr(ord('a') + column)}{row}" for row in range(1, group["rows"] + 1) for column in range(group["columns"])]
    if kind in ("track", "loop"):
        if "names" in group:
            return [space_name(name) for name in group["names"]]
        return [str(number) for number in range(1, group["count"] + 1)]
    if kind == "graph":
        return [space_name(name) for name in group["neighbours"]]
    return [space_name(group["name"])]
