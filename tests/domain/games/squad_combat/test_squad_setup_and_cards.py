"""Squad Combat: players, setup (characters in a row, decks, hands, dice pools, the first player), the
demo card set and the options that change the table (squads, a designer's own card set) — one test
per rule of the text and per ruling, named after it."""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from squad_table import BLUE, RED, SEATS, Loaded, act, kinds, ref, table

from domain.engine.errors import InvalidSetup
from domain.engine.game import Game
from domain.engine.randomness import Rng
from domain.games.squad_combat import RULESET as RULES
from domain.games.squad_combat.cards import demo_set_data, parse_cost
from domain.games.squad_combat.facts import (
    AttackHit,
    CardPlayed,
    CardsDrawn,
    CharacterDied,
    DiceSet,
    GameEnded,
    PhaseStarted,
    PlayerEliminated,
    TableSetUp,
)

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

# the rolls of a red and a blue squad's R dice at setup, left to right: Bruiser RRR, Marksman 5RR,
# Medic RRR; Jimbo RRR, Duelist 34R, Captain RRRR
RED_ROLLS = [1, 2, 3, 4, 5, 6, 1, 2]
BLUE_ROLLS = [6, 5, 4, 3, 2, 1, 6, 5]
RED_HAND = ["strike", "dodge", "jab", "haymaker", "second_wind"]
BLUE_HAND = ["grudge", "riposte", "strike", "sap", "brace"]

SMALL_SET = {
    "characters": [
        {"id": "ann", "name": "Ann", "traits": ["Alpha"], "hp": 5, "energy": 6, "pool": "6R", "refresh": 2},
        {"id": "bob", "name": "Bob", "traits": ["Beta"], "hp": 4, "energy": 6, "pool": "R", "refresh": 1},
        {"id": "cat", "name": "Cat", "traits": ["Gamma"], "hp": 4, "energy": 6, "pool": "RR", "refresh": 1},
    ],
    "cards": [
        {"id": "punch", "name": "Punch", "kind": "attack", "traits": ["Alpha"], "cost": "<2>[5]", "effect": {"damage": 5}},
        {"id": "block", "name": "Block", "kind": "edge", "window": "reaction", "traits": [], "cost": "",
         "effect": {"resist": 1}},
    ],
    "squads": {"fists": {"characters": ["ann", "bob", "cat"], "deck": {"punch": 4, "block": 2}}},
}


def _set_up(options, *outcomes, seats=2):
    state = RULES.new_state(seats, RULES.resolve_options(options))
    rng = Loaded(*outcomes)
    facts = RULES.setup(state, rng)
    assert not rng.outcomes
    for fact in facts:
        state = RULES.evolve(state, fact)
    return facts, state


def _red_blue_setup():
    return _set_up({"squads": ["red", "blue"]}, 2, *RED_HAND, *BLUE_HAND, *RED_ROLLS, *BLUE_ROLLS)


# -- players ----------------------------------------------------------------------------------------


def test_ruling_two_to_four_players():
    for count in (2, 3, 4):
        RULES.check_seat_count(count)
    for count in (1, 5):
        with pytest.raises(InvalidSetup, match="2-4 players"):
            RULES.check_seat_count(count)


def test_rule_each_player_places_three_characters_in_a_row():
    facts, state = _red_blue_setup()
    assert facts[0] == TableSetUp(first=2, squads=["red", "blue"])
    assert [c["id"] for c in state.player(1)["characters"]] == RED
    assert [c["id"] for c in state.player(2)["characters"]] == BLUE
    for seat in (1, 2):
        assert all(c["wounds"] == [] and c["burden"] == 0 and not c["dead"] for c in state.player(seat)["characters"])


