"""Missions: drawing a mission, the success roll by level and rank, rewards, failures, ranks, piles."""

from __future__ import annotations

import pytest
from missions_table import L1, L2, L3, act, kinds, table

from domain.games.missions.cards import needed
from domain.games.missions.facts import (
    MissionDrawn,
    MissionRolled,
    PileEmpty,
    RankChanged,
    TurnLost,
    TurnStarted,
)

# From start space 0: 1 step clockwise is an L1 space, 3 an L2 space, 6 an L3 space.
STEPS = {1: 1, 2: 3, 3: 6}


def mission(state, level, card, face):
    """Seat 1 rolls to the level's space clockwise from 0, draws ``card`` and rolls ``face``."""
    state = act(state, 1, {"type": "roll"}, STEPS[level])[1]
    return act(state, 1, {"type": "move", "direction": "cw"}, card, face)


@pytest.mark.parametrize(("level", "rank", "highest"), [
    (1, 0, 3), (1, 1, 4), (1, 2, 5), (2, 0, 2), (2, 1, 3), (2, 2, 4), (3, 0, 1), (3, 1, 2), (3, 2, 3),
])
def test_rule_success_roll_needed_by_level_and_rank_as_printed_on_the_cards(level, rank, highest):
    assert needed(level, rank) == highest
    card = {1: L1, 2: L2, 3: L3}[level][0]
    facts, _ = mission(table(ranks=[rank, 1, 1, 1]), level, card, highest)
    assert MissionRolled(seat=1, card=card, face=highest, needed=highest, success=True) in facts
    facts, _ = mission(table(ranks=[rank, 1, 1, 1]), level, card, highest + 1)
    assert MissionRolled(seat=1, card=card, face=highest + 1, needed=highest, success=False) in facts


def test_rule_landing_on_a_mission_space_draws_a_card_of_that_level():
    for level in (1, 2, 3):
        card = {1: L1, 2: L2, 3: L3}[level][1]
        facts, state = mission(table(), level, card, 6)
        assert MissionDrawn(seat=1, level=level, card=card) in facts
        assert card not in state.unseen[str(level)]


def test_rule_a_completed_mission_is_kept_as_currency():
    facts, state = mission(table(), 2, "Rob a bank", 1)
    assert state.hands[0] == ["Rob a bank"]
    assert state.money(1) == 20000
    assert "Rob a bank" not in state.unseen["2"] and "Rob a bank" not in state.bottom["2"]


def test_rule_a_failed_mission_goes_to_the_bottom_of_its_pile():
    facts, state = mission(table(), 1, "Mug an old man", 6)
    assert state.hands[0] == []
    assert state.bottom["1"] == ["Mug an old man"]
    assert state.pile_size(1) == 15


def test_rule_a_completed_level_3_mission_raises_rank():
    facts, state = mission(table(), 3, "Cook meth", 2)
    assert RankChanged(seat=1, rank=2, reason="mission") in facts
    assert state.ranks[0] == 2


def test_ruling_level2_ranks_up_follows_the_card_by_default_and_can_be_switched_off():
    facts, state = mission(table(), 2, "Rob a bank", 3)
    assert RankChanged(seat=1, rank=2, reason="mission") in facts
    facts, state = mission(table(options={"level2_ranks_up": False}), 2, "Rob a bank", 3)
    assert "RankChanged" not in kinds(facts)
    assert state.ranks[0] == 1


def test_rule_level_1_missions_never_change_rank_or_cost_a_turn():
    facts, _ = mission(table(), 1, "Mug an old man", 1)
    assert "RankChanged" not in kinds(facts)
    facts, state = mission(table(), 1, "Mug an old man", 6)
    assert "TurnLost" not in kinds(facts) and state.skips[0] == 0


def test_rule_no_penalty_for_failing_a_level_2_mission():
    facts, state = mission(table(), 2, "Rob a bank", 6)
    assert kinds(facts) == ["PieceMoved", "MissionDrawn", "MissionRolled", "TurnStarted"]
    assert state.skips[0] == 0 and state.ranks[0] == 1


