"""The bounds of ``kit_bounds`` checked when a kit is read, where the kit alone tells whether they can be crossed:

- a number choice whose bounds are numbers (or ``seats``, or a parameter with its ``minimum`` and ``maximum``)
  offering more than ``MOST_NUMBERS`` numbers;
- an action whose number choices so bounded make more than ``MOST_OFFERED`` commands at once (a choice of
  another kind, or a number choice bounded by the table, counted as one value: play counts it);
- a list of steps (an action's effects, the setup, each rule's) that may take more than ``MOST_STEPS_TAKEN``
  steps: its named steps unfolded, at most ``MOST_LANDINGS`` inside each other as in play, each ``repeat``
  taken its most (``MOST_REPEATS``) times, each ``if`` by its longer branch.

Each is one mistake at its place (``checks.rule_problems``); what depends on the table is bounded in play.
"""

from __future__ import annotations

import re
from typing import Any

from domain.games.table_kit.play.kit_bounds import (
    MOST_NUMBERS,
    MOST_OFFERED,
    MOST_STEPS_TAKEN,
)
from domain.games.table_kit.play.kit_steps import MOST_LANDINGS, MOST_REPEATS, Step

Path_ = tuple[str | int, ...]
PAST = MOST_STEPS_TAKEN + 1
"""A count of steps past the bound: counts stop there (named steps that each do the next twice grow as 2^n)."""
WHOLE = re.compile(r"\s*-?\d+\s*")


def bound_problems(document: dict[str, Any], rules: Any) -> list[tuple[Path_, str]]:
    """Each place where the kit (``rules``: its compiled rules) can be known to cross a bound, with what to say."""
    return _choice_problems(document) + _step_problems(rules)


def _choice_problems(document: dict[str, Any]) -> list[tuple[Path_, str]]:
    """Number choices too wide, and actions whose number choices make too many commands."""
    seats, parameters = document["seats"], document.get("parameters", {})
    out: list[tuple[Path_, str]] = []
    for n, action in enumerate(document["play"]["actions"]):
        wide, made, most_made = False, 1, 0
        for k, choice in enumerate(action.get("choose", [])):
            bounds = choice.get("number")
            if not isinstance(bounds, list) or len(bounds) != 2:
                continue
            least, most = _extreme(bounds[0], seats, parameters, "minimum"), _extreme(bounds[1], seats, parameters, "maximum")
            if least is None or most is None:
                continue  # bounded by the table: counted in play
            count = max(0, most - least + 1)
            if count > MOST_NUMBERS:
                wide = True
                out.append(((*_at(n), "choose", k, "number"), f"[{bounds[0]}, {bounds[1]}] offers up to {count:,} numbers; "
                            f"a number choice may offer at most {MOST_NUMBERS:,} (each is a command)"))
            made *= count
            most_made = max(most_made, made)
        if most_made > MOST_OFFERED and not wide:
            out.append(((*_at(n), "choose"), f"the choices of {action.get('name')!r} make up to {most_made:,} commands at once; "
                        f"an action may make at most {MOST_OFFERED:,}"))
    return out


def _at(n: int) -> Path_:
    return ("play", "actions", n)


def _extreme(bound: Any, seats: dict[str, Any], parameters: dict[str, Any], end: str) -> int | None:
    """The least (``end``: ``minimum``) or the most (``maximum``) a number choice's bound can be, where the kit alone
    says: a whole number, ``seats``, or a parameter that declares it; else ``None``."""
    if isinstance(bound, bool):
        return None
    if isinstance(bound, int):
        return bound
    if not isinstance(bound, str):
        return None
    if WHOLE.fullmatch(bound):
        return int(bound)
    name = bound.strip()
    if name == "seats":
        return int(seats["fewest" if end == "minimum" else "most"])
    spec = parameters.get(name)
    found = spec.get(end) if isinstance(spec, dict) and not isinstance(spec.get("default"), bool) else None
    return found if isinstance(found, int) and not isinstance(found, bool) else None


def _step_problems(rules: Any) -> list[tuple[Path_, str]]:
    """Each list of steps that may take more than ``MOST_STEPS_TAKEN``, at the step by which it may."""
    lists = [*(action["effects"] for action in rules.actions.values()), rules.setup, rules.stuck or [], rules.turn_begins,
             *(effects for _, effects in rules.landing), *(effects for _, effects in rules.whenever),
             *([rules.together[1]] if rules.together is not None else [])]
    most = MostSteps(rules.defined)
    out: list[tuple[Path_, str]] = []
    for steps in lists:
        taken = 0
        for step in steps:
            taken += most.step(step, 0)
            if taken > MOST_STEPS_TAKEN:
                out.append((step[2], f"these steps may take more than {MOST_STEPS_TAKEN:,} by here (named steps unfolded, a repeat "
                                     f"{MOST_REPEATS} times); one action or the setup takes at most {MOST_STEPS_TAKEN:,}"))
                break
    return out


class MostSteps:
    """The most steps a list of steps may take, named steps unfolded as play takes them, each count stopping
    at ``PAST``; each named step's worked out once at each depth."""

    def __init__(self, defined: dict[str, list[Step]]) -> None:
        self.defined = defined
        self.known: dict[tuple[str, int], int] = {}

    def steps(self, steps: list[Step], depth: int) -> int:
        """The most the steps take, ``depth`` named steps inside each other already."""
        taken = 0
        for step in steps:
            taken = min(PAST, taken + self.step(step, depth))
            if taken == PAST:
                break
        return taken

    def step(self, step: Step, depth: int) -> int:
        """The most one step takes: itself, and the steps inside it."""
        kind, spec, _ = step
        inside = 0
        if kind == "if":
            inside = max(self.steps(spec[1], depth), self.steps(spec[2], depth))
        elif kind == "repeat":
            inside = MOST_REPEATS * self.steps(spec[1], depth)
        elif kind == "do" and depth < MOST_LANDINGS:  # deeper, play refuses the action
            key = (spec, depth + 1)  # a named step that does itself does so one deeper: no key waits on itself
            if key not in self.known:
                self.known[key] = self.steps(self.defined[spec], depth + 1)
            inside = self.known[key]
        return min(PAST, 1 + inside)
