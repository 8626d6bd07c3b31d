"""Location CCG: combat damage (LC-56), lethal damage (LC-6, ruling 27) and the windows of a mission
for surprises (ruling 24): the defender's step, none while pairing, and the tricks window before combat
damage, which alternates from the active player and ends after two passes in a row."""

from __future__ import annotations

import pytest
from location_table import DOCKS, act, refuse, table

from domain.engine.errors import IllegalCommand
from domain.games.location_ccg import RULESET as RULES
from domain.games.location_ccg.cards import pool
from domain.games.location_ccg.facts import (
    CardLeftPlay,
    CardPlayed,
    DamageDealt,
    MissionEnded,
    Passed,
    ResourcesSpent,
    SkillChecked,
    StatsBoosted,
)

PASS = {"type": "pass"}


def _before_combat(attackers, defenders, pairs, **given):
    """The tricks window of seat 1's mission at Docks: ``attackers`` and ``defenders`` are
    ``{uid: card}`` there, ``pairs`` (challenger, opposer) uids in pairing order."""
    in_play = {uid: (card, 1, DOCKS) for uid, card in attackers.items()}
    in_play |= {uid: (card, 2, DOCKS) for uid, card in defenders.items()}
    mission = {"location": DOCKS, "attackers": list(attackers), "defenders": list(defenders),
               "pairs": [{"seat": 1 if c in attackers else 2, "challenger": c, "opposers": [o]} for c, o in pairs]}
    return table(phase="tricks", in_play=in_play, mission=mission, **given)


def _fight(state):
    """Both players pass the tricks window: combat damage, then the skill check."""
    return act(act(state, 1, PASS)[1], 2, PASS)


def _refused(state, seat, command):
    assert seat in RULES.to_act(state)
    before = state.copy()
    with pytest.raises(IllegalCommand):
        refuse(state, seat, command)
    assert state == before


# -- combat damage (LC-56) --------------------------------------------------------------------------------


def test_rule_lc_56_characters_in_combat_deal_their_atk_to_each_other_at_the_same_time():
    state = _before_combat({"1": "ninja_adept"}, {"4": "ninja_adept"}, [("1", "4")])
    facts, state = _fight(state)  # each deals 3 to a Def of 2: both die, neither strikes first
    assert facts[:6] == [Passed(seat=2), DamageDealt(uid="4", amount=3, source="combat"),
                         DamageDealt(uid="1", amount=3, source="combat"),
                         CardLeftPlay(uid="4", card="ninja_adept", owner=2, how="destroyed", to="void"),
                         CardLeftPlay(uid="1", card="ninja_adept", owner=1, how="destroyed", to="void"),
                         SkillChecked(seat=1, location=DOCKS, attack=0, defense=0, needed=1, success=False)]
    assert state.player(1)["void"] == ["ninja_adept"] and state.player(2)["void"] == ["ninja_adept"]


def test_rule_lc_56_each_pair_fights_its_own_combat():
    state = _before_combat({"1": "ninja_adept", "2": "fixer"}, {"4": "enforcer", "5": "shadow_master"},
                           [("1", "4"), ("5", "2")])
    facts, state = _fight(state)
    assert facts[1:5] == [DamageDealt(uid="4", amount=3, source="combat"), DamageDealt(uid="1", amount=3, source="combat"),
                          DamageDealt(uid="2", amount=4, source="combat"), DamageDealt(uid="5", amount=1, source="combat")]
    assert state.in_play["4"]["damage"] == 3 and state.in_play["5"]["damage"] == 1
    assert "1" not in state.in_play and "2" not in state.in_play


@pytest.mark.parametrize(("attackers", "defenders", "pairs", "unopposed"), [
    ({"1": "ninja_adept", "2": "fixer"}, {"4": "enforcer"}, [("1", "4")], "2"),
    ({"1": "ninja_adept"}, {"4": "enforcer", "5": "fixer"}, [("1", "4")], "5"),
])
def test_rule_lc_56_unopposed_characters_are_not_in_combat(attackers, defenders, pairs, unopposed):
    facts, state = _fight(_before_combat(attackers, defenders, pairs))
    damaged = {fact.uid for fact in facts if isinstance(fact, DamageDealt)}
    assert damaged == {"1", "4"} and state.in_play[unopposed]["damage"] == 0


# -- lethal damage (LC-6, ruling 27) ----------------------------------------------------------------------


@pytest.mark.parametrize(("attacker", "defender", "damage", "destroyed"), [
    ("ninja_adept", "shadow_master", 0, True),   # 3 on a Def of 3
    ("ninja_adept", "enforcer", 0, False),       # 3 on a Def of 4
    ("fixer", "ninja_adept", 0, False),          # 1 on a Def of 2
    ("fixer", "ninja_adept", 1, True),           # 1 more on 1 already: 2 on a Def of 2
    ("fixer", "shadow_master", 1, False),        # 2 on a Def of 3
])
def test_rule_lc_6_damage_reaching_the_defense_destroys_the_character(attacker, defender, damage, destroyed):
    state = _before_combat({"1": attacker}, {"4": defender}, [("1", "4")], damage={"4": damage})
    facts, state = _fight(state)
    gone = CardLeftPlay(uid="4", card=defender, owner=2, how="destroyed", to="void")
    assert (gone in facts) is destroyed and ("4" not in state.in_play) is destroyed
    if destroyed:
        assert state.player(2)["void"] == [defender]
    else:
        assert state.in_play["4"]["damage"] == damage + pool().cards[attacker].stats[0]


