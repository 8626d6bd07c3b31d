"""What a kit's board works out from the board before it, or remembers between boards, is what working it out afresh
gives: the longest line of a seat's pieces, the spaces holding them, each space's piece and owner, and the owners an
expression reads, in the table's order, on a board made by moves (``BoardView.line``, ``spaces``, ``at``, ``seated``,
``listed``, carried from the board before), the candidates a choice's ``where`` keeps, remembered with what it
read of the board (``kit_sift``), and the spaces a board bars a step choice from (``BoardView.barred``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.engine import registry
from domain.games.table_kit.board.kit_board import BoardView
from domain.games.table_kit.board.kit_geometry import Geometry
from domain.games.table_kit.play.kit_scope import Scope
from domain.games.table_kit.rules import kit_rules_of, shipped_kit
from domain.games.table_kit.vocabulary.layout import OFF

RULES = registry.get("table-kit")
GEOMETRY = Geometry.of({"spaces": [{"name": "grid", "kind": "grid", "columns": 7, "rows": 6},
                                   {"name": "side", "kind": "track", "count": 6}]})
"""A grid and a track: a piece on the track is in no line."""
OWNERS = {f"p{n}": ("disc", n % 3) for n in range(30)}
"""Thirty pieces: seats 1 and 2, and some no one's (0)."""


def _fresh(pieces: dict[str, str]) -> BoardView:
    return BoardView(GEOMETRY, pieces, lambda: OWNERS)


@pytest.mark.parametrize("seed", range(40))
def test_a_line_and_the_spaces_carried_from_the_board_before_are_those_counted_afresh(seed: int) -> None:
    source = random.Random(seed)
    pieces = dict.fromkeys(OWNERS, OFF)
    board = _fresh(pieces)
    board.holders  # noqa: B018 -- worked out, as the rules would, so the next board is made from this one
    checked = 0
    for _ in range(120):
        piece = source.choice(list(OWNERS))
        occupied = set(pieces.values())
        roll = source.random()
        if roll < 0.65:  # placed, or moved, onto an empty space
            to = source.choice([space for space in GEOMETRY.every if space not in occupied] or [OFF])
        elif roll < 0.9:
            to = OFF
        else:  # onto a space held already: a stack, the board worked out afresh
            to = source.choice(GEOMETRY.every)
        pieces = {**pieces, piece: to}
        board = board.after_move(pieces, piece, to)
        if source.random() < 0.8:
            board.holders  # noqa: B018
        if source.random() < 0.7:
            board.at, board.seated  # noqa: B018 -- worked out, so the next board carries them
        fresh = _fresh(pieces)
        assert board.at == fresh.at and board.seated == fresh.seated, pieces
        assert list(board.listed.items()) == list(fresh.seated.items()), pieces  # the order ``owners`` is read in
        for seat in (0, 1, 2):
            if source.random() < 0.6:
                assert board.line(seat) == _fresh(pieces).line(seat), (seat, pieces)
                checked += 1
            if source.random() < 0.6:
                assert board.spaces(seat) == _fresh(pieces).spaces(seat), (seat, pieces)
    assert checked > 100


def test_a_line_counts_along_rows_columns_and_both_diagonals() -> None:
    pieces = {**dict.fromkeys(OWNERS, OFF), "p1": "a1", "p4": "b2", "p7": "c3", "p10": "a2", "p13": "a3", "p19": "1"}
    board = _fresh(pieces)
    board.holders  # noqa: B018
    assert board.line(1) == 3
    after = board.after_move({**pieces, "p16": "d4"}, "p16", "d4")
    assert after.line(1) == 4
    assert after.after_move({**pieces, "p16": "d4", "p4": OFF}, "p4", OFF).line(1) == 3


def _connect_four_scopes(seed: int) -> list[Scope]:
    """Scopes of the seat to act at each position of a seeded random Connect Four game."""
    kit = shipped_kit("connect-four")
    state = RULES.new_state(2, RULES.resolve_options({"kit": kit}))
    rng = random.Random(seed)
    for fact in RULES.setup(state, rng):
        state = RULES.evolve(state, fact)
    scopes = []
    while state.winners is None and state.turn:
        scopes.append(Scope(kit_rules_of(state), state, state.turn))
        command = rng.choice(RULES.legal_commands(state, state.turn))
        for fact in RULES.decide(state, state.turn, command, rng):
            state = RULES.evolve(state, fact)
    return scopes


@pytest.mark.parametrize("seed", range(3))
def test_a_where_remembered_keeps_the_candidates_sifting_afresh_keeps(seed: int) -> None:
    for scope in _connect_four_scopes(seed):
        choice = scope.rules.actions["drop"]["choices"][0]
        found = choice._values(scope)
        afresh: Any = choice._where.whole.value(scope.with_choice({"__candidates": found}))
        assert list(choice.candidates(scope)) == afresh
        assert [value for value in found if choice.allows(scope, value)] == afresh


SORTS = ("empty", "mine", "theirs", "unowned")


@pytest.mark.parametrize("seed", range(10))
def test_the_spaces_a_board_bars_are_those_that_do_not_fit(seed: int) -> None:
    source = random.Random(seed)
    grid = [space for space in GEOMETRY.every if space in GEOMETRY.places]
    pieces = {piece: source.choice([OFF, *grid[:12]]) for piece in OWNERS}  # some spaces stacked
    board = _fresh(pieces)
    for size in range(1, 5):
        for sorts in {frozenset(source.sample(SORTS, size)) for _ in range(6)}:
            for seat in (1, 2):
                barred = board.barred(sorts, seat)
                assert [space for space in grid if space not in barred] == board.fitting(grid, sorts, seat), (sorts, seat)


def test_the_functions_reading_only_the_kit_are_made_once_for_it_and_answer_as_its_grid_does() -> None:
    first, *others = _connect_four_scopes(0)
    geometry = kit_rules_of(first.state).geometry
    for name in ("row", "column", "along", "link", "mark", "neighbours", "abs"):
        assert all(other.function(name) is first.function(name) for other in others), name
    assert first.function("row")("c3") == geometry.row("c3") == 3
    assert first.function("neighbours")("a1") == list(geometry.neighbours["a1"])
    assert first.function("mark")("a1") == "" and first.function("link")("zz") == ""


def test_the_seats_at_a_space_are_in_seat_order_on_every_table() -> None:
    for scope in _connect_four_scopes(1):
        for space in ("a1", "d1", "d2", "g6"):
            found = scope.function("seats_at")(space)
            assert found == sorted(seat for seat in scope.board.holders.get(space, ()) if seat)
            found.append(9)  # a list of its own: the next answer is not changed
            assert 9 not in scope.function("seats_at")(space)
        assert scope.function("seats_at")(OFF) == [1, 2]  # the discs not yet dropped
