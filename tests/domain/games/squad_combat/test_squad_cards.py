"""Squad Combat: each card of the demo set (a ruling: the texts give no cards) does what its line in
RULINGS.md says — one test per card, with its cost, who may perform it and its effect."""

from __future__ import annotations

import pytest
from squad_table import act, kinds, refuse, table

from domain.engine.errors import IllegalCommand
from domain.games.squad_combat import RULESET as RULES
from domain.games.squad_combat.cards import parse_cost
from domain.games.squad_combat.facts import (
    AttackFailed,
    AttackHit,
    BattleCried,
    Burdened,
    BurdenRemoved,
    CardPlayed,
    DefenderChanged,
    DieAdded,
    DieLost,
    DiePoweredUp,
    PhaseStarted,
    Taunted,
    WoundHealed,
)

BRUISER, MARKSMAN, MEDIC = [1, 1, "bruiser"], [1, 2, "marksman"], [1, 3, "medic"]
JIMBO, DUELIST, CAPTAIN = [2, 1, "jimbo"], [2, 2, "duelist"], [2, 3, "captain"]
ALLOW = {"type": "allow"}


def _play(card, performer, target=None):
    command = {"type": "play", "card": card, "performer": performer}
    if target:
        command["target"] = list(target)
    return command


def _edge(card, performer, target=None):
    return {**_play(card, performer, target), "type": "edge"}


def _react(card, performer):
    return {"type": "react", "card": card, "performer": performer}


def _hit(state, seat, command, defender_seat):
    """Play an attack and let it hit: the facts of the play, the facts of the hit, the state after."""
    played, state = act(state, seat, command)
    hit, state = act(state, defender_seat, ALLOW)
    return played, hit, state


def test_ruling_the_demo_cards_are_those_of_the_rulings_table():
    cards = RULES.new_state(2, RULES.resolve_options({})).cards.cards
    table_of_cards = {
        "strike": ("attack", None, (), None, "<3>[3]", {"damage": 3}),
        "dodge": ("edge", "reaction", (), None, "[4]", {"negate": True}),
        "brace": ("edge", "reaction", (), None, "<2>", {"resist": 2}),
        "second_wind": ("action", None, (), None, "", {"restore": 4}),
        "haymaker": ("attack", None, ("Alpha",), None, "<4>[5]", {"damage": 6}),
        "cleave": ("attack", None, ("Alpha",), None, "<4>[4]", {"damage": 5}),
        "jab": ("attack", None, ("Beta",), None, "<2>", {"damage": 2}),
        "quick_shot": ("attack", None, ("Beta",), None, "<3>[2]", {"damage": 3}),
        "slash": ("attack", None, ("Charlie",), None, "<3>[3]", {"damage": 4}),
        "battle_cry": ("edge", "own", ("Charlie",), None, "<2>", {"battle_cry": 2}),
        "sap": ("attack", None, ("Delta",), None, "<5>[3]", {"damage": 3, "stun": 2}),
        "disrupt": ("attack", None, ("Delta",), None, "<4>[2]", {"damage": 2, "lose_die": True}),
        "mend": ("action", None, ("Echo",), None, "<3>[2]", {"heal": 4}),
        "triage": ("edge", "own", ("Echo",), None, "<3>", {"heal": 2}),
        "taunt": ("action", None, ("Foxtrot",), None, "<2>", {"taunt": True}),
        "intercept": ("edge", "reaction", ("Foxtrot",), None, "<3>[2]", {"intercept": True}),
        "focus": ("action", None, ("Gamma",), None, "<2>", {"power_up": 2}),
        "overcharge": ("edge", "own", ("Gamma",), None, "<2>", {"overcharge": 1}),
        "ground_pound": ("attack", None, (), "bruiser", "<5>[4][4]", {"damage": 7}),
        "headshot": ("attack", None, (), "marksman", "<4>[6]", {"damage": 6}),
        "field_surgery": ("action", None, (), "medic", "<4>[3]", {"heal": 6}),
        "grudge": ("attack", None, (), "jimbo", "<3>[2]", {"damage": 4, "stun": 1}),
        "riposte": ("edge", "reaction", (), "duelist", "[5]", {"negate": True, "burden_attacker": 2}),
        "rally": ("action", None, (), "captain", "<3>", {"rally": 2}),
    }
    assert {card.id: (card.kind, card.window, card.traits, card.character, card.cost, card.effect)
            for card in cards.values()} == {
        card: (kind, window, traits, character, parse_cost(cost), effect)
        for card, (kind, window, traits, character, cost, effect) in table_of_cards.items()}


