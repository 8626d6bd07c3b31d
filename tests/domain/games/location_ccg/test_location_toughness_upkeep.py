"""Location CCG: Toughness X (Enforcer: wound counters instead of death, kept for good) and Upkeep X
(Colossus: paid from the bank at the begin phase, or the card is destroyed). Rules LC-67 and LC-68;
rulings 34 and 35."""

from __future__ import annotations

import pytest
from location_table import DOCKS, act, refuse, table

from domain.engine.errors import IllegalCommand
from domain.games.location_ccg import RULESET as RULES
from domain.games.location_ccg.facts import (
    CardLeftPlay,
    CharactersReturned,
    DamageDealt,
    ModifierRemoved,
    PhaseBegan,
    ResourcesSpent,
    SkillChecked,
    TurnBegan,
    TurnEnded,
    UpkeepDue,
    UpkeepPaid,
    WoundCounterPlaced,
)

PASS = {"type": "pass"}


def _refused(state, seat, command):
    assert seat in RULES.to_act(state)
    before = state.copy()
    with pytest.raises(IllegalCommand):
        refuse(state, seat, command)
    assert state == before


def _play(state, *moves):
    """Each (seat, command) in turn; the last command's facts and the state after."""
    facts = []
    for seat, command in moves:
        facts, state = act(state, seat, command)
    return facts, state


def _ninja_with_katana_against_an_enforcer(wounds=0):
    """Seat 1's Ninja with a Katana (Atk 5) challenges at Docks, seat 2's Enforcer (Def 4) opposes; seat 1
    keeps another such Ninja at home."""
    state = table(phase="challenge", in_play={"1": ("ninja_adept", 1, DOCKS), "4": ("enforcer", 2, DOCKS),
                                              "7": ("ninja_adept", 1)},
                  modifiers={"1": ["katana"], "7": ["katana"]}, wounds={"4": wounds},
                  mission={"location": DOCKS, "attackers": ["1"], "defenders": ["4"]})
    return _play(state, (1, {"type": "challenge", "character": 1}), (2, {"type": "oppose", "character": 4}),
                 (1, PASS))[1]


# -- Toughness (LC-67, ruling 34) -----------------------------------------------------------------------------


def test_keyword_toughness_enforcer_takes_a_wound_counter_instead_of_lethal_damage():
    facts, state = act(_ninja_with_katana_against_an_enforcer(), 2, PASS)
    assert facts[1:6] == [DamageDealt(uid="4", amount=5, source="combat"), DamageDealt(uid="1", amount=3, source="combat"),
                          WoundCounterPlaced(uid="4"), ModifierRemoved(uid="1", card="katana", to="void"),
                          CardLeftPlay(uid="1", card="ninja_adept", owner=1, how="destroyed", to="void")]
    assert state.in_play["4"]["damage"] == 0 and state.in_play["4"]["wounds"] == 1 and state.in_play["4"]["at"] == DOCKS
    assert facts[6] == SkillChecked(seat=1, location=DOCKS, attack=0, defense=1, needed=1, success=False)


def test_keyword_toughness_enforcer_with_its_one_counter_is_destroyed():
    facts, state = act(_ninja_with_katana_against_an_enforcer(wounds=1), 2, PASS)
    assert CardLeftPlay(uid="4", card="enforcer", owner=2, how="destroyed", to="void") in facts
    assert not [fact for fact in facts if isinstance(fact, WoundCounterPlaced)]
    assert "4" not in state.in_play and state.player(2)["void"] == ["enforcer"]


