"""Squad Combat: attacking under v1 (the reaction window, hits, negations, damage, death, elimination,
the last squad standing) and under v0.5 (attack and defense dice, modifiers) — one test per rule of
the text and per ruling."""

from __future__ import annotations

import pytest
from squad_table import act, kinds, refuse, table

from domain.engine.errors import IllegalCommand
from domain.games.squad_combat import RULESET as RULES
from domain.games.squad_combat.facts import (
    AttackFailed,
    AttackHit,
    AttackRolled,
    BattleCried,
    CardPlayed,
    CharacterDied,
    DefenderChanged,
    DieLost,
    GameEnded,
    PhaseStarted,
    PlayerEliminated,
)

V05 = {"rules": "v0.5"}
ALLOW = {"type": "allow"}
STRIKE_JIMBO = {"type": "play", "card": "strike", "performer": 1, "target": [2, 1]}  # the Bruiser's Strike
JIMBO, DUELIST, CAPTAIN = [2, 1, "jimbo"], [2, 2, "duelist"], [2, 3, "captain"]
BRUISER = [1, 1, "bruiser"]


def _react(card, performer):
    return {"type": "react", "card": card, "performer": performer}


# -- v1 ---------------------------------------------------------------------------------------------


def test_rule_the_attacker_pays_then_the_defending_player_alone_answers():
    state = table(hands=[["strike"], ["dodge"]], dice={(1, 1): [3, 5]})
    facts, state = act(state, 1, STRIKE_JIMBO)
    assert facts == [CardPlayed(seat=1, card="strike", performer=BRUISER, target=JIMBO, burden=3, dice=[3])]
    assert state.phase == "reaction" and RULES.to_act(state) == [2] and RULES.legal_commands(state, 1) == []
    assert state.character([1, 1])["burden"] == 3 and state.character([1, 1])["dice"] == [5]
    assert state.attack == {"seat": 1, "card": "strike", "attacker": BRUISER, "target": JIMBO, "reacted": False,
                            "resist": 0, "defense": 0, "attack_die": 0, "bonus": 0}
    assert state.player(1)["hand"] == []


def test_rule_an_attack_not_interrupted_hits_and_is_attached_under_the_defender():
    state = act(table(hands=[["strike"], ["dodge"]]), 1, STRIKE_JIMBO)[1]
    facts, state = act(state, 2, ALLOW)
    assert facts == [AttackHit(seat=1, card="strike", target=JIMBO, damage=3), PhaseStarted(seat=2, turn=1)]
    assert state.character([2, 1])["wounds"] == [{"card": "strike", "damage": 3, "owner": 1}]
    assert state.wounds([2, 1]) == 3 and state.player(1)["discard"] == [] and state.attack is None


def test_ruling_the_reaction_window_opens_even_when_the_defender_holds_no_reaction():
    state = act(table(hands=[["strike"], ["strike", "jab"]]), 1, STRIKE_JIMBO)[1]
    assert RULES.to_act(state) == [2] and RULES.legal_commands(state, 2) == [ALLOW]


def test_rule_a_negated_attack_and_the_reaction_are_discarded():
    state = act(table(hands=[["strike"], ["dodge"]], dice={(2, 1): [1, 4, 5]}), 1, STRIKE_JIMBO)[1]
    facts, state = act(state, 2, _react("dodge", 1))
    assert facts == [CardPlayed(seat=2, card="dodge", performer=JIMBO, target=JIMBO, burden=0, dice=[4]),
                     AttackFailed(seat=1, card="strike", reason="negated"), PhaseStarted(seat=2, turn=1)]
    assert state.player(1)["discard"] == ["strike"] and state.player(2)["discard"] == ["dodge"]
    assert state.character([2, 1])["wounds"] == [] and state.character([2, 1])["dice"] == [1, 5]