# -- generic cards ----------------------------------------------------------------------------------


def test_card_strike_any_character_3_energy_a_die_of_3_3_damage():
    state = table(hands=[["strike"], []])
    played, hit, state = _hit(state, 1, _play("strike", 3, (2, 2)), 2)
    assert played == [CardPlayed(seat=1, card="strike", performer=MEDIC, target=DUELIST, burden=3, dice=[4])]
    assert hit == [AttackHit(seat=1, card="strike", target=DUELIST, damage=3), PhaseStarted(seat=2, turn=1)]


def test_card_dodge_a_die_of_4_negates_the_attack():
    state = act(table(hands=[["strike"], ["dodge"]], dice={(2, 2): [6, 5, 4]}), 1, _play("strike", 1, (2, 2)))[1]
    facts, state = act(state, 2, _react("dodge", 2))
    assert facts == [CardPlayed(seat=2, card="dodge", performer=DUELIST, target=DUELIST, burden=0, dice=[4]),
                     AttackFailed(seat=1, card="strike", reason="negated"), PhaseStarted(seat=2, turn=1)]
    assert sorted(state.character([2, 2])["dice"]) == [5, 6] and state.wounds([2, 2]) == 0


def test_card_brace_2_energy_resistance_2_against_this_attack():
    state = act(table(hands=[["strike"], ["brace"]]), 1, _play("strike", 1, (2, 2)))[1]
    facts, state = act(state, 2, _react("brace", 2))
    assert facts == [CardPlayed(seat=2, card="brace", performer=DUELIST, target=DUELIST, burden=2, dice=[]),
                     AttackHit(seat=1, card="strike", target=DUELIST, damage=1), PhaseStarted(seat=2, turn=1)]
    assert state.character([2, 2])["burden"] == 2 and state.player(2)["discard"] == ["brace"]


def test_card_brace_under_v05_adds_1_defense_and_still_resists_2_when_the_attack_hits():
    v05 = {"rules": "v0.5"}
    state = table(options=v05, hands=[["strike"], ["brace"]], dice={(1, 1): [3, 6], (2, 2): [4]})
    state = act(state, 1, {**_play("strike", 1, (2, 2)), "attack_die": 6})[1]
    state = act(state, 2, _react("brace", 2))[1]
    assert state.attack["defense"] == 1 and state.attack["resist"] == 2
    facts = act(state, 2, {"type": "defend", "die": 4})[0]  # 6 + 0 against 4 + 1: a hit, for 3 - 2
    assert facts[1].hit and facts[2] == AttackHit(seat=1, card="strike", target=DUELIST, damage=1)


def test_card_second_wind_costs_nothing_and_takes_up_to_4_burden_off_a_friendly_character():
    state = table(hands=[["second_wind", "second_wind", "second_wind"], []], burden={(1, 1): 6, (1, 2): 3})
    facts, state = act(state, 1, _play("second_wind", 2, (1, 1)))
    assert facts == [CardPlayed(seat=1, card="second_wind", performer=MARKSMAN, target=BRUISER, burden=0, dice=[]),
                     BurdenRemoved(character=BRUISER, tokens=4), PhaseStarted(seat=2, turn=1)]
    assert state.character([1, 1])["burden"] == 2
    state = act(state, 2, {"type": "pass"})[1]
    facts, state = act(state, 1, _play("second_wind", 2, (1, 2)))
    assert facts[1] == BurdenRemoved(character=MARKSMAN, tokens=3) and state.character([1, 2])["burden"] == 0
    with pytest.raises(IllegalCommand, match="Second Wind would change nothing: Medic has no burden token to take off"):
        refuse(state, 1, _play("second_wind", 2, (1, 3)))  # ruling 21
    state.options = {**state.options, "no_effect_plays": "allowed"}
    facts, state = act(state, 1, _play("second_wind", 2, (1, 3)))
    assert kinds(facts) == ["CardPlayed", "PhaseStarted"]  # no burden to take off
    v05 = table(options={"rules": "v0.5"}, hands=[["second_wind", "jab"], []], burden={(1, 1): 6})
    facts, v05 = act(v05, 1, {**_play("second_wind", 2, (1, 1)), "discard": ["jab"]})
    assert facts[0].discarded == ["jab"] and facts[1] == BurdenRemoved(character=BRUISER, tokens=4)


