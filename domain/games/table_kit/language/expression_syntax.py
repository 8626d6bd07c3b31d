"""A kit's CEL expression read into a small tree (``compiled_expressions`` turns the tree into Python closures).

The reading follows CEL's grammar (https://github.com/google/cel-spec/blob/master/doc/langdef.md) by recursive
descent, as ``expression_cost`` does, but strictly: what it does not know for sure it refuses (``Unsupported``),
and the expression is then evaluated by CEL alone. Refused: bytes, unsigned, triple-quoted texts and escapes
other than the plain ones below, ``.name`` (the root scope), message construction, names CEL reserves or that
begin with two underscores, and literals out of range (an int beyond 64 bits, a double that overflows).

The tree is made of tuples, the first item saying what each is:
``("constant", value)``, ``("name", name)``, ``("list", items)``, ``("map", pairs)``, ``("index", target, key)``,
``("select", target, field)``, ``("call", function, arguments)``, ``("method", target, function, arguments)``,
``("macro", target, macro, variable, bodies)``, ``("not", operand)``, ``("negate", operand)``,
``("binary", operator, left, right)``, ``("and", left, right)``, ``("or", left, right)`` and
``("choose", condition, yes, no)``. A constant holds only ``None``, a bool, an int, a float or a str.
"""

from __future__ import annotations

import re
from typing import Any

Node = tuple[Any, ...]

TOKEN = re.compile(r"""
    (?P<space>[ \t\n\r\f]+|//[^\n]*)
  | (?P<string>[rR]?(?:"[^"\\\n\r]*(?:\\.[^"\\\n\r]*)*"|'[^'\\\n\r]*(?:\\.[^'\\\n\r]*)*'))
  | (?P<double>(?:[0-9]*\.[0-9]+(?:[eE][+-]?[0-9]+)?|[0-9]+[eE][+-]?[0-9]+))
  | (?P<hex>0[xX][0-9a-fA-F]+)
  | (?P<int>[0-9]+)
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<operator>==|!=|<=|>=|&&|\|\||[-+*/%<>!?:.,()\[\]{}])
""", re.VERBOSE)
RESERVED = frozenset({"in", "as", "break", "const", "continue", "else", "for", "function", "if", "import", "let", "loop",
                      "package", "namespace", "return", "var", "void", "while", "true", "false", "null"})
MACROS = {"all": (2,), "exists": (2,), "exists_one": (2,), "filter": (2,), "map": (2, 3)}
"""The macros read, each with how many arguments it takes (its variable among them)."""
RELATIONS = ("<", "<=", ">", ">=", "==", "!=", "in")
ESCAPES = {"\\": "\\", '"': '"', "'": "'", "`": "`", "?": "?", "n": "\n", "r": "\r", "t": "\t", "a": "\a", "b": "\b",
           "f": "\f", "v": "\v"}
LARGEST_INT = 2**63 - 1


class Unsupported(ValueError):
    """A text this reading does not take: CEL evaluates it alone."""


def parsed(text: str) -> Node:
    """The tree of an expression (``Unsupported`` for what this reading does not take)."""
    reading = _Reading(text)
    found = reading.expression()
    if reading.at != len(reading.tokens):
        raise Unsupported(f"unexpected {reading.peek()!r}")
    return found


def _tokens(text: str) -> list[tuple[str, str]]:
    found, at = [], 0
    while at < len(text):
        match = TOKEN.match(text, at)
        if match is None:
            raise Unsupported(f"unexpected {text[at]!r}")
        kind, at = match.lastgroup or "", match.end()
        if kind in ("double", "hex", "int") and at < len(text) and (text[at].isalnum() or text[at] in "_."):
            raise Unsupported("a number followed by a letter, a dot or a digit (an unsigned number, or bytes)")
        if kind != "space":
            found.append((kind, match.group()))
    return found


def _string(token: str) -> str:
    """A string literal's value: raw, or with the plain escapes, ``\\xHH`` below 128 and ``\\uHHHH`` (no surrogate)."""
    if token[0] in "rR":
        if "\\" in token:
            raise Unsupported("a backslash in a raw text")
        return token[2:-1]
    body, out, at = token[1:-1], [], 0
    while at < len(body):
        char = body[at]
        if char != "\\":
            out.append(char)
            at += 1
            continue
        sign = body[at + 1]
        if sign in ESCAPES:
            out.append(ESCAPES[sign])
            at += 2
        elif sign in "xu":
            width = 2 if sign == "x" else 4
            digits = body[at + 2:at + 2 + width]
            if len(digits) != width or not all(digit in "0123456789abcdefABCDEF" for digit in digits):
                raise Unsupported("a malformed escape")
            code = int(digits, 16)
            if (sign == "x" and code >= 128) or 0xD800 <= code <= 0xDFFF:
                raise Unsupported("an escape this reading does not take")
            out.append(chr(code))
            at += 2 + width
        else:
            raise Unsupported(f"the escape \\{sign}")
    return "".join(out)


