"""A number choice whose ends are written out (``[1, 6]``) has its numbers found once (``Choice._fixed_numbers``):
at every table of seeded random games, they are those its ends, worked out there, give; a choice whose ends read
the table (``[1, seats]``) is worked out each time."""

from __future__ import annotations

import random

import pytest

from domain.engine import registry
from domain.games.table_kit.language.expressions import CANDIDATES
from domain.games.table_kit.play.kit_bounds import numbers_offered
from domain.games.table_kit.play.kit_choices import Choice
from domain.games.table_kit.play.kit_scope import Scope
from domain.games.table_kit.rules import kit_rules_of, shipped_kit
from domain.thinking.greedy import SimRng

RULES = registry.get("table-kit")


def number_choices(state) -> list[Choice]:
    return [choice for action in kit_rules_of(state).actions.values() for choice in action["choices"] if choice.numbers is not None]


def long_way(choice: Choice, scope: Scope) -> list[int]:
    return list(numbers_offered(choice.name, *(bound.value(scope) for bound in choice.numbers)))


def tables(name: str, games: int):
    """Every table of ``games`` seeded random games of a shipped kit."""
    kit = shipped_kit(name)
    for seed in range(games):
        source = random.Random(f"fixed-{name}-{seed}")
        rng = SimRng(source)
        state = RULES.new_state(kit["seats"]["fewest"], RULES.resolve_options({"kit": kit}))
        for fact in RULES.setup(state, rng):
            state = RULES.evolve(state, fact)
        for _ in range(200):
            if RULES.outcome(state) is not None:
                break
            yield state
            seat = RULES.to_act(state)[0]
            legal = RULES.legal_commands(state, seat)
            for fact in RULES.decide(state, seat, legal[source.randrange(len(legal))], rng):
                state = RULES.evolve(state, fact)


@pytest.mark.parametrize("name", ["liars-dice", "rock-paper-scissors"])
def test_numbers_found_once_are_those_worked_out_at_each_table(name):
    fixed = seen = 0
    for state in tables(name, 20):
        scope = Scope(kit_rules_of(state), state, state.turn or 1)
        for choice in number_choices(state):
            assert choice._values(scope) == long_way(choice, scope)
            fixed += choice._fixed_numbers is not None
            seen += 1
    assert fixed and seen  # [1, 6] or [1, 3] found once


def test_ends_that_read_the_table_are_not_fixed():
    state = next(tables("liars-dice", 1))
    count, face = number_choices(state)
    assert count._fixed_numbers is None and face._fixed_numbers == (1, 2, 3, 4, 5, 6)


@pytest.mark.parametrize("name", ["liars-dice", "missions-with-rules"])
def test_a_where_sifted_beside_the_scope_keeps_what_the_filter_keeps(name):
    """A choice's ``where`` sifted by its closures given the candidates (``kit_where.Where.sift``) keeps, at every table of
    seeded random games, what the ``where`` made a filter keeps, given them in a scope of their own."""
    sifted = 0
    for state in tables(name, 10):
        rules = kit_rules_of(state)
        scope = Scope(rules, state, state.turn or 1)
        for action in rules.actions.values():
            chosen: dict = {}
            for choice in action["choices"]:
                try:
                    found = choice._values(scope.with_choice(chosen))
                except Exception:  # noqa: BLE001 -- a choice that cannot be offered here (no earlier choice fits)
                    break
                if choice.where is not None and choice._where.sift is not None and found:
                    given = scope.with_choice(chosen)
                    long_way = choice._where.whole.value(given.with_choice({**given.chosen, CANDIDATES: found}))
                    assert choice._where.sift(given, found) == long_way
                    sifted += 1
                if not found:
                    break
                chosen[choice.name] = found[len(found) // 2]
    assert sifted > 20
