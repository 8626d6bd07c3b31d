"""What one action of a kit's rules may cost, whoever wrote the kit: a kit is code from a stranger, and the
service works out its legal commands and carries out its actions on every request.

Three bounds, each a number a designer can read in the kit format's rulings:
- a number choice offers at most ``MOST_NUMBERS`` numbers (``number: [1, 10000000]`` is refused);
- the choices of a seat's actions make at most ``MOST_OFFERED`` commands at once (two choices of ``[1, 3000]``
  would make nine million), counted while the legal commands are worked out (``OfferTally``);
- one action, or the setup, takes at most ``MOST_STEPS_TAKEN`` steps and makes at most as many facts (events),
  counted across its named steps (``do``), ``repeat``, ``whenever``, landing, ``turn_begins`` and ``stuck``
  rules (``StepBudget``): named steps that each do the next twice make 2^17 steps in 18 levels.

Where a bound can be known when the kit is read (number bounds that are numbers, the steps named steps and
repeats may take at most), ``kit_bound_checks`` refuses the kit at its place; otherwise the action, or the
request for the legal commands, is refused in play, in one line, the moment the bound is crossed: nothing
is recorded and no more than the bound is ever worked out.
"""

from __future__ import annotations

import math
from typing import Any

from domain.engine.errors import IllegalCommand
from domain.games.table_kit.language.expressions import ExpressionFailed

MOST_NUMBERS = 1_000
"""The most numbers one number choice may offer: a bid, a count, a seat, a face or a price is a few dozen at
most (the shipped kits' widest range is 6 numbers); a thousand is a slider's worth, each one a command."""
MOST_OFFERED = 10_000
"""The most commands a seat's actions may make at once (each choice's values, one after another): the shipped
kits offer a seat at most a few dozen (Breakthrough's 37 moves); each one is worked out, checked against its
action's condition and sent to the seat, so ten thousand is a long list already (a fraction of a second)."""
MOST_STEPS_TAKEN = 10_000
"""The most steps one action, or the setup, may take, and the most facts (events) it may make: the shipped
kits' actions take a few dozen at most, Assassination's setup (its roll-off repeated at most a hundred times)
some 1,200; each fact becomes an event stored with the game, so ten thousand is a long replay already."""


def numbers_offered(name: str, least: int, most: int) -> range:
    """The numbers a number choice offers, from ``least`` to ``most``; ``ExpressionFailed`` past ``MOST_NUMBERS``
    (the range is never made a list before it is known to fit)."""
    count = max(0, most - least + 1)
    if count > MOST_NUMBERS:
        raise ExpressionFailed(f"the number choice {name!r} ranges from {least:,} to {most:,}: {count:,} numbers, "
                               f"more than the {MOST_NUMBERS:,} a choice may offer")
    return range(least, most + 1)


def among_numbers(value: Any, least: int, most: int) -> bool:
    """Whether ``value`` is one of the whole numbers from ``least`` to ``most`` (``2.0`` is 2), found without
    counting them: a command's number is checked in one step, however wide its range."""
    if not isinstance(value, (int, float)) or (isinstance(value, float) and not math.isfinite(value)):
        return False
    return value == int(value) and least <= value <= most


class OfferTally:
    """The commands a seat's actions have made so far while its legal commands are worked out, and the partial
    ones (the values of the choices before the last): past ``MOST_OFFERED`` at any level, the kit's rules fail."""

    __slots__ = ("made",)

    def __init__(self) -> None:
        self.made: list[int] = []

    def count(self, depth: int, action: str) -> None:
        """One more value of an action's choice at ``depth`` (0: its first choice), or one more action offered."""
        while len(self.made) <= depth:
            self.made.append(0)
        self.made[depth] += 1
        if self.made[depth] > MOST_OFFERED:
            self.refuse(action)

    @staticmethod
    def refuse(action: str) -> None:
        """The rules fail: an action's choices, with those before it, made more than ``MOST_OFFERED`` at one level."""
        raise ExpressionFailed(f"the choices of {action!r} (with the actions before it) make more than the {MOST_OFFERED:,} "
                               "commands a seat may be offered at once: narrow them (fewer numbers, a where)")


class StepBudget:
    """The steps one action (or the setup) has taken and the facts it has made, shared by every run of steps it
    sets going (its effects, named steps, repeats, landing, ``turn_begins``, ``whenever``, ``together`` and
    ``stuck`` rules): past ``MOST_STEPS_TAKEN`` of either, it is refused at that step, and nothing is recorded."""

    __slots__ = ("at", "facts", "most", "steps", "what")

    def __init__(self, what: str = "one action") -> None:
        self.what = what
        self.steps = 0
        self.facts = 0
        self.at: tuple[str | int, ...] = ()
        """The place of the step last taken."""
        self.most = MOST_STEPS_TAKEN
        """The most steps, and the most facts, it may take (``kit_steps.Run`` counts them against it)."""

    def step(self, at: tuple[str | int, ...]) -> None:
        """One more step taken: the step at ``at`` in the kit (``kit_steps.Run.steps`` counts them itself, as this does)."""
        self.steps, self.at = self.steps + 1, at
        if self.steps > self.most:
            self.refuse_step()

    def fact(self) -> None:
        """One more fact made (by the step last taken; ``kit_steps.Run.emit`` counts them itself, as this does)."""
        self.facts += 1
        if self.facts > self.most:
            self.refuse_fact()

    def refuse_step(self) -> None:
        """The step just counted is one past ``MOST_STEPS_TAKEN``: refused."""
        raise IllegalCommand(f"the kit's rules fail here: {self.what} takes more than {MOST_STEPS_TAKEN:,} steps, the most "
                             f"one action or the setup may take (the step past them: {_place(self.at)})")

    def refuse_fact(self) -> None:
        """The fact just counted is one past ``MOST_STEPS_TAKEN``: refused."""
        raise IllegalCommand(f"the kit's rules fail here: {self.what} makes more than {MOST_STEPS_TAKEN:,} facts, the most "
                             f"one action or the setup may record (the step past them: {_place(self.at)})")


def _place(at: tuple[str | int, ...]) -> str:
    """A step's place in the kit, as a mistake names it (``play.define.score.0``)."""
    return ".".join(str(part) for part in at) or "the kit"
