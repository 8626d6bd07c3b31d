"""A kit's parameters of every kind, and the values a game may give them.

A parameter is a whole number (``minimum`` and ``maximum`` bound it), a switch (true or false), a list
(``default: [1, 3, 5, 7]``: whole numbers, each inside ``minimum`` and ``maximum``, or names; 1 to
``LONGEST_LIST`` of them) or a named choice (``default: hard, choices: [easy, hard]``). Expressions read a
list as a CEL list (``piles[0]``, ``size(piles)``) and a choice as its text; sizes (``kit_sizes``) read them
too. A game's value for one is checked against its kind as the game is created (``parameter_values``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.engine.errors import InvalidSetup
from domain.games.table_kit.vocabulary.kit_mistakes import did_you_mean

LONGEST_LIST = 20
"""The most values a list parameter holds."""


def kind_of(spec: dict[str, Any]) -> str:
    """What a parameter is, by its default: ``switch``, ``number``, ``list`` or ``choice``."""
    default = spec["default"]
    return ("switch" if isinstance(default, bool) else "list" if isinstance(default, list)
            else "choice" if isinstance(default, str) else "number")


def value_problem(name: str, spec: dict[str, Any], value: Any) -> str | None:
    """What is wrong with ``value`` for a list or choice parameter (``None``: nothing); numbers and switches are
    checked as they always were (``parameter_values``)."""
    kind = kind_of(spec)
    if kind == "choice":
        choices = list(spec.get("choices", []))
        if value not in choices:
            return f"parameter {name!r} is one of {', '.join(map(str, choices))}, not {value!r}"
        return None
    if kind != "list":
        return None
    numbers = all(isinstance(item, int) and not isinstance(item, bool) for item in spec["default"])
    shape = "whole numbers" if numbers else "names"
    if not isinstance(value, list) or not 1 <= len(value) <= LONGEST_LIST:
        return f"parameter {name!r} is a list of 1 to {LONGEST_LIST} {shape}, not {value!r}"
    for item in value:
        if numbers and (isinstance(item, bool) or not isinstance(item, int)) or not numbers and not isinstance(item, str):
            return f"parameter {name!r} is a list of {shape} (as its default {spec['default']!r}); {item!r} is not one"
        if numbers and not spec.get("minimum", item) <= item <= spec.get("maximum", item):
            return f"parameter {name!r} holds numbers from {spec.get('minimum', '')} to {spec.get('maximum', '')}; {item} is outside"
    return None


def default_problems(declared: dict[str, Any]) -> list[tuple[tuple[str | int, ...], str]]:
    """Each list or choice parameter's default, and its choices, checked as a game's value is."""
    out: list[tuple[tuple[str | int, ...], str]] = []
    for name, spec in declared.items():
        kind = kind_of(spec)
        if "choices" in spec and kind != "choice":
            out.append((("parameters", name, "choices"), "choices are for a parameter whose default is a name"))
        elif kind == "choice" and not spec.get("choices"):
            out.append((("parameters", name, "default"), "a parameter whose default is a name lists its choices (choices: [...])"))
        elif kind == "list" and spec["default"] and len({type(item) for item in spec["default"]}) > 1:
            out.append((("parameters", name, "default"), "a list parameter holds whole numbers or names, not both"))
        else:
            problem = value_problem(name, spec, spec["default"])
            if problem is not None:
                out.append((("parameters", name, "default"), problem))
    return out


def parameter_values(document: dict[str, Any], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """A game's parameters: the kit's defaults, with the values ``given`` (a game's options) checked against
    their kind and range; ``InvalidSetup`` for a value the kit does not take."""
    declared = document.get("parameters", {})
    values = {name: spec["default"] for name, spec in declared.items()}
    for name, value in dict(given or {}).items():
        spec = declared.get(name)
        if spec is None:
            raise InvalidSetup(f"this kit has no parameter {name!r}" + did_you_mean(name, declared) + (f"; its parameters: {', '.join(declared)}" if declared else ""))
        if kind_of(spec) in ("list", "choice"):  # a list or a named choice: kit_parameters
            problem = value_problem(name, spec, value)
            if problem is not None:
                raise InvalidSetup(problem)
            values[name] = value
            continue
        if isinstance(spec["default"], bool) != isinstance(value, bool) or not isinstance(value, (int, bool)):
            raise InvalidSetup(f"parameter {name!r} is {'true or false' if isinstance(spec['default'], bool) else 'a whole number'}, not {value!r}")
        if not isinstance(value, bool) and not spec.get("minimum", value) <= value <= spec.get("maximum", value):
            raise InvalidSetup(f"parameter {name!r} ranges {spec.get('minimum', '')}..{spec.get('maximum', '')}; {value} is outside")
        values[name] = value
    return values
