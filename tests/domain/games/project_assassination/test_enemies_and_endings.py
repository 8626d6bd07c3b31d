"""Project Assassination: enemies striking and healing, the enemy placement phase, Victory Points,
the end of the game, hidden information, the board drawing and the log's sentences.

Tables come from ``table.py``: the default board after setup, seat 1 (Player 1) on d1 and seat 2 on
d7, seat 1 to play. Most scenarios clear the presets (``obstacles=[]``, ``cards={}``) and set only the
pieces they need.
"""

from __future__ import annotations

import re

import pytest
from table import act, enemy, of_type, refused, table, weapon

from chosen_endings import check_chosen_endings
from domain.engine.errors import GameOver
from domain.games.project_assassination import RULESET as RULES
from domain.games.project_assassination.board import SQUARES
from domain.games.project_assassination.facts import (
    FACTS,
    EnemiesHealed,
    EnemyDrawn,
    EnemyKilled,
    EnemyPlaced,
    EnemyRemoved,
    EnemyStruck,
    GameEnded,
    PlacementStarted,
    PointsScored,
    TurnEnded,
    TurnStarted,
)
from domain.keeping.service import OWNER
from domain.thinking.bots import play_random_game

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

SEATS = ["Ana", "Ben"]


def clear(**kwargs):
    """The default table without its preset obstacles and cards (the grunts too unless enemies given)."""
    return table(**{"enemies": [], "obstacles": [], "cards": {}, **kwargs})


def player2_on_turn(**kwargs):
    """A cleared table with Player 2 (seat 2) on turn in round 2."""
    return clear(current=2, turns=4, **kwargs)


def at(state, **squares):
    """Put seats on squares: ``at(state, p1="c3", p2="e5")``."""
    for key, square in squares.items():
        state.player(int(key[1])).update(square=square)
    return state


def hp_of(state, square):
    found = state.enemy_at(square)
    assert found is not None, f"no enemy on {square}"
    return found["hp"]


def placing(kind, *, rest=("heavy",), enemies=(), obstacles=(), p1="d1", p2="d7", coin="heads", **kwargs):
    """Player 2 ends round 2 and the coin makes seat 1 (Player 1) the placer of ``kind``."""
    state = player2_on_turn(enemies=list(enemies), obstacles=list(obstacles), enemy_deck=[kind, *rest], **kwargs)
    at(state, p1=p1, p2=p2)
    facts, state = act(state, 2, {"type": "end"}, coin)
    assert state.phase == "placement" and state.enemy_in_hand == kind
    return facts, state


# -- Enemies strike (ruling 26) ----------------------------------------------------------------


def test_a_grunt_strikes_for_3_a_move_ending_one_square_away():
    state = at(clear(enemies=[enemy("grunt", "b4")]), p1="d3")
    facts, state = act(state, 1, {"type": "move", "to": "d4"})  # two squares away: out of range
    assert of_type(facts, EnemyStruck) == [] and state.player(1)["hp"] == 10
    facts, state = act(state, 1, {"type": "move", "to": "c4"})
    assert of_type(facts, EnemyStruck) == [EnemyStruck(kind="grunt", square="b4", seat=1, damage=3, hp=7)]
    assert state.player(1)["hp"] == 7


def test_a_heavy_strikes_for_5_a_move_ending_two_squares_away():
    state = at(clear(enemies=[enemy("heavy", "b4")]), p1="f4")
    facts, state = act(state, 1, {"type": "move", "to": "e4"})  # three squares away
    assert of_type(facts, EnemyStruck) == []
    facts, state = act(state, 1, {"type": "move", "to": "d4"})
    assert of_type(facts, EnemyStruck) == [EnemyStruck(kind="heavy", square="b4", seat=1, damage=5, hp=5)]
    assert state.player(1)["hp"] == 5


def test_the_boss_strikes_for_5_a_move_ending_five_squares_away():
    state = at(clear(enemies=[enemy("boss", "a4")]), p1="g3")
    facts, state = act(state, 1, {"type": "move", "to": "g4"})  # six squares away
    assert of_type(facts, EnemyStruck) == []
    facts, state = act(state, 1, {"type": "move", "to": "f4"})
    assert of_type(facts, EnemyStruck) == [EnemyStruck(kind="boss", square="a4", seat=1, damage=5, hp=5)]


def test_enemies_do_not_strike_diagonally():
    state = at(clear(enemies=[enemy("grunt", "b4")]), p1="c6")
    facts, state = act(state, 1, {"type": "move", "to": "c5"})  # diagonal to b4
    assert of_type(facts, EnemyStruck) == [] and state.player(1)["hp"] == 10


