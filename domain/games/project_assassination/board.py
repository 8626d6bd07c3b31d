"""The 7x7 board: square names, lines of fire, and the layout of special squares.

Squares are named like a chess board: files ``a``-``g`` left to right, ranks ``1``-``7`` from Player
1's side up to Player 2's. The default layout is the data file ``layout.json`` beside this module; a
teacher may give their own in the same shape as the game option ``layout``. ``parse_layout`` checks
a layout against the text's constraints and says exactly what is wrong.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from domain.engine.errors import InvalidSetup
from domain.games.project_assassination.cards import ENEMY_CARDS, PRESET_COUNTS

FILES = "abcdefg"
RANKS = "1234567"
SIZE = 7
SQUARES: tuple[str, ...] = tuple(f + r for r in RANKS for f in FILES)
DIRECTIONS: dict[str, tuple[int, int]] = {"north": (0, 1), "east": (1, 0), "south": (0, -1), "west": (-1, 0)}
SQUARE_PATTERN = "^[a-g][1-7]$"


def coords(square: str) -> tuple[int, int]:
    return FILES.index(square[0]), RANKS.index(square[1])


def name(file: int, rank: int) -> str | None:
    """The square at the coordinates, or ``None`` off the board."""
    return FILES[file] + RANKS[rank] if 0 <= file < SIZE and 0 <= rank < SIZE else None


@functools.cache
def neighbours(square: str) -> tuple[str, ...]:
    """Orthogonal neighbours, north, east, south, west (no diagonal movement whatsoever)."""
    file, rank = coords(square)
    found = (name(file + df, rank + dr) for df, dr in DIRECTIONS.values())
    return tuple(s for s in found if s is not None)


@functools.cache
def ray(square: str, direction: str) -> tuple[str, ...]:
    """The squares in a straight line from ``square`` (not included) to the board's edge."""
    df, dr = DIRECTIONS[direction]
    file, rank = coords(square)
    result: list[str] = []
    while True:
        file, rank = file + df, rank + dr
        step = name(file, rank)
        if step is None:
            return tuple(result)
        result.append(step)


def block(corner: str) -> list[str]:
    """The 2x2 area whose lower-left square is ``corner`` (a grenade's blast); empty when it does not fit."""
    file, rank = coords(corner)
    squares = [name(file + df, rank + dr) for dr in (0, 1) for df in (0, 1)]
    return [s for s in squares if s is not None] if all(squares) else []


def around(square: str) -> list[str]:
    """The 3x3 area centred on ``square`` (a medic's reach), clipped to the board."""
    file, rank = coords(square)
    found = (name(file + df, rank + dr) for dr in (-1, 0, 1) for df in (-1, 0, 1))
    return [s for s in found if s is not None]


@dataclass(frozen=True)
class Board:
    """A checked layout, with the restrictions the text implies folded in."""

    spawns: dict[int, str]
    rendezvous: dict[int, str]
    tunnel_exit: dict[str, str]
    heal_points: frozenset[str]
    no_enemy: frozenset[str]
    """Red skull squares, plus spawn points, rendezvous points and tunnels, which enemies may never take."""
    no_obstacle: frozenset[str]
    """Crossed obstacle squares, plus rendezvous, spawn and heal points (the text) and tunnels."""
    preset: dict[str, tuple[str, ...]]

    def special(self, square: str) -> str | None:
        """What the square is, for boards and messages."""
        for player, spawn in self.spawns.items():
            if square == spawn:
                return f"spawn {player}"
        for player, point in self.rendezvous.items():
            if square == point:
                return f"rendezvous {player}"
        if square in self.tunnel_exit:
            return "tunnel"
        if square in self.heal_points:
            return "heal"
        return None


