"""A choice's ``where`` tried on its candidates, each answer remembered with what it read of the board.

A condition that reads only its candidate, the seat, the seat count and the parameters, and reads the board only
through ``owner(s)`` and ``kind(s)`` (its other functions, ``row``, ``step``..., follow from the kit's grid and the
seat alone), goes the same way, read by read, on any board where the spaces it read hold what they held when it was
worked out: its answer then is the same. So each candidate's answer is kept with the owners and kinds it read, and
worked out again only where one of them changed (Connect Four's ``row(to) == 1 || owner(step(to, "south")) != 0``
reads one space, which one drop changes for one column). A condition that reads anything else is sifted as before.
"""

from __future__ import annotations

from typing import Any

from domain.games.table_kit.language.expressions import CANDIDATES, Expression, OutOfTime
from domain.games.table_kit.play.kit_scope import Scope

TRACED = frozenset({"owner", "kind"})
"""The functions reading the board whose answers a remembered answer is kept with."""
STEADY = frozenset({"row", "column", "step", "along", "link", "mark", "neighbours", "abs"})
"""The functions whose answers follow from the kit's board and the seat acting alone."""
MOST_REMEMBERED = 4096
"""The most candidates' answers a choice keeps (past them, it starts again)."""

Read = tuple[bool, Any, Any]
"""A read of the board: ``owner`` (or ``kind``), the space asked about, and the answer."""


class Sifter:
    """The answers of one choice's ``where`` (named ``name``'s candidate), by the rules, the values it reads besides
    the candidate, and the candidate: each a tree of the reads it made, whether it held at each end (``_kept``)."""

    def __init__(self, where: Expression, name: str) -> None:
        self.name = name
        self.others = tuple(sorted(set(where.names) - {name}))
        self.usable = set(where.functions) <= TRACED | STEADY
        self._rules: Any = None
        self._answers: dict[Any, dict[Any, Any]] = {}
        self._count = 0

    def sifted(self, scope: Any, found: list[Any], where_all: Expression) -> list[Any] | None:
        """The candidates ``found`` for which the ``where`` holds, in order; ``None`` where it cannot say (the
        condition reads more, or fails: the caller sifts them the usual way, and says why)."""
        if not self.usable or not isinstance(scope, Scope):
            return None
        key = self._key(scope)
        if key is None:
            return None
        answers = self._answers.get(key)
        if answers is None:
            answers = self._answers[key] = {}
        board = scope.board
        seated, kind = board.seated, board.kind
        kept = []
        for candidate in found:
            node = answers.get(candidate)
            while type(node) is tuple:  # a read: where it goes on from, by the answer to it
                owner, space, then = node
                node = then.get(seated.get(space, 0) if owner else kind(space))
            if node is None:
                node = self._worked_out(scope, candidate, where_all, answers)
                if node is None:
                    return None
            if node:
                kept.append(candidate)
        return kept

    def _key(self, scope: Any) -> Any:
        """The values the condition reads besides its candidate (``None``: it reads one that may change in play)."""
        rules = scope.rules
        if rules is not self._rules:
            self._rules, self._answers, self._count = rules, {}, 0
        values: list[Any] = [scope.seat]
        for name in self.others:
            if name not in ("seat", "seats") and (name not in rules.parameters or name == "phase" or name in scope.chosen):
                return None
            value = scope[name]
            if not isinstance(value, (str, int, float)):
                return None
            values.append(value)
        return tuple(values)

    def _worked_out(self, scope: Any, candidate: Any, where_all: Expression, answers: dict[Any, Any]) -> bool | None:
        """Whether the condition holds for the candidate on this board, worked out with its reads noted and kept."""
        if not isinstance(candidate, (str, int)) or isinstance(candidate, bool):
            return None
        board = scope.board
        seated = board.seated
        reads: list[Read] = []

        def owner(space: Any) -> Any:
            found = seated.get(space, 0)
            reads.append((True, space, found))
            return found

        def kind(space: Any) -> Any:
            found = board.kind(space)
            reads.append((False, space, found))
            return found

        tried = scope.with_functions({**scope.chosen, CANDIDATES: [candidate]}, {"owner": owner, "kind": kind})
        try:
            kept = where_all.value(tried)
        except OutOfTime:
            raise
        except Exception:  # noqa: BLE001 -- failing: the caller sifts the usual way and says why
            return None
        if not isinstance(kept, list):
            return None
        if self._count >= MOST_REMEMBERED:
            self._answers, self._count = {}, 0
            answers = self._answers.setdefault(self._key(scope), {})
        self._count += 1
        return _kept(answers, candidate, reads, bool(kept))


def _kept(answers: dict[Any, Any], candidate: Any, reads: list[Read], held: bool) -> bool | None:
    """``held`` kept for the candidate at the end of its reads, in its tree of them: a read is (``owner``, the space,
    where it goes on by each answer); the answer at its end, whether the condition held. ``None`` where the reads
    part from those kept before them (a condition that does not go the same way on the same reads)."""
    if not reads:
        answers[candidate] = held
        return held
    node = answers.get(candidate)
    if node is None:
        node = answers[candidate] = (reads[0][0], reads[0][1], {})
    for at, (owner, space, value) in enumerate(reads):
        if type(node) is not tuple or node[0] != owner or node[1] != space:
            return None
        then = node[2]
        if at + 1 == len(reads):
            then[value] = held
            return held
        following = then.get(value)
        if following is None:
            following = then[value] = (reads[at + 1][0], reads[at + 1][1], {})
        node = following
    return held
