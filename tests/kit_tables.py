"""A kit game's table as the rules alone make it, without a store: laid out for some seats, and an action of the
kit's rules taken on it, each chance outcome told as a paper table tells it (``TableRng``). The kit-rules tests
share them."""

from __future__ import annotations

from typing import Any

from domain.engine import registry
from domain.engine.randomness import TableRng

RULES = registry.get("table-kit")


def laid(kit: dict[str, Any], seats: int, outcomes: tuple[Any, ...] = ()) -> Any:
    """The table of ``kit`` for ``seats``, set up with the setup's chance outcomes (who goes first...)."""
    state = RULES.new_state(seats, RULES.resolve_options({"kit": kit}))
    for fact in RULES.setup(state, TableRng(list(outcomes))):
        state = RULES.evolve(state, fact)
    return state


def acted(state: Any, seat: int, action: str, *outcomes: Any, **choices: Any) -> tuple[list[Any], Any]:
    """The facts of the seat's action with its choices, and the table after them."""
    facts = RULES.decide(state, seat, {"type": "act", "action": action, **choices}, TableRng(list(outcomes)))
    for fact in facts:
        state = RULES.evolve(state, fact)
    return facts, state