def test_a_player_stepping_into_two_ranges_takes_damage_from_both():
    state = at(clear(enemies=[enemy("grunt", "b4"), enemy("heavy", "c6")]), p1="d4")
    facts, state = act(state, 1, {"type": "move", "to": "c4"})
    struck = of_type(facts, EnemyStruck)
    assert sorted((s.kind, s.damage) for s in struck) == [("grunt", 3), ("heavy", 5)]
    assert state.player(1)["hp"] == 2


def test_ruling_26_every_move_ending_in_range_is_struck_even_from_inside_it():
    state = at(clear(enemies=[enemy("heavy", "b4")]), p1="d4")  # already in range
    facts, state = act(state, 1, {"type": "move", "to": "c4"})
    assert len(of_type(facts, EnemyStruck)) == 1 and state.player(1)["hp"] == 5


def test_ruling_13_an_obstacle_between_shields_the_player_from_an_enemy():
    shielded = at(clear(enemies=[enemy("heavy", "c6")], obstacles=["c5"]), p1="d4")
    facts, after = act(shielded, 1, {"type": "move", "to": "c4"})
    assert of_type(facts, EnemyStruck) == [] and after.player(1)["hp"] == 10
    open_line = at(clear(enemies=[enemy("heavy", "c6")]), p1="d4")
    facts, after = act(open_line, 1, {"type": "move", "to": "c4"})
    assert len(of_type(facts, EnemyStruck)) == 1


def test_ruling_13_enemies_and_players_do_not_block_an_enemys_line():
    state = at(clear(enemies=[enemy("heavy", "b4"), enemy("medic", "c4")]), p1="d3", p2="a4")
    facts, state = act(state, 1, {"type": "move", "to": "d4"})  # the medic stands between
    assert of_type(facts, EnemyStruck) == [EnemyStruck(kind="heavy", square="b4", seat=1, damage=5, hp=5)]


def test_ruling_26_a_player_standing_still_in_range_is_never_struck():
    state = at(clear(enemies=[enemy("heavy", "b4"), enemy("grunt", "c5")]), p1="c4")
    facts, state = act(state, 1, {"type": "attack", "slot": 2, "aim": "c5"})
    facts += act(state, 1, {"type": "end"})[0]
    assert of_type(facts, EnemyStruck) == []
    assert state.player(1)["hp"] == 10


def test_medics_never_strike():
    state = at(clear(enemies=[enemy("medic", "b4")]), p1="d4")
    facts, state = act(state, 1, {"type": "move", "to": "c4"})
    assert of_type(facts, EnemyStruck) == [] and state.player(1)["hp"] == 10


def test_a_paralysed_enemy_does_not_strike():
    state = at(clear(enemies=[enemy("heavy", "b4", paralysed_by=2)]), p1="d3")
    facts, state = act(state, 1, {"type": "move", "to": "d4"})
    assert of_type(facts, EnemyStruck) == [] and state.player(1)["hp"] == 10


# -- Medics (ruling 27) --------------------------------------------------------------------------


def test_ruling_27_medics_heal_fellow_enemies_at_the_end_of_each_turn():
    state = clear(enemies=[enemy("medic", "c4"), enemy("heavy", "c5", hp=1)])
    facts, state = act(state, 1, {"type": "end"})
    assert of_type(facts, EnemiesHealed) == [EnemiesHealed(heals=[{"square": "c5", "kind": "heavy", "hp": 2}])]
    assert hp_of(state, "c5") == 2
    facts, state = act(state, 2, {"type": "end"}, "heads")  # Player 2's turn heals too
    assert of_type(facts, EnemiesHealed) and hp_of(state, "c5") == 3


def test_ruling_27_the_medic_heals_the_whole_3x3_around_it_and_no_further():
    state = clear(enemies=[enemy("medic", "d4"), enemy("grunt", "c3", hp=1), enemy("grunt", "e5", hp=1),
                           enemy("heavy", "b4", hp=1), enemy("heavy", "d6", hp=1)])
    facts, state = act(state, 1, {"type": "end"})
    healed = {h["square"] for h in of_type(facts, EnemiesHealed)[0].heals}
    assert healed == {"c3", "e5"}  # the diagonals; b4 and d6 are two squares away
    assert (hp_of(state, "c3"), hp_of(state, "b4")) == (2, 1)


