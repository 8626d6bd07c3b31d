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

from domain.games.table_kit.expressions import CANDIDATES, Expression, ExpressionFailed, cel_library, filtering, within_deadline
from domain.games.table_kit.recorded_calls import NONE, Call, Record, names_key, recording, remember, replayed

MARK = "__candidate"
"""The function the recording filter calls first for each candidate (it answers true)."""


class Sieve:
    """A condition on one value named ``name``, tried on many at once."""

    def __init__(self, condition: Expression, name: str) -> None:
        self.condition, self.name = condition, name
        self.whole = filtering(condition, name)
        self.others = tuple(other for other in condition.names if other != name)
        self.recording = cel_library().compile(f"{CANDIDATES}.filter({name}, {MARK}({name}) && ({condition.source}))")
        self.memo: dict[Any, list[Record]] = {}

    def sift(self, scope: Mapping[str, Any], candidates: list[Any]) -> list[Any]:
        """Those of ``candidates`` for which the condition holds, in order (``scope`` gives the other names and the
        kit's functions); ``ExpressionFailed`` as the condition's own evaluation fails."""
        if not candidates:
            return []
        try:
            given = {other: scope[other] for other in self.others}
        except KeyError:
            return self._plain(scope, candidates)  # fails, naming what is missing
        names = names_key(given.values())
        functions = {name: scope.function(name) for name in self.condition.functions}  # type: ignore[attr-defined]
        answers: dict[Any, bool] = {}
        missed: list[Any] = []
        memo = self.memo
        for candidate in candidates:
            records = memo.get((candidate, names))
            answer = NONE if records is None else replayed(records, functions)
            if answer is NONE:
                missed.append(candidate)
            else:
                answers[candidate] = answer
        if missed:
            self._record(scope, given, names, functions, missed, answers)
        return [candidate for candidate in candidates if answers[candidate]]

    def _record(self, scope: Mapping[str, Any], given: dict[str, Any], names: Any, functions: dict[str, Callable[..., Any]],
                missed: list[Any], answers: dict[Any, bool]) -> None:
        """Try ``missed`` with CEL, all at once, each call to a kit's function recorded for its candidate."""
        calls: dict[Any, list[Call]] = {}
        current: list[list[Call]] = [[]]

        def mark(candidate: Any) -> bool:
            current[0] = calls[candidate] = []
            return True

        given_functions = {name: recording(name, function, current) for name, function in functions.items()}
        within_deadline()
        try:
            kept = self.recording.execute(cel_library().Context(variables={**given, CANDIDATES: missed}, functions={**given_functions, MARK: mark}))
        except Exception:  # noqa: BLE001 -- tried again plainly, which fails naming the condition
            kept = self._plain(scope, missed)
            answers.update((candidate, candidate in kept) for candidate in missed)
            return
        if not isinstance(kept, list):
            raise ExpressionFailed(f"{self.condition.source!r} is a condition, but its value is not true or false")
        holding = set(kept)
        for candidate in missed:
            answer = answers[candidate] = candidate in holding
            remember(self.memo, (candidate, names), (tuple(calls.get(candidate, ())), answer))

    def _plain(self, scope: Mapping[str, Any], candidates: list[Any]) -> list[Any]:
        kept = self.whole.value(scope.with_choice({**scope.chosen, CANDIDATES: list(candidates)}))  # type: ignore[attr-defined]
        if not isinstance(kept, list):
            raise ExpressionFailed(f"{self.condition.source!r} is a condition, but its value is not true or false")
        return kept
