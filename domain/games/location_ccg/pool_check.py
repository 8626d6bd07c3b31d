"""A designer's own card pool for the Location CCG (the option ``card_pool``): its JSON Schema, in the shape
of ``cards.json``, and the checks against the rulebook and what the engine plays, each problem named by
its field (``card_pool.cards.kingpin.cost``) so a designer can find it.

A pool brings its ``cards`` and ``locations`` by id, its ``decks`` (the one named ``demo`` is the deck
both players use unless the option ``decks`` gives each their own, and the deck bots guess an unseen
deck from) and ``brought``, the three locations each player brings unless the option ``locations``
says otherwise. A card that keeps an id of the demo pool keeps its name, and so does a location: the
game log's sentences name cards by id from the demo pool.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from domain.engine.errors import InvalidSetup
from domain.engine.seating import check_name
from domain.games.location_ccg.cards import (
    DEMO_DECK,
    KEYWORDS,
    KINDS,
    SYMBOLS,
    Pool,
    canonical,
    deck_problems,
    location_problems,
    parse_cost,
    parse_pool,
    pool,
    pool_of,
)

OPTION = "card_pool"
EFFECTS = ("boost", "damage", "ko", "draw")
"""What a surprise or an ability does: a boost to a character's Atk/Def/Skl until the end of the turn,
damage, a KO, cards drawn."""
TARGETS = ("character", "own", "contested", "away")
"""Whom an effect targets: any character, one you control, one at the contested location, one not at an HQ."""
TARGETED = ("boost", "damage", "ko")
SURPRISE_PHASES = ("", "mission", "production")
"""The phases a surprise's typeline may name (``Surprise- mission``); none: any time (ruling 24)."""
X_KEYWORDS = ("toughness", "upkeep", "giant")
CHARACTER_KEYWORDS = ("gang", "shielded", "long_range", "toughness", "giant")
IN_PLAY_KEYWORDS = ("unique", "recur", "upkeep")
"""Keywords of cards that stay in play: characters and assets."""

_ID = "^[a-z0-9_]{1,40}$"
_STATS = {"type": "array", "items": {"type": "integer", "minimum": -20, "maximum": 99}, "minItems": 3, "maxItems": 3}
_EFFECT_PROPERTIES = {
    "boost": _STATS, "damage": {"type": "integer", "minimum": 1, "maximum": 99}, "ko": {"const": True},
    "draw": {"type": "integer", "minimum": 1, "maximum": 7}, "target": {"enum": list(TARGETS)},
}
_DECK = {"type": "object", "propertyNames": {"pattern": _ID}, "maxProperties": 200,
         "additionalProperties": {"type": "integer", "minimum": 1, "maximum": 99}}
