"""Location CCG: declaring a mission and pairing its characters (LC-45, LC-48 to LC-55) — one attack a
turn on one location, the attackers from the HQ, the defenders from the other HQ, challengers and
opposers in turn — and the rulings on declaring (16), defending (17), pairing (19) and missions without
defenders (20), with the bad commands of each step refused and the state left as it was."""

from __future__ import annotations

import pytest
from location_table import CASINO, DOCKS, DOWNTOWN, act, refuse, table

from domain.engine.errors import IllegalCommand
from domain.games.location_ccg import RULESET as RULES
from domain.games.location_ccg.checks import in_combat
from domain.games.location_ccg.facts import (
    AttackDeclared,
    Challenged,
    CharacterSent,
    MissionEnded,
    Opposed,
    Passed,
    PhaseBegan,
    SkillChecked,
    VictoryTokenPlaced,
)

PASS = {"type": "pass"}


def _refused(state, seat, command):
    """The command, from the seat to act, is refused and leaves the state as it was."""
    assert seat in RULES.to_act(state)
    before = state.copy()
    with pytest.raises(IllegalCommand):
        refuse(state, seat, command)
    assert state == before


def _challenge(uid):
    return {"type": "challenge", "character": uid}


def _oppose(uid):
    return {"type": "oppose", "character": uid}


def _send(uid):
    return {"type": "send", "character": uid}


def _pairing(attackers, defenders, home=None):
    """Step 3 at Docks: seat 1's attackers and seat 2's defenders there (``home``: other characters, at
    their HQ), seat 1 to choose a challenger."""
    in_play = {uid: (card, 1, DOCKS) for uid, card in attackers.items()}
    in_play |= {uid: (card, 2, DOCKS) for uid, card in defenders.items()} | (home or {})
    return table(phase="challenge", in_play=in_play,
                 mission={"location": DOCKS, "attackers": list(attackers), "defenders": list(defenders)})


THREE_ON_THREE = ({"1": "fixer", "2": "fixer", "3": "fixer"}, {"4": "fixer", "5": "fixer", "6": "fixer"})


# -- one attack a turn, optional (LC-45, LC-48, ruling 16) --------------------------------------------------


def test_rule_lc_48_attacking_is_optional_a_pass_goes_to_the_deploy_phase():
    facts, state = act(table(phase="mission", in_play={"1": ("ninja_adept", 1)}), 1, PASS)
    assert facts == [PhaseBegan(phase="deploy", seat=1)]
    assert state.mission is None and state.in_play["1"]["at"] == "hq"


def test_rule_lc_45_one_location_every_attacker_goes_to_it():
    state = table(phase="mission", in_play={"1": ("ninja_adept", 1), "2": ("fixer", 1)})
    state = act(state, 1, {"type": "attack", "location": 3})[1]
    for uid in ("1", "2"):
        facts, state = act(state, 1, _send(uid))
        assert facts == [CharacterSent(uid=uid, location=DOWNTOWN)]
    assert state.in_play["1"]["at"] == state.in_play["2"]["at"] == DOWNTOWN
    _refused(state, 1, {"type": "attack", "location": 1})  # no second location in the same mission


def test_rule_lc_45_one_attack_a_turn():
    state = table(phase="mission", in_play={"1": ("ninja_adept", 1), "2": ("fixer", 1)})
    state = act(state, 1, {"type": "attack", "location": 1, "characters": [1]})[1]
    state = act(act(state, 1, PASS)[1], 2, PASS)[1]  # no defenders: the tricks window, then combat
    assert state.phase == "deploy" and state.mission is None and state.attacked
    assert not [c for c in RULES.legal_commands(state, 1) if c["type"] == "attack"]
    _refused(state, 1, {"type": "attack", "location": 2, "characters": [2]})


def test_ruling_16_the_mission_phase_is_skipped_without_a_character_at_the_hq():
    state = table(production=1, hands=[["sniper"], []], in_play={"1": ("ninja_adept", 1, DOCKS), "2": ("fixer", 2)})
    facts, state = act(state, 1, {"type": "bank", "card": "sniper"})
    assert facts[-1] == PhaseBegan(phase="deploy", seat=1)
    facts, state = act(table(in_play={"2": ("fixer", 2)}), 1, PASS)
    assert facts == [PhaseBegan(phase="deploy", seat=1)]


