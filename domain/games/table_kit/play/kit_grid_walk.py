"""A choice's ``walk`` on a grid (``kit_choices``): the spaces a number of orthogonal steps from its origin, by
paths that never step straight back onto the space just left, each step onto a space its ``through`` condition
allows; worked out for every space at once, and remembered by the choice (its kit's board never changes)."""

from __future__ import annotations

from typing import Any

from domain.games.table_kit.language.expressions import CANDIDATES, Expression, ExpressionFailed
from domain.games.table_kit.board.kit_board import BoardView
from domain.games.table_kit.play.kit_scope import Scope

MOST_WALKS = 8192
"""The most walks a choice remembers (past them, it starts again)."""


def walked(board: BoardView, origin: str, count: int, open_: frozenset[str], memo: dict[Any, Any]) -> list[str]:
    """The spaces ``count`` orthogonal steps from ``origin``, by paths that never step straight back, each step onto a
    space of ``open_`` (``open_spaces``); ``memo``: the choice's walks, by origin, count and open spaces, and under
    ``""`` each space's neighbours."""
    if "" not in memo:  # each grid space's orthogonal neighbours: the kit's board never changes
        geometry = board.geometry
        memo[""] = {space: tuple(near for direction in ("north", "east", "south", "west") if (near := geometry.step(space, direction)))
                    for space in geometry.every}
    key = (origin, count, frozenset(open_))
    found = memo.get(key)
    if found is None:
        if len(memo) > MOST_WALKS:
            memo.clear()
            return walked(board, origin, count, open_, memo)
        found = memo[key] = walks(memo[""], *key)
    return list(found)


def open_spaces(scope: Scope, board: BoardView, name: str, through: Expression | None, open_all: Expression | None,
                memo: dict[Any, Any]) -> frozenset[str]:
    """The spaces ``through`` (of the choice named ``name``) lets a walk step onto, tried on every space at once
    (``open_all``: that condition over every space); remembered in ``memo`` by the values it reads when it calls
    no function (what it reads then is all it depends on)."""
    every = list(board.geometry.every)
    if through is None:
        return frozenset(every)
    key = None
    if not through.functions:
        key = ("through", *(_frozen(scope[read]) for read in through.names if read != name))
        found = memo.get(key)
        if found is not None:
            return found  # type: ignore[no-any-return]
    kept = open_all.value(scope.with_choice({**scope.chosen, CANDIDATES: every}))  # type: ignore[union-attr]
    if not isinstance(kept, list):
        raise ExpressionFailed(f"{through.source!r} is a condition, but its value is not true or false")
    found = frozenset(kept)
    if key is not None:
        memo[key] = found
    return found


def walks(neighbours: dict[str, tuple[str, ...]], origin: str, count: int, open_: frozenset[str]) -> tuple[str, ...]:
    """The spaces ``count`` orthogonal steps from ``origin`` by paths that never step straight back, each step onto
    a space of ``open_``, in name order."""
    if count <= 0:
        return ()
    here: set[tuple[str, str]] = {(origin, "")}
    for _ in range(count):
        here = {(there, space) for space, before in here for there in neighbours.get(space, ()) if there != before and there in open_}
    return tuple(sorted({space for space, _ in here}))


def _frozen(value: Any) -> Any:
    """A value an expression reads, as a key (a map or list made a tuple)."""
    if isinstance(value, dict):
        return tuple(sorted((str(key), _frozen(item)) for key, item in value.items()))
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    return value
