"""A designer's own card pool for Location CCG tests (the option ``card_pool``), in the shape of
``cards.json``: ten soldiers (``soldier_1`` to ``soldier_10``, 2/2/1, cost 1), a Titan (*Giant 3*,
6/9/1), a Scout (1/1/2), the demo's Katana under its demo id and name, a Medkit (gear +0/+2/+0), Rally
(a surprise: +1/+0/+1 to a character you control), Zap (Surprise- mission: 1 damage at the contested
location) and a Forge (an asset: ``*``: draw a card); six locations of its own (Bridge, Tower, Harbor,
Vault, Market, Gate) and a 45-card demo deck. ``pool()`` gives a fresh copy to change."""

from __future__ import annotations

import copy
from typing import Any

SOLDIERS = [f"soldier_{n}" for n in range(1, 11)]
_POOL: dict[str, Any] = {
    "about": "A designer's test pool.",
    "cards": {
        **{soldier: {"name": f"Soldier {n}", "typeline": "Character- soldier", "cost": "1", "resources": "$",
                     "stats": [2, 2, 1]} for n, soldier in enumerate(SOLDIERS, 1)},
        "titan": {"name": "Titan", "typeline": "Character- giant", "cost": "2!!", "resources": "!", "stats": [6, 9, 1],
                  "keywords": {"giant": 3}},
        "scout": {"name": "Scout", "typeline": "Character- soldier", "cost": "1@", "resources": "@", "stats": [1, 1, 2]},
        "katana": {"name": "Katana", "typeline": "Modifier- weapon", "cost": "1!", "resources": "!", "bonus": [2, 0, 0]},
        "medkit": {"name": "Medkit", "typeline": "Modifier- gear", "cost": "1", "resources": "#", "bonus": [0, 2, 0]},
        "rally": {"name": "Rally", "typeline": "Surprise", "cost": "!", "resources": "!",
                  "effect": {"boost": [1, 0, 1], "target": "own"}, "text": "Target character you control gets +1/+0/+1."},
        "zap": {"name": "Zap", "typeline": "Surprise- mission", "cost": "1@", "resources": "@",
                "effect": {"damage": 1, "target": "contested"}},
        "forge": {"name": "Forge", "typeline": "Asset", "cost": "1", "resources": "$", "ability": {"cost": "*", "draw": 1},
                  "text": "*: Draw a card."},
    },
    "locations": {
        "bridge": {"name": "Bridge", "skill": 1, "vp": 2}, "tower": {"name": "Tower", "skill": 2, "vp": 2},
        "harbor": {"name": "Harbor", "skill": 1, "vp": 1}, "vault": {"name": "Vault", "skill": 3, "vp": 1},
        "market": {"name": "Market", "skill": 2, "vp": 1}, "gate": {"name": "Gate", "skill": 1, "vp": 3},
    },
    "decks": {"demo": {**{soldier: 3 for soldier in SOLDIERS}, "titan": 2, "scout": 3, "katana": 2, "medkit": 2,
                       "rally": 2, "zap": 2, "forge": 2}},
    "brought": [["bridge", "tower", "harbor"], ["vault", "market", "gate"]],
}


def pool() -> dict[str, Any]:
    """A fresh copy of the test pool."""
    return copy.deepcopy(_POOL)
