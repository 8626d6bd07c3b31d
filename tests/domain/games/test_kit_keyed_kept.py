"""A keyed counter's keys are worked out once a game where they follow its parameters (``keys: size(piles)``), and
its map as expressions read it once for a table's counters (``Targets.keys_of``, ``Targets.keyed``): asked again
of the same game and table, the same; of another game, or after a fact that changes a counter, worked out afresh
and right. Nim's random games read every table's piles as a map made afresh reads them."""

from __future__ import annotations

import random
from pathlib import Path

import yaml

from domain.engine import registry
from domain.engine.randomness import Rng
from domain.games.table_kit.play import kit_targets
from domain.games.table_kit.play.kit_scope import Scope
from domain.games.table_kit.table.state import kit_of

RULES = registry.get("table-kit")
NIM = yaml.safe_load((Path(__file__).parents[2] / "kits" / "nim.yaml").read_text(encoding="utf-8"))


def table(seats=2, **parameters):
    state = RULES.new_state(seats, RULES.resolve_options({"kit": NIM, "parameters": parameters}))
    for fact in RULES.setup(state, Rng("5eed" * 8, "setup")):
        state = RULES.evolve(state, fact)
    return state


def played(state, command):
    for fact in RULES.decide(state, state.turn, command, Rng("5eed" * 8, "play")):
        state = RULES.evolve(state, fact)
    return state


def test_a_keyed_counters_keys_are_worked_out_once_a_game_and_afresh_for_another(monkeypatch):
    worked_out = []
    counter_keys = kit_targets.counter_keys
    monkeypatch.setattr(kit_targets, "counter_keys", lambda *given: worked_out.append(given[2]) or counter_keys(*given))
    state = table()
    rules = kit_of(state).rules
    rules._keys_known.clear()
    worked_out.clear()  # the table's setup read them once already
    first = rules.keys_of("pile", state)
    later = played(state, {"type": "act", "action": "take", "number": 4, "count": 2})
    assert first == [1, 2, 3, 4] and rules.keys_of("pile", later) is first and len(worked_out) == 1
    other = table(piles=[2, 9])
    assert rules.keys_of("pile", other) == [1, 2] and len(worked_out) == 2
    assert rules.keys_of("pile", state) == [1, 2, 3, 4] and len(worked_out) == 3  # the first game's again: its own keys


def test_a_keyed_counters_map_is_made_once_a_tables_counters_and_afresh_after_a_change():
    state = table()
    rules = kit_of(state).rules
    first = rules.keyed("pile", state)
    assert first == {1: 1, 2: 3, 3: 5, 4: 7} and rules.keyed("pile", state) is first
    later = played(state, {"type": "act", "action": "take", "number": 4, "count": 2})
    assert rules.keyed("pile", later) == {1: 1, 2: 3, 3: 5, 4: 5}
    assert rules.keyed("pile", state) == {1: 1, 2: 3, 3: 5, 4: 7}  # the table before, read again: as it stands
    assert Scope(rules, later, 1)["pile"] == {1: 1, 2: 3, 3: 5, 4: 5}


def test_nims_random_games_read_every_tables_piles_as_a_map_made_afresh():
    source, tables = random.Random(7), 0
    for piles in ([1, 3, 5, 7], [4, 4], [2, 9, 1]):
        state = table(piles=piles)
        rules = kit_of(state).rules
        while state.winners is None:
            read = Scope(rules, state, state.turn)["pile"]
            rules._keyed_known.clear()
            rules._keys_known.clear()
            assert read == rules.keyed("pile", state) == {key: state.counters[f"pile[{key}]"] for key in range(1, len(piles) + 1)}
            state = played(state, source.choice(RULES.legal_commands(state, state.turn)))
            tables += 1
    assert tables > 10
