"""Squad Combat: performing cards (who may, trait match, generic and character-specific cards, energy,
dice and v0.5 card costs, targets, edges and actions) and refreshing dice — one test per rule of the
text and per ruling, each refusal with its message."""

from __future__ import annotations

import pytest
from squad_table import act, kinds, refuse, table

from domain.engine.errors import IllegalCommand
from domain.games.squad_combat import RULESET as RULES
from domain.games.squad_combat.checks import dice_paid
from domain.games.squad_combat.facts import (
    BurdenRemoved,
    CardPlayed,
    DiceRefreshed,
    PhaseStarted,
    Taunted,
)

RED_BRUISER, RED_MARKSMAN, RED_MEDIC = 1, 2, 3
JIMBO, DUELIST, CAPTAIN = 1, 2, 3


def _play(card, performer, target=None, **more):
    command = {"type": "play", "card": card, "performer": performer, **more}
    if target:
        command["target"] = list(target)
    return command


# -- who performs a card ----------------------------------------------------------------------------


def test_rule_every_card_is_performed_by_a_character_you_control():
    state = table(hands=[["jab"], []])
    facts, state = act(state, 1, _play("jab", RED_MARKSMAN, (2, 1)))
    assert facts == [CardPlayed(seat=1, card="jab", performer=[1, 2, "marksman"], target=[2, 1, "jimbo"], burden=2, dice=[])]
    with pytest.raises(IllegalCommand, match="you have no 'jab' in your hand"):
        refuse(table(hands=[["strike"], ["jab"]]), 1, _play("jab", RED_MARKSMAN, (2, 1)))


def test_rule_a_character_must_share_a_trait_with_the_card():
    state = table(hands=[["jab", "slash"], []])
    with pytest.raises(IllegalCommand, match=r"Bruiser shares no trait with Jab \(Beta\)"):
        refuse(state, 1, _play("jab", RED_BRUISER, (2, 1)))
    with pytest.raises(IllegalCommand, match=r"Marksman shares no trait with Slash \(Charlie\)"):
        refuse(state, 1, _play("slash", RED_MARKSMAN, (2, 1)))
    performers = {(c["card"], c["performer"]) for c in RULES.legal_commands(state, 1) if c["type"] == "play"}
    assert performers == {("jab", RED_MARKSMAN), ("slash", RED_MEDIC)}


def test_ruling_one_shared_trait_of_several_suffices():
    state = table(hands=[["cleave", "taunt"], []], dice={(1, 1): [4]})  # Bruiser: Alpha and Foxtrot
    facts, state = act(state, 1, _play("taunt", RED_BRUISER))
    assert facts[:2] == [CardPlayed(seat=1, card="taunt", performer=[1, 1, "bruiser"], target=[], burden=2, dice=[]),
                         Taunted(character=[1, 1, "bruiser"])]
    state = act(state, 2, {"type": "pass"})[1]
    facts, state = act(state, 1, _play("cleave", RED_BRUISER, (2, 2)))
    assert facts == [CardPlayed(seat=1, card="cleave", performer=[1, 1, "bruiser"], target=[2, 2, "duelist"],
                                burden=4, dice=[4])]


def test_ruling_generic_cards_are_performed_by_any_character():
    state = table(hands=[["strike"], []])
    assert [c["performer"] for c in RULES.legal_commands(state, 1) if c.get("card") == "strike" and c["target"] == [2, 1]] \
        == [1, 2, 3]


def test_ruling_a_character_specific_card_is_performed_only_by_that_character():
    state = table(hands=[["headshot"], []], dice={(1, 1): [6], (1, 2): [6], (1, 3): [6]})
    for place in (RED_BRUISER, RED_MEDIC):
        with pytest.raises(IllegalCommand, match="only Marksman may perform Headshot"):
            refuse(state, 1, _play("headshot", place, (2, 1)))
    assert {c["performer"] for c in RULES.legal_commands(state, 1) if c["type"] == "play"} == {RED_MARKSMAN}


def test_ruling_a_dead_character_performs_nothing():
    state = table(hands=[["strike"], []], dead=[(1, 1)])
    with pytest.raises(IllegalCommand, match="a dead character performs nothing"):
        refuse(state, 1, _play("strike", RED_BRUISER, (2, 1)))
    with pytest.raises(IllegalCommand, match=r"refresh a living character of yours \(place 1 to 3\)"):
        refuse(state, 1, {"type": "refresh", "character": RED_BRUISER})
    legal = RULES.legal_commands(state, 1)
    assert {c.get("performer") for c in legal if c["type"] == "play"} == {2, 3}
    assert {c["character"] for c in legal if c["type"] == "refresh"} == {2, 3}


