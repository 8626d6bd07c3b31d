"""What an expression in a kit's rules may read, and the functions it may call, for one table and one seat.

Names: each counter (a seat's counter as ``name[seat]``), each die's last roll (its first face; a hidden
die's, each seat's as ``name[seat]``, 0 before it is rolled), each
parameter, ``seat`` (the seat acting), ``turn_seat`` (the seat whose turn it is: another than ``seat`` while
``seat`` answers out of turn), ``phase`` (the turn's phase, in a kit that names phases), ``seats`` (how many
play), ``turn`` (turns begun), ``free_spaces``
(spaces with no piece), ``here`` (the space of the acting seat's first piece on the board, ``""`` for none:
where its pawn stands), ``owners`` (each occupied space's owner, a map: ``owners[to]``, read
with ``to in owners``; cheaper than ``owner(to)`` in a condition tried on many spaces), ``landed`` (the space the action's last placed or moved piece landed on; ``""``
before one has), ``drawn`` (the card the acting seat last drew in this action, ``""`` before it has) and the action's own choices (``from``, ``to``...). Functions, on the board: ``owner(s)``
(the seat whose piece stands on space ``s``, 0 for none), ``kind(s)`` (its kind, ``""`` for none),
``row(s)`` and ``column(s)`` (on a grid, from 1; 0 elsewhere), ``step(s, "north")`` (the space one step
away, ``""`` off the grid), ``along(s, n)`` (the space ``n`` on along a track or loop, back for a negative
``n``, ``""`` past a track's end), ``link(s)`` (where a link from ``s`` leads, ``""`` for none), ``mark(s)``
(the space's mark in its track's ``kinds``, ``""`` for none), ``spaces(seat)`` (the spaces holding a seat's
pieces), ``line(seat)`` (the most of a seat's pieces in one straight line),
``pieces(seat)`` (how many of a seat's pieces are on the board), ``seats_at(s)`` (the seats whose pieces stand
on space ``s``, in seat order, each once) and ``abs(n)``; on cards, ``hand(seat)``
(the names of the cards in a seat's hand, the last drawn last), ``cards(zone)`` (the names of a zone's
cards, those in a shuffled pile among them in no order) and ``card(name)`` (a card's fields, its
``name`` among them: ``card(hand(seat)[0]).rank``); over a list of cards (``hand(seat)``, ``cards(zone)``),
``sum_of(list, "field")`` (the sum of a number field of its cards), ``most_of(list, "field")`` and
``least_of(list, "field")`` (the largest and smallest; 0 for no cards; a card without the field counts 0); and ``neighbours(s)`` (the spaces joined to ``s``: a graph's neighbours as listed, on a grid the
spaces one step north, east, south and west, on a track or loop those beside it; ``[]`` for none).

A keyed counter is a map by key (``pile[2]``, ``score["red"]``), a seat's keyed counter a map by seat of such
maps (``used[seat][3]``); a named value (``play.let``) is read by its name (``kit_lets``).

The rules read the whole table, hidden cards too, as the table itself knows them: what a seat is shown
is the table's to say (``present``), never an expression's.

Only the names an expression reads are worked out; the board's pieces, and each counter kept by seat, once per table.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from domain.games.table_kit.board.kit_board import BoardView
from domain.games.table_kit.board.kit_kept import table_board
from domain.games.table_kit.language import kit_lets
from domain.games.table_kit.play.kit_functions import KIT_MAKERS, kit_function
from domain.games.table_kit.vocabulary.layout import ASKER, OFF, PHASE

GIVEN = ("seat", "seats", "turn", "free_spaces", "landed", "drawn", "turn_seat", "owners", "here")
"""The names every expression may read besides the kit's own."""
FUNCTIONS = ("owner", "kind", "row", "column", "step", "along", "link", "mark", "spaces", "line", "pieces", "seats_at", "abs",
             "hand", "cards", "card", "sum_of", "most_of", "least_of", "neighbours")