_SQUARE: dict[str, Any] = {"type": "string", "pattern": SQUARE_PATTERN}
_SQUARES: dict[str, Any] = {"type": "array", "items": _SQUARE}
_PER_PLAYER: dict[str, Any] = {
    "type": "object",
    "required": ["1", "2"],
    "additionalProperties": False,
    "properties": {"1": _SQUARE, "2": _SQUARE},
}
LAYOUT_SCHEMA: dict[str, Any] = {
    "type": ["object", "null"],
    "default": None,
    "description": "a board layout in the shape of layout.json (spawns, rendezvous, tunnels, heal_points, "
    "no_enemy, no_obstacle, preset); null for the default board",
    "required": ["spawns", "rendezvous", "tunnels", "heal_points", "preset"],
    "properties": {
        "about": {"type": "string"},
        "spawns": _PER_PLAYER,
        "rendezvous": _PER_PLAYER,
        "tunnels": {"type": "array", "items": {"type": "array", "items": _SQUARE, "minItems": 2, "maxItems": 2}},
        "heal_points": _SQUARES,
        "no_enemy": _SQUARES,
        "no_obstacle": _SQUARES,
        "preset": {
            "type": "object",
            "required": sorted(PRESET_COUNTS),
            "additionalProperties": False,
            "properties": {card: _SQUARES for card in sorted(PRESET_COUNTS)},
        },
    },
    "additionalProperties": False,
}


def default_layout() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("layout.json").read_text(encoding="utf-8")
    layout: dict[str, Any] = json.loads(text)
    return layout


def canonical(layout: dict[str, Any]) -> str:
    """The layout as canonical JSON text: how the state holds it, and the key of the parse cache."""
    return json.dumps(layout, sort_keys=True, separators=(",", ":"))


@functools.lru_cache(maxsize=64)
def board_of(layout_json: str) -> Board:
    """The board of a layout in canonical JSON (parsed once per process)."""
    return parse_layout(json.loads(layout_json))


def parse_layout(layout: dict[str, Any]) -> Board:
    """Check a layout (already of the schema's shape) against the text; ``InvalidSetup`` saying what breaks."""
    problems: list[str] = []
    used: dict[str, str] = {}

    def claim(square: str, what: str) -> None:
        if square in used:
            problems.append(f"{square} cannot be both {used[square]} and {what}")
        else:
            used[square] = what

    spawns = {int(p): s for p, s in layout["spawns"].items()}
    rendezvous = {int(p): s for p, s in layout["rendezvous"].items()}
    for player, square in spawns.items():
        claim(square, f"spawn point {player}")
    for player, square in rendezvous.items():
        claim(square, f"rendezvous point {player}")
    tunnel_exit: dict[str, str] = {}
    for entry, exit_ in layout["tunnels"]:
        claim(entry, "a tunnel")
        claim(exit_, "a tunnel")
        tunnel_exit[entry], tunnel_exit[exit_] = exit_, entry
    for square in layout["heal_points"]:
        claim(square, "a heal point")
    for card, count in PRESET_COUNTS.items():
        squares = layout["preset"][card]
        if len(squares) != count:
            problems.append(f"preset {card} needs exactly {count} square{'s' if count > 1 else ''}, not {len(squares)}")
        for square in squares:
            claim(square, f"a preset {card}")
    no_enemy = frozenset(layout.get("no_enemy", [])) | set(spawns.values()) | set(rendezvous.values()) | set(tunnel_exit)
    no_obstacle = (
        frozenset(layout.get("no_obstacle", []))
        | set(spawns.values())
        | set(rendezvous.values())
        | set(layout["heal_points"])
        | set(tunnel_exit)
    )
    for square in layout["preset"]["grunt"]:
        if square in no_enemy:
            problems.append(f"preset grunt on {square}: enemies may not be placed there")
        reach = ENEMY_CARDS["grunt"].range
        for player, spawn in spawns.items():
            file, rank = coords(square)
            sfile, srank = coords(spawn)
            if (file == sfile and abs(rank - srank) <= reach) or (rank == srank and abs(file - sfile) <= reach):
                problems.append(f"preset grunt on {square} would have spawn point {player} in its range")
    for square in layout["preset"]["obstacle"]:
        if square in no_obstacle:
            problems.append(f"preset obstacle on {square}: obstacles may not be placed there")
    for player, spawn in spawns.items():
        if all(n in layout["preset"]["obstacle"] for n in neighbours(spawn)):
            problems.append(f"spawn point {player} on {spawn} is walled in by obstacles")
    if problems:
        raise InvalidSetup("bad layout: " + "; ".join(problems))
    return Board(
        spawns=spawns,
        rendezvous=rendezvous,
        tunnel_exit=tunnel_exit,
        heal_points=frozenset(layout["heal_points"]),
        no_enemy=no_enemy,
        no_obstacle=no_obstacle,
        preset={card: tuple(squares) for card, squares in layout["preset"].items()},
    )