def test_ruling_27_medics_heal_only_up_to_the_cards_hp():
    state = clear(enemies=[enemy("medic", "c4"), enemy("medic", "e4"), enemy("heavy", "d4", hp=3),
                           enemy("grunt", "c5")])
    facts, state = act(state, 1, {"type": "end"})
    assert hp_of(state, "d4") == 4 and hp_of(state, "c5") == 2
    assert of_type(facts, EnemiesHealed)[0].heals == [{"square": "d4", "kind": "heavy", "hp": 4}]


def test_ruling_27_enemies_at_full_health_need_no_healing():
    state = clear(enemies=[enemy("medic", "c4"), enemy("heavy", "c5")])
    facts, _ = act(state, 1, {"type": "end"})
    assert of_type(facts, EnemiesHealed) == []


def test_ruling_27_a_medic_does_not_heal_itself():
    alone = clear(enemies=[enemy("medic", "c4", hp=1)])
    facts, after = act(alone, 1, {"type": "end"})
    assert of_type(facts, EnemiesHealed) == [] and hp_of(after, "c4") == 1
    pair = clear(enemies=[enemy("medic", "c4", hp=1), enemy("medic", "c5", hp=1)])
    _, after = act(pair, 1, {"type": "end"})
    assert (hp_of(after, "c4"), hp_of(after, "c5")) == (2, 2)  # each heals the other once


def test_ruling_27_medics_never_heal_players():
    state = at(clear(enemies=[enemy("medic", "c4")]), p1="c3", p2="c5")
    state.player(1).update(hp=4)
    state.player(2).update(hp=6)
    facts, state = act(state, 1, {"type": "end"})
    assert of_type(facts, EnemiesHealed) == []
    assert (state.player(1)["hp"], state.player(2)["hp"]) == (4, 6)


def test_ruling_27_two_medics_heal_twice():
    state = clear(enemies=[enemy("medic", "c4"), enemy("medic", "e4"), enemy("heavy", "d4", hp=1)])
    facts, state = act(state, 1, {"type": "end"})
    assert of_type(facts, EnemiesHealed)[0].heals == [{"square": "d4", "kind": "heavy", "hp": 3}]
    assert hp_of(state, "d4") == 3


# -- The enemy placement phase (ruling 28) -------------------------------------------------------


def test_ruling_28_enemy_placement_follows_player_2s_turn():
    state = player2_on_turn(enemies=[enemy("grunt", "b5")])
    facts, state = act(state, 2, {"type": "end"}, "heads")
    assert [type(x) for x in facts] == [TurnEnded, PlacementStarted, EnemyDrawn]
    assert of_type(facts, EnemyDrawn) == [EnemyDrawn(seat=1, card="heavy", to_bottom=False)]
    assert state.phase == "placement" and RULES.to_act(state) == [1]
    assert state.enemy_in_hand == "heavy" and state.enemy_deck == ["medic", "boss", "heavy", "medic"]


def test_ruling_28_no_enemy_placement_after_player_1s_turn():
    state = clear(enemies=[enemy("grunt", "b5")])
    facts, state = act(state, 1, {"type": "end"})
    assert of_type(facts, PlacementStarted) == []
    assert of_type(facts, TurnStarted) == [TurnStarted(seat=2, round=2)]
    assert len(state.enemy_deck) == 5


def test_ruling_28_placement_follows_player_2_when_player_2_is_seat_1():
    state = clear(first=2, current=1, turns=4, enemies=[enemy("grunt", "b5")])
    facts, state = act(state, 1, {"type": "end"}, "tails")
    assert of_type(facts, PlacementStarted) == [PlacementStarted(seat=1, reason="coin", coin="tails")]


def test_the_player_with_fewer_victory_points_places_the_enemy():
    for vp1, vp2, placer in ((2, 0, 2), (0, 3, 1)):
        state = player2_on_turn(enemies=[enemy("grunt", "b5")])
        state.player(1).update(vp=vp1, hp=3)  # fewer points decide before health
        state.player(2).update(vp=vp2)
        facts, state = act(state, 2, {"type": "end"})
        assert of_type(facts, PlacementStarted) == [PlacementStarted(seat=placer, reason="fewer points", coin=None)]
        assert RULES.to_act(state) == [placer]


def test_on_equal_points_the_player_with_lower_health_places_the_enemy():
    for hp1, hp2, placer in ((6, 10, 1), (10, 4, 2)):
        state = player2_on_turn(enemies=[enemy("grunt", "b5")])
        for seat in (1, 2):
            state.player(seat).update(vp=2)
        state.player(1).update(hp=hp1)
        state.player(2).update(hp=hp2)
        facts, state = act(state, 2, {"type": "end"})
        assert of_type(facts, PlacementStarted) == [PlacementStarted(seat=placer, reason="lower health", coin=None)]


