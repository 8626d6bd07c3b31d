"""Location CCG: what each demo surprise, asset and modifier does, and when and on what it may be
played — Adrenaline, Ambush, Windfall, Arrest (surprises, resolved at once and discarded as played),
Safehouse and Training Dojo (abilities once a turn, paid from the bank), Katana, Body Armor and Disguise
Kit (one modifier of each type on a character you control). Black Market is with the costs
(test_location_costs_and_cards). Rules LC-9, LC-10, LC-33 to LC-36, LC-73, LC-74; rulings 9, 25, 37."""

from __future__ import annotations

import copy

import pytest
from location_table import DOCKS, RULES, act, kinds, refuse, table

from domain.engine.errors import IllegalCommand
from domain.games.location_ccg.facts import (
    AbilityUsed,
    CardLeftPlay,
    CardPlayed,
    CardsDrawn,
    DamageDealt,
    ModifierRemoved,
    StatsBoosted,
)

MISSION = {"location": DOCKS, "attackers": ["1"], "defenders": ["2"]}


def _refused(state, seat, command, words):
    before = copy.deepcopy(state)
    with pytest.raises(IllegalCommand, match=words):
        refuse(state, seat, command)
    assert state == before


def _deploy(hand, bank, in_play, **kw):
    return table(phase="deploy", hands=[hand, kw.pop("hand_2", [])], banks=[bank, kw.pop("bank_2", [])],
                 in_play=in_play, **kw)


# -- surprises (LC-10, LC-33, ruling 25) ---------------------------------------------------------------------


def test_card_adrenaline_gives_plus_two_plus_two_until_the_end_of_the_turn():
    state = table(hands=[["adrenaline"], []], banks=[["katana"], []], in_play={"1": ("sniper", 1)}, modifiers={"1": ["disguise"]})
    facts, state = act(state, 1, {"type": "play", "card": "adrenaline", "target": "1"})
    assert facts[-1] == StatsBoosted(uid="1", bonus=[2, 2, 0], source="adrenaline")
    assert [state.stat("1", i) for i in range(3)] == [4, 3, 3]
    for _ in ("production", "mission", "deploy"):
        _, state = act(state, 1, {"type": "pass"})
    facts, state = act(state, 2, {"type": "pass"})
    assert "TurnEnded" in kinds(facts) and state.current == 2
    assert [state.stat("1", i) for i in range(3)] == [2, 1, 3]  # LC-33: the boost is gone, the modifier stays


def test_rule_lc_10_a_surprise_may_be_played_in_the_opponents_turn():
    state = table(phase="response", current=1, priority=2, hands=[[], ["arrest", "adrenaline"]],
                  banks=[[], ["colossus", "street_thug", "enforcer"]], in_play={"1": ("ninja_adept", 1, 0), "2": ("sniper", 2)})
    assert {"type": "play", "card": "arrest", "target": "1"} in RULES.legal_commands(state, 2)
    facts, after = act(state, 2, {"type": "play", "card": "arrest", "target": "1"})
    assert facts[1] == CardPlayed(seat=2, card="arrest", uid="", target="1") and "1" not in after.in_play
    # ruling 39: a boost at the end of the other player's turn changes nothing: not offered, refused
    assert all(command.get("card") != "adrenaline" for command in RULES.legal_commands(state, 2))
    _refused(state, 2, {"type": "play", "card": "adrenaline", "target": "1"}, "Adrenaline would change nothing on #1")
    state.options = {**state.options, "no_effect_plays": "allowed"}
    facts, state = act(state, 2, {"type": "play", "card": "adrenaline", "target": "1"})
    assert facts[1] == CardPlayed(seat=2, card="adrenaline", uid="", target="1")
    assert state.in_play["1"]["boost"] == [2, 2, 0] and state.player(2)["discard"] == ["colossus", "adrenaline"]


def test_rule_lc_10_a_surprise_outside_its_window_is_refused():
    state = table(hands=[[], ["adrenaline"]], banks=[[], ["colossus"]], in_play={"1": ("ninja_adept", 1)})
    _refused(state, 2, {"type": "play", "card": "adrenaline", "target": "1"}, "surprises are played in your own phases")


