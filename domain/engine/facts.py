"""What a ruleset records and how a game ends: ``Fact``, the base of a ruleset's events (immutable,
JSON-native, carrying every random outcome, versioned with upcasters), and ``Outcome``, the winners, the
reason, whether the game stopped at its limit and each seat's score where the rules count one. The stored event of each fact is made by
``domain.engine.fact_events``."""

from __future__ import annotations

import copy
import dataclasses
import functools
from typing import Any, ClassVar


@dataclasses.dataclass(frozen=True)
class Fact:
    """Base of a ruleset's events: something that happened, named in the past tense.

    Fields are JSON-native and carry every random outcome. The class name is the stored event name;
    ``version`` bumps when the fields change, with an ``upcast_v1_v2(data) -> data`` static method
    (and so on) that turns an old stored form into the new one.
    """

    version: ClassVar[int] = 1
    chained_since: ClassVar[dict[str, int]] = {}
    """Fields a later version added, each with the chain version from which a game's hash chain covers it:
    a game chained before hashes the fact without them, as it was stored then (``domain.engine.chain``)."""

    def to_data(self) -> dict[str, Any]:
        """The fields as a fresh JSON-native dict (safe to store; shares nothing with the fact)."""
        return {name: _fresh(getattr(self, name)) for name in _field_names(type(self))}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Fact:
        """The fact from its stored form (already upcast to the current version)."""
        return cls(**data)


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(field.name for field in dataclasses.fields(cls))


def _fresh(value: Any) -> Any:
    """A value nothing else holds: lists and dicts deep-copied, numbers, texts and None (immutable) as they are."""
    return value if value is None or type(value) in (int, str, float, bool) else copy.deepcopy(value)


@dataclasses.dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning seats (none for a draw), why, in words, whether it stopped at its
    turn or round limit (``at_limit``: the winners lead when time ran out; no win the rules name was reached),
    and what ended it (``ended_by``): ``"rules"``, or the players' own choice (``domain.engine.early_endings``):
    ``"resignation"``, ``"agreement"`` (a draw agreed) or ``"abort"`` (no result). Only an ending by the rules
    is a win or a draw by the rules. ``scores``: each seat's score at the end, seat 1 first, where the rules
    count one (a kit's ``scores``: chips won, boxes, points); ``None`` where they name winners only."""

    winners: list[int]
    reason: str
    at_limit: bool = False
    ended_by: str = "rules"
    scores: list[int] | None = None

    def to_data(self) -> dict[str, Any]:
        data = {"winners": list(self.winners), "reason": self.reason, "at_limit": self.at_limit, "ended_by": self.ended_by}
        return data if self.scores is None else {**data, "scores": list(self.scores)}


MOST_SCORE = 1_000_000
"""The largest score, either way, an ending may give a seat (``Outcome.scores``)."""


def winners_by_score(scores: list[int]) -> list[int]:
    """The seats (numbered from 1) with the highest score: ties share the win; all equal (two seats or more) is a
    draw, no winners."""
    if not scores:
        return []
    best = max(scores)
    found = [seat for seat, score in enumerate(scores, start=1) if score == best]
    return [] if len(found) == len(scores) > 1 else found
