"""The cards of the Location CCG, read from ``cards.json`` (the demo pool, a ruling) or from a designer's
own pool (the option ``card_pool``, checked in ``pool_check.py``), costs and how a bank pays them, and
the deck and location lists a player brings, checked against the rulebook.

A cost is written as printed: generic points, then typed symbols (``3$`` = 4 points, one of them
``$``; ``2!!``; ``@``), or ``*`` for a production point. A resource row is a string of symbols, one
point each (``$$`` is worth two ``$``).
"""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from importlib import resources
from itertools import combinations_with_replacement
from typing import Any

SYMBOLS = ("$", "@", "!", "Ω", "Α", "#")
"""Money, Technology, Power, Omega, Alpha, Magic (LC-23)."""
KINDS = ("character", "modifier", "surprise", "asset")
KEYWORDS = ("mob", "unique", "limited", "gang", "shielded", "recur", "long_range", "toughness", "upkeep", "giant")
MIN_DECK = 40
MAX_COPIES = 3
HAND_SIZE = 7
PRODUCTION_POINTS = 3
_COST = re.compile(r"^(\d*)([" + "".join(SYMBOLS) + r"]*)$")


@dataclass(frozen=True)
class Cost:
    """``generic`` points of any type plus ``typed`` points of each symbol; ``production``: a ``*`` cost."""

    generic: int = 0
    typed: tuple[str, ...] = ()
    production: bool = False

    @property
    def points(self) -> int:
        return self.generic + len(self.typed)

    def reduced(self, by: int) -> Cost:
        """Less ``by`` points, never below 1 (LC-30): generic points first, then typed ones from the
        right (LC-31: the player's choice of typed symbol is ruled to be the last printed)."""
        if self.production or by <= 0:
            return self
        generic, typed = self.generic, list(self.typed)
        for _ in range(by):
            if generic + len(typed) <= 1:
                break
            if generic:
                generic -= 1
            else:
                typed.pop()
        return Cost(generic, tuple(typed))

    def __str__(self) -> str:
        if self.production:
            return "*"
        return f"{self.generic or ''}{''.join(self.typed)}" or "0"


@functools.cache
def parse_cost(text: str) -> Cost:
    if text == "*":
        return Cost(production=True)
    match = _COST.match(text)
    if not match or not text:
        raise ValueError(f"bad cost {text!r}")
    return Cost(int(match.group(1) or 0), tuple(match.group(2)))


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    typeline: str
    kind: str
    """``character``, ``modifier``, ``surprise`` or ``asset``."""
    subtype: str
    """The typeline's second part (``ninja``, ``weapon``, ``mission``), or ``""``."""
    cost: Cost
    resources: str
    stats: tuple[int, int, int] = (0, 0, 0)
    bonus: tuple[int, int, int] = (0, 0, 0)
    keywords: dict[str, Any] = field(default_factory=dict)
    effect: dict[str, Any] = field(default_factory=dict)
    ability: dict[str, Any] = field(default_factory=dict)
    passive: dict[str, Any] = field(default_factory=dict)
    text: str = ""

    def has(self, keyword: str) -> int:
        """The keyword's X (``giant`` 2), 1 for a keyword without one, 0 when the card lacks it."""
        return int(self.keywords.get(keyword, 0))

    @property
    def phase(self) -> str:
        """A surprise's phase from its typeline (``production``, ``mission``), or ``""``: any time."""
        return self.subtype if self.kind == "surprise" else ""


@dataclass(frozen=True)
class Location:
    id: str
    name: str
    skill: int
    vp: int


DEMO_DECK = "demo"
"""The pool's deck both players use unless the option ``decks`` gives each its own, and the deck bots
guess an unseen deck from."""


@dataclass(frozen=True, eq=False)
class Pool:
    cards: dict[str, Card]
    locations: dict[str, Location]
    decks: dict[str, dict[str, int]]
    brought: tuple[tuple[str, ...], ...]

    @functools.cached_property
    def deck_list(self) -> list[str]:
        """The demo deck's cards, one entry a copy, sorted."""
        return sorted(Counter(self.decks[DEMO_DECK]).elements())

    @functools.cached_property
    def damaging(self) -> tuple[Card, ...]:
        """The cards whose effect or ability deals damage."""
        return tuple(card for card in self.cards.values() if "damage" in card.effect or "damage" in card.ability)


def card_from(card_id: str, raw: dict[str, Any]) -> Card:
    """A card from its entry in a pool's ``cards`` (as in ``cards.json``)."""
    kind, _, subtype = (part.strip() for part in raw["typeline"].partition("-"))
    return Card(
        id=card_id, name=raw["name"], typeline=raw["typeline"], kind=kind.lower(), subtype=subtype.lower(),
        cost=parse_cost(raw["cost"]), resources=raw["resources"], stats=tuple(raw.get("stats", (0, 0, 0))),
        bonus=tuple(raw.get("bonus", (0, 0, 0))), keywords=dict(raw.get("keywords", {})), effect=dict(raw.get("effect", {})),
        ability=dict(raw.get("ability", {})), passive=dict(raw.get("passive", {})), text=raw.get("text", ""))


def location_from(location_id: str, raw: dict[str, Any]) -> Location:
    return Location(location_id, raw["name"], raw["skill"], raw["vp"])


