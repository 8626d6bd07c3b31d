"""A choice's ``where`` tried on its candidates, each answer remembered with what it read of the board.

A condition that reads besides its candidate only names whose values are numbers or texts (the seat, the parameters,
a counter, an earlier choice), and reads the board only through ``owner(s)``, ``kind(s)`` and ``seats_at(s)`` (its
other functions, ``row``, ``step``..., follow from the kit's grid and the seat alone), goes the same way, read by
read, wherever those names hold the same values and the spaces it read hold what they held when it was worked out:
its answer then is the same. So each candidate's answer is kept by those values with the owners, kinds and seats it
read, and worked out again only where one of them changed (Connect Four's ``row(to) == 1 || owner(step(to,
"south")) != 0`` reads one space, which one drop changes for one column; Liar's dice's ``count > bid_count || (count
== bid_count && face > bid_face)`` reads the bid, a few values met again and again; the Missions kit's move
``seats_at(to).size() < max_per_space`` the seats on the space reached). A condition whose values are seldom met
again (past ``MOST_KEYS`` of them, most met only once) stops being kept; one that reads anything else is sifted as
before.

A walk's ``through`` that calls no function and reads the board only as ``owners[to]`` and ``to in owners`` (``to``
the space tried) holds on a space or not by the other values it reads, the space and its owner alone: each space's
answer is kept by them (``OpenBySpace``), and the spaces open to a walk are looked up, space by space; so is a
space choice's ``where`` that reads the board so (the Assassination Game's, on the spaces a walk reaches).
"""

from __future__ import annotations

from typing import Any

from domain.games.table_kit.language.expression_syntax import Node, Unsupported, parsed
from domain.games.table_kit.language.expressions import CANDIDATES, Expression, OutOfTime
from domain.games.table_kit.play.kit_scope import Scope
from domain.games.table_kit.vocabulary.layout import OFF

TRACED = frozenset({"owner", "kind", "seats_at"})
"""The functions reading the board whose answers a remembered answer is kept with."""
STEADY = frozenset({"row", "column", "step", "along", "link", "mark", "neighbours", "abs"})
"""The functions whose answers follow from the kit's board and the seat acting alone."""
MOST_REMEMBERED = 4096
"""The most candidates' answers a choice keeps (past them, it starts again)."""
MOST_KEYS = 256
"""How many sets of values a condition reads may be met before it is judged: kept no longer where most were met once."""

Read = tuple[int, Any, Any]
"""A read of the board: which (``OWNER`` or ``KIND``), the space asked about, and the answer. A read of
``seats_at(s)`` is kept as a ``KIND`` read of ``(s,)``, the space in a tuple, its answer the seats holding it (every
piece counted, 0 for an unowned piece's: what ``seats_at`` answers follows from them), so that looking answers up
stays one test a read for the conditions that read no seats."""
KIND, OWNER = 0, 1
NOBODY: frozenset[int] = frozenset()


def plain_key(scope: Any, names: tuple[str, ...]) -> tuple[Any, ...] | None:
    """The seat acting and the values of ``names`` on the scope, each with its type (``1`` is not ``true`` to CEL): what
    a condition reading them answers by; ``None`` where one is not a number or a text (a map, a list)."""
    values: list[Any] = [scope.seat]
    for name in names:
        value = scope[name]
        kind = type(value)
        if kind is not int and kind is not str and kind is not float and kind is not bool:
            return None
        values.append(kind)
        values.append(value)
    return tuple(values)


def seldom_met(keys: int, looked: int) -> bool:
    """Whether, past ``MOST_KEYS`` sets of values met, most were met only once: answers kept by them are of no use."""
    return keys > MOST_KEYS and 2 * keys > looked


