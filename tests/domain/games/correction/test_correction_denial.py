"""Correction: Denial Tokens and the answer window.

A declared move waits for the other seat's answer whenever it could answer: ``to_act`` names that
seat, the mover cannot act, and ``deny``, ``banish`` or ``allow`` resolves it. One test per rule of the
text (``correction.txt``) or ruling (``RULINGS.md``), named after it. Seat 1 moves (Player 1, up the
board); seat 2 answers.
"""

from __future__ import annotations

import pytest
from correction_table import (
    RULES,
    act,
    at,
    landed,
    move,
    of_type,
    reach,
    refused,
    spawn,
    table,
)

from domain.engine.errors import NotYourTurn
from domain.engine.game import Game
from domain.games.correction.facts import (
    GameEnded,
    MoveAllowed,
    MoveDeclared,
    MoveDenied,
    PieceBanished,
    PieceMoved,
    TurnEnded,
    TurnStarted,
)
from domain.keeping.service import GameService
from domain.keeping.store import store_env

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

DENY = {"type": "deny"}
BANISH = {"type": "banish"}
ALLOW = {"type": "allow"}


def move_command(start, to):
    return {"type": "move", "from": start, "to": to}


def declared(pieces, denial=(0, 1), **kwargs):
    """Seat 1 declares ``c2``-``d3`` with seat 2 holding tokens."""
    state = table(pieces=pieces, denial=denial, **kwargs)
    _, state = move(state, 1, "c2", "d3")
    return state


# -- the answer window ----------------------------------------------------------------------------


def test_a_declared_move_waits_for_the_other_players_answer():
    state = table(pieces={"c2": "P"}, denial=(0, 1))
    facts, state = move(state, 1, "c2", "d3")
    assert facts == [MoveDeclared(seat=1, piece="pawn1", kind="pawn", start="c2", to="d3")]
    assert RULES.to_act(state) == [2]
    assert at(state, "c2") == "P" and at(state, "d3") is None
    assert RULES.legal_commands(state, 2) == [DENY, ALLOW]
    assert RULES.view(state, None)["declared"] == {"seat": 1, "answering": 2, "piece": "pawn1", "kind": "pawn",
                                                   "from": "c2", "to": "d3"}


def test_the_mover_cannot_act_while_the_answer_window_is_open():
    state = declared({"c2": "P", "e2": "P"})
    assert RULES.legal_commands(state, 1) == []
    assert "waiting for seat 2" in refused(state, 1, move_command("e2", "f3"))
    game = Game.start(RULES, ["Ana", "Ben"], RULES.resolve_options({}), "window", salt=SALT)
    first, second = game.state.order
    game.play(first, {"type": "spawn", "piece": "pawn", "square": "c1"}, "c1")  # the first player's home row is rank 1
    start = next(c for c in RULES.legal_commands(game.state, first) if c["type"] == "move")
    game.play(first, start, "c2")
    assert game.to_act() == [second]
    with pytest.raises(NotYourTurn):
        game.play(first, {"type": "spawn", "piece": "knight", "square": "a1"}, "c3")
    game.play(second, ALLOW, "c4")
    assert game.to_act() == [second], "the move landed and the turn passed"


def test_the_answering_seat_may_only_answer():
    state = declared({"c2": "P", "d5": "p"})
    assert "answer the declared move first" in refused(state, 2, move_command("d5", "c4"))
    assert "answer the declared move first" in refused(state, 2, {"type": "spawn", "piece": "pawn", "square": "a6"})


def test_answers_are_only_for_a_declared_move():
    assert "no declared move to deny" in refused(table(pieces={"c2": "P"}, denial=(0, 3)), 1, DENY)
    assert "no declared move to allow" in refused(table(pieces={"c2": "P"}), 1, ALLOW)


def test_ruling_11_no_answer_is_asked_when_the_other_player_could_not_answer():
    state = table(pieces={"c2": "P"}, denial=(0, 0))
    facts, state = move(state, 1, "c2", "d3")
    assert isinstance(facts[0], PieceMoved) and not of_type(facts, MoveDeclared)
    state = table(pieces={"c1": "S"}, denial=(0, 2))  # a token cannot go on the spawn row, banishing costs 3
    facts, _ = move(state, 1, "c1", "d1")
    assert isinstance(facts[0], PieceMoved)


def test_a_pass_lets_the_move_happen():
    state = declared({"c2": "P"})
    facts, state = act(state, 2, ALLOW)
    assert facts[:2] == [MoveAllowed(seat=2), PieceMoved(seat=1, piece="pawn1", kind="pawn", start="c2", to="d3",
                                                          captured="", recovered=False, tokens=0)]
    assert at(state, "d3") == "P" and state.denial == [0, 1]
    assert of_type(facts, TurnStarted) == [TurnStarted(seat=2, turn=4)]


