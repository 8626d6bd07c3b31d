"""Correction: how each piece moves and captures (never backward), what a turn's move is, and winning.

One test per rule of the text (``correction.txt``) or ruling (``RULINGS.md``), named after it. Nobody
holds a Denial Token unless a test says so, so moves land at once.
"""

from __future__ import annotations

from correction_table import (
    RULES,
    at,
    landed,
    move,
    of_type,
    reach,
    refused,
    spawn,
    table,
)

from domain.games.correction.facts import GameEnded, PieceMoved, TurnEnded, TurnStarted


def move_command(start, to):
    return {"type": "move", "from": start, "to": to}


# -- the pawn -------------------------------------------------------------------------------------


def test_a_pawn_moves_one_square_diagonally_forward():
    state = table(pieces={"c2": "P"})
    assert reach(state, "c2") == ["b3", "d3"]
    _, after = move(state, 1, "c2", "b3")
    assert at(after, "b3") == "P" and at(after, "c2") is None


def test_a_pawn_captures_diagonally_forward():
    state = table(pieces={"c2": "P", "d3": "p", "c3": "p"})
    assert reach(state, "c2") == ["b3", "d3"]
    facts, after = move(state, 1, "c2", "d3")
    assert facts[0].captured == "pawn1" and at(after, "d3") == "P"


def test_a_pawn_never_moves_straight_forward_or_to_the_side():
    state = table(pieces={"c2": "P", "c3": "p"})
    assert "cannot reach c3" in refused(state, 1, move_command("c2", "c3"))
    assert "cannot reach d2" in refused(state, 1, move_command("c2", "d2"))
    assert "diagonally forward" in refused(state, 1, move_command("c2", "e4"))


def test_a_pawn_never_moves_backward():
    state = table(pieces={"c3": "P", "b2": "p"})
    assert "never move backward" in refused(state, 1, move_command("c3", "b2"))
    assert "never move backward" in refused(state, 1, move_command("c3", "d2"))


def test_player_2s_pieces_move_down_the_board():
    state = table(current=2, pieces={"c5": "p", "d4": "P", "c3": "s"})
    assert reach(state, "c5") == ["b4", "d4"]
    assert "never move backward" in refused(state, 2, move_command("c5", "d6"))
    assert reach(state, "c3") == ["b3", "d3"]  # a Player 2 spearman on c3: c2 and c1 hold nothing to capture


# -- the spearman ---------------------------------------------------------------------------------


def test_a_spearman_moves_one_square_to_either_side():
    state = table(pieces={"c2": "S"})
    assert reach(state, "c2") == ["b2", "d2"]
    assert "cannot reach e2" in refused(state, 1, move_command("c2", "e2"))


def test_a_spearman_cannot_move_forward_without_capturing():
    state = table(pieces={"c2": "S"})
    assert "only to capture, and c3 is empty" in refused(state, 1, move_command("c2", "c3"))


def test_a_spearman_captures_one_or_two_squares_straight_ahead():
    state = table(pieces={"c2": "S", "c4": "p"})
    assert reach(state, "c2") == ["b2", "c4", "d2"]
    facts, after = move(state, 1, "c2", "c4")
    assert facts[0].captured == "pawn1" and at(after, "c4") == "S"
    state = table(pieces={"c2": "S", "c3": "n"})
    assert reach(state, "c2") == ["b2", "c3", "d2"]


def test_ruling_5_a_spearman_cannot_capture_past_a_piece():
    state = table(pieces={"c2": "S", "c3": "P", "c4": "p"})
    assert "past the piece on c3" in refused(state, 1, move_command("c2", "c4"))


def test_ruling_5_a_spearman_captures_over_a_denial_token():
    state = table(pieces={"c2": "S", "c4": "p"}, tokens={"c3": 1})
    assert "c4" in reach(state, "c2")


def test_ruling_5_a_spearman_never_captures_to_the_side():
    state = table(pieces={"c2": "S", "d2": "p"})
    assert "cannot capture on d2" in refused(state, 1, move_command("c2", "d2"))


def test_a_spearman_never_moves_backward():
    state = table(pieces={"c3": "S", "c2": "p"})
    assert "never move backward" in refused(state, 1, move_command("c3", "c2"))


# -- the knight -----------------------------------------------------------------------------------


def test_a_knight_moves_diagonally_forward_or_in_an_l_to_the_side():
    state = table(pieces={"c2": "N"})
    assert reach(state, "c2") == ["a3", "b3", "d3", "e3"]


def test_a_knight_captures_in_an_l_forward_or_to_the_side():
    state = table(pieces={"c2": "N", "b4": "p", "d4": "p", "a3": "p", "e3": "p"})
    assert reach(state, "c2") == ["a3", "b3", "b4", "d3", "d4", "e3"]
    facts, after = move(state, 1, "c2", "b4")
    assert facts[0].captured and at(after, "b4") == "N"


def test_ruling_6_a_knight_moves_to_the_l_in_front_only_to_capture():
    state = table(pieces={"c2": "N"})
    assert "only to capture, and d4 is empty" in refused(state, 1, move_command("c2", "d4"))


def test_ruling_6_a_knight_does_not_capture_diagonally():
    state = table(pieces={"c2": "N", "d3": "p"})
    assert "cannot capture on d3" in refused(state, 1, move_command("c2", "d3"))


def test_ruling_6_a_knight_jumps_over_pieces():
    state = table(pieces={"c2": "N", "c3": "P", "d3": "P", "b3": "p", "d4": "p"})
    assert "d4" in reach(state, "c2")