class Sifter:
    """The answers of one choice's ``where`` (named ``name``'s candidate), by the rules, the values it reads besides
    the candidate, and the candidate: each a tree of the reads it made, whether it held at each end (``_kept``)."""

    def __init__(self, where: Expression, name: str) -> None:
        self.name = name
        self.others = tuple(sorted(set(where.names) - {name}))
        self.usable = set(where.functions) <= TRACED | STEADY and "owners" not in self.others  # a map: never a key
        self.seats = "seats_at" in where.functions
        self._rules: Any = None
        self._answers: dict[Any, dict[Any, Any]] = {}
        self._count = 0
        self._keys = 0
        """The sets of values read, met for the first time (``_key``), and the times any was looked up."""
        self._looked = 0

    def sifted(self, scope: Any, found: list[Any], where_all: Expression) -> list[Any] | None:
        """The candidates ``found`` for which the ``where`` holds, in order; ``None`` where it cannot say (the
        condition reads more, or fails: the caller sifts them the usual way, and says why)."""
        if not self.usable or not isinstance(scope, Scope):
            return None
        key = self._key(scope)
        if key is None:
            return None
        answers = self._answers.get(key)
        self._looked += 1
        if answers is None:
            self._keys += 1
            if seldom_met(self._keys, self._looked):
                self.usable, self._answers = False, {}
                return None
            answers = self._answers[key] = {}
        board = scope.board
        seated, kind = board.seated, board.kind
        if self.seats:  # a KIND read of a space in a tuple is a read of the seats holding it
            holders, kind_of = board.holders, board.kind
            kind = lambda space: holders.get(space[0], NOBODY) if type(space) is tuple else kind_of(space)  # noqa: E731
        kept = []
        for candidate in found:
            node = answers.get(candidate)
            while type(node) is tuple:  # a read: where it goes on from, by the answer to it
                read, space, then = node
                node = then.get(seated.get(space, 0) if read else kind(space))
            if node is None:
                node = self._worked_out(scope, candidate, where_all, answers)
                if node is None:
                    return None
            if node:
                kept.append(candidate)
        return kept

    def _key(self, scope: Any) -> Any:
        """The values the condition reads besides its candidate, each with its type (``1`` is not ``true`` to CEL);
        ``None`` where one is not a number or a text (a map, a list: the condition is sifted as before)."""
        rules = scope.rules
        if rules is not self._rules:
            self._rules, self._answers, self._count = rules, {}, 0
        return plain_key(scope, self.others)

    def _worked_out(self, scope: Any, candidate: Any, where_all: Expression, answers: dict[Any, Any]) -> bool | None:
        """Whether the condition holds for the candidate on this board, worked out with its reads noted and kept."""
        if not isinstance(candidate, (str, int)) or isinstance(candidate, bool):
            return None
        board = scope.board
        seated = board.seated
        reads: list[Read] = []
        off: list[Any] = []

        def owner(space: Any) -> Any:
            found = seated.get(space, 0)
            reads.append((OWNER, space, found))
            return found

        def kind(space: Any) -> Any:
            found = board.kind(space)
            reads.append((KIND, space, found))
            return found

        def seats_at(space: Any) -> list[int]:
            space = str(space)  # as ``kit_scope`` reads it
            if space == OFF:  # off the board: not a space's read, nothing kept
                off.append(space)
                return scope.function("seats_at")(space)  # type: ignore[no-any-return]
            found = board.holders.get(space, NOBODY)
            reads.append((KIND, (space,), found))
            return sorted(seat for seat in found if seat)

        traced = {"owner": owner, "kind": kind, "seats_at": seats_at}
        tried = scope.with_functions({**scope.chosen, CANDIDATES: [candidate]}, traced)
        try:
            kept = where_all.value(tried)
        except OutOfTime:
            raise
        except Exception:  # noqa: BLE001 -- failing: the caller sifts the usual way and says why
            return None
        if not isinstance(kept, list) or off:
            return None
        if self._count >= MOST_REMEMBERED:
            self._answers, self._count = {}, 0
            answers = self._answers.setdefault(self._key(scope), {})
        self._count += 1
        return _kept(answers, candidate, reads, bool(kept))


def _kept(answers: dict[Any, Any], candidate: Any, reads: list[Read], held: bool) -> bool | None:
    """``held`` kept for the candidate at the end of its reads, in its tree of them: a read is (which read, the space,
    where it goes on by each answer); the answer at its end, whether the condition held. ``None`` where the reads
    part from those kept before them (a condition that does not go the same way on the same reads)."""
    if not reads:
        answers[candidate] = held
        return held
    node = answers.get(candidate)
    if node is None:
        node = answers[candidate] = (reads[0][0], reads[0][1], {})
    for at, (read, space, value) in enumerate(reads):
        if type(node) is not tuple or node[0] != read or node[1] != space:
            return None
        then = node[2]
        if at + 1 == len(reads):
            then[value] = held
            return held
        following = then.get(value)
        if following is None:
            following = then[value] = (reads[at + 1][0], reads[at + 1][1], {})
        node = following
    return held


_EMPTY = object()
"""A space no piece holds, as an owner (``owners`` has no entry for it)."""