# -- trait cards ------------------------------------------------------------------------------------


def test_card_haymaker_alpha_4_energy_a_die_of_5_6_damage():
    state = table(hands=[["haymaker"], []], dice={(1, 1): [4, 5, 6]})
    with pytest.raises(IllegalCommand, match=r"Marksman shares no trait with Haymaker \(Alpha\)"):
        refuse(state, 1, _play("haymaker", 2, (2, 1)))
    played, hit, state = _hit(state, 1, _play("haymaker", 1, (2, 1)), 2)
    assert played == [CardPlayed(seat=1, card="haymaker", performer=BRUISER, target=JIMBO, burden=4, dice=[5])]
    assert hit[0] == AttackHit(seat=1, card="haymaker", target=JIMBO, damage=6)


def test_card_cleave_alpha_4_energy_a_die_of_4_5_damage():
    state = table(hands=[["cleave"], []], dice={(1, 1): [3, 4, 6]})
    played, hit, state = _hit(state, 1, _play("cleave", 1, (2, 3)), 2)
    assert played == [CardPlayed(seat=1, card="cleave", performer=BRUISER, target=CAPTAIN, burden=4, dice=[4])]
    assert hit[0] == AttackHit(seat=1, card="cleave", target=CAPTAIN, damage=5)


def test_card_jab_beta_2_energy_no_die_2_damage():
    state = table(hands=[["jab"], []], dice={(1, 2): []})
    played, hit, state = _hit(state, 1, _play("jab", 2, (2, 1)), 2)
    assert played == [CardPlayed(seat=1, card="jab", performer=MARKSMAN, target=JIMBO, burden=2, dice=[])]
    assert hit[0] == AttackHit(seat=1, card="jab", target=JIMBO, damage=2)


def test_card_quick_shot_beta_3_energy_a_die_of_2_3_damage():
    state = table(hands=[["quick_shot"], []], dice={(1, 2): [1, 2, 6]})
    played, hit, state = _hit(state, 1, _play("quick_shot", 2, (2, 1)), 2)
    assert played == [CardPlayed(seat=1, card="quick_shot", performer=MARKSMAN, target=JIMBO, burden=3, dice=[2])]
    assert hit[0] == AttackHit(seat=1, card="quick_shot", target=JIMBO, damage=3)


def test_card_slash_charlie_3_energy_a_die_of_3_4_damage():
    state = table(hands=[["slash"], []], dice={(1, 3): [3, 6]})
    played, hit, state = _hit(state, 1, _play("slash", 3, (2, 1)), 2)
    assert played == [CardPlayed(seat=1, card="slash", performer=MEDIC, target=JIMBO, burden=3, dice=[3])]
    assert hit[0] == AttackHit(seat=1, card="slash", target=JIMBO, damage=4)


def test_card_battle_cry_charlie_edge_2_energy_the_next_attack_this_turn_deals_2_more():
    state = table(hands=[["battle_cry", "slash", "slash"], []])
    facts, state = act(state, 1, _edge("battle_cry", 3))
    assert facts == [CardPlayed(seat=1, card="battle_cry", performer=MEDIC, target=[], burden=2, dice=[]),
                     BattleCried(seat=1, bonus=2)]
    assert RULES.to_act(state) == [1] and state.battle_cries == {"1": 2}
    played, hit, state = _hit(state, 1, _play("slash", 3, (2, 1)), 2)
    assert hit[0] == AttackHit(seat=1, card="slash", target=JIMBO, damage=6) and state.battle_cries == {}
    state = act(state, 2, {"type": "pass"})[1]
    played, hit, state = _hit(state, 1, _play("slash", 3, (2, 1)), 2)
    assert hit[0] == AttackHit(seat=1, card="slash", target=JIMBO, damage=4)  # the next attack only


