"""The randomness of one decision of a game: its seed's and salt's, or in a table game the outcomes the people at
the table told (``domain.engine.randomness``), and deciding with it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from domain.engine.errors import OutcomeError
from domain.engine.randomness import Rng, TableRng

T = TypeVar("T")


def chance(table: bool, key: str, purpose: int | str, outcomes: list[Any] | None, teller: int | None = None) -> Rng | TableRng:
    """The randomness of one decision: the table's outcomes in a table game (told by the seat ``teller``,
    ``None`` for the owner), else that of the game's chance key (``Game.chance_key``) for that purpose
    (``"setup"`` or the game's version)."""
    return TableRng(outcomes or [], teller) if table else Rng(key, purpose)


def decided(rng: Rng | TableRng, seats: list[str], decide: Callable[..., list[T]], *args: Any) -> list[T]:
    """What ``decide(*args, rng)`` returns (``rules.setup`` or ``rules.decide``). A table game's refused
    outcome says its question with the seat's name; outcomes told but not used refuse the decision
    (``MalformedCommand``)."""
    try:
        made = decide(*args, rng)
    except OutcomeError as error:
        error.name_seat(seats)
        raise
    if isinstance(rng, TableRng):
        rng.check_all_used()
    return made
