"""Location CCG: the zones a card passes through (deck, HQ, hand, bank, discard and void piles), the
deck that takes back its discard pile when a card must be drawn from it empty, the production phase's
three points, and the locations either player may attack whoever placed them. Rules LC-13, LC-14, LC-17;
rulings 10, 15 and 31."""

from __future__ import annotations

import copy

import pytest
from location_table import CASINO, DOCKS, DOWNTOWN, RULES, act, kinds, refuse, table

from domain.engine.errors import IllegalCommand
from domain.games.location_ccg.facts import (
    AttackDeclared,
    CardBanked,
    CardsDrawn,
    DeckReshuffled,
    PhaseBegan,
)


def _refused(state, seat, command, words):
    before = copy.deepcopy(state)
    with pytest.raises(IllegalCommand, match=words):
        refuse(state, seat, command)
    assert state == before


# -- the deck (LC-13, ruling 31) -------------------------------------------------------------------------


def test_rule_lc_13_an_empty_deck_takes_the_discard_pile_back_when_a_card_must_be_drawn():
    state = table(decks=[[], None], discards=[["ambush", "fixer", "fixer"], []])
    facts, state = act(state, 1, {"type": "draw"}, "fixer")
    assert facts == [DeckReshuffled(seat=1, cards=3), CardsDrawn(seat=1, cards=["fixer"], reason="production")]
    assert sorted(state.player(1)["deck"]) == ["ambush", "fixer"]
    assert state.player(1)["discard"] == [] and state.player(1)["hand"] == ["fixer"]


def test_rule_lc_13_the_discard_pile_stays_until_a_card_is_drawn_from_the_empty_deck():
    state = table(decks=[["sniper"], None], discards=[["ambush"], []])
    facts, state = act(state, 1, {"type": "draw"}, "sniper")
    assert kinds(facts) == ["CardsDrawn"]
    assert state.player(1)["deck"] == [] and state.player(1)["discard"] == ["ambush"]


def test_ruling_31_a_draw_that_empties_the_deck_midway_takes_the_discard_pile_back():
    state = table(hands=[["windfall"], []], decks=[["sniper"], None], discards=[["ambush"], []])
    facts, state = act(state, 1, {"type": "play", "card": "windfall"}, "sniper", "ambush")
    assert kinds(facts) == ["CardPlayed", "CardsDrawn", "DeckReshuffled", "CardsDrawn"]
    assert facts[2] == DeckReshuffled(seat=1, cards=2)  # Ambush and the Windfall just played
    assert state.player(1)["hand"] == ["sniper", "ambush"] and state.player(1)["deck"] == ["windfall"]


def test_ruling_31_with_the_deck_and_the_discard_pile_empty_nothing_more_is_drawn():
    state = table(hands=[["windfall"], []], decks=[[], None])
    facts, state = act(state, 1, {"type": "play", "card": "windfall"}, "windfall")
    # Windfall is in the discard pile as it is played (ruling 25): it is the only card to draw back
    assert facts[1:] == [DeckReshuffled(seat=1, cards=1), CardsDrawn(seat=1, cards=["windfall"], reason="windfall")]
    assert state.player(1)["hand"] == ["windfall"] and state.deck_size(1) == 0 and state.player(1)["discard"] == []


def test_ruling_15_a_draw_with_deck_cards_under_and_discard_pile_empty_is_refused():
    state = table(hands=[["sniper"], []], decks=[[], None])
    _refused(state, 1, {"type": "draw"}, "your deck and your discard pile are empty")
    assert {"type": "draw"} not in RULES.legal_commands(state, 1)
    assert {"type": "draw"} in RULES.legal_commands(table(decks=[[], None], bottoms=[["dojo"], []]), 1)


# -- the zones (LC-14 to LC-18) ---------------------------------------------------------------------------


def test_rule_lc_14_characters_and_assets_are_played_into_the_hq():
    state = table(phase="deploy", hands=[["ninja_adept", "safehouse"], []],
                  banks=[["katana", "colossus", "sniper", "fixer"], []])
    _, state = act(state, 1, {"type": "play", "card": "ninja_adept"})
    _, state = act(state, 1, {"type": "play", "card": "safehouse"})
    assert [(c["card"], c["owner"], c["at"]) for c in state.in_play.values()] == [
        ("ninja_adept", 1, "hq"), ("safehouse", 1, "hq")]
    assert state.characters(1, at="hq") == ["1"] and state.assets(1) == ["2"]