class _Reading:
    def __init__(self, text: str) -> None:
        self.tokens = _tokens(text)
        self.at = 0

    def peek(self) -> str:
        return self.tokens[self.at][1] if self.at < len(self.tokens) else ""

    def take(self, expected: str | None = None) -> str:
        if self.at >= len(self.tokens):
            raise Unsupported("the expression ends too soon")
        text = self.tokens[self.at][1]
        if expected is not None and text != expected:
            raise Unsupported(f"expected {expected!r}, not {text!r}")
        self.at += 1
        return text

    def expression(self) -> Node:
        condition = self.either()
        if self.peek() != "?":
            return condition
        self.take("?")
        yes = self.either()
        self.take(":")
        return ("choose", condition, yes, self.expression())

    def either(self) -> Node:
        found = self.both()
        while self.peek() == "||":
            self.take()
            found = ("or", found, self.both())
        return found

    def both(self) -> Node:
        found = self.relation()
        while self.peek() == "&&":
            self.take()
            found = ("and", found, self.relation())
        return found

    def relation(self) -> Node:
        found = self.addition()
        while self.peek() in RELATIONS and self.tokens[self.at][0] != "string":
            found = ("binary", self.take(), found, self.addition())
        return found

    def addition(self) -> Node:
        found = self.product()
        while self.peek() in ("+", "-"):
            found = ("binary", self.take(), found, self.product())
        return found

    def product(self) -> Node:
        found = self.unary()
        while self.peek() in ("*", "/", "%"):
            found = ("binary", self.take(), found, self.unary())
        return found

    def unary(self) -> Node:
        sign = self.peek()
        if sign not in ("!", "-") or self.tokens[self.at][0] != "operator":
            return self.member()
        count = 0
        while self.peek() == sign:
            self.take()
            count += 1
        found = self.member()
        for _ in range(count):
            found = ("not", found) if sign == "!" else ("negate", found)
        return found

    def member(self) -> Node:
        found = self.primary()
        while self.peek() in (".", "["):
            if self.take() == "[":
                key = self.expression()
                self.take("]")
                found = ("index", found, key)
                continue
            field = self.identifier()
            if self.peek() != "(":
                found = ("select", found, field)
            elif field in MACROS:
                found = self.macro(found, field)
            else:
                found = ("method", found, field, self.arguments(")"))
        return found

    def macro(self, target: Node, name: str) -> Node:
        self.take("(")
        variable = self.identifier()
        bodies = []
        while self.peek() == ",":
            self.take(",")
            bodies.append(self.expression())
        self.take(")")
        if len(bodies) + 1 not in MACROS[name]:
            raise Unsupported(f"{name} with {len(bodies) + 1} arguments")
        return ("macro", target, name, variable, tuple(bodies))

    def arguments(self, closing: str) -> tuple[Node, ...]:
        """Expressions separated by commas up to ``closing`` (a trailing comma only in lists and maps)."""
        if closing == ")":
            self.take("(")
        found: list[Node] = []
        while self.peek() != closing:
            found.append(self.expression())
            if self.peek() != ",":
                break
            self.take(",")
            if closing == ")" and self.peek() == ")":
                raise Unsupported("a trailing comma in a call")
        self.take(closing)
        return tuple(found)

    def identifier(self) -> str:
        kind, text = self.tokens[self.at] if self.at < len(self.tokens) else ("", "")
        if kind != "name" or text in RESERVED or text.startswith("__"):
            raise Unsupported(f"{text!r} is no name this reading takes")
        self.at += 1
        return text

    def primary(self) -> Node:
        kind, text = self.tokens[self.at] if self.at < len(self.tokens) else ("", "")
        if text == "(" and kind == "operator":
            self.take()
            found = self.expression()
            self.take(")")
            return found
        if text == "[" and kind == "operator":
            self.take()
            return ("list", self.arguments("]"))
        if text == "{" and kind == "operator":
            self.take()
            return self.map()
        if kind == "string":
            self.take()
            return ("constant", _string(text))
        if kind in ("int", "hex"):
            self.take()
            number = int(text, 16 if kind == "hex" else 10)
            if number > LARGEST_INT:
                raise Unsupported("an int literal beyond 64 bits")
            return ("constant", number)
        if kind == "double":
            self.take()
            double = float(text)
            if double in (float("inf"), float("-inf")):
                raise Unsupported("a double literal that overflows")
            return ("constant", double)
        if text in ("true", "false", "null") and kind == "name":
            self.take()
            return ("constant", {"true": True, "false": False, "null": None}[text])
        name = self.identifier()
        if self.peek() == "(":
            return ("call", name, self.arguments(")"))
        if self.peek() == "{":
            raise Unsupported("a message")
        return ("name", name)

    def map(self) -> Node:
        pairs: list[tuple[Node, Node]] = []
        while self.peek() != "}":
            key = self.expression()
            self.take(":")
            pairs.append((key, self.expression()))
            if self.peek() != ",":
                break
            self.take(",")
        self.take("}")
        return ("map", tuple(pairs))
