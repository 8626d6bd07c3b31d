"""A kit's CEL expression made a tree of Python closures: the fast way to its value, CEL's own the reference.

``compiled(text)`` reads the text (``expression_syntax``) and builds, once, a closure for each part of it:
``score[seat] + turn_total >= target`` becomes a comparison closure calling an addition closure calling an
index closure and name closures. Nothing of the text is ever run as Python: a literal becomes a checked
Python value held by a closure, a name a key looked up in the scope, a kit's function a name asked of the
scope (``scope.function(name)``); there is no ``exec``, ``eval`` or ``compile`` of text here.

A closure, given a scope (``scope[name]`` and ``scope.function(name)``, ``kit_scope.Scope``), returns the value
CEL returns for the same inputs, of the same Python types, or raises (``Unsure``, or whatever a kit's function
raised) where it cannot be sure: the caller (``expressions.Expression``) then asks CEL, which gives the value
or its own error. So ``&&`` and ``||``, which in CEL absorb an error on one side when the other decides, answer
only where the side worked out decides; a macro over a list walks it in order as the binding does, over a map
in the map's own order (the binding's changes at each evaluation: ``compiled_macros``). Macro variables
live in an environment handed down the closures (a dict, made anew by each macro), shadowing the scope.
What ``expression_syntax`` does not read (bytes, unsigned, ``has``, ``matches``...) gets no closure. CEL's
operators and functions on values are in ``compiled_values``, its macros in ``compiled_macros``, the closures of
calls and comparisons in ``compiled_operators``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain.games.table_kit.language import compiled_operators as operators
from domain.games.table_kit.language import compiled_values as values
from domain.games.table_kit.language.compiled_macros import MACROS
from domain.games.table_kit.language.compiled_operators import COMPARISONS, Closure
from domain.games.table_kit.language.compiled_values import (
    LEAST,
    LISTS,
    MOST,
    Unsure,
    exported,
)
from domain.games.table_kit.language.expression_syntax import Node, Unsupported, parsed

CONVERSIONS: dict[str, Callable[[Any], Any]] = {"int": values.to_int, "double": values.to_double, "string": values.to_string,
                                                 "size": values.size}
TEXT_TESTS = frozenset({"contains", "startsWith", "endsWith"})
NATIVE = frozenset({"matches", "uint", "bytes", "timestamp", "duration", "dyn", "type", "has", *CONVERSIONS, *TEXT_TESTS})
"""CEL's own functions: none of them is a kit's (those this module does not work out stay CEL's)."""


@dataclass(frozen=True)
class Compiled:
    """An expression's closure, with the scope's names it reads and the kit's functions it calls."""

    run: Callable[..., Any]
    """Given a scope (and, for one with ``bound`` names, their environment), the expression's value."""
    names: frozenset[str]
    functions: frozenset[str]
    root: Closure | None = None
    """The closure of the expression's tree itself (given the scope and no environment), for one with no ``bound``
    names that is more than a constant or a name: its true and false are CEL's as they are (``run`` checks the rest)."""


def compiled(text: str) -> Callable[[Any], Any] | None:
    """The closure giving the expression's value from a scope, or ``None`` for a text it does not take."""
    found = compiled_program(text)
    return None if found is None else found.run


def compiled_program(text: str, bound: tuple[str, ...] = ()) -> Compiled | None:
    """The expression's closure (run with macro variables ``bound`` given in an environment, when there are any:
    ``compiled_filter``), or ``None`` for a text it does not take."""
    try:
        tree = parsed(text)
        builder = _Builder()
        root = builder.build(tree, frozenset(bound))
    except (Unsupported, RecursionError):
        return None
    run: Callable[..., Any]
    kept: Closure | None = None
    if bound:
        run = root
    elif tree[0] == "constant":
        constant = tree[1]
        run = lambda scope: constant
    elif tree[0] == "name":
        run = _named(tree[1])
    else:
        run, kept = _rooted(root), root
    return Compiled(run, frozenset(builder.names), frozenset(builder.functions), kept)


def _named(name: str) -> Callable[[Any], Any]:
    def run(scope: Any) -> Any:
        found = scope[name]
        kind = type(found)
        if kind is int and LEAST <= found <= MOST:  # the commonest value, as ``exported`` gives it
            return found
        return found if kind in values.SCALARS else exported(found)
    return run


def _rooted(root: Closure) -> Callable[[Any], Any]:
    def run(scope: Any) -> Any:
        found = root(scope, None)
        kind = type(found)
        if kind is bool or (kind is int and LEAST <= found <= MOST):  # as ``exported`` gives them
            return found
        return exported(found)
    return run


def _scope_name(name: str) -> Closure:
    """A name read from the scope: from a ``kit_scope.Scope``, its choice of that name, or else its rules' reader of
    the name called at once (``Scope.__getitem__``'s own way, a call fewer: most of what an expression does is read
    names); from any other scope, or a name not read before, as ``scope[name]`` gives it."""
    def read(scope: Any, environment: Any) -> Any:
        try:
            chosen, readers = scope.chosen, scope.rules.name_readers
        except AttributeError:
            return scope[name]
        if name in chosen:
            return chosen[name]
        reader = readers.get(name)
        return scope[name] if reader is None else reader(scope)
    return read


class _Builder:
    """Closures for a tree's nodes, noting the scope's names and the kit's functions they read."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.functions: set[str] = set()

    def build(self, node: Node, bound: frozenset[str]) -> Closure:
        closure = _BUILT_BY[node[0]](self, bound, *node[1:])
        if bound and node[0] in operators.WORKED_OUT_ONCE and not operators.reads(node, bound):
            return operators.once(closure)
        return closure

    def _constant(self, bound: frozenset[str], value: Any) -> Closure:
        return lambda scope, environment: value

    def _name(self, bound: frozenset[str], name: str) -> Closure:
        if name in bound:
            return lambda scope, environment: environment[name]
        self.names.add(name)
        return _scope_name(name)

    def _list(self, bound: frozenset[str], items: tuple[Node, ...]) -> Closure:
        parts = [self.build(item, bound) for item in items]
        return lambda scope, environment: [part(scope, environment) for part in parts]

    def _map(self, bound: frozenset[str], pairs: tuple[tuple[Node, Node], ...]) -> Closure:
        parts = [(self.build(key, bound), self.build(item, bound)) for key, item in pairs]

        def made(scope: Any, environment: Any) -> dict[Any, Any]:
            found = {}
            for key, item in parts:
                found[values._key(key(scope, environment))] = item(scope, environment)
            if len(found) != len(parts):
                raise Unsure  # a key twice
            return found
        return made

    def _index(self, bound: frozenset[str], target: Node, key: Node) -> Closure:
        of, at = self.build(target, bound), self.build(key, bound)

        def indexed(scope: Any, environment: Any) -> Any:
            found, key = of(scope, environment), at(scope, environment)
            kind, by = type(found), type(key)
            if kind is dict and (by is str or by is int):
                return found[key]
            if kind in LISTS and by is int and 0 <= key < len(found):
                return found[key]
            raise Unsure
        return indexed

    def _select(self, bound: frozenset[str], target: Node, field: str) -> Closure:
        of = self.build(target, bound)

        def selected(scope: Any, environment: Any) -> Any:
            found = of(scope, environment)
            if type(found) is dict:
                return found[field]
            raise Unsure
        return selected

    def _call(self, bound: frozenset[str], function: str, arguments: tuple[Node, ...]) -> Closure:
        parts = [self.build(argument, bound) for argument in arguments]
        if function in CONVERSIONS and len(parts) == 1:
            convert, (part,) = CONVERSIONS[function], parts
            return lambda scope, environment: convert(part(scope, environment))
        if function in NATIVE:
            raise Unsupported(f"{function}() as this reading does not take it")
        self.functions.add(function)
        if len(parts) == 1:
            variable = arguments[0][1] if arguments[0][0] == "name" and arguments[0][1] in bound else None
            return operators.called_with_one(function, parts[0], variable)
        if len(parts) == 2:
            return operators.called_with_two(function, *parts)

        return operators.called_with_many(function, parts)

    def _method(self, bound: frozenset[str], target: Node, function: str, arguments: tuple[Node, ...]) -> Closure:
        of = self.build(target, bound)
        parts = [self.build(argument, bound) for argument in arguments]
        if function == "size" and not parts:
            size = values.size
            return lambda scope, environment: size(of(scope, environment))
        if function in TEXT_TESTS and len(parts) == 1:
            test, (part,) = values.text_test, parts
            return lambda scope, environment: test(function, of(scope, environment), part(scope, environment))
        raise Unsupported(f".{function}() as this reading does not take it")

    def _macro(self, bound: frozenset[str], target: Node, macro: str, variable: str, bodies: tuple[Node, ...]) -> Closure:
        over = self.build(target, bound)
        inner = bound | {variable}
        parts = [self.build(body, inner) for body in bodies]
        return MACROS[macro](over, variable, *parts)

    def _not(self, bound: frozenset[str], operand: Node) -> Closure:
        part = self.build(operand, bound)

        def negated(scope: Any, environment: Any) -> bool:
            found = part(scope, environment)
            if found is True or found is False:
                return not found
            raise Unsure
        return negated

    def _negate(self, bound: frozenset[str], operand: Node) -> Closure:
        part = self.build(operand, bound)

        def negative(scope: Any, environment: Any) -> Any:
            found = part(scope, environment)
            kind = type(found)
            if kind is float or (kind is int and found != values.LEAST):
                return -found
            raise Unsure
        return negative

    def _and(self, bound: frozenset[str], left: Node, right: Node) -> Closure:
        first, second = self.build(left, bound), self.build(right, bound)

        def both(scope: Any, environment: Any) -> bool:
            try:
                found = first(scope, environment)
            except Exception:  # noqa: BLE001 -- CEL's && absorbs it where the other side is false
                found = None
            if found is False:
                return False
            other = second(scope, environment)
            if other is False or (found is True and other is True):
                return other
            raise Unsure
        return both

    def _or(self, bound: frozenset[str], left: Node, right: Node) -> Closure:
        first, second = self.build(left, bound), self.build(right, bound)

        def either(scope: Any, environment: Any) -> bool:
            try:
                found = first(scope, environment)
            except Exception:  # noqa: BLE001 -- CEL's || absorbs it where the other side is true
                found = None
            if found is True:
                return True
            other = second(scope, environment)
            if other is True or (found is False and other is False):
                return other
            raise Unsure
        return either

    def _choose(self, bound: frozenset[str], condition: Node, yes: Node, no: Node) -> Closure:
        test, first, second = self.build(condition, bound), self.build(yes, bound), self.build(no, bound)

        def chosen(scope: Any, environment: Any) -> Any:
            found = test(scope, environment)
            if found is True:
                return first(scope, environment)
            if found is False:
                return second(scope, environment)
            raise Unsure
        return chosen

    def _binary(self, bound: frozenset[str], operator: str, left: Node, right: Node) -> Closure:
        first, second = self.build(left, bound), self.build(right, bound)
        if operator == "+":
            return operators.added(first, second)
        if operator == "in" and right[0] == "list" and right[1]:
            listed = [item[1] if item[0] == "constant" else None for item in right[1]]
            kinds = {type(item) for item in listed}
            if len(kinds) == 1 and kinds <= {str, int}:
                return operators.in_constants(first, listed)
        if operator in COMPARISONS:
            if right[0] == "constant" and type(right[1]) in (int, str) and operator != "in":
                return operators.compared_with(operator, first, right[1])
            return operators.compared(operator, first, second)
        arithmetic = values.arithmetic
        return lambda scope, environment: arithmetic(operator, first(scope, environment), second(scope, environment))


_BUILT_BY: dict[str, Callable[..., Closure]] = {
    "constant": _Builder._constant, "name": _Builder._name, "list": _Builder._list, "map": _Builder._map,
    "index": _Builder._index, "select": _Builder._select, "call": _Builder._call, "method": _Builder._method,
    "macro": _Builder._macro, "not": _Builder._not, "negate": _Builder._negate, "and": _Builder._and, "or": _Builder._or,
    "choose": _Builder._choose, "binary": _Builder._binary}
"""The method of ``_Builder`` that builds each kind of node, given the builder (kept here, not as bound methods in each
builder: a builder holding its own methods would be a cycle, which only the garbage collector lets go of)."""
