"""Conditions and values in a kit's rules, written in CEL, the Common Expression Language
(https://cel.dev): ``turn_total > 0``, ``score[seat] + turn_total >= target``, ``die == 1``.

Why CEL: a student's kit is data from anyone, run by the service and by bots millions of times. CEL has no
loops, no recursion, no side effects and no way out of the values it is given. Its macros can still nest
(ten numbers walked nine deep are 10^9 steps), and the binding runs an expression to its end holding the
interpreter's lock, so each expression is priced from its text when the kit is read (``expression_cost``)
and refused above ``MOST_STEPS``; and the rules one request (or check) runs stop at its deadline
(``within_deadline``, ``domain.engine.rule_time``). It is typed (``"a" + 1`` is an error, not a guess), widely
used (Kubernetes, Envoy, Firebase) and well documented for students.

How an expression is evaluated: CEL is the language and the reference. Each expression is compiled once,
when the kit is read, by the binding ``common-expression-language`` (Rust), which checks it and says what is
wrong with it; and, for the fast path, into a tree of Python closures (``compiled_expressions``: no text is
ever run as Python). ``Expression.value`` runs the closures, which give CEL's value, of CEL's types, or raise
wherever they cannot be sure (a division by zero, a type CEL would refuse, an int past 64 bits, a construct
they do not take): CEL then evaluates the expression, giving its value or its own error. The binding costs a
conversion of every name read and every kit function's argument and answer on each evaluation; the closures,
a few microseconds an expression (``tests/benchmarks/kit_rules.py``). (The pure-Python ``cel-python`` was
measured here at about 200 times the binding's cost per evaluation.)

Names: an expression may use only the names the kit gives it (its counters, dice, parameters, the action's
own parameters, ``seat``...): each name it reads is checked when the kit is read, so a misspelt counter is a
mistake named at its line, not a surprise in play. When evaluated, an expression reads the values of the
names it reads and no others (converting a whole table for each evaluation would cost a hundred times
more). A value the kit's rules could not have meant (a division by zero, a type mismatch, a missing key)
fails with ``ExpressionFailed``, naming the expression.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.engine.rule_time import DEADLINE, overdue
from domain.games.table_kit.language.compiled_expressions import Compiled, compiled_program
from domain.games.table_kit.language.compiled_filter import compiled_filter
from domain.games.table_kit.language.expression_cost import MOST_STEPS, CostError, Sizes, cost
from domain.games.table_kit.vocabulary.kit_mistakes import did_you_mean, listed

MOST_CHARACTERS = 500
"""The longest expression a kit may hold: a rule a student writes is a line, not a program."""

BOUND = re.compile(r"\.\s*(?:all|exists|exists_one|map|filter)\s*\(\s*([A-Za-z_]\w*)\s*,")
"""A macro that binds a name of its own (``hand.exists(card, card == "ace")``): that name is no kit's."""



@functools.cache
def cel_library() -> Any:
    """CEL's library, imported when a kit's expression is first compiled. Its package also imports a command
    line of its own (``cel.cli``: rich, typer, prompt_toolkit, 0.6 s) that nothing here uses: it is stood in
    for by an empty module, so that the first kit a server process reads does not hold every request of the
    process for that long (the binding itself loads in 20 ms)."""
    import sys
    import types

    sys.modules.setdefault("cel.cli", types.ModuleType("cel.cli"))
    import cel

    return cel


@functools.lru_cache(maxsize=4096)
def _compiled(text: str) -> Any:
    """CEL's program for a text, compiled once a process (kits share expressions, and a kit read again, a
    game made of it again, compiles nothing again)."""
    return cel_library().compile(text)


_PLAIN = (int, float, str, bool)
"""The values an expression's shortcut hands back as they are (CEL gives back an equal one)."""
_NAME = object()
"""The shortcut of an expression that is one name."""
_UNSET = object()
"""An expression's shortcut not worked out yet."""


class ExpressionError(ValueError):
    """An expression a kit cannot hold: not text, too long, not CEL, or reading a name the kit does not give."""


class ExpressionFailed(ValueError):
    """An expression whose evaluation failed on the values it was given (a division by zero, a type mismatch)."""


class OutOfTime(ExpressionFailed):
    """The expressions of one request, one check or one game ran past their deadline (``domain.engine.rule_time``)."""


def within_deadline() -> None:
    """``OutOfTime`` once the context's deadline has passed (``domain.engine.rule_time``; nothing when it has
    none). One evaluation runs to its end holding the interpreter's lock and cannot be stopped midway, which is
    why each is priced when the kit is read (``MOST_STEPS``); the deadline bounds how many run."""
    seconds = overdue()
    if seconds is not None:
        raise OutOfTime(f"the kit's rules took longer than the {seconds:g} s they may take here to be worked out")