def test_ruling_who_may_react_and_with_what():
    state = act(table(hands=[["strike"], ["dodge", "intercept", "jab", "battle_cry"]], dice={(2, 1): [2, 3]}),
                1, STRIKE_JIMBO)[1]
    with pytest.raises(IllegalCommand, match="Dodge is performed by the character attacked"):
        refuse(state, 2, _react("dodge", 3))
    with pytest.raises(IllegalCommand, match=r"Jimbo's dice \[2, 3\] cannot pay \[4\]"):
        refuse(state, 2, _react("dodge", 1))
    with pytest.raises(IllegalCommand, match="Intercept is performed by another of your living characters"):
        refuse(state, 2, _react("intercept", 1))
    with pytest.raises(IllegalCommand, match=r"Duelist shares no trait with Intercept \(Foxtrot\)"):
        refuse(state, 2, _react("intercept", 2))
    for card, name in (("jab", "Jab"), ("battle_cry", "Battle Cry")):
        with pytest.raises(IllegalCommand, match=f"{name} is not a reaction"):
            refuse(state, 2, _react(card, 1))
    assert RULES.legal_commands(state, 2) == [_react("intercept", 3), ALLOW]


def test_ruling_one_reaction_per_attack():
    state = act(table(options=V05, hands=[["strike"], ["dodge", "brace"]]), 1, STRIKE_JIMBO)[1]
    state = act(state, 2, _react("brace", 1))[1]
    with pytest.raises(IllegalCommand, match="one reaction an attack: now defend"):
        refuse(state, 2, _react("dodge", 1))
    assert [c["type"] for c in RULES.legal_commands(state, 2)] == ["defend"] * 4
    # v1: the attack is settled with its one reaction (after an Intercept, the new defender gets none)
    state = act(table(hands=[["strike"], ["intercept", "dodge"]]), 1, STRIKE_JIMBO)[1]
    facts, state = act(state, 2, _react("intercept", 3))
    assert kinds(facts) == ["CardPlayed", "DefenderChanged", "AttackHit", "PhaseStarted"]


def test_ruling_a_player_who_has_passed_still_answers_attacks():
    state = table(hands=[["strike"], ["dodge"]], passed=[2])
    state = act(state, 1, STRIKE_JIMBO)[1]
    assert RULES.to_act(state) == [2] and RULES.legal_commands(state, 2) == [_react("dodge", 1), ALLOW]
    facts, state = act(state, 2, _react("dodge", 1))
    assert facts[-1] == PhaseStarted(seat=1, turn=1)  # seat 2 has passed: seat 1 acts again


def test_ruling_damage_is_the_card_plus_battle_cry_minus_resistance_never_below_zero_and_stays_attached():
    jab = {"type": "play", "card": "jab", "performer": 2, "target": [2, 1]}  # the Marksman's Jab: 2 damage
    state = act(table(hands=[["jab"], ["brace"]]), 1, jab)[1]
    facts, state = act(state, 2, _react("brace", 1))
    assert facts[1:] == [AttackHit(seat=1, card="jab", target=JIMBO, damage=0), PhaseStarted(seat=2, turn=1)]
    assert state.character([2, 1])["wounds"] == [{"card": "jab", "damage": 0, "owner": 1}]
    state = table(hands=[["battle_cry", "jab"], ["brace"]])
    facts, state = act(state, 1, {"type": "edge", "card": "battle_cry", "performer": 3})
    assert facts[1] == BattleCried(seat=1, bonus=2)
    state = act(state, 1, jab)[1]
    facts, state = act(state, 2, _react("brace", 1))
    assert facts[1] == AttackHit(seat=1, card="jab", target=JIMBO, damage=2)


