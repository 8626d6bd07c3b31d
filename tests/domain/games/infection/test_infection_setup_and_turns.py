"""Infection: the board, setup, turns, moving, resetting and the round limit.

One test per rule of the text (``infection.txt``) or ruling (``RULINGS.md``), named after it. Tables
come from ``infection_table.table()`` (Blue 1 on turn, villagers on b1, d1, b7, d7) or from a real
setup with a fixed seed.
"""

from __future__ import annotations

from collections import Counter

import pytest
from infection_table import (
    PLACEMENT,
    RULES,
    V1,
    act,
    face_down,
    hand,
    legal,
    of_type,
    put,
    refused,
    table,
    to_next_turn,
)

from domain.engine.randomness import Rng, TableRng
from domain.games.infection.board import SQUARES, TILE_SQUARES, region_of
from domain.games.infection.facts import (
    CardsReset,
    GameEnded,
    TilePickedUp,
    TilesLaid,
    TilesPlaced,
    TurnStarted,
    VillagerMoved,
)

SIDE = {"cure": 1, "virus": 4, "recover": 2, "generosity": 1, "disarm": 1, "contagion": 1}
MIDDLE = {"cure": 1, "virus": 2, "generosity": 1, "contagion": 1}


def set_up(seed="seed", options=None, rules=RULES):
    """A real setup: (facts, state)."""
    state = rules.new_state(2, rules.resolve_options(options or {}))
    facts = rules.setup(state, Rng(seed, "setup"))
    for fact in facts:
        state = rules.evolve(state, fact)
    return facts, state


def moves_to(state, seat=1):
    return {c["to"] for c in legal(state, seat, "move")}


# -- The board and setup --------------------------------------------------------------------------


def test_ruling_1_the_board_is_5_by_7_with_a_village_row_at_each_end_and_25_tile_squares():
    assert len(SQUARES) == 35 and len(TILE_SQUARES) == 25
    assert {s[0] for s in SQUARES} == set("abcde") and {s[1] for s in SQUARES} == set("1234567")
    regions = Counter(region_of(s) for s in SQUARES)
    assert regions == {"blue": 10, "middle": 5, "red": 10, "village": 10}
    assert {s for s in SQUARES if region_of(s) == "middle"} == {"a4", "b4", "c4", "d4", "e4"}


@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_the_25_tiles_are_10_on_each_side_and_5_in_the_middle_row_with_the_texts_counts(seed):
    facts, state = set_up(seed)
    assert facts[0] == TilesLaid(regions={"blue": SIDE, "middle": MIDDLE, "red": SIDE})
    assert state.left_face_down() == {"blue": SIDE, "middle": MIDDLE, "red": SIDE}
    assert sorted(state.tiles) == sorted(TILE_SQUARES)


def test_ruling_3_the_tiles_are_laid_face_down_unseen_and_the_first_fact_places_none():
    facts_a, state_a = set_up("a")
    facts_b, _ = set_up("b")
    assert isinstance(facts_a[0], TilesLaid) and not any(isinstance(fact, TilesPlaced) for fact in facts_a)
    assert facts_a == facts_b  # nothing is chosen at setup: a tile is when it is turned over
    assert "placement" not in facts_a[0].to_data() and set(state_a.tiles.values()) == {"?"}
    table_game = RULES.new_state(2, RULES.resolve_options({}))
    assert RULES.setup(table_game, TableRng()) == facts_a  # a table game's setup needs no outcome


@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_ruling_3_under_rules_v1_the_25_tiles_were_placed_with_the_texts_counts(seed):
    _, state = set_up(seed, rules=V1)
    by_region: dict[str, Counter] = {"blue": Counter(), "middle": Counter(), "red": Counter()}
    for square, tile in state.tiles.items():
        by_region[region_of(square)][tile] += 1
    assert by_region == {"blue": Counter(SIDE), "middle": Counter(MIDDLE), "red": Counter(SIDE)}
    assert sorted(state.tiles) == sorted(TILE_SQUARES)


