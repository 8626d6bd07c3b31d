"""Location CCG: the demo pool's cards as cards.json gives them (typelines, costs, resource rows,
stats), the decks and locations players bring (options ``decks`` and ``locations``, checked), and setup
— the first player drawn, the locations placed first, second, first, seven cards each, the mulligan and
the second player's first turn. One test per rule of the text (LC-NN) and per ruling, named after it."""

from __future__ import annotations

import copy
import re
from collections import Counter

import pytest
from location_table import RULES, Loaded, act, kinds, refuse, setup_state, table

from domain.engine.errors import IllegalCommand, InvalidSetup
from domain.games.location_ccg.cards import KINDS, SYMBOLS, parse_cost, pool
from domain.games.location_ccg.facts import (
    CardsDrawn,
    CardsPutUnder,
    LocationPlaced,
    PhaseBegan,
    TableSetUp,
    TurnBegan,
)

DEMO = pool().decks["demo"]
HAND_1 = ["sniper", "fixer", "katana", "colossus", "colossus", "dojo", "arrest"]
HAND_2 = ["ninja_adept", "ninja_adept", "ninja_adept", "fixer", "fixer", "fixer", "sniper"]


def _refused(state, seat, command, words):
    before = copy.deepcopy(state)
    with pytest.raises(IllegalCommand, match=words):
        refuse(state, seat, command)
    assert state == before


def _placed(first=1):
    """Setup with the locations placed and seven cards dealt (HAND_1 to the first player)."""
    state = setup_state(first=first)
    second = 3 - first
    _, state = act(state, first, {"type": "choose_location", "location": state.player(first)["brought"][0]})
    _, state = act(state, second, {"type": "choose_location", "location": state.player(second)["brought"][0]})
    facts, state = act(state, first, {"type": "choose_location", "location": state.player(first)["brought"][0]},
                       *HAND_1, *HAND_2)
    return facts, state


# -- the cards (cards.json, rulings 2 and 3) ---------------------------------------------------------


def test_rule_lc_04_every_card_has_a_typeline_naming_its_type():
    for card in pool().cards.values():
        kind, _, subtype = card.typeline.partition("-")
        assert card.kind == kind.strip().lower() in KINDS
        assert card.subtype == subtype.strip().lower()
    assert pool().cards["ninja_adept"].typeline == "Character- ninja"
    assert pool().cards["katana"].typeline == "Modifier- weapon"


def test_rule_lc_05_every_deck_card_has_a_cost_and_a_resource_row_of_the_six_symbols():
    assert SYMBOLS == ("$", "@", "!", "Ω", "Α", "#")  # LC-23
    for card in pool().cards.values():
        assert card.cost.points >= 1 or card.cost.production
        assert card.resources and set(card.resources) <= set(SYMBOLS)
    fixer = pool().cards["fixer"]
    assert (str(fixer.cost), fixer.cost.points, fixer.resources) == ("1$", 2, "$$")


def test_rule_lc_06_characters_have_attack_defense_and_skill():
    characters = {card.id: card.stats for card in pool().cards.values() if card.kind == "character"}
    assert characters["ninja_adept"] == (3, 2, 1)
    assert characters["colossus"] == (5, 6, 1)
    assert all(stats[1] >= 1 for stats in characters.values())  # a Def of 0 would die with no damage


def test_rule_lc_07_locations_have_skill_and_victory_points_and_are_never_in_a_deck():
    assert {loc.id: (loc.skill, loc.vp) for loc in pool().locations.values()} == {
        "docks": (1, 3), "downtown": (2, 2), "data_center": (3, 2), "casino": (2, 3), "embassy": (4, 1),
        "old_temple": (3, 1)}
    assert not set(pool().locations) & set(pool().cards)
    assert not set(DEMO) & set(pool().locations)
    with pytest.raises(InvalidSetup, match="no card 'docks' in the pool"):
        RULES.resolve_options({"decks": [DEMO, {**DEMO, "docks": 1}]})


