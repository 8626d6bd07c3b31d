"""The sizes a kit works out from its parameters and the number of seats as a table is set up: a deck card's
``count`` and ``numbered`` cards, the hands' ``deal``, a counter's ``keys`` and ``start``.

Each is a whole number as before, or an expression (CEL, ``expressions``) reading only the kit's parameters and
``seats`` (a counter's ``start`` also its ``key``): ``deal: "seats == 2 ? 7 : 5"``. They are worked out once, when
a game is created (``Kit.counters``, ``Kit.deck_cards``, ``rules.new_state``), and checked twice: when the kit
is read, for every number of seats it allows and each whole-number parameter at its ``minimum``, default and
``maximum`` (``out_of_bounds``, each mistake at its place); when a game is created, for the values it is given
(``setup_problem``: a list parameter is checked there). A size past its bound refuses the kit, or the game,
in one line: never a table larger than a kit may be. The board's sizes (a grid's rows and columns, a track's
count, a piece's count) are worked out and checked alike, by ``kit_boards``.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from dataclasses import dataclass
from collections.abc import Iterator
from typing import Any

from domain.games.table_kit.language.expression_cost import MOST_STEPS, CostError, Sizes, cost
from domain.games.table_kit.language.expressions import (
    Expression,
    ExpressionError,
    ExpressionFailed,
    compile_expression,
)

Path_ = tuple[str | int, ...]
MOST_KEYS = 30
"""The most keys a keyed counter may have (a pile each, a card each): one counter of a key each."""
MOST_COPIES = 60
"""The most copies of a card, and the most cards a ``numbered`` card makes (as a card's ``count`` may be)."""
MOST_DEAL = 60
"""The most cards dealt to each hand."""
MOST_TRIALS = 256
"""The most sets of values a size is tried with when the kit is read (every seat count times the corners of the
parameters it reads); past them, each parameter's default with every seat count."""
MOST_SIZED_CARDS = 600
"""The most cards a kit's decks may hold at a table, each copy counted, where their sizes are worked out: a kit's
most cards (``checks.MOST_CARDS``, which this module cannot read: the checks read it)."""
MOST_SET_UP_STEPS = 200_000
"""The most steps working out a kit's sizes may take as one table is set up (a tenth of a second at the worst)."""
MOST_SIZE_STEPS = 2_000_000
"""The most steps trying a kit's sizes may take when it is read: past them, only the parameters' defaults are
tried (at every number of seats)."""
PRICED = Sizes(60, 60)
"""What a size's values may hold, generously: any name a list of 60 (a list parameter holds at most 20 values)."""
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.'&!?-]*$")


class SizeMistake(ValueError):
    """A size that cannot be worked out, or is out of its bounds, at ``path`` in the kit's document."""

    def __init__(self, path: Path_, message: str, written: bool = False) -> None:
        super().__init__(message)
        self.path, self.message = path, message
        self.written = written
        """Whether the mistake is in what is written (an expression that is not one), whatever the values."""


@functools.lru_cache(maxsize=512)
def _compiled(source: str, known: tuple[str, ...]) -> Expression:
    return compile_expression(source, known, (), PRICED)


def size_of(value: Any, path: Path_, values: dict[str, Any], seats: int, key: Any = None) -> Any:
    """A size as written (a number, a list) or worked out (an expression of ``values``, ``seats`` and ``key``)."""
    if not isinstance(value, str):
        return value
    known = (*sorted(values), "seats", *(("key",) if key is not None else ()))
    try:
        found = _compiled(value, known).value({**values, "seats": seats, "key": key})
    except ExpressionError as error:
        raise SizeMistake(path, f"{error} (a size reads only the parameters and seats{', and key' if key is not None else ''})",
                          written=True) from None
    except ExpressionFailed as error:
        raise SizeMistake(path, str(error)) from None
    return [*found] if isinstance(found, (list, tuple)) else found


def whole_size(value: Any, path: Path_, least: int, most: int, what: str) -> int:
    """A size worked out, a whole number from ``least`` to ``most`` (``SizeMistake`` otherwise)."""
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise SizeMistake(path, f"{what} is a whole number from {least} to {most}, not {value!r}")
    return value


def counter_keys(spec: dict[str, Any], path: Path_, values: dict[str, Any], seats: int) -> list[Any]:
    """A keyed counter's keys: ``keys: 4`` (1 to 4), a list of names, or an expression giving either."""
    keys = size_of(spec["keys"], (*path, "keys"), values, seats)
    if isinstance(keys, list):
        if not 1 <= len(keys) <= MOST_KEYS or not all(isinstance(key, str) and NAME.match(key) for key in keys) or len(set(keys)) != len(keys):
            raise SizeMistake((*path, "keys"), f"keys are 1 to {MOST_KEYS} different names (letters, digits, spaces and - _ . ' & ! ?), "
                                               f"not {keys!r}")
        return keys
    return list(range(1, whole_size(keys, (*path, "keys"), 1, MOST_KEYS, "a counter's number of keys") + 1))


def counter_start(spec: dict[str, Any], path: Path_, values: dict[str, Any], seats: int, key: Any = None) -> int:
    """A counter's start (for one key of a keyed counter: ``start: "piles[key - 1]"``), inside its min and max."""
    low, high = spec.get("min", -10**9), spec.get("max", 10**9)
    start = size_of(spec.get("start", 0), (*path, "start"), values, seats, key if "keys" in spec else None)
    return whole_size(start, (*path, "start"), low, high, "a counter's start" + (f" (key {key!r})" if "keys" in spec else ""))


def deck_cards(deck: dict[str, Any], path: Path_, values: dict[str, Any], seats: int) -> list[tuple[str, int, dict[str, Any]]]:
    """A deck's cards for these values, each with its copies: a ``numbered`` card is that many cards, named
    ``NAME 1``, ``NAME 2``..., each with its field ``number``."""
    out: list[tuple[str, int, dict[str, Any]]] = []
    for n, card in enumerate(deck["cards"]):
        at = (*path, "cards", n)
        count = whole_size(size_of(card.get("count", 1), (*at, "count"), values, seats), (*at, "count"), 0, MOST_COPIES, "a card's count")
        if "numbered" not in card:
            out.append((card["name"], count, card))
            continue
        numbered = whole_size(size_of(card["numbered"], (*at, "numbered"), values, seats), (*at, "numbered"), 1, MOST_COPIES, "numbered")
        for number in range(1, numbered + 1):
            out.append((f"{card['name']} {number}", count, {**card, "fields": {**card.get("fields", {}), "number": number}}))
    return out


def stored_key(name: str, key: Any, seat: int | None) -> str:
    """The key a counter is kept under in a table's state: ``name``, ``name:seat``, and for a keyed one
    ``name[key]`` or ``name[key]:seat`` (a seat's counters keep the ``name:seat`` form they always had)."""
    return name + ("" if key is None else f"[{key}]") + ("" if seat is None else f":{seat}")


def kit_cards(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every card a kit's decks may hold, by name: a numbered card's for every set of values tried (``trials``)."""
    return {name: card for name, (_, card) in survey(document).cards.items()}


def most_cards(document: dict[str, Any], most: int) -> int:
    """The most cards the decks hold at a table, copies counted: for every set of values tried, or ``most``
    (what a kit may hold) where a deck's size reads a list parameter, whose values are not tried."""
    sized = [value for deck in document.get("decks", []) for card in deck["cards"] for value in (card.get("count"), card.get("numbered"))
             if isinstance(value, str)]
    lists = [name for name, spec in document.get("parameters", {}).items() if isinstance(spec.get("default"), list)]
    if any(re.search(rf"\b{name}\b", source) for name in lists for source in sized):
        return most
    return survey(document).most


@dataclass(frozen=True)
class Survey:
    """A kit's sizes tried once for every set of values (``trials``): the cards its decks may hold (each with
    its deck's place), the most copies they hold at once, the first size out of its bounds."""

    cards: dict[str, tuple[int, dict[str, Any]]]
    most: int
    problem: tuple[Path_, str] | None


def survey(document: dict[str, Any]) -> Survey:
    """The kit's sizes tried (once for each document's content: reading, compiling and building it share it)."""
    return _surveyed(json.dumps(document, sort_keys=True))


@functools.lru_cache(maxsize=16)
def _surveyed(text: str) -> Survey:
    document = json.loads(text)
    decks = document.get("decks", [])
    if not _sized(document):
        cards = {card["name"]: (n, card) for n, deck in enumerate(decks) for card in deck["cards"]}
        return Survey(cards, sum(int(card.get("count", 1)) for deck in decks for card in deck["cards"]), None)
    one = set_up_cost(document)
    if one > MOST_SET_UP_STEPS:
        return Survey({}, 0, ((), f"working out the kit's sizes may take up to {one:,} steps as a table is set up, more than the "
                                  f"{MOST_SET_UP_STEPS:,} it may: write fewer or simpler sizes"))
    tried = list(trials(document))
    if len(tried) * one > MOST_SIZE_STEPS:
        defaults = {name: spec["default"] for name, spec in document.get("parameters", {}).items()}
        tried = [(values, seats) for values, seats in tried if values == defaults]  # at every number of seats
    found: dict[str, tuple[int, dict[str, Any]]] = {}
    most = 0
    for values, seats in tried:
        mistake = setup_problem(document, values, seats, MOST_COPIES * MOST_KEYS * 1000)
        if mistake is not None:
            given = ", ".join(f"{name} {value!r}" for name, value in values.items() if name in document.get("parameters", {}))
            said = mistake.message if mistake.written else f"{mistake.message} (at {seats} seats{', ' + given if given else ''})"
            return Survey(found, most, (mistake.path, said))
        made = [(n, name, count, card) for n, deck in enumerate(decks) for name, count, card in deck_cards(deck, ("decks", n), values, seats)]
        found.update((name, (n, card)) for n, name, _, card in made)
        most = max(most, sum(count for _, _, count, _ in made))
    return Survey(found, most, None)


def set_up_cost(document: dict[str, Any]) -> int:
    """The most steps working out the kit's sizes once may take: each size's price (``expression_cost``), a
    counter's start once for each of its keys, and each card a ``numbered`` card makes."""
    steps = 0
    for spec in document.get("counters", []):
        keys = spec.get("keys")
        many = len(keys) if isinstance(keys, list) else keys if isinstance(keys, int) else MOST_KEYS if keys is not None else 1
        steps += size_price(keys) + many * (1 + size_price(spec.get("start")))
    for deck in document.get("decks", []):
        for card in deck["cards"]:
            steps += 1 + size_price(card.get("count")) + size_price(card.get("numbered")) + (MOST_COPIES if "numbered" in card else 0)
    return steps + size_price(document.get("hands", {}).get("deal"))


def size_price(value: Any) -> int:
    """What working out one size may cost, in steps (``expression_cost``); a number costs nothing."""
    if not isinstance(value, str):
        return 0
    try:
        return cost(value, PRICED)
    except CostError:
        return MOST_STEPS


def deal_size(document: dict[str, Any], values: dict[str, Any], seats: int) -> int:
    """How many cards each hand is dealt as the table is set up."""
    deal = size_of(document.get("hands", {}).get("deal", 0), ("hands", "deal"), values, seats)
    return whole_size(deal, ("hands", "deal"), 0, MOST_DEAL, "the cards dealt to each hand")


def setup_problem(document: dict[str, Any], values: dict[str, Any], seats: int, most_cards: int) -> SizeMistake | None:
    """The first size out of bounds at a table of ``seats`` with these parameter values, or ``None``."""
    try:
        for n, spec in enumerate(document.get("counters", [])):
            path = ("counters", n)
            for key in counter_keys(spec, path, values, seats) if "keys" in spec else [None]:
                counter_start(spec, path, values, seats, key)
        held: dict[str, int] = {}
        names: set[str] = set()
        for n, deck in enumerate(document.get("decks", [])):
            for name, count, _ in deck_cards(deck, ("decks", n), values, seats):
                if name in names:
                    raise SizeMistake(("decks", n), f"card {name!r} is named twice (give a card a count instead)")
                names.add(name)
                held[deck["pile"]] = held.get(deck["pile"], 0) + count
        if sum(held.values()) > most_cards and any("numbered" in card or isinstance(card.get("count"), str)
                                                   for deck in document.get("decks", []) for card in deck["cards"]):
            raise SizeMistake(("decks",), f"the decks hold {sum(held.values()):,} cards, more than the {most_cards:,} a kit may")
        deal = deal_size(document, values, seats)
        source = document.get("hands", {}).get("from")
        if deal and source is not None and deal * seats > held.get(source, 0):
            raise SizeMistake(("hands", "deal"), f"{deal} card{'s' if deal != 1 else ''} for each of {seats} seats, but {source!r} holds "
                                                 f"{held.get(source, 0)}")
    except SizeMistake as mistake:
        return mistake
    return None


def _sized(document: dict[str, Any]) -> list[Any]:
    """Every size the kit writes as an expression."""
    hands = document.get("hands", {})
    return [value for value in (
        hands.get("deal"), *(spec.get(key) for spec in document.get("counters", []) for key in ("keys", "start")),
        *(card.get(key) for deck in document.get("decks", []) for card in deck["cards"] for key in ("count", "numbered")))
        if isinstance(value, str)]


def trials(document: dict[str, Any], sources: list[str] | None = None) -> Iterator[tuple[dict[str, Any], int]]:
    """The parameter values and seat counts a kit's sizes (or the ``sources`` given) are tried with when it is
    read: every seat count it allows, each whole-number parameter a size reads at its minimum, default and maximum."""
    declared = document.get("parameters", {})
    defaults = {name: spec["default"] for name, spec in declared.items()}
    seats = range(document["seats"]["fewest"], document["seats"]["most"] + 1)
    read = {name for source in (_sized(document) if sources is None else sources) for name in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", source) if name in declared}
    corners = {name: sorted({spec["default"], spec.get("minimum", spec["default"]), spec.get("maximum", spec["default"])})
               for name, spec in declared.items() if name in read and isinstance(spec["default"], int) and not isinstance(spec["default"], bool)}
    if len(seats) * functools.reduce(lambda total, found: total * len(found), corners.values(), 1) > MOST_TRIALS:
        corners = {}
    for chosen in itertools.product(*corners.values()):
        for count in seats:
            yield {**defaults, **dict(zip(corners, chosen))}, count


def out_of_bounds(document: dict[str, Any], most_cards: int) -> list[tuple[Path_, str]]:
    """The first size out of bounds for a seat count and parameter values the kit allows, said with them; the
    cards the decks hold at once past ``most_cards``."""
    found = survey(document)
    if found.problem is not None:
        return [found.problem]
    if found.most > most_cards and any("numbered" in card or isinstance(card.get("count"), str)
                                       for deck in document.get("decks", []) for card in deck["cards"]):
        return [(("decks",), f"the decks hold up to {found.most:,} cards, more than the {most_cards:,} a kit may")]
    return []
