"""A kit's expression is priced before it runs (``expression_cost``): one whose evaluation could take more
than ``MOST_STEPS`` (nested macros over long lists, a ``map`` that builds a huge list) is refused when the
kit is read, naming its place; the price bounds the work CEL really does; and the rules a request runs stop
at its deadline (``domain.engine.rule_time``)."""

from __future__ import annotations

import copy
import glob

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.engine.rule_time import deadline
from domain.games.table_kit.reading import checks
from domain.games.table_kit.language.expression_cost import MOST_STEPS, Sizes, cost
from domain.games.table_kit.language.expressions import ExpressionError, OutOfTime, cel_library, compile_expression
from domain.games.table_kit.play.kit_compile import CompiledRules
from domain.games.table_kit.rules import shipped_kit

DIGITS = "[0,1,2,3,4,5,6,7,8,9]"


def nested(depth: int, macro: str = "all", body: str = "true") -> str:
    """``depth`` macros, each over ten numbers, one inside the other: 10^depth steps."""
    return "".join(f"{DIGITS}.{macro}(a{n}, " for n in range(depth)) + body + ")" * depth


def freezing_kit(expression: str) -> dict:
    """Pig whose setup sets a counter to ``expression`` (the audit's kit: a few hundred bytes)."""
    kit = copy.deepcopy(shipped_kit("pig"))
    kit["play"]["setup"] = [{"set": "turn_total", "to": expression}]
    return kit


def test_nine_nested_macros_are_refused_when_the_expression_is_compiled():
    source = nested(9)
    assert len(source) < 500  # within the length limit: only its cost refuses it
    with pytest.raises(ExpressionError, match=r"may take up to [\d,]+ steps to work out, more than the 50,000"):
        compile_expression(source, set(), sizes=Sizes(10))


def test_a_map_that_builds_a_huge_list_is_refused():
    source = nested(4, "map", DIGITS) + ".size() > 0"  # 100,000 numbers in lists of lists
    with pytest.raises(ExpressionError, match="steps to work out"):
        compile_expression(source, set(), sizes=Sizes(10))


def test_nesting_over_the_kits_own_lists_is_priced_by_the_kits_largest_list():
    source = "hand(seat).all(a, hand(seat).all(b, a != b))"
    compile_expression(source, {"seat"}, {"hand"}, Sizes(10, 2, (("hand", 10),)))  # 10 cards: 100 rounds
    with pytest.raises(ExpressionError, match="this kit's largest list holds 600"):
        compile_expression(source, {"seat"}, {"hand"}, Sizes(600, 2, (("hand", 600),)))  # 600 cards: 360,000 rounds


def test_a_name_or_function_the_kit_gives_is_priced_by_what_it_may_hold():
    """A seat's counter is a map of one entry a seat; a hand may hold every card of the kit."""
    sizes = Sizes(600, 4, (("hand", 600),))
    assert cost("score.all(s, score[s] > 0)", sizes) < cost("hand(seat).all(c, c != seat)", sizes)
    assert cost("hand(seat).all(c, c != seat)", sizes) > 600 * 2


def test_an_expression_is_unpriced_without_sizes():
    assert compile_expression(nested(9), set()).source == nested(9)  # a caller that is no kit's


def test_every_expression_of_the_shipped_and_test_kits_is_priced_well_within_the_bound():
    files = sorted(glob.glob("domain/games/table_kit/kits/*.yaml") + glob.glob("tests/kits/*.yaml"))
    priced = []
    for path in files:
        with open(path, encoding="utf-8") as file:
            document = yaml.safe_load(file)
        if "play" in document:
            rules = CompiledRules(document)
            priced += [cost(expression.source, rules.sizes) for _, expression, _ in rules.expressions]
    assert len(priced) > 200
    assert max(priced) * 5 < MOST_STEPS


