"""Location CCG: the keywords that act in a mission — Long Range (Sniper), Gang (Street Thug) and Giant X
(Colossus, with both values of option ``giant_damage``). Rules LC-63, LC-66 and LC-69; rulings 21, 22
and 23."""

from __future__ import annotations

import pytest
from location_table import DOCKS, act, refuse, table

from domain.engine.errors import IllegalCommand
from domain.games.location_ccg import RULESET as RULES
from domain.games.location_ccg.facts import (
    CardLeftPlay,
    DamageDealt,
    GangJoined,
    Opposed,
    Passed,
    PhaseBegan,
    WoundCounterPlaced,
)

PASS = {"type": "pass"}
SPLIT, FULL = {"giant_damage": "split"}, {"giant_damage": "full"}


def _pairing(attackers, defenders, options=None, **given):
    """Step 3 at Docks: seat 1's attackers and seat 2's defenders (``{uid: card}``) there, seat 1 to
    choose a challenger."""
    in_play = {uid: (card, 1, DOCKS) for uid, card in attackers.items()}
    in_play |= {uid: (card, 2, DOCKS) for uid, card in defenders.items()}
    return table(phase="challenge", in_play=in_play, options=options, **given,
                 mission={"location": DOCKS, "attackers": list(attackers), "defenders": list(defenders)})


def _moves(state, *moves):
    """Each (seat, command type, character) in turn; the last command's facts and the state after."""
    facts = []
    for seat, kind, uid in moves:
        facts, state = act(state, seat, {"type": kind, "character": uid} if uid else {"type": kind})
    return facts, state


def _refused(state, seat, command):
    assert seat in RULES.to_act(state)
    before = state.copy()
    with pytest.raises(IllegalCommand):
        refuse(state, seat, command)
    assert state == before


def _destroyed(uid, card, owner):
    return CardLeftPlay(uid=uid, card=card, owner=owner, how="destroyed", to="void")


# -- Long Range (LC-66, ruling 22) ----------------------------------------------------------------------------


def test_keyword_long_range_sniper_deals_its_damage_as_soon_as_it_is_opposed():
    state = _pairing({"1": "sniper"}, {"4": "ninja_adept"})
    facts, state = _moves(state, (1, "challenge", "1"), (2, "oppose", "4"))
    assert facts == [Opposed(seat=2, uid="4"), DamageDealt(uid="4", amount=2, source="long range"),
                     _destroyed("4", "ninja_adept", 2), PhaseBegan(phase="tricks", seat=1)]
    facts, state = _moves(state, (1, "pass", None), (2, "pass", None))
    assert not [fact for fact in facts if isinstance(fact, DamageDealt)]  # the dead Ninja strikes no more
    assert state.in_play["1"]["damage"] == 0


def test_ruling_22_a_long_range_opposer_strikes_the_challenger_at_once():
    state = _pairing({"1": "ninja_adept"}, {"4": "sniper"})
    facts, state = _moves(state, (1, "challenge", "1"), (2, "oppose", "4"))
    assert facts[:3] == [Opposed(seat=2, uid="4"), DamageDealt(uid="1", amount=2, source="long range"),
                         _destroyed("1", "ninja_adept", 1)]
    facts, state = _moves(state, (1, "pass", None), (2, "pass", None))
    assert state.in_play["4"]["damage"] == 0


def test_ruling_22_at_combat_a_long_range_character_deals_nothing_but_takes_its_damage():
    state = _pairing({"1": "enforcer"}, {"4": "sniper"})
    facts, state = _moves(state, (1, "challenge", "1"), (2, "oppose", "4"))
    assert facts[1] == DamageDealt(uid="1", amount=2, source="long range") and state.in_play["1"]["damage"] == 2
    facts, state = _moves(state, (1, "pass", None), (2, "pass", None))
    assert [fact for fact in facts if isinstance(fact, DamageDealt)] == [DamageDealt(uid="4", amount=3, source="combat")]
    assert _destroyed("4", "sniper", 2) in facts and state.in_play["1"]["damage"] == 2