def test_on_equal_points_and_health_a_coin_decides_heads_player_1_tails_player_2():
    for first in (1, 2):
        player_1, player_2 = first, 3 - first
        for face, placer in (("heads", player_1), ("tails", player_2)):
            state = clear(first=first, current=player_2, turns=4, enemies=[enemy("grunt", "b5")])
            facts, state = act(state, player_2, {"type": "end"}, face)
            assert of_type(facts, PlacementStarted) == [PlacementStarted(seat=placer, reason="coin", coin=face)]
            assert RULES.to_act(state) == [placer]


def test_ruling_28_the_placer_must_place_before_anything_else():
    _, state = placing("medic", p1="a4", p2="g4")
    assert {c["type"] for c in RULES.legal_commands(state, 1)} == {"place"}
    assert RULES.legal_commands(state, 2) == []
    for command in ({"type": "end"}, {"type": "move", "to": "a5"}, {"type": "draw", "deck": "item"}):
        assert "place" in refused(state, 1, command)
    facts, state = act(state, 1, {"type": "place", "square": "d4"})
    assert facts[0] == EnemyPlaced(seat=1, card="medic", square="d4")
    assert {"kind": "medic", "square": "d4", "hp": 3, "caged_by": 0, "paralysed_by": 0} in state.enemies


def test_place_is_refused_outside_the_placement_phase():
    assert "placement" in refused(clear(), 1, {"type": "place", "square": "d4"})


def test_enemies_may_not_be_placed_on_skull_squares_spawns_or_tunnels():
    _, state = placing("medic", p1="b4", p2="f4")  # both spawns empty
    for square in ("c1", "e1", "d2", "c7", "e7", "d6", "d1", "d7", "a1", "g7", "g1", "a7"):
        assert "may not be placed" in refused(state, 1, {"type": "place", "square": square}), square


def test_enemies_may_not_be_placed_on_occupied_squares():
    _, state = placing("medic", enemies=[enemy("grunt", "b5")], obstacles=["f5"], p1="a3", p2="g3")
    for square in ("b5", "f5", "a3", "g3"):
        assert "taken" in refused(state, 1, {"type": "place", "square": square}), square


def test_ruling_2_enemies_may_not_be_placed_on_rendezvous_points():
    _, state = placing("medic", p1="b2", p2="d4")
    for square in ("a6", "g2"):
        assert "may not be placed" in refused(state, 1, {"type": "place", "square": square}), square


def test_ruling_2_a_square_with_an_enemy_is_taken_even_with_cards_on_it():
    state = at(clear(enemies=[enemy("grunt", "a6")]), p1="a5")
    _, state = act(state, 1, {"type": "draw", "deck": "collectible"})  # an UZI onto a6, under the grunt
    assert state.cards == {"a6": ["uzi"]}
    assert "taken" in refused(state, 1, {"type": "move", "to": "a6"})


def test_enemies_may_not_be_placed_within_a_players_weapon_range():
    _, state = placing("medic", p1="b2", p2="d4")
    for square in ("c4", "e4", "d3", "d5", "a2", "c2", "b3"):  # the pistols' squares, either player's
        assert "range" in refused(state, 1, {"type": "place", "square": square}), square
    facts, _ = act(state, 1, {"type": "place", "square": "b4"})
    assert of_type(facts, EnemyPlaced)


def test_a_longer_weapon_forbids_more_squares_for_enemies():
    state = player2_on_turn(enemy_deck=["medic"], enemies=[enemy("grunt", "a7")])
    at(state, p1="d3", p2="d5")
    state.player(2)["slots"][0] = weapon("uzi")  # range 3 from d5
    _, state = act(state, 2, {"type": "end"}, "heads")
    for square in ("a5", "b5", "g5"):  # two and three squares off: beyond a pistol
        assert "range" in refused(state, 1, {"type": "place", "square": square}), square


def test_ruling_28_limitless_weapons_do_not_forbid_squares_for_enemies():
    state = player2_on_turn(enemy_deck=["medic"], enemies=[enemy("grunt", "a7")])
    at(state, p1="b2", p2="f6")
    state.player(1)["slots"][0] = weapon("sniper")
    state.player(2)["slots"][0] = weapon("paralysis_pistol")
    _, state = act(state, 2, {"type": "end"}, "heads")
    assert {"type": "place", "square": "b5"} in RULES.legal_commands(state, 1)
    assert {"type": "place", "square": "f3"} in RULES.legal_commands(state, 1)