def test_card_battle_cry_ends_with_the_turn():
    state = table(hands=[["battle_cry"], ["strike", "dodge", "brace", "jab", "slash"]], passed=[2],
                  decks=[["jab"] * 5, None])
    state = act(state, 1, _edge("battle_cry", 3))[1]
    state = act(state, 1, {"type": "pass"})[1]
    state = act(state, 1, {"type": "discard", "cards": []})[1]
    facts, state = act(state, 2, {"type": "discard", "cards": []}, *["jab"] * 5)
    assert facts[-1] == PhaseStarted(seat=1, turn=2) and state.battle_cries == {}


def test_card_sap_delta_5_energy_a_die_of_3_3_damage_and_stun_2():
    state = table(current=2, hands=[[], ["sap"]], dice={(2, 1): [3, 3]})
    played, hit, state = _hit(state, 2, _play("sap", 1, (1, 1)), 1)
    assert played == [CardPlayed(seat=2, card="sap", performer=JIMBO, target=BRUISER, burden=5, dice=[3])]
    assert hit == [AttackHit(seat=2, card="sap", target=BRUISER, damage=3), Burdened(character=BRUISER, tokens=2, reason="stun"),
                   PhaseStarted(seat=1, turn=1)]
    assert state.character([1, 1])["burden"] == 2
    weary = table(current=2, hands=[[], ["sap"]], burden={(1, 2): 7})  # the Marksman: 1 energy left
    played, hit, weary = _hit(weary, 2, _play("sap", 1, (1, 2)), 1)
    assert hit[1] == Burdened(character=MARKSMAN, tokens=1, reason="stun") and weary.energy([1, 2]) == 0


def test_card_disrupt_delta_4_energy_a_die_of_2_2_damage_and_the_target_loses_its_highest_die():
    state = table(current=2, hands=[[], ["disrupt"]], dice={(2, 1): [2], (1, 2): [5, 3, 6]})
    played, hit, state = _hit(state, 2, _play("disrupt", 1, (1, 2)), 1)
    assert played == [CardPlayed(seat=2, card="disrupt", performer=JIMBO, target=MARKSMAN, burden=4, dice=[2])]
    assert hit == [AttackHit(seat=2, card="disrupt", target=MARKSMAN, damage=2), DieLost(character=MARKSMAN, face=6),
                   PhaseStarted(seat=1, turn=1)]
    assert state.character([1, 2])["dice"] == [5, 3]


def test_card_mend_echo_3_energy_a_die_of_2_heal_4_takes_off_the_largest_wound_of_4_or_less():
    wounds = [("strike", 3, 2), ("slash", 4, 2), ("haymaker", 6, 2)]
    state = table(hands=[["mend"], []], wounds={(1, 1): wounds}, dice={(1, 3): [2]})
    with pytest.raises(IllegalCommand, match=r"Bruiser shares no trait with Mend \(Echo\)"):
        refuse(state, 1, _play("mend", 1, (1, 1)))
    facts, state = act(state, 1, _play("mend", 3, (1, 1)))
    assert facts == [CardPlayed(seat=1, card="mend", performer=MEDIC, target=BRUISER, burden=3, dice=[2]),
                     WoundHealed(character=BRUISER, card="slash", damage=4), PhaseStarted(seat=2, turn=1)]
    assert [w["card"] for w in state.character([1, 1])["wounds"]] == ["strike", "haymaker"]
    assert state.player(2)["discard"] == ["slash"] and state.player(1)["discard"] == ["mend"]


def test_card_triage_echo_edge_3_energy_heal_2():
    state = table(hands=[["triage"], []], wounds={(1, 2): [("strike", 3, 2), ("jab", 2, 2)]})
    facts, state = act(state, 1, _edge("triage", 3, (1, 2)))
    assert facts == [CardPlayed(seat=1, card="triage", performer=MEDIC, target=MARKSMAN, burden=3, dice=[]),
                     WoundHealed(character=MARKSMAN, card="jab", damage=2)]
    assert RULES.to_act(state) == [1] and state.wounds([1, 2]) == 3
    state = table(hands=[["triage"], []], wounds={(1, 1): [("strike", 3, 2)]})
    with pytest.raises(IllegalCommand, match="Triage would change nothing: Bruiser has no wound of 2 or less to heal"):
        refuse(state, 1, _edge("triage", 3, (1, 1)))  # ruling 21
    state = table(hands=[["triage"], []], wounds={(1, 1): [("strike", 3, 2)]}, options={"no_effect_plays": "allowed"})
    facts, state = act(state, 1, _edge("triage", 3, (1, 1)))
    assert kinds(facts) == ["CardPlayed"] and state.wounds([1, 1]) == 3  # no wound of 2 or less


