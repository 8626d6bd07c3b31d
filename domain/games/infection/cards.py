"""The components of Infection: each player's ten action cards and the 25 tiles, with their names.

Every count is the text's: "Move & Pick-Up (4)", "Axe (2)", "Gun (1)", "Arrow (1)", "Grenade (1)",
"Steal (1 per player for the entire game)"; "10 tiles on the blue side (1 Cure, 4 Viruses, 2 Recovers,
1 Generosity, 1 Disarm, and 1 Contagion). Likewise for the red side. ... 5 tiles in the middle row (1
Cure, 2 Viruses, 1 Generosity, and 1 Contagion)."
"""

from __future__ import annotations

CARDS: tuple[str, ...] = ("move", "axe", "gun", "arrow", "grenade", "steal")
"""The action cards, in the order hands and menus list them."""

HAND: dict[str, int] = {"move": 4, "axe": 2, "gun": 1, "arrow": 1, "grenade": 1, "steal": 1}
"""Each player's ten cards."""

WEAPONS: tuple[str, ...] = ("axe", "gun", "arrow", "grenade")
"""The text's weapons ("a weapon card (i.e. Axe, Gun, Arrow, or Grenade)"); Steal is not one."""

DAMAGE: dict[str, int] = {"axe": 2, "gun": 1}
"""HP lost by the target: "Axe ... Target loses 2 HP", "Gun ... Target loses 1 HP"."""

TILES: tuple[str, ...] = ("cure", "virus", "recover", "generosity", "disarm", "contagion")

SIDE_TILES: dict[str, int] = {"cure": 1, "virus": 4, "recover": 2, "generosity": 1, "disarm": 1, "contagion": 1}
"""The ten tiles of the blue side, and again of the red side."""

MIDDLE_TILES: dict[str, int] = {"cure": 1, "virus": 2, "generosity": 1, "contagion": 1}
"""The five tiles of the middle row."""

REGION_TILES: dict[str, dict[str, int]] = {"blue": SIDE_TILES, "middle": MIDDLE_TILES, "red": SIDE_TILES}
"""The tiles laid face down in each region (``board.REGIONS``)."""

MAX_HP = 3
CURES_TO_WIN = 2

NAMES: dict[str, str] = {
    "move": "Move & Pick-up", "axe": "Axe", "gun": "Gun", "arrow": "Arrow", "grenade": "Grenade",
    "steal": "Steal", "cure": "Cure", "virus": "Virus", "recover": "Recover", "generosity": "Generosity",
    "disarm": "Disarm", "contagion": "Contagion",
}


def a_card(card: str) -> str:
    """``an Axe``, ``a Gun``: the name with its article, as players say it."""
    name = NAMES[card]
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


def tiles_of(counts: dict[str, int]) -> list[str]:
    """The tiles of a region before shuffling, in the order of ``TILES``."""
    return [tile for tile in TILES for _ in range(counts.get(tile, 0))]
