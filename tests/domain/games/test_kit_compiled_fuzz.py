"""Random CEL expressions, drawn from a grammar of CEL's literals (large and negative ints, doubles, texts, bools,
lists, maps), names bound to random values, its operators, macros, ternary and functions: wherever the Python
closures (``compiled_expressions``) give a value, CEL (the binding) gives the same value, of the same types;
and most of them do give one. A list made by ``filter`` or ``map`` over a map is drawn only where its order cannot
show (its size): the binding walks a map in an order of its own, different at each evaluation, the closures in the
map's (``test_kit_map_order.py``)."""

from __future__ import annotations

import functools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.games.table_kit.language.compiled_expressions import compiled
from domain.games.table_kit.language.expressions import cel_library

from cel_values import same


class Given(dict):
    """A scope of hand-set names and functions."""

    def __init__(self, functions, **names):
        super().__init__(names)
        self.functions = functions

    def function(self, name):
        return self.functions[name]


FUNCTIONS = {"twice": lambda n: (n, n), "echo": lambda text: text, "big": lambda n: 2**70 if n > 5 else n}
"""Kit-like functions: a tuple CEL hands back as a list, a text, and an int past 64 bits for some arguments."""
INT_NAMES, DOUBLE_NAMES, TEXT_NAMES, BOOL_NAMES, LIST_NAMES, MAP_NAMES = ("x", "y"), ("d",), ("s", "t"), ("b",), ("xs",), ("m",)

ints = st.one_of(st.integers(-20, 20), st.integers(-(2**63), 2**63 - 1), st.sampled_from([2**63 - 1, -(2**63), 2**62, -(2**62)]))
doubles = st.one_of(st.floats(-1e6, 1e6), st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([0.0, -0.0, 0.5, 2.0**63]))
texts = st.text(st.sampled_from("ab1 é\"\\'"), max_size=4)
values = st.fixed_dictionaries({
    "x": ints, "y": st.integers(-5, 5), "d": doubles, "s": texts, "t": st.sampled_from(["12", "-3", "a", "1.5", "", "+7"]),
    "b": st.booleans(), "xs": st.lists(st.integers(-3, 3), max_size=4).map(lambda found: found if len(found) % 2 else tuple(found)),
    "m": st.dictionaries(st.sampled_from(["a", "b", "c"]), st.integers(-3, 3), max_size=3)})


def literal_int(number: int) -> str:
    return str(number) if number >= 0 else f"-{-number}" if number > -(2**63) else "-9223372036854775807 - 1"