CARD_POOL_SCHEMA: dict[str, Any] = {
    "type": ["object", "null"],
    "default": None,
    "description": "a designer's own card pool in the shape of cards.json (cards, locations, decks with the "
    "'demo' deck both players use by default, brought: each player's 3 locations); null: the demo pool",
    "required": ["cards", "locations", "decks", "brought"],
    "additionalProperties": False,
    "properties": {
        "about": {"type": "string", "maxLength": 4000},
        "symbols": {"type": "object", "maxProperties": 6, "additionalProperties": {"type": "string", "maxLength": 40}},
        "cards": {"type": "object", "minProperties": 1, "maxProperties": 200, "propertyNames": {"pattern": _ID},
                  "additionalProperties": {
                      "type": "object", "additionalProperties": False, "required": ["name", "typeline", "cost", "resources"],
                      "properties": {
                          "name": {"type": "string", "minLength": 1, "maxLength": 40},
                          "typeline": {"type": "string", "minLength": 1, "maxLength": 60},
                          "cost": {"type": "string", "minLength": 1, "maxLength": 12},
                          "resources": {"type": "string", "minLength": 1, "maxLength": 6},
                          "stats": _STATS, "bonus": _STATS,
                          "keywords": {"type": "object", "maxProperties": 10,
                                       "additionalProperties": {"type": ["boolean", "integer"]}},
                          "effect": {"type": "object", "additionalProperties": False, "properties": _EFFECT_PROPERTIES},
                          "ability": {"type": "object", "additionalProperties": False, "required": ["cost"],
                                      "properties": {**_EFFECT_PROPERTIES,
                                                     "cost": {"type": "string", "minLength": 1, "maxLength": 12}}},
                          "passive": {"type": "object", "additionalProperties": False, "required": ["cost_reduction"],
                                      "properties": {"cost_reduction": {"type": "integer", "minimum": 1, "maximum": 9}}},
                          "text": {"type": "string", "maxLength": 400}}}},
        "locations": {"type": "object", "minProperties": 3, "maxProperties": 60, "propertyNames": {"pattern": _ID},
                      "additionalProperties": {
                          "type": "object", "additionalProperties": False, "required": ["name", "skill", "vp"],
                          "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 40},
                                         "skill": {"type": "integer", "minimum": 0, "maximum": 99},
                                         "vp": {"type": "integer", "minimum": 1, "maximum": 99}}}},
        "decks": {"type": "object", "required": [DEMO_DECK], "maxProperties": 20, "propertyNames": {"pattern": _ID},
                  "additionalProperties": _DECK},
        "brought": {"type": "array", "minItems": 2, "maxItems": 2,
                    "items": {"type": "array", "items": {"type": "string", "pattern": _ID}, "minItems": 3, "maxItems": 3}},
    },
}


def pool_json_of(data: dict[str, Any] | None) -> str:
    """The canonical JSON text a game's state holds for the option's value (``""``: the demo pool),
    once the pool is checked; ``InvalidSetup`` naming every problem otherwise."""
    if data is None:
        return ""
    text = canonical(data)
    _checked(text)
    return text


def pool_for(data: dict[str, Any] | None) -> Pool:
    """The pool the option's value stands for, checked."""
    return pool_of(pool_json_of(data))


@functools.lru_cache(maxsize=32)
def _checked(text: str) -> None:
    problems = pool_problems(json.loads(text))
    if problems:
        raise InvalidSetup(f"bad option {OPTION}: " + "; ".join(problems))


def pool_problems(data: dict[str, Any]) -> list[str]:
    """Every problem of a pool that meets the schema, each starting with its field."""
    problems: list[str] = []
    demo = pool()
    for card_id, raw in data["cards"].items():
        problems += [f"{OPTION}.cards.{card_id}.{problem}" for problem in _card_problems(card_id, raw, demo)]
    for loc_id, raw in data["locations"].items():
        where = f"{OPTION}.locations.{loc_id}"
        if loc_id in data["cards"]:
            problems.append(f"{where}: a card has the same id; give each its own")
        named = check_name(raw["name"], "name")
        if named:
            problems.append(f"{where}.{named}")
        if loc_id in demo.locations and raw["name"] != demo.locations[loc_id].name:
            problems.append(f"{where}.name: {raw['name']!r} is not the demo's {demo.locations[loc_id].name!r}: a location "
                            "with the demo pool's id keeps its name (give it an id of its own)")
    if problems:
        return problems
    checked = parse_pool(data)
    for name, deck in data["decks"].items():
        problems += [f"{OPTION}.decks.{name}: {problem}" for problem in deck_problems(deck, checked)]
    for seat, brought in enumerate(data["brought"], 1):
        problems += [f"{OPTION}.brought.{seat - 1} (seat {seat}): {problem}" for problem in location_problems(brought, checked)]
    return problems


