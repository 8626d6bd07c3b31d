"""The board: a closed loop of spaces (start, level 1–3 mission and police spaces), from
``layout.json`` or a teacher's own layout (the option ``layout``), checked before a game begins.

Spaces are numbered clockwise from 0. Seats take the start spaces in order: seat 1 the first.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from domain.engine.errors import InvalidSetup

KINDS = ("start", "L1", "L2", "L3", "police")
MISSION_LEVEL = {"L1": 1, "L2": 2, "L3": 3}
MIN_SPACES, MAX_SPACES = 8, 80

LAYOUT_SCHEMA: dict[str, Any] = {
    "type": ["object", "null"],
    "default": None,
    "description": "a board in the shape of layout.json: 'spaces', the loop's spaces clockwise, each one of "
    "start, L1, L2, L3, police (8 to 80, a start space for every seat, at least one mission space); "
    "null for the default 28-space board",
    "required": ["spaces"],
    "properties": {
        "about": {"type": "string", "maxLength": 2000},
        "spaces": {"type": "array", "items": {"enum": list(KINDS)}, "minItems": MIN_SPACES, "maxItems": MAX_SPACES},
    },
    "additionalProperties": False,
}


@functools.cache
def default_layout() -> dict[str, Any]:
    layout: dict[str, Any] = json.loads(resources.files(__package__).joinpath("layout.json").read_text(encoding="utf-8"))
    return layout


def check_layout(layout: dict[str, Any], seat_count: int | None = None) -> list[str]:
    """The loop's spaces once the layout (already of the schema's shape) is checked against the text;
    ``InvalidSetup`` naming every problem otherwise."""
    spaces = list(layout["spaces"])
    problems = []
    starts = spaces.count("start")
    if seat_count is not None and starts < seat_count:
        problems.append(f"{starts} start spaces for {seat_count} players: each piece needs a start space")
    elif starts < 3:
        problems.append(f"{starts} start spaces: a game has at least 3 players, each needs a start space")
    if not any(kind in MISSION_LEVEL for kind in spaces):
        problems.append("no mission space (L1, L2 or L3): nobody could ever earn money")
    if problems:
        raise InvalidSetup("bad layout: " + "; ".join(problems))
    return spaces


def start_spaces(spaces: list[str], seat_count: int) -> list[int]:
    """Each seat's start space, seat 1 first."""
    return [index for index, kind in enumerate(spaces) if kind == "start"][:seat_count]


def step(space: int, count: int, direction: str, size: int) -> int:
    """The space ``count`` steps clockwise (``cw``) or counterclockwise (``ccw``) from ``space``."""
    return (space + (count if direction == "cw" else -count)) % size


def ring(size: int) -> list[tuple[int, int]]:
    """Where each space of a loop of ``size`` goes on a rectangle drawn in a terminal, as (row, column):
    clockwise along the top from the top-left corner, down the right, back along the bottom, up the left."""
    width = (size + 3) // 4 + 1
    left = (size - 2 * width) // 2
    right = size - 2 * width - left
    height = max(left, right) + 2
    cells = [(0, column) for column in range(width)]
    cells += [(row, width - 1) for row in range(1, right + 1)]
    cells += [(height - 1, column) for column in range(width - 1, -1, -1)]
    cells += [(row, 0) for row in range(left, 0, -1)]
    return cells[:size]


def describe_layout(spaces: list[str]) -> str:
    """``28 spaces: 4 start, 8 L1, 4 L2, 4 L3, 8 police``."""
    counts = ", ".join(f"{spaces.count(kind)} {kind}" for kind in KINDS if kind in spaces)
    return f"{len(spaces)} spaces: {counts}"
