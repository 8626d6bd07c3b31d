"""The cards of Project Assassination: how many of each, which deck, and the numbers printed on them.

The text lists every card type and count; the preset cards laid on the board at setup come out of
those counts, the rest make the three decks. Weapon damages the text leaves to the missing card
pictures are rulings (RULINGS.md, "Weapon numbers"): the damages here are the defaults of the options
that set them (``options.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

CARD_COUNTS: dict[str, int] = {
    # items (blue)
    "obstacle": 10,
    "strategy": 3,
    "ambush": 3,
    "cover": 3,
    # collectibles (green and gray)
    "boots": 4,
    "health_pack": 3,
    "cage": 3,
    "loot_crate": 3,
    "sight": 3,
    "muzzle": 3,
    "uzi": 5,
    "shotgun": 5,
    "grenade": 3,
    "sniper": 1,
    "paralysis_pistol": 2,
    # enemies (red)
    "grunt": 2,
    "heavy": 2,
    "medic": 2,
    "boss": 1,
}

ITEMS = ("obstacle", "strategy", "ambush", "cover")
COLLECTIBLES = (
    "boots", "health_pack", "cage", "loot_crate", "sight", "muzzle",
    "uzi", "shotgun", "grenade", "sniper", "paralysis_pistol",
)
ENEMIES = ("grunt", "heavy", "medic", "boss")

PRESET_COUNTS: dict[str, int] = {"sniper": 1, "obstacle": 4, "boots": 2, "uzi": 2, "grunt": 2}
"""The cards laid on the board before play (setup steps 2-6)."""

NAMES: dict[str, str] = {
    "obstacle": "Obstacle", "strategy": "Strategy", "ambush": "Ambush", "cover": "Cover",
    "boots": "Boots", "health_pack": "Health Pack", "cage": "Cage", "loot_crate": "Loot Crate",
    "sight": "Sight", "muzzle": "Muzzle", "uzi": "UZI", "shotgun": "Shotgun", "grenade": "Grenade",
    "sniper": "Sniper", "paralysis_pistol": "Paralysis Pistol", "pistol": "Pistol",
    "grunt": "Grunt", "heavy": "Heavy", "medic": "Medic", "boss": "Boss",
}


def a_card(card: str) -> str:
    """``an UZI``, ``a Shotgun``: the card's name with its article, as players say it."""
    name = NAMES[card]
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


@dataclass(frozen=True)
class WeaponCard:
    range: int | None
    """Squares reached in a straight orthogonal line; ``None`` is limitless."""
    damage: int
    pattern: str
    """``single`` (one chosen target), ``spread`` (the shotgun's three squares in front),
    ``pierce`` (every target along a line, the sniper)."""
    single_use: bool = False
    takes_sight: bool = True
    takes_muzzle: bool = True


WEAPONS: dict[str, WeaponCard] = {
    "pistol": WeaponCard(range=1, damage=1, pattern="single"),
    "uzi": WeaponCard(range=3, damage=2, pattern="single"),
    "shotgun": WeaponCard(range=1, damage=2, pattern="spread"),
    "sniper": WeaponCard(range=None, damage=5, pattern="pierce", single_use=True, takes_sight=False, takes_muzzle=False),
    "paralysis_pistol": WeaponCard(range=None, damage=1, pattern="single", single_use=True, takes_sight=False),
}

GRENADE_DAMAGE = 2


@dataclass(frozen=True)
class EnemyCard:
    range: int
    """0 for the medic, which never attacks."""
    damage: int
    hp: int
    points: int


ENEMY_CARDS: dict[str, EnemyCard] = {
    "grunt": EnemyCard(range=1, damage=3, hp=2, points=1),
    "heavy": EnemyCard(range=2, damage=5, hp=4, points=3),
    "medic": EnemyCard(range=0, damage=0, hp=3, points=3),
    "boss": EnemyCard(range=5, damage=5, hp=10, points=10),
}

MAX_HP = 10
HEALTH_PACK_HEAL = 5
HEAL_POINT_HEAL = 2
MEDIC_HEAL = 1
WINNING_POINTS = 12
RESERVE_LIMIT = 5
BASE_ACTIONS = 2
MAX_BOOTS = 2
BOSS_NEEDS_ENEMIES = 5
COIN = ("heads", "tails")
"""The coin's sides: it decides Player 1 and, with points and health level, who places an enemy."""


def deck_cards(kind: tuple[str, ...]) -> list[str]:
    """The cards of one deck (items, collectibles or enemies) before shuffling: all copies less the presets."""
    cards: list[str] = []
    for card in kind:
        cards.extend([card] * (CARD_COUNTS[card] - PRESET_COUNTS.get(card, 0)))
    return cards
