"""A kit document's mistakes: ``problems(document)`` lists every one, each as a ``Problem``: a path into
the document and a sentence. The schema's come first (a missing field told beside any mistake inside
its siblings); once the schema is clean, every name that points nowhere and every number out of its
range. Empty for a kit that can be played.

A check costs little per byte, whatever the kit: before the schema walks a document, its size is counted
(``MOST_VALUES`` values in all, ``MOST_NEIGHBOURS`` graph neighbours, ``MOST_LINKS`` links, ``MOST_CARDS``
cards), each count stopping at its cap, and a kit over one is refused with that line alone. The schema
is then checked by a validator compiled to Python (fastjsonschema), some twenty times faster than
walking it; only a kit it refuses is walked again by ``jsonschema`` (imported then), which names every mistake.
The compiled validator only says yes or no, so it is made without the details of each refusal (which would make
its code ten times longer, and compiling it a fifth of a second of every ``kit check``)."""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

import fastjsonschema

from domain.engine.seating import ALLOWED_FORMAT, REFUSED_CATEGORIES
from domain.games.table_kit.board.kit_boards import (
    MOST_BOARDS_CHECKED,
    board_problems,
    board_sizes,
    boards,
    largest_board,
)
from domain.games.table_kit.reading.kit_bound_checks import bound_problems
from domain.games.table_kit.vocabulary.kit_mistakes import did_you_mean
from domain.games.table_kit.vocabulary.kit_parameters import default_problems
from domain.games.table_kit.vocabulary.kit_problem import Problem
from domain.games.table_kit.reading.kit_references import reference_problems
from domain.games.table_kit.play.kit_rules import KitRules, RuleMistake
from domain.games.table_kit.language.kit_sizes import out_of_bounds
from domain.games.table_kit.vocabulary.layout import (
    SCHEMA,
    Path_,
)

if TYPE_CHECKING:
    import jsonschema

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
    import jsonschema

    return jsonschema.Draft202012Validator(SCHEMA)


_compiled: list[Any] = []
"""The schema compiled to Python, once a process (``_fits_schema``)."""


def _fits_schema(document: Any) -> bool:
    """Whether the document fits the schema, by the compiled validator."""
    if not _compiled:  # the document as given, no defaults added
        _compiled.append(fastjsonschema.compile(_constants_as_enums(SCHEMA), use_default=False, detailed_exceptions=False))
    try:
        _compiled[0](document)
    except fastjsonschema.JsonSchemaException:
        return False
    return True


NAMED = frozenset({"properties", "patternProperties", "$defs", "dependentSchemas"})
"""The schema keywords whose keys are names (of fields, of definitions), each naming a schema, not keywords."""


def _constants_as_enums(schema: Any, names: bool = False) -> Any:
    """The schema with each ``const`` given as the ``enum`` of its one value, which JSON Schema holds the same and
    fastjsonschema checks alike: its validator made without details cannot word a refused ``const`` (2.22 looks for a
    detail it was spared). ``names``: the schema's keys are names (``NAMED``), not keywords."""
    if isinstance(schema, list):
        return [_constants_as_enums(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if names:
        return {name: _constants_as_enums(item) for name, item in schema.items()}
    return {("enum" if key == "const" else key): [value] if key == "const" else _constants_as_enums(value, key in NAMED)
            for key, value in schema.items()}


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
        return texts + reference_problems(document) + sized_problems(document) + rule_problems(document)
    found = [Problem(path, message) for path, message in board_problems(document)]
    if found:
        return texts + found
    board = largest_board(document)
    return texts + board_reference_problems(document, board) + sized_problems(document) + rule_problems(board)


def board_mistakes(board: dict[str, Any]) -> list[Problem]:
    """The names that point nowhere on one table's board of numbers (``Kit.at_table``)."""
    return reference_problems(board)


def board_reference_problems(document: dict[str, Any], board: dict[str, Any]) -> list[Problem]:
    """The names that point nowhere on a kit whose board is sized (``kit_boards``): on its largest board, then on
    each other board tried, said with the values that make it."""
    found = reference_problems(board)
    for other, said in boards(document)[:MOST_BOARDS_CHECKED]:
        if found:
            break
        found = [Problem(problem.path, f"{problem.message} ({said})") for problem in reference_problems(other)]
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
    from jsonschema.exceptions import best_match

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
        best = best_match(ranged or error.context)
        return _sentence(best) if best is not None else error.message
    return error.message


def _leaf_problems(found: list[Problem]) -> list[Problem]:
    """One line a place: where one mistake's path lies inside another's, the deeper says more."""
    enclosing = {problem.spot[:length] for problem in found for length in range(len(problem.spot))}
    return list(dict.fromkeys(problem for problem in found if problem.spot not in enclosing))
