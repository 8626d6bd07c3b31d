"""A command's chance as OpenSpiel's chance nodes: the rng a ruleset asks, answered from a script.

A ruleset meets chance only through its rng (``choice``, ``randint``, ``shuffled``), and ``decide`` and
``setup`` are pure: deciding the same command with the same answers gives the same facts. So a command
that meets k questions is decided again with the answers given so far; the first question past them
stops the run (``ChanceNeeded``, with how many outcomes it has) and becomes a chance node whose outcomes
are equally likely, as ``Rng.choice`` draws them. A shuffle of n items is n - 1 such questions (the
Fisher-Yates swaps), so every ordering stays equally likely. A question with one outcome asks nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class ChanceNeeded(Exception):
    """The script ran out: the next question has ``count`` equally likely outcomes, numbered from 0."""

    def __init__(self, count: int) -> None:
        super().__init__(f"a chance question with {count} outcomes")
        self.count = count


class ScriptedRng:
    """The rng interface, each question answered by the next of ``answers`` (an outcome's number)."""

    def __init__(self, answers: Sequence[int]) -> None:
        self.answers, self.asked = answers, 0

    def _next(self, count: int) -> int:
        if count <= 1:
            return 0
        if self.asked == len(self.answers):
            raise ChanceNeeded(count)
        answer = self.answers[self.asked]
        self.asked += 1
        return answer

    def choice(self, options: Sequence[T], ask: str = "", seat: int | None = None, secret: bool = False) -> T:
        return options[self._next(len(options))]

    def randint(self, low: int, high: int, ask: str = "", seat: int | None = None) -> int:
        return low + self._next(high - low + 1)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        result = list(items)
        for last in range(len(result) - 1, 0, -1):
            other = self._next(last + 1)
            result[last], result[other] = result[other], result[last]
        return result
