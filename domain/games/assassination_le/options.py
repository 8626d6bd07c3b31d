"""The options of The Assassination Game Le: the text's variant (``keep_coins``) and the rulings a
designer may switch (RULINGS.md, "Options at a glance"), each defaulting to the rules played before it
was an option.
"""

from __future__ import annotations

from typing import Any

OPTIONS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "keep_coins": {
            "type": "boolean",
            "default": False,
            "description": "variant for a shorter, easier game: captured victims keep their coins",
        },
        "opens": {
            "enum": ["victim", "assassin"],
            "default": "victim",
            "description": "ruling 4: who moves first in the game: the first victim (victim), or the assassin "
            "after it in seat order (assassin); after a capture the new victim always moves first",
        },
        "victim_turns": {
            "enum": ["after-each-assassin", "after-both-assassins"],
            "default": "after-each-assassin",
            "description": "ruling 4: the victim moves after each assassin's turn, the assassins alternating "
            "(after-each-assassin: victim, assassin, victim, the other assassin), or once after both "
            "assassins have moved (after-both-assassins: victim, assassin, other assassin)",
        },
        "victim_on_base": {
            "enum": ["safe", "capturable"],
            "default": "safe",
            "description": "ruling 13: a victim standing on a base is safe (assassins never land on a base), "
            "or capturable (an assassin may land on a base to capture the victim there, and only then)",
        },
    },
}

RULINGS: dict[str, str] = {"opens": "victim", "victim_turns": "after-each-assassin", "victim_on_base": "safe"}
"""The switchable rulings and the choice a game recorded without them was played under."""
