"""A table keeps its board beside its fields once the rules work it out (``kit_kept.table_board``): every scope of
the table finds that very board, a table made by a fact that moves no piece finds it too, a table made by moves
has its board carried over from the board before them (``noted_move``, at most ``MOST_CARRIED`` moves back) and
shows what a board worked out afresh shows, and a copy or a pickle of the table holds its fields alone."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
from typing import Any

from domain.engine import registry
from domain.games.table_kit.board.kit_kept import MOST_CARRIED, table_board
from domain.games.table_kit.play.kit_scope import Scope
from domain.games.table_kit.rules import kit_rules_of, shipped_kit
from domain.games.table_kit.table import state as table_state
from domain.games.table_kit.vocabulary import facts as f
from domain.games.table_kit.vocabulary.layout import OFF
from domain.thinking.greedy import SimRng

RULES = registry.get("table-kit")


def _table(name: str = "breakthrough") -> Any:
    rng = SimRng(random.Random(name))
    state = RULES.new_state(2, RULES.resolve_options({"kit": shipped_kit(name)}))
    for fact in RULES.setup(state, rng):
        state = RULES.evolve(state, fact)
    return state


def _shown(board: Any) -> tuple[dict[str, str], dict[str, int]]:
    return dict(board.at), dict(board.seated)


def test_every_scope_of_a_table_finds_the_board_it_keeps() -> None:
    state = _table()
    rules = kit_rules_of(state)
    board = Scope(rules, state, 1).board
    Scope(rules, _table("connect-four"), 1).board  # noqa: B018 -- another table's board worked out in between
    assert Scope(rules, state, 2).board is board and table_board(rules, state) is board
    passed = table_state.evolve(state, f.TurnPassed(1, 2))
    assert passed.pieces is state.pieces and Scope(rules, passed, 2).board is board


def test_a_board_is_carried_over_moves_and_shows_what_a_fresh_one_shows() -> None:
    state = _table()
    rules = kit_rules_of(state)
    board = Scope(rules, state, 1).board
    source = random.Random(7)
    for moves in range(1, MOST_CARRIED + 2):  # boards read after one move, then after two without a read between...
        for _ in range(moves):
            piece = source.choice([piece for piece, space in state.pieces.items() if space != OFF])
            state = table_state.evolve(state, f.PieceMoved(1, piece, state.pieces[piece], OFF))
        carried = Scope(rules, state, 1).board
        fresh = rules.board_view(state)
        assert carried is not board and _shown(carried) == _shown(fresh)
        assert (carried.before is not None) == (moves <= MOST_CARRIED)  # carried, or past the bound made afresh
        board = carried


def test_a_copy_or_a_pickle_of_a_table_holds_its_fields_alone() -> None:
    state = _table()
    rules = kit_rules_of(state)
    board = Scope(rules, state, 1).board
    piece = next(iter(state.pieces))
    moved = table_state.evolve(state, f.PieceMoved(1, piece, state.pieces[piece], OFF))
    for table in (state, moved):
        for twin in (copy.deepcopy(table), pickle.loads(pickle.dumps(table))):
            assert twin == table and twin is not table
            assert set(vars(twin)) == {field.name for field in dataclasses.fields(twin)}
            assert Scope(rules, twin, 1).board is not board
            assert _shown(Scope(rules, twin, 1).board) == _shown(rules.board_view(table))
