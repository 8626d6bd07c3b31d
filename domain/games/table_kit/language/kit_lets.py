"""Named values (``play.let``): an expression given a name once and read by that name in every expression of
the kit's rules, the others' ``let`` among them: ``let: {pot: "chips[1] + chips[2]"}``.

A named value reads the table as any expression does (not an action's choices: it is the table's), and is
worked out at most once for each look at the table (``kit_scope.Scope``: the legal commands, one step of an
action), only when an expression reads it. When the kit is read each name is checked (``kit_compile``), no
named value may read itself through others (``cycle``), and an expression costs what it costs plus what every
named value it reads costs, each once (``costs``): the bound of ``expression_cost`` holds for the whole.
"""

from __future__ import annotations

from typing import Any

from domain.games.table_kit.language.expression_cost import MOST_STEPS, CostError, Sizes, cost
from domain.games.table_kit.language.expressions import Expression

Path_ = tuple[str | int, ...]


def cycle(lets: dict[str, Expression]) -> list[str] | None:
    """A named value that reads itself through others, as the names in the loop (``[a, b, a]``), or ``None``."""
    done: set[str] = set()
    for name in lets:
        found = _walk(lets, done, name, [])
        if found is not None:
            return found
    return None


def _walk(lets: dict[str, Expression], done: set[str], name: str, trail: list[str]) -> list[str] | None:
    """The loop ``cycle`` finds from ``name``, reached by ``trail`` (``done``: the names found to lead to none). A
    function of its own: one nested in ``cycle`` and calling itself would hold itself, a cycle of references only
    the garbage collector lets go of."""
    if name in trail:
        return [*trail[trail.index(name):], name]
    if name in done:
        return None
    for read in lets[name].names:
        if read in lets:
            found = _walk(lets, done, read, [*trail, name])
            if found is not None:
                return found
    done.add(name)
    return None


def read(lets: dict[str, Expression], expression: Expression) -> set[str]:
    """Every named value an expression reads, and those they read in turn (no cycle: ``cycle`` ran first)."""
    found: set[str] = set()
    waiting = [name for name in expression.names if name in lets]
    while waiting:
        name = waiting.pop()
        if name not in found:
            found.add(name)
            waiting += [more for more in lets[name].names if more in lets]
    return found


def costs(lets: dict[str, Expression], sizes: Sizes) -> dict[str, int]:
    """What each named value costs on its own (its expression's price, ``expression_cost``)."""
    out: dict[str, int] = {}
    for name, expression in lets.items():
        try:
            out[name] = cost(expression.source, sizes)
        except CostError:
            out[name] = MOST_STEPS  # priced when it was compiled; a text this reading cannot follow was refused there
    return out


def cost_problem(lets: dict[str, Expression], own: dict[str, int], expression: Expression, sizes: Sizes) -> str | None:
    """What is wrong with an expression's cost with the named values it reads counted in, or ``None``."""
    names = read(lets, expression)
    if not names:
        return None
    try:
        steps = cost(expression.source, sizes) if expression.source not in lets else 0
    except CostError:
        return None
    total = steps + sum(own[name] for name in names)
    if total <= MOST_STEPS:
        return None
    return (f"with the named values it reads ({', '.join(sorted(names))}) it may take up to {total:,} steps to work out, "
            f"more than the {MOST_STEPS:,} an expression may")


def value(scope: Any, name: str) -> Any:
    """A named value as the scope's table stands, worked out once for it (its cache shared with the scopes
    ``with_choice`` makes from it)."""
    cache = scope.lets_worked_out
    if name not in cache:
        cache[name] = scope.rules.lets[name].value(scope)
    return cache[name]
