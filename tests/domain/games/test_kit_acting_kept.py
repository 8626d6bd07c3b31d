"""The seats to act in a turn taken together are worked out once a table (``KitRules.acting``, kept with the table's
offers: ``kit_offers.kept``): asked again, the same seats, in a list of the caller's own; a seat that has chosen is
gone from the next table's; and a table whose offers failed is worked out afresh, failing again."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from domain.engine import registry
from domain.engine.errors import IllegalCommand
from domain.engine.randomness import TableRng
from domain.games.table_kit.play import kit_offers
from domain.games.table_kit.rules import shipped_kit
from domain.games.table_kit.table.state import kit_of

RULES = registry.get("table-kit")
ROCK_PAPER_SCISSORS = shipped_kit("rock-paper-scissors")


def table(kit, seats=2):
    state = RULES.new_state(seats, RULES.resolve_options({"kit": kit}))
    for fact in RULES.setup(state, TableRng()):
        state = RULES.evolve(state, fact)
    return state


def test_the_seats_to_act_are_the_same_each_time_asked_and_the_callers_own_list():
    state = table(ROCK_PAPER_SCISSORS)
    rules = kit_of(state).rules
    first = rules.acting(state)
    assert first == [1, 2]
    first.clear()
    assert rules.acting(state) == [1, 2]
    assert RULES.to_act(state) == [1, 2]
    kit_offers._let_go()  # nothing kept: worked out afresh, the same
    assert rules.acting(state) == [1, 2]


def test_a_seat_that_has_chosen_is_not_among_the_next_tables_seats_to_act():
    state = table(ROCK_PAPER_SCISSORS)
    rules = kit_of(state).rules
    assert rules.acting(state) == [1, 2]
    for fact in RULES.decide(state, 2, {"type": "act", "action": "show", "number": 1}, TableRng()):
        state = RULES.evolve(state, fact)
    assert rules.acting(state) == [1]
    assert RULES.legal_commands(state, 2) == []
    assert len(RULES.legal_commands(state, 1)) == 3


def test_seats_to_act_whose_offers_fail_fail_again_each_time_asked():
    kit = copy.deepcopy(ROCK_PAPER_SCISSORS)
    kit["play"]["actions"][0]["choose"][0]["number"] = [1, "3 / (3 - wins[seat])"]  # a seat with 3 wins divides by zero
    state = table(kit)
    rules = kit_of(state).rules
    assert rules.acting(state) == [1, 2]
    state = dataclasses.replace(state, counters={**state.counters, "wins:2": 3})
    for _ in range(2):
        with pytest.raises(IllegalCommand, match="the kit's rules fail here"):
            rules.acting(state)