def test_ruling_34_a_wound_counter_stays_so_the_next_lethal_blow_destroys():
    state = act(_ninja_with_katana_against_an_enforcer(), 2, PASS)[1]
    facts, state = _play(state, (1, PASS), (2, PASS))  # seat 1's deploy, seat 2's response: the end phase
    assert facts[:2] == [TurnEnded(seat=1), TurnBegan(seat=2, turn=2)]
    assert state.in_play["4"]["wounds"] == 1 and state.in_play["4"]["at"] == "hq"
    state = _play(state, (2, PASS), (2, {"type": "attack", "location": 1, "characters": [4]}),
                  (1, {"type": "send", "character": 7}), (1, PASS))[1]
    facts, state = _play(state, (2, {"type": "challenge", "character": 4}), (1, {"type": "oppose", "character": 7}),
                         (2, PASS), (1, PASS))
    assert DamageDealt(uid="4", amount=5, source="combat") in facts
    assert CardLeftPlay(uid="4", card="enforcer", owner=2, how="destroyed", to="void") in facts


# -- Upkeep (LC-68, ruling 35) --------------------------------------------------------------------------------


def _begin_seat_1s_turn(bank=("street_thug",), **in_play):
    """Seat 2's turn ends (seat 1 passes its response): seat 1's begin phase."""
    state = table(current=2, phase="response", priority=1, turn=2, banks=[list(bank), []],
                  in_play={"1": ("colossus", 1, DOCKS), "2": ("colossus", 2), **in_play})
    return act(state, 1, PASS)


def _upkeep(uid, pay, **more):
    return {"type": "upkeep", "card": uid, "pay": pay, **more}


def test_keyword_upkeep_colossus_is_due_at_the_begin_phase_before_production():
    facts, state = _begin_seat_1s_turn()
    assert facts == [TurnEnded(seat=2), TurnBegan(seat=1, turn=3), CharactersReturned(seat=1, characters=["1"]),
                     UpkeepDue(seat=1, cards=["1"]), PhaseBegan(phase="upkeep", seat=1)]
    assert RULES.legal_commands(state, 1) == [_upkeep("1", True), _upkeep("1", False)]  # not the other's Colossus
    _refused(state, 1, {"type": "draw"})
    _refused(state, 1, _upkeep(2, True))


def test_keyword_upkeep_paid_spends_its_points_from_the_bank():
    state = _begin_seat_1s_turn()[1]
    facts, state = act(state, 1, _upkeep(1, True))
    assert facts == [ResourcesSpent(seat=1, cards=["street_thug"], purpose="upkeep"), UpkeepPaid(seat=1, uid="1"),
                     PhaseBegan(phase="production", seat=1)]
    assert "1" in state.in_play and state.player(1)["bank"] == [] and state.player(1)["discard"] == ["street_thug"]
    assert state.production == 3


def test_keyword_upkeep_not_paid_destroys_the_card():
    state = _begin_seat_1s_turn()[1]
    facts, state = act(state, 1, _upkeep(1, False))
    assert facts == [CardLeftPlay(uid="1", card="colossus", owner=1, how="destroyed", to="void"),
                     PhaseBegan(phase="production", seat=1)]
    assert "1" not in state.in_play and state.player(1)["void"] == ["colossus"] and state.player(1)["bank"] == ["street_thug"]


def test_ruling_35_a_card_you_cannot_pay_for_can_only_be_destroyed():
    state = _begin_seat_1s_turn(bank=())[1]
    assert RULES.legal_commands(state, 1) == [_upkeep("1", False)]
    _refused(state, 1, _upkeep(1, True))


def test_ruling_35_each_card_with_upkeep_is_answered_in_turn_and_paid_as_a_cost():
    state = _begin_seat_1s_turn(bank=("street_thug", "fixer"), **{"3": ("colossus", 1)})[1]
    assert state.upkeep_due == ["1", "3"]
    _refused(state, 1, _upkeep(3, True, pay_with=["katana"]))  # not in the bank
    facts, state = act(state, 1, _upkeep(3, True, pay_with=["fixer"]))
    assert facts == [ResourcesSpent(seat=1, cards=["fixer"], purpose="upkeep"), UpkeepPaid(seat=1, uid="3")]
    assert state.phase == "upkeep" and state.upkeep_due == ["1"]
    _refused(state, 1, _upkeep(3, True))  # paid already
    facts, state = act(state, 1, _upkeep(1, False))
    assert facts[-1] == PhaseBegan(phase="production", seat=1) and list(state.in_play) == ["2", "3"]
