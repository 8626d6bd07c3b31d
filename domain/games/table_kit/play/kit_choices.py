"""An action's choices: what the seat names when it takes the action (a space, a number), each drawn from
the kit's components, in order, so a later choice may depend on an earlier one.

A choice is written ``{name: to, space: empty}``: its ``name`` is the command's field (one of ``CHOICES``),
and what it may be is one of
- ``space``: the spaces holding what it names (``any``, ``empty``, ``mine``, ``theirs``, ``occupied``, or
  a list of these); with ``from`` and ``steps``, only the spaces one step from an earlier choice's space
  in those directions (``[ahead, ahead-left, ahead-right]``);
  or with ``from`` and ``along``, the spaces a number of spaces on along a track or loop (``[die]``, or
  ``[die, -die]`` for either way); ``from`` names an earlier choice, or is an expression giving a space
  (``spaces(seat)[0]``: where the seat's pawn stands); or with ``from`` and ``walk``, the spaces that many
  orthogonal steps away on a grid, by a path that never steps straight back onto the space it just left, each
  step onto a space where ``through`` holds (a condition reading the space by the choice's name);
- ``card``: ``hand``, a card in the seat's hand (each name once), or with ``of``, a seat (an expression), in that
  seat's hand;
- ``number``: ``[least, most]``, two expressions;
and ``where``, a condition on the candidate (it reads the choice by its name), narrows it further. The
command ``{"type": "act", "action": "advance", "from": "b2", "to": "b3"}`` names each choice.
"""

from __future__ import annotations

from collections.abc import Container, Iterator
from dataclasses import dataclass, field
from typing import Any

from domain.games.table_kit.language.expressions import Expression, ExpressionFailed, filtering
from domain.games.table_kit.board.kit_board import DIRECTIONS, BoardView
from domain.games.table_kit.play.kit_bounds import among_numbers, numbers_offered
from domain.games.table_kit.play.kit_grid_walk import open_spaces, walked
from domain.games.table_kit.play.kit_offers import Lazy
from domain.games.table_kit.play.kit_scope import Scope
from domain.games.table_kit.play.kit_open_spaces import OpenBySpace
from domain.games.table_kit.play.kit_where import Where
from domain.games.table_kit.vocabulary.kit_mistakes import did_you_mean

CHOICES = ("from", "to", "space", "card", "number", "count", "face", "player", "give", "take")
"""The names a choice may have: each a field of the ``act`` command."""
HOLDS = ("any", "empty", "mine", "theirs", "occupied")
"""What a space choice may ask of its space's piece."""
MINE = frozenset({"mine"})
NOTHING: frozenset[str] = frozenset()
SORTS = {"any": ("empty", "mine", "theirs", "unowned"), "occupied": ("mine", "theirs", "unowned")}
"""The sorts of space (``Choice._sorts``) each of ``HOLDS`` that is more than one takes."""