# -- costs ------------------------------------------------------------------------------------------


def test_rule_an_energy_cost_places_that_many_burden_tokens_on_the_performer():
    state = table(hands=[["haymaker"], []], burden={(1, 1): 1}, dice={(1, 1): [5]})
    facts, state = act(state, 1, _play("haymaker", RED_BRUISER, (2, 3)))
    assert facts[0].burden == 4 and facts[0].dice == [5]
    assert state.character([1, 1])["burden"] == 5 and state.energy([1, 1]) == 3 and state.character([1, 1])["dice"] == []


def test_rule_an_energy_cost_needs_current_energy_of_at_least_x():
    # Bruiser: energy 8; Strike costs <3>[3]
    with pytest.raises(IllegalCommand, match="Bruiser has 2 energy left, not the 3 it costs"):
        refuse(table(hands=[["strike"], []], burden={(1, 1): 6}), 1, _play("strike", RED_BRUISER, (2, 1)))
    facts, state = act(table(hands=[["strike"], []], burden={(1, 1): 5}), 1, _play("strike", RED_BRUISER, (2, 1)))
    assert facts[0].burden == 3 and state.energy([1, 1]) == 0


def test_rule_a_dice_cost_spends_a_die_meeting_or_exceeding_it():
    state = table(hands=[["strike", "haymaker"], []], dice={(1, 1): [2, 3]})
    facts, state = act(state, 1, _play("strike", RED_BRUISER, (2, 1)))
    assert facts[0].dice == [3] and state.character([1, 1])["dice"] == [2]
    state = table(hands=[["strike"], []], dice={(1, 1): [2, 2]})
    with pytest.raises(IllegalCommand, match=r"Bruiser's dice \[2, 2\] cannot pay \[3\]"):
        refuse(state, 1, _play("strike", RED_BRUISER, (2, 1)))
    assert [c["performer"] for c in RULES.legal_commands(state, 1) if c["type"] == "play"] == [2, 2, 2, 3, 3, 3]


def test_ruling_dice_are_paid_with_the_smallest_die_meeting_each_need_smallest_need_first():
    assert dice_paid([5, 2], (2, 4)) == [2, 5]  # the text's [2][4]
    assert dice_paid([6, 1, 3], (1,)) == [1]  # <3>[1]: a die of any value
    assert dice_paid([4, 3], (2, 4)) == [3, 4]
    assert dice_paid([3, 3], (2, 4)) is None
    assert dice_paid([6, 4, 5, 3], (4, 4)) == [4, 5]
    state = table(hands=[["ground_pound"], []], dice={(1, 1): [6, 4, 5, 3]})
    facts, state = act(state, 1, _play("ground_pound", RED_BRUISER, (2, 1)))
    assert facts[0] == CardPlayed(seat=1, card="ground_pound", performer=[1, 1, "bruiser"], target=[2, 1, "jimbo"],
                                  burden=5, dice=[4, 5])
    assert sorted(state.character([1, 1])["dice"]) == [3, 6]


def test_rule_v05_a_card_cost_discards_the_cards_named_in_discard():
    state = table(options={"rules": "v0.5"}, hands=[["second_wind", "jab", "strike"], []], burden={(1, 2): 5})
    facts, state = act(state, 1, _play("second_wind", RED_MEDIC, (1, 2), discard=["jab"]))
    assert facts == [
        CardPlayed(seat=1, card="second_wind", performer=[1, 3, "medic"], target=[1, 2, "marksman"], burden=0, dice=[],
                   discarded=["jab"]),
        BurdenRemoved(character=[1, 2, "marksman"], tokens=4),
        PhaseStarted(seat=2, turn=1),
    ]
    assert state.player(1)["hand"] == ["strike"] and state.player(1)["discard"] == ["jab", "second_wind"]


