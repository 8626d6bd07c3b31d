"""The closures of ``compiled_expressions`` for calls of a kit's functions, ``+`` and comparisons: the parts a kit's
conditions are mostly made of, each made for its case (one argument or two, a comparison with a constant) so that
an evaluation makes as few calls as it can; and a part of a macro's body that reads none of its variables, worked
out once for the walk (``once``).

A kit's function is asked of the scope by its name (``scope.function(name)``) at each call; its arguments are
handed over as CEL hands them (a tuple made a list), and its answer checked to be a value CEL would keep as it
is (an int past 64 bits CEL makes a double: ``Unsure``). A function of one argument that reads the kit alone
comes as ``KeptAnswers``: its answers are kept, each worked out and checked once.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import eq, ge, gt, le, lt, ne
from typing import Any

from domain.games.table_kit.language import compiled_values as values
from domain.games.table_kit.language.compiled_values import (
    LEAST,
    MOST,
    checked,
    equal,
    exported,
    within,
)

Closure = Callable[[Any, Any], Any]
"""A part of an expression: given the scope and the macro variables' environment (``None`` outside macros)."""
COMPARISONS: dict[str, Callable[[Any, Any], bool]] = {
    "==": equal, "!=": lambda a, b: not equal(a, b), "<": values.less, ">": lambda a, b: values.less(b, a),
    "<=": lambda a, b: not values.less(b, a), ">=": lambda a, b: not values.less(a, b), "in": values.contained}
"""CEL's comparisons (``less`` raises on a NaN, so ``<=`` may be the negation of ``>``)."""


MOST_KEPT = 4096
"""The most answers a ``KeptAnswers`` keeps (a kit's spaces and cards are fewer; ``abs`` is asked of any number)."""


class KeptAnswers:
    """A kit's function of one argument whose answer is the kit's alone, never the table's (``card``: the play room
    says which, ``kit_functions.ANSWERS_KEPT``): its answers kept as they are first worked out, so a condition asking
    again (``card(drawn).level`` in each ``if`` of the Missions kit's ``mission``) finds the answer at once, checked
    once. An answer is kept for an argument that is a text or an int (``1`` and ``true`` are equal keys in Python, not
    in CEL), where CEL keeps it as it is and nobody could change it in place: never a list (made afresh for each
    caller). Called, it is the function itself (CEL's way)."""

    __slots__ = ("answers", "function")

    def __init__(self, function: Callable[..., Any]) -> None:
        self.function = function
        self.answers: dict[str | int, Any] = {}

    def __call__(self, *arguments: Any) -> Any:
        return self.function(*arguments)

    def answer(self, argument: str | int) -> Any:
        """The checked answer for a text or an int, kept once worked out."""
        answers = self.answers
        found = answers.get(argument, answers)
        if found is answers:  # not kept yet (the map itself is never an answer)
            found = self.function(argument)
            kind = type(found)
            if kind is not str and (kind is not int or not LEAST <= found <= MOST):
                found = checked(found)
                if kind is list or kind is tuple:
                    return found
            if len(answers) < MOST_KEPT:
                answers[argument] = found
        return found


def called_with_many(function: str, parts: list[Closure]) -> Closure:
    """A call of a kit's function with any number of arguments."""
    def called(scope: Any, environment: Any) -> Any:
        given = [part(scope, environment) for part in parts]
        for n, argument in enumerate(given):
            if type(argument) is not str and type(argument) is not int:
                given[n] = exported(argument)  # CEL hands a kit's function a list of its own, a tuple a list
        found = scope.function(function)(*given)
        kind = type(found)
        return found if kind is str or (kind is int and LEAST <= found <= MOST) else checked(found)
    return called


def called_with_one(function: str, part: Closure, variable: str | None) -> Closure:
    """A call of a kit's function with one argument (most are: ``owner(to)``, ``row(to)``), the argument read from
    the environment at once where it is a macro's variable."""
    if variable is not None:
        def called_on_variable(scope: Any, environment: Any) -> Any:
            argument = environment[variable]
            callee = scope.function(function)
            if type(argument) is not str and type(argument) is not int:
                argument = exported(argument)
            elif type(callee) is KeptAnswers:
                return callee.answer(argument)
            found = callee(argument)
            kind = type(found)
            return found if kind is str or (kind is int and LEAST <= found <= MOST) else checked(found)
        return called_on_variable

    def called(scope: Any, environment: Any) -> Any:
        argument = part(scope, environment)
        callee = scope.function(function)
        if type(argument) is not str and type(argument) is not int:
            argument = exported(argument)
        elif type(callee) is KeptAnswers:
            return callee.answer(argument)
        found = callee(argument)
        kind = type(found)
        return found if kind is str or (kind is int and LEAST <= found <= MOST) else checked(found)
    return called