def test_enemies_may_not_be_placed_where_a_player_would_be_in_their_range():
    _, state = placing("heavy", p1="d4", p2="g6")
    for square in ("b4", "f4"):  # two squares off: out of the pistol's range, within a heavy's
        assert "would be within" in refused(state, 1, {"type": "place", "square": square}), square
    facts, _ = act(state, 1, {"type": "place", "square": "a4"})  # three squares off: out of a heavy's range
    assert of_type(facts, EnemyPlaced) == [EnemyPlaced(seat=1, card="heavy", square="a4")]


def test_an_obstacle_between_lets_an_enemy_be_placed_nearer_a_player():
    _, state = placing("heavy", obstacles=["c4"], p1="d4", p2="g6")
    facts, _ = act(state, 1, {"type": "place", "square": "b4"})
    assert of_type(facts, EnemyPlaced)


def test_the_boss_with_fewer_than_5_enemies_out_goes_to_the_bottom_and_the_next_card_is_drawn():
    state = player2_on_turn(enemies=[enemy("grunt", "b5"), enemy("grunt", "f3")], enemy_deck=["boss", "heavy", "medic"])
    facts, state = act(state, 2, {"type": "end"}, "heads")
    assert of_type(facts, EnemyDrawn) == [
        EnemyDrawn(seat=1, card="boss", to_bottom=True),
        EnemyDrawn(seat=1, card="heavy", to_bottom=False),
    ]
    assert state.enemy_in_hand == "heavy" and (state.enemy_deck, state.enemy_bottom) == (["medic"], ["boss"])


def test_the_boss_with_5_enemies_out_is_drawn_to_be_placed():
    five = [enemy("grunt", s) for s in ("a3", "b5", "f3", "g5")] + [enemy("medic", "a5")]
    state = player2_on_turn(enemies=five, enemy_deck=["boss", "heavy"])
    facts, state = act(state, 2, {"type": "end"}, "heads")
    assert of_type(facts, EnemyDrawn) == [EnemyDrawn(seat=1, card="boss", to_bottom=False)]
    assert state.enemy_in_hand == "boss" and state.enemy_deck == ["heavy"]


def test_the_boss_as_the_last_card_is_placed_regardless():
    state = player2_on_turn(enemies=[enemy("grunt", "b5")], enemy_deck=["boss"])
    facts, state = act(state, 2, {"type": "end"}, "heads")
    assert of_type(facts, EnemyDrawn) == [EnemyDrawn(seat=1, card="boss", to_bottom=False)]
    facts, state = act(state, 1, {"type": "place", "square": "a3"})
    assert of_type(facts, EnemyPlaced) == [EnemyPlaced(seat=1, card="boss", square="a3")]
    assert state.enemy_deck == [] and hp_of(state, "a3") == 10


def test_ruling_28_an_enemy_with_no_legal_square_leaves_the_game():
    walls = [s for s in SQUARES if s not in ("d1", "d7", "c1", "e1", "d2", "c7", "e7", "d6", "a1", "g7", "g1", "a7")]
    state = player2_on_turn(enemies=[enemy("grunt", walls[0])], obstacles=walls[1:], enemy_deck=["heavy", "medic"])
    facts, state = act(state, 2, {"type": "end"}, "heads")
    assert of_type(facts, EnemyRemoved) == [EnemyRemoved(seat=1, card="heavy")]
    assert state.enemy_in_hand == "" and state.enemy_discard == ["heavy"] and state.enemy_deck == ["medic"]
    assert state.phase == "turn" and facts[-1] == TurnStarted(seat=1, round=3)


def test_no_enemy_placement_once_the_enemy_deck_is_empty():
    state = player2_on_turn(enemies=[enemy("grunt", "b5")], enemy_deck=[])
    facts, state = act(state, 2, {"type": "end"})
    assert of_type(facts, PlacementStarted) == [] and of_type(facts, EnemyDrawn) == []
    assert facts[-1] == TurnStarted(seat=1, round=3) and state.phase == "turn"


def test_ruling_26_an_enemy_placed_never_strikes_and_play_goes_on_with_player_1():
    _, state = placing("heavy", p1="d4", p2="d7")
    facts, state = act(state, 1, {"type": "place", "square": "a4"})
    assert [type(x) for x in facts] == [EnemyPlaced, TurnStarted]
    assert facts[-1] == TurnStarted(seat=1, round=3)
    assert (state.player(1)["hp"], state.player(2)["hp"]) == (10, 10)