def test_rule_v05_a_card_cost_needs_other_cards_in_hand():
    options = {"rules": "v0.5"}
    state = table(options=options, hands=[["second_wind", "jab"], []], burden={(1, 2): 5})
    with pytest.raises(IllegalCommand, match=r"Second Wind costs 1 other card\(s\) from your hand to discard, named in 'discard'"):
        refuse(state, 1, _play("second_wind", RED_MEDIC, (1, 2)))
    with pytest.raises(IllegalCommand, match=r"Second Wind costs 1 other card\(s\)"):
        refuse(state, 1, _play("second_wind", RED_MEDIC, (1, 2), discard=["second_wind"]))
    with pytest.raises(IllegalCommand, match=r"Second Wind costs 1 other card\(s\)"):
        refuse(state, 1, _play("second_wind", RED_MEDIC, (1, 2), discard=["jab", "jab"]))
    alone = table(options=options, hands=[["second_wind"], []], burden={(1, 2): 5})
    with pytest.raises(IllegalCommand, match=r"it costs 1 more card\(s\) from your hand to discard"):
        refuse(alone, 1, _play("second_wind", RED_MEDIC, (1, 2), discard=["jab"]))
    assert RULES.legal_commands(alone, 1) == [{"type": "refresh", "character": p} for p in (1, 3)] + [{"type": "pass"}]


def test_ruling_v1_costs_no_cards():
    state = table(hands=[["second_wind", "jab"], []], burden={(1, 2): 5})
    with pytest.raises(IllegalCommand, match=r"Second Wind costs 0 other card\(s\)"):
        refuse(state, 1, _play("second_wind", RED_MEDIC, (1, 2), discard=["jab"]))
    facts, state = act(state, 1, _play("second_wind", RED_MEDIC, (1, 2)))
    assert facts[0].discarded == [] and state.player(1)["hand"] == ["jab"]


def test_ruling_an_attack_die_is_named_only_under_v05():
    state = table(hands=[["strike"], []], dice={(1, 1): [3, 5]})
    with pytest.raises(IllegalCommand, match="an attack die is named only for an attack under the v0.5 rules"):
        refuse(state, 1, _play("strike", RED_BRUISER, (2, 1), attack_die=5))


# -- targets ----------------------------------------------------------------------------------------


def test_ruling_attacks_target_a_living_enemy_character():
    state = table(hands=[["strike", "mend", "taunt"], []], dead=[(2, 2)])
    with pytest.raises(IllegalCommand, match="Strike needs a target: an enemy character"):
        refuse(state, 1, _play("strike", RED_BRUISER))
    for target in ((1, 2), (2, 2)):
        with pytest.raises(IllegalCommand, match=r"Strike must target a living enemy character \(a taunting one"):
            refuse(state, 1, _play("strike", RED_BRUISER, target))
    assert sorted(c["target"] for c in RULES.legal_commands(state, 1) if c.get("card") == "strike") == [[2, 1], [2, 1], [2, 1],
                                                                                                         [2, 3], [2, 3], [2, 3]]


def test_ruling_friendly_actions_name_a_living_character_of_yours_and_others_take_no_target():
    state = table(hands=[["mend", "taunt"], []], dead=[(1, 1)])
    with pytest.raises(IllegalCommand, match="Mend needs a target: a living character of yours"):
        refuse(state, 1, _play("mend", RED_MEDIC))
    for target in ((2, 1), (1, 1)):
        with pytest.raises(IllegalCommand, match="Mend must target a living character of yours"):
            refuse(state, 1, _play("mend", RED_MEDIC, target))
    state = table(hands=[["taunt"], []])
    with pytest.raises(IllegalCommand, match="Taunt takes no target"):
        refuse(state, 1, _play("taunt", RED_BRUISER, (1, 1)))


# -- actions and edges ------------------------------------------------------------------------------


def test_rule_an_action_takes_your_action_and_an_edge_does_not():
    state = table(hands=[["triage", "battle_cry", "second_wind"], []], wounds={(1, 1): [("jab", 2, 2)]})
    facts, state = act(state, 1, {"type": "edge", "card": "triage", "performer": RED_MEDIC, "target": [1, 1]})
    assert kinds(facts) == ["CardPlayed", "WoundHealed"] and RULES.to_act(state) == [1]
    facts, state = act(state, 1, {"type": "edge", "card": "battle_cry", "performer": RED_MEDIC})
    assert kinds(facts) == ["CardPlayed", "BattleCried"] and RULES.to_act(state) == [1]
    facts, state = act(state, 1, _play("second_wind", RED_MEDIC, (1, 3)))
    assert kinds(facts) == ["CardPlayed", "BurdenRemoved", "PhaseStarted"] and RULES.to_act(state) == [2]