def test_rule_lc_17_the_discard_pile_takes_resolved_surprises_and_spent_resources():
    state = table(hands=[["adrenaline"], []], banks=[["katana"], []], in_play={"1": ("sniper", 1)})
    _, state = act(state, 1, {"type": "play", "card": "adrenaline", "target": "1"})
    assert state.player(1)["discard"] == ["katana", "adrenaline"]
    assert state.player(1)["bank"] == [] and state.player(1)["hand"] == [] and state.player(1)["void"] == []


# -- production (ruling 15) -------------------------------------------------------------------------------


def test_ruling_15_three_production_points_to_draw_or_bank_in_any_mix():
    state = table(hands=[["katana", "dojo"], []], in_play={"1": ("sniper", 1)})
    facts, state = act(state, 1, {"type": "draw"}, "fixer")
    assert state.production == 2
    _, state = act(state, 1, {"type": "bank", "card": "katana"})
    assert state.production == 1
    facts, state = act(state, 1, {"type": "bank", "card": "dojo"})
    assert facts == [CardBanked(seat=1, card="dojo"), PhaseBegan(phase="mission", seat=1)]  # ends by itself
    assert state.player(1)["hand"] == ["fixer"] and state.player(1)["bank"] == ["katana", "dojo"]


def test_ruling_15_the_phase_goes_on_to_deploy_when_there_is_no_one_to_send():
    state = table(hands=[["katana"], []])
    facts, state = act(state, 1, {"type": "draw"}, "fixer")
    _, state = act(state, 1, {"type": "draw"}, "fixer")
    facts, state = act(state, 1, {"type": "draw"}, "fixer")
    assert facts[-1] == PhaseBegan(phase="deploy", seat=1) and state.production == 0


def test_ruling_15_pass_ends_the_production_phase_and_the_points_left_are_lost():
    state = table(hands=[["katana"], []], in_play={"1": ("sniper", 1)})
    _, state = act(state, 1, {"type": "draw"}, "fixer")
    facts, state = act(state, 1, {"type": "pass"})
    assert facts == [PhaseBegan(phase="mission", seat=1)]
    assert state.production == 0
    _refused(state, 1, {"type": "draw"}, "draw is not possible now: it is the mission step")


def test_ruling_15_a_windfall_on_the_last_production_point_ends_the_phase():
    state = table(hands=[["windfall", "katana"], []], production=1)
    facts, state = act(state, 1, {"type": "play", "card": "windfall"}, "sniper", "fixer")
    assert state.production == 0
    # no fourth point: neither a draw nor a bank is left
    assert not [c for c in RULES.legal_commands(state, 1) if c["type"] in ("draw", "bank")]
    _refused(state, 1, {"type": "bank", "card": "katana"}, "bank is not possible now")
    # the third point is spent: the phase ends by itself (no character at the HQ: on to deploy)
    assert state.phase == "deploy" and facts[-1] == PhaseBegan(phase="deploy", seat=1)


# -- the locations (ruling 10) ------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [1, 2])
def test_ruling_10_either_player_may_attack_any_location_not_yet_won_whoever_placed_it(seat):
    state = table(phase="mission", current=seat, in_play={"1": ("sniper", seat)}, won={DOWNTOWN: 3 - seat})
    assert [c for c in RULES.legal_commands(state, seat) if c["type"] == "attack"] == [
        {"type": "attack", "location": DOCKS + 1}, {"type": "attack", "location": CASINO + 1}]
    for index in (DOCKS, CASINO):  # Docks was placed by seat 1, Casino by seat 2
        facts, _ = act(state, seat, {"type": "attack", "location": index + 1, "characters": ["1"]})
        assert facts[0] == AttackDeclared(seat=seat, location=index)
    _refused(state, seat, {"type": "attack", "location": DOWNTOWN + 1}, "location 3 cannot be attacked")
