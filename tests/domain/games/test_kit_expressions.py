"""The expressions of a kit's rules (``table_kit.expressions``): CEL compiled once, every name it reads
checked against the names the kit gives it, only those values handed to it, and each way it can go wrong
said in one line."""

from __future__ import annotations

import pytest

from domain.games.table_kit.language.expressions import (
    MOST_CHARACTERS,
    ExpressionError,
    ExpressionFailed,
    compile_expression,
)

PIG = {"score", "seat", "turn_total", "target", "die"}


def test_a_condition_is_worked_out_from_the_values_of_the_names_it_reads():
    reached = compile_expression("score[seat] + turn_total >= target", PIG)
    assert reached.names == ("score", "seat", "target", "turn_total")
    scores = {"1": 90, "2": 40}
    assert reached.holds({"score": scores, "seat": "1", "turn_total": 10, "target": 100})
    assert not reached.holds({"score": scores, "seat": "2", "turn_total": 10, "target": 100})
    assert compile_expression("turn_total + die", PIG).value({"turn_total": 7, "die": 5}) == 12


def test_only_the_values_an_expression_reads_are_handed_to_it():
    class Unconvertible:  # CEL could not take it: handing it over would fail
        pass

    rolled = compile_expression("die == 1", PIG)
    assert rolled.holds({"die": 1, "score": Unconvertible(), "target": Unconvertible()})


def test_a_name_the_kit_does_not_give_is_a_mistake_naming_it_and_the_names_it_may_read():
    with pytest.raises(ExpressionError, match=r"'points > 1' reads 'points', which this kit does not name here \(the names "
                                              r"it may read: die, score, seat, target, turn_total\)"):
        compile_expression("points > 1", PIG)
    with pytest.raises(ExpressionError, match=r"'scor > 1' reads 'scor', which this kit does not name here \(did you mean \"score\"\?\)"):
        compile_expression("scor > 1", PIG)  # a misspelt name: the nearest the kit gives, not the whole list


def test_a_name_a_macro_binds_is_the_expressions_own():
    has_an_ace = compile_expression('hand.exists(card, card == "ace") && hand.all(c, c != "joker")', {"hand"})
    assert has_an_ace.names == ("hand",)
    assert has_an_ace.holds({"hand": ["two", "ace"]}) and not has_an_ace.holds({"hand": ["two"]})


@pytest.mark.parametrize(("source", "said"), [
    ("1 + ", r"'1 \+' is not an expression: at line:column 1:4: Syntax error"),
    ("", "the expression is empty"),
    ("x" * (MOST_CHARACTERS + 1), f"the expression is {MOST_CHARACTERS + 1} characters long; at most {MOST_CHARACTERS}"),
    (["die"], "an expression is text \\(or a number\\), not list"),
    (True, "an expression is text \\(or a number\\), not bool"),
])
def test_what_is_no_expression_is_refused_in_one_line(source, said):
    with pytest.raises(ExpressionError, match=said) as refused:
        compile_expression(source, PIG)
    assert "\n" not in str(refused.value)


def test_a_number_is_an_expression_of_itself():
    assert compile_expression(100, PIG).value({}) == 100


@pytest.mark.parametrize(("source", "scope", "said"), [
    ("turn_total / die", {"turn_total": 3, "die": 0}, "division by zero"),
    ('turn_total + "1"', {"turn_total": 3}, "No such overload"),
    ("score[seat] > 0", {"score": {"1": 3}, "seat": "2"}, "could not be worked out: no entry '2'"),
    ("score[seat] > 0", {"score": {"1": 3}}, "nothing is named 'seat' here"),
    ("turn_total + 1", {"turn_total": 3}, None),
])
def test_an_evaluation_that_fails_names_the_expression_in_one_line(source, scope, said):
    expression = compile_expression(source, PIG)
    with pytest.raises(ExpressionFailed) as failed:
        expression.holds(scope)
    message = str(failed.value)
    assert message.startswith(repr(expression.source)) and "\n" not in message
    assert said in message if said else "is a condition, but its value is 4, not true or false" in message