def test_ruling_3_under_rules_v1_each_region_was_shuffled_and_the_placement_recorded_in_the_first_fact():
    facts_a, state_a = set_up("a", rules=V1)
    facts_b, _ = set_up("b", rules=V1)
    assert isinstance(facts_a[0], TilesPlaced)
    assert dict(zip(TILE_SQUARES, facts_a[0].placement)) == state_a.tiles
    assert facts_a[0].placement != facts_b[0].placement
    assert set_up("a", rules=V1)[0] == facts_a  # a seed always lays the same tiles
    shuffles = {tuple(set_up(str(n), rules=V1)[0][0].placement[10:15]) for n in range(12)}
    assert len(shuffles) > 1  # the middle row is shuffled too


def test_ruling_2_two_villagers_a_side_start_in_their_village_with_3_hp_and_no_cure():
    _, state = set_up()
    squares = {(seat, n): v["square"] for seat, n, v in state.all_villagers()}
    assert squares == {(1, 1): "b1", (1, 2): "d1", (2, 1): "b7", (2, 2): "d7"}
    assert all(v["hp"] == 3 and not v["cure"] for _, _, v in state.all_villagers())
    assert [side["village"] for side in state.sides] == [0, 0]


def test_each_player_has_10_action_cards_4_moves_2_axes_a_gun_an_arrow_a_grenade_and_a_steal():
    _, state = set_up()
    for seat in (1, 2):
        assert state.side(seat)["hand"] == {"move": 4, "axe": 2, "gun": 1, "arrow": 1, "grenade": 1, "steal": 1}
        assert sum(state.side(seat)["played"].values()) == 0


def test_ruling_2_blue_seat_1_goes_first():
    facts, state = set_up()
    assert facts[1:] == [TurnStarted(seat=1, villager=1, round=1, cannot_move=False, cannot_use_weapon=False)]
    assert RULES.to_act(state) == [1]


# -- Turns -------------------------------------------------------------------------------------


def test_ruling_4_the_turns_go_blue_1_red_1_blue_2_red_2_and_again():
    _, state = set_up()
    started = []
    for _ in range(8):
        seat = RULES.to_act(state)[0]
        facts, state = act(state, seat, {"type": "reset"})
        started += [(f.seat, f.villager, f.round) for f in of_type(facts, TurnStarted)]
    assert started == [(2, 1, 1), (1, 2, 1), (2, 2, 1), (1, 1, 2), (2, 1, 2), (1, 2, 2), (2, 2, 2), (1, 1, 3)]
    assert RULES.turn_number(state) == 9


def test_a_player_plays_one_card_a_turn_and_the_turn_passes():
    state = table(tiles={})
    facts, after = act(state, 1, {"type": "move", "to": "b3"})
    assert after.side(1)["hand"]["move"] == 3 and after.side(1)["played"]["move"] == 1
    assert of_type(facts, TurnStarted)[-1].seat == 2
    assert RULES.to_act(after) == [2]
    assert RULES.legal_commands(after, 1) == []


def test_ruling_4_both_villagers_of_a_side_share_one_hand():
    state = table(tiles={})
    _, state = act(state, 1, {"type": "move", "to": "b2"})
    state = to_next_turn(state, 2)
    assert (state.current, state.villager) == (1, 2)
    assert state.side(1)["hand"]["move"] == 3  # Blue 2 has what Blue 1 left


# -- Moving ------------------------------------------------------------------------------------


def test_move_and_pick_up_goes_1_or_2_tiles_a_diagonal_counting_as_2():
    state = table(tiles={})
    put(state, 1, 1, "c4")
    assert moves_to(state) == {"c2", "b3", "c3", "d3", "a4", "b4", "d4", "e4", "b5", "c5", "d5", "c6"}


def test_a_villager_cannot_move_onto_a_tile_another_villager_occupies():
    state = table(tiles={})
    put(state, 1, 1, "c3")
    put(state, 2, 1, "c4")
    put(state, 1, 2, "c5")
    assert "c4" not in moves_to(state) and "c5" not in moves_to(state)
    assert refused(state, 1, {"type": "move", "to": "c4"}) == "c4 is taken by Red 1: one villager to a tile"
    assert refused(state, 1, {"type": "move", "to": "c5"}) == "c5 is taken by Blue 2: one villager to a tile"