def test_ruling_25_a_surprise_is_in_its_owners_discard_pile_as_it_is_played():
    state = table(hands=[["adrenaline"], []], banks=[["katana"], []], in_play={"1": ("sniper", 1)})
    facts, _ = act(state, 1, {"type": "play", "card": "adrenaline", "target": "1"})
    assert kinds(facts) == ["ResourcesSpent", "CardPlayed", "StatsBoosted"]
    for fact in facts[:2]:
        state = RULES.evolve(state, fact)
    assert state.player(1)["discard"] == ["katana", "adrenaline"] and state.in_play["1"]["boost"] == [0, 0, 0]


def test_card_ambush_deals_two_damage_to_a_character_at_the_contested_location():
    state = table(phase="tricks", mission=MISSION, hands=[["ambush"], []], banks=[["sniper", "fixer"], []],
                  in_play={"1": ("ninja_adept", 1, DOCKS), "2": ("enforcer", 2, DOCKS)})
    facts, state = act(state, 1, {"type": "play", "card": "ambush", "target": "2"})
    assert facts[-1] == DamageDealt(uid="2", amount=2, source="ambush")
    assert state.in_play["2"]["damage"] == 2 and state.priority == 2  # the other player may answer


def test_card_ambush_is_played_only_during_a_mission_on_a_character_there():
    state = _deploy(["ambush"], ["sniper", "fixer"], {"1": ("ninja_adept", 1, DOCKS)})
    _refused(state, 1, {"type": "play", "card": "ambush", "target": "1"}, "Ambush is played during a mission")
    state = table(phase="tricks", mission=MISSION, hands=[["ambush"], []], banks=[["sniper", "fixer"], []],
                  in_play={"1": ("ninja_adept", 1, DOCKS), "2": ("enforcer", 2, DOCKS), "3": ("sniper", 2)})
    _refused(state, 1, {"type": "play", "card": "ambush", "target": "3"}, "at the contested location \\(.*cards: 1, 2\\)")


def test_rule_lc_73_a_destroyed_character_and_its_modifiers_go_to_the_void():
    state = table(phase="tricks", mission=MISSION, hands=[["ambush"], []], banks=[["sniper", "fixer"], []],
                  in_play={"1": ("ninja_adept", 1, DOCKS), "2": ("sniper", 2, DOCKS)},
                  damage={"2": 1}, modifiers={"2": ["body_armor"]})
    facts, state = act(state, 1, {"type": "play", "card": "ambush", "target": "2"})
    assert facts[-2:] == [ModifierRemoved(uid="2", card="body_armor", to="void"),
                          CardLeftPlay(uid="2", card="sniper", owner=2, how="destroyed", to="void")]
    assert state.player(2)["void"] == ["body_armor", "sniper"] and state.player(2)["discard"] == []


def test_card_windfall_draws_two_cards_for_a_production_point():
    state = table(hands=[["windfall"], []], banks=[["sniper"], []])
    facts, state = act(state, 1, {"type": "play", "card": "windfall"}, "katana", "dojo")
    assert kinds(facts) == ["CardPlayed", "CardsDrawn"]  # no resources spent (LC-36)
    assert facts[1] == CardsDrawn(seat=1, cards=["katana", "dojo"], reason="windfall")
    assert state.production == 2 and state.player(1)["bank"] == ["sniper"]
    assert state.player(1)["hand"] == ["katana", "dojo"] and state.player(1)["discard"] == ["windfall"]


def test_rule_lc_36_windfall_only_in_your_own_production_phase():
    state = _deploy(["windfall"], ["sniper"], {})
    _refused(state, 1, {"type": "play", "card": "windfall"}, "Windfall is played in your production phase")
    state = table(phase="response", priority=2, hands=[[], ["windfall"]])
    _refused(state, 2, {"type": "play", "card": "windfall"}, "Windfall is played in your production phase")


