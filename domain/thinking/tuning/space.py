"""The values a tune may try: the knobs a game offers and the ranges a designer asks for.

A *knob* is one option of a ruleset (a whole number with its limits and step, a switch, a named choice,
from ``Ruleset.describe_options``) or one parameter of a kit with rules (from its ``parameters``). A
*dimension* is a knob with the values a tune tries, read from ``NAME=LOW..HIGH[:STEP]`` (whole numbers),
``NAME=A,B,C`` (any kind) or a bare ``NAME`` (a switch's both values, a choice's every name). Every value is
checked against the knob's limits before any game is played: an unknown name, a value out of range or off
the option's step, a range with one value, is a ``InvalidSetup`` naming what the game allows.

``Space`` is the dimensions together: its candidates (the grid, in order), and the options a game of one
candidate is played with (a kit's in its ``parameters``, beside those the designer fixed).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from domain.engine.errors import InvalidSetup
from domain.engine.ruleset import Ruleset

WHOLE, SWITCH, CHOICE = "whole number", "switch", "choice"
MOST_CANDIDATES = 1_000_000
"""The most candidates a space may hold (every combination of its dimensions' values)."""
_RANGE = re.compile(r"^\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*(?::\s*(\d+)\s*)?$")

Candidate = tuple[Any, ...]
"""One value for each dimension of a space, in the dimensions' order."""


@dataclass(frozen=True)
class Knob:
    """One option (or kit parameter) a tune may vary: its kind, limits, step and choices, and its default."""

    name: str
    kind: str
    default: Any
    low: int | None = None
    high: int | None = None
    step: int = 1
    choices: tuple[Any, ...] = ()

    def allows(self, value: Any) -> str | None:
        """Why the value is not one this knob takes, or ``None``."""
        if self.kind == WHOLE:
            if isinstance(value, bool) or not isinstance(value, int):
                return f"{value!r} is not a whole number"
            if self.low is not None and value < self.low:
                return f"{value} is below its minimum, {self.low}"
            if self.high is not None and value > self.high:
                return f"{value} is above its maximum, {self.high}"
            if value % self.step:
                return f"{value} is not a multiple of {self.step}"
            return None
        if value not in self.choices or (isinstance(value, bool) != isinstance(self.choices[0], bool)):
            return f"{value!r} is not one of {', '.join(_shown(c) for c in self.choices)}"
        return None

    def limits(self) -> str:
        if self.kind == WHOLE:
            low = "any" if self.low is None else self.low
            high = "any" if self.high is None else self.high
            return f"a whole number from {low} to {high}" + (f" in steps of {self.step}" if self.step != 1 else "")
        return f"one of {', '.join(_shown(c) for c in self.choices)}"


@dataclass(frozen=True)
class Dimension:
    """A knob and the values a tune tries for it, in order."""

    knob: Knob
    values: tuple[Any, ...]

    @property
    def name(self) -> str:
        return self.knob.name


def knobs(rules: Ruleset, options: dict[str, Any]) -> dict[str, Knob]:
    """The options a tune may vary: a kit's parameters where the options hold a kit, else the ruleset's
    options that are whole numbers, switches or named choices (lists and layouts are not tuned)."""
    kit = options.get("kit")
    if isinstance(kit, dict):
        return {name: knob for name, spec in (kit.get("parameters") or {}).items() if (knob := _kit_knob(name, spec))}
    properties = rules.describe_options().get("properties", {})
    return {name: knob for name, spec in properties.items() if (knob := _option_knob(name, spec))}


def _kit_knob(name: str, spec: dict[str, Any]) -> Knob | None:
    default = spec.get("default")
    if isinstance(default, bool):
        return Knob(name, SWITCH, default, choices=(False, True))
    if isinstance(default, int):
        return Knob(name, WHOLE, default, spec.get("minimum"), spec.get("maximum"))
    if isinstance(default, str) and spec.get("choices"):
        return Knob(name, CHOICE, default, choices=tuple(spec["choices"]))
    return None


def _option_knob(name: str, spec: dict[str, Any]) -> Knob | None:
    default = spec.get("default")
    if spec.get("type") == "boolean":
        return Knob(name, SWITCH, default, choices=(False, True))
    if spec.get("type") == "integer":
        step = spec.get("multipleOf", 1)
        return Knob(name, WHOLE, default, spec.get("minimum"), spec.get("maximum"), step if isinstance(step, int) else 1)
    enum = spec.get("enum")
    if enum and all(isinstance(value, (str, int)) and not isinstance(value, bool) for value in enum):
        return Knob(name, CHOICE, default, choices=tuple(enum))
    return None


def dimension(text: str, offered: dict[str, Knob], game: str) -> Dimension:
    """``NAME=LOW..HIGH[:STEP]``, ``NAME=A,B,C`` or ``NAME`` as a dimension of a space, every value checked."""
    name, sep, given = text.partition("=")
    name = name.strip()
    knob = offered.get(name)
    if knob is None:
        known = ", ".join(f"{key} ({k.limits()})" for key, k in offered.items()) or "none"
        raise InvalidSetup(f"{game} has no option {name!r} to vary; it has: {known}")
    if not sep:
        if knob.kind == WHOLE:
            raise InvalidSetup(f"{name} is {knob.limits()}: give the values to try as {name}=LOW..HIGH[:STEP]")
        values: tuple[Any, ...] = knob.choices
    elif (found := _RANGE.match(given)) is not None:
        values = _range(knob, int(found[1]), int(found[2]), found[3])
    else:
        values = tuple(_value(knob, part) for part in given.split(","))
    for value in values:
        if (why := knob.allows(value)) is not None:
            raise InvalidSetup(f"{name}: {why} ({name} is {knob.limits()})")
    if len(set(values)) != len(values):
        raise InvalidSetup(f"{name}: a value is given twice")
    if len(values) < 2:
        raise InvalidSetup(f"{name}: a tune needs at least two values to choose between, not {len(values)}")
    return Dimension(knob, values)


def _range(knob: Knob, low: int, high: int, step_text: str | None) -> tuple[int, ...]:
    if knob.kind != WHOLE:
        raise InvalidSetup(f"{knob.name} is {knob.limits()}: a range LOW..HIGH is for whole numbers; list its values")
    step = int(step_text) if step_text else knob.step
    if step < 1:
        raise InvalidSetup(f"{knob.name}: the step must be 1 or more, not {step}")
    if low > high:
        raise InvalidSetup(f"{knob.name}: the range {low}..{high} runs backwards")
    if (high - low) // step + 1 > MOST_CANDIDATES:
        raise InvalidSetup(f"{knob.name}: the range {low}..{high} holds more than {MOST_CANDIDATES:,} values")
    return tuple(range(low, high + 1, step))


def _value(knob: Knob, text: str) -> Any:
    text = text.strip()
    if knob.kind == WHOLE:
        try:
            return int(text)
        except ValueError:
            raise InvalidSetup(f"{knob.name}: {text!r} is not a whole number ({knob.name} is {knob.limits()})") from None
    if knob.kind == SWITCH:
        if text.lower() not in ("true", "false"):
            raise InvalidSetup(f"{knob.name}: {text!r} is not true or false")
        return text.lower() == "true"
    return next((choice for choice in knob.choices if str(choice) == text), text)


def _shown(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


@dataclass(frozen=True)
class Space:
    """The dimensions a tune varies together, and the options each candidate is played with."""

    dimensions: tuple[Dimension, ...]
    kit: bool

    def __post_init__(self) -> None:
        names = [d.name for d in self.dimensions]
        if not names:
            raise InvalidSetup("a tune varies at least one option: give --vary NAME=LOW..HIGH")
        if len(set(names)) != len(names):
            raise InvalidSetup(f"{next(n for n in names if names.count(n) > 1)} is varied twice")
        if self.size > MOST_CANDIDATES:
            raise InvalidSetup(f"the values varied together make {self.size:,} candidates, more than {MOST_CANDIDATES:,}")

    @property
    def names(self) -> list[str]:
        return [d.name for d in self.dimensions]

    @property
    def size(self) -> int:
        size = 1
        for d in self.dimensions:
            size *= len(d.values)
        return size

    def candidates(self) -> Iterator[Candidate]:
        return itertools.product(*(d.values for d in self.dimensions))

    def named(self, candidate: Sequence[Any]) -> dict[str, Any]:
        return dict(zip(self.names, candidate))

    def options(self, fixed: dict[str, Any], candidate: Sequence[Any]) -> dict[str, Any]:
        """The options of a game of this candidate: the designer's fixed options with the candidate's values
        (a kit's among its parameters)."""
        if not self.kit:
            return {**fixed, **self.named(candidate)}
        return {**fixed, "parameters": {**fixed.get("parameters", {}), **self.named(candidate)}}

    def current(self, fixed: dict[str, Any]) -> Candidate:
        """The candidate the game plays today: the fixed options' values, else each knob's default."""
        given = fixed.get("parameters", {}) if self.kit else fixed
        return tuple(given.get(d.name, d.knob.default) for d in self.dimensions)
