"""Missions: components, setup, the board, rolling and moving, turn order and lost turns — one test
per rule of the text and per ruling in RULINGS.md (the rules are quoted in the test names)."""

from __future__ import annotations

import pytest
from missions_table import POLICE, RULES, SEATS, START, act, kinds, table

from domain.engine.errors import IllegalCommand, InvalidSetup
from domain.engine.game import Game
from domain.games.missions.board import default_layout, ring
from domain.games.missions.cards import ALL_NAMES, CARDS, LEVEL_OF
from domain.games.missions.facts import (
    DieRolled,
    MoveBlocked,
    PieceMoved,
    TableSetUp,
    TurnSkipped,
    TurnStarted,
)

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""


def test_rule_three_or_four_players():
    RULES.check_seat_count(3)
    RULES.check_seat_count(4)
    for count in (2, 5):
        with pytest.raises(InvalidSetup, match="3-4 players"):
            RULES.check_seat_count(count)


def test_rule_forty_five_mission_cards_fifteen_per_level_as_the_text_lists_them():
    assert [len(CARDS[level].names) for level in (1, 2, 3)] == [15, 15, 15]
    assert len(set(ALL_NAMES)) == 45
    assert CARDS[1].names[0] == "Vandalize a High School" and CARDS[1].names[-1] == "Illegal vehicle modifications"
    assert CARDS[2].names[0] == "Carjack a sports car" and CARDS[2].names[-1] == "Assault a police officer"
    assert CARDS[3].names[0] == "Armed bank robbery" and CARDS[3].names[-1] == "Cook meth"
    assert [CARDS[level].value for level in (1, 2, 3)] == [10000, 20000, 30000]


def test_rule_each_level_in_its_own_pile_next_to_the_board():
    state = table()
    assert {level: len(cards) for level, cards in state.unseen.items()} == {"1": 15, "2": 15, "3": 15}
    assert all(LEVEL_OF[card] == int(level) for level, cards in state.unseen.items() for card in cards)


def test_rule_pieces_start_on_the_start_positions():
    for seats in (3, 4):
        game = Game.start(RULES, SEATS[:seats], RULES.resolve_options({}), "start", salt=SALT)
        spaces = game.state.spaces
        assert all(spaces[position] == "start" for position in game.state.positions)
        assert len(set(game.state.positions)) == seats


def test_ruling_the_default_board_is_a_loop_of_28_spaces():
    spaces = default_layout()["spaces"]
    assert len(spaces) == 28
    assert spaces == ["start", "L1", "police", "L2", "L1", "police", "L3"] * 4
    assert {kind: spaces.count(kind) for kind in set(spaces)} == {"start": 4, "L1": 8, "L2": 4, "L3": 4, "police": 8}


def test_ruling_a_teachers_own_board_is_checked_and_played():
    layout = {"spaces": ["start", "L1", "L2", "start", "L3", "police", "start", "L1", "police", "start"]}
    state = RULES.new_state(4, RULES.resolve_options({"layout": layout}))
    assert state.spaces == layout["spaces"]
    game = Game.start(RULES, SEATS, RULES.resolve_options({"layout": layout}), "own board", salt=SALT)
    assert game.state.positions == [0, 3, 6, 9]
    with pytest.raises(InvalidSetup, match="3 start spaces for 4 players"):
        RULES.new_state(4, RULES.resolve_options({"layout": {"spaces": ["start"] * 3 + ["L1"] * 6}}))
    with pytest.raises(InvalidSetup, match="no mission space"):
        RULES.resolve_options({"layout": {"spaces": ["start"] * 4 + ["police"] * 6}})
    with pytest.raises(InvalidSetup, match="bad option layout"):
        RULES.resolve_options({"layout": {"spaces": ["start", "bank"] * 5}})
    with pytest.raises(InvalidSetup, match="bad option layout"):
        RULES.resolve_options({"layout": {"spaces": ["start", "L1", "start"]}})


def test_ruling_the_board_is_drawn_as_a_ring_of_every_space():
    for size in (8, 9, 10, 28, 29, 80):
        cells = ring(size)
        assert len(cells) == len(set(cells)) == size
    state = table()
    drawing = RULES.render(RULES.view(state, None), SEATS)
    assert " 0 S  1" in drawing and "21 S  4" in drawing and "27 L3" in drawing


def test_ruling_the_first_player_is_drawn_at_random_and_recorded():
    firsts = set()
    for seed in range(12):
        facts = RULES.setup(RULES.new_state(4, RULES.resolve_options({})), _rng(seed))
        table_set_up = facts[0]
        assert isinstance(table_set_up, TableSetUp)
        assert facts[1] == TurnStarted(seat=table_set_up.first, round=1)
        firsts.add(table_set_up.first)
    assert len(firsts) > 1


def _rng(seed):
    from domain.engine.randomness import Rng

    return Rng(f"first-{seed}", 0)