NATIVE = frozenset({"size", "contains", "startsWith", "endsWith", "matches", "int", "uint", "double", "string", "bytes",
                    "timestamp", "duration", "dyn", "type"})
"""The functions CEL itself gives every expression (besides its operators and macros)."""


@dataclass(frozen=True)
class Expression:
    """A compiled expression, the names it reads and the kit's functions it calls."""

    source: str
    names: tuple[str, ...]
    program: Any
    functions: tuple[str, ...] = ()
    fast: Callable[[Mapping[str, Any]], Any] | None = field(default=None, compare=False, repr=False)
    """The expression's closures (``compiled_expressions``), giving CEL's value or raising; ``None``: CEL alone."""
    condition: Callable[[Mapping[str, Any], None], Any] | None = field(default=None, compare=False, repr=False)
    """The closure of ``fast``'s tree itself, whose true or false is CEL's as it is (``truth``); ``None``: none."""
    found_shortcut: Any = field(default=_UNSET, init=False, compare=False, repr=False)
    """``shortcut`` once worked out (``_UNSET`` until then: a constant is worked out by CEL when first asked, as a
    caller that prices nothing may compile a costly one); an attribute of its own, which the engine compiled keeps
    where it would keep nothing of a ``cached_property``."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "found_shortcut", _UNSET)  # compiled, a field's default is not set where it is not given

    @property
    def shortcut(self) -> Any:
        """What the expression's value is without CEL: ``_NAME`` for an expression that is one name (its value
        the name's, when that is a plain number, text or truth), a constant's value (a number, text or
        truth), or ``None``: CEL works it out."""
        found = self.found_shortcut
        if found is _UNSET:
            found = _shortcut(self.source, self.names, self.functions, self.program)
            object.__setattr__(self, "found_shortcut", found)
        return found

    def value(self, scope: Mapping[str, Any]) -> Any:
        """The expression's value, given the values of (at least) the names it reads (and, for one that calls
        the kit's functions, a scope that gives them: ``scope.function(name)``): its closures', or, where they
        raise, CEL's."""
        fast = self.fast
        if fast is not None:
            deadline = DEADLINE.get()  # one name or a constant costs next to nothing: no clock read, as with CEL
            if deadline is not None and self.shortcut is None and deadline.clock() > deadline.at:
                within_deadline()
            try:
                return fast(scope)
            except OutOfTime:
                raise
            except Exception:  # noqa: BLE001,S110 -- unsure, or failing: CEL works it out, and says why it fails
                pass
        return self.by_cel(scope)

    def by_cel(self, scope: Mapping[str, Any]) -> Any:
        """The expression's value as CEL works it out (the reference its closures follow)."""
        shortcut = self.shortcut
        try:
            if shortcut is not None:  # a constant, or one name: CEL would hand back the same value
                found = shortcut if shortcut is not _NAME else scope[self.source]
                if type(found) in _PLAIN:
                    return found
            within_deadline()
            variables = {name: scope[name] for name in self.names}
            if not self.functions:
                return self.program.execute(variables)
            given = {name: scope.function(name) for name in self.functions}  # type: ignore[attr-defined]
            return self.program.execute(cel_library().Context(variables=variables, functions=given))
        except OutOfTime:
            raise
        except Exception as error:
            missing = [name for name in self.names if name not in scope]
            if missing:
                raise ExpressionFailed(f"{self.source!r}: nothing is named {', '.join(map(repr, missing))} here") from None
            if isinstance(error, (KeyError, IndexError)):
                raise ExpressionFailed(f"{self.source!r} could not be worked out: no entry {error.args[0]!r}") from None
            if isinstance(error, (RuntimeError, TypeError, ValueError, ZeroDivisionError, OverflowError)):
                raise ExpressionFailed(f"{self.source!r} could not be worked out: {_first_line(error)}") from None
            raise

    def truth(self, scope: Mapping[str, Any]) -> Any:
        """A condition's value: true or false as its closures give it, read at once (most of a kit's expressions are
        conditions); anything else as ``value`` gives it (CEL's value, or its failure), for the caller to check."""
        condition = self.condition
        if condition is not None:
            deadline = DEADLINE.get()
            if deadline is not None and deadline.clock() > deadline.at:  # ``within_deadline``'s test, read here at once
                within_deadline()
            try:
                found = condition(scope, None)
                if found is True or found is False:
                    return found
            except OutOfTime:
                raise
            except Exception:  # noqa: BLE001,S110 -- unsure, or failing: ``value`` asks CEL, which says why it fails
                pass
        return self.value(scope)

    def holds(self, scope: Mapping[str, Any]) -> bool:
        """Whether a condition holds: its value must be true or false."""
        found = self.truth(scope)
        if not isinstance(found, bool):
            raise ExpressionFailed(f"{self.source!r} is a condition, but its value is {found!r}, not true or false")
        return found