def literal_text(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


@functools.cache
def expression(kind: str, depth: int, bound: tuple[str, ...] = ()) -> st.SearchStrategy[str]:
    """A text of CEL mostly of ``kind`` (int, double, text, bool, list, map), at most ``depth`` deep; ``bound`` the
    macro variables in reach (each an int)."""
    leaves = {
        "int": st.one_of(ints.map(literal_int), st.sampled_from(INT_NAMES + bound)),
        "double": st.one_of(st.floats(0, 1e300).map(repr), st.sampled_from(DOUBLE_NAMES)),
        "text": st.one_of(texts.map(literal_text), st.sampled_from(TEXT_NAMES)),
        "bool": st.sampled_from(["true", "false", *BOOL_NAMES]),
        "list": st.sampled_from([*LIST_NAMES, "[]", "[1, 2, 3]", "[x, y]"]),
        "map": st.sampled_from([*MAP_NAMES, "{}", '{"a": 1, "c": 2}']),
    }[kind]
    if depth == 0:
        return leaves
    sub = lambda of, inner=bound: expression(of, depth - 1, inner)
    variable = st.sampled_from(["v", "w", "x"])  # x shadows the scope's x
    pairs = lambda a, b, form: st.tuples(sub(a), sub(b)).map(lambda parts: form.format(*parts))
    macro = lambda form, body_kind: variable.flatmap(
        lambda name: st.tuples(sub("list"), expression(body_kind, depth - 1, (*bound, name))).map(lambda parts: form.format(parts[0], name, parts[1])))
    grown = {
        "int": [pairs("int", "int", "({} + {})"), pairs("int", "int", "({} - {})"),
                pairs("int", "int", "({} * {})"), pairs("int", "int", "({} / {})"), pairs("int", "int", "({} % {})"),
                sub("int").map("-{}".format), sub("list").map("size({})".format), sub("text").map("{}.size()".format),
                sub("double").map("int({})".format), sub("text").map("int({})".format), pairs("list", "int", "{}[{}]"),
                pairs("map", "text", "{}[{}]"), sub("map").map("{}.a".format), sub("int").map("big({})".format),
                st.tuples(sub("bool"), sub("int"), sub("int")).map(lambda parts: "({} ? {} : {})".format(*parts)),
                macro("{}.filter({}, {}).size()", "bool"), sub("map").map("{}.filter(k, k != \"a\").size()".format),
                sub("map").map("{}.map(k, k).size()".format)],
        "double": [pairs("double", "double", "({} + {})"), pairs("double", "double", "({} * {})"), pairs("double", "double", "({} / {})"),
                   pairs("double", "double", "({} - {})"), sub("double").map("-{}".format), sub("int").map("double({})".format),
                   sub("text").map("double({})".format), pairs("double", "int", "({} + {})")],
        "text": [pairs("text", "text", "({} + {})"), sub("int").map("string({})".format), sub("double").map("string({})".format),
                 sub("text").map("echo({})".format), st.tuples(sub("bool"), sub("text"), sub("text")).map(lambda p: "({} ? {} : {})".format(*p))],
        "bool": [*(pairs(a, b, "({} " + op + " {})") for a, b in (("int", "int"), ("int", "double"), ("text", "text"), ("bool", "bool"),
                                                                    ("list", "list"), ("map", "map"), ("int", "bool"))
                   for op in ("==", "!=", "<", "<=", ">", ">=")),
                 sub("bool").map("!{}".format), pairs("bool", "bool", "({} && {})"), pairs("bool", "bool", "({} || {})"),
                 pairs("int", "list", "({} in {})"), pairs("text", "map", "({} in {})"), pairs("text", "text", "{}.contains({})"),
                 pairs("text", "text", "{}.startsWith({})"), pairs("text", "text", "{}.endsWith({})"), pairs("int", "bool", "({} && {})"),
                 macro("{}.all({}, {})", "bool"), macro("{}.exists({}, {})", "bool"), macro("{}.exists_one({}, {})", "bool"),
                 sub("map").map("{}.all(k, k in [\"a\", \"b\"])".format), sub("map").map("{}.exists(k, k == \"c\")".format)],
        "list": [pairs("list", "list", "({} + {})"), macro("{}.map({}, {})", "int"), macro("{}.filter({}, {})", "bool"),
                 pairs("int", "int", "[{}, {}]"), sub("int").map("twice({})".format),
                 variable.flatmap(lambda name: st.tuples(sub("list"), expression("bool", depth - 1, (*bound, name)),
                                                         expression("int", depth - 1, (*bound, name)))
                                  .map(lambda p: f"{p[0]}.map({name}, {p[1]}, {p[2]})"))],
        "map": [pairs("text", "int", "{{{}: {}}}"), pairs("int", "text", "{{{}: {}}}")],
    }[kind]
    return st.one_of(leaves, *grown)


def cel_value(text: str, names: dict) -> tuple[str, object]:
    cel = cel_library()
    try:
        program = cel.compile(text)
    except Exception:  # noqa: BLE001 -- a text CEL does not read (a literal out of range)
        return ("unread", None)
    try:
        return ("value", program.execute(cel.Context(variables=names, functions=FUNCTIONS)))
    except Exception:  # noqa: BLE001 -- CEL's error
        return ("failed", None)


def checked_against_cel(examples: int) -> Counter:
    """Draws ``examples`` expressions of every kind with random names; each closure's value checked against CEL's."""
    counts: Counter = Counter()

    @settings(max_examples=examples, deadline=None, database=None)
    @given(st.sampled_from(["int", "double", "text", "bool", "list", "map"]).flatmap(lambda kind: expression(kind, 3)), values)
    def check(text, names):
        reference = cel_value(text, names)
        if reference[0] == "unread":
            return
        counts["read"] += 1
        run = compiled(text)
        if run is None:
            counts["not compiled"] += 1
            return
        try:
            found = run(Given(FUNCTIONS, **names))
        except Exception:  # noqa: BLE001 -- unsure: CEL would be asked
            counts["unsure"] += 1
            return
        counts["answered"] += 1
        assert reference[0] == "value", f"{text!r} with {names}: the closures gave {found!r} where CEL fails"
        assert same(found, reference[1]), f"{text!r} with {names}: the closures gave {found!r}, CEL {reference[1]!r}"

    check()
    return counts


def test_random_expressions_answer_as_cel_does_or_stand_aside():
    counts = checked_against_cel(250)
    assert counts["not compiled"] == 0, counts  # the grammar drawn from is all the closures' own
    assert counts["answered"] >= counts["read"] // 3, counts  # a good share runs compiled


@pytest.mark.slow
def test_many_random_expressions_answer_as_cel_does_or_stand_aside():
    counts = checked_against_cel(6000)
    assert counts["answered"] >= counts["read"] // 3, counts
