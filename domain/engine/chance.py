"""The randomness of one decision of a game: its seed's and salt's, or in a table game the outcomes the people at
the table told (``domain.engine.randomness``), and deciding with it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from domain.engine.errors import LudologError, OutcomeError
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
        if isinstance(rng, TableRng):
            rng.check_all_used()
    except LudologError as error:
        earlier = _as_told_before(rng, decide, *args)
        if earlier is not None:
            return earlier
        if isinstance(error, OutcomeError):
            error.name_seat(seats)
        raise
    return made


def _as_told_before(rng: Rng | TableRng, decide: Callable[..., list[T]], *args: Any) -> list[T] | None:
    """What ``decide`` returns with a table's outcomes read as they were told before a forced outcome went unasked
    (one told for each question, forced or not), where the table skipped a forced one and its outcomes did not fit
    without it: commands recorded before then re-decide as they were. ``None`` where they do not fit that way either."""
    if not isinstance(rng, TableRng) or not rng.forced or not rng.outcomes:
        return None
    earlier = rng.as_told_before()
    try:
        made = decide(*args, earlier)
        earlier.check_all_used()
    except LudologError:
        return None
    return made
