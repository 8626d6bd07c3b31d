"""A command's chance, answered from a script: every way its dice and draws can fall.

A ruleset meets chance only through its rng (``choice``, ``randint``, ``shuffled``), and ``decide`` and
``setup`` are pure: deciding the same command with the same answers gives the same facts. So a command
that meets k questions is decided again with the answers given so far; the first question past them
stops the run (``ChanceNeeded``, with how many outcomes it has). Its outcomes are equally likely, as
``Rng.choice`` draws them. A shuffle of n items is n - 1 such questions (the Fisher-Yates swaps), so every
ordering stays equally likely. A question with one outcome asks nothing.

OpenSpiel's bridge makes each question a chance node; ``outcomes`` lists every way a command can fall, with
its probability, for a search that weighs a few outcomes exactly rather than sampling one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from domain.engine.commands import Command
from domain.engine.facts import Fact
from domain.engine.ruleset import Ruleset

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


def outcomes(rules: Ruleset, state: Any, seat: int, command: Command, most: int) -> list[tuple[float, list[Fact]]] | None:
    """Every way the seat's command can fall: its facts with each set of answers to its chance questions,
    and that set's probability (together 1). ``None`` when there are more than ``most``: sample them then."""
    found: list[tuple[float, list[Fact]]] = []
    waiting: list[tuple[tuple[int, ...], float]] = [((), 1.0)]
    while waiting:
        answers, chance = waiting.pop()
        try:
            facts = rules.decide(state, seat, command, ScriptedRng(answers))
        except ChanceNeeded as needed:
            if len(found) + len(waiting) + needed.count > most:
                return None
            waiting += [((*answers, outcome), chance / needed.count) for outcome in range(needed.count)]
            continue
        found.append((chance, facts))
    return found