def test_rule_lc_08_modifiers_name_what_they_modify_and_the_stats_they_alter():
    bonuses = {card.id: (card.subtype, card.bonus) for card in pool().cards.values() if card.kind == "modifier"}
    assert bonuses == {"katana": ("weapon", (2, 0, 0)), "body_armor": ("armor", (0, 2, 0)),
                       "disguise": ("gear", (0, 0, 2))}


def test_rule_lc_10_a_surprise_typeline_names_its_phase_or_none():
    assert {card.id: card.phase for card in pool().cards.values() if card.kind == "surprise"} == {
        "adrenaline": "", "ambush": "mission", "windfall": "production", "arrest": ""}


def test_ruling_03_costs_are_printed_as_generic_points_then_typed_symbols():
    assert (parse_cost("3$").generic, parse_cost("3$").typed, parse_cost("3$").points) == (3, ("$",), 4)
    assert parse_cost("2!!").points == 4 and parse_cost("@").points == 1
    assert parse_cost("*").production and parse_cost("*").points == 0


# -- decks and locations brought (LC-19 to LC-21, ruling 2) -------------------------------------------


def test_ruling_02_the_demo_deck_is_legal_and_both_seats_get_it_by_default():
    assert sum(DEMO.values()) == 40
    state = setup_state()
    for seat in (1, 2):
        assert Counter(state.player(seat)["deck"]) == Counter(DEMO)
    assert [p["brought"] for p in state.players] == [list(triple) for triple in pool().brought]


def test_rule_lc_01_each_player_builds_a_deck_from_any_card_of_the_pool():
    everything = {card: 1 if pool().cards[card].has("limited") else 3 for card in pool().cards}
    ninjas = {**DEMO, "sniper": 1, "katana": 3, "disguise": 3}
    state = setup_state({"decks": [everything, ninjas]})
    assert Counter(state.player(1)["deck"]) == Counter(everything)
    assert Counter(state.player(2)["deck"]) == Counter(ninjas)


def test_rule_lc_19_a_deck_holds_at_least_forty_cards_and_has_no_maximum():
    short = {**DEMO, "sniper": 2}
    with pytest.raises(InvalidSetup, match="seat 2's deck: 39 cards: a deck holds at least 40"):
        RULES.resolve_options({"decks": [DEMO, short]})
    big = {card: 1 if pool().cards[card].has("limited") else 3 for card in pool().cards}
    assert sum(big.values()) > 40
    assert RULES.resolve_options({"decks": [big, big]})["decks"] == [big, big]


def test_rule_lc_20_at_most_three_copies_of_a_card():
    with pytest.raises(InvalidSetup, match="seat 1's deck: 4 copies of 'sniper': at most 3"):
        RULES.resolve_options({"decks": [{**DEMO, "sniper": 4}, DEMO]})


def test_keyword_limited_black_market_one_copy_in_a_deck():
    assert pool().cards["black_market"].has("limited") and DEMO["black_market"] == 1
    with pytest.raises(InvalidSetup, match=re.escape("2 copies of 'black_market': at most 1 (Limited)")):
        RULES.resolve_options({"decks": [DEMO, {**DEMO, "black_market": 2}]})


def test_ruling_02_a_deck_naming_an_unknown_card_is_refused():
    with pytest.raises(InvalidSetup, match="no card 'dragon' in the pool"):
        RULES.resolve_options({"decks": [{**DEMO, "dragon": 1}, DEMO]})


def test_rule_lc_21_each_player_brings_three_different_known_locations():
    with pytest.raises(InvalidSetup, match="seat 1: each player brings 3 different locations"):
        RULES.resolve_options({"locations": [["docks", "docks", "casino"], ["casino", "embassy", "old_temple"]]})
    with pytest.raises(InvalidSetup, match="seat 2: no location 'moon' in the pool"):
        RULES.resolve_options({"locations": [["docks", "downtown", "casino"], ["moon", "embassy", "old_temple"]]})
    state = setup_state({"locations": [["embassy", "docks", "casino"], ["old_temple", "data_center", "downtown"]]})
    assert state.player(1)["brought"] == ["embassy", "docks", "casino"]
    assert state.player(2)["brought"] == ["old_temple", "data_center", "downtown"]


