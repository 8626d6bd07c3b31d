"""Infection: the Axe, Gun, Arrow, Grenade and Steal, and the debuffs they leave.

Each test is a rule of the text or a ruling of ``RULINGS.md``; tables come from
``infection_table.table()`` (Blue 1 on turn) with the villagers put where the scenario needs them.
"""

from __future__ import annotations

import pytest
from infection_table import (
    RULES,
    act,
    hand,
    legal,
    of_type,
    put,
    refused,
    table,
    to_next_turn,
)

from domain.games.infection.facts import CureStolen, TurnStarted, WeaponUsed


def targets(state, card, seat=1):
    return {c["target"] for c in legal(state, seat, card) if "step" not in c}


def arena(blue_1="c3", red_1=None, red_2=None, blue_2=None, **table_args):
    """An empty board (no tiles) with the villagers put on the squares given (others stay home)."""
    state = table(tiles={}, **table_args)
    for (seat, number), square in {(1, 1): blue_1, (2, 1): red_1, (2, 2): red_2, (1, 2): blue_2}.items():
        if square:
            put(state, seat, number, square)
    return state


# -- Axe --------------------------------------------------------------------------------------


@pytest.mark.parametrize("square", ["b2", "b3", "b4", "c2", "c4", "d2", "d3", "d4"])
def test_the_axe_hits_a_villager_on_any_of_the_8_squares_around_diagonals_too_for_2_hp(square):
    state = arena("c3", red_1=square)
    facts, after = act(state, 1, {"type": "axe", "target": square})
    assert of_type(facts, WeaponUsed) == [WeaponUsed(seat=1, villager=1, card="axe", target=square,
                                                     hits=[{"seat": 2, "villager": 1, "square": square, "hp": 1}])]
    assert after.member(2, 1)["hp"] == 1


def test_the_axe_reaches_no_further_than_1_square():
    state = arena("c3", red_1="c5", red_2="a5")
    assert targets(state, "axe") == set()
    assert "out of the Axe's range from c3" in refused(state, 1, {"type": "axe", "target": "c5"})


# -- Gun and Arrow -------------------------------------------------------------------------------


@pytest.mark.parametrize("square", ["c4", "c5", "c6", "a3", "e3", "c2"])
def test_the_gun_hits_1_to_3_squares_away_in_a_straight_line_for_1_hp(square):
    state = arena("c3", red_1=square, blue_2="e1")
    facts, after = act(state, 1, {"type": "gun", "target": square})
    assert after.member(2, 1)["hp"] == 2
    assert of_type(facts, WeaponUsed)[0].hits == [{"seat": 2, "villager": 1, "square": square, "hp": 2}]


@pytest.mark.parametrize("card", ["gun", "arrow"])
def test_the_gun_and_the_arrow_cannot_hit_diagonally_nor_past_3_squares(card):
    state = arena("c2", red_1="d3", red_2="c6")
    assert targets(state, card) == set()
    assert "1-3 squares in a straight line (not diagonally)" in refused(state, 1, {"type": card, "target": "d3"})
    assert "out of the" in refused(state, 1, {"type": card, "target": "c6"})


def test_ruling_9_nothing_blocks_a_line_of_fire():
    state = arena("c2", red_1="c5", blue_2="c3", red_2="c4")
    assert targets(state, "gun") == {"c4", "c5"}


def test_the_arrow_stops_its_target_moving_on_its_next_turn_only():
    state = arena("c3", red_1="c6")
    facts, after = act(state, 1, {"type": "arrow", "target": "c6"})
    assert of_type(facts, WeaponUsed)[0].hits == [{"seat": 2, "villager": 1, "square": "c6", "hp": 3}]
    assert of_type(facts, TurnStarted)[-1] == TurnStarted(seat=2, villager=1, round=1, cannot_move=True, cannot_use_weapon=False)
    assert legal(after, 2, "move") == []
    assert refused(after, 2, {"type": "move", "to": "c5"}) == "Red 1 was hit by an Arrow: it cannot move this turn"
    assert refused(after, 2, {"type": "gun", "target": "c3", "step": "c5"}) == "Red 1 was hit by an Arrow: it cannot move this turn"
    _, after = act(after, 2, {"type": "gun", "target": "c3"})  # it may still use a weapon
    for _ in range(3):
        after = to_next_turn(after, after.current)
    assert (after.current, after.villager) == (2, 1) and not after.turn_cannot_move
    assert legal(after, 2, "move")


