"""``filter`` and ``map`` over a map walk its keys in the map's own order (``compiled_macros``), where CEL's binding
walks them in an order of its own, different at each evaluation: the lists hold what CEL's hold, in the order the
table gives (seats, a keyed counter's keys); and a kit's rules reading such a list decide the same facts from the
same table and chance, every time."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest
import yaml

from domain.engine import registry
from domain.engine.randomness import Rng
from domain.games.table_kit.language.compiled_expressions import compiled
from domain.games.table_kit.language.expressions import cel_library

RULES = registry.get("table-kit")
NIM = yaml.safe_load((Path(__file__).parents[2] / "kits" / "nim.yaml").read_text(encoding="utf-8"))
WALKS = ["m.filter(k, m[k] > 0)", "m.map(k, k * 2)", "m.map(k, m[k] > 0, m[k] + k)", "m.filter(k, k != 2).map(k, m[k])",
         "m.filter(k, m[k] > 0)[0]", "m.map(k, k) + [9]"]


class Given(dict):
    def function(self, name):
        raise KeyError(name)


def cel(text, names):
    return cel_library().compile(text).execute(names)


def multiset(value):
    return sorted(map(repr, value)) if isinstance(value, list) else value


@pytest.mark.parametrize("text", WALKS)
def test_a_walk_over_a_map_follows_the_maps_order_and_holds_what_cels_holds(text):
    source = random.Random(text)
    for _ in range(40):
        keys = list(range(1, source.randint(2, 6)))
        source.shuffle(keys)
        m = {key: source.randint(-1, 2) for key in keys}
        in_order = [key for key in m]  # the map's own order: as its keys were put in
        if text.endswith("[0]") and not any(m[key] > 0 for key in m):
            continue  # no first entry: CEL says why (the closures are unsure)
        found = compiled(text)(Given(m=m))
        if text == "m.filter(k, m[k] > 0)":
            assert found == [key for key in in_order if m[key] > 0]
        elif text == "m.map(k, k * 2)":
            assert found == [2 * key for key in in_order]
        if not text.endswith("[0]"):
            assert multiset(found) == multiset(cel(text, {"m": m}))  # CEL's answer, in whatever order it walked
        else:
            assert found == next(key for key in in_order if m[key] > 0)


def test_the_closures_walk_a_map_in_one_order_every_time_whatever_order_the_binding_walks_it_in():
    m = {key: 1 for key in range(1, 9)}
    orders = {tuple(cel("m.filter(k, m[k] > 0)", {"m": m})) for _ in range(30)}  # the binding's 0.10: several of them
    assert all(sorted(order) == list(range(1, 9)) for order in orders)
    assert {tuple(compiled("m.filter(k, m[k] > 0)")(Given(m=m))) for _ in range(30)} == {tuple(range(1, 9))}


def first_pile_kit():
    kit = copy.deepcopy(NIM)
    kit["play"]["actions"].append({"name": "first", "summary": "take one object from the first pile holding any",
                                   "effects": [{"add": "pile", "key": "heaps[0]", "value": -1}, {"pass": "next"}]})
    return kit


def test_rules_reading_a_walk_over_a_map_decide_the_same_facts_every_time():
    state = RULES.new_state(2, RULES.resolve_options({"kit": first_pile_kit(), "parameters": {"piles": [1, 3, 5, 7]}}))
    for fact in RULES.setup(state, Rng("5eed" * 8, "setup")):
        state = RULES.evolve(state, fact)
    decided = {repr(RULES.decide(state, state.turn, {"type": "act", "action": "first"}, Rng("5eed" * 8, "x"))) for _ in range(30)}
    assert len(decided) == 1
    assert "counter='pile[1]', value=0, by=-1" in decided.pop()  # heaps in key order: pile 1 first