def test_rule_setup_dice_pools_left_to_right_fixed_faces_as_printed_and_r_rolled():
    facts, state = _red_blue_setup()
    assert [fact for fact in facts if isinstance(fact, DiceSet)] == [
        DiceSet(seat=1, character=1, dice=[1, 2, 3]),  # Bruiser RRR
        DiceSet(seat=1, character=2, dice=[5, 4, 5]),  # Marksman 5RR: the 5 as printed
        DiceSet(seat=1, character=3, dice=[6, 1, 2]),  # Medic RRR
        DiceSet(seat=2, character=1, dice=[6, 5, 4]),  # Jimbo RRR
        DiceSet(seat=2, character=2, dice=[3, 4, 3]),  # Duelist 34R: 3 and 4 as printed
        DiceSet(seat=2, character=3, dice=[2, 1, 6, 5]),  # Captain RRRR
    ]
    assert state.character([1, 2])["dice"] == [5, 4, 5]
    assert state.character([2, 2])["dice"] == [3, 4, 3]


def test_ruling_v05_rolls_every_die_of_the_pool_at_setup():
    rolls = [1, 2, 3, 4, 5, 6, 1, 2, 3] + [4, 5, 6, 1, 2, 3, 4, 5, 6, 1]
    facts, state = _set_up({"rules": "v0.5", "squads": ["red", "blue"]}, 1, *RED_HAND, *BLUE_HAND, *rolls)
    assert [fact.dice for fact in facts if isinstance(fact, DiceSet)] == [
        [1, 2, 3], [4, 5, 6], [1, 2, 3], [4, 5, 6], [1, 2, 3], [4, 5, 6, 1]]
    assert state.character([1, 2])["dice"] == [4, 5, 6]  # Marksman's printed 5 is rolled too


def test_rule_each_player_draws_five_cards_from_a_shuffled_deck():
    facts, state = _red_blue_setup()
    assert [fact for fact in facts if isinstance(fact, CardsDrawn)] == [
        CardsDrawn(seat=1, cards=RED_HAND), CardsDrawn(seat=2, cards=BLUE_HAND)]
    assert state.player(1)["hand"] == RED_HAND and state.player(2)["hand"] == BLUE_HAND
    assert len(state.player(1)["deck"]) == len(state.player(2)["deck"]) == 28
    assert Counter(state.player(1)["deck"]) + Counter(RED_HAND) == Counter(demo_set_data()["squads"]["red"]["deck"])


def test_rule_a_random_player_starts_and_has_the_first_action_phase():
    facts, state = _red_blue_setup()
    assert kinds(facts) == ["TableSetUp"] + ["CardsDrawn"] * 2 + ["DiceSet"] * 6 + ["PhaseStarted"]
    assert facts[-1] == PhaseStarted(seat=2, turn=1)
    assert state.first == 2 and RULES.to_act(state) == [2] and state.phase == "action"
    firsts = set()
    for seed in range(16):
        setup = RULES.setup(RULES.new_state(4, RULES.resolve_options({})), Rng(f"first-{seed}", 0))
        assert setup[-1] == PhaseStarted(seat=setup[0].first, turn=1)
        firsts.add(setup[0].first)
    assert firsts == {1, 2, 3, 4}


def test_ruling_without_option_squads_seats_take_the_sets_first_two_squads_in_turn_red_then_blue():
    facts = RULES.setup(RULES.new_state(4, RULES.resolve_options({})), Rng("squads", 0))
    assert facts[0].squads == ["red", "blue", "red", "blue"]
    own = {**SMALL_SET, "squads": {"zeta": SMALL_SET["squads"]["fists"], "alpha": SMALL_SET["squads"]["fists"]}}
    facts = RULES.setup(RULES.new_state(2, RULES.resolve_options({"card_set": own})), Rng("squads", 0))
    assert facts[0].squads == ["zeta", "alpha"]


def test_ruling_a_game_starts_with_the_demo_set_from_a_seed():
    game = Game.start(RULES, SEATS[:3], RULES.resolve_options({"squads": ["red", "blue", "red"]}), "start", salt=SALT)
    state = game.state
    assert [state.player(seat)["squad"] for seat in (1, 2, 3)] == ["red", "blue", "red"]
    assert all(len(state.player(seat)["hand"]) == 5 and len(state.player(seat)["deck"]) == 28 for seat in (1, 2, 3))
    assert state.turn == 1 and RULES.to_act(state) == [state.first]