def parse_pool(data: dict[str, Any]) -> Pool:
    """A pool from data in the shape of ``cards.json`` (a designer's is checked first: ``pool_check``)."""
    cards = {card_id: card_from(card_id, raw) for card_id, raw in data["cards"].items()}
    locations = {key: location_from(key, raw) for key, raw in data["locations"].items()}
    decks = {name: dict(deck) for name, deck in data["decks"].items()}
    return Pool(cards, locations, decks, tuple(tuple(triple) for triple in data["brought"]))


@functools.cache
def demo_data() -> dict[str, Any]:
    """``cards.json`` as data (never change it: it is shared)."""
    data: dict[str, Any] = json.loads(resources.files(__package__).joinpath("cards.json").read_text(encoding="utf-8"))
    return data


@functools.cache
def pool() -> Pool:
    """The demo pool."""
    return parse_pool(demo_data())


def canonical(data: dict[str, Any]) -> str:
    """A pool's data as canonical JSON text (how a game's state holds a designer's pool)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@functools.lru_cache(maxsize=32)
def pool_data(canonical_json: str) -> dict[str, Any]:
    """A designer's pool's data from its canonical JSON text (never change it: it is shared)."""
    data: dict[str, Any] = json.loads(canonical_json)
    return data


@functools.lru_cache(maxsize=32)
def pool_of(canonical_json: str) -> Pool:
    """The pool of its canonical JSON text, parsed once per process; ``""``: the demo pool."""
    return parse_pool(pool_data(canonical_json)) if canonical_json else pool()


def deck_problems(deck: dict[str, int], of: Pool | None = None) -> list[str]:
    """What breaks deck construction (LC-19, LC-20, Limited), in words, for a deck of the pool ``of``
    (the demo pool by default)."""
    cards = (of or pool()).cards
    problems = [f"no card {card!r} in the pool" for card in deck if card not in cards]
    total = sum(deck.values())
    if total < MIN_DECK:
        problems.append(f"{total} cards: a deck holds at least {MIN_DECK}")
    for card, count in deck.items():
        limit = 1 if card in cards and cards[card].has("limited") else MAX_COPIES
        if count > limit:
            problems.append(f"{count} copies of {card!r}: at most {limit}" + (" (Limited)" if limit == 1 else ""))
    return problems


def location_problems(brought: list[str], of: Pool | None = None) -> list[str]:
    """What breaks LC-21: three different locations of the pool ``of`` (the demo pool by default)."""
    known = (of or pool()).locations
    problems = [f"no location {loc!r} in the pool" for loc in brought if loc not in known]
    if len(brought) != 3 or len(set(brought)) != 3:
        problems.append("each player brings 3 different locations")
    return problems


# -- paying from a bank ---------------------------------------------------------------------------


def covers(cards: list[str], cost: Cost, unit: str = "points", of: Pool | None = None) -> bool:
    """Whether these bank cards pay the cost: as many points in all, and a symbol of each type the cost
    names for each time it names it (LC-25, LC-26; a ``$$`` card may pay ``$`` and a generic point).
    With ``unit`` ``cards`` (ruling 3's option) a card is one resource whatever its symbols: as many
    cards as the cost has points, a different card holding each typed symbol. The cards are of the pool
    ``of`` (the demo pool by default)."""
    known = (of or pool()).cards
    return _rows_cover(tuple(known[card].resources for card in cards), cost, unit)


def cheapest_payment(bank: list[str], cost: Cost, unit: str = "points", of: Pool | None = None) -> list[str] | None:
    """The bank cards the engine spends by default: the fewest points overpaid, then the fewest cards,
    then the set that keeps the rarer symbols in the bank; ``None`` when the bank cannot pay. Cards
    with the same resource row pay alike; of those, the first by id is spent. Counted in cards, exactly
    as many cards as the cost has points, those with the fewest symbols first."""
    if cost.points == 0:
        return []
    known = (of or pool()).cards
    if not covers(bank, cost, unit, of):
        return None
    rows = Counter(known[card].resources for card in bank)
    symbols = Counter(symbol for row, n in rows.items() for symbol in row * n)
    best: tuple[Any, ...] | None = None
    sizes = [cost.points] if unit == "cards" else range(1, cost.points + 1)  # each card pays at least a point
    for size in sizes:
        for pick in combinations_with_replacement(sorted(rows), size):
            if any(pick.count(row) > rows[row] for row in pick) or not _rows_cover(pick, cost, unit):
                continue
            overpay = sum(len(row) for row in pick) - cost.points
            rarity = sum(1 / symbols[s] for row in pick for s in row)
            key = (overpay, size, rarity, pick)
            if best is None or key < best:
                best = key
    assert best is not None
    spent: list[str] = []
    for row in best[3]:
        spent.append(next(card for card in sorted(bank) if known[card].resources == row
                          and spent.count(card) < bank.count(card)))
    return spent


def _rows_cover(rows: tuple[str, ...], cost: Cost, unit: str = "points") -> bool:
    if unit == "cards":
        return len(rows) >= cost.points and _typed_on_different_cards(list(rows), list(cost.typed))
    symbols = Counter("".join(rows))
    return sum(symbols.values()) >= cost.points and all(symbols[s] >= n for s, n in Counter(cost.typed).items())


def _typed_on_different_cards(rows: list[str], typed: list[str]) -> bool:
    """Whether each typed symbol can be paid by a card of its own holding it (costs are short: a search)."""
    if not typed:
        return True
    return any(typed[0] in row and _typed_on_different_cards(rows[:i] + rows[i + 1:], typed[1:]) for i, row in enumerate(rows))
