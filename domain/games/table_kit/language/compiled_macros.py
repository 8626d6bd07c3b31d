"""CEL's macros (``all``, ``exists``, ``exists_one``, ``filter``, ``map``) as closures for ``compiled_expressions``.

Over a list a macro walks its entries in order, as the binding does: ``all`` stops at the first false, ``exists``
at the first true (the binding stops there too, so what follows, even a failure, never counts). Over a map it
walks the keys. The binding walks them in an order of its own that changes from one evaluation to the next, so
``filter`` and ``map`` over a map walk its keys in the map's own order instead: the order the table gives them
(seats in order, a keyed counter's keys in order, ``owners`` in the order of the table's pieces, a map written out
as it is written). Their lists then follow the table alone, and the rules decide the same facts from the same table
and chance, as a replay of a decision and a seeded random game need. ``all``, ``exists`` and ``exists_one``, whose
answers no order changes, work out every key's answer first over a map (any failure: ``Unsure``, CEL is asked). The
macro's variable is set in an environment of its own, the outer one copied, for its body to read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.games.table_kit.language.compiled_values import LISTS, Unsure

Closure = Callable[[Any, Any], Any]


def _walked(over: Closure, scope: Any, environment: Any) -> tuple[Any, dict[str, Any]]:
    """The list or map a macro walks, and the environment its body runs in (the outer one copied)."""
    found = over(scope, environment)
    if type(found) not in LISTS and type(found) is not dict:
        raise Unsure
    return found, {} if environment is None else dict(environment)


def _truths(body: Closure, variable: str, found: Any, scope: Any, inner: dict[str, Any]) -> list[bool]:
    """The body's value for every entry (or key) walked, each a bool."""
    out = []
    for item in found:
        inner[variable] = item
        holds = body(scope, inner)
        if holds is not True and holds is not False:
            raise Unsure
        out.append(holds)
    return out


def _all(over: Closure, variable: str, body: Closure) -> Closure:
    def every(scope: Any, environment: Any) -> bool:
        found, inner = _walked(over, scope, environment)
        if type(found) is dict:  # the binding's order is its own: every key's answer is needed
            return all(_truths(body, variable, found, scope, inner))
        for item in found:  # in order, as the binding: the first false decides
            inner[variable] = item
            holds = body(scope, inner)
            if holds is False:
                return False
            if holds is not True:
                raise Unsure
        return True
    return every


def _exists(over: Closure, variable: str, body: Closure) -> Closure:
    def some(scope: Any, environment: Any) -> bool:
        found, inner = _walked(over, scope, environment)
        if type(found) is dict:
            return any(_truths(body, variable, found, scope, inner))
        for item in found:
            inner[variable] = item
            holds = body(scope, inner)
            if holds is True:
                return True
            if holds is not False:
                raise Unsure
        return False
    return some


def _exists_one(over: Closure, variable: str, body: Closure) -> Closure:
    def one(scope: Any, environment: Any) -> bool:
        found, inner = _walked(over, scope, environment)
        return sum(_truths(body, variable, found, scope, inner)) == 1
    return one


def _filter(over: Closure, variable: str, body: Closure) -> Closure:
    """``filter``: over a map, its keys in the map's order."""
    def kept(scope: Any, environment: Any) -> list[Any]:
        found, inner = _walked(over, scope, environment)
        return [item for item, holds in zip(found, _truths(body, variable, found, scope, inner)) if holds]
    return kept


def _map(over: Closure, variable: str, *bodies: Closure) -> Closure:
    """``map``, with or without its filter: over a map, its keys in the map's order."""
    test, made = bodies if len(bodies) == 2 else (None, bodies[0])

    def mapped(scope: Any, environment: Any) -> list[Any]:
        found, inner = _walked(over, scope, environment)
        if test is not None:
            found = [item for item, holds in zip(found, _truths(test, variable, found, scope, inner)) if holds]
        out = []
        for item in found:
            inner[variable] = item
            out.append(made(scope, inner))
        return out
    return mapped


MACROS: dict[str, Callable[..., Closure]] = {"all": _all, "exists": _exists, "exists_one": _exists_one, "filter": _filter, "map": _map}