"""The functions every expression may call besides CEL's own."""
WIDE = frozenset({"owners", "spaces", "hand", "cards", "neighbours"})
"""The names and functions whose value may hold as many entries as the kit's largest list (its spaces, cards,
pieces; ``card(name)`` holds a card's fields, ``seats_at(s)`` a few seats): what an expression may cost is
priced by them (``expression_cost``)."""


class Scope(Mapping[str, Any]):
    """The values an expression may read, worked out only for the names it reads."""

    __slots__ = ("_board", "_functions", "chosen", "lets_worked_out", "rules", "seat", "state")

    def __init__(self, rules: Any, state: Any, seat: int, chosen: Mapping[str, Any] | None = None,
                 board: BoardView | None = None) -> None:
        self.rules, self.state, self.seat = rules, state, seat
        self.chosen = chosen or {}
        self._board = board
        self._functions: dict[str, Any] | None = None
        self.lets_worked_out: dict[str, Any] = {}
        """The named values (``play.let``) worked out for this table so far (``kit_lets``)."""

    def with_choice(self, chosen: Mapping[str, Any]) -> Scope:
        """The same table and seat, with the action's choices so far (sharing the board and its functions)."""
        if self._functions is None:
            self._functions = {}
        scope = Scope(self.rules, self.state, self.seat, chosen, self.board)
        scope._functions = self._functions
        scope.lets_worked_out = self.lets_worked_out
        return scope

    def with_functions(self, chosen: Mapping[str, Any], functions: dict[str, Any]) -> Scope:
        """The same table and seat, with these choices, calling ``functions`` by their names (the others made
        afresh): a scope whose reads of the board are noted (``kit_sift``)."""
        scope = Scope(self.rules, self.state, self.seat, chosen, self.board)
        scope._functions = dict(functions)
        scope.lets_worked_out = self.lets_worked_out
        return scope

    @property
    def board(self) -> BoardView:
        board = self._board
        if board is None:
            board = self._board = table_board(self.rules, self.state)
        return board

    def __getitem__(self, name: str) -> Any:
        chosen = self.chosen
        if name in chosen:
            return chosen[name]
        readers = self.rules.name_readers
        reader = readers.get(name)
        if reader is None:
            reader = readers[name] = _reader(self.rules, name)
        return reader(self)

    def function(self, name: str) -> Any:
        """The callable an expression calls by ``name`` (one of ``FUNCTIONS``), made when first asked for."""
        functions = self._functions
        if functions is None:
            functions = self._functions = {}
        found = functions.get(name)
        if found is None:
            maker = KIT_MAKERS.get(name)
            found = functions[name] = _MAKERS[name](self) if maker is None else kit_function(self.rules, name, maker)
        return found

    def __contains__(self, name: object) -> bool:
        return name in self.chosen or name in self.rules.names

    def __iter__(self) -> Iterator[str]:
        return iter(self.rules.names)

    def __len__(self) -> int:
        return len(self.rules.names)


def _reader(rules: Any, name: str) -> Any:
    """How a scope works out the name (one not among the action's choices) on its table: worked out once for the
    kit's rules and the name, in the order the names are looked for (``KeyError`` for a name the kit does not give)."""
    given = _GIVEN_READERS.get(name)
    if given is not None:
        return given
    if name == "phase" and rules.phases:
        phases = rules.phases
        return lambda scope: phases[scope.state.counters.get(PHASE, 0)]
    if name in rules.parameters:
        return lambda scope: scope.state.parameters[name]
    if name in rules.hidden:
        keys = _seat_keys(name)
        return lambda scope: {seat: (scope.state.dice.get(key) or [0])[0] for seat, key in keys(scope.state.seats)}
    if name in rules.dice:
        return lambda scope: (scope.state.dice.get(name) or [0])[0]
    if name in rules.lets:
        return lambda scope: kit_lets.value(scope, name)
    spec = rules.counters.get(name)
    if spec is None:
        return _unknown(name)
    if "keys" in spec:
        return lambda scope: scope.rules.keyed(name, scope.state)
    if not spec.get("each", True):
        return lambda scope: scope.state.counters[name]
    keys = _seat_keys(name)
    last: list[Any] = [None, 0, None]  # the counters last read (kept, so their id stays theirs), the seats, the map

    def each_seat(scope: Scope) -> dict[int, Any]:  # made once a table: its counters are never changed in place
        state = scope.state
        counters, seats = state.counters, state.seats
        if last[0] is not counters or last[1] != seats:
            last[:] = counters, seats, {seat: counters[key] for seat, key in keys(seats)}
        return last[2]  # type: ignore[no-any-return]

    return each_seat


