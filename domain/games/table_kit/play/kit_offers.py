"""The commands a kit's actions offer a seat at one table, worked out once for the table however often they are
asked for: whether the seat may act (the stuck rule asks, just after an action), then every command (the legal
commands, asked next for the same table), then whether a command is one of them (``decide``, asked next).

A table is never changed once made, and the facts an action decides, applied again by whoever records them, give
the very tables the action made (``state.evolve``): so the table is known again by its identity. The commands are
made one after another (``KitRules._legal``) and only as far as asked: whether the seat may act needs the first
alone, the rest are made when the legal commands are asked for. Each thread keeps its own last table, so no
half-made list is ever shared, and the table whose commands it last handed out in full (``handed_out``): a bot that
tries each of a table's commands in turn (its look-ahead) makes a new table with each, and still finds the first
table's commands when it decides the next one. A failure of the kit's rules while they are made forgets them: asked again, they
are made again, and fail again with the same message.
"""

from __future__ import annotations

import atexit
import operator
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from domain.engine.commands import Command
from domain.games.table_kit.play.kit_bounds import MOST_OFFERED, OfferTally

_last = threading.local()
"""This thread's last table (``table``), and the table whose commands it last handed out in full (``handed``): each
the rules, the table, its offers by seat and what else is kept for it."""


@atexit.register
def _let_go() -> None:
    """Close this thread's half-made commands while the interpreter still stands: a generator left open until its
    modules are torn down cannot be closed cleanly, and says so at exit."""
    _last.__dict__.clear()


class FirstWanted:
    """Whether the first command alone is wanted: true, each choice's values are tried one after another as they are
    made (``Choice.candidates``' ``lazy``), to find one soon; read each time a choice's values are made, so that once
    the first is found the rest are made all at once."""

    __slots__ = ("on",)

    def __init__(self) -> None:
        self.on = False

    def __bool__(self) -> bool:
        return self.on


Lazy = bool | FirstWanted
"""Whether the first command alone is wanted, as the makers of commands read it: a truth, or a ``FirstWanted`` read
each time a choice's values are made."""


ASKED_WINDOW = 64


def asked_after() -> list[int]:
    """Of this thread's last tables whose seat was asked whether it may act (``Offers.first``): how many, and how many
    of them had their commands asked for after it (both halved past ``ASKED_WINDOW``). A random game asks for every
    table's commands next, a bot looking ahead asks for none of those of the tables it only scores; each thread keeps
    its own count, so a server's random bot seat and a search bot, playing side by side, each find their own way."""
    found: list[int] | None = getattr(_last, "asked", None)
    if found is None:
        found = _last.asked = [0, 0]
    return found


UNBEGUN: Any = iter(())
"""``Offers.rest`` before any command is made: made all at once (in a list) or one after another, as first asked."""


