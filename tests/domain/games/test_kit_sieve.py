"""A choice's ``where`` remembered with what it read (``kit_sieve``): it answers as the condition itself does on
every table of every shipped kit's random games, and a remembered answer is never used once a function it called
answers otherwise."""

from __future__ import annotations

import random

import pytest

from domain.engine import registry
from domain.games.table_kit.expressions import ExpressionFailed, compile_expression
from domain.games.table_kit.kit_rules import KitRules
from domain.games.table_kit.kit_scope import FUNCTIONS, Scope
from domain.games.table_kit.kit_sieve import Sieve
from domain.games.table_kit.rules import KITS, kit_rules_of, shipped_kit
from domain.thinking.greedy import SimRng

RULES = registry.get("table-kit")
WITH_WHERE = sorted(path.stem for path in KITS.glob("*.yaml")
                    if "play" in shipped_kit(path.stem)
                    and any("where" in choice for action in shipped_kit(path.stem)["play"]["actions"] for choice in action.get("choose", [])))


def random_tables(kit, games=3, seed=0):
    source = random.Random(seed)
    for _ in range(games):
        state = RULES.new_state(kit["seats"]["fewest"], RULES.resolve_options({"kit": kit}))
        for fact in RULES.setup(state, SimRng(source)):
            state = RULES.evolve(state, fact)
        while RULES.outcome(state) is None:
            seat = RULES.to_act(state)[0]
            yield state, seat
            legal = RULES.legal_commands(state, seat)
            for fact in RULES.decide(state, seat, legal[source.randrange(len(legal))], SimRng(source)):
                state = RULES.evolve(state, fact)


@pytest.mark.parametrize("name", WITH_WHERE)
def test_the_sieve_answers_as_the_condition_itself_on_every_table_of_random_games(name):
    kit = shipped_kit(name)
    tried = 0
    for state, seat in random_tables(kit):
        rules: KitRules = kit_rules_of(state)
        legal = RULES.legal_commands(state, seat)
        for action in rules.actions.values():
            for depth, choice in enumerate(action["choices"]):
                if choice.where is None:
                    continue
                earlier = [c.name for c in action["choices"][:depth]]
                prefixes = {tuple((key, command[key]) for key in earlier) for command in legal if command["action"] == action["name"]}
                for prefix in prefixes or ({()} if not earlier else set()):
                    scope = Scope(rules, state, seat, dict(prefix))
                    candidates = choice._values(scope)
                    assert choice.sieve.sift(scope, candidates) == choice.sieve._plain(scope, candidates)
                    tried += 1
    assert tried > 0


class Board(dict):
    """A scope of hand-set names and functions."""

    def __init__(self, functions, **names):
        super().__init__(names)
        self.functions, self.chosen = functions, {}

    def function(self, name):
        return self.functions[name]

    def with_choice(self, chosen):
        found = Board(self.functions, **self, **chosen)
        found.chosen = chosen
        return found


def sieve(source):
    return Sieve(compile_expression(source, {"to", "seat"}, FUNCTIONS), "to")


def test_a_remembered_answer_is_not_used_once_a_function_it_called_answers_otherwise():
    condition = sieve('row(to) == 1 || owner(step(to, "south")) != 0')
    owners = {"a1": 1}
    functions = {"row": lambda space: int(space[1:]), "step": lambda space, way: f"{space[0]}{int(space[1:]) - 1}",
                 "owner": lambda space: owners.get(space, 0)}
    spaces = ["a1", "a2", "a3"]
    assert condition.sift(Board(functions, seat=1), spaces) == ["a1", "a2"]
    owners["a2"] = 2
    assert condition.sift(Board(functions, seat=1), spaces) == ["a1", "a2", "a3"]
    del owners["a1"], owners["a2"]
    assert condition.sift(Board(functions, seat=1), spaces) == ["a1"]


def test_an_answer_is_remembered_for_the_names_it_read_and_a_number_is_not_a_truth():
    condition = sieve("owner(to) == seat")
    answers = {"a1": 1}
    functions = {"owner": lambda space: answers.get(space, 0)}
    assert condition.sift(Board(functions, seat=1), ["a1", "a2"]) == ["a1"]
    assert condition.sift(Board(functions, seat=2), ["a1", "a2"]) == []
    answers["a1"] = True  # true == 1 is false to CEL (and true to Python): the call answers otherwise, CEL is asked
    assert condition.sift(Board(functions, seat=1), ["a1", "a2"]) == []


def test_a_condition_that_fails_fails_as_the_condition_does():
    condition = sieve("10 / row(to) > 1")
    with pytest.raises(ExpressionFailed, match="10 / row"):
        condition.sift(Board({"row": lambda space: 0}, seat=1), ["a1"])