def _card_problems(card_id: str, raw: dict[str, Any], demo: Pool) -> list[str]:
    problems: list[str] = []
    named = check_name(raw["name"], "name")
    if named:
        problems.append(named)
    if card_id in demo.cards and raw["name"] != demo.cards[card_id].name:
        problems.append(f"name: {raw['name']!r} is not the demo's {demo.cards[card_id].name!r}: a card with the demo "
                        "pool's id keeps its name (give it an id of its own)")
    kind, _, subtype = (part.strip().lower() for part in raw["typeline"].partition("-"))
    if kind not in KINDS:
        problems.append(f"typeline: {raw['typeline']!r} names no card type: Character, Modifier, Surprise or Asset, "
                        "then '- ' and a subtype if any (Character- ninja)")
        return problems
    try:
        cost = parse_cost(raw["cost"])
    except ValueError:
        problems.append(f"cost: {raw['cost']!r} is not a cost: generic points then symbols of {' '.join(SYMBOLS)} "
                        "(3$, 2!!, @), or * for a production point")
        cost = None
    if cost is not None and cost.production and kind != "surprise":
        problems.append("cost: * (a production point) is for surprises and abilities only")
    if any(symbol not in SYMBOLS for symbol in raw["resources"]):
        problems.append(f"resources: {raw['resources']!r} holds a symbol that is none of {' '.join(SYMBOLS)}")
    for key, only in (("stats", "character"), ("bonus", "modifier"), ("effect", "surprise")):
        if key in raw and kind != only:
            problems.append(f"{key}: only a {only} has {key}")
    if kind == "character" and "stats" not in raw:
        problems.append("stats: a character has Atk/Def/Skl, as [3, 2, 1]")
    if kind == "modifier" and "bonus" not in raw:
        problems.append("bonus: a modifier gives +Atk/+Def/+Skl, as [2, 0, 0]")
    if kind == "surprise":
        if subtype not in SURPRISE_PHASES:
            problems.append(f"typeline: a surprise names the phase it is played in: 'Surprise', 'Surprise- mission' or "
                            f"'Surprise- production', not {raw['typeline']!r}")
        problems += [f"effect{problem}" for problem in _effect_problems(raw.get("effect", {}))]
    if "ability" in raw:
        if kind not in ("character", "asset"):
            problems.append("ability: only characters and assets in play have abilities")
        try:
            parse_cost(raw["ability"]["cost"])
        except ValueError:
            problems.append(f"ability.cost: {raw['ability']['cost']!r} is not a cost (2, 1$, or * for a production point)")
        effect = {key: value for key, value in raw["ability"].items() if key != "cost"}
        problems += [f"ability{problem}" for problem in _effect_problems(effect)]
    if "passive" in raw and kind != "asset":
        problems.append("passive: only assets have passive abilities (cost_reduction)")
    problems += _keyword_problems(raw.get("keywords", {}), kind)
    return problems


def _effect_problems(effect: dict[str, Any]) -> list[str]:
    does = [key for key in EFFECTS if key in effect]
    if not does:
        return [f": it does nothing: give it one of {', '.join(EFFECTS)}"]
    targeted = any(key in effect for key in TARGETED)
    if targeted and "target" not in effect:
        return [f".target: {', '.join(k for k in TARGETED if k in effect)} needs a target: {', '.join(TARGETS)}"]
    if not targeted and "target" in effect:
        return [".target: only a boost, damage or a KO has a target"]
    return []


def _keyword_problems(keywords: dict[str, Any], kind: str) -> list[str]:
    problems = []
    for key, value in keywords.items():
        where = f"keywords.{key}"
        if key not in KEYWORDS:
            problems.append(f"{where}: no such keyword (keywords: {', '.join(KEYWORDS)})")
        elif key in X_KEYWORDS and (isinstance(value, bool) or not 1 <= value <= 9):
            problems.append(f"{where}: {key.title()} X takes a number X from 1 to 9, not {json.dumps(value)}")
        elif key not in X_KEYWORDS and value is not True:
            problems.append(f"{where}: write true (the keyword has no X), not {json.dumps(value)}")
        elif key in CHARACTER_KEYWORDS and kind != "character":
            problems.append(f"{where}: {key.replace('_', ' ').title()} is for characters")
        elif key in IN_PLAY_KEYWORDS and kind not in ("character", "asset"):
            problems.append(f"{where}: {key.title()} is for cards that stay in play: characters and assets")
    return problems
