"""Location CCG: the keywords of the demo characters that act outside combat — Mob (Street Thug,
cheaper for each visible copy), Unique (Shadow Master, both values of option ``unique``), Shielded
(Fixer) and Recur (Phoenix Monk). Limited is checked with the decks (test_location_setup_and_decks).
Rules LC-60, LC-61, LC-64, LC-65, LC-70; rulings 7, 8, 33 and 36."""

from __future__ import annotations

import copy

import pytest
from location_table import DOCKS, RULES, act, refuse, table

from domain.engine.errors import IllegalCommand
from domain.games.location_ccg.facts import (
    CardDiscarded,
    CardLeftPlay,
    ModifierRemoved,
    ResourcesSpent,
)

SINGLES = ["sniper", "ninja_adept", "enforcer"]  # three one-point resources
MISSION = {"location": DOCKS, "attackers": ["1"], "defenders": ["2"]}


def _refused(state, seat, command, words):
    before = copy.deepcopy(state)
    with pytest.raises(IllegalCommand, match=words):
        refuse(state, seat, command)
    assert state == before


def _spent(facts):
    return [card for fact in facts if isinstance(fact, ResourcesSpent) for card in fact.cards]


def _thug_cost(**given):
    """How many one-point resources playing a Street Thug spends, the table as given."""
    state = table(phase="deploy", hands=[["street_thug", *given.pop("hand", [])], []], banks=[SINGLES, given.pop("bank_2", [])],
                  **given)
    facts, after = act(state, 1, {"type": "play", "card": "street_thug"})
    assert after.in_play[facts[-1].uid]["card"] == "street_thug"
    return len(_spent(facts))


# -- Mob (LC-60, LC-70, ruling 7) ------------------------------------------------------------------------


@pytest.mark.parametrize("where", [
    {"in_play": {"7": ("street_thug", 1)}},
    {"in_play": {"7": ("street_thug", 2, DOCKS)}},
    {"discards": [["street_thug"], []]},
    {"discards": [[], ["street_thug"]]},
], ids=["own-hq", "other-at-a-location", "own-discard", "other-discard"])
def test_keyword_mob_street_thug_costs_one_less_for_a_copy_in_play_or_in_a_discard_pile(where):
    assert _thug_cost() == 3
    assert _thug_cost(**where) == 2


def test_rule_lc_70_copies_in_hands_banks_decks_and_voids_are_not_visible():
    assert _thug_cost(hand=["street_thug"], bank_2=["street_thug"],
                      voids=[["street_thug"], ["street_thug"]]) == 3
    state = table()
    assert "street_thug" in state.player(1)["deck"] and state.visible_copies("street_thug") == 0


def test_keyword_mob_street_thug_each_visible_copy_counts():
    assert _thug_cost(in_play={"7": ("street_thug", 2)}, discards=[["street_thug"], []]) == 1


def test_keyword_mob_street_thug_with_black_market_never_costs_less_than_one():
    crowd = {"7": ("street_thug", 1), "8": ("street_thug", 2), "9": ("black_market", 1)}
    assert _thug_cost(in_play=crowd, discards=[["street_thug"], ["street_thug"]]) == 1


# -- Unique (LC-61, ruling 8) -----------------------------------------------------------------------------


def _second_master(options=None, owner=2):
    state = table(options=options, phase="deploy", hands=[["shadow_master"], []], banks=[["ninja_adept"] * 4, []],
                  in_play={"5": ("shadow_master", owner)}, modifiers={"5": ["katana"]})
    return act(state, 1, {"type": "play", "card": "shadow_master"})


@pytest.mark.parametrize("owner", [1, 2])
def test_keyword_unique_shadow_master_the_copy_already_in_play_is_discarded(owner):
    facts, state = _second_master(owner=owner)
    assert facts[-2:] == [ModifierRemoved(uid="5", card="katana", to="discard"),
                          CardLeftPlay(uid="5", card="shadow_master", owner=owner, how="discarded", to="discard")]
    assert [c["card"] for c in state.in_play.values()] == ["shadow_master"] and state.in_play["6"]["owner"] == 1
    assert state.player(owner)["discard"][-2:] == ["katana", "shadow_master"]


def test_keyword_unique_shadow_master_option_new_goes_discards_the_new_copy():
    facts, state = _second_master({"unique": "new_goes"})
    assert _spent(facts) == ["ninja_adept"] * 4  # paid for all the same
    assert facts[-1] == CardLeftPlay(uid="6", card="shadow_master", owner=1, how="discarded", to="discard")
    assert list(state.in_play) == ["5"] and state.in_play["5"]["modifiers"] == ["katana"]
    assert state.player(1)["discard"][-1] == "shadow_master" and state.player(2)["discard"] == []


