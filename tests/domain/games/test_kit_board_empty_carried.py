"""The empty spaces of a board made by a move are carried from the board before (``BoardView.fitting`` of every space
to ``empty``): what working them out afresh gives, in the board's order, through placings, moves, captures and stacks
on a grid and a track; and each caller is handed a list of its own."""

from __future__ import annotations

import random

import pytest

from domain.games.table_kit.board.kit_board import EMPTY, BoardView
from domain.games.table_kit.board.kit_geometry import Geometry
from domain.games.table_kit.vocabulary.layout import OFF

GEOMETRY = Geometry.of({"spaces": [{"name": "grid", "kind": "grid", "columns": 5, "rows": 4},
                                   {"name": "side", "kind": "track", "count": 6}]})
OWNERS = {f"p{n}": ("disc", n % 3) for n in range(24)}
"""Twenty-four pieces: seats 1 and 2, and some no one's (0)."""


def _fresh(pieces: dict[str, str]) -> BoardView:
    return BoardView(GEOMETRY, pieces, lambda: OWNERS)


def _empty(board: BoardView, seat: int) -> list[str]:
    return board.fitting(GEOMETRY.every, EMPTY, seat)


@pytest.mark.parametrize("seed", range(30))
def test_the_empty_spaces_carried_from_the_board_before_are_those_found_afresh(seed: int) -> None:
    source = random.Random(seed)
    pieces = dict.fromkeys(OWNERS, OFF)
    board = _fresh(pieces)
    assert _empty(board, 1) == list(GEOMETRY.every)
    carried = 0
    for _ in range(150):
        piece = source.choice(list(OWNERS))
        occupied = set(pieces.values())
        roll = source.random()
        if roll < 0.65:  # placed, or moved, onto an empty space
            to = source.choice([space for space in GEOMETRY.every if space not in occupied] or [OFF])
        elif roll < 0.9:  # taken off the board
            to = OFF
        else:  # onto a space held already: a stack, worked out afresh
            to = source.choice(GEOMETRY.every)
        before = board
        pieces = {**pieces, piece: to}
        board = board.after_move(pieces, piece, to)
        carried += board._empty is not None
        if source.random() < 0.8:  # asked for on this board, so the next one carries them
            seat = source.choice((1, 2))
            found = _empty(board, seat)
            assert found == [space for space in GEOMETRY.every if space not in set(pieces.values())], pieces
            assert found == _empty(_fresh(pieces), seat)
            found.clear()  # the caller's own list
            assert _empty(board, 3 - seat) == _empty(_fresh(pieces), seat)
        assert before.fitting(GEOMETRY.every, EMPTY, 1) == _empty(_fresh(before._pieces), 1)  # the board before as it was
    assert carried > 15


def test_a_choice_of_some_spaces_to_be_empty_reads_those_spaces_alone() -> None:
    pieces = {**dict.fromkeys(OWNERS, OFF), "p1": "a1", "p2": "c1"}
    board = _fresh(pieces)
    assert _empty(board, 1)[:3] == ["b1", "d1", "e1"]
    assert board.fitting(("a1", "b1", "c1"), EMPTY, 1) == ["b1"]
    assert board.fitting(("c1", "b1"), EMPTY, 2) == ["b1"]
