"""A walk's ``through`` answers kept by space and owner (``kit_sift.OpenBySpace``): looked up only where the
condition reads the board's owners at the space tried, and only for spaces and owners seen before; a space choice's
``where`` that reads the board so, likewise, its candidates kept in order, as sifting them afresh keeps them at every
table of seeded Assassination Game games where a seat moves."""

import random

import pytest

from domain.engine import registry
from domain.games.table_kit.language.expression_syntax import parsed
from domain.games.table_kit.language.expressions import compile_expression
from domain.games.table_kit.play.kit_scope import Scope
from domain.games.table_kit.play.kit_open_spaces import OpenBySpace, _owners_at
from domain.games.table_kit.rules import kit_rules_of, shipped_kit
from domain.games.table_kit.vocabulary.layout import PHASE
from domain.thinking.greedy import SimRng

RULES = registry.get("table-kit")

THROUGH = 'to != "c3" && (seat != victim || !(to in owners) || owners[to] == seat)'
SPACES = ("a1", "b1", "c3")


def _through(text: str):
    return compile_expression(text, ("to", "seat", "victim", "owners"))


def test_only_reads_of_the_space_tried_are_taken():
    assert _owners_at(parsed(THROUGH), "to")
    assert _owners_at(parsed("to in owners ? owners[to] == seat : true"), "to")
    for text in ("size(owners) > 1", "[1].exists(to, owners[to] == 1)", "owners[from] == 1",
                 '{"a": owners}["a"][to] == 1', "owners.exists(s, s == to)"):
        assert not _owners_at(parsed(text), "to"), text
    assert not OpenBySpace(_through("size(owners) > 1 && to != seat"), "to").usable


def test_spaces_are_looked_up_by_their_owner_and_the_values_read():
    kept = OpenBySpace(_through(THROUGH), "to")
    assert kept.usable
    table = {"seat": 1, "victim": 1, "owners": {"a1": 2}}
    assert kept.open_spaces(table, SPACES) is None
    kept.learn(table, SPACES, frozenset({"b1"}))
    assert kept.open_spaces(table, SPACES) == {"b1"}
    assert kept.open_spaces({**table, "owners": {"a1": 2, "b1": 2}}, SPACES) is None  # b1 held: not seen yet
    kept.learn({**table, "owners": {"b1": 2}}, SPACES, frozenset({"a1"}))
    assert kept.open_spaces({**table, "owners": {"a1": 2, "b1": 2}}, SPACES) == set()
    assert kept.open_spaces({**table, "owners": {"a1": 1}}, SPACES) is None  # a1 held by seat 1: not seen yet
    assert kept.open_spaces({**table, "victim": 2}, SPACES) is None
    assert kept.open_spaces({**table, "victim": True}, SPACES) is None  # true is not 1


WHERE = ('seat == victim || ((!(to in owners) || owners[to] == seat || owners[to] == victim) && '
         '(!(to in ["c1", "e3", "c5", "a3"]) || (victim_on_base_capturable && to in owners && owners[to] == victim)))')


def test_a_wheres_answers_are_looked_up_in_order_by_space_and_owner():
    kept = OpenBySpace(compile_expression(WHERE, ("to", "seat", "victim", "owners", "victim_on_base_capturable")), "to")
    assert kept.usable
    table = {"seat": 2, "victim": 1, "victim_on_base_capturable": False, "owners": {"a1": 1, "b2": 3}}
    spaces = ["b2", "a1", "c1", "d4"]
    assert kept.sifted(table, spaces) is None
    kept.learn(table, spaces, frozenset({"a1", "d4"}))
    assert kept.sifted(table, spaces) == ["a1", "d4"]
    assert kept.sifted(table, ["d4", "a1"]) == ["d4", "a1"]  # in the order asked
    assert kept.sifted({**table, "owners": {"d4": 3}}, spaces) is None  # d4 held by seat 3: not seen yet
    assert kept.sifted({**table, "victim_on_base_capturable": True}, spaces) is None


@pytest.mark.parametrize("seed", range(4))
def test_the_spaces_a_move_keeps_looked_up_are_those_its_where_keeps_afresh(seed):
    compared = looked_up = 0
    for scope, choice in _moves(seed):
        found = choice._values(scope)
        afresh = choice._where.afresh(scope, found)
        looked_up += choice._where.by_space.sifted(scope, found) is not None
        assert list(choice.candidates(scope)) == afresh
        assert [space for space in found if choice.allows(scope, space)] == afresh
        compared += 1
    assert compared >= 10 and looked_up >= 1  # the moves were compared, some of them looked up


def test_spaces_open_while_empty_are_found_once_and_the_occupied_ones_looked_up_on_each_table():
    kept = OpenBySpace(_through(THROUGH), "to")
    seated = {"seat": 1, "victim": 1, "owners": {}}
    kept.learn(seated, SPACES, frozenset({"a1", "b1"}))  # every space seen empty
    assert kept.open_spaces(seated, SPACES) == {"a1", "b1"}
    assert kept.open_spaces({**seated, "owners": {"a1": 2}}, SPACES) is None  # a1 held by seat 2: not seen yet
    kept.learn({**seated, "owners": {"a1": 2, "b1": 1}}, SPACES, frozenset({"b1"}))
    assert kept.open_spaces({**seated, "owners": {"a1": 2}}, SPACES) == {"b1"}  # the victim passes over no assassin
    assert kept.open_spaces({**seated, "owners": {"b1": 1}}, SPACES) == {"a1", "b1"}  # its own space: open
    assert kept.open_spaces({**seated, "owners": {"a1": 2, "z9": 2}}, SPACES) == {"b1"}  # a space not asked about: no matter


@pytest.mark.parametrize("seed", range(4))
def test_the_spaces_a_walk_may_step_onto_looked_up_are_those_its_through_opens_afresh(seed):
    from domain.games.table_kit.play.kit_grid_walk import open_spaces

    compared = looked_up = 0
    for scope, choice in _moves(seed):
        every = scope.board.geometry.every
        found = choice._open_by_space.open_spaces(scope, every)
        afresh = open_spaces(scope, scope.board, choice.name, choice.through, choice._open, {})
        if found is None:
            choice._open_by_space.learn(scope, every, afresh)
        else:
            assert found == afresh
            looked_up += 1
        compared += 1
    assert compared >= 10 and looked_up >= compared // 2  # most tables' open spaces were looked up


def _moves(seed, most=60):
    """The tables of a seeded Assassination Game game where a seat moves (at most ``most``), as a scope of the seat,
    with the move's choice: each asked about before the game goes on."""
    rules_of, state, source = _assassination_table(seed)
    moves = 0
    while state.winners is None and state.turn and moves < most:
        ruled, seat = rules_of(state), state.turn
        if ruled.phases[state.counters.get(PHASE, 0)] == "move":
            yield Scope(ruled, state, seat), ruled.actions["move"]["choices"][0]
            moves += 1
        command = source.choice(RULES.legal_commands(state, seat))
        for fact in RULES.decide(state, seat, command, SimRng(source)):
            state = RULES.evolve(state, fact)


def _assassination_table(seed):
    source = random.Random(seed)
    state = RULES.new_state(3, RULES.resolve_options({"kit": shipped_kit("assassination-game-le")}))
    for fact in RULES.setup(state, SimRng(source)):
        state = RULES.evolve(state, fact)
    return kit_rules_of, state, source
