"""Location CCG: resources and paying costs — banking a card (a blank resource), costs counted in
resource points with typed symbols paid by their own type, which bank cards pay (named with ``pay``
or the cheapest by default), spent cards discarded, overpay lost, one resource card for one cost, and
cost reductions (Black Market) that never go below one point nor touch ``*`` costs or abilities.
Rules LC-24 to LC-31, LC-71, LC-72, LC-75; rulings 3 to 6."""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from location_table import RULES, act, kinds, refuse, table

from domain.engine.errors import IllegalCommand
from domain.games.location_ccg.cards import (
    Cost,
    cheapest_payment,
    covers,
    parse_cost,
    pool,
)
from domain.games.location_ccg.facts import CardBanked, ResourcesSpent


def _refused(state, seat, command, words):
    before = copy.deepcopy(state)
    with pytest.raises(IllegalCommand, match=words):
        refuse(state, seat, command)
    assert state == before


def _deploy(hand, bank, **kw):
    return table(phase="deploy", hands=[hand, kw.pop("hand_2", [])], banks=[bank, kw.pop("bank_2", [])], **kw)


def _spent(facts):
    return [card for fact in facts if isinstance(fact, ResourcesSpent) for card in fact.cards]


# -- the bank (LC-24, ruling 5) ------------------------------------------------------------------------


def test_ruling_05_any_card_from_the_hand_is_banked_for_one_production_point():
    state = table(hands=[["colossus", "arrest", "katana"], []])
    for n, card in enumerate(["colossus", "arrest"], 1):
        facts, state = act(state, 1, {"type": "bank", "card": card})
        assert facts == [CardBanked(seat=1, card=card)]
        assert state.production == 3 - n
    assert state.player(1)["bank"] == ["colossus", "arrest"] and state.player(1)["hand"] == ["katana"]


def test_ruling_05_banking_a_card_not_in_the_hand_is_refused():
    state = table(hands=[["katana"], []], banks=[["sniper"], []])
    _refused(state, 1, {"type": "bank", "card": "sniper"}, "no 'sniper' .*in your hand")


def test_ruling_05_banking_is_only_done_in_the_production_phase():
    state = _deploy(["katana"], [])
    _refused(state, 1, {"type": "bank", "card": "katana"}, "bank is not possible now: it is the deploy step")
    assert {"type": "bank", "card": "katana"} not in RULES.legal_commands(state, 1)


def test_rule_lc_24_a_banked_card_is_blank_it_gives_only_its_resource_points():
    state = table(hands=[["black_market", "shadow_master"], []], in_play={"5": ("shadow_master", 1)})
    _, state = act(state, 1, {"type": "bank", "card": "black_market"})
    facts, state = act(state, 1, {"type": "bank", "card": "shadow_master"})
    assert facts == [CardBanked(seat=1, card="shadow_master")]  # no Unique: a resource has no keyword
    assert "5" in state.in_play
    state = _deploy(["street_thug"], ["black_market", "shadow_master", "sniper"])
    facts, _ = act(state, 1, {"type": "play", "card": "street_thug"})
    assert len(_spent(facts)) == 3  # a banked Black Market takes nothing off: Street Thug costs 3


# -- paying (LC-25 to LC-29, LC-71, LC-72, LC-75, rulings 3 and 4) --------------------------------------


def test_rule_lc_25_a_cost_is_paid_by_discarding_bank_cards_worth_as_much():
    state = _deploy(["enforcer"], ["street_thug", "sniper", "ninja_adept", "katana"])
    facts, state = act(state, 1, {"type": "play", "card": "enforcer", "pay": ["street_thug", "sniper", "ninja_adept"]})
    assert facts[0] == ResourcesSpent(seat=1, cards=["street_thug", "sniper", "ninja_adept"], purpose="enforcer")
    assert state.player(1)["bank"] == ["katana"]
    assert state.player(1)["discard"] == ["street_thug", "sniper", "ninja_adept"]  # LC-75: discarded, not KO'd
    assert state.player(1)["void"] == []


def test_rule_lc_26_typed_points_are_paid_with_their_own_type():
    state = _deploy(["arrest"], ["sniper", "ninja_adept", "katana"], in_play={"1": ("sniper", 2, 0)})
    _refused(state, 1, {"type": "play", "card": "arrest", "target": "1"}, "your bank cannot pay 2\\$")
    _refused(state, 1, {"type": "play", "card": "arrest", "target": "1", "pay": ["sniper", "ninja_adept", "katana"]},
             "does not pay 2\\$: 3 points, typed symbols paid by their own type")
    state = _deploy(["arrest"], ["sniper", "ninja_adept", "street_thug"], in_play={"1": ("sniper", 2, 0)})
    facts, _ = act(state, 1, {"type": "play", "card": "arrest", "target": "1"})
    assert Counter(_spent(facts)) == Counter(["sniper", "ninja_adept", "street_thug"])


