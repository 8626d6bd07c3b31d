"""The commands of an action whose condition and choices read only plain values, kept by those values.

An action of number choices whose condition, ranges and ``where`` read only numbers and texts (the seat, counters,
parameters, named values, the earlier choices) and call no function reading the table offers the same commands
wherever those values are the same: Liar's dice's bid (``count`` from ``[1, seats]``, ``face`` from ``[1, 6]``
where ``count > bid_count || (count == bid_count && face > bid_face)``) offers one list for each bid met. So its
commands are made once for each set of values met and copied after, each counted again against ``MOST_OFFERED``
as if made (past it, they are made again, to fail where making them fails). A value that is not a number or a text
(a map, a list), or one that fails to be worked out, leaves the commands to be made as before; an action whose
values are seldom met again (past ``MOST_KEYS`` sets of them, most met once) stops being kept, and one action keeps
at most ``MOST_KEPT`` commands (past them, it starts again): what a kit keeps is bounded whatever its text.
"""

from __future__ import annotations

from typing import Any

from domain.games.table_kit.play.kit_bounds import MOST_OFFERED, OfferTally
from domain.games.table_kit.play.kit_sift import MOST_REMEMBERED, STEADY, plain_key, seldom_met

MOST_KEPT = 20_000
"""The most commands one action keeps, over all the sets of values met (two seats' worth of ``MOST_OFFERED``)."""
Kept = tuple[list[dict[str, Any]], list[int]]
"""An action's commands for one set of values, and how many it made at each level of its choices."""


class PlainOffers:
    """The commands of one action, kept by the values its condition and choices read besides its own choices."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self.usable = True
        self._kept: dict[tuple[Any, ...], Kept] = {}
        self._commands = 0
        """The commands kept, over every set of values."""
        self._keys = 0
        self._looked = 0

    @classmethod
    def of(cls, action: dict[str, Any]) -> PlainOffers | None:
        """The action's kept commands, for an action whose choices are all numbers and whose expressions call no
        function reading the table; else ``None``."""
        choices = action["choices"]
        if any(choice.numbers is None or choice.card is not None for choice in choices):
            return None
        read = [action["when"], *(choice.where for choice in choices), *(bound for choice in choices for bound in choice.numbers)]
        expressions = [expression for expression in read if expression is not None]
        if any(not set(expression.functions) <= STEADY for expression in expressions):
            return None
        own = {choice.name for choice in choices}
        return cls(tuple(sorted({name for expression in expressions for name in expression.names} - own)))

    def key(self, scope: Any) -> tuple[Any, ...] | None:
        """The seat and the values read, each with its type (``1`` is not ``true`` to CEL); ``None`` where one is
        not a number or a text, or cannot be worked out (the commands are then made, and say why)."""
        try:
            return plain_key(scope, self.names)
        except Exception:  # noqa: BLE001 -- made the long way, which fails (or not) as it always has
            return None

    def found(self, key: tuple[Any, ...], tally: OfferTally) -> list[dict[str, Any]] | None:
        """Copies of the commands kept for ``key``, counted in ``tally``; ``None`` where none are kept, or where
        counting them would pass ``MOST_OFFERED`` (they are then made, to fail at the one past it)."""
        self._looked += 1
        kept = self._kept.get(key)
        if kept is None:
            return None
        commands, counts = kept
        made = tally.made
        if len(made) < len(counts):
            made.extend([0] * (len(counts) - len(made)))
        if any(made[level] + count > MOST_OFFERED for level, count in enumerate(counts)):
            return None
        for level, count in enumerate(counts):
            made[level] += count
        return [command.copy() for command in commands]

    def keep(self, key: tuple[Any, ...], commands: list[dict[str, Any]], before: list[int], tally: OfferTally) -> None:
        """Keep copies of the commands made for ``key``, with the counts they added to ``tally`` (``before``: its
        counts before they were made)."""
        self._keys += 1
        if seldom_met(self._keys, self._looked):
            self.usable, self._kept, self._commands = False, {}, 0
            return
        if len(self._kept) >= MOST_REMEMBERED or self._commands + len(commands) > MOST_KEPT:
            self._kept, self._commands = {}, 0
        self._commands += len(commands)
        counts = [made - (before[level] if level < len(before) else 0) for level, made in enumerate(tally.made)]
        self._kept[key] = ([command.copy() for command in commands], counts)
