"""A table kit read from its document: the game's components, checked, named and counted.

A kit document (JSON-native, as ``kit.schema.json`` describes it, most often written as YAML) lists
what lies on the table: spaces, pieces, zones of cards and the decks that fill them, dice and
counters. ``Kit.of(document)`` builds the kit, or raises ``InvalidSetup`` with the first mistake that
``checks.problems`` finds in it. The kit is what the ``table-kit`` ruleset plays by.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import json
from dataclasses import dataclass
from typing import Any

from domain.engine.errors import InvalidSetup
from domain.games.table_kit.reading.checks import board_mistakes, problems
from domain.games.table_kit.play.kit_rules import KitRules
from domain.games.table_kit.board.kit_boards import larger_than_tried, largest_board, sized_board
from domain.games.table_kit.language.kit_sizes import SizeMistake, counter_keys, counter_start, deck_cards, kit_cards, stored_key, survey
from domain.games.table_kit.vocabulary.layout import HAND, OFF, group_spaces, space_name


@dataclass(frozen=True)
class Zone:
    """Where cards lie: ``shows`` face-up (all see them), face-down (no one does) or holder (its seat)."""

    name: str
    shows: str
    owner: int | None = None


@dataclass(frozen=True)
class Piece:
    id: str
    kind: str
    owner: int | None
    start: str
    label: str


@dataclass(frozen=True)
class Counter:
    """One counter: shared (``seat`` None) or a seat's, with its range."""

    key: str
    name: str
    seat: int | None
    start: int
    low: int | None
    high: int | None
    private: bool = False
    """Seen by its seat alone (and by no seat, for a shared one) while the game goes on (``private: true``)."""
    index: Any = None
    """A keyed counter's key (``pile[2]``: 2), or ``None``."""


_last_document: tuple[Any, Any, Any] = (None, None, None)
"""The document ``Kit.of`` was last given (kept, so its id stays its own), a copy of it as it was then, and its kit:
a bot's or a study's games of one kit name the same document game after game."""


