"""Correction: the board, setup, who goes first, spawning, and turns with nothing to do.

One test per rule of the text (``correction.txt``) or ruling (``RULINGS.md``), named after it. Tables
come from ``correction_table.table()``: seat 1 is Player 1 (home row 1), seat 2 Player 2 (home row 6),
seat 1 to play on turn 3 with spawning open.
"""

from __future__ import annotations

import pytest
from correction_table import RULES, Coin, act, at, move, of_type, refused, spawn, table

from domain.engine.errors import InvalidSetup
from domain.engine.randomness import Rng
from domain.games.correction.board import PIECES, SQUARES
from domain.games.correction.facts import (
    GameEnded,
    GameSetUp,
    PieceSpawned,
    TurnEnded,
    TurnStarted,
)


def set_up(rng):
    state = RULES.new_state(2, RULES.resolve_options({}))
    facts = RULES.setup(state, rng)
    for fact in facts:
        state = RULES.evolve(state, fact)
    return facts, state


# -- the board and setup --------------------------------------------------------------------------


def test_two_players(service):
    assert (RULES.min_seats, RULES.max_seats) == (2, 2)
    with pytest.raises(InvalidSetup):
        service.create_game(RULES.name, ["Ana", "Ben", "Cy"])


def test_the_board_is_six_by_six_and_no_piece_starts_on_it():
    assert len(SQUARES) == 36 and SQUARES[0] == "a1" and SQUARES[-1] == "f6"
    _, state = set_up(Coin("heads"))
    assert state.pieces == {} and state.tokens == {}


def test_each_player_has_four_pawns_a_knight_and_a_spearman():
    _, state = set_up(Coin("heads"))
    assert PIECES == ("pawn1", "pawn2", "pawn3", "pawn4", "knight", "spearman")
    assert state.supply == [list(PIECES), list(PIECES)]
    assert RULES.view(state, 1)["players"][0]["supply"] == {"pawn": 4, "knight": 1, "spearman": 1}


def test_ruling_2_a_recorded_coin_flip_decides_the_first_player():
    facts, state = set_up(Coin("tails"))
    assert facts[0] == GameSetUp(call="heads", coin="tails", first=2, tokens=1)
    assert state.order == [2, 1] and RULES.to_act(state) == [2]
    assert facts[1] == TurnStarted(seat=2, turn=1)
    _, state = set_up(Coin("heads"))
    assert state.order == [1, 2] and RULES.to_act(state) == [1]
    firsts = {set_up(Rng(f"seed-{n}", "setup"))[1].order[0] for n in range(20)}
    assert firsts == {1, 2}


def test_the_second_player_starts_with_one_denial_token():
    _, state = set_up(Coin("heads"))
    assert state.denial == [0, 1]
    _, state = set_up(Coin("tails"))
    assert state.denial == [1, 0]


def test_ruling_1_the_first_player_spawns_on_rank_1_and_the_second_on_rank_6():
    _, state = set_up(Coin("tails"))  # seat 2 is the first player
    assert {c["square"] for c in RULES.legal_commands(state, 2)} == {f + "1" for f in "abcdef"}
    state = table(current=2)
    assert {c["square"] for c in RULES.legal_commands(state, 2) if c["type"] == "spawn"} == {f + "6" for f in "abcdef"}


# -- spawning -------------------------------------------------------------------------------------


def test_a_turn_may_spawn_up_to_two_pieces_on_the_home_row():
    state = table()
    _, state = spawn(state, 1, "pawn", "a1")
    _, state = spawn(state, 1, "knight", "c1")
    assert at(state, "a1") == "P" and at(state, "c1") == "N"
    assert state.spawned == ["pawn1", "knight"]
    assert "at most 2 pieces" in refused(state, 1, {"type": "spawn", "piece": "spearman", "square": "e1"})
    assert not [c for c in RULES.legal_commands(state, 1) if c["type"] == "spawn"]


def test_spawning_is_optional():
    state = table(pieces={"c2": "P"})
    facts, state = move(state, 1, "c2", "d3")
    assert not of_type(facts, PieceSpawned) and at(state, "d3") == "P"


def test_spawning_off_the_home_row_is_refused():
    assert "home row, rank 1" in refused(table(), 1, {"type": "spawn", "piece": "pawn", "square": "c2"})
    assert "home row, rank 6" in refused(table(current=2), 2, {"type": "spawn", "piece": "pawn", "square": "c1"})


def test_spawning_onto_a_taken_square_is_refused():
    state = table(pieces={"c1": "P"})
    assert "c1 is taken" in refused(state, 1, {"type": "spawn", "piece": "knight", "square": "c1"})