# -- the demo card set ------------------------------------------------------------------------------


@pytest.mark.parametrize("squad", ["red", "blue"])
def test_ruling_demo_decks_are_33_cards_in_the_shape_of_the_example_demo_deck(squad):
    cards = RULES.new_state(2, RULES.resolve_options({})).cards
    deck = cards.squads[squad]["deck"]
    members = cards.squads[squad]["characters"]
    shape = Counter()
    for card_id, count in deck.items():
        card = cards.cards[card_id]
        kind = ("character-specific" if card.character else "trait-specific" if card.traits
                else "resource" if card_id == "second_wind" else "generic")
        shape[kind] += count
        if card.character:
            assert card.character in members
    assert sum(deck.values()) == 33
    assert shape == {"character-specific": 3, "trait-specific": 15, "generic": 12, "resource": 3}
    assert sorted(c for c in deck if cards.cards[c].character) == sorted(
        {"red": ["ground_pound", "headshot", "field_surgery"], "blue": ["grudge", "riposte", "rally"]}[squad])


@pytest.mark.parametrize("squad", ["red", "blue"])
def test_rule_deck_building_every_trait_card_matches_a_squad_character(squad):
    cards = RULES.new_state(2, RULES.resolve_options({})).cards
    traits = {t for c in cards.squads[squad]["characters"] for t in cards.characters[c].traits}
    trait_cards = [cards.cards[c] for c in cards.squads[squad]["deck"] if cards.cards[c].traits]
    assert trait_cards and all(set(card.traits) & traits for card in trait_cards)


def test_ruling_demo_characters_are_the_recommended_ones():
    characters = RULES.new_state(2, RULES.resolve_options({})).cards.characters
    stats = {c.id: (c.traits, c.hp, c.energy, c.pool, c.refresh) for c in characters.values()}
    assert stats == {
        "bruiser": (("Alpha", "Foxtrot"), 16, 8, "RRR", 4),
        "marksman": (("Beta", "Gamma"), 12, 8, "5RR", 5),
        "medic": (("Charlie", "Echo"), 13, 9, "RRR", 4),
        "jimbo": (("Alpha", "Delta"), 13, 7, "RRR", 2),  # the text's Jimbo: refresh 2, pool RRR
        "duelist": (("Beta", "Echo"), 12, 9, "34R", 5),  # the text's example pool 34R
        "captain": (("Charlie", "Foxtrot"), 15, 7, "RRRR", 5),
    }


def test_rule_costs_are_written_as_energy_dice_and_v05_cards():
    assert parse_cost("<3>[1]") == parse_cost("[1]<3>")
    assert (parse_cost("<3>[1]").energy, parse_cost("<3>[1]").dice, parse_cost("<3>[1]").cards) == (3, (1,), 0)
    assert (parse_cost("[4][2]").energy, parse_cost("[4][2]").dice) == (0, (2, 4))
    assert (parse_cost("C").cards, parse_cost("").energy, parse_cost("").dice) == (1, 0, ())
    with pytest.raises(InvalidSetup, match="cost '<3>x' is not written like"):
        parse_cost("<3>x")


# -- options ----------------------------------------------------------------------------------------


def test_ruling_options_default_to_the_v1_rules_recharge_the_first_player_and_60_turns():
    assert RULES.resolve_options({}) == {"rules": "v1", "squads": None, "recharge": "end_of_turn", "dead_wounds": "stay",
                                         "rotate_first": False, "turn_limit": 60, "card_set": None, "stun": "x-tokens",
                                         "reactions_per_attack": 1, "reshuffle": "discard-pile", "hand_size": 5,
                                         "stalemate": "one-sided", "stalemate_winner": "able", "passed_edges": False,
                                         "no_effect_plays": "refused", "generic_cards": "any-character"}
    with pytest.raises(InvalidSetup, match="bad option rules"):
        RULES.resolve_options({"rules": "v2"})
    with pytest.raises(InvalidSetup, match="bad option turn_limit"):
        RULES.resolve_options({"turn_limit": 0})