class _Exact:
    """A number of the kept copy, equal only to a number of its own type and value (Python holds ``1 == True ==
    1.0``; the kit written out from a document tells them apart)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self.value) and other == self.value

    __hash__ = None  # type: ignore[assignment]


def _kept(value: Any) -> Any:
    """A copy of a document as it is now, to compare with it later (its numbers each ``_Exact``)."""
    kind = type(value)
    if kind is dict:
        return {key: _kept(item) for key, item in value.items()}
    if kind is list:
        return [_kept(item) for item in value]
    if kind is int or kind is float or kind is bool:
        return _Exact(value)
    return copy.deepcopy(value)


def content_hash(document: dict[str, Any]) -> str:
    """The kit's content hash: sha256 of its canonical JSON (what a game records to name its kit)."""
    return hashlib.sha256(json.dumps(document, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


class Kit:
    """A checked kit, its components named as commands name them."""

    def __init__(self, document: dict[str, Any]) -> None:
        found = [problem for problem in problems(document) if not problem.skipped]
        if found:
            raise InvalidSetup(f"bad kit: {found[0].where()}: {found[0].message}" + (f" (and {len(found) - 1} more)" if len(found) > 1 else ""))
        self.document = document
        self.hash = content_hash(document)
        self.board = largest_board(document)
        """The document with its board's sizes as numbers (``kit_boards``): the largest board the kit allows, or a
        table's (``Kit.at_table``); the document itself where it writes none."""
        self.board_sized = self.board is not document
        self.name, self.title = document["name"], document["title"]
        self.fewest, self.most = document["seats"]["fewest"], document["seats"]["most"]
        self.first = document.get("first", 1)
        self.groups = list(self.board.get("spaces", []))
        self.spaces = [name for group in self.groups for name in group_spaces(group)]
        self.dice = {die["name"]: list(die["faces"]) for die in document.get("dice", [])}
        self.hidden_dice = frozenset(die["name"] for die in document.get("dice", []) if die.get("hidden"))
        """The dice each seat rolls behind a screen: kept as ``die:seat``, seen by that seat alone."""
        self.cards = kit_cards(document)
        """Every card the kit's decks may hold (numbered cards for the largest of their parameters' values)."""
        self.defaults = {name: spec["default"] for name, spec in document.get("parameters", {}).items()}
        self.decks = list(document.get("decks", []))
        self.hands = dict(document.get("hands", {}))
        self.rules = KitRules(self.board, self.pieces) if "play" in document else None
        """The kit's rules compiled (kit 2's ``play``), or ``None``: the table keeps them."""

    @classmethod
    def at_table(cls, document: dict[str, Any], values: dict[str, Any], seats: int) -> Kit:
        """The kit as one table plays it: its board sized for the table's parameter values and seats (the kit
        itself where it writes no board size); ``InvalidSetup`` for a board it cannot have."""
        kit = cls.of(document)
        if not kit.board_sized:
            return kit
        return cls._at_table(json.dumps(document, sort_keys=True), json.dumps(values, sort_keys=True), seats)

    @classmethod
    @functools.lru_cache(maxsize=64)
    def _at_table(cls, text: str, values: str, seats: int) -> Kit:
        kit = cls._cached(text)
        try:
            board = sized_board(kit.document, json.loads(values), seats)
        except SizeMistake as mistake:
            raise InvalidSetup(f"{kit.title} cannot be set up at {seats} seats with these parameters: "
                               f"{'.'.join(map(str, mistake.path))}: {mistake.message}") from None
        refused = larger_than_tried(kit.document, board) or next((f"{found.where()}: {found.message}" for found in board_mistakes(board)), None)
        if refused is not None:
            raise InvalidSetup(f"{kit.title} cannot be set up at {seats} seats with these parameters: {refused}")
        table = object.__new__(cls)
        table.__dict__.update({key: value for key, value in kit.__dict__.items() if key not in ("space_set", "card_count", "deck_of")})
        table.board = board
        table.groups = list(board.get("spaces", []))
        table.spaces = [name for group in table.groups for name in group_spaces(group)]
        table.rules = KitRules(board, table.pieces) if table.rules is not None else None
        return table

    @classmethod
    @functools.lru_cache(maxsize=64)
    def _cached(cls, text: str) -> Kit:
        return cls(json.loads(text))

    @classmethod
    def of(cls, document: dict[str, Any]) -> Kit:
        """The kit of a document, built once for each content (``InvalidSetup`` for a bad one): the very document
        of the last call, still equal to a copy of it taken then (each number of the same type), is its kit again
        without writing it out."""
        global _last_document
        known, copied, kit = _last_document
        if known is document and document == copied:
            return kit
        kit = cls._cached(json.dumps(document, sort_keys=True))
        _last_document = (document, _kept(document), kit)
        return kit

    def pieces(self, seats: int) -> list[Piece]:
        out: list[Piece] = []
        for spec in self.board.get("pieces", []):
            owner, count = spec.get("owner", "each"), spec.get("count", 1)
            owners = list(range(1, seats + 1)) if owner == "each" else [None if owner == "none" else owner]
            at = spec.get("at")
            spots = [space_name(place) for place in at] if isinstance(at, list) else None
            number = 0
            for seat in owners:
                for n in range(1, count + 1):
                    suffix = "-".join(str(part) for part in ((seat,) if seat else ()) + ((n,) if count > 1 else ()))
                    piece_id = f"{spec['kind']}-{suffix}" if suffix else spec["kind"]
                    start = spots[number] if spots else (OFF if at is None else space_name(at))
                    label = spec.get("label") or spec["kind"][:1].upper()
                    out.append(Piece(piece_id, spec["kind"], seat, start, label))
                    number += 1
        return [piece for piece in out if piece.owner is None or piece.owner <= seats]

    def zones(self, seats: int) -> list[Zone]:
        out = [Zone(f"{HAND}:{seat}", "holder", seat) for seat in range(1, seats + 1)]
        for spec in self.document.get("zones", []):
            shows = spec.get("shows", "face-up")
            if spec.get("each"):
                out += [Zone(f"{spec['name']}:{seat}", shows, seat) for seat in range(1, seats + 1)]
            else:
                out.append(Zone(spec["name"], shows))
        return out

    def counters(self, seats: int, parameters: dict[str, Any] | None = None) -> list[Counter]:
        """The table's counters: each seat's (``name:seat``) or one shared; a keyed counter's one a key
        (``name[key]``, ``name[key]:seat``), its keys and starts worked out from the ``parameters`` (the defaults
        unless given) and the seats."""
        values = {**self.defaults, **(parameters or {})}
        out = []
        for n, spec in enumerate(self.document.get("counters", [])):
            low, high = spec.get("min"), spec.get("max")
            owners = list(range(1, seats + 1)) if spec.get("each", True) else [None]
            keys = counter_keys(spec, ("counters", n), values, seats) if "keys" in spec else [None]
            for key in keys:
                start = counter_start(spec, ("counters", n), values, seats, key)
                out += [Counter(stored_key(spec["name"], key, seat), spec["name"], seat, start, low, high, bool(spec.get("private")), key) for seat in owners]
        return out

    def deck_cards(self, index: int, parameters: dict[str, Any], seats: int) -> list[str]:
        """The names of a deck's cards at a table, a name for each copy, as its sizes make them."""
        return [name for name, count, _ in deck_cards(self.decks[index], ("decks", index), parameters, seats) for _ in range(count)]

    def zone_shows(self, name: str, seats: int) -> str:
        """How a zone shows its cards: face-up, face-down or holder."""
        return self.zone_map(seats)[name].shows

    @functools.lru_cache(maxsize=16)  # noqa: B019 -- kits are few and kept for the process
    def zone_map(self, seats: int) -> dict[str, Zone]:
        return {zone.name: zone for zone in self.zones(seats)}

    @functools.cached_property
    def card_count(self) -> int:
        """The cards the decks hold, each copy counted, at the parameters' defaults and the most seats."""
        return sum(len(self.deck_cards(index, self.defaults, self.most)) for index in range(len(self.decks)))

    @functools.cached_property
    def deck_of(self) -> dict[str, int]:
        """The place in the kit's list of the deck of each card the decks may hold (a numbered card's, every one)."""
        return {name: index for name, (index, _) in survey(self.document).cards.items()}

    @functools.cached_property
    def space_set(self) -> frozenset[str]:
        return frozenset(self.spaces)

    @functools.lru_cache(maxsize=16)  # noqa: B019 -- kits are few and kept for the process
    def counter_map(self, seats: int) -> dict[str, Counter]:
        return {counter.key: counter for counter in self.counters(seats)}
