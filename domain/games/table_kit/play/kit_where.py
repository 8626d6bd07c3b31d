"""A choice's ``where`` tried on its candidates (``kit_choices``): each candidate's answer looked up where it was kept
(by the values the condition read and what it read of the board, ``kit_sift.Sifter``; by the space and its owner,
``kit_sift.OpenBySpace``), else worked out on the table, by the condition's closures given the candidates
(``compiled_filter.compiled_sift``), else by CEL's filter, which says why a condition fails."""

from __future__ import annotations

from typing import Any

from domain.engine.rule_time import overdue
from domain.games.table_kit.language.compiled_filter import compiled_sift
from domain.games.table_kit.language.expressions import (
    CANDIDATES,
    Expression,
    ExpressionFailed,
    OutOfTime,
    filtering,
    within_deadline,
)
from domain.games.table_kit.play.kit_scope import Scope
from domain.games.table_kit.play.kit_open_spaces import OpenBySpace
from domain.games.table_kit.play.kit_sift import Sifter


class Where:
    """The ``where`` of a choice named ``name``, its candidates ``spaces`` or not (a number or a card)."""

    def __init__(self, where: Expression, name: str, spaces: bool) -> None:
        self.where, self.name, self.spaces = where, name, spaces
        self.whole = filtering(where, name)
        """The condition over all candidates at once (its closures try each in turn, CEL's filter the whole list
        where one of them cannot say)."""
        self.sift: Any = None if self.whole.fast is None else compiled_sift(where.source, name)
        """The closures of ``whole`` given the candidates beside the scope, where it has closures; else ``None``."""
        self.sifter = Sifter(where, name)
        """Each candidate's answer, kept by the values read and with what it read of the board."""
        found = OpenBySpace(where, name) if spaces else None
        self.by_space = found if found is not None and found.usable else None
        """Each space's answer by the space and its owner, for a condition on spaces that reads the board only as
        ``owners[name]`` and ``name in owners`` and calls no function; else ``None``."""

    def sifted(self, scope: Scope, found: list[Any]) -> list[Any]:
        """The candidates ``found`` for which the condition holds, in order."""
        if not found:
            return []
        kept = self.sifter.sifted(scope, found, self.whole)
        if kept is not None:
            return kept
        by_space = self.by_space
        if by_space is None:
            return self.afresh(scope, found)
        kept = by_space.sifted(scope, found)
        if kept is None:
            kept = self.afresh(scope, found)
            by_space.learn(scope, found, frozenset(kept))  # type: ignore[arg-type]
        return kept

    def afresh(self, scope: Scope, found: list[Any]) -> list[Any]:
        """The candidates for which the condition holds, in order, worked out on this table."""
        sift = self.sift
        if sift is not None:  # as a filter gives it, without a scope made to hold the candidates
            if overdue() is not None:
                within_deadline()
            try:
                return sift(scope, found)  # type: ignore[no-any-return]
            except OutOfTime:
                raise
            except Exception:  # noqa: BLE001,S110 -- unsure, or failing: the filter asks CEL, which says why
                pass
        kept = self.whole.value(scope.with_choice({**scope.chosen, CANDIDATES: found}))
        if not isinstance(kept, list):
            raise ExpressionFailed(f"{self.where.source!r} is a condition, but its value is not true or false")
        return kept