def test_ruling_option_squads_names_each_seats_squad():
    facts = RULES.setup(RULES.new_state(3, RULES.resolve_options({"squads": ["blue", "blue", "red"]})), Rng("s", 0))
    assert facts[0].squads == ["blue", "blue", "red"]
    state = table(options={"squads": ["blue", "blue"]})
    assert [c["id"] for c in state.player(1)["characters"]] == BLUE == [c["id"] for c in state.player(2)["characters"]]


def test_ruling_option_squads_is_checked():
    with pytest.raises(InvalidSetup, match=r"bad option squads: no squad 'green' \(squads: blue, red\)"):
        RULES.resolve_options({"squads": ["red", "green"]})
    with pytest.raises(InvalidSetup, match="bad option squads: 3 squads for 2 players"):
        RULES.new_state(2, RULES.resolve_options({"squads": ["red", "blue", "red"]}))
    with pytest.raises(InvalidSetup, match=r"bad option squads: \['red'\] is too short"):
        RULES.resolve_options({"squads": ["red"]})


def _bad_set(change):
    data = copy.deepcopy(SMALL_SET)
    change(data)
    return data


@pytest.mark.parametrize(("change", "problem"), [
    (lambda d: d["cards"][0]["effect"].update(zap=1), r"card 'punch' has unknown effects \['zap'\]"),
    (lambda d: d["cards"][0].update(effect={"stun": 1}), "attack 'punch' has no damage"),
    (lambda d: d["squads"]["fists"].update(characters=["ann", "bob"]), "squad 'fists' has 2 characters, not 3"),
    (lambda d: d["squads"]["fists"].update(characters=["ann", "bob", "zed"]), r"squad 'fists' names unknown characters \['zed'\]"),
    (lambda d: d["squads"]["fists"]["deck"].update(ghost=1), "squad 'fists' deck names an unknown card 'ghost'"),
    (lambda d: d["squads"]["fists"].update(deck={"punch": 4}), "squad 'fists' deck has 4 cards: a hand is 5"),
    (lambda d: d["cards"][0].update(cost="<2>[7]"), r"cost '<2>\[7\]' is not written like"),
    (lambda d: d["cards"][1].pop("window"), "edge 'block' needs a window: own or reaction"),
    (lambda d: d["cards"][1].update(window="own"), "card 'block': negate, resist, burden_attacker and intercept are for reaction edges only"),
    (lambda d: d["cards"][0].update(window="own"), "attack 'punch' has a window, which only edges have"),
    (lambda d: d["cards"][1].update(effect={"resist": 1, "stun": 1}), "card 'block': damage, stun and lose_die are for attacks only"),
    (lambda d: d["cards"].append(dict(d["cards"][1])), "two cards share the id 'block'"),
    (lambda d: d["characters"].append(dict(d["characters"][0])), "two characters share an id"),
    (lambda d: d["cards"][0].update(character="zed"), "card 'punch' names an unknown character 'zed'"),
    (lambda d: d["cards"][1].update(v05={"cost": "C"}), r"reaction 'block' costs a card \(C\): a reaction is paid in energy and dice only"),
    (lambda d: (d["cards"].append({"id": "solo", "name": "Solo", "kind": "action", "traits": [], "character": "dan",
                                   "cost": "", "effect": {"taunt": True}}),
                d["characters"].append({"id": "dan", "name": "Dan", "traits": ["Alpha"], "hp": 5, "energy": 5,
                                        "pool": "R", "refresh": 1}),
                d["squads"]["fists"]["deck"].update(solo=1)),
     "squad 'fists' deck has 'solo', which only 'dan' may perform"),
], ids=["unknown effect", "attack without damage", "squad of 2", "unknown character", "unknown card in a deck",
        "deck smaller than a hand", "bad cost", "edge without window", "reaction effect on an own edge",
        "window on an attack", "attack effect on an edge", "card id twice", "character id twice",
        "card of an unknown character", "reaction costing a card", "character card of a character not in the squad"])