# -- setup (LC-37 to LC-42, rulings 1, 11 to 14) -------------------------------------------------------


def test_ruling_01_two_players():
    RULES.check_seat_count(2)
    for count in (1, 3):
        with pytest.raises(InvalidSetup, match="played by 2 players"):
            RULES.check_seat_count(count)


@pytest.mark.parametrize("first", [1, 2])
def test_rule_lc_38_the_first_player_is_drawn_at_random_and_chooses_a_location_first(first):
    state = RULES.new_state(2, RULES.resolve_options({}))
    rng = Loaded(first)
    facts = RULES.setup(state, rng)
    assert not rng.outcomes  # ruling 13: one random choice at setup; shuffling and the cut add nothing
    assert facts == [TableSetUp(first=first, brought=[list(t) for t in pool().brought]),
                     PhaseBegan(phase="locations", seat=first)]
    for fact in facts:
        state = RULES.evolve(state, fact)
    assert RULES.to_act(state) == [first]
    assert {c["location"] for c in RULES.legal_commands(state, first)} == set(pool().brought[first - 1])


def test_rule_lc_39_locations_are_placed_by_the_first_player_then_the_second_then_the_first():
    state = setup_state(first=2)
    placed = []
    for seat, location in ((2, "embassy"), (1, "data_center"), (2, "old_temple")):
        assert RULES.to_act(state) == [seat]
        facts, state = act(state, seat, {"type": "choose_location", "location": location},
                           *(HAND_1 + HAND_2 if len(placed) == 2 else []))
        assert facts[0] == LocationPlaced(seat=seat, location=location)
        placed.append(location)
    assert [(loc["id"], loc["placed_by"]) for loc in state.locations] == [
        ("embassy", 2), ("data_center", 1), ("old_temple", 2)]


def test_ruling_11_the_locations_not_placed_are_set_aside():
    _, state = _placed(first=1)
    assert state.player(1)["brought"] == ["data_center"]
    assert state.player(2)["brought"] == ["embassy", "old_temple"]
    assert RULES.view(state, 2)["players"][0]["locations_not_placed"] == ["data_center"]


def test_ruling_11_a_location_not_brought_or_already_placed_is_refused():
    state = setup_state(first=1)
    _refused(state, 1, {"type": "choose_location", "location": "casino"}, "locations you brought")
    _, state = act(state, 1, {"type": "choose_location", "location": "docks"})
    _, state = act(state, 2, {"type": "choose_location", "location": "casino"})
    _refused(state, 1, {"type": "choose_location", "location": "docks"},
             "have not placed: downtown, data_center")


def test_rule_lc_40_each_player_draws_seven_cards_the_first_player_first():
    facts, state = _placed(first=2)
    assert kinds(facts) == ["LocationPlaced", "CardsDrawn", "CardsDrawn", "PhaseBegan"]
    assert facts[1:] == [CardsDrawn(seat=2, cards=HAND_1, reason="opening"),
                         CardsDrawn(seat=1, cards=HAND_2, reason="opening"),
                         PhaseBegan(phase="mulligan", seat=2)]
    for seat, hand in ((2, HAND_1), (1, HAND_2)):
        assert state.player(seat)["hand"] == hand
        assert Counter(state.player(seat)["deck"]) + Counter(hand) == Counter(DEMO)