# -- Victory points (ruling 29) -------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "points"), [("grunt", 1), ("heavy", 3), ("medic", 3), ("boss", 10)])
def test_killing_an_enemy_earns_its_victory_points(kind, points):
    state = at(clear(enemies=[enemy(kind, "c4", hp=1)]), p1="c3")
    facts, state = act(state, 1, {"type": "attack", "slot": 2, "aim": "c4"})
    assert of_type(facts, EnemyKilled) == [EnemyKilled(seat=1, kind=kind, square="c4")]
    assert [(p.seat, p.points, p.total) for p in of_type(facts, PointsScored)] == [(1, points, points)]
    assert state.player(1)["vp"] == points and state.player(2)["vp"] == 0
    assert state.enemy_at("c4") is None and state.enemy_discard == [kind]


def test_damaging_an_enemy_without_killing_it_earns_nothing():
    state = at(clear(enemies=[enemy("heavy", "c4")]), p1="c3")
    facts, state = act(state, 1, {"type": "attack", "slot": 2, "aim": "c4"})
    assert of_type(facts, PointsScored) == [] and hp_of(state, "c4") == 3 and state.player(1)["vp"] == 0


def test_each_hit_on_the_opponent_earns_1_victory_point_regardless_of_damage():
    state = at(clear(enemies=[enemy("grunt", "a7")]), p1="d3", p2="d4")
    state.player(1)["slots"][0] = weapon("uzi", muzzle=True)  # 3 damage; the pistol deals 1
    facts, state = act(state, 1, {"type": "attack", "slot": 1, "aim": "d4"})
    assert [(p.seat, p.points, p.total) for p in of_type(facts, PointsScored)] == [(1, 1, 1)]
    assert state.player(2)["hp"] == 7
    facts, state = act(state, 1, {"type": "attack", "slot": 2, "aim": "d4"})
    assert [(p.seat, p.points, p.total) for p in of_type(facts, PointsScored)] == [(1, 1, 2)]
    assert state.player(2)["hp"] == 6 and state.player(1)["vp"] == 2


# -- The end (ruling 30) -----------------------------------------------------------------------


def test_ruling_30_reaching_12_victory_points_wins_at_once():
    state = at(clear(enemies=[enemy("heavy", "c4", hp=1), enemy("grunt", "a7")]), p1="c3")
    state.player(1).update(vp=9)
    state.player(2).update(vp=11)
    facts, state = act(state, 1, {"type": "attack", "slot": 2, "aim": "c4"})
    assert facts[-1] == GameEnded(winners=[1], reason="reached 12 Victory Points")
    assert of_type(facts, TurnEnded) == []  # at once, with an action left
    assert state.phase == "over" and RULES.outcome(state).winners == [1]


def test_ruling_30_a_player_struck_to_0_hp_loses_at_once():
    state = at(clear(enemies=[enemy("grunt", "b4"), enemy("grunt", "a7")]), p1="d4")
    state.player(1).update(hp=3, vp=5)
    facts, state = act(state, 1, {"type": "move", "to": "c4"})
    assert state.player(1)["hp"] == 0
    assert facts[-1] == GameEnded(winners=[2], reason="the other assassin died")
    assert of_type(facts, TurnEnded) == [] and state.phase == "over"


def test_ruling_30_a_player_shot_to_0_hp_loses_at_once():
    state = at(clear(enemies=[enemy("grunt", "a7")]), p1="d4", p2="d5")
    state.player(2).update(hp=1, vp=8)
    facts, state = act(state, 1, {"type": "attack", "slot": 2, "aim": "d5"})
    assert facts[-1] == GameEnded(winners=[1], reason="the other assassin died")
    assert state.player(2)["hp"] == 0 and state.phase == "over"


def test_ruling_30_the_enemy_deck_spent_and_the_board_cleared_the_most_points_win():
    state = at(clear(enemies=[enemy("grunt", "c4", hp=1)], enemy_deck=[]), p1="c3")
    state.player(2).update(vp=3)
    facts, state = act(state, 1, {"type": "attack", "slot": 2, "aim": "c4"})
    ended = of_type(facts, GameEnded)
    assert len(ended) == 1 and ended[0].winners == [2]  # 1 point against 3: the killer does not win
    assert "more Victory Points" in ended[0].reason and state.phase == "over"