def test_ruling_rank_never_goes_above_two():
    facts, state = mission(table(ranks=[2, 1, 1, 1]), 3, "Cook meth", 1)
    assert "RankChanged" not in kinds(facts)
    assert state.ranks[0] == 2 and state.hands[0] == ["Cook meth"]


def test_rule_a_failed_level_3_mission_loses_the_next_turn():
    facts, state = mission(table(), 3, "Cook meth", 3)
    assert TurnLost(seat=1, reason="mission") in facts
    assert state.skips[0] == 1
    # the next time round, seat 1 is passed over
    for seat in (2, 3, 4):
        state = act(state, seat, {"type": "roll"}, 2)[1]
        state = act(state, seat, {"type": "move", "direction": "cw"})[1]
        facts, state = act(state, seat, {"type": "no_snitch"})
    assert kinds(facts)[-2:] == ["TurnSkipped", "TurnStarted"]
    assert facts[-1] == TurnStarted(seat=2, round=2)


def test_ruling_a_failed_level_3_mission_keeps_the_rank_by_default_as_the_final_text_says():
    facts, state = mission(table(), 3, "Cook meth", 6)
    assert "RankChanged" not in kinds(facts) and state.ranks[0] == 1


def test_ruling_option_level3_failure_loses_rank_as_in_the_first_changes():
    facts, state = mission(table(options={"level3_failure_loses_rank": True}), 3, "Cook meth", 6)
    assert RankChanged(seat=1, rank=0, reason="failure") in facts
    assert state.ranks[0] == 0 and state.skips[0] == 1
    facts, state = mission(table(ranks=[0, 1, 1, 1], options={"level3_failure_loses_rank": True}), 3, "Cook meth", 6)
    assert "RankChanged" not in kinds(facts) and state.ranks[0] == 0  # never below rank 0


def test_ruling_option_start_rank():
    assert table().ranks == [1, 1, 1, 1]
    assert table(options={"start_rank": 0}).ranks == [0, 0, 0, 0]
    facts, _ = mission(table(options={"start_rank": 0}), 1, "Mug an old man", 4)
    assert MissionRolled(seat=1, card="Mug an old man", face=4, needed=3, success=False) in facts


def test_ruling_the_drawn_card_is_chosen_from_the_cards_not_yet_drawn():
    state = table()
    state = act(state, 1, {"type": "roll"}, 1)[1]
    facts, _ = act(state, 1, {"type": "move", "direction": "cw"}, "Break a window", 6)
    assert MissionDrawn(seat=1, level=1, card="Break a window") in facts
    state = table(hands=[["Break a window"], [], [], []])
    state = act(state, 1, {"type": "roll"}, 1)[1]
    with pytest.raises(AssertionError, match="is not one of"):  # a held card is not in the pile
        act(state, 1, {"type": "move", "direction": "cw"}, "Break a window", 6)


def test_ruling_cards_put_back_are_drawn_in_turn_once_the_unseen_cards_are_gone():
    state = table()
    state.bottom["2"] = ["Rob a bank", "Hit & Run"]
    state.unseen["2"] = []
    state = act(state, 1, {"type": "roll"}, 3)[1]
    facts, state = act(state, 1, {"type": "move", "direction": "cw"}, 6)  # no card choice: the die only
    assert MissionDrawn(seat=1, level=2, card="Rob a bank") in facts
    assert state.bottom["2"] == ["Hit & Run", "Rob a bank"]  # failed again: back under the pile


def test_ruling_landing_on_a_mission_space_whose_pile_is_empty_does_nothing():
    state = table()
    state.unseen["3"] = []
    state = act(state, 1, {"type": "roll"}, 6)[1]
    facts, state = act(state, 1, {"type": "move", "direction": "cw"})
    assert facts[1] == PileEmpty(seat=1, level=3)
    assert kinds(facts) == ["PieceMoved", "PileEmpty", "TurnStarted"]


def test_ruling_the_success_roll_is_made_at_once_with_the_rank_of_that_moment():
    facts, _ = mission(table(ranks=[2, 1, 1, 1]), 2, "Rob a bank", 4)
    assert kinds(facts) == ["PieceMoved", "MissionDrawn", "MissionRolled", "TurnStarted"]
    assert facts[2] == MissionRolled(seat=1, card="Rob a bank", face=4, needed=4, success=True)
