"""A table's board, kept with the table once the rules work it out, and carried over to a table made from it by a
piece's move (``BoardView.after_move``), rather than worked out afresh for each table.

The board is kept beside the table's fields, under ``_board``, and a table made by a piece's move notes, under
``_moved``, the board it may be carried over from: both are let go with the table, and neither is ever stored,
compared, copied or pickled (``dataclasses.fields`` leaves them out; ``State.__getstate__`` too). A table is never
changed once made, so what is kept for it stays true.
"""

from __future__ import annotations

from typing import Any

from domain.games.table_kit.board.kit_board import BoardView

BESIDE_FIELDS = ("_board", "_moved")
"""The names a table keeps its board and its note under, beside its fields (``table_board``, ``noted_move``; a
table made by a move is given both: ``state._piece_moved``)."""
MOST_CARRIED = 3
"""The most moves back a table's board is carried from a board worked out (``noted_move``); past them it is worked
out afresh."""
Kept = tuple[Any, dict[str, str], BoardView]
"""A board kept with its table: the rules it was worked out by, the pieces it shows (the table's very dict) and the
board."""
Noted = tuple[dict[str, str], Any, str, str, int]
"""How a table made by a piece's move may have its board carried over: its pieces, the board kept with the table
before (``Kept``) or that table's own note, the piece, where it went, and how many moves back the board kept is."""
_recent: tuple[Any, Any, int, Any] = (None, None, 0, None)
"""The rules, pieces and seats of the last board worked out, and that board: another table showing the very same
pieces (a table made by a fact that moves none) finds it at once."""


def noted_move(before: dict[str, Any], pieces: dict[str, str], piece: str, to: str) -> Noted | None:
    """What a table made by moving ``piece`` to ``to`` (``pieces``: its pieces) from the table whose fields are
    ``before`` keeps, to carry its board over from the board before (``table_board``): the board kept with that
    table, or that table's own note, at most ``MOST_CARRIED`` moves back; ``None`` past them."""
    kept = before.get("_board")
    if kept is not None and kept[1] is before["pieces"]:
        return (pieces, kept, piece, to, 1)
    noted = before.get("_moved")
    if noted is None or noted[0] is not before["pieces"] or noted[4] >= MOST_CARRIED:
        return None
    return (pieces, noted, piece, to, noted[4] + 1)


def table_board(rules: Any, state: Any) -> BoardView:
    """The board of a table as ``rules`` read it, kept with the table once worked out (beside its fields, under
    ``_board``: never stored, never compared, let go with the table): found kept; else the last board worked out, where
    it shows the very same pieces; else carried over from the board of the table before the moves it was made by
    (``noted_move``, kept under ``_moved``); else worked out afresh (``rules.board_view``)."""
    table, pieces = state.__dict__, state.pieces
    kept = table.get("_board")
    if kept is not None and kept[1] is pieces and kept[0] is rules:
        return kept[2]  # type: ignore[no-any-return]
    global _recent
    last_rules, last_pieces, seats, board = _recent
    if last_pieces is not pieces or last_rules is not rules or seats != state.seats:
        noted = table.get("_moved")
        board = None if noted is None or noted[0] is not pieces else _carried(rules, noted)
        if board is None:
            board = rules.board_view(state)
        _recent = (rules, pieces, state.seats, board)
    table["_board"], table["_moved"] = (rules, pieces, board), None  # the board before let go
    return board  # type: ignore[no-any-return]


def _carried(rules: Any, noted: Noted) -> BoardView | None:
    """The board of the pieces ``noted`` made, carried over from the board kept before the moves noted (``None``: it
    was worked out by other rules)."""
    pieces, before, piece, to, _ = noted
    if len(before) == 3:  # a board kept (``Kept``)
        board = before[2] if before[0] is rules else None
    else:
        board = _carried(rules, before)
    return None if board is None else board.after_move(pieces, piece, to)