def called_with_two(function: str, first: Closure, second: Closure) -> Closure:
    """A call of a kit's function with two arguments (``step(to, "south")``)."""
    def called(scope: Any, environment: Any) -> Any:
        one, other = first(scope, environment), second(scope, environment)
        if type(one) is not str and type(one) is not int:
            one = exported(one)
        if type(other) is not str and type(other) is not int:
            other = exported(other)
        found = scope.function(function)(one, other)
        kind = type(found)
        return found if kind is str or (kind is int and LEAST <= found <= MOST) else checked(found)
    return called


def added(first: Closure, second: Closure) -> Closure:
    plus = values.plus

    def added(scope: Any, environment: Any) -> Any:
        left, right = first(scope, environment), second(scope, environment)
        if type(left) is int and type(right) is int:
            return within(left + right)
        return plus(left, right)
    return added


def compared(operator: str, first: Closure, second: Closure) -> Closure:
    """A comparison: two ints or two texts compared by Python at once (exactly as CEL does), else by ``compare``."""
    compare = COMPARISONS[operator]
    if operator == "in":
        return lambda scope, environment: compare(first(scope, environment), second(scope, environment))
    python = PLAIN[operator]

    def plain(scope: Any, environment: Any) -> bool:
        left, right = first(scope, environment), second(scope, environment)
        kind = type(left)
        if kind is type(right) and (kind is int or kind is str):
            return python(left, right)  # type: ignore[no-any-return]
        return compare(left, right)
    return plain


def in_constants(first: Closure, listed: list[Any]) -> Closure:
    """``in`` a list written out of texts alone, or of ints alone (``to in ["c1", "e3"]``): a value of that kind looked
    up in a set of them, made once (CEL's answer: an entry equal to it), any other value asked of ``contained``."""
    kind, entries, contained = type(listed[0]), frozenset(listed), values.contained

    def among(scope: Any, environment: Any) -> bool:
        item = first(scope, environment)
        if type(item) is kind:
            return item in entries
        return contained(item, list(listed))
    return among


def compared_with(operator: str, first: Closure, constant: Any) -> Closure:
    """A comparison with an int or a text written out (``row(to) == 1``)."""
    compare, python, kind = COMPARISONS[operator], PLAIN[operator], type(constant)

    def plain(scope: Any, environment: Any) -> bool:
        left = first(scope, environment)
        if type(left) is kind:
            return python(left, constant)  # type: ignore[no-any-return]
        return compare(left, constant)
    return plain


WORKED_OUT_ONCE = frozenset({"index", "select", "call", "method", "macro", "not", "negate", "and", "or", "choose", "binary"})
"""The parts of a macro's body worth keeping once worked out, where they read none of its variables (``once``): a
name or a constant is read as fast as a kept value."""
KEPT = frozenset({bool, int, float, str, type(None)})
"""The values ``once`` keeps: none of them can be changed in place by whoever reads it."""
_MISSING = object()


def reads(node: Any, bound: frozenset[str]) -> bool:
    """Whether a part of a tree reads one of the ``bound`` names anywhere inside it (an inner macro's variable of the
    same name counted too: where unsure, it reads them)."""
    if type(node) is not tuple:
        return False
    if len(node) == 2 and node[0] == "name" and node[1] in bound:
        return True
    return any(reads(part, bound) for part in node)


def once(closure: Closure) -> Closure:
    """A part of a macro's body (or a choice's ``where`` made a filter) that reads none of the macro variables: its
    value is the same for every entry walked (the scope stands still while an expression is worked out), so a
    number, text or truth is kept in the environment (made anew by each macro and filter) the first time and read
    from it after. A failure is kept by no one: the next entry works it out again, and fails again."""
    key = object()
    missing = _MISSING

    def kept_once(scope: Any, environment: Any) -> Any:
        found = environment.get(key, missing)
        if found is missing:
            found = closure(scope, environment)
            if type(found) in KEPT:
                environment[key] = found
        return found
    return kept_once


PLAIN: dict[str, Callable[[Any, Any], Any]] = {"==": eq, "!=": ne, "<": lt, "<=": le, ">": gt, ">=": ge}