def test_the_opponent_gains_a_denial_token_per_piece_spawned():
    state = table(denial=(0, 1))
    facts, state = spawn(state, 1, "pawn", "a1")
    assert facts == [PieceSpawned(seat=1, piece="pawn1", kind="pawn", square="a1", tokens=2)]
    _, state = spawn(state, 1, "spearman", "f1")
    assert state.denial == [0, 3]


def test_spawning_comes_before_moving():
    state = table(pieces={"c2": "P"}, denial=(0, 1))
    _, state = move(state, 1, "c2", "d3")  # declared: seat 2 holds a token
    _, state = act(state, 2, {"type": "deny"})
    assert "spawning comes before moving" in refused(state, 1, {"type": "spawn", "piece": "pawn", "square": "a1"})


def test_a_player_cannot_spawn_more_pieces_than_they_have():
    state = table(pieces={"a1": "P", "b2": "P", "c3": "P", "d4": "P", "e1": "N"})
    assert "all your pawns are on the board" in refused(state, 1, {"type": "spawn", "piece": "pawn", "square": "f1"})
    assert "your knight is on the board" in refused(state, 1, {"type": "spawn", "piece": "knight", "square": "f1"})
    assert [c["piece"] for c in RULES.legal_commands(state, 1) if c["type"] == "spawn"] == ["spearman"] * 4


def test_a_piece_captured_on_the_previous_turn_cannot_be_spawned():
    state = table(current=2, pieces={"c2": "P", "d3": "p"})
    _, state = move(state, 2, "d3", "c2")  # Player 2 captures Player 1's pawn
    assert state.current == 1 and state.resting[0] == ["pawn1"]
    state.supply[0] = [p for p in state.supply[0] if p != "knight" and not p.startswith("pawn")]
    assert "laid down, captured on the previous turn" in refused(state, 1, {"type": "spawn", "piece": "pawn", "square": "a1"})


def test_other_pawns_may_be_spawned_when_one_was_captured_last_turn():
    state = table(resting={1: ["pawn1"]}, pieces={"e2": "P"})
    facts, _ = spawn(state, 1, "pawn", "a1")
    assert facts[0].piece == "pawn2"


def test_ruling_9_a_captured_piece_stands_up_after_its_owners_next_spawn_phase():
    state = table(resting={1: ["knight"]}, pieces={"c2": "P"})
    assert "your knight is laid down" in refused(state, 1, {"type": "spawn", "piece": "knight", "square": "a1"})
    _, state = move(state, 1, "c2", "d3")  # the spawn phase closes with the first move
    assert state.resting[0] == [] and "knight" in state.supply[0]


# -- turns ----------------------------------------------------------------------------------------


def test_ruling_10_a_player_with_no_piece_that_can_move_must_spawn():
    _, state = set_up(Coin("heads"))
    assert {c["type"] for c in RULES.legal_commands(state, 1)} == {"spawn"}
    assert {"end", "pass"}.isdisjoint(shape.type for shape in RULES.command_shapes)


def test_ruling_10_a_turn_with_nothing_to_do_ends_by_itself():
    # seat 2's spearman is stuck (blocked to the side, nothing to capture ahead), its other pieces laid down
    state = table(pieces={"c2": "P", "b4": "P", "a4": "s"})
    state.resting[1] = [p for p in PIECES if p != "spearman"]
    state.supply[1] = []
    facts, state = move(state, 1, "c2", "d3")
    assert [type(x).__name__ for x in facts] == ["PieceMoved", "TurnEnded", "TurnStarted", "TurnEnded", "TurnStarted"]
    assert facts[3] == TurnEnded(seat=2, reason="no piece could move or be spawned")
    assert RULES.to_act(state) == [1] and state.turn == 5
    assert state.resting[1] == [], "the laid-down pieces stood up at the end of the empty turn"


def test_ruling_10_when_neither_player_could_ever_move_again_the_game_is_a_draw():
    # pawns boxed in by their own pieces, knights and spearmen on and among Denial Tokens: once the
    # pawn on d2 steps to c3, no piece of either player can move, and nobody has a piece to spawn
    pieces = {"a1": "P", "b2": "P", "a3": "P", "d2": "P", "b4": "S", "d4": "N",
              "a6": "p", "b5": "p", "a4": "p", "c4": "p", "b3": "s", "d3": "n"}
    state = table(pieces=pieces, tokens={s: 1 for s in SQUARES if s[1] not in "16"}, turn=5)
    assert {"type": "move", "from": "d2", "to": "c3"} in RULES.legal_commands(state, 1)
    facts, state = move(state, 1, "d2", "c3")
    assert [type(x).__name__ for x in facts] == ["PieceMoved", "TurnEnded", "TurnStarted", "TurnEnded", "GameEnded"]
    assert facts[-1] == GameEnded(winners=[], reason="neither player can move or spawn a piece any more")
