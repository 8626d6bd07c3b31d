"""What one evaluation of a kit's expression may cost at most, worked out from its text before it ever runs.

CEL has no loops, but its macros (``all``, ``exists``, ``exists_one``, ``map``, ``filter``) walk a list
once for each entry of the list around them: nine nested ``[0,1,...,9].all(a, ...)`` are 10^9 steps in
180 characters, and ``map`` builds a value as large. The binding runs an expression to its end holding the
interpreter's lock and offers no limit of its own, so a kit's expressions are bounded before they are
accepted: ``cost`` reads the expression's text as CEL's grammar does (``https://cel.dev``, "Syntax") and
adds up, for every part, the most work it can take and the largest value it can make:

- a value's ``Shape``: the most entries it holds at its top (a list literal its items; a name or function the
  kit gives, ``Sizes.largest``: its spaces, cards, pieces or seats, whichever is most), the most values it
  holds in all, and the shape of each entry;
- a macro costs its list's entries times its body's cost (a ``map`` also builds its body's value each time),
  with the macro's own name standing for one entry;
- ``+`` copies both sides (lists and texts grow: the shapes add up), ``==`` and ``in`` compare whole values,
  a function the kit gives runs Python over the table (``Sizes.largest`` steps), and the names read and
  the value made are converted between Python and CEL.

The figure is an upper bound in steps (CEL's interpreter takes about half a microsecond a step here,
``tests/benchmarks/kit_rules.py``); ``MOST_STEPS`` is the most an expression may cost. The text is assumed
to be valid CEL (the binding compiles it first): what this parser does not know it reads generously.
"""

from __future__ import annotations

import functools
import re

from domain.games.table_kit.language.expression_shapes import (
    ONE,
    Shape,
    Sizes,
    given_shape,
)

__all__ = ["MOST_STEPS", "CostError", "Sizes", "cost"]  # Sizes is expression_shapes', read from here as ever

MOST_STEPS = 50_000
"""The most steps one evaluation of an expression may take: about 25 ms of the interpreter's time at the
worst. The costliest expression of a shipped kit is priced at a few thousand; a kit's ``hand.all(a,
hand.all(b, ...))`` over its 600 cards is 360,000, which is refused."""

PRECEDENCE = {"||": 1, "&&": 2, "==": 3, "!=": 3, "<": 3, "<=": 3, ">": 3, ">=": 3, "in": 3, "+": 4, "-": 4,
              "*": 5, "/": 5, "%": 5}
"""CEL's binary operators, the tightest binding highest."""
MACROS = frozenset({"all", "exists", "exists_one", "map", "filter"})
NATIVE_SCANS = frozenset({"contains", "startsWith", "endsWith"})
FOLDS = frozenset({"sum_of", "most_of", "least_of"})
"""The kit's functions over a list of cards (``sum_of(hand(seat), "points")``): the list is handed to Python and
walked once, a number made."""
BUILT = 8
"""What making one value costs, in steps (an entry of a list written out, of a list ``map`` makes, of a list
``+`` copies): CEL allocates each, about eight times what a step of a macro over values already made takes."""
CALLED = 16
"""What a call from CEL into one of the kit's functions costs, in steps, besides making its answer CEL's."""
TOKEN = re.compile(r"""
    (?P<space>\s+|//[^\n]*)
  | (?P<string>[rRbB]{0,2}(?:\"\"\"(?:\\.|[^\\])*?\"\"\"|'''(?:\\.|[^\\])*?'''|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'))
  | (?P<number>0[xX][0-9a-fA-F]+[uU]?|(?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?[uU]?)
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<operator>==|!=|<=|>=|&&|\|\||[-+*/%<>!?:.,()\[\]{}])
""", re.VERBOSE)


class CostError(ValueError):
    """An expression this reading cannot follow (it is not CEL the binding accepted)."""


