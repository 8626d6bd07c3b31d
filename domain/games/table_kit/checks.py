"""A kit document's mistakes: ``problems(document)`` lists every one, each as a ``Problem``: a path into
the document and a sentence. The schema's come first (a missing field told beside any mistake inside
its siblings); once the schema is clean, every name that points nowhere and every number out of its
range. Empty for a kit that can be played.

A check costs little per byte, whatever the kit: before the schema walks a document, its size is counted
(``MOST_VALUES`` values in all, ``MOST_NEIGHBOURS`` graph neighbours, ``MOST_LINKS`` links, ``MOST_CARDS``
cards), each count stopping at its cap, and a kit over one is refused with that line alone. The schema
is then checked by a validator compiled to Python (fastjsonschema), some twenty times faster than
walking it; only a kit it refuses is walked again by ``jsonschema``, which names every mistake."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

import fastjsonschema
import jsonschema

from domain.engine.seating import ALLOWED_FORMAT, REFUSED_CATEGORIES
from domain.games.table_kit.kit_boards import MOST_BOARDS_CHECKED, board_problems, board_sizes, boards, largest_board
from domain.games.table_kit.kit_bound_checks import bound_problems
from domain.games.table_kit.kit_parameters import default_problems
from domain.games.table_kit.kit_mistakes import did_you_mean
from domain.games.table_kit.kit_rules import KitRules, RuleMistake
from domain.games.table_kit.kit_sizes import out_of_bounds
from domain.games.table_kit.layout import (
    HAND,
    OFF,
    SCHEMA,
    Path_,
    group_spaces,
    space_name,
)


@dataclass(frozen=True)
class Problem:
    """One mistake in a kit: where (a path of keys and indexes into the document) and what."""

    path: Path_
    message: str
    missing: str | None = None
    """The field that is missing (a mistake of the mapping at ``path``, told beside any mistake inside it)."""
    skipped: bool = False
    """Not a mistake but a stage of the checks not run, and why (told after the mistakes, on the kit's first line)."""

    @property
    def spot(self) -> Path_:
        """Where the mistake lies: a missing field's own place."""
        return self.path if self.missing is None else (*self.path, self.missing)

    def where(self) -> str:
        return ".".join(str(part) for part in self.path) or "the kit"


SKIPPED_UNTIL_SCHEMA = "not checked until it fits the schema"
"""How the stages a kit that breaks the schema cannot reach are told (``Problem.skipped``)."""
MOST_VALUES = 12_000
"""The most values (mappings, lists, texts, numbers) a kit holds in all: the largest shipped kit has 374."""
MOST_NEIGHBOURS = 2_000
"""The most neighbours a kit's graphs list in all: 200 spaces with 10 each."""
MOST_LINKS = 400
"""The most links (lines drawn between spaces) a kit's spaces have in all."""
MOST_CARDS = 600
"""The most cards a kit's decks list in all (a card's count makes copies of it)."""


def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(SCHEMA)


_compiled: list[Any] = []
"""The schema compiled to Python, once a process (``_fits_schema``)."""


def _fits_schema(document: Any) -> bool:
    """Whether the document fits the schema, by the compiled validator."""
    if not _compiled:
        _compiled.append(fastjsonschema.compile(SCHEMA, use_default=False))  # the document as given, no defaults added
    try:
        _compiled[0](document)
    except fastjsonschema.JsonSchemaException:
        return False
    return True


def problems(document: Any) -> list[Problem]:
    """Every mistake in a kit document, of every stage of the checks it reaches: one that is too large alone;
    else its texts' control characters and what breaks the schema; once the schema is kept, every name that
    points nowhere and every number out of its range, and every mistake of its rules. A stage that cannot run
    (names and rules need a kit that fits the schema) is told as ``skipped``, after the mistakes. Empty for a
    kit that can be played."""
    too_large = size_problems(document)
    if too_large:
        return too_large
    texts = text_problems(document)
    if not _fits_schema(document):
        found = [problem for error in sorted(_validator().iter_errors(document), key=lambda e: (list(map(str, e.absolute_path)), e.message))
                 for problem in _problems_of(error)]
        if found:
            spots = {problem.spot for problem in found}
            stages = "names and ranges" + (", its rules" if isinstance(document, dict) and "play" in document else "")
            skipped = Problem((), f"{SKIPPED_UNTIL_SCHEMA}: {stages}", skipped=True)
            return [*_leaf_problems(found + [problem for problem in texts if problem.spot not in spots]), skipped]
    if not board_sizes(document):
        return texts + _reference_problems(document) + sized_problems(document) + rule_problems(document)
    found = [Problem(path, message) for path, message in board_problems(document)]
    if found:
        return texts + found
    board = largest_board(document)
    return texts + board_reference_problems(document, board) + sized_problems(document) + rule_problems(board)


def board_mistakes(board: dict[str, Any]) -> list[Problem]:
    """The names that point nowhere on one table's board of numbers (``Kit.at_table``)."""
    return _reference_problems(board)


def board_reference_problems(document: dict[str, Any], board: dict[str, Any]) -> list[Problem]:
    """The names that point nowhere on a kit whose board is sized (``kit_boards``): on its largest board, then on
    each other board tried, said with the values that make it."""
    found = _reference_problems(board)
    for other, said in boards(document)[:MOST_BOARDS_CHECKED]:
        if found:
            break
        found = [Problem(problem.path, f"{problem.message} ({said})") for problem in _reference_problems(other)]
    return found


def sized_problems(document: dict[str, Any]) -> list[Problem]:
    """A kit's list and choice parameters' defaults (``kit_parameters``), then its sizes worked out from its
    parameters and seats (``kit_sizes``), each out of its bounds for some value the kit allows."""
    found = default_problems(document.get("parameters", {})) or out_of_bounds(document, MOST_CARDS)
    return [Problem(path, message) for path, message in found]


def rule_problems(document: dict[str, Any]) -> list[Problem]:
    """A kit 2's rules (``kit_rules``): only a kit of version 2 holds them; each parameter's default in its
    range; every mistake compiling them (an unknown name, a non-CEL expression: each action, ending, rule and
    step compiled on its own), and the bounds they cross (``kit_bound_checks``)."""
    ruled = [key for key in ("parameters", "play") if key in document]
    if not ruled:
        return []
    if document["kit"] != 2:
        return [Problem((ruled[0],), f"{ruled[0]} is for kits of version 2 (kit: 2): version {document['kit']} keeps no rules")]
    out = [Problem(("parameters", name, "default"), f"{spec['default']} is outside {spec.get('minimum', '')}..{spec.get('maximum', '')}")
           for name, spec in document.get("parameters", {}).items()
           if isinstance(spec["default"], int) and not isinstance(spec["default"], bool) and not spec.get("minimum", spec["default"]) <= spec["default"] <= spec.get("maximum", spec["default"])]
    if "play" not in document:
        return out
    mistakes: list[RuleMistake] = []
    rules = KitRules(document, mistakes=mistakes)
    out += [Problem(mistake.path, mistake.message) for mistake in mistakes]
    return out + [Problem(path, message) for path, message in bound_problems(document, rules)]


MULTILINE = frozenset({"rules", "summary", "text"})
"""The kit's texts that may hold line breaks (and tabs): its rules, its summary, a card's text."""


def text_problems(document: Any) -> list[Problem]:
    """Every text of a kit (title, summary, rules, labels, card texts and fields, names, keys) under the
    names' plain-text rule (``domain.engine.seating``): no control or formatting character (a terminal escape,
    a bell, a bidirectional override), but line breaks and tabs in ``MULTILINE`` texts; a line each,
    naming the field."""
    out: list[Problem] = []
    stack: list[tuple[Path_, Any]] = [((), document)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                stack.append(((*path, key), item))
                if isinstance(key, str) and (bad := _control(key, "")) is not None:
                    out.append(Problem((*path, key), f"the key holds the control character U+{ord(bad):04X}; kit texts are plain text"))
        elif isinstance(value, list):
            stack.extend(((*path, index), item) for index, item in enumerate(value))
        elif isinstance(value, str):
            keep = "\n\t" if path and path[-1] in MULTILINE else ""
            if (bad := _control(value, keep)) is not None:
                out.append(Problem(path, f"holds the control character U+{ord(bad):04X}; kit texts are plain text"))
    return sorted(out, key=lambda problem: [str(part) for part in problem.path])


def _control(text: str, keep: str) -> str | None:
    """The first character of ``text`` a terminal would act on, but those in ``keep``; ``None``."""
    if text.isprintable():
        return None
    return next((char for char in text if char not in keep and char not in ALLOWED_FORMAT
                 and unicodedata.category(char) in REFUSED_CATEGORIES), None)


def size_problems(document: Any) -> list[Problem]:
    """A kit too large to check at a small cost per byte, said in one line (empty: not too large)."""
    values, stack = 0, [document]
    while stack:
        value = stack.pop()
        values += 1
        if values > MOST_VALUES:
            return [Problem((), f"the kit holds more than {MOST_VALUES:,} values (fields, list items, texts, numbers): "
                                "a kit is a few hundred; split a large deck or board")]
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    if not isinstance(document, dict):
        return []
    groups = [group for group in _listed(document, "spaces") if isinstance(group, dict)]
    counts = {
        "neighbours": (MOST_NEIGHBOURS, sum(len(near) for group in groups if isinstance(group.get("neighbours"), dict)
                                            for near in group["neighbours"].values() if isinstance(near, list))),
        "links": (MOST_LINKS, sum(len(group["links"]) for group in groups if isinstance(group.get("links"), list))),
        "cards": (MOST_CARDS, sum(len(deck["cards"]) for deck in _listed(document, "decks")
                                  if isinstance(deck, dict) and isinstance(deck.get("cards"), list))),
    }
    return [Problem((), f"the kit lists {count:,} {what} in all, more than the {most:,} a kit may")
            for what, (most, count) in counts.items() if count > most]


def _listed(document: dict[str, Any], key: str) -> list[Any]:
    value = document.get(key)
    return value if isinstance(value, list) else []


def _problems_of(error: jsonschema.ValidationError) -> list[Problem]:
    """A schema error as problems: a missing field is one at the field's own path (so that it stays a
    line of its own beside a mistake inside a sibling), a choice between fields says which."""
    path = tuple(error.absolute_path)
    given = error.instance if isinstance(error.instance, dict) else None
    if error.validator == "required" and given is not None:
        missing = [name for name in error.validator_value if name not in given]
        return [Problem(path, f"{name!r} is missing", name) for name in missing]
    choices = error.schema.get("oneOf") if error.validator == "oneOf" and isinstance(error.schema, dict) else None
    if given is not None and choices and all(set(choice) == {"required"} for choice in choices):
        names = [name for choice in choices for name in choice["required"]]
        present = [name for name in names if name in given]
        words = " or ".join(repr(name) for name in names)
        return [Problem(path, f"give {words}, not both" if present else f"{words} is missing")]
    return [Problem(path, _sentence(error))]


def _sentence(error: jsonschema.ValidationError) -> str:
    if error.validator == "required":
        return error.message.replace("is a required property", "is missing")
    if error.validator == "pattern" and isinstance(error.instance, str):
        if str(error.validator_value).startswith("^[a-z]"):
            return f"{error.instance!r} is not a kit name: 2 to 40 lowercase letters, digits and dashes, a letter first"
        return f"{error.instance!r} is not a name: letters, digits, spaces and - _ . ' & ! ?, a letter or digit first"
    if error.validator == "additionalProperties":
        told = error.message.replace("Additional properties are not allowed", "unknown field")
        known = [*error.schema.get("properties", {})] if isinstance(error.schema, dict) else []
        unknown = [key for key in error.instance if key not in known] if isinstance(error.instance, dict) else []
        hints = [(key, did_you_mean(key, known)) for key in unknown]
        if len(hints) == 1:
            return told + hints[0][1]
        return told + "".join(f"; {key!r}{hint}" for key, hint in hints if hint)
    if error.validator == "enum" and isinstance(error.instance, str):
        return error.message + did_you_mean(error.instance, [str(value) for value in error.validator_value])
    if error.validator in ("oneOf", "anyOf") and error.context:
        ranged = [found for found in error.context if found.validator in ("minimum", "maximum")]  # a number past its branch's range
        best = jsonschema.exceptions.best_match(ranged or error.context)
        return _sentence(best) if best is not None else error.message
    return error.message


def _leaf_problems(found: list[Problem]) -> list[Problem]:
    """One line a place: where one mistake's path lies inside another's, the deeper says more."""
    enclosing = {problem.spot[:length] for problem in found for length in range(len(problem.spot))}
    return list(dict.fromkeys(problem for problem in found if problem.spot not in enclosing))


def _reference_problems(document: dict[str, Any]) -> list[Problem]:
    out: list[Problem] = []
    seats = document["seats"]
    if seats["fewest"] > seats["most"]:
        out.append(Problem(("seats",), f"fewest ({seats['fewest']}) is more than most ({seats['most']})"))
    first = document.get("first", 1)
    if isinstance(first, int) and first > seats["most"]:
        out.append(Problem(("first",), f"seat {first} is more than the most seats ({seats['most']})"))
    spaces: dict[str, Path_] = {OFF: ()}
    for index, group in enumerate(document.get("spaces", [])):
        for name in group_spaces(group):
            if name in spaces:
                out.append(Problem(("spaces", index), f"space {name!r} is named twice"))
            spaces[name] = ("spaces", index)
        for at, link in enumerate(group.get("links", [])):
            for end in ("from", "to"):
                if space_name(link[end]) not in spaces and space_name(link[end]) not in group_spaces(group):
                    out.append(Problem(("spaces", index, "links", at, end), f"no space named {space_name(link[end])!r}" + did_you_mean(link[end], spaces)))
        for name, neighbours in group.get("neighbours", {}).items():
            for at, neighbour in enumerate(neighbours):
                if space_name(neighbour) not in group_spaces(group):
                    out.append(Problem(("spaces", index, "neighbours", name, at), f"no space named {space_name(neighbour)!r} in {group['name']!r}" + did_you_mean(neighbour, group_spaces(group))))
        for name in group.get("kinds", {}):
            if name not in group_spaces(group):
                out.append(Problem(("spaces", index, "kinds", name), f"no space named {name!r} in {group['name']!r}" + did_you_mean(name, group_spaces(group))))
    kinds: set[str] = set()
    for index, piece in enumerate(document.get("pieces", [])):
        if piece["kind"] in kinds:
            out.append(Problem(("pieces", index, "kind"), f"piece kind {piece['kind']!r} is listed twice"))
        kinds.add(piece["kind"])
        owner = piece.get("owner", "each")
        if isinstance(owner, int) and owner > seats["most"]:
            out.append(Problem(("pieces", index, "owner"), f"seat {owner} is more than the most seats ({seats['most']})"))
        at = piece.get("at")
        places = at if isinstance(at, list) else ([] if at is None else [at])
        for spot, place in enumerate(places):
            if space_name(place) not in spaces:
                path = ("pieces", index, "at", spot) if isinstance(at, list) else ("pieces", index, "at")
                out.append(Problem(path, f"no space named {space_name(place)!r}" + (
                    did_you_mean(place, spaces) if place != "none" else f": pieces off the board have no at, or at: {OFF}")))
        if isinstance(at, list):
            wanted = piece.get("count", 1) * (seats["most"] if owner == "each" else 1)
            if len(at) != wanted:
                out.append(Problem(("pieces", index, "at"), f"{len(at)} spaces for {wanted} pieces (one each, seat 1's first, for {seats['most']} seats)"))
    zones: set[str] = {HAND}
    for index, zone in enumerate(document.get("zones", [])):
        if zone["name"] in zones:
            out.append(Problem(("zones", index, "name"), f"zone {zone['name']!r} is named twice" if zone["name"] != HAND else "'hand' is every seat's own hand: give the zone another name"))
        zones.add(zone["name"])
        if zone.get("shows") == "holder" and not zone.get("each"):
            out.append(Problem(("zones", index, "shows"), "a zone seen by its holder belongs to each seat: add 'each: true'"))
    cards: set[str] = set()
    for index, deck in enumerate(document.get("decks", [])):
        pile = next((zone for zone in document.get("zones", []) if zone["name"] == deck["pile"]), None)
        if pile is None:
            out.append(Problem(("decks", index, "pile"), f"no zone named {deck['pile']!r}" + did_you_mean(deck["pile"], zones) + (" (a deck starts in one pile, not in the hands: deal from it with hands.deal)" if deck["pile"] == HAND else "")))
        elif pile.get("each"):
            out.append(Problem(("decks", index, "pile"), f"zone {deck['pile']!r} is one per seat: a deck starts in one pile"))
        for at, card in enumerate(deck["cards"]):
            if card["name"] in cards:
                out.append(Problem(("decks", index, "cards", at, "name"), f"card {card['name']!r} is named twice (give a card a count instead)"))
            cards.add(card["name"])
    hands = document.get("hands", {})
    if hands.get("deal", 0) and "from" not in hands:
        out.append(Problem(("hands",), "'from' is missing: the pile the hands are dealt from"))
    if "from" in hands and hands["from"] not in {deck["pile"] for deck in document.get("decks", [])}:
        out.append(Problem(("hands", "from"), f"no deck starts in a zone named {hands['from']!r}"
                                                  + did_you_mean(hands["from"], [deck["pile"] for deck in document.get("decks", [])])))
    elif hands.get("deal", 0) and "from" in hands and isinstance(hands["deal"], int) and not _sized_deck(document, hands["from"]):
        held = sum(card.get("count", 1) for deck in document.get("decks", []) if deck["pile"] == hands["from"] for card in deck["cards"])
        if held < hands["deal"] * seats["most"]:
            out.append(Problem(("hands", "deal"), f"{hands['deal']} card{'s' if hands['deal'] != 1 else ''} for each of {seats['most']} seats, but {hands['from']!r} holds {held}"))
    for section in ("dice", "counters"):
        seen: set[str] = set()
        for index, item in enumerate(document.get(section, [])):
            if item["name"] in seen:
                out.append(Problem((section, index, "name"), f"{item['name']!r} is named twice"))
            seen.add(item["name"])
    for index, counter in enumerate(document.get("counters", [])):
        low, high, start = counter.get("min"), counter.get("max"), counter.get("start", 0)
        start = (low if low is not None else high if high is not None else 0) if isinstance(start, str) else start  # worked out and checked by kit_sizes
        if low is not None and high is not None and low > high:
            out.append(Problem(("counters", index), f"min ({low}) is more than max ({high})"))
        elif (low is not None and start < low) or (high is not None and start > high):
            out.append(Problem(("counters", index, "start"), f"{start} is outside the range {_range(low, high)}"))
    return out


def _sized_deck(document: dict[str, Any], pile: str) -> bool:
    """Whether a deck starting in ``pile`` has a card whose copies are worked out (``kit_sizes`` checks it)."""
    return any(isinstance(card.get("count"), str) or "numbered" in card
               for deck in document.get("decks", []) if deck["pile"] == pile for card in deck["cards"])


def _range(low: int | None, high: int | None) -> str:
    return f"{'' if low is None else low}..{'' if high is None else high}"