class OpenBySpace:
    """Whether a walk's ``through`` (reading the space as ``name``) holds on each space, by the other values it reads,
    the space and the space's owner (or ``_EMPTY``): kept from the spaces found open on a table, to look up on the
    next, when the condition reads the board's owners only at the space tried and calls no function."""

    def __init__(self, through: Expression, name: str) -> None:
        self.others = tuple(sorted(set(through.names) - {name, "owners"}))
        try:
            tree = parsed(through.source)
        except (Unsupported, RecursionError):
            tree = None
        self.usable = not through.functions and "owners" in through.names and tree is not None and _owners_at(tree, name)
        self._answers: dict[Any, dict[tuple[str, Any], bool]] = {}
        self._empty: dict[Any, tuple[tuple[str, ...], frozenset[str], frozenset[str]]] = {}
        """By the other values read: the spaces (``every``, kept so its id stays its own), those of them the condition
        holds on while empty, and all of them (``open_spaces``)."""
        self._count = 0

    def _key(self, scope: Scope) -> Any:
        """The other values the condition reads, each with its type (``1`` is not ``true`` to CEL); ``None`` for a
        value that is not a number or a text."""
        key = []
        for name in self.others:
            value = scope[name]
            if type(value) not in (str, int, float, bool):
                return None
            key.append((type(value), value))
        return tuple(key)

    def open_spaces(self, scope: Scope, every: tuple[str, ...]) -> frozenset[str] | None:
        """The spaces of ``every`` the condition holds on, looked up; ``None`` where one is not known yet: those open
        while empty (found once for the other values read), less the occupied ones it fails on, with the occupied
        ones it holds on (a board has few pieces and many spaces)."""
        if not self.usable:
            return None
        key = self._key(scope)
        answers = self._answers.get(key)
        owners = scope["owners"]
        if answers is None or type(owners) is not dict:
            return None
        empty = self._empty.get(key)
        if empty is None or empty[0] is not every:
            held = [answers.get((space, _EMPTY)) for space in every]
            if None in held:  # a space not yet met empty with these values: each looked up
                kept = self.sifted(scope, every)
                return None if kept is None else frozenset(kept)
            empty = self._empty[key] = (every, frozenset(space for space, open_ in zip(every, held) if open_), frozenset(every))
        open_, spaces = empty[1], empty[2]
        closed: list[str] = []
        opened: list[str] = []
        for space, owner in owners.items():
            if space in spaces:
                found = answers.get((space, owner))
                if found is None:
                    return None
                if found is not (space in open_):
                    (opened if found else closed).append(space)
        return open_.difference(closed).union(opened) if closed or opened else open_

    def sifted(self, scope: Scope, spaces: Any) -> list[str] | None:
        """The spaces of ``spaces`` the condition holds on, in order, looked up; ``None`` where one is not known yet
        (a choice's ``where`` that reads ``owners`` as a walk's ``through`` does, its candidates the spaces)."""
        if not self.usable:
            return None
        answers = self._answers.get(self._key(scope))
        owners = scope["owners"]
        if answers is None or type(owners) is not dict:
            return None
        kept = []
        for space in spaces:
            held = answers.get((space, owners.get(space, _EMPTY)))
            if held is None:
                return None
            if held:
                kept.append(space)
        return kept

    def learn(self, scope: Scope, every: tuple[str, ...], open_: frozenset[str]) -> None:
        """Keep the answers of a table whose open spaces of ``every`` were found to be ``open_``."""
        key = self._key(scope) if self.usable else None
        owners = scope["owners"] if key is not None else None
        if type(owners) is not dict:
            return
        if self._count >= MOST_REMEMBERED:
            self._answers, self._empty, self._count = {}, {}, 0
        answers = self._answers.setdefault(key, {})
        before = len(answers)
        for space in every:
            answers[space, owners.get(space, _EMPTY)] = space in open_
        self._count += len(answers) - before


def _owners_at(node: Node, name: str) -> bool:
    """Whether the tree reads ``owners`` only as ``owners[name]`` and ``name in owners``, ``name`` never bound by a
    macro within it (the space tried, wherever it is read)."""
    kind = node[0]
    if kind == "name":
        return node[1] != "owners"
    if kind == "constant":
        return True
    if kind == "index" and node[1] == ("name", "owners") and node[2] == ("name", name):
        return True
    if kind == "binary" and node[1] == "in" and node[2] == ("name", name) and node[3] == ("name", "owners"):
        return True
    if kind == "macro" and node[3] in (name, "owners"):
        return False
    parts = _parts(node)
    return parts is not None and all(_owners_at(part, name) for part in parts)


def _parts(node: Node) -> tuple[Node, ...] | None:
    """The trees within a node (``None`` for a kind of node not known here)."""
    kind = node[0]
    if kind in ("constant", "name"):
        return ()
    if kind == "list":
        return tuple(node[1])
    if kind == "map":
        return tuple(part for pair in node[1] for part in pair)
    if kind in ("index", "and", "or", "choose", "not", "negate"):
        return tuple(node[1:])
    if kind in ("select", "macro"):
        return (node[1], *(node[4] if kind == "macro" else ()))
    if kind == "call":
        return tuple(node[2])
    if kind == "method":
        return (node[1], *node[3])
    if kind == "binary":
        return (node[2], node[3])
    return None