def test_card_taunt_foxtrot_2_energy_enemy_attacks_must_target_the_taunter_this_turn():
    state = table(hands=[["strike"], ["taunt"]], current=2)
    facts, state = act(state, 2, _play("taunt", 3))
    assert facts == [CardPlayed(seat=2, card="taunt", performer=CAPTAIN, target=[], burden=2, dice=[]),
                     Taunted(character=CAPTAIN), PhaseStarted(seat=1, turn=1)]
    assert state.taunts == {"2": 3}
    assert [c["target"] for c in RULES.legal_commands(state, 1) if c["type"] == "play"] == [[2, 3]] * 3
    with pytest.raises(IllegalCommand, match=r"Strike must target a living enemy character \(a taunting one, if its player has one\)"):
        refuse(state, 1, _play("strike", 1, (2, 1)))


def test_card_intercept_foxtrot_reaction_3_energy_a_die_of_2_another_character_becomes_the_defender():
    state = act(table(hands=[["strike"], ["intercept"]], dice={(2, 3): [1, 2, 5]}), 1, _play("strike", 1, (2, 1)))[1]
    facts, state = act(state, 2, _react("intercept", 3))
    assert facts == [CardPlayed(seat=2, card="intercept", performer=CAPTAIN, target=JIMBO, burden=3, dice=[2]),
                     DefenderChanged(target=CAPTAIN),
                     AttackHit(seat=1, card="strike", target=CAPTAIN, damage=3), PhaseStarted(seat=2, turn=1)]
    assert state.wounds([2, 3]) == 3 and state.wounds([2, 1]) == 0 and state.character([2, 3])["burden"] == 3


def test_card_focus_gamma_2_energy_powers_up_the_lowest_die_below_6_twice():
    state = table(hands=[["focus"], []], dice={(1, 1): [2, 5, 6]})
    facts, state = act(state, 1, _play("focus", 2, (1, 1)))
    assert facts == [CardPlayed(seat=1, card="focus", performer=MARKSMAN, target=BRUISER, burden=2, dice=[]),
                     DiePoweredUp(character=BRUISER, before=2), DiePoweredUp(character=BRUISER, before=3),
                     PhaseStarted(seat=2, turn=1)]
    assert state.character([1, 1])["dice"] == [4, 5, 6]  # the same die twice: it stays the lowest
    state = table(hands=[["focus"], []], dice={(1, 3): [6, 5, 6]})
    facts, state = act(state, 1, _play("focus", 2, (1, 3)))
    assert facts[1:] == [DiePoweredUp(character=MEDIC, before=5), PhaseStarted(seat=2, turn=1)]  # to a maximum of 6
    assert state.character([1, 3])["dice"] == [6, 6, 6]


def test_card_overcharge_gamma_edge_2_energy_a_rolled_die_even_above_the_pool():
    state = table(hands=[["overcharge"], []])
    facts, state = act(state, 1, _edge("overcharge", 2, (1, 1)), 5)
    assert facts == [CardPlayed(seat=1, card="overcharge", performer=MARKSMAN, target=BRUISER, burden=2, dice=[]),
                     DieAdded(character=BRUISER, face=5)]
    assert state.character([1, 1])["dice"] == [2, 4, 6, 5] and RULES.to_act(state) == [1]


# -- character-specific cards -----------------------------------------------------------------------


def test_card_ground_pound_bruiser_only_5_energy_two_dice_of_4_7_damage():
    state = table(hands=[["ground_pound"], []], dice={(1, 1): [4, 4, 6]})
    played, hit, state = _hit(state, 1, _play("ground_pound", 1, (2, 3)), 2)
    assert played == [CardPlayed(seat=1, card="ground_pound", performer=BRUISER, target=CAPTAIN, burden=5, dice=[4, 4])]
    assert hit[0] == AttackHit(seat=1, card="ground_pound", target=CAPTAIN, damage=7)
    assert state.character([1, 1])["dice"] == [6]


