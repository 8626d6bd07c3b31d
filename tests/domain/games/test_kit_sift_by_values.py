"""A choice's ``where`` that reads counters and earlier choices keeps each candidate's answer by the values it read
(``kit_sift.Sifter``), one that reads ``seats_at(to)`` by the seats it read: what it keeps is what sifting afresh
keeps, at every table of seeded Liar's dice games and at every move of seeded Missions games, and a condition whose
values are seldom met again stops being kept and answers as before."""

from __future__ import annotations

import dataclasses
import random

import pytest

from domain.engine import registry
from domain.games.table_kit.language.expressions import compile_expression
from domain.games.table_kit.play.kit_choices import Choice
from domain.games.table_kit.play.kit_scope import Scope
from domain.games.table_kit.play.kit_sift import MOST_KEYS
from domain.games.table_kit.rules import kit_rules_of, shipped_kit
from domain.games.table_kit.vocabulary.layout import PHASE
from domain.thinking.greedy import SimRng

RULES = registry.get("table-kit")
LIARS_DICE = shipped_kit("liars-dice")


def _new_table(seed: int) -> tuple[object, random.Random]:
    rng = SimRng(random.Random(seed))
    state = RULES.new_state(2, RULES.resolve_options({"kit": LIARS_DICE}))
    for fact in RULES.setup(state, rng):
        state = RULES.evolve(state, fact)
    return state, random.Random(seed)


def _afresh(choice: Choice, scope: Scope, found: list[int]) -> list[int]:
    return choice._where.whole.value(scope.with_choice({**scope.chosen, "__candidates": found}))  # type: ignore[union-attr]


@pytest.mark.parametrize("seed", range(12))
def test_the_faces_a_bid_keeps_by_the_values_it_read_are_those_sifting_afresh_keeps(seed: int) -> None:
    state, source = _new_table(seed)
    rules = kit_rules_of(state)
    face = rules.actions["bid"]["choices"][1]
    checked = 0
    while state.winners is None and state.turn:
        for count in (1, 2):
            scope = Scope(rules, state, state.turn, {"count": count})
            found = face._values(scope)
            assert list(face.candidates(scope)) == _afresh(face, scope, found)
            assert [value for value in found if face.allows(scope, value)] == _afresh(face, scope, found)
            checked += 1
        command = source.choice(RULES.legal_commands(state, state.turn))
        for fact in RULES.decide(state, state.turn, command, SimRng(source)):
            state = RULES.evolve(state, fact)
    assert checked >= 2 and face._where.sifter.usable and face._where.sifter._answers  # kept by the values read, and asked


def test_a_where_whose_values_are_seldom_met_again_stops_being_kept_and_answers_as_before() -> None:
    state, _ = _new_table(0)
    rules = kit_rules_of(state)
    names = {"face", "count", "bid_count", "bid_face", "seat", "seats"}
    choice = Choice("face", ("any",), None, (), None, compile_expression("face + bid_count > 2 * count", names))
    kept_until = None
    for bid in range(3 * MOST_KEYS):
        table = dataclasses.replace(state, counters={**state.counters, "bid_count": bid - MOST_KEYS})
        scope = Scope(rules, table, 1, {"count": 3})
        assert choice._sifted(scope, [1, 2, 3, 4, 5, 6]) == [face for face in range(1, 7) if face + bid - MOST_KEYS > 6]
        if kept_until is None and not choice._where.sifter.usable:
            kept_until = bid
    assert kept_until is not None and MOST_KEYS <= kept_until < 2 * MOST_KEYS
    assert not choice._where.sifter._answers


@pytest.mark.parametrize("seed", range(4))
def test_the_spaces_a_move_keeps_by_the_seats_it_read_are_those_sifting_afresh_keeps(seed: int) -> None:
    source = random.Random(seed)
    options = {"kit": shipped_kit("missions-with-rules"), "parameters": {"max_per_space": 1}}  # a piece fills a space
    state = RULES.new_state(3, RULES.resolve_options(options))
    for fact in RULES.setup(state, SimRng(source)):
        state = RULES.evolve(state, fact)
    rules = kit_rules_of(state)
    move = rules.actions["move"]["choices"][0]  # where seats_at(to).size() < max_per_space
    compared = barred = 0
    while state.winners is None and state.turn and compared < 40:
        if rules.phases[state.counters.get(PHASE, 0)] == "move":
            scope = Scope(rules, state, state.turn)
            found = move._values(scope)
            assert list(move.candidates(scope)) == move._where.afresh(scope, found)
            barred += len(move._where.afresh(scope, found)) < len(found)
            assert [space for space in found if move.allows(scope, space)] == move._where.afresh(scope, found)
            compared += 1
        command = source.choice(RULES.legal_commands(state, state.turn))
        for fact in RULES.decide(state, state.turn, command, SimRng(source)):
            state = RULES.evolve(state, fact)
    assert compared >= 10 and move._where.sifter.usable and move._where.sifter._answers  # kept by the seats read
    assert barred  # some moves were kept from a full space
