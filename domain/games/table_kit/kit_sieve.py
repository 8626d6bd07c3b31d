"""A choice's ``where`` tried on many candidates (every empty space of a grid), remembering each answer with
what it read, so that the next table asks CEL only about the candidates whose answer may have changed.

A condition's value depends on nothing but the names it reads and what the kit's functions it calls answer
(CEL has no other input, and its evaluation of the same inputs takes the same path). So each candidate's
answer is kept with the values of the other names the condition read and, in order, every call it made to a
kit's function with that call's answer (``row("c3") == 3``, ``owner("c2") == 0``). On a later table the calls
are made again in Python (a dictionary lookup each, where CEL's call into Python costs a conversion of every
argument and answer): if each answers the same, so does the condition. The candidates whose calls answer
otherwise, or that were never tried, are tried by CEL together, each call recorded (a marker call opens each
candidate's record). A few records are kept a candidate (the board around a space is in one of few states).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import cel

from domain.games.table_kit.expressions import CANDIDATES, Expression, ExpressionFailed, filtering

MARK = "__candidate"
"""The function the recording filter calls first for each candidate (it answers true)."""
KEPT_A_CANDIDATE = 4
"""The most records kept for one candidate and the same names (one per way the board around it stood)."""
MOST_KEPT = 50_000
"""The most candidates remembered by one condition before it forgets them all and starts again."""

Record = tuple[tuple[tuple[str, tuple[Any, ...], Any], ...], bool]
"""A candidate's calls (each function's name, its arguments and its answer, in order) and the condition's answer."""


class Sieve:
    """A condition on one value named ``name``, tried on many at once."""

    def __init__(self, condition: Expression, name: str) -> None:
        self.condition, self.name = condition, name
        self.whole = filtering(condition, name)
        self.others = tuple(other for other in condition.names if other != name)
        self.recording = cel.compile(f"{CANDIDATES}.filter({name}, {MARK}({name}) && ({condition.source}))")
        self.memo: dict[tuple[Any, Any], list[Record]] = {}

    def sift(self, scope: Mapping[str, Any], candidates: list[Any]) -> list[Any]:
        """Those of ``candidates`` for which the condition holds, in order (``scope`` gives the other names and the
        kit's functions); ``ExpressionFailed`` as the condition's own evaluation fails."""
        if not candidates:
            return []
        try:
            given = {other: scope[other] for other in self.others}
        except KeyError:
            return self._plain(scope, candidates)  # fails, naming what is missing
        names = tuple((type(value).__name__, _frozen(value)) for value in given.values())
        functions = {name: scope.function(name) for name in self.condition.functions}  # type: ignore[attr-defined]
        answers: dict[Any, bool] = {}
        missed: list[Any] = []
        memo = self.memo
        for candidate in candidates:
            records = memo.get((candidate, names))
            answer = None if records is None else _replayed(records, functions)
            if answer is None:
                missed.append(candidate)
            else:
                answers[candidate] = answer
        if missed:
            if len(memo) > MOST_KEPT:
                memo.clear()
            self._record(scope, given, names, functions, missed, answers)
        return [candidate for candidate in candidates if answers[candidate]]

    def _record(self, scope: Mapping[str, Any], given: dict[str, Any], names: Any, functions: dict[str, Callable[..., Any]],
                missed: list[Any], answers: dict[Any, bool]) -> None:
        """Try ``missed`` with CEL, all at once, each call to a kit's function recorded for its candidate."""
        calls: dict[Any, list[tuple[str, tuple[Any, ...], Any]]] = {}
        current: list[list[tuple[str, tuple[Any, ...], Any]]] = [[]]

        def mark(candidate: Any) -> bool:
            current[0] = calls[candidate] = []
            return True

        def recorded(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
            def call(*args: Any) -> Any:
                answer = function(*args)
                current[0].append((name, args, answer))
                return answer
            return call

        given_functions = {name: recorded(name, function) for name, function in functions.items()}
        try:
            kept = self.recording.execute(cel.Context(variables={**given, CANDIDATES: missed}, functions={**given_functions, MARK: mark}))
        except Exception:  # noqa: BLE001 -- tried again plainly, which fails naming the condition
            kept = self._plain(scope, missed)
            answers.update((candidate, candidate in kept) for candidate in missed)
            return
        if not isinstance(kept, list):
            raise ExpressionFailed(f"{self.condition.source!r} is a condition, but its value is not true or false")
        holding = set(kept)
        for candidate in missed:
            answer = answers[candidate] = candidate in holding
            key = (candidate, names)
            self.memo[key] = [(tuple(calls.get(candidate, ())), answer), *self.memo.get(key, ())][:KEPT_A_CANDIDATE]

    def _plain(self, scope: Mapping[str, Any], candidates: list[Any]) -> list[Any]:
        kept = self.whole.value(scope.with_choice({**scope.chosen, CANDIDATES: list(candidates)}))  # type: ignore[attr-defined]
        if not isinstance(kept, list):
            raise ExpressionFailed(f"{self.condition.source!r} is a condition, but its value is not true or false")
        return kept


def _replayed(records: list[Record], functions: dict[str, Callable[..., Any]]) -> bool | None:
    """The answer of the first record whose calls all answer the same now; ``None`` if none's do."""
    for calls, answer in records:
        for name, args, was in calls:
            try:
                now = functions[name](*args)
            except Exception:  # noqa: BLE001 -- a call that fails now: CEL is asked, and says why
                break
            if not _same(now, was):
                break
        else:
            return answer
    return None


def _same(now: Any, was: Any) -> bool:
    """Whether a function answered the same, of the same types all through (``1`` is not ``True`` to CEL)."""
    if type(now) is not type(was):
        return False
    if isinstance(now, list):
        return len(now) == len(was) and all(_same(a, b) for a, b in zip(now, was))
    if isinstance(now, dict):
        return now.keys() == was.keys() and all(_same(now[key], was[key]) for key in now)
    return bool(now == was)


def _frozen(value: Any) -> Any:
    """A value a condition reads, as a key (a map or list made a tuple, each item with its type)."""
    if isinstance(value, dict):
        return tuple(sorted((str(key), type(item).__name__, _frozen(item)) for key, item in value.items()))
    if isinstance(value, list):
        return tuple((type(item).__name__, _frozen(item)) for item in value)
    return value