def test_ruling_16_attack_then_send_one_by_one_then_pass():
    state = table(phase="mission", in_play={"1": ("ninja_adept", 1), "2": ("fixer", 1), "3": ("sniper", 1),
                                            "4": ("enforcer", 2)})
    facts, state = act(state, 1, {"type": "attack", "location": 2})
    assert facts == [AttackDeclared(seat=1, location=CASINO), PhaseBegan(phase="attackers", seat=1)]
    assert RULES.legal_commands(state, 1) == [_send("1"), _send("2"), _send("3")]  # no pass: nobody sent yet
    state = act(act(state, 1, _send(3))[1], 1, _send(1))[1]
    facts, state = act(state, 1, PASS)
    assert facts == [PhaseBegan(phase="defenders", seat=2)]
    assert state.mission["attackers"] == ["3", "1"] and state.in_play["2"]["at"] == "hq"


def test_ruling_16_attack_with_the_characters_at_once():
    state = table(phase="mission", in_play={"1": ("ninja_adept", 1), "2": ("fixer", 1), "4": ("enforcer", 2)})
    facts, state = act(state, 1, {"type": "attack", "location": 1, "characters": [2, 1]})
    assert facts == [AttackDeclared(seat=1, location=DOCKS), PhaseBegan(phase="attackers", seat=1),
                     CharacterSent(uid="2", location=DOCKS), CharacterSent(uid="1", location=DOCKS),
                     PhaseBegan(phase="defenders", seat=2)]
    assert state.mission["attackers"] == ["2", "1"]


def test_ruling_16_passing_the_attackers_step_with_nobody_sent_is_refused():
    state = act(table(phase="mission", in_play={"1": ("ninja_adept", 1)}), 1, {"type": "attack", "location": 1})[1]
    _refused(state, 1, PASS)


@pytest.mark.parametrize("uid", ["4", "5", "9", "1"])
def test_rule_lc_49_attackers_come_from_your_own_hq(uid):
    """The other player's character, one of yours at a location, one not in play, one already sent."""
    state = table(phase="mission", in_play={"1": ("ninja_adept", 1), "2": ("fixer", 1), "4": ("enforcer", 2),
                                            "5": ("sniper", 1, CASINO)})
    state = act(state, 1, {"type": "attack", "location": 1})[1]
    state = act(state, 1, _send(1))[1]
    _refused(state, 1, _send(uid))


@pytest.mark.parametrize("characters", [[4], [5], [1, 1], [1, 9]])
def test_ruling_16_an_attack_naming_a_character_not_at_your_hq_is_refused_whole(characters):
    state = table(phase="mission", in_play={"1": ("ninja_adept", 1), "4": ("enforcer", 2), "5": ("sniper", 1, CASINO)})
    _refused(state, 1, {"type": "attack", "location": 1, "characters": characters})


def test_rule_lc_49_the_attacking_party_moves_to_the_location():
    state = table(phase="mission", in_play={"1": ("ninja_adept", 1), "2": ("fixer", 1), "3": ("sniper", 1)})
    state = act(state, 1, {"type": "attack", "location": 3, "characters": [1, 3]})[1]
    assert state.mission["location"] == DOWNTOWN and state.mission["attackers"] == ["1", "3"]
    assert [state.in_play[uid]["at"] for uid in ("1", "2", "3")] == [DOWNTOWN, "hq", DOWNTOWN]


# -- defenders (LC-50, ruling 17) ------------------------------------------------------------------------


def _defenders_step(**in_play):
    state = table(phase="mission", in_play={"1": ("ninja_adept", 1), "2": ("fixer", 1), **in_play})
    return act(state, 1, {"type": "attack", "location": 1, "characters": [1, 2]})[1]


def test_rule_lc_50_the_defender_moves_characters_from_its_hq_to_the_location():
    state = _defenders_step(**{"4": ("enforcer", 2), "5": ("fixer", 2), "6": ("sniper", 2)})
    assert state.phase == "defenders" and RULES.to_act(state) == [2]
    facts, state = act(state, 2, _send(6))
    assert facts == [CharacterSent(uid="6", location=DOCKS)]
    state = act(state, 2, _send(4))[1]
    facts, state = act(state, 2, PASS)
    assert facts == [PhaseBegan(phase="challenge", seat=1)]
    assert state.mission["defenders"] == ["6", "4"] and state.mission["attackers"] == ["1", "2"]
    assert [state.in_play[uid]["at"] for uid in ("4", "5", "6")] == [DOCKS, "hq", DOCKS]