def test_ruling_option_card_set_is_checked_and_a_bad_one_refused_naming_the_problem(change, problem):
    with pytest.raises(InvalidSetup, match="bad card set: .*" + problem):
        RULES.resolve_options({"card_set": _bad_set(change)})


def test_rule_deck_building_a_trait_card_no_squad_character_can_use_is_refused():
    beam = {"id": "beam", "name": "Beam", "kind": "attack", "traits": ["Delta"], "cost": "", "effect": {"damage": 1}}
    data = _bad_set(lambda d: (d["cards"].append(beam), d["squads"]["fists"]["deck"].update(beam=1)))
    with pytest.raises(InvalidSetup, match="bad card set: squad 'fists' deck has 'beam', whose traits no squad character has"):
        RULES.resolve_options({"card_set": data})


def test_ruling_option_card_set_must_have_the_shape_of_cards_json():
    with pytest.raises(InvalidSetup, match="bad option card_set: 'squads' is a required property"):
        RULES.resolve_options({"card_set": {k: v for k, v in SMALL_SET.items() if k != "squads"}})


def test_ruling_a_designers_own_small_card_set_plays():
    options = {"card_set": SMALL_SET}
    # five cards each from a deck of 4 Punch and 2 Block; then Ann 6R, Bob R, Cat RR for each seat
    hand = ["punch", "punch", "punch", "block", "block"]
    facts, state = _set_up(options, 1, *hand, *hand, 1, 2, 3, 4, 5, 6, 2, 3)
    assert facts[0] == TableSetUp(first=1, squads=["fists", "fists"])
    assert facts[3:6] == [DiceSet(seat=1, character=1, dice=[6, 1]), DiceSet(seat=1, character=2, dice=[2]),
                          DiceSet(seat=1, character=3, dice=[3, 4])]
    assert state.player(1)["deck"] == ["punch"]
    assert RULES.legal_commands(state, 1) == [
        {"type": "play", "card": "punch", "performer": 1, "target": [2, place]} for place in (1, 2, 3)] + [
        {"type": "refresh", "character": place} for place in (1, 2, 3)] + [{"type": "pass"}]
    facts, state = act(state, 1, {"type": "play", "card": "punch", "performer": 1, "target": [2, 2]})
    assert facts == [CardPlayed(seat=1, card="punch", performer=ref(state, 1, 1), target=ref(state, 2, 2), burden=2, dice=[6])]
    assert RULES.legal_commands(state, 2) == [{"type": "react", "card": "block", "performer": 2}, {"type": "allow"}]
    facts, state = act(state, 2, {"type": "react", "card": "block", "performer": 2})
    assert facts[1:] == [AttackHit(seat=1, card="punch", target=ref(state, 2, 2), damage=4),
                         CharacterDied(character=ref(state, 2, 2)), PhaseStarted(seat=2, turn=1)]
    assert state.wounds([2, 2]) == 4 and state.living(2) == [1, 3]


def test_ruling_the_last_squad_standing_wins_with_a_designers_set():
    state = table(options={"card_set": SMALL_SET}, squads=["fists", "fists"], hands=[["punch"], []],
                  dice={(1, 1): [5]}, dead=[(2, 1), (2, 3)])
    state = act(state, 1, {"type": "play", "card": "punch", "performer": 1, "target": [2, 2]})[1]
    facts, state = act(state, 2, {"type": "allow"})
    assert facts == [AttackHit(seat=1, card="punch", target=ref(state, 2, 2), damage=5),
                     CharacterDied(character=ref(state, 2, 2)), PlayerEliminated(seat=2),
                     GameEnded(winners=[1], reason="the last player with characters alive")]
