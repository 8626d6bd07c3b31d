"""Whether a walk's ``through`` holds on each space, kept by space and owner (``kit_sift`` keeps a ``where``'s answers
with what it read of the board).

A walk's ``through`` that calls no function and reads the board only as ``owners[to]`` and ``to in owners`` (``to``
the space tried) holds on a space or not by the other values it reads, the space and its owner alone: each space's
answer is kept by them (``OpenBySpace``), and the spaces open to a walk are looked up: those open while empty, found
once, with the few occupied ones looked up on each table; so is a space choice's ``where`` that reads the board so (the
Assassination Game's, on the spaces a walk reaches), space by space.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.games.table_kit.language.expression_syntax import Node, Unsupported, parsed
from domain.games.table_kit.language.expressions import Expression
from domain.games.table_kit.play.kit_sift import MOST_REMEMBERED

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
        self._empty: dict[Any, tuple[Sequence[str], frozenset[str], frozenset[str]]] = {}
        """By the other values read: the spaces (``every``, kept so its id stays its own), those of them the condition
        holds on while empty, and all of them (``open_spaces``)."""
        self._count = 0

    def _key(self, scope: Mapping[str, Any]) -> Any:
        """The other values the condition reads, each with its type (``1`` is not ``true`` to CEL); ``None`` for a
        value that is not a number or a text."""
        key = []
        for name in self.others:
            value = scope[name]
            if type(value) not in (str, int, float, bool):
                return None
            key.append((type(value), value))
        return tuple(key)

    def open_spaces(self, scope: Mapping[str, Any], every: Sequence[str]) -> frozenset[str] | None:
        """The spaces of ``every`` the condition holds on, looked up; ``None`` where one is not known yet: those open
        while empty (found once for the other values read), less the occupied ones it fails on, with the occupied
        ones it holds on (a board has few pieces and many spaces)."""
        looked = self._looked(scope)
        if looked is None:
            return None
        key, answers, owners = looked
        empty = self._empty.get(key)
        if empty is None or empty[0] is not every:
            held = [answers.get((space, _EMPTY)) for space in every]
            if None in held:  # a space not yet met empty with these values: each looked up
                kept = _sifted(answers, owners, every)
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

    def sifted(self, scope: Mapping[str, Any], spaces: Any) -> list[str] | None:
        """The spaces of ``spaces`` the condition holds on, in order, looked up; ``None`` where one is not known yet
        (a choice's ``where`` that reads ``owners`` as a walk's ``through`` does, its candidates the spaces)."""
        looked = self._looked(scope)
        return None if looked is None else _sifted(looked[1], looked[2], spaces)

    def _looked(self, scope: Mapping[str, Any]) -> tuple[Any, dict[tuple[str, Any], bool], dict[str, Any]] | None:
        """The other values read, the answers kept for them and the table's owners; ``None`` where none are kept."""
        if not self.usable:
            return None
        key = self._key(scope)
        answers = self._answers.get(key)
        owners = scope["owners"]
        if answers is None or type(owners) is not dict:
            return None
        return key, answers, owners

    def learn(self, scope: Mapping[str, Any], every: Sequence[str], open_: frozenset[str]) -> None:
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


def _sifted(answers: dict[tuple[str, Any], bool], owners: dict[str, Any], spaces: Any) -> list[str] | None:
    """The spaces of ``spaces`` whose answer, by the space and its owner, holds, in order; ``None`` where one is not
    kept."""
    kept = []
    for space in spaces:
        held = answers.get((space, owners.get(space, _EMPTY)))
        if held is None:
            return None
        if held:
            kept.append(space)
    return kept


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