def test_ruling_22_two_long_range_characters_paired_strike_each_other_at_the_same_moment():
    state = _pairing({"1": "sniper"}, {"4": "sniper"})
    facts, state = _moves(state, (1, "challenge", "1"), (2, "oppose", "4"))
    assert facts[:3] == [Opposed(seat=2, uid="4"), DamageDealt(uid="4", amount=2, source="long range"),
                         DamageDealt(uid="1", amount=2, source="long range")]
    assert _destroyed("1", "sniper", 1) in facts and _destroyed("4", "sniper", 2) in facts


# -- Gang (LC-63, ruling 23) --------------------------------------------------------------------------------


def _thug_and_ninja_against_a_worn_enforcer():
    """The Ninja (Atk 3) is opposed by an Enforcer (Def 4) whose Toughness is spent; the Street Thug (Atk
    2) is unopposed: the tricks window, both to pass."""
    state = _pairing({"1": "ninja_adept", "2": "street_thug"}, {"4": "enforcer"}, wounds={"4": 1})
    return _moves(state, (1, "challenge", "1"), (2, "oppose", "4"))[1]


def test_keyword_gang_street_thug_unopposed_adds_its_atk_to_an_opposed_character():
    state = act(_thug_and_ninja_against_a_worn_enforcer(), 1, PASS)[1]
    facts, state = act(state, 2, PASS)
    assert facts == [Passed(seat=2), PhaseBegan(phase="gang", seat=1)]  # after the tricks window
    assert RULES.legal_commands(state, 1) == [{"type": "gang", "character": "2", "to": "1"}, PASS]
    facts, state = act(state, 1, {"type": "gang", "character": 2, "to": 1})
    assert facts[:3] == [GangJoined(uid="2", to="1"), DamageDealt(uid="4", amount=5, source="combat"),
                         DamageDealt(uid="1", amount=3, source="combat")]
    assert _destroyed("4", "enforcer", 2) in facts and state.in_play["2"]["damage"] == 0


def test_keyword_gang_is_a_choice_a_pass_leaves_the_combat_damage_as_it_is():
    state = _moves(_thug_and_ninja_against_a_worn_enforcer(), (1, "pass", None), (2, "pass", None))[1]
    facts, state = act(state, 1, PASS)
    assert facts[:2] == [DamageDealt(uid="4", amount=3, source="combat"), DamageDealt(uid="1", amount=3, source="combat")]
    assert state.in_play["4"]["damage"] == 3


def test_ruling_23_each_gang_character_joins_one_character_one_after_the_other():
    state = _pairing({"1": "ninja_adept", "2": "street_thug", "3": "street_thug"}, {"4": "enforcer"}, wounds={"4": 1})
    state = _moves(state, (1, "challenge", "1"), (2, "oppose", "4"), (1, "pass", None), (2, "pass", None))[1]
    facts, state = act(state, 1, {"type": "gang", "character": 3, "to": 1})
    assert facts == [GangJoined(uid="3", to="1")] and state.phase == "gang" and state.mission["gangs"] == {"3": "1"}
    _refused(state, 1, {"type": "gang", "character": 3, "to": 1})  # joined already
    facts, state = act(state, 1, {"type": "gang", "character": 2, "to": 1})
    assert facts[1] == DamageDealt(uid="4", amount=7, source="combat")


def test_ruling_23_the_defenders_gang_characters_answer_too():
    state = _pairing({"1": "enforcer"}, {"4": "ninja_adept", "5": "street_thug"}, wounds={"1": 1})
    state = _moves(state, (1, "challenge", "1"), (2, "oppose", "4"), (1, "pass", None))[1]
    facts, state = act(state, 2, PASS)
    assert facts == [Passed(seat=2), PhaseBegan(phase="gang", seat=2)]  # the attacker has none: the defender's turn
    facts, state = act(state, 2, {"type": "gang", "character": 5, "to": 4})
    assert facts[:3] == [GangJoined(uid="5", to="4"), DamageDealt(uid="4", amount=3, source="combat"),
                         DamageDealt(uid="1", amount=5, source="combat")]
    assert _destroyed("1", "enforcer", 1) in facts