@pytest.mark.parametrize("given", [{"modifiers": {"4": ["body_armor"]}}, {"boost": {"4": [0, 2, 0]}}])
def test_ruling_27_lethal_damage_is_measured_against_the_current_defense(given):
    state = _before_combat({"1": "ninja_adept"}, {"4": "ninja_adept"}, [("1", "4")], **given)
    state = _fight(state)[1]  # 3 damage on a Def of 2 + 2
    assert state.in_play["4"]["damage"] == 3 and "1" not in state.in_play


def test_ruling_27_damage_dealt_outside_combat_destroys_at_once_and_the_dead_deal_no_combat_damage():
    state = _before_combat({"1": "ninja_adept"}, {"4": "ninja_adept"}, [("1", "4")],
                           hands=[["ambush"], []], banks=[["sniper", "sniper"], []])
    facts, state = act(state, 1, {"type": "play", "card": "ambush", "target": 4})
    assert facts == [ResourcesSpent(seat=1, cards=["sniper", "sniper"], purpose="ambush"),
                     CardPlayed(seat=1, card="ambush", uid="", target="4"), DamageDealt(uid="4", amount=2, source="ambush"),
                     CardLeftPlay(uid="4", card="ninja_adept", owner=2, how="destroyed", to="void")]
    assert state.phase == "tricks" and RULES.to_act(state) == [2]
    state = act(state, 2, PASS)[1]
    facts, state = act(state, 1, PASS)
    assert facts[:2] == [Passed(seat=1), SkillChecked(seat=1, location=DOCKS, attack=1, defense=0, needed=1, success=True)]
    assert state.in_play["1"]["damage"] == 0


# -- windows for surprises in a mission (ruling 24) ----------------------------------------------------------


def _tricks(**given):
    return _before_combat({"1": "ninja_adept"}, {"4": "ninja_adept"}, [("1", "4")],
                          hands=[["adrenaline"], ["adrenaline"]], banks=[["katana"], ["katana"]], **given)


def _adrenaline(uid):
    return {"type": "play", "card": "adrenaline", "target": uid}


def test_ruling_24_the_tricks_window_opens_with_the_active_player():
    state = _tricks()
    assert RULES.to_act(state) == [1] and _adrenaline("1") in RULES.legal_commands(state, 1)
    facts, state = act(state, 1, PASS)
    assert facts == [Passed(seat=1)] and state.phase == "tricks" and RULES.to_act(state) == [2]
    assert _adrenaline("4") in RULES.legal_commands(state, 2)


def test_ruling_24_a_play_gives_the_other_player_the_next_say():
    facts, state = act(_tricks(), 1, _adrenaline(1))
    assert facts[-1] == StatsBoosted(uid="1", bonus=[2, 2, 0], source="adrenaline")
    assert state.phase == "tricks" and RULES.to_act(state) == [2] and state.passes == 0
    facts, state = act(state, 2, PASS)
    assert facts == [Passed(seat=2)] and RULES.to_act(state) == [1]  # one pass does not end it
    facts, state = act(state, 1, PASS)
    assert facts[:3] == [Passed(seat=1), DamageDealt(uid="4", amount=5, source="combat"),
                         DamageDealt(uid="1", amount=3, source="combat")]
    assert state.in_play["1"]["damage"] == 3  # the boost: Atk 5, Def 4


def test_ruling_24_two_passes_in_a_row_end_it_a_play_between_them_does_not():
    state = act(_tricks(), 1, PASS)[1]
    facts, state = act(state, 2, _adrenaline(4))
    assert CardPlayed(seat=2, card="adrenaline", uid="", target="4") in facts and RULES.to_act(state) == [1]
    facts, state = act(state, 1, PASS)
    assert facts == [Passed(seat=1)] and state.phase == "tricks" and RULES.to_act(state) == [2]
    facts, state = act(state, 2, PASS)
    assert facts[0] == Passed(seat=2) and MissionEnded(location=DOCKS) in facts
    assert state.in_play["4"]["damage"] == 3 and "1" not in state.in_play


def test_ruling_24_the_defender_may_play_in_its_defenders_step():
    state = table(phase="mission", in_play={"1": ("ninja_adept", 1), "4": ("fixer", 2)},
                  hands=[[], ["adrenaline"]], banks=[[], ["katana"]])
    state = act(state, 1, {"type": "attack", "location": 1, "characters": [1]})[1]
    assert _adrenaline("1") in RULES.legal_commands(state, 2)
    facts, state = act(state, 2, _adrenaline(4))
    assert facts[-1] == StatsBoosted(uid="4", bonus=[2, 2, 0], source="adrenaline")
    assert state.phase == "defenders" and RULES.to_act(state) == [2]


@pytest.mark.parametrize(("phase", "seat"), [("challenge", 1), ("oppose", 2)])
def test_ruling_24_no_surprise_while_characters_are_paired(phase, seat):
    mission = {"location": DOCKS, "attackers": ["1"], "defenders": ["4"],
               "pairs": [{"seat": 1, "challenger": "1", "opposers": []}] if phase == "oppose" else []}
    state = table(phase=phase, priority=seat, mission=mission, in_play={"1": ("ninja_adept", 1, DOCKS), "4": ("fixer", 2, DOCKS)},
                  hands=[["adrenaline"], ["adrenaline"]], banks=[["katana"], ["katana"]])
    _refused(state, seat, _adrenaline(1))
    assert all(command["type"] != "play" for command in RULES.legal_commands(state, seat))
