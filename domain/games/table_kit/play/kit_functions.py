"""The functions an expression may call that read only the kit (``row``, ``column``, ``along``, ``link``, ``mark``,
``neighbours``, ``abs``, ``card``, ``sum_of``, ``most_of``, ``least_of``: ``kit_scope`` says what each gives),
made once for a kit's rules rather than for every table and seat; ``card`` keeps its answers
(``compiled_operators.KeptAnswers``)."""

from __future__ import annotations

from typing import Any

from domain.games.table_kit.language.compiled_operators import KeptAnswers


def _card(rules: Any) -> Any:
    """``card(name)``: a card's fields."""
    def card(name: str) -> dict[str, Any]:
        found = rules.cards.get(name)
        if found is None:
            raise ValueError(f"no card named {name!r}")
        return found
    return card


def _folded(fold: Any) -> Any:
    """``sum_of``, ``most_of`` or ``least_of`` of a kit's rules: ``fold`` over a number field of a list of cards (0 for
    none; a card without the field counts 0)."""
    def made(rules: Any) -> Any:
        card = _card(rules)

        def folded(names: Any, field: Any) -> int:
            values = [card(str(name)).get(str(field), 0) for name in names]
            if any(isinstance(value, bool) or not isinstance(value, int) for value in values):
                raise ValueError(f"the field {field!r} of these cards is not a whole number")
            return fold(values) if values else 0
        return folded
    return made


def _along(rules: Any) -> Any:
    along = rules.geometry.along
    return lambda space, count: along(str(space), int(count))


def _looked_up(field: str, missing: Any) -> Any:
    """A function of a kit's rules giving a space's entry in one of its grid's tables (``missing`` for none)."""
    def made(rules: Any) -> Any:
        table = getattr(rules.geometry, field)
        return lambda space: table.get(str(space), missing)
    return made


def _neighbours(rules: Any) -> Any:
    near = rules.geometry.neighbours
    return lambda space: list(near.get(str(space), ()))


_made: tuple[Any, dict[str, Any]] = (None, {})
"""The rules of the last kit whose functions were made (kept, so their id stays theirs), and those functions."""


def kit_function(rules: Any, name: str, maker: Any) -> Any:
    """The function of a kit's rules named ``name``: made once for the kit (it reads neither table nor seat)."""
    global _made
    made, functions = _made
    if made is not rules:
        _made = (rules, functions := {})
    found = functions.get(name)
    if found is None:
        found = maker(rules)
        found = functions[name] = KeptAnswers(found) if name in ANSWERS_KEPT else found
    return found


ANSWERS_KEPT = frozenset({"card"})
"""The kit's functions whose answers are kept (``KeptAnswers``): ``card``, whose map of a card's fields is otherwise
checked entry by entry at each call. The others answer a number or a text, looked up as fast as worked out (kept,
they cost more: measured), or a list (``neighbours``), never kept."""


KIT_MAKERS: dict[str, Any] = {
    "row": lambda rules: rules.geometry.row, "column": lambda rules: rules.geometry.column, "along": _along,
    "link": _looked_up("links", ""), "mark": _looked_up("marks", ""), "neighbours": _neighbours, "abs": lambda rules: abs,
    "card": _card, "sum_of": _folded(sum), "most_of": _folded(max), "least_of": _folded(min)}
"""How each function of ``FUNCTIONS`` that reads only the kit is made, once for its rules."""