class Offers:
    """The commands offered a seat at one table, made as far as asked."""

    __slots__ = ("_asked", "_frozen", "_kept", "_making", "_out", "made", "rest", "wanted")

    def __init__(self, made: Callable[[FirstWanted | None], Iterable[Command]]) -> None:
        self.made: list[Command] = []
        """The commands made so far, before every one is."""
        self.wanted = FirstWanted()
        self._making = made
        """The commands: one after another, given ``wanted``; every one at once in a list, given ``None``."""
        self.rest: Iterator[Command] | None = UNBEGUN
        """The commands not made yet (``None``: none is left), one after another once the first alone was wanted."""
        self._kept: list[Command] | None = None
        """Every command, once each is made: copies of them as they were made, never handed out."""
        self._out: list[Command] = []
        """The commands handed out first, in the order of their kept copies (a list of its own: whatever a caller does
        to the list it was given)."""
        self._frozen: dict[tuple[tuple[str, Any], ...], tuple[tuple[str, Any], ...]] | None = None
        """Each kept command's keys and values, in order, to look a command up by (made when first wanted)."""
        self._asked = False
        """Whether the seat was asked first whether it may act, and its commands not yet asked for (``asked_after``)."""

    def first(self) -> bool:
        """Whether there is a command at all: every command made at once, where most tables' commands were asked for
        after this question (``asked_after``: a random game's, a balance study's), else the first alone (a bot's
        look-ahead, which only scores the table); where making them all fails (past ``MOST_OFFERED``, or an action's
        condition failing), made again one after another until the first is found, so the failure waits for the
        legal commands as before."""
        if self._kept is not None:
            return bool(self._kept)
        if self.made:
            return True
        if self.rest is not None:
            asked = asked_after()
            asked[0] += 1
            if asked[0] > ASKED_WINDOW:
                asked[0], asked[1] = asked[0] // 2, asked[1] // 2
            self._asked = True
            if 2 * asked[1] < asked[0]:  # most were not asked for: the rest made when they are
                return self._first_alone()
            try:
                if self.rest is UNBEGUN:
                    self.made = self._making(None)  # type: ignore[assignment]
                else:
                    self.made.extend(self.rest)
            except Exception:  # noqa: BLE001 -- told when every command is asked for (``every``)
                self.made, self.rest = [], UNBEGUN
                return self._first_alone()
            self.rest = None
        if not self.made:
            self._kept = []
        return bool(self.made)

    def _first_alone(self) -> bool:
        """Whether there is a command at all, the first made alone (each choice's values tried one after another)."""
        self.wanted.on = True
        try:
            if self.rest is UNBEGUN:
                self.rest = iter(self._making(self.wanted))
            for command in self.rest:  # type: ignore[union-attr]
                self.made.append(command)
                return True
        finally:
            self.wanted.on = False
        self.rest = None
        self._kept = []
        return False

    def every(self) -> list[Command]:
        """Every command, in order: the commands made, handed out once; after that, each time, new ones equal to them
        (whatever a caller has done to those it was given)."""
        if self._asked:
            self._asked = False
            asked_after()[1] += 1
        if self._kept is not None:
            return list(map(dict.copy, self._kept))
        made = self.made
        if self.rest is UNBEGUN:
            made = self._making(None)  # type: ignore[assignment]
        elif self.rest is not None:
            made.extend(self.rest)
        self.rest, self.made = None, []
        self._kept = list(map(dict.copy, made))
        self._out = list(made)
        return made

    def offered(self, command: Command) -> bool:
        """Whether every command is made and ``command`` is one of them, its keys in order and each value of the same
        type as made (``1`` is no ``True``); ``False`` where not known (it is then checked in full)."""
        if self._kept is None:
            return False
        try:  # most often one handed out, as it was (found by identity first): compared with its copy alone
            at = self._out.index(command)
        except Exception:  # noqa: BLE001 -- none equal to it, or a value that cannot be compared: looked up below
            at = None
        if at is not None and _same(self._kept[at], command):
            return True
        frozen = self._frozen
        if frozen is None:
            frozen = self._frozen = {items: items for items in (tuple(kept.items()) for kept in self._kept)}
        items = tuple(command.items())
        try:
            found = frozen.get(items)
        except TypeError:  # a value that cannot be looked up (a list): no command offered holds one
            return False
        return found is not None and all(type(mine[1]) is type(theirs[1]) for mine, theirs in zip(found, items))


def _same(kept: Command, command: Command) -> bool:
    """Whether the command holds the kept one's keys, in the same order, each value equal and of the same type."""
    return (kept == command and list(kept) == list(command)
            and all(map(operator.is_, map(type, kept.values()), map(type, command.values()))))


Maker = Callable[[Any, int, FirstWanted | None], Iterable[Command]]
"""``made(state, seat, wanted)``: a seat's commands at a table, one after another as ``wanted`` reads, or all at once
in a list (``wanted`` None)."""
Table = tuple[Any, Any, dict[int, Offers], dict[str, Any]]
"""A table kept: the rules, the table, its offers by seat, and what else is kept for it."""


