"""Location CCG: the turn's phases (LC-43 to LC-47) — the begin phase bringing characters home, the
three production points, the deploy phase and the other player's response, the end phase removing
damage and discarding down to seven — the first turn (ruling 14), the end phase's boosts and wound
counters (ruling 26), the turn limit (ruling 30) and the hand limit (ruling 32)."""

from __future__ import annotations

import pytest
from location_table import CASINO, DOCKS, DOWNTOWN, act, refuse, setup_state, table

from domain.engine.errors import IllegalCommand
from domain.games.location_ccg import RULESET as RULES
from domain.games.location_ccg.facts import (
    CardBanked,
    CardDiscarded,
    CardPlayed,
    CardsDrawn,
    CharactersReturned,
    GameEnded,
    PhaseBegan,
    ResourcesSpent,
    TurnBegan,
    TurnEnded,
)

PASS = {"type": "pass"}
DRAW = {"type": "draw"}
NINE = ["sniper", "sniper", "fixer", "fixer", "katana", "katana", "dojo", "ambush", "windfall"]


def _refused(state, seat, command):
    """The command, from the seat to act, is refused and leaves the state as it was."""
    assert seat in RULES.to_act(state)
    before = state.copy()
    with pytest.raises(IllegalCommand):
        refuse(state, seat, command)
    assert state == before


def _end_of_seat_2s_turn(**given):
    """Seat 2's turn at its response window (seat 1 to act): seat 1's pass ends the turn."""
    return table(current=2, phase="response", priority=1, turn=2, **given)


# -- the begin phase (LC-43) -------------------------------------------------------------------------


def test_rule_lc_43_the_begin_phase_returns_the_active_players_characters_to_its_hq():
    state = _end_of_seat_2s_turn(in_play={"1": ("ninja_adept", 1, DOCKS), "2": ("fixer", 1, DOWNTOWN),
                                          "3": ("sniper", 1), "4": ("enforcer", 2, DOCKS)})
    facts, state = act(state, 1, PASS)
    assert facts == [TurnEnded(seat=2), TurnBegan(seat=1, turn=3), CharactersReturned(seat=1, characters=["1", "2"]),
                     PhaseBegan(phase="production", seat=1)]
    assert [state.in_play[uid]["at"] for uid in ("1", "2", "3")] == ["hq", "hq", "hq"]
    assert state.in_play["4"]["at"] == DOCKS  # the other player's come home at its own begin phase


def test_rule_lc_43_with_every_character_at_home_nothing_returns():
    facts = act(_end_of_seat_2s_turn(in_play={"1": ("ninja_adept", 1)}), 1, PASS)[0]
    assert facts == [TurnEnded(seat=2), TurnBegan(seat=1, turn=3), PhaseBegan(phase="production", seat=1)]


# -- production (LC-44) ------------------------------------------------------------------------------


def test_rule_lc_44_three_points_draw_or_bank_in_any_mix_then_the_phase_ends_by_itself():
    state = table(hands=[["sniper", "fixer"], []], in_play={"1": ("ninja_adept", 1)})
    facts, state = act(state, 1, DRAW, "colossus")
    assert facts == [CardsDrawn(seat=1, cards=["colossus"], reason="production")]
    assert state.phase == "production" and state.production == 2
    facts, state = act(state, 1, {"type": "bank", "card": "sniper"})
    assert facts == [CardBanked(seat=1, card="sniper")] and state.production == 1
    facts, state = act(state, 1, DRAW, "katana")
    assert facts == [CardsDrawn(seat=1, cards=["katana"], reason="production"), PhaseBegan(phase="mission", seat=1)]
    assert state.player(1)["hand"] == ["fixer", "colossus", "katana"] and state.player(1)["bank"] == ["sniper"]
    assert state.production == 0


def test_rule_lc_44_three_cards_banked_use_the_three_points():
    state = table(hands=[["sniper", "fixer", "katana", "dojo"], []], in_play={"1": ("ninja_adept", 1)})
    for card in ("sniper", "fixer"):
        state = act(state, 1, {"type": "bank", "card": card})[1]
    facts, state = act(state, 1, {"type": "bank", "card": "katana"})
    assert facts == [CardBanked(seat=1, card="katana"), PhaseBegan(phase="mission", seat=1)]
    assert state.player(1)["bank"] == ["sniper", "fixer", "katana"] and state.player(1)["hand"] == ["dojo"]


def test_rule_lc_44_passing_ends_the_phase_and_loses_the_points_left():
    state = act(table(in_play={"1": ("ninja_adept", 1)}), 1, DRAW, "sniper")[1]
    facts, state = act(state, 1, PASS)
    assert facts == [PhaseBegan(phase="mission", seat=1)]
    assert state.production == 0
    _refused(state, 1, DRAW)


def test_rule_lc_44_the_points_left_are_lost_when_the_mission_phase_is_skipped_too():
    state = act(table(), 1, DRAW, "sniper")[1]
    facts, state = act(state, 1, PASS)
    assert facts == [PhaseBegan(phase="deploy", seat=1)]
    assert state.production == 0


