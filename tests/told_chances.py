"""A ruleset's randomness that keeps every outcome it gives, so that the same game written twice (a coded
ruleset and a kit with rules) can be told the same chances: the outcomes one game met are given to the other
as a paper table tells them (``TableRng``)."""

from __future__ import annotations

from typing import Any

from domain.engine.randomness import Rng, distinct


class Told:
    """Outcomes chosen by ``rng``, each kept in ``outcomes`` (empty it before each command to tell that one's)."""

    def __init__(self, rng: Rng) -> None:
        self.rng, self.outcomes = rng, []

    def choice(self, options: Any, ask: str = "which outcome?", seat: int | None = None, secret: bool = False) -> Any:
        value = self.rng.choice(options, ask, seat, secret)
        if len(distinct(list(options))) > 1:  # a forced outcome is not told at a table (``TableRng``)
            self.outcomes.append(value)
        return value

    def randint(self, low: int, high: int, ask: str = "which number?", seat: int | None = None) -> int:
        return self.choice(range(low, high + 1), ask, seat)