def _found(rules: Any, state: Any) -> Table | None:
    """This thread's last table, or the table whose commands it last handed out, if it is ``state`` (else ``None``)."""
    last = getattr(_last, "table", None)
    if last is not None and last[1] is state and last[0] is rules:
        return last  # type: ignore[no-any-return]
    handed = getattr(_last, "handed", None)
    if handed is not None and handed[1] is state and handed[0] is rules:
        return handed  # type: ignore[no-any-return]
    return None


def _table(rules: Any, state: Any) -> Table:
    """This thread's last table, or the table whose commands it last handed out, if it is ``state``; else ``state`` made
    the last table (the one before, its offers and what else is kept for it, let go unless its commands are the last
    handed out)."""
    found = _found(rules, state)
    if found is None:
        found = _last.table = (rules, state, {}, {})
    return found


def _seat_offers(table: Table, seat: int, made: Maker) -> Offers:
    """The seat's offers at the kept table: those made before, or new ones from ``made``."""
    by_seat, state = table[2], table[1]
    found = by_seat.get(seat)
    if found is None:
        found = by_seat[seat] = Offers(lambda wanted: made(state, seat, wanted))
    return found


def offers(rules: Any, state: Any, seat: int, made: Maker) -> Offers:
    """The seat's offers at this table: those made before, or new ones from ``made(state, seat, wanted)`` (the commands,
    one after another; ``wanted``: whether the first alone is wanted as they are made)."""
    return _seat_offers(_table(rules, state), seat, made)


def handed_out(rules: Any, state: Any, seat: int, made: Maker) -> list[Command]:
    """Every command offered the seat at this table (``Offers.every``), the table then kept until another's commands are
    handed out: a caller deciding one of them after another finds them, whatever tables it makes in between."""
    table = _table(rules, state)
    commands = _seat_offers(table, seat, made).every()
    _last.handed = table
    return commands


def kept(rules: Any, state: Any) -> dict[str, Any]:
    """What else the rules work out once for this table from its offers (the seats to act in a turn taken together,
    ``KitRules.acting``), kept with them and let go with them."""
    return _table(rules, state)[3]


def offered(rules: Any, state: Any, seat: int, command: Command) -> bool:
    """Whether the command is one of every command offered the seat at this table, made before (``Offers.offered``)."""
    last = _found(rules, state)
    if last is None:
        return False
    found = last[2].get(seat)
    return found is not None and found.offered(command)


def forget(rules: Any, state: Any, seat: int) -> None:
    """Forget the seat's offers at this table (the kit's rules failed while they were made)."""
    last = _found(rules, state)
    if last is not None:
        last[2].pop(seat, None)
        last[3].clear()


def chosen_once(scope: Any, choice: Any, lazy: Lazy, tally: OfferTally, action: str, when: Any) -> Iterator[Command]:
    """The commands of an action of one choice, each value its choice allows (``Choice.candidates``) whose condition
    ``when`` holds with it, each counted at the first level: one after another while the first alone is wanted
    (``lazy``, read as the values are made) or where they cross ``MOST_OFFERED`` (the rules fail at the one past
    it), else all at once."""
    name = choice.name
    values = choice.candidates(scope, lazy)
    made = tally.made
    if not lazy:
        values = list(values)
        if not made:
            made.append(0)
        if made[0] + len(values) <= MOST_OFFERED:
            made[0] += len(values)
            if when is None:
                yield from [{"type": "act", "action": action, name: value} for value in values]
            else:
                holds, with_choice = when.holds, scope.with_choice
                yield from [{"type": "act", "action": action, name: value} for value in values if holds(with_choice({name: value}))]
            return
    for value in values:
        tally.count(0, action)
        if when is None or when.holds(scope.with_choice({name: value})):
            yield {"type": "act", "action": action, name: value}
