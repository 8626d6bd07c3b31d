"""A kit's function of one argument that reads the kit alone (``card``) keeps its answers
(``compiled_operators.KeptAnswers``): asked again, it answers what it answered, without working it out or checking
it again; a list, a failure, an argument that is neither a text nor an int are never kept; and the answers kept are
bounded. At a table, ``card(drawn)`` read by several conditions of the Missions kit is worked out once a card."""

from __future__ import annotations

import pytest

from domain.engine import registry
from domain.games.table_kit.language import compiled_operators
from domain.games.table_kit.language.compiled_expressions import compiled_program
from domain.games.table_kit.language.compiled_operators import KeptAnswers
from domain.games.table_kit.play import kit_functions
from domain.games.table_kit.play.kit_scope import Scope
from domain.games.table_kit.rules import shipped_kit
from domain.games.table_kit.table.state import kit_of

RULES = registry.get("table-kit")


class Counting:
    """A function counting its calls."""

    def __init__(self, answer):
        self.answer, self.calls = answer, []

    def __call__(self, argument):
        self.calls.append(argument)
        return self.answer(argument)


class Given(dict):
    """A scope of hand-set names, its function ``f`` the one given."""

    def __init__(self, function, **names):
        super().__init__(names)
        self.given = function

    def function(self, name):
        assert name == "f"
        return self.given


def run(text, function, **names):
    return compiled_program(text).run(Given(function, **names))


def table(kit, seats=3):
    return RULES.new_state(seats, RULES.resolve_options({"kit": kit}))


def test_an_answer_asked_again_is_the_one_kept_and_worked_out_once():
    counted = Counting(lambda name: {"name": name, "level": len(name)})
    kept = KeptAnswers(counted)
    first = run("f(x).level", kept, x="abc")
    assert first == 3 and run("f(x).level + f(x).level", kept, x="abc") == 6
    assert counted.calls == ["abc"]
    assert run("f(\"abcd\").level", kept) == 4 and counted.calls == ["abc", "abcd"]


def test_an_int_and_a_truth_are_not_the_same_key():
    counted = Counting(repr)
    kept = KeptAnswers(counted)
    assert run("f(1)", kept) == "1"
    assert run("f(true)", kept) == "True"  # Python's 1 == True: never looked up by a truth
    assert run("f(1)", kept) == "1" and counted.calls == [1, True]


def test_a_list_is_never_kept_each_caller_has_its_own():
    counted = Counting(lambda n: [n, n])
    kept = KeptAnswers(counted)
    assert run("f(2)", kept) == [2, 2] and run("f(2)", kept) == [2, 2]
    assert counted.calls == [2, 2] and kept.answers == {}


def test_a_failure_is_not_kept_and_fails_again():
    def card(name):
        raise ValueError(f"no card named {name!r}")
    counted = Counting(card)
    kept = KeptAnswers(counted)
    for _ in range(2):
        with pytest.raises(ValueError, match="no card named 'x'"):
            run("f(\"x\")", kept)
    assert counted.calls == ["x", "x"] and kept.answers == {}


def test_a_list_argument_is_handed_over_and_its_answer_not_kept():
    counted = Counting(len)
    kept = KeptAnswers(counted)
    assert run("f([1, 2]) + f([1, 2])", kept) == 4 and counted.calls == [[1, 2], [1, 2]] and kept.answers == {}


def test_the_answers_kept_are_bounded(monkeypatch):
    monkeypatch.setattr(compiled_operators, "MOST_KEPT", 3)
    counted = Counting(lambda n: n * 2)
    kept = KeptAnswers(counted)
    assert [run("f(n)", kept, n=n) for n in range(6)] == [0, 2, 4, 6, 8, 10]
    assert sorted(kept.answers) == [0, 1, 2] and run("f(5)", kept) == 10 and counted.calls == [0, 1, 2, 3, 4, 5, 5]


def test_called_by_cel_it_is_the_function_itself():
    kept = KeptAnswers(lambda a, b=0: a + b)
    assert kept(2) == 2 and kept(2, 3) == 5 and kept.answers == {}


def test_a_kits_card_keeps_its_answers_and_the_table_reads_them():
    state = table(shipped_kit("missions-with-rules"))
    rules = kit_of(state).rules
    card = Scope(rules, state, 1).function("card")
    assert type(card) is KeptAnswers and card is Scope(rules, state, 2).function("card")  # one for the kit
    name = next(iter(rules.cards))
    assert card.answer(name) is rules.cards[name] and name in card.answers
    assert sorted(kit_functions.ANSWERS_KEPT) == ["card"]
    assert type(Scope(rules, state, 1).function("mark")) is not KeptAnswers  # a text: as fast worked out as looked up