def test_rule_a_character_dies_when_its_wounds_reach_its_hp_and_v1_keeps_its_cards_attached():
    wounds = [("haymaker", 6, 1), ("slash", 4, 1)]
    state = act(table(hands=[["strike", "strike"], []], wounds={(2, 1): wounds}, burden={(2, 1): 2}), 1, STRIKE_JIMBO)[1]
    facts, state = act(state, 2, ALLOW)  # 6 + 4 + 3 = 13: Jimbo's HP
    assert facts == [AttackHit(seat=1, card="strike", target=JIMBO, damage=3), CharacterDied(character=JIMBO),
                     PhaseStarted(seat=2, turn=1)]
    jimbo = state.character([2, 1])
    assert jimbo["dead"] is True and jimbo["dice"] == [] and jimbo["burden"] == 0
    assert [w["card"] for w in jimbo["wounds"]] == ["haymaker", "slash", "strike"] and state.wounds([2, 1]) == 13
    assert state.player(1)["discard"] == [] and state.living(2) == [2, 3]
    state = act(state, 2, {"type": "pass"})[1]
    with pytest.raises(IllegalCommand, match="Strike must target a living enemy character"):
        refuse(state, 1, STRIKE_JIMBO)


def test_rule_a_character_below_its_hp_lives():
    state = act(table(hands=[["strike"], []], wounds={(2, 1): [("haymaker", 6, 1), ("jab", 3, 1)]}), 1, STRIKE_JIMBO)[1]
    facts, state = act(state, 2, ALLOW)  # 12 of 13
    assert kinds(facts) == ["AttackHit", "PhaseStarted"] and not state.character([2, 1])["dead"]


def test_ruling_option_dead_wounds_discard_sends_a_dead_characters_cards_to_their_owners_discard_piles():
    state = table(3, options={"dead_wounds": "discard"}, hands=[["strike"], [], []],
                  wounds={(2, 1): [("haymaker", 6, 3), ("slash", 4, 1)]})
    state = act(state, 1, STRIKE_JIMBO)[1]
    facts, state = act(state, 2, ALLOW)
    assert facts == [AttackHit(seat=1, card="strike", target=JIMBO, damage=3), CharacterDied(character=JIMBO),
                     PhaseStarted(seat=2, turn=1)]
    assert state.character([2, 1])["wounds"] == [] and state.character([2, 1])["dead"] is True
    assert state.player(1)["discard"] == ["slash", "strike"] and state.player(3)["discard"] == ["haymaker"]


def test_ruling_v05_a_dead_character_is_removed_and_its_cards_go_to_their_owners_discard_piles():
    state = table(3, options=V05, hands=[["strike"], [], []], dice={(1, 1): [3, 6]},
                  wounds={(2, 1): [("haymaker", 6, 3), ("slash", 4, 1)]})
    state = act(state, 1, {**STRIKE_JIMBO, "attack_die": 6})[1]
    facts, state = act(state, 2, {"type": "defend", "die": 0})
    assert facts == [AttackRolled(attack_die=6, hit_modifier=0, defense_die=0, defense_modifier=0, hit=True),
                     AttackHit(seat=1, card="strike", target=JIMBO, damage=3), CharacterDied(character=JIMBO),
                     PhaseStarted(seat=2, turn=1)]
    assert state.character([2, 1])["wounds"] == [] and state.character([2, 1])["dead"] is True
    assert state.player(1)["discard"] == ["slash", "strike"] and state.player(3)["discard"] == ["haymaker"]


def test_ruling_a_player_with_no_living_character_is_out_and_the_others_play_on():
    state = table(3, hands=[["strike"], [], []], dead=[(2, 2), (2, 3)], wounds={(2, 1): [("haymaker", 6, 3), ("cleave", 5, 3)]},
                  passed=[3])
    state = act(state, 1, STRIKE_JIMBO)[1]
    facts, state = act(state, 2, ALLOW)
    assert facts == [AttackHit(seat=1, card="strike", target=JIMBO, damage=3), CharacterDied(character=JIMBO),
                     PlayerEliminated(seat=2), PhaseStarted(seat=1, turn=1)]
    assert state.player(2)["out"] is True and state.in_play() == [1, 3] and RULES.outcome(state) is None
    assert RULES.to_act(state) == [1]