@pytest.mark.parametrize("uid", ["1", "3", "5", "9"])
def test_ruling_17_only_characters_at_the_defenders_hq_may_defend(uid):
    """An attacker, the attacker's character at home, the defender's at another location, none."""
    state = _defenders_step(**{"3": ("sniper", 1), "4": ("enforcer", 2), "5": ("fixer", 2, DOWNTOWN)})
    assert RULES.legal_commands(state, 2) == [_send("4"), PASS]
    _refused(state, 2, _send(uid))


def test_ruling_17_the_defenders_step_is_skipped_when_the_defender_has_none_at_its_hq():
    state = table(phase="mission", in_play={"1": ("ninja_adept", 1), "5": ("fixer", 2, DOWNTOWN)})
    facts, state = act(state, 1, {"type": "attack", "location": 1, "characters": [1]})
    assert facts[-2:] == [CharacterSent(uid="1", location=DOCKS), PhaseBegan(phase="tricks", seat=1)]
    assert state.mission["defenders"] == []


def test_ruling_20_without_defenders_every_attacker_is_unopposed_and_the_skill_check_follows():
    state = _defenders_step(**{"4": ("enforcer", 2)})
    facts, state = act(state, 2, PASS)
    assert facts == [PhaseBegan(phase="tricks", seat=1)]
    state = act(state, 1, PASS)[1]
    facts, state = act(state, 2, PASS)
    assert facts == [Passed(seat=2), SkillChecked(seat=1, location=DOCKS, attack=4, defense=0, needed=1, success=True),
                     VictoryTokenPlaced(seat=1, location=DOCKS), MissionEnded(location=DOCKS),
                     PhaseBegan(phase="deploy", seat=1)]
    assert state.mission is None and state.in_play["1"]["damage"] == state.in_play["2"]["damage"] == 0


# -- pairing (LC-51 to LC-55, ruling 19) -------------------------------------------------------------------


def test_rule_lc_51_step_3_the_attacker_chooses_a_challenger_from_its_party():
    state = _pairing(*THREE_ON_THREE)
    assert RULES.legal_commands(state, 1) == [_challenge("1"), _challenge("2"), _challenge("3")]
    facts, state = act(state, 1, _challenge(2))
    assert facts == [Challenged(seat=1, uid="2"), PhaseBegan(phase="oppose", seat=2)]
    assert state.mission["pairs"] == [{"seat": 1, "challenger": "2", "opposers": []}]


def test_rule_lc_52_step_4_the_defender_opposes_and_the_two_are_in_combat():
    state = act(_pairing(*THREE_ON_THREE), 1, _challenge(2))[1]
    assert RULES.legal_commands(state, 2) == [_oppose("4"), _oppose("5"), _oppose("6")]
    facts, state = act(state, 2, _oppose(5))
    assert facts == [Opposed(seat=2, uid="5"), PhaseBegan(phase="challenge", seat=2)]
    assert in_combat(state) == ["2", "5"] and state.free(1) == ["1", "3"] and state.free(2) == ["4", "6"]


def _after_step_4():
    return act(act(_pairing(*THREE_ON_THREE), 1, _challenge(2))[1], 2, _oppose(5))[1]


def test_rule_lc_53_step_5_the_defender_chooses_a_challenger_from_its_party():
    state = _after_step_4()
    assert RULES.to_act(state) == [2] and RULES.legal_commands(state, 2) == [_challenge("4"), _challenge("6")]
    facts, state = act(state, 2, _challenge(6))
    assert facts == [Challenged(seat=2, uid="6"), PhaseBegan(phase="oppose", seat=1)]
    assert state.mission["pairs"][1] == {"seat": 2, "challenger": "6", "opposers": []}


def test_rule_lc_54_step_6_the_attacker_opposes_and_the_two_are_in_combat():
    state = act(_after_step_4(), 2, _challenge(6))[1]
    assert RULES.legal_commands(state, 1) == [_oppose("1"), _oppose("3")]
    facts, state = act(state, 1, _oppose(1))
    assert facts == [Opposed(seat=1, uid="1"), PhaseBegan(phase="challenge", seat=1)]
    assert state.mission["pairs"][1] == {"seat": 2, "challenger": "6", "opposers": ["1"]}
    assert in_combat(state) == ["2", "5", "6", "1"] and state.free(1) == ["3"] and state.free(2) == ["4"]