def test_rule_the_player_rolls_the_die_and_moves_that_many_spaces():
    facts, state = act(table(), 1, {"type": "roll"}, 4)
    assert facts == [DieRolled(seat=1, face=4)]
    assert state.phase == "move"
    assert RULES.legal_commands(state, 1) == [{"type": "move", "direction": "cw"}, {"type": "move", "direction": "ccw"}]
    facts, state = act(state, 1, {"type": "move", "direction": "cw"}, "Mug an old man", 2)
    assert facts[0] == PieceMoved(seat=1, start=0, to=4, direction="cw", space="L1")
    assert state.positions[0] == 4


def test_ruling_the_mover_chooses_either_way_round():
    state = act(table(), 1, {"type": "roll"}, 3)[1]
    facts, state = act(state, 1, {"type": "move", "direction": "ccw"}, "Mug an old man", 6)
    assert facts[0] == PieceMoved(seat=1, start=0, to=25, direction="ccw", space="L1")
    assert state.positions[0] == 25


def test_ruling_option_movement_forward_moves_clockwise_at_once():
    state = table(options={"movement": "forward"})
    facts, state = act(state, 1, {"type": "roll"}, 2)
    assert kinds(facts)[:2] == ["DieRolled", "PieceMoved"]
    assert state.positions[0] == POLICE
    assert state.phase == "snitch"


def test_ruling_a_move_may_not_end_on_a_space_holding_two_pieces():
    state = table(positions=[0, 4, 4, 21])
    state = act(state, 1, {"type": "roll"}, 4)[1]
    assert RULES.legal_commands(state, 1) == [{"type": "move", "direction": "ccw"}]
    with pytest.raises(IllegalCommand, match="already holds 2 pieces"):
        RULES.decide(state, 1, {"type": "move", "direction": "cw"}, None)


def test_ruling_pieces_pass_through_a_full_space():
    facts, state = act(table(positions=[0, 1, 1, 21]), 1, {"type": "roll"}, 2)
    facts, state = act(state, 1, {"type": "move", "direction": "cw"})
    assert state.positions[0] == POLICE


def test_ruling_a_piece_with_no_space_to_end_on_stays_and_the_turn_ends():
    state = table(positions=[0, 4, 4, 24], options={"max_per_space": 1})
    facts, state = act(state, 1, {"type": "roll"}, 4)
    assert facts[:2] == [DieRolled(seat=1, face=4), MoveBlocked(seat=1, face=4)]
    assert facts[-1] == TurnStarted(seat=2, round=1)
    assert state.positions[0] == 0


def test_ruling_option_max_per_space_four_lets_every_piece_share_a_space():
    state = table(positions=[0, 4, 4, 4], options={"max_per_space": 4, "landing_on_player": "none"})
    state = act(state, 1, {"type": "roll"}, 4)[1]
    assert {"type": "move", "direction": "cw"} in RULES.legal_commands(state, 1)


def test_rule_play_continues_counterclockwise_up_the_seat_numbers():
    state = table(seats=3, mover=3, first=2, round_number=4)
    facts, state = act(state, 3, {"type": "roll"}, 2)
    facts, state = act(state, 3, {"type": "move", "direction": "cw"})  # 14 -> 16, police
    facts, state = act(state, 3, {"type": "no_snitch"})
    assert facts[-1] == TurnStarted(seat=1, round=4)
    facts, state = act(state, 1, {"type": "roll"}, 2)
    facts, state = act(state, 1, {"type": "move", "direction": "ccw"})  # 0 -> 26, police
    facts, state = act(state, 1, {"type": "no_snitch"})
    assert facts[-1] == TurnStarted(seat=2, round=5)  # back to the first player: a new round


def test_ruling_a_lost_turn_is_skipped_and_recorded_and_lost_turns_stack():
    state = table(seats=3, skips=[0, 2, 0])
    facts, state = act(state, 1, {"type": "roll"}, 2)
    facts, state = act(state, 1, {"type": "move", "direction": "cw"})  # 0 -> 2: police
    facts, state = act(state, 1, {"type": "no_snitch"})
    assert facts[-2:] == [TurnSkipped(seat=2, round=1), TurnStarted(seat=3, round=1)]
    assert state.skips == [0, 1, 0]


def test_ruling_start_spaces_do_nothing():
    state = table(positions=[3, 8, 15, 21])
    state = act(state, 1, {"type": "roll"}, 4)[1]
    facts, state = act(state, 1, {"type": "move", "direction": "cw"})  # 3 -> 7, Start B
    assert kinds(facts) == ["PieceMoved", "TurnStarted"]
    assert state.positions[0] == 7 == START + 7


def test_ruling_roll_first_then_move():
    with pytest.raises(IllegalCommand, match="roll the die first"):
        RULES.decide(table(), 1, {"type": "move", "direction": "cw"}, None)
    state = act(table(), 1, {"type": "roll"}, 3)[1]
    with pytest.raises(IllegalCommand, match="rolled 3 already"):
        RULES.decide(state, 1, {"type": "roll"}, None)