def test_rule_the_last_player_with_characters_alive_wins():
    state = table(3, hands=[["strike"], [], []], dead=[(2, 2), (2, 3), (3, 1), (3, 2), (3, 3)], out=[3],
                  wounds={(2, 1): [("haymaker", 6, 1), ("cleave", 5, 1)]})
    state = act(state, 1, STRIKE_JIMBO)[1]
    facts, state = act(state, 2, ALLOW)
    assert facts == [AttackHit(seat=1, card="strike", target=JIMBO, damage=3), CharacterDied(character=JIMBO),
                     PlayerEliminated(seat=2), GameEnded(winners=[1], reason="the last player with characters alive")]
    assert state.phase == "over" and RULES.to_act(state) == []
    assert RULES.outcome(state).winners == [1] and RULES.outcome(state).reason == "the last player with characters alive"


def test_ruling_taunt_lasts_while_the_taunter_lives_and_until_the_end_of_the_turn():
    state = table(hands=[["strike", "strike"], ["taunt"]], current=2, wounds={(2, 3): [("haymaker", 6, 1), ("cleave", 5, 1),
                                                                                          ("jab", 2, 1)]})
    state = act(state, 2, {"type": "play", "card": "taunt", "performer": 3})[1]
    assert [c["target"] for c in RULES.legal_commands(state, 1) if c.get("card") == "strike"] == [[2, 3]] * 3
    state = act(state, 1, {**STRIKE_JIMBO, "target": [2, 3]})[1]
    facts, state = act(state, 2, ALLOW)  # 6 + 5 + 2 + 3 = 16 of the Captain's 15
    assert facts[1] == CharacterDied(character=CAPTAIN)
    state = act(state, 2, {"type": "pass"})[1]
    targets = sorted(c["target"] for c in RULES.legal_commands(state, 1) if c.get("card") == "strike")
    assert targets == [[2, 1]] * 3 + [[2, 2]] * 3
    state = table(hands=[["strike"], ["taunt"]], current=2, passed=[1], decks=[["jab"] * 4, ["jab"] * 5])
    state = act(state, 2, {"type": "play", "card": "taunt", "performer": 3})[1]
    assert state.taunts == {"2": 3} and RULES.to_act(state) == [2]
    state = act(state, 2, {"type": "pass"})[1]
    state = act(state, 1, {"type": "discard", "cards": []})[1]
    facts, state = act(state, 2, {"type": "discard", "cards": []}, *["jab"] * 9)
    assert facts[-1] == PhaseStarted(seat=1, turn=2) and state.taunts == {}
    assert {tuple(c["target"]) for c in RULES.legal_commands(state, 1) if c.get("card") == "strike"} == {(2, 1), (2, 2), (2, 3)}


# -- v0.5 -------------------------------------------------------------------------------------------


def test_rule_v05_the_attacker_may_spend_an_attack_die_left_after_paying_the_cost():
    state = table(options=V05, hands=[["strike"], []], dice={(1, 1): [3, 5]})
    with pytest.raises(IllegalCommand, match="the attacker has no die showing 3 left after paying the cost"):
        refuse(state, 1, {**STRIKE_JIMBO, "attack_die": 3})
    assert [c.get("attack_die") for c in RULES.legal_commands(state, 1) if c.get("performer") == 1] == [None, 5] * 3
    facts, state = act(state, 1, {**STRIKE_JIMBO, "attack_die": 5})
    assert facts == [CardPlayed(seat=1, card="strike", performer=BRUISER, target=JIMBO, burden=3, dice=[3], attack_die=5)]
    assert state.character([1, 1])["dice"] == [] and state.attack["attack_die"] == 5


def test_rule_v05_the_attack_hits_when_its_rating_is_at_least_the_defense_rating():
    state = act(table(options=V05, hands=[["strike"], []], dice={(1, 1): [3, 4], (2, 1): [4, 5]}),
                1, {**STRIKE_JIMBO, "attack_die": 4})[1]
    assert RULES.legal_commands(state, 2) == [{"type": "defend", "die": die} for die in (0, 4, 5)]
    facts, state = act(state, 2, {"type": "defend", "die": 4})
    assert facts == [DieLost(character=JIMBO, face=4),
                     AttackRolled(attack_die=4, hit_modifier=0, defense_die=4, defense_modifier=0, hit=True),
                     AttackHit(seat=1, card="strike", target=JIMBO, damage=3), PhaseStarted(seat=2, turn=1)]
    assert state.character([2, 1])["dice"] == [5]