def test_a_knight_never_moves_backward():
    state = table(pieces={"c3": "N", "a2": "p", "b1": "p"})
    assert "never move backward" in refused(state, 1, move_command("c3", "a2"))
    assert "never move backward" in refused(state, 1, move_command("c3", "b1"))


# -- moves in general -----------------------------------------------------------------------------


def test_no_piece_moves_onto_its_own_players_piece():
    state = table(pieces={"c2": "P", "d3": "N"})
    assert "holds your own knight" in refused(state, 1, move_command("c2", "d3"))


def test_a_captured_piece_leaves_the_board():
    state = table(pieces={"c2": "P", "d3": "n"})
    _, after = move(state, 1, "c2", "d3")
    assert [p["seat"] for p in after.pieces.values()] == [1]
    assert after.resting[1] == ["knight"]


def test_the_player_moves_every_piece_spawned_this_turn():
    state = table(pieces={"e3": "P"})
    _, state = spawn(state, 1, "pawn", "a1")
    _, state = spawn(state, 1, "knight", "c1")
    facts, state = landed(state, 1, "a1", "b2")
    assert not of_type(facts, TurnEnded) and RULES.to_act(state) == [1]
    assert [c["from"] for c in RULES.legal_commands(state, 1)] == ["c1"] * 3
    facts, state = landed(state, 1, "c1", "d2")
    assert of_type(facts, TurnStarted)[0].seat == 2


def test_or_one_piece_not_spawned_this_turn():
    state = table(pieces={"e3": "P"})
    _, state = spawn(state, 1, "pawn", "a1")
    facts, state = landed(state, 1, "e3", "f4")
    assert of_type(facts, TurnEnded) == [TurnEnded(seat=1, reason="")]
    assert at(state, "a1") == "P" and RULES.to_act(state) == [2]


def test_ruling_8_once_a_spawned_piece_has_moved_only_spawned_pieces_may_move():
    state = table(pieces={"e3": "P"})
    _, state = spawn(state, 1, "pawn", "a1")
    _, state = spawn(state, 1, "pawn", "c1")
    _, state = landed(state, 1, "a1", "b2")
    assert "you are moving the pieces you spawned this turn (c1)" in refused(state, 1, move_command("e3", "f4"))
    assert "has moved this turn already" in refused(state, 1, move_command("b2", "a3"))


def test_ruling_8_a_spawned_piece_that_cannot_move_is_skipped():
    state = table(pieces={"b2": "P", "d2": "P"})
    _, state = spawn(state, 1, "pawn", "c1")  # boxed in by b2 and d2
    _, state = spawn(state, 1, "knight", "f1")
    assert reach(state, "c1") == []
    facts, state = landed(state, 1, "f1", "e2")  # the spawned knight moves; the boxed-in pawn is skipped
    assert of_type(facts, TurnEnded) == [TurnEnded(seat=1, reason="")] and at(state, "c1") == "P"

def test_each_player_must_make_a_move():
    state = table(pieces={"e3": "P"})
    _, state = spawn(state, 1, "pawn", "a1")
    _, state = spawn(state, 1, "pawn", "c1")
    assert RULES.to_act(state) == [1]
    assert {c["type"] for c in RULES.legal_commands(state, 1)} == {"move"}


def test_a_move_lands_at_once_when_the_other_player_holds_no_token():
    state = table(pieces={"c2": "P"})
    facts, _ = move(state, 1, "c2", "d3")
    assert facts[0] == PieceMoved(seat=1, piece="pawn1", kind="pawn", start="c2", to="d3", captured="",
                                  recovered=False, tokens=0)


# -- winning --------------------------------------------------------------------------------------


def test_a_pawn_reaching_the_opponents_spawn_row_wins():
    state = table(pieces={"c5": "P"})
    facts, state = move(state, 1, "c5", "d6")
    assert facts[-1] == GameEnded(winners=[1], reason="a pawn reached the other player's spawn row (d6)")
    assert RULES.to_act(state) == [] and RULES.outcome(state).winners == [1]
    assert RULES.legal_commands(state, 1) == RULES.legal_commands(state, 2) == []


def test_a_knight_reaching_the_opponents_spawn_row_wins():
    state = table(pieces={"c4": "N"})
    facts, state = move(state, 1, "c4", "e5")
    assert not of_type(facts, GameEnded)
    state = table(pieces={"c5": "N"})
    _, state = move(state, 1, "c5", "a6")
    assert RULES.outcome(state).winners == [1]


def test_a_capture_on_the_opponents_spawn_row_wins():
    state = table(pieces={"c4": "S", "c6": "s"})
    _, state = move(state, 1, "c4", "c6")
    assert RULES.outcome(state).winners == [1]


def test_player_2_wins_on_rank_1():
    state = table(current=2, pieces={"c2": "p", "b1": "P"})
    facts, state = move(state, 2, "c2", "b1")
    assert facts[-1].winners == [2] and "spawn row (b1)" in facts[-1].reason


def test_nothing_is_legal_after_the_end():
    state = table(pieces={"c5": "P", "a2": "N"})
    _, state = move(state, 1, "c5", "d6")
    assert "the game is over" in refused(state, 1, move_command("a2", "b3"))


def test_a_spawned_piece_moves_in_the_same_turn():
    state = table()
    _, state = spawn(state, 1, "spearman", "c1")
    _, state = landed(state, 1, "c1", "d1")
    assert at(state, "d1") == "S" and RULES.to_act(state) == [2]