@dataclass(frozen=True)
class Choice:
    name: str
    holds: tuple[str, ...]
    origin: str | None
    steps: tuple[str, ...]
    numbers: tuple[Expression, Expression] | None
    where: Expression | None
    card: str | None = None
    along: tuple[Expression, ...] = ()
    of: Expression | None = None
    """Whose hand a card is chosen from (the seat acting, without it)."""
    start: Expression | None = None
    walk: Expression | None = None
    """With ``from``: the spaces exactly this many orthogonal steps away on a grid, by a path that never steps
    straight back onto the space it just left, each step onto a space where ``through`` holds."""
    through: Expression | None = None
    """The space the steps or the count along a track go from, when ``from`` is an expression (``spaces(seat)[0]``)
    rather than an earlier choice's name (``origin`` then holds its text)."""

    _where: Where | None = field(init=False, compare=False, repr=False)
    """The ``where`` tried on the candidates (``kit_where``), its answers kept where they can be."""
    _fixed_numbers: tuple[int, ...] | None = field(init=False, compare=False, repr=False)
    """A number choice's numbers where both ends are written out (``[1, 6]``): the same at every table, so
    found once; ``None`` where either end reads anything, or the range is refused (it is refused again
    each time, the long way)."""
    _walk_memo: dict[Any, Any] = field(init=False, compare=False, repr=False)
    """The walks worked out, by origin, count and the spaces open to them (and, under ``""``, the grid's
    orthogonal neighbours): a choice belongs to one kit, so to one board."""
    _open: Expression | None = field(init=False, compare=False, repr=False)
    """The ``through`` condition over all spaces at once."""
    _open_by_space: OpenBySpace | None = field(init=False, compare=False, repr=False)
    """The ``through``'s answers by space and its owner (``kit_sift``)."""
    _sorts: frozenset[str] = field(init=False, compare=False, repr=False)
    """The sorts of space the choice takes: ``empty``, ``mine``, ``theirs``, ``unowned`` (an unowned piece's)."""
    _reach: dict[str, dict[str, tuple[str, ...]]] = field(init=False, compare=False, repr=False)
    """For a seat facing each way, the spaces one step from each grid space in the choice's ``steps``
    (each once, in order; off the grid left out), filled in when first asked."""

    def __post_init__(self) -> None:
        """What the choice keeps, worked out once when it is made (attributes of its own: the engine compiled has
        no instance dictionary for a ``cached_property`` to keep them in)."""
        keep = object.__setattr__  # the dataclass is frozen: what it keeps is set once, here
        keep(self, "_where", None if self.where is None else Where(self.where, self.name, self.numbers is None and self.card is None))
        keep(self, "_fixed_numbers", self._numbers_written_out())
        keep(self, "_walk_memo", {})
        keep(self, "_open", None if self.through is None else filtering(self.through, self.name))
        keep(self, "_open_by_space", None if self.through is None else OpenBySpace(self.through, self.name))
        keep(self, "_sorts", frozenset(sort for kind in self.holds for sort in SORTS.get(kind, (kind,))))
        keep(self, "_reach", {})

    def _numbers_written_out(self) -> tuple[int, ...] | None:
        """``_fixed_numbers``."""
        if self.numbers is None or any(bound.names or bound.functions for bound in self.numbers):
            return None
        ends = [bound.shortcut for bound in self.numbers]
        if not all(type(end) is int for end in ends):
            return None
        try:
            return tuple(numbers_offered(self.name, *ends))
        except ExpressionFailed:
            return None

    def says(self) -> str:
        """What the choice allows, in words (for a refusal)."""
        if self.card is not None:
            said = "a card in your hand" if self.of is None else f"a card in the hand of seat {self.of.source}"
        elif self.numbers is not None:
            said = f"a number from {self.numbers[0].source} to {self.numbers[1].source}"
        elif self.walk is not None:
            said = f"a space {self.walk.source} steps from {self.origin}, never straight back" + (
                "" if self.through is None else f", through spaces where {self.through.source}")
        elif self.along:
            said = f"the space {' or '.join(count.source for count in self.along)} on from {self.origin} along its track"
        elif self.origin is not None:
            said = f"a space one step {' or '.join(self.steps)} of {self.origin}" + ("" if self.holds == ("any",) else f", {' or '.join(self.holds)}")
        else:
            said = "any space" if self.holds == ("any",) else f"a space that is {' or '.join(self.holds)}"
        return said + ("" if self.where is None else f", where {self.where.source}")

    def candidates(self, scope: Scope, lazy: Lazy = False) -> Iterator[Any]:
        """Every value the choice may take, given the choices before it (in ``scope.chosen``): its ``where``
        tried on all at once, or, ``lazy``, on one after another (to find whether there is one)."""
        found = self._values(scope)
        where = self.where
        if where is None:
            return iter(found)
        if lazy:
            return self._first_then_rest(scope, found, where)
        return iter(self._sifted(scope, found))

    def _first_then_rest(self, scope: Scope, found: list[Any], where: Expression) -> Iterator[Any]:
        """The values whose ``where`` holds, the first tried alone (often enough to know there is one), the rest
        then sifted all at once."""
        yield from self._sifted(scope, found[:1])
        yield from self._sifted(scope, found[1:])

    def _sifted(self, scope: Scope, found: list[Any]) -> list[Any]:
        """The values whose ``where`` holds, in order."""
        return self._where.sifted(scope, found)  # type: ignore[union-attr]

    def _values(self, scope: Scope) -> list[Any]:
        """The values the choice's kind allows, before its ``where``."""
        if self.card is not None:
            holder = scope.seat if self.of is None else self.of.value(scope)
            hand = scope.state.zones.get(f"hand:{holder}") if isinstance(holder, int) and not isinstance(holder, bool) else None
            if hand is None:
                raise ExpressionFailed(f"{self.of.source!r} is {holder!r}, which is no seat")  # type: ignore[union-attr]
            return list(dict.fromkeys(entry["card"] for entry in hand["cards"]))
        if self.numbers is not None:  # at most MOST_NUMBERS of them
            fixed = self._fixed_numbers
            if fixed is not None:
                return list(fixed)
            return list(numbers_offered(self.name, *(_number(bound.value(scope), bound) for bound in self.numbers)))
        board, seat = scope.board, scope.seat
        if self.walk is not None:
            count = _number(self.walk.value(scope), self.walk)
            by_space = self._open_by_space
            open_ = None if by_space is None else by_space.open_spaces(scope, board.geometry.every)
            if open_ is None:
                open_ = open_spaces(scope, board, self.name, self.through, self._open, self._walk_memo)
                if by_space is not None:
                    by_space.learn(scope, board.geometry.every, open_)
            return walked(board, self._origin(scope), count, open_, self._walk_memo)
        if self.along:
            origin = self._origin(scope)
            spaces = dict.fromkeys(board.geometry.along(origin, _number(count.value(scope), count)) for count in self.along)
            spaces.pop("", None)
            return self._fitting(board, spaces, seat)
        key = (id(self), seat, None if self.origin is None else self._origin(scope))
        found = board.memo.get(key)
        if found is None:
            found = board.memo[key] = self._spaces(scope, board, seat, key[2])
        return found

    def _origin(self, scope: Scope) -> str:
        """The space the choice goes from: an earlier choice's, or its ``from`` expression's value."""
        if self.start is None:
            return str(scope.chosen[self.origin or ""])  # an earlier choice's name, where ``from`` is no expression
        found = self.start.value(scope)
        if isinstance(found, bool) or not isinstance(found, (str, int)):
            raise ExpressionFailed(f"{self.start.source!r} is {found!r}, which is no space")
        return str(found)

    def _spaces(self, scope: Scope, board: BoardView, seat: int, origin: Any) -> list[str]:
        """The spaces a space choice that goes by steps, or none, allows the seat on this board (its ``where``
        aside), from ``origin``: worked out once per board (``BoardView.memo``)."""
        if origin is not None:
            reach, barred = self.reach(scope)
            return [space for space in reach.get(origin, ()) if space not in barred]
        if self._sorts == MINE:
            return board.held(seat)
        return self._fitting(board, board.geometry.every if "empty" in self._sorts else board.occupied(), seat)

    def reach(self, scope: Scope) -> tuple[dict[str, tuple[str, ...]], Container[str]]:
        """For a choice that goes by steps, the spaces its steps reach from each grid space (each once, in order)
        for the seat acting, and the spaces of this board it never takes (``BoardView.barred``): its values from
        an origin are those reached that are not barred. Once per board and seat."""
        board, seat = scope.board, scope.seat
        key = (id(self), seat)  # the spaces from an origin are kept by (id(self), seat, origin)
        found = board.memo.get(key)
        if found is None:
            facing = scope.rules.facing(seat, scope.state.seats)
            reach = self._reach.get(facing)
            if reach is None:
                step = scope.rules.stepper(facing)
                reach = self._reach[facing] = {
                    space: tuple(found for found in dict.fromkeys(step(space, direction) for direction in self.steps) if found)
                    for space in board.geometry.places}
            sorts = self._sorts
            found = board.memo[key] = (reach, NOTHING if len(sorts) == 4 else board.barred(sorts, seat))
        return found  # type: ignore[no-any-return]

    def steps_from(self, earlier: str) -> bool:
        """Whether the choice is only steps on a grid from the earlier choice ``earlier``'s space, with no ``where``:
        its values then follow from that space and the board alone (``stepped``, ``reach``)."""
        return (self.origin == earlier and bool(self.steps) and self.start is None and self.where is None
                and self.card is None and self.numbers is None)

    def stepped(self, scope: Scope, origin: str) -> list[str]:
        """The values of a choice that ``steps_from`` an earlier one, from that one's space ``origin``."""
        board, seat = scope.board, scope.seat
        key = (id(self), seat, origin)
        found = board.memo.get(key)
        if found is None:
            found = board.memo[key] = self._spaces(scope, board, seat, origin)
        return found

    def _fitting(self, board: BoardView, spaces: Any, seat: int) -> list[str]:
        sorts = self._sorts
        return list(spaces) if len(sorts) == 4 else board.fitting(spaces, sorts, seat)

    def allows(self, scope: Scope, value: Any) -> bool:
        """Whether the choice may take ``value``, given the choices before it (a number by its range alone)."""
        if self.numbers is not None:
            if not among_numbers(value, *(_number(bound.value(scope), bound) for bound in self.numbers)):
                return False
        elif value not in self._values(scope):  # each compared as ``candidate == value``
            return False
        return self.where is None or bool(self._sifted(scope, [value]))