# -- deploy (LC-46) and the response window ------------------------------------------------------------


def test_rule_lc_46_the_deploy_phase_plays_characters_modifiers_and_assets():
    state = table(phase="deploy", hands=[["ninja_adept", "katana", "safehouse"], []], in_play={"1": ("enforcer", 1)},
                  banks=[["ninja_adept", "colossus", "shadow_master", "katana", "sniper", "sniper"], []])
    facts, state = act(state, 1, {"type": "play", "card": "ninja_adept", "pay": ["ninja_adept", "colossus"]})
    assert facts[-1] == CardPlayed(seat=1, card="ninja_adept", uid="2", target="")
    facts, state = act(state, 1, {"type": "play", "card": "katana", "target": 1, "pay": ["shadow_master", "katana"]})
    assert facts[-1] == CardPlayed(seat=1, card="katana", uid="", target="1")
    facts, state = act(state, 1, {"type": "play", "card": "safehouse", "pay": ["sniper", "sniper"]})
    assert facts == [ResourcesSpent(seat=1, cards=["sniper", "sniper"], purpose="safehouse"),
                     CardPlayed(seat=1, card="safehouse", uid="3", target="")]
    assert state.in_play["2"]["card"] == "ninja_adept" and state.in_play["2"]["at"] == "hq"
    assert state.in_play["1"]["modifiers"] == ["katana"] and state.in_play["3"]["card"] == "safehouse"
    assert state.phase == "deploy" and state.player(1)["hand"] == []


@pytest.mark.parametrize("phase", ["production", "mission"])
def test_rule_lc_46_characters_modifiers_and_assets_wait_for_the_deploy_phase(phase):
    state = table(phase=phase, hands=[["ninja_adept", "katana", "safehouse"], []], in_play={"1": ("enforcer", 1)},
                  banks=[["ninja_adept", "colossus", "sniper", "sniper"], []])
    for command in ({"type": "play", "card": "ninja_adept"}, {"type": "play", "card": "katana", "target": 1},
                    {"type": "play", "card": "safehouse"}):
        _refused(state, 1, command)
    assert not [c for c in RULES.legal_commands(state, 1) if c["type"] == "play"]


def test_rule_lc_46_after_the_deploy_phase_the_other_player_answers_then_the_turn_ends():
    facts, state = act(table(phase="deploy"), 1, PASS)
    assert facts == [PhaseBegan(phase="response", seat=2)] and RULES.to_act(state) == [2]
    facts, state = act(state, 2, PASS)
    assert facts == [TurnEnded(seat=1), TurnBegan(seat=2, turn=2), PhaseBegan(phase="production", seat=2)]


# -- the end phase (LC-47, rulings 26 and 32) ---------------------------------------------------------


def test_rule_lc_47_the_end_phase_removes_the_damage_on_characters():
    state = table(phase="response", priority=2, in_play={"1": ("enforcer", 1, DOCKS), "2": ("phoenix_monk", 2, DOCKS)},
                  damage={"1": 3, "2": 2})
    facts, state = act(state, 2, PASS)
    assert facts[0] == TurnEnded(seat=1)
    assert state.in_play["1"]["damage"] == 0 and state.in_play["2"]["damage"] == 0


def test_rule_lc_47_a_hand_of_seven_needs_no_discard():
    state = table(phase="response", priority=2, hands=[NINE[:7], []])
    facts, state = act(state, 2, PASS)
    assert facts == [TurnEnded(seat=1), TurnBegan(seat=2, turn=2), PhaseBegan(phase="production", seat=2)]
    assert len(state.player(1)["hand"]) == 7


def test_ruling_26_damage_and_boosts_of_both_players_go_wound_counters_and_modifiers_stay():
    state = table(phase="response", priority=2,
                  in_play={"1": ("enforcer", 1, DOCKS), "2": ("enforcer", 2, DOCKS), "3": ("ninja_adept", 2)},
                  damage={"1": 2, "2": 3}, wounds={"1": 1}, boost={"1": [2, 2, 0], "3": [1, 0, 1]},
                  modifiers={"2": ["body_armor"]})
    facts, state = act(state, 2, PASS)
    assert facts[0] == TurnEnded(seat=1)
    assert [state.in_play[uid]["damage"] for uid in ("1", "2", "3")] == [0, 0, 0]
    assert [state.in_play[uid]["boost"] for uid in ("1", "2", "3")] == [[0, 0, 0]] * 3
    assert state.in_play["1"]["wounds"] == 1 and state.in_play["2"]["modifiers"] == ["body_armor"]
    assert state.stat("3", 0) == 3 and state.stat("2", 1) == 6  # printed Atk again; Def with its armor