def test_the_board_cleared_while_the_enemy_deck_lasts_does_not_end_the_game():
    state = at(clear(enemies=[enemy("grunt", "c4", hp=1)], enemy_deck=["heavy"]), p1="c3")
    facts, state = act(state, 1, {"type": "attack", "slot": 2, "aim": "c4"})
    assert of_type(facts, GameEnded) == [] and state.phase == "turn"


def test_ruling_30_a_tie_on_points_goes_to_the_player_with_more_health():
    state = at(clear(enemies=[enemy("grunt", "c4", hp=1)], enemy_deck=[]), p1="c3")
    state.player(1).update(vp=1, hp=5)
    state.player(2).update(vp=2, hp=8)
    facts, state = act(state, 1, {"type": "attack", "slot": 2, "aim": "c4"})
    ended = of_type(facts, GameEnded)[0]
    assert ended.winners == [2] and "more health" in ended.reason


def test_ruling_30_level_on_points_and_health_is_a_draw():
    state = at(clear(enemies=[enemy("grunt", "c4", hp=1)], enemy_deck=[]), p1="c3")
    state.player(1).update(vp=1, hp=7)
    state.player(2).update(vp=2, hp=7)
    facts, state = act(state, 1, {"type": "attack", "slot": 2, "aim": "c4"})
    ended = of_type(facts, GameEnded)[0]
    assert ended.winners == [] and "draw" in ended.reason
    assert RULES.outcome(state).winners == []


def test_ruling_30_both_players_dying_at_once_is_decided_on_points():
    state = at(clear(enemies=[enemy("grunt", "a7")], cards={"c4": ["grenade"]}), p1="c3", p2="d5")
    state.player(1).update(hp=2, vp=5)
    state.player(2).update(hp=2, vp=5)
    facts, state = act(state, 1, {"type": "move", "to": "c4"})
    facts, state = act(state, 1, {"type": "grenade", "corner": "c4"})  # c4 d4 c5 d5: both assassins
    assert (state.player(1)["hp"], state.player(2)["hp"]) == (0, 0)
    ended = of_type(facts, GameEnded)
    assert len(ended) == 1 and ended[0].winners == [1]  # the thrower's hit made it 6 to 5
    assert "both" in ended[0].reason


def test_nothing_is_legal_after_the_end():
    state = at(clear(enemies=[enemy("grunt", "a7")]), p1="d4", p2="d5")
    state.player(2).update(hp=1)
    _, state = act(state, 1, {"type": "attack", "slot": 2, "aim": "d5"})
    assert state.phase == "over"
    assert RULES.to_act(state) == []
    assert RULES.legal_commands(state, 1) == [] and RULES.legal_commands(state, 2) == []


# -- No endless games (ruling 31) ------------------------------------------------------------------


def test_ruling_31_the_round_limit_ends_the_game_after_player_2s_last_turn_on_points():
    state = player2_on_turn(enemies=[enemy("grunt", "b5")], round_limit=2)
    state.player(1).update(vp=1)
    facts, state = act(state, 2, {"type": "end"})
    assert of_type(facts, PlacementStarted) == []  # the enemy deck still lasts
    ended = of_type(facts, GameEnded)
    assert len(ended) == 1 and ended[0].winners == [1] and "last round" in ended[0].reason
    assert state.phase == "over"


def test_ruling_31_player_1s_turn_of_the_last_round_does_not_end_the_game():
    state = clear(enemies=[enemy("grunt", "b5")], round_limit=2)
    facts, state = act(state, 1, {"type": "end"})
    assert of_type(facts, GameEnded) == [] and facts[-1] == TurnStarted(seat=2, round=2)


def test_ruling_31_a_random_bot_game_ends():
    played = play_random_game(RULES, SEATS, {}, "seed-x", bot_seed=1)
    assert played.game.outcome() is not None
    assert played.game.state.phase == "over" and RULES.to_act(played.game.state) == []


def test_ruling_31_with_a_round_limit_of_1_two_idle_players_end_after_round_1(service):
    game_id = service.create_game("project-assassination", SEATS, {"round_limit": 1}, seed="s", salt=SALT)
    for _ in range(2):
        [seat] = service.status(game_id)["to_act"]
        service.submit(game_id, seat, {"type": "end"})
    status = service.status(game_id)
    assert status["status"] == "over" and status["to_act"] == []
    assert status["view"]["round"] == 1
    assert status["outcome"]["winners"] == []  # level on points and health: a draw
    with pytest.raises(GameOver):
        service.submit(game_id, 1, {"type": "end"})


# -- Ending by the players' choice (ruling 34) ------------------------------------------------------


