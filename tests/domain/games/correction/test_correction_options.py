"""Correction: the rulings a designer may switch (RULINGS.md, "Options at a glance"). Each option is
played on and off with a constructed position, named after its ruling; a game whose stored options
lack the new keys plays as it did; a bad value is refused.
"""

from __future__ import annotations

import pytest
from correction_table import RULES, act, at, landed, move, reach, refused, spawn, table

from domain.engine.errors import InvalidSetup
from domain.engine.game import Game
from domain.games.correction import judge
from domain.games.correction.facts import MoveDeclared, PieceMoved
from domain.games.correction.state import State
from domain.thinking.bots import play_random_game

DENY = {"type": "deny"}
BANISH = {"type": "banish"}
ALLOW = {"type": "allow"}
BANISH_ONLY = {"deny_capture": "banish-only"}
ANY_PIECE = {"capture_on_token": "any-piece"}
STANDING = {"banished_piece": "standing"}
SPEAR_REACHES = {"spear_past_pieces": "reaches"}
SALT = "5eed" * 8
"""The salt of two games that must play alike: a game's chance comes from its seed and salt together."""


# -- ruling 13: denying a capture ------------------------------------------------------------------


def test_ruling_13_by_default_a_capture_is_denied_with_the_token_under_the_defending_piece():
    state = table(pieces={"c2": "P", "d3": "n"}, denial=(0, 1))
    facts, state = move(state, 1, "c2", "d3")
    assert isinstance(facts[0], MoveDeclared) and RULES.legal_commands(state, 2) == [DENY, ALLOW]
    _, state = act(state, 2, DENY)
    assert at(state, "d3") == "n" and "d3" in state.tokens


def test_ruling_13_banish_only_a_capture_cannot_be_denied():
    state = table(pieces={"c2": "P", "d3": "n"}, denial=(0, 1), options=BANISH_ONLY)
    facts, state = move(state, 1, "c2", "d3")  # one token buys no answer to a capture: it lands at once
    assert isinstance(facts[0], PieceMoved) and facts[0].captured == "knight" and at(state, "d3") == "P"
    state = table(pieces={"c2": "P", "d3": "n"}, denial=(0, 3), options=BANISH_ONLY)
    _, state = move(state, 1, "c2", "d3")
    assert RULES.legal_commands(state, 2) == [BANISH, ALLOW]
    assert "a capture cannot be denied" in refused(state, 2, DENY)


def test_ruling_13_banish_only_still_lets_a_move_to_an_empty_square_be_denied():
    state = table(pieces={"c2": "P"}, denial=(0, 1), options=BANISH_ONLY)
    _, state = move(state, 1, "c2", "d3")
    assert RULES.legal_commands(state, 2) == [DENY, ALLOW]


# -- ruling 18: a piece on a Denial Token and the knights and spearmen ---------------------------------


def test_ruling_18_by_default_a_piece_on_a_denial_token_is_immune_to_knights_and_spearmen():
    state = table(pieces={"c1": "N", "d1": "S", "c2": "P", "d3": "n"}, tokens={"d3": 1})
    assert "d3" not in reach(state, "c1") and "d3" not in reach(state, "d1")
    assert "never moves onto a Denial Token" in refused(state, 1, {"type": "move", "from": "c1", "to": "d3"})
    assert "d3" in reach(state, "c2"), "a pawn captures it, recovering the token"
    assert "d3" not in judge.attacked(table(pieces={"c1": "N", "d3": "n"}, tokens={"d3": 1}), 1)


def test_ruling_18_any_piece_lets_knights_and_spearmen_capture_on_a_token_which_stays():
    state = table(pieces={"c1": "N", "d1": "S", "d3": "n"}, tokens={"d3": 1}, options=ANY_PIECE)
    assert "d3" in reach(state, "c1") and "d3" in reach(state, "d1")
    assert "d3" in judge.attacked(state, 1)
    facts, after = landed(state, 1, "c1", "d3")
    assert facts[0].captured == "knight" and not facts[0].recovered
    assert at(after, "d3") == "N" and after.tokens == {"d3": 1} and after.denial == [0, 0]
    empty = table(pieces={"c1": "N"}, tokens={"d3": 1}, options=ANY_PIECE)
    assert "d3" not in reach(empty, "c1"), "an empty token square stays closed to knights and spearmen"


