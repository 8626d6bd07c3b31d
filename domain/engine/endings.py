"""The fact that ends a game, shared by the rulesets that end with one: the winners (none for a draw), the
reason in the ruleset's words, and whether the game stopped at its turn or round limit rather than by a win
its rules name. Balance studies, benchmarks and reports read that last field; they never parse the words.

Version 1 of the fact had no ``at_limit``: its upcaster reads it off the words each ruleset wrote then
(``limit_words``, a ruleset's own fixed sentence), so games recorded before keep their meaning.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, ClassVar

from domain.engine.chain import LIMITS_CHAINED
from domain.engine.facts import Fact, Outcome


@dataclasses.dataclass(frozen=True)
class Ending(Fact):
    """Base of a ruleset's ``GameEnded``: subclass it with that name (the stored event's name) and set
    ``limit_words``, the pattern its version-1 reasons matched when the game stopped at its limit."""

    version: ClassVar[int] = 2
    chained_since: ClassVar[dict[str, int]] = {"at_limit": LIMITS_CHAINED}
    limit_words: ClassVar[re.Pattern[str] | None] = None

    winners: list[int]
    reason: str
    at_limit: bool = False

    @classmethod
    def upcast_v1_v2(cls, data: dict[str, Any]) -> dict[str, Any]:
        """A version-1 ending, which said whether it came at a limit only in its words."""
        at_limit = cls.limit_words is not None and cls.limit_words.match(data["reason"]) is not None
        return {**data, "at_limit": at_limit}

    def outcome(self) -> Outcome:
        return Outcome(winners=list(self.winners), reason=self.reason, at_limit=self.at_limit)


class EndsAtLimits:
    """Mixin for the state dataclass of a ruleset that ends at a turn or round limit. The state holds
    ``phase``, ``reason`` and ``at_limit`` (set from the ending fact); ``limit_words`` is the pattern its
    reasons matched at the limit before ``at_limit`` existed, so that a state stored then (a snapshot, a
    fork's start) reads right."""

    chained_since: ClassVar[dict[str, int]] = {"at_limit": LIMITS_CHAINED}
    limit_words: ClassVar[re.Pattern[str]]

    @classmethod
    def from_stored(cls, data: dict[str, Any]) -> dict[str, Any]:
        """A stored state's fields, ``at_limit`` read off its reason if it was stored before the field."""
        if "at_limit" in data:
            return data
        over = data.get("phase") == "over" and cls.limit_words.match(str(data.get("reason", ""))) is not None
        return {**data, "at_limit": over}