# -- Grenade -----------------------------------------------------------------------------------


def test_the_grenade_centre_lands_1_or_2_tiles_away_a_diagonal_counting_as_2():
    state = arena("c3", red_1="c5", red_2="e3")
    centres = targets(state, "grenade")
    assert centres == {"c4", "c5", "d3", "e3"}  # the squares 1-2 tiles away with Red 1 or Red 2 in their plus
    assert "out of the Grenade's range from c3" in refused(state, 1, {"type": "grenade", "target": "c6"})


def test_the_grenade_stops_the_weapons_of_every_enemy_in_the_plus_around_its_centre():
    state = arena("c3", red_1="c5", red_2="d4")
    facts, after = act(state, 1, {"type": "grenade", "target": "c4"})
    assert of_type(facts, WeaponUsed)[0].hits == [
        {"seat": 2, "villager": 2, "square": "d4", "hp": 3}, {"seat": 2, "villager": 1, "square": "c5", "hp": 3}]
    assert after.member(2, 2)["cannot_use_weapon"]  # on its next turn
    assert of_type(facts, TurnStarted)[-1] == TurnStarted(seat=2, villager=1, round=1, cannot_move=False, cannot_use_weapon=True)
    assert [c for c in RULES.legal_commands(after, 2) if c["type"] in ("axe", "gun", "arrow", "grenade")] == []
    message = refused(after, 2, {"type": "gun", "target": "c3"})
    assert message == "Red 1 cannot use a weapon this turn (Grenade or Disarm)"


def test_ruling_10_the_grenade_spares_the_throwers_side_and_must_catch_an_enemy():
    state = arena("c3", red_1="c5", blue_2="b4")
    facts, after = act(state, 1, {"type": "grenade", "target": "c4"})  # its plus covers c3 and b4 too
    assert [h["square"] for h in of_type(facts, WeaponUsed)[0].hits] == ["c5"]
    assert not after.member(1, 1)["cannot_use_weapon"] and not after.member(1, 2)["cannot_use_weapon"]
    state = arena("c3", red_1="c6")
    assert "no enemy villager is in the Grenade's area around b3" in refused(state, 1, {"type": "grenade", "target": "b3"})


def test_ruling_9_weapons_hit_enemy_villagers_only_and_need_a_target():
    state = arena("c3", blue_2="c4", red_1="e5")
    assert refused(state, 1, {"type": "axe", "target": "c4"}) == "Blue 2 on c4 is on your side: weapons hit enemy villagers only"
    assert refused(state, 1, {"type": "gun", "target": "c5"}) == "there is no villager on c5 to hit"


def test_ruling_9_a_villager_in_its_village_can_be_hit():
    state = arena("b6")  # Red 1 at home on b7
    _, after = act(state, 1, {"type": "axe", "target": "b7"})
    assert after.member(2, 1)["hp"] == 1


def test_ruling_11_a_debuff_lasts_the_targets_next_turn_and_does_not_add_up():
    state = arena("c3", red_1="c5")
    _, state = act(state, 1, {"type": "arrow", "target": "c5"})
    assert state.turn_cannot_move and not state.member(2, 1)["cannot_move"]  # taken into this turn
    state = to_next_turn(state, 2)
    assert not state.turn_cannot_move


def test_ruling_11_a_debuffed_villager_may_still_steal_and_its_player_reset():
    state = arena("c3", red_1="c4", cannot_use_weapon=True, cannot_move=True)
    state.member(2, 1)["cure"] = True
    assert legal(state, 1, "steal") == [{"type": "steal", "target": "c4"}]
    assert legal(state, 1, "move") == [] and legal(state, 1, "axe") == []
    assert {"type": "reset"} in RULES.legal_commands(state, 1)