def _seat_keys(name: str) -> Any:
    """``keys(seats)``: each seat with its key of the name (``score:2``), for ``seats`` seats, made once a count."""
    made: dict[int, tuple[tuple[int, str], ...]] = {}

    def keys(seats: int) -> tuple[tuple[int, str], ...]:
        found = made.get(seats)
        if found is None:
            found = made[seats] = tuple((seat, f"{name}:{seat}") for seat in range(1, seats + 1))
        return found

    return keys


def _unknown(name: str) -> Any:
    def unknown(scope: Scope) -> Any:
        raise KeyError(name)
    return unknown


def _here(scope: Scope) -> str:
    found = scope.board.held(scope.seat)
    return found[0] if found else ""


_GIVEN_READERS: dict[str, Any] = {
    "seat": lambda scope: scope.seat, "seats": lambda scope: scope.state.seats, "turn": lambda scope: scope.state.turns,
    "free_spaces": lambda scope: scope.board.free(), "landed": lambda scope: "", "drawn": lambda scope: "",
    "owners": lambda scope: scope.board.listed, "here": _here,
    "turn_seat": lambda scope: scope.state.counters.get(ASKER, scope.state.turn)}
"""How each of ``GIVEN`` is worked out (``landed`` and ``drawn``: ``""`` until the action's steps give them)."""


def _owner(scope: Scope) -> Any:
    seated = scope.board.seated
    return lambda space: seated.get(space, 0)


def _stepper(scope: Scope) -> Any:
    return scope.rules.stepper(scope.rules.facing(scope.seat, scope.state.seats))


def _seats_at(scope: Scope) -> Any:
    """``seats_at`` at the scope's table. Like every function a scope makes, it holds the board, the rules and the
    table it reads, never the scope: a scope holding a function that held the scope would be a cycle, which only
    the garbage collector lets go of."""
    board, rules, state = scope.board, scope.rules, scope.state

    def seats_at(space: Any) -> list[int]:
        space = str(space)
        if space != OFF:  # a space of the board: who holds it, in order, worked out once per board
            memo = board.memo
            found = memo.get(("seats_at", space))
            if found is None:
                found = memo["seats_at", space] = tuple(sorted(seat for seat in board.holders.get(space, ()) if seat))
            return list(found)
        owners = rules.owners(state.seats)
        return sorted({owners[piece][1] for piece, at in state.pieces.items() if at == space and owners[piece][1]})

    return seats_at


def _cards(scope: Scope) -> Any:
    """``cards`` at the scope's table: the names of a zone's cards."""
    zones = scope.state.zones

    def cards(zone: str) -> list[str]:
        found = zones.get(zone)
        if found is None:
            raise ValueError(f"no zone named {zone!r}")
        return [*found["pool"], *(entry["card"] for entry in found["cards"])]

    return cards


def _hand(scope: Scope) -> Any:
    """``hand`` at the scope's table: the names of the cards in a seat's hand."""
    cards = _cards(scope)
    return lambda seat: cards(f"hand:{seat}")


_MAKERS: dict[str, Any] = {
    "owner": _owner, "kind": lambda scope: scope.board.kind, "step": _stepper,
    "spaces": lambda scope: scope.board.spaces, "line": lambda scope: scope.board.line,
    "pieces": lambda scope: scope.board.pieces, "seats_at": _seats_at, "hand": _hand, "cards": _cards}
"""How each of the other ``FUNCTIONS`` is made for a scope: only those an expression calls are."""
