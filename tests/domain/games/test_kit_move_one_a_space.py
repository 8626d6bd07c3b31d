"""A ``move`` step takes the piece standing on its space: where every space holds one piece at most, the one there
(another seat's too), found on the board (``Run.move``); where pieces share a space, the acting seat's own, the
last listed, else the last listed of any; from an empty space, the action is refused."""

from __future__ import annotations

import pytest

from domain.engine import registry
from domain.engine.errors import IllegalCommand
from domain.engine.randomness import TableRng
from domain.games.table_kit.vocabulary import facts as f

RULES = registry.get("table-kit")


def table(kit):
    state = RULES.new_state(2, RULES.resolve_options({"kit": kit}))
    for fact in RULES.setup(state, TableRng()):
        state = RULES.evolve(state, fact)
    return state


def act(state, seat, **command):
    facts = RULES.decide(state, seat, {"type": "act", **command}, TableRng())
    for fact in facts:
        state = RULES.evolve(state, fact)
    return facts, state


def shove_kit(at, stack=False):
    """Two seats on a 3 × 3 grid, two pawns each standing ``at``; an action moves the piece on any space to any other."""
    return {"kit": 2, "name": "shove", "title": "Shove", "seats": {"fewest": 2, "most": 2},
            "spaces": [{"name": "board", "kind": "grid", "columns": 3, "rows": 3}],
            "pieces": [{"kind": "pawn", "owner": "each", "count": 2, "at": at}],
            "play": {"actions": [{"name": "shove", "choose": [{"name": "from", "space": "any"}, {"name": "to", "space": "any"}],
                                  "effects": [{"move": {"from": "from", "to": "to", **({"stack": True} if stack else {})}},
                                              {"pass": "next"}]}]}}


def test_a_move_takes_the_piece_on_its_space_whoever_owns_it():
    state = table(shove_kit(["a1", "b1", "a3", "c3"]))
    facts, state = act(state, 1, action="shove", **{"from": "c3", "to": "b2"})  # seat 2's pawn, moved by seat 1
    assert facts[0] == f.PieceMoved(1, "pawn-2-2", "c3", "b2")
    facts, state = act(state, 2, action="shove", **{"from": "a1", "to": "c3"})
    assert facts[0] == f.PieceMoved(2, "pawn-1-1", "a1", "c3")
    with pytest.raises(IllegalCommand, match="move from a2, but no piece stands there"):
        act(state, 1, action="shove", **{"from": "a2", "to": "c1"})


def test_where_pieces_share_a_space_the_acting_seats_own_is_moved_else_the_last_listed():
    state = table(shove_kit(["a1", "b1", "a1", "c3"], stack=True))  # seat 1's pawn-1-1 and seat 2's pawn-2-1 on a1
    facts, _ = act(state, 1, action="shove", **{"from": "a1", "to": "b2"})
    assert facts[0] == f.PieceMoved(1, "pawn-1-1", "a1", "b2")
    _, state = act(state, 1, action="shove", **{"from": "b1", "to": "c3"})  # seat 1's pawn-1-2 joins seat 2's pawn-2-2
    facts, _ = act(state, 2, action="shove", **{"from": "c3", "to": "b2"})
    assert facts[0] == f.PieceMoved(2, "pawn-2-2", "c3", "b2")
    _, state = act(state, 2, action="shove", **{"from": "a1", "to": "a2"})  # seat 2 moves its own from a1
    facts, _ = act(state, 1, action="shove", **{"from": "c3", "to": "b3"})
    assert facts[0] == f.PieceMoved(1, "pawn-1-2", "c3", "b3")