def test_rule_lc_55_step_7_back_to_step_3_while_both_parties_have_characters_out_of_combat():
    state = _pairing(*THREE_ON_THREE)
    for seat, command in ((1, _challenge(1)), (2, _oppose(4)), (2, _challenge(5)), (1, _oppose(2))):
        facts, state = act(state, seat, command)
    assert facts[-1] == PhaseBegan(phase="challenge", seat=1)
    facts, state = act(state, 1, _challenge(3))
    facts, state = act(state, 2, _oppose(6))
    assert facts == [Opposed(seat=2, uid="6"), PhaseBegan(phase="tricks", seat=1)]  # nobody left out of combat
    assert [pair["seat"] for pair in state.mission["pairs"]] == [1, 2, 1]


def test_ruling_19_pairing_ends_when_the_side_to_challenge_has_nobody_out_of_combat():
    state = act(_pairing({"1": "fixer", "2": "fixer"}, {"4": "fixer"}), 1, _challenge(1))[1]
    facts, state = act(state, 2, _oppose(4))
    assert facts == [Opposed(seat=2, uid="4"), PhaseBegan(phase="tricks", seat=1)]
    assert state.free(1) == ["2"]  # unopposed


def test_ruling_19_pairing_ends_when_the_other_side_has_nobody_to_oppose():
    state = act(_pairing({"1": "fixer"}, {"4": "fixer", "5": "fixer"}), 1, _challenge(1))[1]
    facts, state = act(state, 2, _oppose(5))
    assert facts == [Opposed(seat=2, uid="5"), PhaseBegan(phase="tricks", seat=1)]
    assert state.free(2) == ["4"]


def test_ruling_19_opposing_is_mandatory():
    state = act(_pairing({"1": "fixer"}, {"4": "fixer"}), 1, _challenge(1))[1]
    assert RULES.legal_commands(state, 2) == [_oppose("4")]
    _refused(state, 2, PASS)


@pytest.mark.parametrize("uid", ["2", "5", "4", "8", "9"])
def test_rule_lc_51_a_challenger_must_be_of_your_party_and_out_of_combat(uid):
    """In combat already, the other side's, one at home (not in the party), none."""
    state = _pairing(*THREE_ON_THREE, home={"8": ("fixer", 1)})
    for seat, command in ((1, _challenge(2)), (2, _oppose(5)), (2, _challenge(4)), (1, _oppose(3))):
        state = act(state, seat, command)[1]
    assert RULES.to_act(state) == [1] and state.phase == "challenge" and state.free(1) == ["1"]
    _refused(state, 1, _challenge(uid))


@pytest.mark.parametrize("uid", ["4", "1", "2", "7", "9"])
def test_rule_lc_52_an_opposer_must_be_of_your_party_and_free_to_oppose(uid):
    """In combat already (not a Giant), the challenger, an attacker, one at home, none."""
    state = _pairing(*THREE_ON_THREE, home={"7": ("fixer", 2)})
    for seat, command in ((1, _challenge(3)), (2, _oppose(4)), (2, _challenge(5)), (1, _oppose(2)), (1, _challenge(1))):
        state = act(state, seat, command)[1]
    assert state.phase == "oppose" and RULES.to_act(state) == [2] and RULES.legal_commands(state, 2) == [_oppose("6")]
    _refused(state, 2, _oppose(uid))


@pytest.mark.parametrize(("phase", "seat", "command"), [
    ("challenge", 1, _oppose("1")), ("challenge", 1, PASS), ("challenge", 1, _send("9")),
    ("oppose", 2, _challenge("4")), ("oppose", 2, {"type": "attack", "location": 2}),
    ("tricks", 1, _challenge("1")), ("tricks", 1, {"type": "gang", "character": "1", "to": "2"}),
    ("defenders", 2, _oppose("4")), ("attackers", 1, {"type": "draw"}), ("deploy", 1, {"type": "attack", "location": 1}),
    ("production", 1, {"type": "attack", "location": 1}), ("mission", 1, _send("1")),
])
def test_rule_lc_45_each_step_refuses_the_commands_of_another(phase, seat, command):
    mission = {"location": DOCKS, "attackers": ["1"], "defenders": ["4"]}
    if phase == "oppose":
        mission["pairs"] = [{"seat": 1, "challenger": "1", "opposers": []}]
    at = "hq" if phase in ("mission", "production", "deploy") else DOCKS
    state = table(phase=phase, priority=seat, in_play={"1": ("fixer", 1, at), "9": ("sniper", 1), "4": ("fixer", 2, at)},
                  mission=None if at == "hq" else mission)
    _refused(state, seat, command)