def test_ruling_7_only_the_landing_square_must_be_free_nothing_is_picked_up_on_the_way():
    state = table(tiles={"c3": "virus", "c4": "cure"})
    put(state, 1, 1, "c2")
    put(state, 2, 1, "b3")
    facts, after = act(state, 1, {"type": "move", "to": "c4"})  # over the virus on c3
    assert [f.tile for f in of_type(facts, TilePickedUp)] == ["cure"]
    assert face_down(after) == {"c3": "virus"} and after.member(1, 1)["cure"]


def test_ruling_7_a_move_goes_at_least_one_tile_and_no_more_than_two():
    state = table(tiles={})
    assert refused(state, 1, {"type": "move", "to": "b1"}).startswith("a Move & Pick-up goes 1 or 2 tiles")
    assert "3 tiles" in refused(state, 1, {"type": "move", "to": "b4"})
    assert "3 tiles" in refused(state, 1, {"type": "move", "to": "c3"})  # a diagonal and one more


def test_ruling_8_a_villager_never_enters_the_enemy_village_but_moves_within_its_own():
    state = table(tiles={})
    put(state, 1, 1, "c6")
    assert moves_to(state).isdisjoint({"a7", "b7", "c7", "d7", "e7"})
    assert refused(state, 1, {"type": "move", "to": "c7"}) == "c7 is in the red village: a villager enters only its own village"
    state = table(tiles={})
    assert {"a1", "c1"} <= moves_to(state)


def test_without_a_move_card_in_hand_a_villager_cannot_move_until_a_reset():
    state = table(tiles={})
    hand(state, 1, move=0)
    assert refused(state, 1, {"type": "move", "to": "b2"}) == "your Move & Pick-up cards are played: reset to get them back"
    assert refused(state, 1, {"type": "axe", "target": "b4", "step": "b2"}).startswith("moving before a weapon or Steal takes")


# -- A weapon after a 1-tile move ----------------------------------------------------------------


def test_ruling_6_a_weapon_may_follow_a_1_tile_move_that_picks_nothing_up():
    state = table(tiles={"c3": "cure"})
    put(state, 1, 1, "c2")
    put(state, 2, 1, "c4")
    facts, after = act(state, 1, {"type": "axe", "target": "c4", "step": "c3"})
    assert of_type(facts, VillagerMoved) == [VillagerMoved(seat=1, villager=1, start="c2", to="c3", pick_up=False)]
    assert not of_type(facts, TilePickedUp) and face_down(after) == {"c3": "cure"}
    assert after.member(2, 1)["hp"] == 1
    assert after.side(1)["played"] == {"move": 1, "axe": 1, "gun": 0, "arrow": 0, "grenade": 0, "steal": 0}


def test_ruling_6_the_move_before_a_weapon_is_1_tile_north_east_south_or_west_and_comes_first():
    state = table(tiles={})
    put(state, 1, 1, "c2")
    put(state, 2, 1, "c4")
    steps = {c.get("step") for c in RULES.legal_commands(state, 1) if c["type"] != "move"}
    assert steps == {None, "b2", "d2", "c3", "c1"}
    assert {c.get("step") for c in legal(state, 1, "gun")} == {None, "c3", "c1"}  # in line with c4
    assert "not next to c2" in refused(state, 1, {"type": "gun", "target": "c4", "step": "d3"})  # a diagonal
    assert "not next to c2" in refused(state, 1, {"type": "gun", "target": "c4", "step": "e2"})
    # the Axe is used from where the step ends: from d2 it no longer reaches c4... but from c3 it does
    assert "out of the Axe's range from d2" in refused(state, 1, {"type": "axe", "target": "c4", "step": "d2"})
    _, after = act(state, 1, {"type": "axe", "target": "c4", "step": "c3"})
    assert after.member(1, 1)["square"] == "c3" and after.member(2, 1)["hp"] == 1


# -- Reset -------------------------------------------------------------------------------------


def test_reset_returns_every_played_card_to_the_hand_and_takes_the_turn():
    state = table(tiles={})
    hand(state, 1, move=1, axe=0, gun=0)
    facts, after = act(state, 1, {"type": "reset"})
    assert of_type(facts, CardsReset) == [CardsReset(seat=1, villager=1, cards=["move", "move", "move", "axe", "axe", "gun"])]
    assert after.side(1)["hand"] == {"move": 4, "axe": 2, "gun": 1, "arrow": 1, "grenade": 1, "steal": 1}
    assert RULES.to_act(after) == [2]