# -- move denial ----------------------------------------------------------------------------------


def test_denial_by_token_makes_the_move_invalid():
    state = declared({"c2": "P"}, denial=(0, 2))
    facts, state = act(state, 2, DENY)
    assert facts == [MoveDenied(seat=2, square="d3", tokens=1)]
    assert at(state, "c2") == "P" and at(state, "d3") is None
    assert state.tokens == {"d3": 3} and state.denial == [0, 1]
    assert RULES.to_act(state) == [1]
    assert "blocks every move into it" in refused(state, 1, move_command("c2", "d3"))


def test_after_a_denial_the_piece_must_make_a_different_move():
    state = declared({"c2": "P", "e2": "P"})
    _, state = act(state, 2, DENY)
    assert RULES.legal_commands(state, 1) == [move_command("c2", "b3")]
    assert "must make a different move (b3)" in refused(state, 1, move_command("e2", "f3"))
    facts, state = move(state, 1, "c2", "b3")
    assert at(state, "b3") == "P" and of_type(facts, TurnEnded) == [TurnEnded(seat=1, reason="")]


def test_ruling_14_a_denied_piece_with_no_other_move_lets_the_player_move_another():
    state = table(pieces={"a2": "P", "e2": "P"}, denial=(0, 1))
    _, state = move(state, 1, "a2", "b3")
    _, state = act(state, 2, DENY)
    assert reach(state, "a2") == [] and reach(state, "e2") == ["d3", "f3"]


def test_denials_may_be_repeated_while_tokens_last():
    state = declared({"c2": "P"}, denial=(0, 2))
    _, state = act(state, 2, DENY)
    _, state = move(state, 1, "c2", "b3")
    facts, state = act(state, 2, DENY)
    assert state.tokens == {"d3": 3, "b3": 3} and state.denial == [0, 0]
    assert of_type(facts, TurnEnded) == [TurnEnded(seat=1, reason="none of their pieces could make a move")]
    assert RULES.to_act(state) == [2]


def test_a_denial_token_blocks_every_piece_for_the_rest_of_the_turn():
    state = table()
    _, state = spawn(state, 1, "pawn", "c1")
    _, state = spawn(state, 1, "pawn", "e1")  # seat 2 now holds 2 tokens
    _, state = move(state, 1, "c1", "d2")
    _, state = act(state, 2, DENY)
    _, state = landed(state, 1, "c1", "b2")
    assert reach(state, "e1") == ["f2"]
    assert "blocks every move into it" in refused(state, 1, move_command("e1", "d2"))


def test_a_denial_token_cannot_be_placed_on_a_spawn_row():
    state = table(pieces={"c1": "S"}, denial=(0, 3))
    _, state = move(state, 1, "c1", "d1")
    assert RULES.legal_commands(state, 2) == [BANISH, ALLOW]
    assert "cannot be placed on a spawn row" in refused(state, 2, DENY)
    state = table(pieces={"c5": "P"}, denial=(0, 3))
    _, state = move(state, 1, "c5", "d6")
    assert "cannot be placed on a spawn row" in refused(state, 2, DENY)


def test_after_the_turn_a_pawn_may_enter_a_token_square_and_recovers_the_token():
    state = table(pieces={"c2": "P"}, tokens={"d3": 2})
    assert reach(state, "c2") == ["b3", "d3"]
    facts, state = move(state, 1, "c2", "d3")
    assert facts[0].recovered and facts[0].tokens == 1
    assert state.tokens == {} and state.denial == [1, 0]


def test_the_pawn_that_recovers_a_token_may_be_its_placers():
    state = table(current=2, pieces={"c4": "p"}, tokens={"d3": 2}, denial=(0, 1))
    facts, state = move(state, 2, "c4", "d3")  # seat 1 holds no token: the move lands at once
    assert facts[0].recovered and state.denial == [0, 2]


def test_knights_and_spearmen_never_move_onto_a_denial_token():
    state = table(pieces={"c2": "N", "e2": "S", "e3": "p"}, tokens={"d3": 1, "e3": 1})
    assert reach(state, "c2") == ["a3", "b3"]
    assert "never moves onto a Denial Token" in refused(state, 1, move_command("c2", "d3"))
    assert "never moves onto a Denial Token" in refused(state, 1, move_command("e2", "e3"))


def test_ruling_15_a_square_holds_one_token():
    state = table(pieces={"c2": "P"}, tokens={"d3": 1}, denial=(0, 3))
    _, state = move(state, 1, "c2", "d3")
    assert RULES.legal_commands(state, 2) == [BANISH, ALLOW]
    assert "holds a Denial Token already" in refused(state, 2, DENY)