def test_card_arrest_kos_a_character_not_at_an_hq_into_its_owners_discard_pile():
    state = _deploy(["arrest"], ["street_thug", "sniper", "sniper"], {"1": ("ninja_adept", 2, DOCKS)},
                    modifiers={"1": ["katana"]})
    facts, state = act(state, 1, {"type": "play", "card": "arrest", "target": "1"})
    # LC-74: KO'd, face up in the discard pile, its modifier too
    assert facts[-2:] == [ModifierRemoved(uid="1", card="katana", to="discard"),
                          CardLeftPlay(uid="1", card="ninja_adept", owner=2, how="ko", to="discard")]
    assert state.player(2)["discard"] == ["katana", "ninja_adept"] and state.player(2)["void"] == []


def test_card_arrest_a_character_at_an_hq_is_not_a_target():
    state = _deploy(["arrest"], ["street_thug", "sniper", "sniper"], {"1": ("ninja_adept", 2), "2": ("sniper", 2, DOCKS)})
    _refused(state, 1, {"type": "play", "card": "arrest", "target": "1"}, "a character not at an HQ .*cards: 2")
    _refused(state, 1, {"type": "play", "card": "arrest"}, "Arrest needs a target")


# -- abilities (LC-34, LC-35, ruling 37) -----------------------------------------------------------------------


def test_card_safehouse_pays_two_points_to_draw_a_card():
    state = _deploy([], ["sniper", "ninja_adept", "fixer"], {"1": ("safehouse", 1)})
    facts, state = act(state, 1, {"type": "activate", "card": "1", "pay": ["sniper", "ninja_adept"]}, "dojo")
    assert kinds(facts) == ["ResourcesSpent", "AbilityUsed", "CardsDrawn"]
    assert facts[1:] == [AbilityUsed(seat=1, uid="1", target=""), CardsDrawn(seat=1, cards=["dojo"], reason="safehouse")]
    assert state.player(1)["hand"] == ["dojo"] and state.player(1)["bank"] == ["fixer"]
    assert "1" in state.in_play  # an asset stays in play


def test_ruling_37_an_ability_is_used_once_a_turn_and_again_the_next_turn():
    state = _deploy([], ["fixer", "fixer", "fixer"], {"1": ("safehouse", 1), "2": ("safehouse", 1)})
    _, state = act(state, 1, {"type": "activate", "card": "1"}, "dojo")
    _refused(state, 1, {"type": "activate", "card": "1"}, "Safehouse's ability was used this turn: once a turn")
    _, state = act(state, 1, {"type": "activate", "card": "2"}, "dojo")  # once a turn for each card
    _, state = act(state, 1, {"type": "pass"})
    for _ in range(3):  # the response window, then the other player's production and deploy phases
        _, state = act(state, 2, {"type": "pass"})
    assert (state.turn, state.current, state.phase, RULES.to_act(state)) == (2, 2, "response", [1])
    facts, _ = act(state, 1, {"type": "activate", "card": "1"}, "katana")
    assert facts[1:] == [AbilityUsed(seat=1, uid="1", target=""), CardsDrawn(seat=1, cards=["katana"], reason="safehouse")]


def test_ruling_37_an_ability_is_used_in_the_other_players_turn_in_their_windows():
    state = table(phase="response", priority=2, banks=[[], ["fixer"]], in_play={"1": ("safehouse", 2)})
    facts, state = act(state, 2, {"type": "activate", "card": "1"}, "katana")
    assert facts[-1] == CardsDrawn(seat=2, cards=["katana"], reason="safehouse")
    state = table(banks=[[], ["fixer"]], in_play={"1": ("safehouse", 2)})
    _refused(state, 2, {"type": "activate", "card": "1"}, "abilities are used in the same windows as surprises")


def test_ruling_37_only_your_own_cards_abilities():
    state = _deploy([], ["fixer"], {"1": ("safehouse", 2), "2": ("black_market", 1)})
    _refused(state, 1, {"type": "activate", "card": "1"}, "you have no card 1 in play")
    _refused(state, 1, {"type": "activate", "card": "2"}, "Black Market has no ability")