def test_ruling_14_a_reset_with_nothing_played_is_a_pass():
    state = table(tiles={})
    facts, after = act(state, 1, {"type": "reset"})
    assert of_type(facts, CardsReset)[0].cards == []
    assert RULES.describe(of_type(facts, CardsReset)[0], ["Ana", "Ben"]) == "Ana reset with no card played: Blue 1's turn passes."
    assert (after.current, after.villager) == (2, 1)


# -- The end -----------------------------------------------------------------------------------


def _play_to_limit(state):
    while RULES.outcome(state) is None:
        state = to_next_turn(state, RULES.to_act(state)[0])
    return state


def test_ruling_20_after_the_last_round_more_cures_home_wins():
    state = table(tiles={}, round_limit=2)
    state.side(2)["village"] = 1
    state = _play_to_limit(state)
    assert RULES.outcome(state).winners == [2]
    assert RULES.outcome(state).reason == "the last round (2) was played: Red brought more cures home (1 to 0)"
    assert state.turns == 8  # two rounds of four villager turns


def test_ruling_20_after_the_last_round_the_same_number_of_cures_home_is_a_draw():
    state = _play_to_limit(table(tiles={}, round_limit=1))
    assert RULES.outcome(state).winners == []
    assert "a draw, 0 cures home each" in RULES.outcome(state).reason
    assert RULES.to_act(state) == []


def test_ruling_20_the_round_limit_is_an_option_with_a_default_of_25():
    assert RULES.resolve_options({})["round_limit"] == 25
    _, state = set_up(options={"round_limit": 7})
    assert state.round_limit == 7


def test_a_game_of_resets_only_ends_after_100_villager_turns():
    facts, state = set_up()
    assert of_type(facts, GameEnded) == []
    state = _play_to_limit(state)
    assert state.turns == 100 and RULES.outcome(state).winners == []


def test_the_fixed_table_of_the_scenario_tests_has_the_texts_tiles():
    assert Counter(PLACEMENT[:10]) == Counter(SIDE) and Counter(PLACEMENT[15:]) == Counter(SIDE)
    assert Counter(PLACEMENT[10:15]) == Counter(MIDDLE)


def test_the_board_is_drawn_with_villagers_tiles_cures_and_debuffs():
    state = table(tiles={"c3": "virus", "a5": "cure"})
    put(state, 1, 1, "c2", hp=2, cure=True)
    put(state, 2, 1, "c3", cannot_move=True)
    state.cures = {"e4": 1}
    state.side(1)["village"] = 1
    seat_board = RULES.render(RULES.view(state, 2), ["Ana", "Ben"])
    rows = {line[:3]: line for line in seat_board.splitlines() if line[2:3].isdigit()}
    assert rows["  2"].split("|")[3].strip() == "B1:2c"
    assert rows["  3"].split("|")[3].strip() == "R1:3?"  # Red 1 stands on a face-down tile
    assert rows["  5"].split("|")[1].strip() == "?" and rows["  4"].split("|")[5].strip() == "cure"
    assert rows["  1"].endswith("blue village: 1 of 2 cures") and rows["  1"].split("|")[1].strip() == "~"
    assert "Red 1 on c3: 3/3 HP, cannot move next turn" in seat_board
    assert "Blue 1 on c2: 2/3 HP, carries a cure" in seat_board
    assert "Blue 1 (Ana) to play" in seat_board and "(CURE)" not in seat_board
    assert "face-down tiles left: blue 1 (Virus 1); middle 0; red 1 (Cure 1)" in seat_board
    owner_board = RULES.render(RULES.owner_view(state), ["Ana", "Ben"])
    assert owner_board == RULES.render(RULES.view(state, None), ["Ana", "Ben"])  # under rules v2 no tile has a place
    v1_table = table(tiles={"c3": "virus", "a5": "cure"}, rules=V1)
    assert "(CURE)" in V1.render(V1.owner_view(v1_table), ["Ana", "Ben"])  # a v1 game's owner sees its placement
    assert "(CURE)" not in V1.render(V1.view(v1_table, 2), ["Ana", "Ben"])
