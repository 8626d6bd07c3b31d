"""A part of a macro's body, or of a choice's ``where`` made a filter, that reads none of the macro's variables is
worked out once for the whole walk (``compiled_operators.once``): on many seeded scopes it gives what working it
out for every entry gives, and what CEL gives, and it is worked out once."""

from __future__ import annotations

import random

import pytest
from cel_values import same

from domain.games.table_kit.language import compiled_operators
from domain.games.table_kit.language.compiled_expressions import compiled_program
from domain.games.table_kit.language.compiled_filter import compiled_filter
from domain.games.table_kit.language.expressions import cel_library

EXPRESSIONS = [
    "xs.filter(v, v > y + 1).size()",
    "xs.filter(v, v > y || (v == y && x > 2)).size()",
    "xs.exists(v, v == x && twice(y)[0] > 1)",
    "xs.all(v, v != y ? v > -5 : b)",
    "xs.map(v, v + count(xs)).size() > 1",
    "xs.exists(v, xs.filter(w, w > v && y < 2).size() > 0)",
    "xs.exists(v, xs.exists(v, v > y))",
    "xs.filter(v, m[\"a\"] > v).size()",
    "xs.filter(v, 10 / y > v).size()",
    "xs.exists(v, v > 1 && !b)",
    "xs.filter(v, echo(s) == \"ab\" || v > x).size()",
]
"""Macros whose bodies hold parts that read no variable of theirs (``y + 1``, ``x > 2``, ``twice(y)[0] > 1``,
``10 / y``: failing where ``y`` is 0), and one whose inner macro takes the outer's name."""
WHERES = ["count > bid_count || (count == bid_count && face > bid_face)", "face != bid_face && 12 / bid_count > face",
          "count(faces) > bid_count && face in faces"]
"""A choice's ``where``, on the candidate ``face`` (Liar's Dice's bid, and others reading the kit's functions)."""


class Given(dict):
    """A scope of hand-set names, and functions counting their calls."""

    def __init__(self, **names):
        super().__init__(names)
        self.calls = 0
        self.functions = {"twice": lambda n: self._called((n, n)), "echo": lambda text: self._called(text),
                          "count": lambda found: self._called(len(found))}

    def _called(self, value):
        self.calls += 1
        return value

    def function(self, name):
        return self.functions[name]


def scopes(seed: int, count: int):
    source = random.Random(seed)
    for _ in range(count):
        yield {"x": source.randint(-3, 4), "y": source.randint(-2, 3), "b": source.random() < 0.5, "s": source.choice(["ab", "b", ""]),
                   "xs": [source.randint(-3, 3) for _ in range(source.randint(0, 5))], "m": {"a": source.randint(-2, 2)},
                   "count": source.randint(1, 3), "bid_count": source.randint(0, 3), "bid_face": source.randint(0, 6),
                   "faces": [source.randint(1, 6) for _ in range(source.randint(0, 3))]}


def answer(run, scope):
    try:
        found = run(scope)
    except Exception as error:  # noqa: BLE001 -- a failure is an answer too: it must fail the same way
        return ("failed", type(error).__name__)
    return ("value", type(found).__name__, found)


def every_entry(monkeypatch):
    """The closures built without keeping anything: each part worked out for every entry."""
    monkeypatch.setattr(compiled_operators, "WORKED_OUT_ONCE", frozenset())


@pytest.mark.parametrize("text", EXPRESSIONS)
def test_a_part_kept_once_answers_as_working_it_out_for_every_entry_and_as_cel(text, monkeypatch):
    kept = compiled_program(text).run
    every_entry(monkeypatch)
    plain = compiled_program(text).run
    program = cel_library().compile(text)
    for names in scopes(hash(text) % 1000, 300):
        found, expected = answer(kept, Given(**names)), answer(plain, Given(**names))
        assert found == expected, (text, names)
        if found[0] == "value":
            functions = {"twice": lambda n: [n, n], "echo": lambda t: t, "count": len}
            assert same(found[2], program.execute(cel_library().Context(variables=names, functions=functions))), (text, names)


@pytest.mark.parametrize("where", WHERES)
def test_a_where_made_a_filter_keeps_what_reads_no_candidate(where, monkeypatch):
    kept = compiled_filter(where, "face", "__candidates").run
    every_entry(monkeypatch)
    plain = compiled_filter(where, "face", "__candidates").run
    for names in scopes(7, 500):
        names["__candidates"] = list(range(1, 7))
        assert answer(kept, Given(**names)) == answer(plain, Given(**names)), (where, names)


def test_a_function_reading_no_variable_is_called_once_for_the_walk():
    scope = Given(xs=[1, 2, 3, 4, 5], y=1, x=0, b=True, s="ab", m={"a": 0})
    assert compiled_program("xs.filter(v, v > twice(y)[0]).size()").run(scope) == 4
    assert scope.calls == 1
    scope = Given(xs=[1, 2, 3, 4, 5], faces=[1, 2], count=1, bid_count=0, bid_face=0)
    scope["__candidates"] = [1, 2, 3, 4, 5, 6]
    assert compiled_filter(WHERES[2], "face", "__candidates").run(scope) == [1, 2]
    assert scope.calls == 1


def test_a_part_reading_the_variable_is_worked_out_for_each_entry():
    scope = Given(xs=[1, 2, 3], y=1)
    assert compiled_program("xs.filter(v, twice(v)[0] > y).size()").run(scope) == 2
    assert scope.calls == 3