def test_a_freezing_kit_is_refused_by_the_check_naming_the_expressions_place():
    problems = checks.problems(freezing_kit(nested(9)))
    said = [problem for problem in problems if "steps to work out" in problem.message]
    assert said and said[0].path == ("play", "setup", 0, "to")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 9), st.sampled_from(["all", "exists", "map", "filter", "exists_one"])),
                min_size=1, max_size=4), st.integers(0, 12))
def test_the_price_bounds_the_rounds_cel_really_takes(levels, hand_size):
    """Each round of the innermost body calls the kit's ``tick``: CEL's real count of rounds is never above
    the price over what one call of a kit's function is priced at."""
    source = "true"
    for n, (length, macro) in enumerate(reversed(levels)):
        over = "hand" if length == 0 else "[" + ",".join(map(str, range(length))) + "]"
        body = f"tick({source}) == true" if n == 0 else f"size([{source}]) > 0"
        source = f"{over}.{macro}(v{n}, {body})" + (".size() >= 0" if macro in ("map", "filter") else "")
    ticks = []
    sizes = Sizes(max(1, hand_size))
    priced = cost(source, sizes)
    program = cel_library().compile(source)
    program.execute(cel_library().Context(variables={"hand": list(range(hand_size))},
                                          functions={"tick": lambda value: ticks.append(1) or True}))
    assert len(ticks) * sizes.largest <= priced


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_no_expression_is_evaluated_past_the_deadline():
    expression = compile_expression("score + 1 > 2", {"score"})
    clock = Clock()
    with deadline(5, clock):
        assert expression.value({"score": 3}) is True
        clock.now = 5.5
        with pytest.raises(OutOfTime, match="took longer than the 5 s"):
            expression.value({"score": 3})
    assert expression.value({"score": 3}) is True  # the deadline was this context's alone


def test_an_inner_deadline_cannot_outlast_the_outer_one():
    expression = compile_expression("score + 1 > 2", {"score"})
    clock = Clock()
    with deadline(1, clock), deadline(60, clock):
        clock.now = 2
        with pytest.raises(OutOfTime):
            expression.value({"score": 3})


def test_a_kit_game_past_its_deadline_refuses_the_command_and_writes_nothing():
    from domain.engine.errors import IllegalCommand
    from domain.keeping.service import GameService
    from domain.keeping.store import store_env

    service = GameService(env=store_env(None))
    game_id, _ = service.open_game("table-kit", ["Ana", "Ben"], {"kit": shipped_kit("pig")}, "late")
    before = service.game(game_id).version
    clock = Clock()
    with deadline(1, clock):
        clock.now = 2
        with pytest.raises(IllegalCommand, match="took longer than the 1 s"):
            service.submit(game_id, 1, {"type": "act", "action": "roll"})
    assert service.game(game_id).version == before


def test_the_price_reads_every_part_of_cels_grammar():
    """Ternaries, indexes, fields, maps, texts of every quoting, numbers of every form, ``in`` and unary
    operators are read, not refused."""
    sources = ['a ? b[0] : {"x": [1, 2u, 0x1F, 3.5e2, -1]}["x"][1]', "!(c in [r'x', b'y', '''z''', \"w\"]) && d.e.f > .5",
               'has(g.h) || size(k) == 0 && "ab".matches("a.*")']
    assert all(0 < cost(source, Sizes(30)) < MOST_STEPS for source in sources)
    assert [cost(nested(depth), Sizes(1)) for depth in (1, 2, 3)] == sorted({cost(nested(d), Sizes(1)) for d in (1, 2, 3)})


@pytest.mark.parametrize("depth", [3, 4, 5])
def test_each_level_of_nesting_multiplies_the_price_by_the_lists_length(depth):
    assert cost(nested(depth), Sizes(1)) > 9 * cost(nested(depth - 1), Sizes(1))


def test_combinations_of_operators_on_long_lists_grow_the_price():
    short, long = (f"hand + hand + hand == {x}" for x in ("hand", "hand + hand"))
    assert cost(long, Sizes(100)) > cost(short, Sizes(100))
