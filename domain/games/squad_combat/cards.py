"""The cards: characters, action, attack and edge cards, and squads (three characters and a deck),
read from ``cards.json`` (the demo set) or from a designer's own set (the option ``card_set``), and
checked against the text before a game begins.

A cost is written as on the cards: ``<3>`` three energy, ``[4]`` a die of 4 or more, ``C`` a card
discarded (v0.5 only): ``<3>[1]``, ``[2][4]``.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from importlib import resources
from typing import Any

from domain.engine.errors import InvalidSetup
from domain.engine.seating import check_name

TRAITS = ("Alpha", "Beta", "Charlie", "Delta", "Echo", "Foxtrot", "Gamma")
ATTACK_EFFECTS = ("damage", "stun", "lose_die")
"""What an attack does when it hits."""
FRIENDLY_EFFECTS = ("heal", "restore", "power_up", "overcharge")
"""Effects on a friendly living character the player names (``target``)."""
TABLE_EFFECTS = ("taunt", "rally", "battle_cry")
"""Effects with no target: on the performer, the squad, or the next attack."""
REACTION_EFFECTS = ("negate", "resist", "burden_attacker", "intercept")
"""What a reaction does to the attack it answers."""
EFFECTS = ATTACK_EFFECTS + FRIENDLY_EFFECTS + TABLE_EFFECTS + REACTION_EFFECTS
DIE_FACES = (1, 2, 3, 4, 5, 6)
HAND_SIZE = 5
DISCARD_LIMIT = 2
_COST = re.compile(r"<(\d+)>|\[([1-6])\]|(C)")


@dataclass(frozen=True)
class Cost:
    energy: int = 0
    dice: tuple[int, ...] = ()
    """The least value of each die spent, smallest first."""
    cards: int = 0
    """Cards discarded from the hand (v0.5)."""


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    kind: str
    """``attack``, ``action`` or ``edge``."""
    window: str | None
    """An edge's moment: ``own`` (in its player's action phase) or ``reaction`` (when attacked)."""
    traits: tuple[str, ...]
    character: str | None
    """The only character who may perform it (a character-specific card), or ``None``."""
    cost: Cost
    effect: dict[str, Any]
    v05: dict[str, Any]

    def cost_under(self, rules: str) -> Cost:
        return parse_cost(self.v05["cost"]) if rules == "v0.5" and "cost" in self.v05 else self.cost

    def target_kind(self) -> str:
        """``enemy`` (attacks), ``friend`` (a friendly character is named) or ``none``."""
        if self.kind == "attack":
            return "enemy"
        return "friend" if any(key in FRIENDLY_EFFECTS for key in self.effect) else "none"


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    traits: tuple[str, ...]
    hp: int
    energy: int
    pool: str
    refresh: int


@dataclass(frozen=True)
class CardSet:
    characters: dict[str, Character]
    cards: dict[str, Card]
    squads: dict[str, dict[str, Any]]


def parse_cost(text: str) -> Cost:
    energy, dice, cards, at = 0, [], 0, 0
    for match in _COST.finditer(text):
        if match.start() != at:
            break
        at = match.end()
        if match.group(1):
            energy += int(match.group(1))
        elif match.group(2):
            dice.append(int(match.group(2)))
        else:
            cards += 1
    if at != len(text):
        raise InvalidSetup(f"bad card set: cost {text!r} is not written like <3>[1] or [2][4] or C")
    return Cost(energy, tuple(sorted(dice)), cards)


@functools.cache
def demo_set_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resources.files(__package__).joinpath("cards.json").read_text(encoding="utf-8"))
    return data


@functools.lru_cache(maxsize=32)
def card_set(canonical_json: str) -> CardSet:
    """The card set of its canonical JSON text (parsed and checked once per process)."""
    return parse_card_set(json.loads(canonical_json))


def canonical(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def parse_card_set(data: dict[str, Any]) -> CardSet:
    """The set, once it is checked against the text; ``InvalidSetup`` naming every problem."""
    problems: list[str] = _name_problems(data)
    characters = {c["id"]: Character(c["id"], c["name"], tuple(c["traits"]), c["hp"], c["energy"], c["pool"], c["refresh"])
                  for c in data["characters"]}
    if len(characters) != len(data["characters"]):
        problems.append("two characters share an id")
    cards: dict[str, Card] = {}
    for c in data["cards"]:
        try:
            cost = parse_cost(c["cost"])
            if "cost" in c.get("v05", {}):
                parse_cost(c["v05"]["cost"])
        except InvalidSetup as bad:
            problems.append(bad.message.removeprefix("bad card set: "))
            continue
        card = Card(c["id"], c["name"], c["kind"], c.get("window"), tuple(c["traits"]), c.get("character"), cost,
                    dict(c["effect"]), dict(c.get("v05", {})))
        problems += _card_problems(card, characters)
        if card.id in cards:
            problems.append(f"two cards share the id {card.id!r}")
        cards[card.id] = card
    for name, squad in data["squads"].items():
        problems += _squad_problems(name, squad, characters, cards)
    if problems:
        raise InvalidSetup("bad card set: " + "; ".join(problems))
    return CardSet(characters, cards, {name: dict(squad) for name, squad in data["squads"].items()})


def _name_problems(data: dict[str, Any]) -> list[str]:
    """Every name the set brings follows the rule seat names do (``domain.engine.seating``): plain, readable text."""
    named = [(f"character {c['id']!r} name", c["name"]) for c in data["characters"]]
    named += [(f"character {c['id']!r} trait", trait) for c in data["characters"] for trait in c["traits"]]
    named += [(f"card {c['id']!r} name", c["name"]) for c in data["cards"]]
    named += [(f"card {c['id']!r} trait", trait) for c in data["cards"] for trait in c["traits"]]
    named += [("squad name", name) for name in data["squads"]]
    return [problem for what, name in named if (problem := check_name(name, what)) is not None]


def _card_problems(card: Card, characters: dict[str, Character]) -> list[str]:
    problems = []
    unknown = sorted(set(card.effect) - set(EFFECTS))
    if unknown:
        problems.append(f"card {card.id!r} has unknown effects {unknown} (known: {', '.join(EFFECTS)})")
    if card.kind == "attack" and "damage" not in card.effect:
        problems.append(f"attack {card.id!r} has no damage")
    if card.kind == "edge" and card.window not in ("own", "reaction"):
        problems.append(f"edge {card.id!r} needs a window: own or reaction")
    if card.kind != "edge" and card.window is not None:
        problems.append(f"{card.kind} {card.id!r} has a window, which only edges have")
    reacting = any(key in REACTION_EFFECTS for key in card.effect)
    if reacting != (card.window == "reaction"):
        problems.append(f"card {card.id!r}: negate, resist, burden_attacker and intercept are for reaction edges only")
    if card.kind != "attack" and any(key in ATTACK_EFFECTS for key in card.effect):
        problems.append(f"card {card.id!r}: damage, stun and lose_die are for attacks only")
    if card.window == "reaction" and (card.cost.cards or "C" in card.v05.get("cost", "")):
        problems.append(f"reaction {card.id!r} costs a card (C): a reaction is paid in energy and dice only")
    if card.character is not None and card.character not in characters:
        problems.append(f"card {card.id!r} names an unknown character {card.character!r}")
    return problems


def _squad_problems(name: str, squad: dict[str, Any], characters: dict[str, Character], cards: dict[str, Card]) -> list[str]:
    problems = []
    members = squad["characters"]
    if len(members) != 3:
        problems.append(f"squad {name!r} has {len(members)} characters, not 3")
    if len(set(members)) != len(members):
        problems.append(f"squad {name!r} names a character twice")
    missing = [c for c in members if c not in characters]
    if missing:
        problems.append(f"squad {name!r} names unknown characters {missing}")
        return problems
    traits = {trait for c in members for trait in characters[c].traits}
    for card_id, count in squad["deck"].items():
        card = cards.get(card_id)
        if card is None:
            problems.append(f"squad {name!r} deck names an unknown card {card_id!r}")
        elif card.traits and not set(card.traits) & traits:
            problems.append(f"squad {name!r} deck has {card_id!r}, whose traits no squad character has")
        elif card.character and card.character not in members:
            problems.append(f"squad {name!r} deck has {card_id!r}, which only {card.character!r} may perform")
    size = sum(squad["deck"].values())
    if size < HAND_SIZE:
        problems.append(f"squad {name!r} deck has {size} cards: a hand is {HAND_SIZE}")
    return problems


_ID = {"type": "string", "pattern": "^[a-z0-9_]{1,40}$"}
CARD_SET_SCHEMA: dict[str, Any] = {
    "type": ["object", "null"],
    "default": None,
    "description": "a card set in the shape of cards.json (characters, cards, squads); null for the demo set",
    "required": ["characters", "cards", "squads"],
    "additionalProperties": False,
    "properties": {
        "about": {"type": "string", "maxLength": 4000},
        "characters": {"type": "array", "minItems": 3, "maxItems": 60, "items": {
            "type": "object", "additionalProperties": False,
            "required": ["id", "name", "traits", "hp", "energy", "pool", "refresh"],
            "properties": {"id": _ID, "name": {"type": "string", "minLength": 1, "maxLength": 40},
                           "traits": {"type": "array", "items": {"type": "string", "maxLength": 20}, "minItems": 1, "maxItems": 4},
                           "hp": {"type": "integer", "minimum": 1, "maximum": 99},
                           "energy": {"type": "integer", "minimum": 0, "maximum": 30},
                           "pool": {"type": "string", "pattern": "^[1-6R]{1,6}$"},
                           "refresh": {"type": "integer", "minimum": 0, "maximum": 30}}}},
        "cards": {"type": "array", "minItems": 1, "maxItems": 200, "items": {
            "type": "object", "additionalProperties": False,
            "required": ["id", "name", "kind", "traits", "cost", "effect"],
            "properties": {"id": _ID, "name": {"type": "string", "minLength": 1, "maxLength": 40},
                           "kind": {"enum": ["attack", "action", "edge"]}, "window": {"enum": ["own", "reaction"]},
                           "traits": {"type": "array", "items": {"type": "string", "maxLength": 20}, "maxItems": 4},
                           "character": _ID, "cost": {"type": "string", "maxLength": 30},
                           "effect": {"type": "object", "maxProperties": 4,
                                      "additionalProperties": {"type": ["integer", "boolean"]}},
                           "v05": {"type": "object", "additionalProperties": False,
                                   "properties": {"hit": {"type": "integer", "minimum": -6, "maximum": 6},
                                                  "defense": {"type": "integer", "minimum": -6, "maximum": 6},
                                                  "cost": {"type": "string", "maxLength": 30}}}}}},
        "squads": {"type": "object", "minProperties": 1, "maxProperties": 20, "additionalProperties": {
            "type": "object", "additionalProperties": False, "required": ["characters", "deck"],
            "properties": {"characters": {"type": "array", "items": _ID},
                           "deck": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 1, "maximum": 20}}}}},
    },
}