def test_rule_lc_27_three_dollar_is_four_points_at_least_one_of_them_money():
    cost = parse_cost("3$")
    assert covers(["sniper", "ninja_adept", "katana", "street_thug"], cost)  # @ ! ! $
    assert not covers(["sniper", "ninja_adept", "katana", "colossus"], cost)  # 4 points, no $
    assert not covers(["fixer", "sniper"], cost)  # $$ @: a $ but 3 points
    assert covers(["fixer", "sniper", "katana"], cost)  # $$ @ !
    spent = cheapest_payment(["sniper", "katana", "fixer", "enforcer", "ninja_adept"], cost)
    assert covers(spent, cost) and len(spent) == 3  # $$ plus two one-point cards: 4 points, no more


def test_card_kingpin_costs_the_texts_example_three_dollar_four_points_one_of_them_money():
    """Ruling 2: the Kingpin carries the example cost into the pool; the demo deck, dealt to games already
    recorded, stays as it was (a deck list may name the Kingpin)."""
    assert RULES.resolve_options({})["decks"] is None and "kingpin" not in pool().decks["demo"]
    assert (str(pool().cards["kingpin"].cost), pool().cards["kingpin"].stats) == ("3$", (3, 3, 3))
    state = _deploy(["kingpin"], ["sniper", "ninja_adept", "katana", "colossus"])
    _refused(state, 1, {"type": "play", "card": "kingpin"}, "your bank cannot pay 3\\$")  # 4 points, no $
    state = _deploy(["kingpin"], ["sniper", "ninja_adept", "katana", "street_thug", "fixer"])
    facts, state = act(state, 1, {"type": "play", "card": "kingpin", "pay": ["sniper", "ninja_adept", "katana", "street_thug"]})
    assert Counter(_spent(facts)) == Counter(["sniper", "ninja_adept", "katana", "street_thug"])
    assert [c["card"] for c in state.in_play.values()] == ["kingpin"]
    demo = dict(pool().decks["demo"])
    assert RULES.resolve_options({"decks": [{**demo, "kingpin": 3}, demo]})["decks"][0]["kingpin"] == 3


def test_ruling_03_a_double_symbol_card_gives_two_points():
    state = _deploy(["body_armor"], ["fixer", "sniper"], in_play={"1": ("ninja_adept", 1)})
    facts, state = act(state, 1, {"type": "play", "card": "body_armor", "target": "1"})
    assert _spent(facts) == ["fixer"]  # $$ pays the 2 points alone (LC-71: a point is a symbol)
    assert state.player(1)["bank"] == ["sniper"]
    state = _deploy(["shadow_master"], ["fixer", "colossus"], in_play={})
    _refused(state, 1, {"type": "play", "card": "shadow_master"}, "cannot pay 2!!")  # 3 points, one !


def test_rule_lc_28_one_resource_card_pays_one_cost_only():
    state = table(banks=[["fixer"], []], in_play={"1": ("dojo", 1), "2": ("dojo", 1), "3": ("ninja_adept", 1)})
    facts, state = act(state, 1, {"type": "activate", "card": "1", "target": "3"})
    assert _spent(facts) == ["fixer"] and state.player(1)["bank"] == []
    _refused(state, 1, {"type": "activate", "card": "2", "target": "3"}, "your bank cannot pay 1 \\(bank: empty\\)")


def test_rule_lc_29_overpaid_points_are_lost():
    state = _deploy(["katana"], ["fixer", "ninja_adept", "sniper"], in_play={"1": ("ninja_adept", 1)})
    facts, state = act(state, 1, {"type": "play", "card": "katana", "target": "1", "pay": ["fixer", "ninja_adept"]})
    assert _spent(facts) == ["fixer", "ninja_adept"]  # 3 points for a 2-point cost
    assert state.player(1)["bank"] == ["sniper"] and state.player(1)["discard"] == ["fixer", "ninja_adept"]


def test_rule_lc_72_a_resource_is_a_whole_card_spent_at_once():
    state = table(banks=[["fixer"], []], in_play={"1": ("dojo", 1), "3": ("ninja_adept", 1)})
    facts, state = act(state, 1, {"type": "activate", "card": "1", "target": "3", "pay": ["fixer"]})
    assert facts[0] == ResourcesSpent(seat=1, cards=["fixer"], purpose="dojo")
    assert state.player(1)["bank"] == []  # the second $ of the card does not stay behind


def test_ruling_04_paying_with_a_card_not_in_the_bank_is_refused():
    state = _deploy(["katana", "ninja_adept"], ["sniper", "colossus"], in_play={"1": ("ninja_adept", 1)})
    _refused(state, 1, {"type": "play", "card": "katana", "target": "1", "pay": ["ninja_adept", "sniper"]},
             "there is no 'ninja_adept' \\(left\\) in your bank")
    _refused(state, 1, {"type": "play", "card": "katana", "target": "1", "pay": ["colossus", "colossus"]},
             "there is no 'colossus' \\(left\\) in your bank")


def test_ruling_04_named_cards_that_do_not_cover_the_cost_are_refused():
    state = _deploy(["katana"], ["sniper", "colossus", "fixer"], in_play={"1": ("ninja_adept", 1)})
    _refused(state, 1, {"type": "play", "card": "katana", "target": "1", "pay": ["colossus"]}, "colossus does not pay 1!")
    _refused(state, 1, {"type": "play", "card": "katana", "target": "1", "pay": ["sniper", "fixer"]},
             "does not pay 1!")