def test_keyword_unique_shadow_master_a_copy_in_a_discard_pile_or_bank_is_not_in_play():
    state = table(phase="deploy", hands=[["shadow_master"], []], banks=[["ninja_adept"] * 4, ["shadow_master"]],
                  discards=[["shadow_master"], []])
    facts, state = act(state, 1, {"type": "play", "card": "shadow_master"})
    assert not [f for f in facts if isinstance(f, CardLeftPlay)]
    assert list(state.in_play) == ["1"]


# -- Shielded (LC-64, ruling 36) ---------------------------------------------------------------------------


def test_keyword_shielded_fixer_cannot_be_targeted_by_the_other_players_surprises():
    state = table(phase="tricks", mission={**MISSION, "defenders": ["2", "3"]},
                  hands=[["adrenaline", "arrest", "ambush"], []], banks=[["katana", "fixer", "sniper", "enforcer"], []],
                  in_play={"1": ("ninja_adept", 1, DOCKS), "2": ("fixer", 2, DOCKS), "3": ("sniper", 2, DOCKS)})
    for card in ("adrenaline", "arrest", "ambush"):
        _refused(state, 1, {"type": "play", "card": card, "target": "2"}, "needs a target: .*not another player's Shielded")
    targeted = {c.get("target") for c in RULES.legal_commands(state, 1) if c["type"] == "play"}
    assert "2" not in targeted and {"1", "3"} <= targeted


def test_keyword_shielded_fixer_may_be_targeted_by_its_owner():
    state = table(hands=[["adrenaline"], []], banks=[["katana", "fixer"], []],
                  in_play={"1": ("fixer", 1), "2": ("dojo", 1)})
    _, state = act(state, 1, {"type": "play", "card": "adrenaline", "target": "1"})
    _, state = act(state, 1, {"type": "activate", "card": "2", "target": "1"})
    assert state.in_play["1"]["boost"] == [3, 2, 1]


# -- Recur (LC-65, ruling 33) ------------------------------------------------------------------------------


def test_keyword_recur_phoenix_monk_destroyed_goes_to_the_discard_pile_not_the_void():
    state = table(phase="tricks", mission=MISSION, hands=[["ambush"], []], banks=[["sniper", "sniper"], []],
                  in_play={"1": ("ninja_adept", 1, DOCKS), "2": ("phoenix_monk", 2, DOCKS)},
                  damage={"2": 1}, modifiers={"2": ["katana"]})
    facts, state = act(state, 1, {"type": "play", "card": "ambush", "target": "2"})
    assert facts[-2:] == [ModifierRemoved(uid="2", card="katana", to="void"),
                          CardLeftPlay(uid="2", card="phoenix_monk", owner=2, how="destroyed", to="discard")]
    assert state.player(2)["discard"] == ["phoenix_monk"] and state.player(2)["void"] == ["katana"]


def test_keyword_recur_phoenix_monk_kod_goes_back_to_its_owners_hand():
    state = table(phase="deploy", hands=[["arrest"], []], banks=[["street_thug", "sniper", "sniper"], []],
                  in_play={"1": ("phoenix_monk", 2, DOCKS)}, modifiers={"1": ["disguise"]})
    facts, state = act(state, 1, {"type": "play", "card": "arrest", "target": "1"})
    assert facts[-2:] == [ModifierRemoved(uid="1", card="disguise", to="discard"),
                          CardLeftPlay(uid="1", card="phoenix_monk", owner=2, how="ko", to="hand")]
    assert state.player(2)["hand"] == ["phoenix_monk"] and state.player(2)["discard"] == ["disguise"]


def test_keyword_recur_phoenix_monk_discarded_from_the_hand_is_an_ordinary_discard():
    hand = ["phoenix_monk", "sniper", "sniper", "fixer", "fixer", "katana", "katana", "dojo"]
    state = table(phase="discard", hands=[hand, []])
    facts, state = act(state, 1, {"type": "discard", "card": "phoenix_monk"})
    assert facts[0] == CardDiscarded(seat=1, card="phoenix_monk")
    assert state.player(1)["discard"] == ["phoenix_monk"] and "phoenix_monk" not in state.player(1)["hand"]


def test_keyword_recur_phoenix_monk_spent_from_the_bank_is_an_ordinary_discard():
    state = table(phase="deploy", hands=[["dojo"], []], banks=[["phoenix_monk"], []])
    _, state = act(state, 1, {"type": "play", "card": "dojo"})
    assert state.player(1)["discard"] == ["phoenix_monk"] and state.player(1)["hand"] == []