def test_ruling_32_the_active_player_discards_one_card_at_a_time_down_to_seven():
    state = table(phase="response", priority=2, hands=[NINE, []])
    facts, state = act(state, 2, PASS)
    assert facts == [TurnEnded(seat=1), PhaseBegan(phase="discard", seat=1)] and RULES.to_act(state) == [1]
    assert RULES.legal_commands(state, 1) == [{"type": "discard", "card": card} for card in sorted(set(NINE))]
    facts, state = act(state, 1, {"type": "discard", "card": "katana"})
    assert facts == [CardDiscarded(seat=1, card="katana")] and state.phase == "discard"
    facts, state = act(state, 1, {"type": "discard", "card": "windfall"})
    assert facts == [CardDiscarded(seat=1, card="windfall"), TurnBegan(seat=2, turn=2),
                     PhaseBegan(phase="production", seat=2)]
    assert len(state.player(1)["hand"]) == 7 and state.player(1)["discard"] == ["katana", "windfall"]


def test_ruling_32_the_other_player_keeps_a_hand_over_seven():
    state = table(phase="response", priority=2, hands=[[], NINE])
    facts, state = act(state, 2, PASS)
    assert facts == [TurnEnded(seat=1), TurnBegan(seat=2, turn=2), PhaseBegan(phase="production", seat=2)]
    assert state.player(2)["hand"] == NINE


@pytest.mark.parametrize("command", [{"type": "discard", "card": "colossus"}, PASS, DRAW,
                                     {"type": "bank", "card": "sniper"}])
def test_ruling_32_the_discard_step_takes_a_card_of_the_hand_and_nothing_else(command):
    state = act(table(phase="response", priority=2, hands=[NINE, []]), 2, PASS)[1]
    _refused(state, 1, command)


# -- the first turn (ruling 14) -------------------------------------------------------------------------

SEVEN = ["sniper", "sniper", "fixer", "fixer", "katana", "dojo", "ambush"]


@pytest.mark.parametrize("first", [1, 2])
def test_ruling_14_the_player_who_chose_locations_second_takes_the_first_turn(first):
    second = 3 - first
    state = setup_state(first=first)
    mine, theirs = state.player(first)["brought"], state.player(second)["brought"]
    state = act(state, first, {"type": "choose_location", "location": mine[0]})[1]
    state = act(state, second, {"type": "choose_location", "location": theirs[0]})[1]
    state = act(state, first, {"type": "choose_location", "location": mine[1]}, *SEVEN, *SEVEN)[1]
    state = act(state, first, {"type": "mulligan", "cards": []})[1]
    facts, state = act(state, second, {"type": "mulligan", "cards": []})
    assert facts[-2:] == [TurnBegan(seat=second, turn=1), PhaseBegan(phase="production", seat=second)]
    assert state.current == second and state.production == 3  # no first-turn limit on production


def test_ruling_14_the_first_turn_may_attack():
    state = table(turn=1, phase="mission", in_play={"1": ("ninja_adept", 1)})
    assert {"type": "attack", "location": 1} in RULES.legal_commands(state, 1)
    state = act(state, 1, {"type": "attack", "location": 1, "characters": [1]})[1]
    assert state.mission is not None and state.in_play["1"]["at"] == DOCKS


# -- the turn limit (ruling 30) ----------------------------------------------------------------------------


@pytest.mark.parametrize(("won", "tokens", "winners", "words"), [
    ({DOCKS: 2}, {DOWNTOWN: {1: 1}}, [2], "more locations won"),
    ({DOCKS: 1, CASINO: 2}, {DOWNTOWN: {2: 1}}, [2], "more victory point tokens"),
    ({}, {DOCKS: {1: 2}, DOWNTOWN: {2: 1}}, [1], "more victory point tokens"),
    ({DOCKS: 1, CASINO: 2}, {}, [], "a draw"),
    ({}, {DOCKS: {1: 1}, DOWNTOWN: {2: 1}}, [], "a draw"),
])
def test_ruling_30_at_the_turn_limit_more_locations_won_then_more_tokens_win_else_a_draw(won, tokens, winners, words):
    state = _end_of_seat_2s_turn(options={"turn_limit": 2}, won=won, tokens=tokens)
    facts, state = act(state, 1, PASS)
    assert facts[0] == TurnEnded(seat=2) and len(facts) == 2
    assert isinstance(facts[1], GameEnded) and facts[1].winners == winners and words in facts[1].reason
    assert state.phase == "over" and state.winners == winners and RULES.to_act(state) == []


def test_ruling_30_before_the_limit_the_next_turn_begins():
    state = _end_of_seat_2s_turn(options={"turn_limit": 3}, won={DOCKS: 2})
    facts, state = act(state, 1, PASS)
    assert facts == [TurnEnded(seat=2), TurnBegan(seat=1, turn=3), PhaseBegan(phase="production", seat=1)]


def test_ruling_30_the_last_turn_ends_after_its_discards():
    state = _end_of_seat_2s_turn(options={"turn_limit": 2}, hands=[[], NINE[:8]], won={DOCKS: 2})
    state = act(state, 1, PASS)[1]
    assert state.phase == "discard" and RULES.to_act(state) == [2]
    facts, state = act(state, 2, {"type": "discard", "card": "sniper"})
    assert facts[0] == CardDiscarded(seat=2, card="sniper") and facts[1].winners == [2]
    assert state.phase == "over"