def test_ruling_13_a_denied_capture_leaves_the_token_under_the_defending_piece():
    state = declared({"c2": "P", "d3": "n"})
    _, state = act(state, 2, DENY)
    assert at(state, "d3") == "n" and state.tokens == {"d3": 3}
    state = table(pieces={"c2": "P", "d3": "n"}, tokens={"d3": 1})
    facts, state = move(state, 1, "c2", "d3")
    assert facts[0].captured == "knight" and facts[0].recovered and state.tokens == {}


# -- piece denial (banishment) --------------------------------------------------------------------


def test_spending_three_tokens_banishes_the_moving_piece_before_it_lands():
    state = declared({"c2": "P", "e2": "P"}, denial=(0, 4))
    assert RULES.legal_commands(state, 2) == [DENY, BANISH, ALLOW]
    facts, state = act(state, 2, BANISH)
    assert facts == [PieceBanished(seat=2, owner=1, piece="pawn1", kind="pawn", square="c2", tokens=1)]
    assert at(state, "c2") is None and at(state, "d3") is None
    assert state.resting[0] == ["pawn1"] and state.denial == [0, 1]


def test_banishing_needs_three_tokens():
    state = declared({"c2": "P"}, denial=(0, 2))
    assert RULES.legal_commands(state, 2) == [DENY, ALLOW]
    assert "costs 3 Denial Tokens: you have 2" in refused(state, 2, BANISH)


def test_banishment_can_save_a_piece_from_capture():
    state = declared({"c2": "P", "d3": "n"}, denial=(0, 3))
    _, state = act(state, 2, BANISH)
    assert at(state, "d3") == "n" and state.resting == [["pawn1"], []]


def test_ruling_16_after_a_banishment_the_player_still_moves_a_different_piece():
    state = declared({"c2": "P", "e2": "P"}, denial=(0, 3))
    facts, state = act(state, 2, BANISH)
    assert not of_type(facts, TurnEnded) and RULES.to_act(state) == [1]
    assert RULES.legal_commands(state, 1) == [move_command("e2", "d3"), move_command("e2", "f3")]
    state = declared({"c2": "P"}, denial=(0, 3))
    facts, state = act(state, 2, BANISH)
    assert of_type(facts, TurnEnded) and RULES.to_act(state) == [2], "no other piece: the turn ends"


def test_ruling_9_a_banished_piece_cannot_be_spawned_on_its_owners_next_turn():
    state = table(pieces={"c2": "N", "a5": "p"}, denial=(0, 3))
    _, state = move(state, 1, "c2", "d3")
    _, state = act(state, 2, BANISH)
    _, state = move(state, 2, "a5", "b4")  # seat 2's turn
    assert "your knight is laid down" in refused(state, 1, {"type": "spawn", "piece": "knight", "square": "a1"})
    _, state = spawn(state, 1, "pawn", "a1")
    _, state = landed(state, 1, "a1", "b2")
    assert "knight" in state.supply[0]


def test_ruling_12_a_winning_move_can_be_stopped_only_by_banishment():
    state = table(pieces={"c5": "P"}, denial=(0, 2))
    facts, _ = move(state, 1, "c5", "d6")
    assert facts[-1] == GameEnded(winners=[1], reason="a pawn reached the other player's spawn row (d6)")
    state = table(pieces={"c5": "P"}, denial=(0, 3))
    _, state = move(state, 1, "c5", "d6")
    _, state = act(state, 2, BANISH)
    assert RULES.outcome(state) is None and at(state, "c5") is None


# -- what players see -----------------------------------------------------------------------------


def test_the_board_drawing_marks_the_declared_move_and_the_seat_to_answer():
    state = declared({"c2": "P", "e4": "n"}, tokens={"b5": 1})
    text = RULES.render(RULES.view(state, 1), ["Ana", "Ben"])
    assert "[P]" in text and "(.)" in text and " *  " in text and " n  " in text
    assert "Ana declared the pawn from c2 to d3: Ben to answer" in text


def test_through_the_service_the_answering_seat_acts_and_the_mover_waits():
    service = GameService(env=store_env(None))
    game_id = service.create_game(RULES.name, ["Ana", "Ben"], seed="service-window", salt=SALT)
    first, second = service.game(game_id).state.order
    service.submit(game_id, first, {"type": "spawn", "piece": "pawn", "square": "c1"})
    command = next(c for c in RULES.legal_commands(service.game(game_id).state, first) if c["type"] == "move")
    service.submit(game_id, first, command)
    assert service.status(game_id)["to_act"] == [second]
    with pytest.raises(NotYourTurn):
        service.submit(game_id, first, {"type": "spawn", "piece": "pawn", "square": "a1"})
    events = service.submit(game_id, second, DENY)
    assert events[0].type == "MoveDenied" and events[0].seat == second
    assert service.status(game_id)["to_act"] == [first]