def test_rule_v05_a_missed_attack_is_discarded():
    state = act(table(options=V05, hands=[["strike"], []], dice={(1, 1): [3, 4], (2, 1): [4, 5]}),
                1, {**STRIKE_JIMBO, "attack_die": 4})[1]
    facts, state = act(state, 2, {"type": "defend", "die": 5})
    assert facts == [DieLost(character=JIMBO, face=5),
                     AttackRolled(attack_die=4, hit_modifier=0, defense_die=5, defense_modifier=0, hit=False),
                     AttackFailed(seat=1, card="strike", reason="missed"), PhaseStarted(seat=2, turn=1)]
    assert state.player(1)["discard"] == ["strike"] and state.character([2, 1])["wounds"] == []


def test_rule_v05_a_declined_die_counts_as_zero_and_the_hit_modifier_is_added():
    jab = {"type": "play", "card": "jab", "performer": 2, "target": [2, 1]}  # Jab: hit +3, costs no die
    state = act(table(options=V05, hands=[["jab"], []], dice={(2, 1): [3, 4]}), 1, jab)[1]
    assert state.attack["attack_die"] == 0
    facts, state_after = act(state, 2, {"type": "defend", "die": 3})
    assert facts[1] == AttackRolled(attack_die=0, hit_modifier=3, defense_die=3, defense_modifier=0, hit=True)
    facts, state_after = act(state, 2, {"type": "defend", "die": 4})
    assert facts[1] == AttackRolled(attack_die=0, hit_modifier=3, defense_die=4, defense_modifier=0, hit=False)
    facts, state_after = act(state, 2, {"type": "defend", "die": 0})
    assert facts[0] == AttackRolled(attack_die=0, hit_modifier=3, defense_die=0, defense_modifier=0, hit=True)
    assert state_after.character([2, 1])["dice"] == [3, 4]


def test_ruling_v05_hit_modifiers_are_printed_on_the_attacks():
    haymaker = {"type": "play", "card": "haymaker", "performer": 1, "target": [2, 1], "attack_die": 6}
    state = act(table(options=V05, hands=[["haymaker"], []], dice={(1, 1): [5, 6]}), 1, haymaker)[1]
    facts, state = act(state, 2, {"type": "defend", "die": 4})
    assert facts[1] == AttackRolled(attack_die=6, hit_modifier=-2, defense_die=4, defense_modifier=0, hit=True)
    cards = state.cards.cards
    assert {c.id: c.v05["hit"] for c in cards.values() if c.kind == "attack"} == {
        "strike": 0, "haymaker": -2, "cleave": -1, "jab": 3, "quick_shot": 2, "slash": 0, "sap": 0, "disrupt": 1,
        "ground_pound": -2, "headshot": 1, "grudge": 0}


def test_ruling_v05_the_defense_die_is_one_on_the_defender():
    state = act(table(options=V05, hands=[["strike"], []]), 1, {**STRIKE_JIMBO, "attack_die": 2})[1]
    with pytest.raises(IllegalCommand, match=r"the defender has no die showing 5: its dice are \[2, 4, 6\]"):
        refuse(state, 2, {"type": "defend", "die": 5})


def test_ruling_v05_a_reaction_adds_its_defense_modifier_instead_of_negating():
    state = act(table(options=V05, hands=[["strike"], ["dodge"]], dice={(1, 1): [3, 6], (2, 1): [1, 4]}),
                1, {**STRIKE_JIMBO, "attack_die": 6})[1]
    facts, state = act(state, 2, _react("dodge", 1))
    assert facts == [CardPlayed(seat=2, card="dodge", performer=JIMBO, target=JIMBO, burden=0, dice=[4])]
    assert state.phase == "reaction" and state.attack["defense"] == 3 and state.attack["reacted"] is True
    assert RULES.legal_commands(state, 2) == [{"type": "defend", "die": 0}, {"type": "defend", "die": 1}]
    facts, state = act(state, 2, {"type": "defend", "die": 1})
    assert facts[1:] == [AttackRolled(attack_die=6, hit_modifier=0, defense_die=1, defense_modifier=3, hit=True),
                         AttackHit(seat=1, card="strike", target=JIMBO, damage=3), PhaseStarted(seat=2, turn=1)]
    assert state.player(2)["discard"] == ["dodge"]