def test_ruling_11_a_debuff_survives_the_villagers_death():
    state = arena("c3", red_1="c4")
    state.member(2, 1).update(cannot_move=True, hp=2)
    _, after = act(state, 1, {"type": "axe", "target": "c4"})
    _, after = act(after, 1, {"type": "discard", "card": "gun"})  # the killer's discard
    assert after.member(2, 1)["square"] == "b7"
    assert (after.current, after.villager) == (2, 1) and after.turn_cannot_move


# -- Steal -------------------------------------------------------------------------------------


def test_steal_takes_the_cure_of_an_enemy_villager_next_to_the_stealer():
    state = arena("c3", red_1="c4")
    state.member(2, 1)["cure"] = True
    facts, after = act(state, 1, {"type": "steal", "target": "c4"})
    assert of_type(facts, CureStolen) == [CureStolen(seat=1, villager=1, victim_seat=2, victim=1, square="c4")]
    assert after.member(1, 1)["cure"] and not after.member(2, 1)["cure"]
    assert after.side(1)["steal_used"] and after.side(1)["hand"]["steal"] == 0


def test_steal_cannot_reach_diagonally_nor_take_from_a_villager_without_a_cure():
    state = arena("c3", red_1="d4", red_2="b3")
    state.member(2, 1)["cure"] = True
    assert [c for c in legal(state, 1, "steal") if "step" not in c] == []
    assert "not next to c3" in refused(state, 1, {"type": "steal", "target": "d4"})
    assert refused(state, 1, {"type": "steal", "target": "b3"}) == "Red 2 on b3 carries no cure"


def test_steal_takes_a_cure_from_the_enemy_village_from_the_row_next_to_it():
    state = arena("a6")
    state.side(2)["village"] = 1
    facts, after = act(state, 1, {"type": "steal", "target": "village"})
    assert of_type(facts, CureStolen) == [CureStolen(seat=1, villager=1, victim_seat=2, victim=0, square="a6")]
    assert after.side(2)["village"] == 0 and after.member(1, 1)["cure"]
    state = arena("a5")
    state.side(2)["village"] = 1
    assert "from the row next to it (rank 6)" in refused(state, 1, {"type": "steal", "target": "village"})
    _, after = act(state, 1, {"type": "steal", "target": "village", "step": "a6"})
    assert after.member(1, 1)["square"] == "a6" and after.member(1, 1)["cure"]


def test_steal_from_a_village_needs_a_cure_in_it():
    state = arena("a6")
    assert refused(state, 1, {"type": "steal", "target": "village"}) == "the red village has no cure to steal"


def test_steal_is_used_once_a_game_a_reset_does_not_bring_it_back():
    state = arena("c3", red_1="c4")
    state.member(2, 1)["cure"] = True
    _, state = act(state, 1, {"type": "steal", "target": "c4"})
    for _ in range(4):
        state = to_next_turn(state, state.current)
    assert state.side(1)["hand"]["steal"] == 0
    state.member(2, 2).update(square="c2", cure=True)
    assert refused(state, 1, {"type": "steal", "target": "c2"}) == "your Steal is used: it can be played once a game"


def test_ruling_13_a_steal_discarded_before_it_was_played_comes_back_with_a_reset():
    state = arena("c3")
    hand(state, 1, steal=0)  # discarded by a killer
    assert refused(state, 1, {"type": "steal", "target": "village"}) == "your Steal cards are played: reset to get them back"
    _, state = act(state, 1, {"type": "reset"})
    assert state.side(1)["hand"]["steal"] == 1


def test_ruling_13_a_villager_carrying_a_cure_cannot_steal():
    state = arena("c2", red_1="c3")
    state.member(1, 1)["cure"] = True
    state.member(2, 1)["cure"] = True
    assert legal(state, 1, "steal") == []
    assert refused(state, 1, {"type": "steal", "target": "c3"}) == "Blue 1 already carries a cure: a villager carries one cure at most"