@pytest.mark.parametrize(("uid", "to"), [("1", "1"), ("2", "2"), ("2", "4"), ("4", "1"), ("2", "9")])
def test_ruling_23_only_an_unopposed_gang_character_joins_only_an_opposed_character_of_its_side(uid, to):
    state = _moves(_thug_and_ninja_against_a_worn_enforcer(), (1, "pass", None), (2, "pass", None))[1]
    _refused(state, 1, {"type": "gang", "character": uid, "to": to})


def test_ruling_23_a_gang_character_in_combat_adds_nothing_more():
    state = _pairing({"1": "street_thug", "2": "street_thug"}, {"4": "enforcer"})
    state = _moves(state, (1, "challenge", "1"), (2, "oppose", "4"), (1, "pass", None), (2, "pass", None))[1]
    assert RULES.legal_commands(state, 1) == [{"type": "gang", "character": "2", "to": "1"}, PASS]
    _refused(state, 1, {"type": "gang", "character": 1, "to": 1})


# -- Giant X (LC-69, ruling 21) -------------------------------------------------------------------------------


def test_keyword_giant_colossus_challenging_must_be_opposed_by_two():
    state = _pairing({"1": "colossus"}, {"4": "ninja_adept", "5": "fixer", "6": "phoenix_monk"})
    facts, state = _moves(state, (1, "challenge", "1"), (2, "oppose", "5"))
    assert facts == [Opposed(seat=2, uid="5")] and state.phase == "oppose" and RULES.to_act(state) == [2]
    assert RULES.legal_commands(state, 2) == [{"type": "oppose", "character": "4"}, {"type": "oppose", "character": "6"}]
    _refused(state, 2, {"type": "oppose", "character": "5"})
    facts, state = act(state, 2, {"type": "oppose", "character": 4})
    assert facts == [Opposed(seat=2, uid="4"), PhaseBegan(phase="tricks", seat=1)]
    assert state.mission["pairs"] == [{"seat": 1, "challenger": "1", "opposers": ["5", "4"]}]


def test_ruling_21_a_giant_is_opposed_by_as_many_as_the_other_side_may_name():
    state = _pairing({"1": "colossus"}, {"4": "ninja_adept"})
    facts, state = _moves(state, (1, "challenge", "1"), (2, "oppose", "4"))
    assert facts == [Opposed(seat=2, uid="4"), PhaseBegan(phase="tricks", seat=1)]


@pytest.mark.parametrize(("options", "first", "second", "dealt", "hurt"), [
    (SPLIT, "4", "5", {"4": 2, "5": 3}, []),              # lethal 2 to the Ninja, the rest (3) to the Enforcer
    (SPLIT, "5", "4", {"5": 4, "4": 1}, ["5"]),           # lethal 4 to the Enforcer: 1 left for the Ninja
    (FULL, "4", "5", {"4": 5, "5": 5}, ["5"]),
])
def test_keyword_giant_colossus_splits_its_atk_in_pairing_order_or_deals_it_in_full(options, first, second, dealt, hurt):
    state = _pairing({"1": "colossus"}, {"4": "ninja_adept", "5": "enforcer"}, options=options)
    state = _moves(state, (1, "challenge", "1"), (2, "oppose", first), (2, "oppose", second), (1, "pass", None))[1]
    facts, state = act(state, 2, PASS)
    blows = {fact.uid: fact.amount for fact in facts if isinstance(fact, DamageDealt)}
    assert blows == {**dealt, "1": 6}  # each foe deals its full Atk to the Giant: 3 + 3 on a Def of 6
    assert _destroyed("1", "colossus", 1) in facts
    assert [fact.uid for fact in facts if isinstance(fact, WoundCounterPlaced)] == hurt  # the Enforcer's Toughness
    assert ("4" in state.in_play) is (dealt["4"] < 2)


def test_ruling_21_the_split_counts_the_damage_already_on_a_foe():
    state = _pairing({"1": "colossus"}, {"4": "shadow_master", "5": "ninja_adept"}, damage={"4": 1})
    state = _moves(state, (1, "challenge", "1"), (2, "oppose", "4"), (2, "oppose", "5"), (1, "pass", None))[1]
    facts, state = act(state, 2, PASS)
    assert {fact.uid: fact.amount for fact in facts if isinstance(fact, DamageDealt) and fact.uid != "1"} == {"4": 2, "5": 3}


