"""A choice's ``where`` sifted on a board made by one piece's move carries over the answers of the board before
(``kit_sift.Sifter._carried``): a candidate whose answer read neither space the piece left or reached answers as it
did there; the others are worked out again. What it keeps is what sifting afresh keeps at every table of seeded
Connect Four and Missions games; and seats share the answers of a condition that does not read the seat only where
they face the same way (``step``'s ahead is the seat's)."""

from __future__ import annotations

import copy
import random

import pytest

from domain.engine import registry
from domain.games.table_kit.kit_engine import compiled_now
from domain.games.table_kit.play import kit_sift
from domain.games.table_kit.play.kit_scope import Scope
from domain.games.table_kit.rules import kit_rules_of, shipped_kit
from domain.games.table_kit.vocabulary.layout import PHASE
from domain.thinking.greedy import SimRng

RULES = registry.get("table-kit")


def _played(kit, seats, seed, choice_of, most=200):
    """Each table of a seeded random game where ``choice_of(rules, state)`` gives a choice with a ``where``: its
    candidates sifted as the rules sift them, and afresh."""
    source = random.Random(seed)
    state = RULES.new_state(seats, RULES.resolve_options({"kit": kit}))
    for fact in RULES.setup(state, SimRng(source)):
        state = RULES.evolve(state, fact)
    found = []
    while state.winners is None and state.turn and len(found) < most:
        rules = kit_rules_of(state)
        choice = choice_of(rules, state)
        if choice is not None:
            scope = Scope(rules, state, state.turn)
            values = choice._values(scope)
            found.append((list(choice.candidates(scope)), choice._where.afresh(scope, values)))
        command = source.choice(RULES.legal_commands(state, state.turn))
        for fact in RULES.decide(state, state.turn, command, SimRng(source)):
            state = RULES.evolve(state, fact)
    return found


@pytest.fixture
def carried(monkeypatch):
    """How many times answers were carried from the board before (``None`` where ``kit_sift`` runs compiled, its
    methods beyond a patch's reach: ``ludolog kit engine build``)."""
    if "domain.games.table_kit.play.kit_sift" in compiled_now():
        return None
    count = [0]
    real = kit_sift.Sifter._carried

    def counted(self, *given):
        count[0] += 1
        return real(self, *given)

    monkeypatch.setattr(kit_sift.Sifter, "_carried", counted)
    return count


@pytest.mark.parametrize("seed", range(6))
def test_the_columns_a_drop_keeps_carried_from_the_board_before_are_those_sifting_afresh_keeps(seed, carried):
    tables = _played(shipped_kit("connect-four"), 2, seed, lambda rules, state: rules.actions["drop"]["choices"][0])
    assert tables and all(sifted == afresh for sifted, afresh in tables)
    assert carried is None or carried[0] >= len(tables) // 2  # most tables carried the answers of the one before


@pytest.mark.parametrize("seed", range(4))
def test_the_spaces_a_move_keeps_carried_from_the_board_before_are_those_sifting_afresh_keeps(seed, carried):
    kit = copy.deepcopy(shipped_kit("missions-with-rules"))
    kit["parameters"]["max_per_space"]["default"] = 1  # a piece fills a space: some moves are barred

    def move(rules, state):
        return rules.actions["move"]["choices"][0] if rules.phases[state.counters.get(PHASE, 0)] == "move" else None

    tables = _played(kit, 3, seed, move, most=60)
    assert len(tables) >= 10 and all(sifted == afresh for sifted, afresh in tables)
    assert any(len(afresh) < 2 for _, afresh in tables)  # some moves were kept from a full space


@pytest.mark.parametrize("seed", range(4))
def test_seats_facing_opposite_ways_do_not_share_the_answers_of_a_condition_on_the_space_ahead(seed):
    kit = copy.deepcopy(shipped_kit("breakthrough"))
    # the pawns that have two rows or more ahead of them: the rows ahead are each seat's own
    kit["play"]["actions"][0]["choose"][0]["where"] = 'step(step(from, "ahead"), "ahead") != ""'
    tables = _played(kit, 2, seed, lambda rules, state: rules.actions["advance"]["choices"][0])
    assert tables and all(sifted == afresh for sifted, afresh in tables)
    assert any(sifted != [] for sifted, _ in tables)