@functools.lru_cache(maxsize=4096)
def cost(source: str, sizes: Sizes) -> int:
    """The most steps one evaluation of ``source`` may take, given values of ``sizes`` (``CostError`` where the
    text is not CEL this reading follows)."""
    reading = _Reading(source, sizes)
    steps, shape = reading.expression({})
    if reading.at < len(reading.tokens):
        raise CostError(f"unexpected {reading.tokens[reading.at][1]!r}")
    converted = sum(given_shape(sizes, name).volume for name in reading.names_read)  # Python's values made CEL's
    return steps + BUILT * (shape.volume + converted)


Priced = tuple[int, Shape]
"""What a part of an expression costs at most, and the shape of its value."""


class _Reading:
    """A recursive-descent reading of CEL's grammar that prices each part as it goes."""

    def __init__(self, source: str, sizes: Sizes) -> None:
        self.tokens = [(kind, text) for kind, text in _tokens(source) if kind != "space"]
        self.texts = [text for _, text in self.tokens]
        self.at, self.sizes = 0, sizes
        self.names_read: set[str] = set()

    def peek(self) -> str:
        return self.texts[self.at] if self.at < len(self.texts) else ""

    def take(self, expected: str | None = None) -> str:
        if self.at >= len(self.tokens):
            raise CostError("the expression ends too soon")
        text = self.tokens[self.at][1]
        if expected is not None and text != expected:
            raise CostError(f"expected {expected!r}, not {text!r}")
        self.at += 1
        return text

    def expression(self, bound: dict[str, Shape]) -> Priced:
        steps, shape = self.binary(bound)
        if self.peek() != "?":
            return steps, shape
        self.take("?")
        yes = self.binary(bound)
        self.take(":")
        no = self.expression(bound)
        return steps + max(yes[0], no[0]) + 1, yes[1].widest(no[1])

    def binary(self, bound: dict[str, Shape], least: int = 1) -> Priced:
        """Operators by precedence climbing: each binds the operands of at least its own precedence."""
        steps, shape = self.unary(bound)
        while True:
            level = PRECEDENCE.get(self.peek(), 0)
            if level < least:
                return steps, shape
            operator = self.take()
            more, other = self.binary(bound, level + 1)
            steps, shape = _combined(operator, steps + more, shape, other)

    def unary(self, bound: dict[str, Shape]) -> Priced:
        if self.peek() in ("!", "-"):
            self.take()
            steps, _ = self.unary(bound)
            return steps + 1, ONE
        return self.member(bound)

    def member(self, bound: dict[str, Shape]) -> Priced:
        steps, shape = self.primary(bound)
        while self.peek() in (".", "["):
            if self.take() == "[":
                more, _ = self.expression(bound)
                self.take("]")
                steps, shape = steps + more + 1, shape.entry()
                continue
            field = self.take()
            if self.peek() != "(":
                steps, shape = steps + 1, shape.entry()
            elif field in MACROS:
                steps, shape = self.macro(field, steps, shape, bound)
            else:
                more, arguments = self.arguments(bound)
                steps, shape = self.call(field, steps + more, [shape, *arguments])
        return steps, shape

    def macro(self, name: str, steps: int, over: Shape, bound: dict[str, Shape]) -> Priced:
        """``list.all(x, body)`` and its kin: the body once for each entry, ``x`` standing for one."""
        self.take("(")
        variable = self.take()
        self.take(",")
        inner = {**bound, variable: over.entry()}
        parts = [self.expression(inner)]
        while self.peek() == ",":
            self.take(",")
            parts.append(self.expression(inner))
        self.take(")")
        each = sum(part[0] for part in parts) + 1
        if name == "map":
            made = parts[-1][1]
            return steps + over.width * (each + BUILT * made.volume), Shape(over.width, 1 + over.width * made.volume, made)
        if name == "filter":
            return steps + over.width * (each + over.entry().volume), over
        return steps + over.width * each, ONE

    def arguments(self, bound: dict[str, Shape]) -> tuple[int, list[Shape]]:
        self.take("(")
        steps, shapes = 0, []
        while self.peek() != ")":
            more, shape = self.expression(bound)
            steps, shapes = steps + more, [*shapes, shape]
            if self.peek() == ",":
                self.take(",")
        self.take(")")
        return steps, shapes

    def call(self, name: str, steps: int, arguments: list[Shape]) -> Priced:
        """A function's cost beyond its arguments', and its value's shape."""
        if name == "size" or name == "has":
            return steps + 1, ONE
        if name in NATIVE_SCANS:
            return steps + sum(shape.width for shape in arguments) + 1, ONE
        if name == "matches":
            return steps + (arguments[0].width + 1) * (arguments[-1].width + 1), ONE
        if name in ("int", "uint", "double", "string", "bytes", "dyn", "type", "timestamp", "duration"):
            made = arguments[0] if arguments else ONE
            return steps + made.volume + 1, Shape(max(made.width, 32), made.volume, made.inner)
        if name in FOLDS:
            walked = arguments[0] if arguments else ONE
            return steps + CALLED + BUILT * walked.volume + walked.width, ONE
        made = given_shape(self.sizes, name)  # the kit's own functions: Python over the table, its answer made CEL's
        return steps + CALLED + BUILT * made.volume, made

    def primary(self, bound: dict[str, Shape]) -> Priced:
        kind, text = self.tokens[self.at] if self.at < len(self.tokens) else ("", "")
        if text == "(":
            self.take("(")
            found = self.expression(bound)
            self.take(")")
            return found
        if text in ("[", "{"):
            return self.literal(bound)
        if text == ".":
            self.take(".")
            return self.primary(bound)
        self.take()
        if kind == "string":
            return 1, Shape(max(1, len(text)), 1)
        if kind == "number" or text in ("true", "false", "null"):
            return 1, ONE
        if kind != "name":
            raise CostError(f"unexpected {text!r}")
        if self.peek() == "(":
            more, arguments = self.arguments(bound)
            return self.call(text, more, arguments)
        if text in bound:
            return 1, bound[text]
        self.names_read.add(text)
        return 1, given_shape(self.sizes, text)

    def literal(self, bound: dict[str, Shape]) -> Priced:
        """A list ``[a, b]``, a map ``{k: v}`` or a message ``T{f: v}``: each entry's cost and shape."""
        closing = "]" if self.take() == "[" else "}"
        steps, shapes = 1, []
        while self.peek() != closing:
            more, shape = self.expression(bound)
            steps, shapes = steps + more, [*shapes, shape]
            if self.peek() == ":":
                self.take(":")
                more, shape = self.expression(bound)
                steps, shapes = steps + more, [*shapes, shape]
            if self.peek() == ",":
                self.take(",")
        self.take(closing)
        inner = None
        for shape in shapes:
            inner = shape if inner is None else inner.widest(shape)
        return steps + BUILT * len(shapes), Shape(max(1, len(shapes)), 1 + sum(shape.volume for shape in shapes), inner)


def _combined(operator: str, steps: int, left: Shape, right: Shape) -> Priced:
    """A binary operator's cost beyond its sides', and its value's shape."""
    if operator == "+":  # lists and texts are copied, and grow
        return steps + BUILT * (left.volume + right.volume), Shape(left.width + right.width, left.volume + right.volume,
                                                         left.widest(right).inner)
    if operator in ("==", "!="):
        return steps + min(left.volume, right.volume) + 1, ONE
    if operator == "in":
        return steps + right.width * (left.volume + 1) + 1, ONE
    if operator in ("<", "<=", ">", ">="):
        return steps + min(left.width, right.width) + 1, ONE
    return steps + 1, ONE


def _tokens(source: str) -> list[tuple[str, str]]:
    found, at = [], 0
    while at < len(source):
        match = TOKEN.match(source, at)
        if match is None:
            raise CostError(f"unexpected {source[at]!r}")
        kind = match.lastgroup or ""
        found.append((kind, match.group()))
        at = match.end()
    return found