def test_rule_lc_41_the_first_player_then_the_second_may_put_cards_under_and_draw_back_to_seven():
    _, state = _placed(first=1)
    under = ["colossus", "dojo", "colossus"]
    facts, state = act(state, 1, {"type": "mulligan", "cards": under}, "enforcer", "enforcer", "enforcer")
    assert facts == [CardsPutUnder(seat=1, cards=under),
                     CardsDrawn(seat=1, cards=["enforcer"] * 3, reason="mulligan"),
                     PhaseBegan(phase="mulligan", seat=2)]
    assert Counter(state.player(1)["hand"]) == Counter(["sniper", "fixer", "katana", "arrest"] + ["enforcer"] * 3)
    assert state.player(1)["bottom"] == under and state.deck_size(1) == 33
    assert RULES.to_act(state) == [2]


def test_ruling_12_an_empty_mulligan_keeps_the_hand():
    _, state = _placed(first=1)
    facts, state = act(state, 1, {"type": "mulligan", "cards": []})
    assert facts == [CardsPutUnder(seat=1, cards=[]), PhaseBegan(phase="mulligan", seat=2)]
    assert state.player(1)["hand"] == HAND_1 and state.player(1)["bottom"] == []


def test_ruling_12_cards_put_under_are_drawn_after_the_rest_of_the_deck_first_named_first():
    state = table(decks=[["sniper"], None], bottoms=[["colossus", "dojo"], []], discards=[["fixer"], []])
    facts, state = act(state, 1, {"type": "draw"}, "sniper")
    facts2, state = act(state, 1, {"type": "draw"})
    facts3, state = act(state, 1, {"type": "draw"})
    assert [f.cards for f in facts + facts2 + facts3 if isinstance(f, CardsDrawn)] == [["sniper"], ["colossus"], ["dojo"]]
    assert state.player(1)["discard"] == ["fixer"]  # no reshuffle while cards are under the deck


def test_ruling_12_a_mulligan_of_cards_not_in_the_hand_is_refused():
    _, state = _placed(first=1)
    _refused(state, 1, {"type": "mulligan", "cards": ["ambush"]}, "no 'ambush' .*in your hand")
    _refused(state, 1, {"type": "mulligan", "cards": ["sniper", "sniper"]}, "no 'sniper' \\(left\\) in your hand")


def test_ruling_13_each_card_drawn_is_chosen_from_what_is_left_of_the_deck():
    offered = []

    class Recorder(Loaded):
        def choice(self, options, ask="", seat=None, secret=False):
            offered.append(Counter(options))
            return super().choice(options, ask, seat, secret)

    state = setup_state(first=1)
    for seat, location in ((1, "docks"), (2, "casino")):
        _, state = act(state, seat, {"type": "choose_location", "location": location})
    RULES.decide(state, 1, {"type": "choose_location", "location": "downtown"}, Recorder(*HAND_1, *HAND_2))
    assert offered[0] == Counter(DEMO) and offered[7] == Counter(DEMO)
    for n in range(1, 7):  # each draw is offered the deck less the cards already drawn from it
        assert offered[n] == Counter(DEMO) - Counter(HAND_1[:n])
        assert offered[7 + n] == Counter(DEMO) - Counter(HAND_2[:n])


def test_rule_lc_42_the_second_player_takes_the_first_turn():
    _, state = _placed(first=1)
    _, state = act(state, 1, {"type": "mulligan", "cards": []})
    facts, state = act(state, 2, {"type": "mulligan", "cards": []})
    assert facts[1:] == [TurnBegan(seat=2, turn=1), PhaseBegan(phase="production", seat=2)]
    assert (state.current, state.turn, state.phase) == (2, 1, "production")


def test_ruling_14_the_first_turn_has_no_limits():
    _, state = _placed(first=2)
    _, state = act(state, 2, {"type": "mulligan", "cards": []})
    _, state = act(state, 1, {"type": "mulligan", "cards": []})
    assert RULES.to_act(state) == [1] and state.production == 3
    legal = RULES.legal_commands(state, 1)
    assert {"type": "draw"} in legal
    assert {c["card"] for c in legal if c["type"] == "bank"} == set(HAND_2)