def _shortcut(source: str, names: tuple[str, ...], functions: tuple[str, ...], program: Any) -> Any:
    """``Expression.shortcut`` of an expression of ``source``, reading ``names``, calling ``functions``."""
    if names == (source,) and not functions:
        return _NAME
    if names or functions:
        return None
    try:
        found = program.execute({})
    except Exception:  # noqa: BLE001 -- it fails again, and says why, when evaluated
        return None
    return found if type(found) in _PLAIN else None


def compile_expression(source: Any, known: Collection[str], functions: Collection[str] = (), sizes: Sizes | None = None) -> Expression:
    """The expression ``source`` compiled, reading only names in ``known`` and calling only CEL's own
    functions and those in ``functions``, and costing at most ``MOST_STEPS`` for values of ``sizes`` (a kit's:
    ``expression_cost``; unpriced without them); ``ExpressionError`` otherwise, saying what is wrong in one line."""
    if isinstance(source, bool) or not isinstance(source, (str, int, float)):
        raise ExpressionError(f"an expression is text (or a number), not {type(source).__name__}")
    text = str(source).strip()
    if not text:
        raise ExpressionError("the expression is empty")
    if len(text) > MOST_CHARACTERS:
        raise ExpressionError(f"the expression is {len(text)} characters long; at most {MOST_CHARACTERS}")
    try:
        program = _compiled(text)
    except (ValueError, RuntimeError) as error:
        raise ExpressionError(f"{text!r} is not an expression: {_syntax(error)}") from None
    bound = set(BOUND.findall(text))
    names = tuple(sorted(set(program.variables()) - bound))
    unknown = [name for name in names if name not in known]
    if unknown:
        hint = did_you_mean(unknown[0], known) or f" (the names it may read: {listed(sorted(known)) or 'none'})"
        raise ExpressionError(f"{text!r} reads {', '.join(repr(name) for name in unknown)}, which this kit does not name here{hint}")
    called = [name for name in program.functions() if name[:1] not in "_@!-" and name not in NATIVE]
    strange = [name for name in called if name not in functions]
    if strange:
        offered = ", ".join(sorted(functions)) or "none"
        raise ExpressionError(f"{text!r} calls {', '.join(repr(name) for name in strange)}, which is no function here"
                              f"{did_you_mean(strange[0], (*functions, *NATIVE))} "
                              f"(this kit's functions: {offered}; and CEL's own: size, int, double, string...)")
    if sizes is not None:
        _priced(text, sizes)
    functions_called = tuple(sorted(set(called)))
    found = compiled_program(text)
    fast = _fast(found, names, functions_called)
    return Expression(text, names, program, functions_called, fast, None if fast is None else found.root)  # type: ignore[union-attr]


def _fast(found: Compiled | None, names: Collection[str], functions: Collection[str]) -> Callable[[Mapping[str, Any]], Any] | None:
    """The closures' entry, when they read no name and call no function but those CEL is given."""
    if found is None or not found.names <= set(names) or not found.functions <= set(functions):
        return None
    return found.run


def _priced(text: str, sizes: Sizes) -> None:
    """``ExpressionError`` where one evaluation of the expression could cost more than ``MOST_STEPS``."""
    try:
        steps = cost(text, sizes)
    except CostError as error:
        raise ExpressionError(f"{text!r} cannot be priced ({error}): write it with CEL's operators, macros and functions") from None
    if steps > MOST_STEPS:
        raise ExpressionError(f"{text!r} may take up to {steps:,} steps to work out, more than the {MOST_STEPS:,} an expression "
                              f"may: it walks too many entries, one macro (all, exists, map, filter) inside another; "
                              f"this kit's largest list holds {sizes.largest:,}")


CANDIDATES = "__candidates"
"""The list ``filtering`` reads its candidates from."""


def filtering(condition: Expression, name: str) -> Expression:
    """A condition on one value, ``name``, made a filter of many at once: its value is the list of the
    values in ``__candidates`` for which the condition holds (one call for a whole list costs a fraction of
    one per value). It keeps the condition's source, which its failures quote."""
    program = cel_library().compile(f"{CANDIDATES}.filter({name}, {condition.source})")
    names = tuple(sorted({*condition.names, CANDIDATES} - {name}))
    fast = None if condition.fast is None else _fast(compiled_filter(condition.source, name, CANDIDATES), names, condition.functions)
    return Expression(condition.source, names, program, condition.functions, fast)


def _first_line(error: BaseException) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__


def _syntax(error: BaseException) -> str:
    """The parser's complaint without its repeated source and caret lines."""
    lines = [line for line in str(error).splitlines() if line.strip() and not line.lstrip().startswith("|")]
    found = lines[-1] if lines else type(error).__name__
    return re.sub(r"^.*?ERROR: <input>:", "at line:column ", found).strip()
