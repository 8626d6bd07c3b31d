"""A seat's counter read by an expression (``score[seat]``) is the table's own on every table of a game, though
the map of it by seat is made once a table (``kit_scope``)."""

from __future__ import annotations

import random

from domain.engine import registry
from domain.games.table_kit.play.kit_scope import Scope
from domain.games.table_kit.rules import kit_rules_of, shipped_kit
from domain.thinking.greedy import SimRng

RULES = registry.get("table-kit")


def test_a_seats_counter_is_each_tables_own() -> None:
    state = RULES.new_state(2, RULES.resolve_options({"kit": shipped_kit("pig"), "parameters": {"target": 10}}))
    source = random.Random(3)
    rng = SimRng(source)
    for fact in RULES.setup(state, rng):
        state = RULES.evolve(state, fact)
    seen = set()
    while state.winners is None and state.turn:
        scope = Scope(kit_rules_of(state), state, state.turn)
        assert scope["score"] == {seat: state.counters[f"score:{seat}"] for seat in (1, 2)}
        assert scope["score"] is scope.with_choice({})["score"]  # made once for the table
        seen.add(tuple(scope["score"].values()))
        command = source.choice(RULES.legal_commands(state, state.turn))
        for fact in RULES.decide(state, state.turn, command, rng):
            state = RULES.evolve(state, fact)
    assert len(seen) >= 3  # the scores changed as the game went on