def test_ruling_04_by_default_the_least_overpay_is_spent():
    state = _deploy(["katana"], ["fixer", "ninja_adept", "shadow_master"], in_play={"1": ("sniper", 1)})
    facts, state = act(state, 1, {"type": "play", "card": "katana", "target": "1"})
    assert Counter(_spent(facts)) == Counter(["ninja_adept", "shadow_master"])  # ! ! rather than $$ !
    assert state.player(1)["bank"] == ["fixer"]


def test_ruling_04_by_default_the_fewest_cards_are_spent():
    state = _deploy(["body_armor"], ["street_thug", "fixer", "sniper"], in_play={"1": ("sniper", 1)})
    facts, _ = act(state, 1, {"type": "play", "card": "body_armor", "target": "1"})
    assert _spent(facts) == ["fixer"]


def test_ruling_04_by_default_the_rarer_symbols_stay_in_the_bank():
    state = _deploy(["enforcer"], ["fixer", "street_thug", "sniper"])
    facts, state = act(state, 1, {"type": "play", "card": "enforcer"})
    assert Counter(_spent(facts)) == Counter(["fixer", "street_thug"])  # $$ $ keeps the only @
    assert state.player(1)["bank"] == ["sniper"]


def test_ruling_04_a_bank_that_cannot_pay_is_refused():
    state = _deploy(["colossus"], ["ninja_adept", "sniper", "fixer"])
    _refused(state, 1, {"type": "play", "card": "colossus"}, "your bank cannot pay 2!! \\(bank: ! @ \\$\\$\\)")
    assert not [c for c in RULES.legal_commands(state, 1) if c.get("card") == "colossus"]


# -- cost reductions (LC-30, LC-31, ruling 6) ------------------------------------------------------------


def test_card_black_market_cards_you_play_cost_one_less():
    bank = ["sniper", "ninja_adept", "enforcer"]
    state = _deploy(["street_thug"], bank, in_play={"1": ("black_market", 1)})
    facts, state = act(state, 1, {"type": "play", "card": "street_thug"})
    assert len(_spent(facts)) == 2 and len(state.player(1)["bank"]) == 1  # 3 - 1
    state = _deploy(["street_thug"], bank, in_play={"1": ("black_market", 2)})
    facts, _ = act(state, 1, {"type": "play", "card": "street_thug"})
    assert len(_spent(facts)) == 3  # the other player's Black Market: only the cards its owner plays


def test_rule_lc_30_a_reduced_cost_never_goes_below_one_point():
    state = table(hands=[["adrenaline"], []], in_play={"1": ("black_market", 1), "2": ("sniper", 1)})
    _refused(state, 1, {"type": "play", "card": "adrenaline", "target": "2"}, "your bank cannot pay !")
    state = table(hands=[["adrenaline"], []], banks=[["katana"], []], in_play={"1": ("black_market", 1), "2": ("sniper", 1)})
    facts, _ = act(state, 1, {"type": "play", "card": "adrenaline", "target": "2"})
    assert _spent(facts) == ["katana"]
    assert parse_cost("3").reduced(5) == Cost(1, ())


def test_rule_lc_31_a_reduction_takes_generic_points_first_then_the_last_typed_symbol():
    bank = ["ninja_adept", "katana", "street_thug", "sniper"]
    state = _deploy(["shadow_master"], bank, in_play={"1": ("black_market", 1)})
    _refused(state, 1, {"type": "play", "card": "shadow_master", "pay": ["ninja_adept", "sniper", "street_thug"]},
             "does not pay 1!!")  # 3 points would do for 2!, not for 1!!
    facts, _ = act(state, 1, {"type": "play", "card": "shadow_master", "pay": ["ninja_adept", "katana", "sniper"]})
    assert kinds(facts)[:2] == ["ResourcesSpent", "CardPlayed"]  # 2!! less 1 is 1!!: 3 points, two of them !
    assert parse_cost("2$@").reduced(3) == Cost(0, ("$",))  # ruling 6: the last printed symbol goes


def test_ruling_06_a_star_cost_is_not_reduced():
    state = table(hands=[["windfall"], []], banks=[["sniper"], []], in_play={"1": ("black_market", 1)})
    facts, state = act(state, 1, {"type": "play", "card": "windfall"}, "katana", "dojo")
    assert not _spent(facts) and state.production == 2  # still a production point
    assert state.player(1)["bank"] == ["sniper"]


def test_ruling_06_ability_costs_are_not_reduced():
    state = _deploy([], ["sniper", "ninja_adept", "enforcer"], in_play={"1": ("black_market", 1), "2": ("safehouse", 1)})
    facts, state = act(state, 1, {"type": "activate", "card": "2"}, "katana")
    assert len(_spent(facts)) == 2 and len(state.player(1)["bank"]) == 1  # "2: Draw a card" costs 2