def _number(value: Any, bound: Expression) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ExpressionFailed(f"{bound.source!r} is {value!r}, not a whole number")
    return value


def choice_problems(spec: dict[str, Any], earlier: dict[str, Choice]) -> list[tuple[str, str]]:
    """What is wrong in a choice's spec, as (field, message) pairs (its expressions compiled apart)."""
    out: list[tuple[str, str]] = []
    name = spec.get("name")
    if name not in CHOICES:
        out.append(("name", f"a choice is named {', '.join(CHOICES)} (the command's fields), not {name!r}" + did_you_mean(name, CHOICES)))
    elif name in earlier:
        out.append(("name", f"{name!r} is chosen twice"))
    if sum(1 for kind in ("number", "card") if kind in spec) + (1 if {"space", "steps", "along", "walk"} & set(spec) else 0) != 1:
        out.append(("space", "say what is chosen, one of: space (any, empty, mine, theirs, occupied), card (hand) or number [least, most]"))
    if "card" in spec and spec["card"] != "hand":
        out.append(("card", f"a card is chosen from the seat's hand (card: hand), not {spec['card']!r}"))
    if "of" in spec and "card" not in spec:
        out.append(("of", "of names whose hand a card is chosen from: it goes with card: hand"))
    holds = spec.get("space", "any")
    for kind in holds if isinstance(holds, list) else [holds]:
        if kind not in HOLDS:
            out.append(("space", f"a space choice holds {', '.join(HOLDS)}; not {kind!r}" + did_you_mean(kind, HOLDS)))
    if sum(1 for kind in ("steps", "along", "walk") if kind in spec) > 1:
        out.append(("along", "a choice goes by steps on a grid, along a track or on a walk, one of them"))
    if ("from" in spec) != ("steps" in spec or "along" in spec or "walk" in spec):
        out.append(("steps" if "from" in spec else "from", "from goes with steps, along or walk: they are taken from an earlier choice's space"))
    if "through" in spec and "walk" not in spec:
        out.append(("through", "through says which spaces a walk may step onto: it goes with walk"))
    origin = spec.get("from")
    if origin in CHOICES and (origin not in earlier or earlier[origin].numbers is not None):  # else an expression
        out.append(("from", f"{origin!r} is no earlier choice of a space"))
    for step in spec.get("steps", []):
        if step not in DIRECTIONS:
            out.append(("steps", f"{step!r} is no direction{did_you_mean(step, DIRECTIONS)}: {', '.join(DIRECTIONS)}"))
    return out