def _giant_defends_twice(options=None):
    """Seat 2's Colossus opposes the Ninja, seat 2's Phoenix Monk challenges and the second Ninja opposes;
    the Fixer challenges: only the Colossus may oppose it, a second time."""
    state = _pairing({"1": "ninja_adept", "2": "ninja_adept", "3": "fixer"}, {"4": "colossus", "5": "phoenix_monk"},
                     options=options)
    return _moves(state, (1, "challenge", "1"), (2, "oppose", "4"), (2, "challenge", "5"), (1, "oppose", "2"),
                  (1, "challenge", "3"))[1]


def test_keyword_giant_colossus_may_oppose_again_until_it_opposes_two():
    state = _giant_defends_twice()
    assert state.free(2) == [] and RULES.legal_commands(state, 2) == [{"type": "oppose", "character": "4"}]
    facts, state = act(state, 2, {"type": "oppose", "character": 4})
    assert facts == [Opposed(seat=2, uid="4"), PhaseBegan(phase="tricks", seat=1)]


def test_ruling_21_a_giant_opposes_no_more_than_x_challengers():
    state = _pairing({"1": "ninja_adept", "2": "ninja_adept", "3": "fixer", "6": "fixer", "7": "sniper"},
                     {"4": "colossus", "5": "phoenix_monk", "8": "fixer"})
    facts, state = _moves(state, (1, "challenge", "1"), (2, "oppose", "4"), (2, "challenge", "5"), (1, "oppose", "2"),
                          (1, "challenge", "3"), (2, "oppose", "4"), (2, "challenge", "8"), (1, "oppose", "6"))
    assert facts == [Opposed(seat=1, uid="6"), PhaseBegan(phase="tricks", seat=1)]  # nobody left to oppose the Sniper
    assert state.free(1) == ["7"]


def test_ruling_21_a_giant_that_opposes_x_challengers_may_not_be_named_again():
    state = _pairing({"1": "ninja_adept", "2": "ninja_adept", "3": "fixer", "6": "fixer", "7": "sniper"},
                     {"4": "colossus", "5": "phoenix_monk", "8": "fixer", "9": "fixer"})
    state = _moves(state, (1, "challenge", "1"), (2, "oppose", "4"), (2, "challenge", "5"), (1, "oppose", "2"),
                   (1, "challenge", "3"), (2, "oppose", "4"), (2, "challenge", "8"), (1, "oppose", "6"),
                   (1, "challenge", "7"))[1]
    assert RULES.legal_commands(state, 2) == [{"type": "oppose", "character": "9"}]
    _refused(state, 2, {"type": "oppose", "character": "4"})


@pytest.mark.parametrize(("options", "dealt"), [(SPLIT, {"1": 2, "3": 3}), (FULL, {"1": 5, "3": 5})])
def test_ruling_21_a_giant_opposing_two_challengers_deals_its_atk_once(options, dealt):
    state = act(_giant_defends_twice(options), 2, {"type": "oppose", "character": 4})[1]
    facts, state = _moves(state, (1, "pass", None), (2, "pass", None))
    blows = {fact.uid: fact.amount for fact in facts if isinstance(fact, DamageDealt)}
    assert blows == {**dealt, "4": 4, "2": 2, "5": 3}  # the Colossus takes 3 + 1; the second pair as usual


def test_ruling_23_a_gang_character_is_offered_a_giant_opposing_twice_once():
    state = _pairing({"1": "ninja_adept", "2": "ninja_adept", "3": "fixer"},
                     {"4": "colossus", "5": "phoenix_monk", "6": "street_thug"})
    state = _moves(state, (1, "challenge", "1"), (2, "oppose", "4"), (2, "challenge", "5"), (1, "oppose", "2"),
                   (1, "challenge", "3"), (2, "oppose", "4"), (1, "pass", None), (2, "pass", None))[1]
    assert state.phase == "gang" and RULES.to_act(state) == [2]
    assert RULES.legal_commands(state, 2) == [{"type": "gang", "character": "6", "to": "4"},
                                              {"type": "gang", "character": "6", "to": "5"}, PASS]