def test_ruling_18_a_token_placed_this_turn_still_blocks_every_piece():
    state = table(pieces={"c1": "N", "d3": "n"}, tokens={"d3": 3}, options=ANY_PIECE)
    assert "d3" not in reach(state, "c1")


# -- ruling 9: a banished piece ------------------------------------------------------------------------


def _banished_knight(options=None):
    """Seat 1's knight banished on its turn, then seat 2's move: seat 1 on turn again."""
    state = table(pieces={"c2": "N", "a5": "p"}, denial=(0, 3), options=options)
    _, state = move(state, 1, "c2", "d3")
    _, state = act(state, 2, BANISH)
    _, state = move(state, 2, "a5", "b4")
    return state


def test_ruling_9_by_default_a_banished_piece_is_laid_down():
    state = _banished_knight()
    assert "knight" in state.resting[0]
    assert "your knight is laid down" in refused(state, 1, {"type": "spawn", "piece": "knight", "square": "a1"})


def test_ruling_9_standing_a_banished_piece_may_be_spawned_on_its_owners_next_turn():
    state = _banished_knight(STANDING)
    assert state.resting[0] == [] and "knight" in state.supply[0]
    _, state = spawn(state, 1, "knight", "a1")
    assert at(state, "a1") == "N"


# -- ruling 5: the spear past a piece -------------------------------------------------------------------


def test_ruling_5_by_default_a_piece_between_blocks_the_spear():
    state = table(pieces={"c2": "S", "c3": "P", "c4": "p"})
    assert "c4" not in reach(state, "c2") and "c4" not in judge.attacked(state, 1)


def test_ruling_5_reaches_the_spear_captures_two_ahead_over_a_piece():
    state = table(pieces={"c2": "S", "c3": "P", "c4": "p"}, options=SPEAR_REACHES)
    assert "c4" in reach(state, "c2") and "c4" in judge.attacked(state, 1)
    facts, after = landed(state, 1, "c2", "c4")
    assert facts[0].captured == "pawn1" and at(after, "c3") == "P"
    near_goal = table(pieces={"c4": "S", "c5": "p", "c6": "p"}, options=SPEAR_REACHES)
    assert judge.winning_moves(near_goal, 1) == 1
    assert judge.winning_moves(table(pieces={"c4": "S", "c5": "p", "c6": "p"}), 1) == 0


# -- every option: defaults, old games, bad values ----------------------------------------------------


def test_the_switchable_rulings_default_to_todays_rules():
    resolved = RULES.resolve_options({})
    assert {key: resolved[key] for key in RULES.RULINGS} == RULES.RULINGS
    for options in ({}, resolved):
        state = RULES.new_state(2, options)
        assert (state.deny_capture, state.capture_on_token, state.banished_piece, state.spear_past_pieces) == (
            "under-the-piece", "pawns-only", "laid-down", "blocked")
    old = State(seat_count=2, turn_limit=200)  # a snapshot stored before the options: its fields only
    assert old.deny_capture == "under-the-piece" and old.capture_on_token == "pawns-only"


@pytest.mark.parametrize("seed", ["old-1", "old-2"])
def test_a_game_recorded_without_the_new_options_replays_as_today(seed):
    played = play_random_game(RULES, ["Ana", "Ben"], {}, seed, bot_seed=seed, salt=SALT)
    old = Game.start(RULES, ["Ana", "Ben"], {"turn_limit": 200}, seed, salt=SALT)
    for number, (seat, command) in enumerate(played.commands, 1):
        old.play(seat, command, f"c{number}")
    assert old.state == played.game.state and old.outcome() == played.game.outcome()


@pytest.mark.parametrize("options", [
    {"deny_capture": "never"}, {"capture_on_token": True}, {"banished_piece": "gone"}, {"spear_past_pieces": "jumps"},
])
def test_a_bad_ruling_option_is_refused(options):
    with pytest.raises(InvalidSetup):
        RULES.resolve_options(options)


@pytest.mark.parametrize("options", [BANISH_ONLY, ANY_PIECE, STANDING, SPEAR_REACHES])
def test_each_switched_ruling_plays_to_an_outcome_with_bots(options):
    played = play_random_game(RULES, ["Ana", "Ben"], {**options, "turn_limit": 60}, "switched", bot_seed=1)
    assert played.game.outcome() is not None
    assert {key: getattr(played.game.state, key) for key in options} == options
