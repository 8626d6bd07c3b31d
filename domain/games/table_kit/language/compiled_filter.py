"""A condition of a kit's choice made a filter of many candidates at once (a choice's ``where``): the condition's
closures (``compiled_expressions``) run for each candidate, the candidate bound to the choice's name, the
scope's names and the kit's functions each asked of the scope once for the whole list (it stands still while
the filter runs). Like every closure, the filter gives CEL's answer or raises, and CEL's own filter is asked."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.games.table_kit.language.compiled_expressions import Compiled, compiled_program
from domain.games.table_kit.language.compiled_values import LISTS, Unsure


def compiled_filter(text: str, name: str, candidates: str) -> Compiled | None:
    """The condition ``text`` on the value ``name`` made a filter: a closure giving the values of the list
    ``scope[candidates]`` for which it holds (each a text or an int), or ``None`` for a text it does not take."""
    found = compiled_program(text, (name,))
    if found is None:
        return None
    sift = _sifting(found.run, name)
    return Compiled(lambda scope: sift(scope, scope[candidates]), found.names | {candidates}, found.functions)


def compiled_sift(text: str, name: str) -> Callable[[Any, Any], list[Any]] | None:
    """The same filter given its candidates beside the scope (``sift(scope, candidates)``), rather than under a name
    of a scope made for them; ``None`` for a text it does not take."""
    found = compiled_program(text, (name,))
    return None if found is None else _sifting(found.run, name)


def _sifting(condition: Callable[..., Any], name: str) -> Callable[[Any, Any], list[Any]]:
    def sift(scope: Any, given: Any) -> list[Any]:
        if type(given) not in LISTS:
            raise Unsure
        kept, environment, steady = [], {}, _Steady(scope)
        for candidate in given:
            kind = type(candidate)
            if kind is not str and kind is not int:
                raise Unsure
            environment[name] = candidate
            holds = condition(steady, environment)
            if holds is True:
                kept.append(candidate)
            elif holds is not False:
                raise Unsure
        return kept
    return sift


class _Steady(dict):  # type: ignore[type-arg]
    """A scope as every candidate of a filter reads it: each name's value, and each kit's function, asked of the
    scope once (it stands still while the filter runs), then found in a dict."""

    def __init__(self, scope: Any) -> None:
        super().__init__()
        self.scope = scope
        self.function = _Functions(scope).__getitem__

    def __missing__(self, name: str) -> Any:
        found = self[name] = self.scope[name]
        return found


class _Functions(dict):  # type: ignore[type-arg]
    def __init__(self, scope: Any) -> None:
        super().__init__()
        self.scope = scope

    def __missing__(self, name: str) -> Any:
        found = self[name] = self.scope.function(name)
        return found