def test_ruling_34_a_player_may_resign_and_the_other_wins_agree_a_draw_or_abort_before_both_have_played(service):
    check_chosen_endings(service, RULES.name, SEATS, SALT, resigner=2, winners=[1])


# -- Hidden information: which cards the decks hold (their order under rules v1) ----------------------


def test_only_the_owner_sees_which_cards_the_decks_hold(service):
    game_id = service.create_game("project-assassination", SEATS, seed="s", salt=SALT)
    owner = service.status(game_id, OWNER)["view"]
    assert "deck_order" not in owner  # no order to show: each card is chosen when it is drawn
    assert {deck: sum(cards.values()) for deck, cards in owner["deck_contents"].items()} == owner["decks"]
    assert owner["deck_contents"]["enemy"] == {"boss": 1, "heavy": 2, "medic": 2}
    for viewer in (1, 2, None):
        view = service.status(game_id, viewer)["view"]
        assert "deck_contents" not in view
        assert view == {key: value for key, value in owner.items() if key != "deck_contents"}


def test_reserves_are_public(service):
    game_id = service.create_game("project-assassination", SEATS, seed="s", salt=SALT)
    [first] = service.status(game_id)["to_act"]
    service.submit(game_id, first, {"type": "end"})
    second = 3 - first
    service.submit(game_id, second, {"type": "draw", "deck": "item"})
    drawn = service.status(game_id, OWNER)["view"]["players"][second - 1]["reserve"]
    assert len(drawn) == 1
    for viewer in (first, None):
        assert service.status(game_id, viewer)["view"]["players"][second - 1]["reserve"] == drawn


# -- The board drawing -----------------------------------------------------------------------------


def cell(drawing: str, square: str) -> str:
    """The text of one square's cell in a rendered board."""
    row = next(line for line in drawing.splitlines() if line.startswith(f"  {square[1]} |"))
    return row.split("|")[1 + "abcdefg".index(square[0])].strip()


def test_the_board_drawing_shows_the_table_and_both_players():
    state = table(enemies=[enemy("heavy", "b4", hp=3), enemy("grunt", "f3")])
    at(state, p1="c2")
    state.player(1).update(hp=7, vp=3, boots=1, reserve=["cover", "obstacle"])
    state.player(2)["slots"][0] = weapon("uzi", sight=True)
    drawing = RULES.render(RULES.view(state, None), SEATS)
    assert cell(drawing, "c2") == "[P1]" and cell(drawing, "d7") == "[P2]"
    assert cell(drawing, "b4") == "H3" and cell(drawing, "f3") == "G2"
    assert cell(drawing, "c3") == "####" and cell(drawing, "d4") == "SNIP"
    assert (cell(drawing, "d1"), cell(drawing, "a6"), cell(drawing, "g2")) == ("S1", "R1", "R2")
    assert (cell(drawing, "a1"), cell(drawing, "b2"), cell(drawing, "d6"), cell(drawing, "b3")) == ("T", "+", "x", ".")
    assert "G grunt H heavy M medic B boss" in drawing and "#### obstacle" in drawing and "T tunnel" in drawing
    [ana] = [line for line in drawing.splitlines() if line.startswith("  P1 Ana")]
    [ben] = [line for line in drawing.splitlines() if line.startswith("  P2 Ben")]
    assert re.search(r"HP\s+7/10\s+VP\s+3/12", ana) and "boots: 1" in ana and "reserve: Cover, Obstacle" in ana
    assert "weapons: -, Pistol" in ana
    assert re.search(r"HP\s+10/10\s+VP\s+0/12", ben) and "weapons: UZI+sight, Pistol" in ben and "reserve: -" in ben


# -- Sentences ---------------------------------------------------------------------------------


def test_every_fact_in_seeded_random_games_reads_as_a_sentence():
    seen: set[str] = set()
    for n in range(12):
        played = play_random_game(RULES, SEATS, {}, f"seed-{n}", bot_seed=n)
        for event in played.game.pending_events:
            if not hasattr(event, "as_fact"):
                continue
            fact = event.as_fact()
            sentence = RULES.describe(fact, SEATS)
            name = type(fact).__name__
            seen.add(name)
            assert "None" not in sentence, sentence
            assert not any(kind.__name__ in sentence for kind in FACTS), sentence
            assert not re.search(r"[a-z]_[a-z]", sentence), sentence  # no raw card ids like health_pack
            assert sentence.endswith("."), sentence
    assert len(seen) >= 20, sorted(seen)
    assert {"TableLaid", "EnemyStruck", "PlacementStarted", "EnemyPlaced", "GameEnded"} <= seen
