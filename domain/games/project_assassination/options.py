"""The rulings a designer may switch: each is a game option whose default is the ruling as written
(RULINGS.md, "Options at a glance"), read from the state with ``option``.

The state keeps the resolved options (``State.options``). A game recorded before an option existed has
no such key: ``option`` falls back to ``TODAY``, the play of that time, so it replays to the same facts.
"""

from __future__ import annotations

from typing import Any

from domain.games.project_assassination.cards import MEDIC_HEAL, WEAPONS
from domain.games.project_assassination.state import State


def _damage(weapon: str, default: int, ruling: str) -> dict[str, Any]:
    return {
        "type": "integer", "minimum": 1, "maximum": 10, "default": default,
        "description": f"ruling 12: the {weapon}'s damage (a muzzle adds 1); {ruling}",
    }


OPTIONS_SCHEMA: dict[str, Any] = {
    "uzi_damage": _damage("UZI", WEAPONS["uzi"].damage, "2 makes it the shotgun's equal, as the diary wants"),
    "shotgun_damage": _damage("Shotgun", WEAPONS["shotgun"].damage, "on each of its squares"),
    "sniper_damage": _damage("Sniper", WEAPONS["sniper"].damage, "on every target along its line"),
    "paralysis_damage": _damage("Paralysis Pistol", WEAPONS["paralysis_pistol"].damage, "besides paralysing what it hits"),
    "paralysis_shots": {
        "type": "integer", "minimum": 0, "maximum": 10, "default": 1,
        "description": "ruling 16: shots a Paralysis Pistol fires before it goes to the discard; 0: it is never spent",
    },
    "cover": {
        "enum": ["opponent", "enemies", "both"], "default": "opponent",
        "description": "ruling 18: what a Cover protects its player from until their next turn: opponent (the "
        "opponent's shots and grenades deal no damage, earn no point and paralyse no one), enemies (enemies' strikes "
        "deal no damage) or both",
    },
    "cage_turns": {
        "type": "integer", "minimum": 0, "maximum": 10, "default": 1,
        "description": "ruling 21: a cage lasts until the start of the caging player's next turn (1), or of their "
        "n-th next turn; 0: for the rest of the game",
    },
    "strike": {
        "enum": ["every-move", "on-entering"], "default": "every-move",
        "description": "ruling 26: when an enemy strikes a moving player: every-move (every move ending in its "
        "range) or on-entering (only a move from outside its range into it)",
    },
    "obstacles_block_enemies": {
        "type": "boolean", "default": True,
        "description": "ruling 13: an obstacle stops an enemy's range as it stops a weapon's (false: enemies "
        "strike through obstacles)",
    },
    "grenade_hurts_thrower": {
        "type": "boolean", "default": True,
        "description": "ruling 22: a Grenade hurts its thrower standing in its area (false: only the others)",
    },
    "medic_heal": {
        "type": "integer", "minimum": 0, "maximum": 10, "default": MEDIC_HEAL,
        "description": "ruling 27: the HP a medic heals each damaged enemy around it at the end of every turn",
    },
    "draw": {
        "enum": ["optional", "required"], "default": "optional",
        "description": "ruling 6: drawing a card at the beginning of a turn is optional (the turn's procedure: "
        "'may') or required whenever a deck can be drawn from ('must choose a deck')",
    },
    "two_attacks": {
        "enum": ["armed-this-turn", "armed-now"], "default": "armed-this-turn",
        "description": "ruling 24: two attacks a turn when both weapon slots were filled at some moment of it "
        "(armed-this-turn) or only while both are filled (armed-now: a one-use weapon fired first takes the "
        "second attack with it)",
    },
    "tie_break": {
        "enum": ["health", "draw"], "default": "health",
        "description": "ruling 30: a game ending on points level in Victory Points goes to the healthier player "
        "(health) or is a draw",
    },
    "boots_take_effect": {
        "enum": ["at-once", "next-turn"], "default": "at-once",
        "description": "ruling 33: Boots collected during a turn add their action at once, that turn, or only "
        "from the player's next turn",
    },
}

TODAY: dict[str, Any] = {key: prop["default"] for key, prop in OPTIONS_SCHEMA.items()}
"""Each option's value for a game recorded before it existed: the play of that time, its default."""

DAMAGE_OPTION = {"uzi": "uzi_damage", "shotgun": "shotgun_damage", "sniper": "sniper_damage", "paralysis_pistol": "paralysis_damage"}
"""The option that sets each weapon's damage, for the weapons whose damage is a ruling (ruling 12)."""


def option(state: State, key: str) -> Any:
    """The game's value of a ruling option; today's for a game recorded without it."""
    return state.options.get(key, TODAY[key])


def shielded(state: State, seat: int, source: str) -> bool:
    """Whether the seat's Cover keeps off hits from ``source``: ``opponent`` or ``enemies`` (ruling 18)."""
    return bool(state.player(seat)["covered"]) and option(state, "cover") in (source, "both")