def test_card_headshot_marksman_only_4_energy_a_6_6_damage():
    state = table(hands=[["headshot"], []], dice={(1, 2): [5, 6]})
    played, hit, state = _hit(state, 1, _play("headshot", 2, (2, 2)), 2)
    assert played == [CardPlayed(seat=1, card="headshot", performer=MARKSMAN, target=DUELIST, burden=4, dice=[6])]
    assert hit[0] == AttackHit(seat=1, card="headshot", target=DUELIST, damage=6)


def test_card_field_surgery_medic_only_4_energy_a_die_of_3_heal_6():
    state = table(hands=[["field_surgery"], []], wounds={(1, 1): [("ground_pound", 7, 2), ("haymaker", 6, 2), ("jab", 2, 2)]})
    with pytest.raises(IllegalCommand, match="only Medic may perform Field Surgery"):
        refuse(state, 1, _play("field_surgery", 2, (1, 1)))
    facts, state = act(state, 1, _play("field_surgery", 3, (1, 1)))
    assert facts == [CardPlayed(seat=1, card="field_surgery", performer=MEDIC, target=BRUISER, burden=4, dice=[4]),
                     WoundHealed(character=BRUISER, card="haymaker", damage=6), PhaseStarted(seat=2, turn=1)]
    assert state.wounds([1, 1]) == 9 and state.player(2)["discard"] == ["haymaker"]


def test_card_grudge_jimbo_only_3_energy_a_die_of_2_4_damage_and_stun_1():
    state = table(current=2, hands=[[], ["grudge"]])
    played, hit, state = _hit(state, 2, _play("grudge", 1, (1, 3)), 1)
    assert played == [CardPlayed(seat=2, card="grudge", performer=JIMBO, target=MEDIC, burden=3, dice=[2])]
    assert hit == [AttackHit(seat=2, card="grudge", target=MEDIC, damage=4), Burdened(character=MEDIC, tokens=1, reason="stun"),
                   PhaseStarted(seat=1, turn=1)]


def test_card_riposte_duelist_only_a_5_negates_and_burdens_the_attacker_2():
    state = act(table(hands=[["strike"], ["riposte"]], dice={(2, 2): [3, 5, 6]}),
                1, _play("strike", 1, (2, 2)))[1]
    facts, state = act(state, 2, _react("riposte", 2))
    assert facts == [CardPlayed(seat=2, card="riposte", performer=DUELIST, target=DUELIST, burden=0, dice=[5]),
                     Burdened(character=BRUISER, tokens=2, reason="riposte"),
                     AttackFailed(seat=1, card="strike", reason="negated"), PhaseStarted(seat=2, turn=1)]
    assert state.character([1, 1])["burden"] == 5 and state.player(1)["discard"] == ["strike"]
    spent = table(hands=[["strike"], ["riposte"]], burden={(1, 1): 5}, dice={(2, 2): [5]})
    spent = act(spent, 1, _play("strike", 1, (2, 2)))[1]  # the Bruiser: 8 - 5 - 3 = 0 energy left
    facts, spent = act(spent, 2, _react("riposte", 2))
    assert kinds(facts) == ["CardPlayed", "AttackFailed", "PhaseStarted"]  # no burden below 0 energy
    assert spent.character([1, 1])["burden"] == 8
    jimbo = act(table(hands=[["strike"], ["riposte"]], dice={(2, 1): [5]}), 1, _play("strike", 1, (2, 1)))[1]
    with pytest.raises(IllegalCommand, match="only Duelist may perform Riposte"):
        refuse(jimbo, 2, _react("riposte", 1))


def test_card_rally_captain_only_3_energy_each_friendly_living_character_loses_2_burden():
    state = table(current=2, hands=[[], ["rally"]], burden={(2, 1): 1, (2, 3): 0, (1, 1): 5}, dead=[(2, 2)])
    facts, state = act(state, 2, _play("rally", 3))
    assert facts == [CardPlayed(seat=2, card="rally", performer=CAPTAIN, target=[], burden=3, dice=[]),
                     BurdenRemoved(character=JIMBO, tokens=1), BurdenRemoved(character=CAPTAIN, tokens=2),
                     PhaseStarted(seat=1, turn=1)]
    assert [state.character([2, p])["burden"] for p in (1, 2, 3)] == [0, 0, 1] and state.character([1, 1])["burden"] == 5
