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

On a board made from another by one piece's move, the answers sifted there are carried over (``_carried``): only the
candidates whose answers read the space the piece left or the space it reached are looked up again. A condition that
does not read the seat answers alike for seats facing the same way, and keeps its answers for them together.

A walk's ``through`` that reads the board only at the space tried is kept by space and owner (``kit_open_spaces``).
"""

from __future__ import annotations

from typing import Any

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
NOWHERE: frozenset[Any] = frozenset()


def plain_key(scope: Any, names: tuple[str, ...], who: Any = None) -> tuple[Any, ...] | None:
    """The seat acting (or ``who``, what of it the condition reads) and the values of ``names`` on the scope, each with
    its type (``1`` is not ``true`` to CEL): what a condition reading them answers by; ``None`` where one is not a number
    or a text (a map, a list)."""
    values: list[Any] = [scope.seat if who is None else who]
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
        self.by_seat = "seat" in where.names
        """Whether the condition reads the seat acting; else it answers alike for every seat facing the same way
        (``step``'s ahead and left are the seat's), or for every seat where it calls no ``step``."""
        self.facing = "step" in where.functions
        self._rules: Any = None
        self._answers: dict[Any, dict[Any, Any]] = {}
        self._count = 0
        self._keys = 0
        """The sets of values read, met for the first time (``_key``), and the times any was looked up."""
        self._looked = 0
        self._era = 0
        """Counts the times the answers were let go: answers carried from a board are of the same era (``_carried``)."""
        self._reading: dict[Any, dict[Any, frozenset[Any]]] = {}
        """By the values read: each space some candidate's answer reads, with those candidates (``_read_by``); let go
        whenever an answer is added."""

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
        kind: Any  # a board's, or one reading the seats of a space in a tuple too
        seated, kind = board.seated, board.kind
        if self.seats:  # a KIND read of a space in a tuple is a read of the seats holding it
            holders, kind_of = board.holders, board.kind
            kind = lambda space: holders.get(space[0], NOBODY) if type(space) is tuple else kind_of(space)  # noqa: E731
        held: set[Any] | frozenset[Any] = NOWHERE
        tried: set[Any] | frozenset[Any] = NOWHERE
        before = board.before
        if before is not None:
            last = before[0].get(self)
            if last is not None and last[0] == key and last[1] == self._era:
                held, tried = self._carried(key, answers, last, before[1], before[2])
        kept = []
        era = self._era
        for candidate in found:
            if candidate in held:  # held on the board before, and reads nothing the move changed
                kept.append(candidate)
                continue
            if candidate in tried:  # failed there, and would the same way
                continue
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
        if self._era == era:
            board.memo[self] = (key, era, found, kept)
        return kept

    def _carried(self, key: Any, answers: dict[Any, Any], last: tuple[Any, int, list[Any], list[Any]], origin: str,
                 to: str) -> tuple[set[Any], set[Any]]:
        """From the board before a move from ``origin`` to ``to``, sifted with the same values (``last``: the values,
        the era, the candidates and those kept): the candidates kept there and those tried there and not kept, less
        the candidates whose answers read either space (their answers worked out again)."""
        reading = self._reading.get(key)
        if reading is None:
            reading = self._reading[key] = _read_by(answers)
        moved = reading.get(origin, NOWHERE) | reading.get(to, NOWHERE)
        held, tried = set(last[3]), set(last[2])
        if moved:
            held -= moved
            tried -= moved
        tried -= held
        return held, tried

    def _key(self, scope: Any) -> Any:
        """The values the condition reads besides its candidate, each with its type (``1`` is not ``true`` to CEL);
        ``None`` where one is not a number or a text (a map, a list: the condition is sifted as before)."""
        rules = scope.rules
        if rules is not self._rules:
            self._rules, self._answers, self._count, self._era, self._reading = rules, {}, 0, self._era + 1, {}
        if self.by_seat:
            return plain_key(scope, self.others)
        return plain_key(scope, self.others, scope.rules.facing(scope.seat, scope.state.seats) if self.facing else "")

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
            self._answers, self._count, self._era = {}, 0, self._era + 1
            answers = self._answers.setdefault(self._key(scope), {})
        self._count += 1
        self._reading = {}
        return _kept(answers, candidate, reads, bool(kept))


def _read_by(answers: dict[Any, Any]) -> dict[Any, frozenset[Any]]:
    """Each space any candidate's answer reads (at any read of its tree; a read of the seats holding ``s`` as ``s``),
    with the candidates that read it."""
    found: dict[Any, set[Any]] = {}
    for candidate, node in answers.items():
        nodes = [node]
        while nodes:
            node = nodes.pop()
            if type(node) is tuple:
                space = node[1][0] if type(node[1]) is tuple else node[1]
                found.setdefault(space, set()).add(candidate)
                nodes.extend(node[2].values())
    return {space: frozenset(candidates) for space, candidates in found.items()}


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