def test_card_dojo_gives_a_character_you_control_plus_one_zero_one():
    state = table(banks=[["fixer"], []], in_play={"1": ("dojo", 1), "2": ("ninja_adept", 1), "3": ("ninja_adept", 2)})
    _refused(state, 1, {"type": "activate", "card": "1", "target": "3"}, "a character you control \\(cards: 2\\)")
    facts, state = act(state, 1, {"type": "activate", "card": "1", "target": "2"})
    assert facts[-1] == StatsBoosted(uid="2", bonus=[1, 0, 1], source="dojo")
    assert [state.stat("2", i) for i in range(3)] == [4, 2, 2]


# -- modifiers (LC-9, ruling 9) -----------------------------------------------------------------------------


def test_card_katana_body_armor_and_disguise_one_of_each_type_on_a_character():
    state = _deploy(["katana", "body_armor", "disguise"], ["katana"] * 2 + ["sniper"] * 3 + ["fixer"],
                    {"1": ("ninja_adept", 1)})
    for card in ("katana", "body_armor", "disguise"):
        facts, state = act(state, 1, {"type": "play", "card": card, "target": "1"})
        assert facts[-1] == CardPlayed(seat=1, card=card, uid="", target="1")
    assert state.in_play["1"]["modifiers"] == ["katana", "body_armor", "disguise"]
    assert [state.stat("1", i) for i in range(3)] == [5, 4, 3]  # 3/2/1 +2/+0/+0 +0/+2/+0 +0/+0/+2


@pytest.mark.parametrize("keep", [None, "new", "old"])
def test_ruling_09_a_second_modifier_of_a_type_discards_one_of_them(keep):
    state = _deploy(["katana"], ["katana", "ninja_adept"], {"1": ("sniper", 1)}, modifiers={"1": ["katana", "disguise"]})
    command = {"type": "play", "card": "katana", "target": "1", **({"keep": keep} if keep else {})}
    _refused(state, 1, command, "Katana would change nothing")  # ruling 39: a Katana for a Katana, by default
    state = _deploy(["katana"], ["katana", "ninja_adept"], {"1": ("sniper", 1)}, modifiers={"1": ["katana", "disguise"]},
                    options={"no_effect_plays": "allowed"})
    facts, state = act(state, 1, command)
    # the pool has one card of each type, so "new" and "old" differ only in which Katana stays
    assert facts[-1] == ModifierRemoved(uid="1", card="katana", to="discard")
    assert sorted(state.in_play["1"]["modifiers"]) == ["disguise", "katana"]
    assert state.player(1)["discard"] == ["katana", "ninja_adept", "katana"] and state.stat("1", 0) == 4


def test_ruling_09_a_modifier_goes_on_a_character_you_control_in_your_deploy_phase():
    state = _deploy(["body_armor"], ["fixer"], {"1": ("sniper", 1), "2": ("sniper", 2)})
    _refused(state, 1, {"type": "play", "card": "body_armor", "target": "2"}, "a character you control \\(cards: 1\\)")
    _refused(state, 1, {"type": "play", "card": "body_armor"}, "Body Armor needs a target")
    state = table(hands=[["body_armor"], []], banks=[["fixer"], []], in_play={"1": ("sniper", 1)})
    _refused(state, 1, {"type": "play", "card": "body_armor", "target": "1"}, "modifiers are played in your deploy phase")


def test_card_ninja_adept_enters_the_hq_with_its_printed_stats():
    state = _deploy(["ninja_adept"], ["katana", "sniper"], {})
    facts, state = act(state, 1, {"type": "play", "card": "ninja_adept"})
    assert facts[-1] == CardPlayed(seat=1, card="ninja_adept", uid="1", target="")
    assert [state.stat("1", i) for i in range(3)] == [3, 2, 1] and state.in_play["1"]["at"] == "hq"
    _refused(table(hands=[["ninja_adept"], []], banks=[["katana", "sniper"], []]), 1,
             {"type": "play", "card": "ninja_adept"}, "characters are played in your deploy phase")