def test_ruling_v05_riposte_adds_four_to_the_defense_and_burdens_nobody():
    strike = {**STRIKE_JIMBO, "target": [2, 2], "attack_die": 6}
    state = act(table(options=V05, hands=[["strike"], ["riposte"]], dice={(1, 1): [3, 6], (2, 2): [3, 5]}), 1, strike)[1]
    facts, state = act(state, 2, _react("riposte", 2))
    assert facts == [CardPlayed(seat=2, card="riposte", performer=DUELIST, target=DUELIST, burden=0, dice=[5])]
    facts, state = act(state, 2, {"type": "defend", "die": 3})
    assert facts == [DieLost(character=DUELIST, face=3),
                     AttackRolled(attack_die=6, hit_modifier=0, defense_die=3, defense_modifier=4, hit=False),
                     AttackFailed(seat=1, card="strike", reason="missed"), PhaseStarted(seat=2, turn=1)]
    assert state.character([1, 1])["burden"] == 3


def test_ruling_v05_intercept_adds_two_and_the_interceptor_defends_with_its_own_die():
    state = act(table(options=V05, hands=[["strike"], ["intercept"]], dice={(1, 1): [3, 5], (2, 3): [2, 3, 6]}),
                1, {**STRIKE_JIMBO, "attack_die": 5})[1]
    facts, state = act(state, 2, _react("intercept", 3))
    assert facts == [CardPlayed(seat=2, card="intercept", performer=CAPTAIN, target=JIMBO, burden=3, dice=[2]),
                     DefenderChanged(target=CAPTAIN)]
    assert RULES.legal_commands(state, 2) == [{"type": "defend", "die": die} for die in (0, 3, 6)]
    facts, state = act(state, 2, {"type": "defend", "die": 3})
    assert facts == [DieLost(character=CAPTAIN, face=3),
                     AttackRolled(attack_die=5, hit_modifier=0, defense_die=3, defense_modifier=2, hit=True),
                     AttackHit(seat=1, card="strike", target=CAPTAIN, damage=3), PhaseStarted(seat=2, turn=1)]
    assert state.wounds([2, 3]) == 3 and state.wounds([2, 1]) == 0


def test_ruling_v05_brace_adds_one_to_the_defense_and_resists_two():
    state = act(table(options=V05, hands=[["strike"], ["brace"]], dice={(1, 1): [3, 5]}),
                1, {**STRIKE_JIMBO, "attack_die": 5})[1]
    state = act(state, 2, _react("brace", 1))[1]
    facts, state = act(state, 2, {"type": "defend", "die": 4})
    assert facts[1:3] == [AttackRolled(attack_die=5, hit_modifier=0, defense_die=4, defense_modifier=1, hit=True),
                          AttackHit(seat=1, card="strike", target=JIMBO, damage=1)]


def test_ruling_allow_is_refused_under_v05_and_defend_under_v1():
    state = act(table(options=V05, hands=[["strike"], []]), 1, {**STRIKE_JIMBO, "attack_die": 2})[1]
    with pytest.raises(IllegalCommand, match=r"under the v0.5 rules the defender answers with a defense die: defend \(die 0 for none\)"):
        refuse(state, 2, ALLOW)
    state = act(table(hands=[["strike"], []]), 1, STRIKE_JIMBO)[1]
    with pytest.raises(IllegalCommand, match="v1 attacks hit unless a reaction stops them: react or allow"):
        refuse(state, 2, {"type": "defend", "die": 0})