def test_rule_actions_and_edges_are_discarded_after_resolution():
    state = table(hands=[["triage", "second_wind", "strike"], []], wounds={(1, 1): [("jab", 2, 2)]})
    state = act(state, 1, {"type": "edge", "card": "triage", "performer": RED_MEDIC, "target": [1, 1]})[1]
    state = act(state, 1, _play("second_wind", RED_BRUISER, (1, 3)))[1]
    assert state.player(1)["discard"] == ["triage", "second_wind"] and state.player(1)["hand"] == ["strike"]
    assert state.player(2)["discard"] == ["jab"]  # the healed wound goes to its owner


def test_ruling_edges_are_played_with_edge_and_reactions_only_answer_attacks():
    state = table(hands=[["battle_cry", "dodge", "strike"], []])
    with pytest.raises(IllegalCommand, match="Battle Cry is an edge: play it with 'edge', it does not take your action"):
        refuse(state, 1, _play("battle_cry", RED_MEDIC))
    with pytest.raises(IllegalCommand, match="Dodge is a reaction: it answers an attack on your character"):
        refuse(state, 1, {"type": "edge", "card": "dodge", "performer": RED_BRUISER})
    with pytest.raises(IllegalCommand, match="Strike is not an edge"):
        refuse(state, 1, {"type": "edge", "card": "strike", "performer": RED_BRUISER, "target": [2, 1]})
    assert "dodge" not in {c.get("card") for c in RULES.legal_commands(state, 1)}
    assert {"type": "edge", "card": "battle_cry", "performer": RED_MEDIC} in RULES.legal_commands(state, 1)


# -- refreshing dice --------------------------------------------------------------------------------


def test_rule_refresh_jimbo_pays_2_energy_rolls_3_dice_and_keeps_3_of_the_4():
    state = table(squads=["blue", "red"], dice={(1, JIMBO): [3]}, burden={(1, JIMBO): 5})
    facts, state = act(state, 1, {"type": "refresh", "character": JIMBO}, 5, 1, 6)
    assert facts == [DiceRefreshed(character=[1, 1, "jimbo"], burden=2, rolled=[5, 1, 6], kept=[6, 5, 3]),
                     PhaseStarted(seat=2, turn=1)]
    assert state.character([1, 1])["dice"] == [6, 5, 3] and state.character([1, 1])["burden"] == 7


def test_rule_refresh_adds_the_fixed_faces_as_printed_and_rolls_the_r_dice():
    state = table(squads=["blue", "red"], dice={(1, DUELIST): [1, 1]})
    facts, state = act(state, 1, {"type": "refresh", "character": DUELIST}, 2)  # pool 34R: one die rolled
    assert facts[0] == DiceRefreshed(character=[1, 2, "duelist"], burden=5, rolled=[3, 4, 2], kept=[4, 3, 2])


def test_ruling_v05_a_refresh_rolls_every_die_of_the_pool():
    state = table(options={"rules": "v0.5"}, squads=["blue", "red"], dice={(1, DUELIST): [1, 1]})
    facts, state = act(state, 1, {"type": "refresh", "character": DUELIST}, 1, 6, 2)
    assert facts[0] == DiceRefreshed(character=[1, 2, "duelist"], burden=5, rolled=[1, 6, 2], kept=[6, 2, 1])


def test_rule_refresh_needs_the_refresh_energy():
    state = table(squads=["blue", "red"], burden={(1, JIMBO): 6})
    with pytest.raises(IllegalCommand, match="Jimbo needs 2 energy to refresh and has 1"):
        refuse(state, 1, {"type": "refresh", "character": JIMBO})
    assert {"type": "refresh", "character": JIMBO} not in RULES.legal_commands(state, 1)
    state = table(squads=["blue", "red"], burden={(1, JIMBO): 5})
    facts, state = act(state, 1, {"type": "refresh", "character": JIMBO}, 1, 1, 1)
    assert state.energy([1, 1]) == 0


def test_ruling_a_refresh_is_possible_with_a_full_pool_and_trims_overcharged_dice():
    state = table(dice={(1, RED_MARKSMAN): [1, 2, 3, 6]})  # four dice after an Overcharge; pool 5RR
    facts, state = act(state, 1, {"type": "refresh", "character": RED_MARKSMAN}, 1, 4)
    assert facts[0] == DiceRefreshed(character=[1, 2, "marksman"], burden=5, rolled=[5, 1, 4], kept=[6, 5, 4])
    assert state.character([1, 2])["dice"] == [6, 5, 4]
