"""Project Assassination: the collectible cards and the weapons, one test per rule of the text and per
ruling in RULINGS.md (7, 11-17, 21-25, 29).

Seat 1 is Player 1 (spawn d1, rendezvous a6) and is on turn; seat 2 is Player 2 on d7. Most tables are
bare (no enemy, obstacle or card unless the test lays one); cards are handed over by laying them on c1,
next to seat 1, and stepping onto it.
"""

from __future__ import annotations

import pytest
from table import RULES, act, enemy, of_type, refused, table, weapon

from domain.games.project_assassination.facts import (
    AttachmentFitted,
    BootsWorn,
    CardsCollected,
    CollectibleDiscarded,
    EnemyCaged,
    EnemyKilled,
    EnemyParalysed,
    EnemyStruck,
    GrenadeThrown,
    HealthPackUsed,
    LootTaken,
    PlayerParalysed,
    PlayerTeleported,
    PointsScored,
    ReserveDiscarded,
    ShotFired,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
    WeaponDropped,
    WeaponEquipped,
)


def bare(**kwargs):
    """The table with nothing on the board but the two players (unless given)."""
    return table(**{"enemies": [], "obstacles": [], "cards": {}, **kwargs})


def pick_up(state, *cards, square="c1"):
    """Lay ``cards`` on ``square`` (next to seat 1 on d1) and step seat 1 onto it."""
    state.cards[square] = list(cards)
    return act(state, 1, {"type": "move", "to": square})


def shoot(state, slot, aim, seat=1):
    return act(state, seat, {"type": "attack", "slot": slot, "aim": aim})


def armed(*slots, square="d1", **kwargs):
    """A bare table with seat 1 on ``square`` holding the given weapons (None for an empty slot)."""
    state = bare(**kwargs)
    state.player(1).update(square=square, slots=[w if w is None or isinstance(w, dict) else weapon(w) for w in slots])
    return state


def action_limit(state):
    return RULES.view(state, 1)["turn"]["action_limit"]


def moves(state, *squares):
    """Step seat 1 through the squares; returns every fact and the last state."""
    facts = []
    for square in squares:
        more, state = act(state, 1, {"type": "move", "to": square})
        facts += more
    return facts, state


# -- Boots ---------------------------------------------------------------------------------------


def test_boots_add_an_action_up_to_two_boots():
    facts, state = pick_up(bare(), "boots")
    assert of_type(facts, BootsWorn) == [BootsWorn(seat=1, boots=1)]
    assert action_limit(state) == 3
    facts, state = moves(state, "c2")  # the pick-up and this: two actions, and the turn goes on
    assert not of_type(facts, TurnEnded)
    facts, state = moves(state, "b2")
    assert of_type(facts, TurnEnded)
    state = bare()
    state.player(1)["boots"] = 1
    facts, state = pick_up(state, "boots")
    assert of_type(facts, BootsWorn) == [BootsWorn(seat=1, boots=2)]
    assert action_limit(state) == 4


def test_ruling_11_a_third_boot_is_discarded():
    state = bare()
    state.player(1)["boots"] = 2
    facts, state = pick_up(state, "boots")
    assert not of_type(facts, BootsWorn)
    assert [(d.card, d.reason) for d in of_type(facts, CollectibleDiscarded)] == [("boots", "already wearing 2 boots")]
    assert state.player(1)["boots"] == 2
    assert state.collectible_discard == ["boots"]


def test_the_action_limit_is_at_most_four():
    state = bare()
    state.player(1)["boots"] = 2
    facts, state = pick_up(state, "boots", "boots")
    assert action_limit(state) == 4
    facts, state = moves(state, "c2", "b2")  # actions 2 and 3
    assert not of_type(facts, TurnEnded)
    facts, state = moves(state, "b3")  # action 4
    assert of_type(facts, TurnEnded) == [TurnEnded(seat=1)]


# -- Health packs --------------------------------------------------------------------------------


def test_a_health_pack_heals_five():
    state = bare()
    state.player(1)["hp"] = 3
    facts, state = pick_up(state, "health_pack")
    assert of_type(facts, HealthPackUsed) == [HealthPackUsed(seat=1, hp=8)]
    assert state.player(1)["hp"] == 8


def test_a_health_pack_heals_up_to_ten_and_no_more():
    state = bare()
    state.player(1)["hp"] = 7
    facts, state = pick_up(state, "health_pack")
    assert of_type(facts, HealthPackUsed) == [HealthPackUsed(seat=1, hp=10)]
    assert state.player(1)["hp"] == 10


def test_a_health_pack_is_used_at_once_and_never_saved():
    state = bare()
    state.player(1)["hp"] = 4
    _, state = pick_up(state, "health_pack")
    assert state.player(1)["reserve"] == []
    assert state.pending == []
    assert state.collectible_discard == ["health_pack"]


def test_a_health_pack_is_not_collected_at_full_health():
    state = bare(cards={"a6": ["health_pack", "boots"]})
    state.player(1)["square"] = "a5"
    facts, state = act(state, 1, {"type": "move", "to": "a6"})
    assert of_type(facts, CardsCollected) == [CardsCollected(seat=1, square="a6", cards=["boots"])]
    assert not of_type(facts, HealthPackUsed)
    assert of_type(facts, PlayerTeleported)  # the point still sends the player home
    assert state.cards == {"a6": ["health_pack"]}
    assert state.player(1)["hp"] == 10


# -- Cages (ruling 21) ---------------------------------------------------------------------------


def caged_grunt_table(**kwargs):
    """Seat 1 on d2 with an UZI; a grunt caged by seat 1 on d4, striking d3, d5, c4 and e4."""
    return armed("uzi", "pistol", square="d2", enemies=[enemy("grunt", "d4", caged_by=1)], **kwargs)


def test_ruling_21_a_caged_enemy_cannot_be_shot():
    state = armed("uzi", "pistol", square="d1", enemies=[enemy("grunt", "d4")])
    facts, state = pick_up(state, "cage", square="d2")
    assert state.pending == ["cage"]
    facts, state = act(state, 1, {"type": "cage", "square": "d4"})
    assert facts[0] == EnemyCaged(seat=1, square="d4", kind="grunt")
    assert state.enemies[0]["caged_by"] == 1
    assert "caged" in refused(state, 1, {"type": "attack", "slot": 1, "aim": "d4"})


def test_ruling_21_a_caged_enemy_is_not_hurt_by_a_grenade():
    state = bare(enemies=[enemy("heavy", "d4", caged_by=1), enemy("heavy", "c4")])
    _, state = pick_up(state, "grenade")
    facts, state = act(state, 1, {"type": "grenade", "corner": "c4"})
    assert [h["square"] for h in facts[0].hits] == ["c4"]
    assert state.enemy_at("d4")["hp"] == 4
    assert state.enemy_at("c4")["hp"] == 2


def test_ruling_21_a_caged_enemy_cannot_be_moved_by_a_strategy():
    free = bare(enemies=[enemy("grunt", "f5")])
    free.player(1)["reserve"] = ["strategy"]
    act(free, 1, {"type": "strategy", "from": "f5", "to": "f7"})  # the move itself is allowed
    caged = bare(enemies=[enemy("grunt", "f5", caged_by=2)])
    caged.player(1)["reserve"] = ["strategy"]
    assert "caged" in refused(caged, 1, {"type": "strategy", "from": "f5", "to": "f7"})


def test_ruling_21_a_caged_enemy_still_strikes():
    facts, state = act(caged_grunt_table(), 1, {"type": "move", "to": "d3"})
    assert of_type(facts, EnemyStruck) == [EnemyStruck(kind="grunt", square="d4", seat=1, damage=3, hp=7)]
    assert state.player(1)["hp"] == 7


def test_ruling_21_the_cage_ends_at_the_start_of_the_caging_players_next_turn():
    state = caged_grunt_table(enemy_deck=[])
    _, state = act(state, 1, {"type": "end"})
    assert state.current == 2 and state.enemies[0]["caged_by"] == 1  # the opponent's turn: still caged
    facts, state = act(state, 2, {"type": "end"})
    assert of_type(facts, TurnStarted) == [TurnStarted(seat=1, round=3)]
    assert state.enemies[0]["caged_by"] == 0
    facts, _ = shoot(state, 1, "d4")
    assert facts[0].hits[0]["hp"] == 0


def test_ruling_11_a_cage_with_no_enemy_on_the_board_is_discarded():
    facts, state = pick_up(bare(), "cage")
    assert [d.card for d in of_type(facts, CollectibleDiscarded)] == ["cage"]
    assert state.pending == []
    assert state.collectible_discard == ["cage"]


def test_ruling_11_a_collected_cage_is_answered_before_anything_else():
    state = bare(enemies=[enemy("grunt", "f5"), enemy("heavy", "b4")])
    _, state = pick_up(state, "cage")
    assert sorted(c["square"] for c in RULES.legal_commands(state, 1)) == ["b4", "f5"]
    assert all(c["type"] == "cage" for c in RULES.legal_commands(state, 1))
    assert "choose the enemy to cage" in refused(state, 1, {"type": "move", "to": "c2"})
    assert "choose the enemy to cage" in refused(state, 1, {"type": "end"})
    assert "no enemy to cage" in refused(state, 1, {"type": "cage", "square": "c4"})


# -- Sights --------------------------------------------------------------------------------------


def test_a_sight_adds_one_to_range_so_the_pistol_reaches_two():
    plain = armed(None, "pistol", enemies=[enemy("grunt", "d3")])
    assert "not within" in refused(plain, 1, {"type": "attack", "slot": 2, "aim": "d3"})
    sighted = armed(None, weapon("pistol", sight=True), enemies=[enemy("grunt", "d3")])
    facts, _ = shoot(sighted, 2, "d3")
    assert facts[0].hits == [{"square": "d3", "target": "enemy", "kind": "grunt", "damage": 1, "hp": 1}]


def test_ruling_14_a_sighted_shotgun_also_hits_the_square_beyond_the_middle_one():
    plain = armed("shotgun", "pistol", enemies=[enemy("heavy", "d3")])
    assert "nothing to hit" in refused(plain, 1, {"type": "attack", "slot": 1, "aim": "north"})
    sighted = armed(weapon("shotgun", sight=True), "pistol", enemies=[enemy("heavy", "d3"), enemy("heavy", "c3")])
    facts, state = shoot(sighted, 1, "north")
    assert sorted(h["square"] for h in facts[0].hits) == ["d3"]  # c3 is beside d3, not in front
    assert state.enemy_at("d3")["hp"] == 2


def test_ruling_14_an_obstacle_in_the_middle_stops_the_sighted_shotguns_extra_square():
    state = armed(weapon("shotgun", sight=True), "pistol", obstacles=["d2"], enemies=[enemy("heavy", "d3")])
    facts, state = shoot(state, 1, "north")
    assert [h["square"] for h in facts[0].hits] == ["d2"]
    assert state.enemy_at("d3")["hp"] == 4


def test_each_weapon_holds_only_one_sight():
    state = armed(None, weapon("pistol", sight=True))
    facts, state = pick_up(state, "sight")
    assert not of_type(facts, AttachmentFitted)
    assert [d.card for d in of_type(facts, CollectibleDiscarded)] == ["sight"]
    assert state.collectible_discard == ["sight"]


def test_a_sight_goes_on_the_other_weapon_when_one_has_a_sight():
    state = armed(weapon("uzi", sight=True), "pistol")
    facts, state = pick_up(state, "sight")
    assert of_type(facts, AttachmentFitted) == [AttachmentFitted(seat=1, card="sight", slot=2)]
    assert state.player(1)["slots"][1]["sight"]


def test_a_sight_cannot_go_on_a_sniper():
    facts, state = pick_up(armed("sniper", "uzi"), "sight")  # no choice: the UZI takes it at once
    assert of_type(facts, AttachmentFitted) == [AttachmentFitted(seat=1, card="sight", slot=2)]
    facts, state = pick_up(armed("sniper", weapon("pistol", sight=True)), "sight")
    assert [d.card for d in of_type(facts, CollectibleDiscarded)] == ["sight"]
    assert state.player(1)["slots"][0] == weapon("sniper")


def test_ruling_23_with_two_weapons_that_can_take_it_the_player_chooses_where_the_sight_goes():
    _, state = pick_up(armed("uzi", "pistol"), "sight")
    assert state.pending == ["sight"]
    assert RULES.legal_commands(state, 1) == [{"type": "attach", "slot": 1}, {"type": "attach", "slot": 2}]
    assert "fit the Sight" in refused(state, 1, {"type": "move", "to": "c2"})
    facts, state = act(state, 1, {"type": "attach", "slot": 1})
    assert facts[0] == AttachmentFitted(seat=1, card="sight", slot=1)
    assert state.player(1)["slots"] == [weapon("uzi", sight=True), weapon("pistol")]


def test_ruling_23_with_one_weapon_that_can_take_it_the_sight_is_fitted_at_once():
    facts, state = pick_up(bare(), "sight")
    assert of_type(facts, AttachmentFitted) == [AttachmentFitted(seat=1, card="sight", slot=2)]
    assert state.pending == []
    assert state.player(1)["slots"][1] == weapon("pistol", sight=True)


def test_ruling_11_a_sight_collected_with_a_weapon_can_go_on_it():
    state = armed(None, weapon("pistol", sight=True))
    facts, state = pick_up(state, "sight", "uzi")
    assert of_type(facts, WeaponEquipped) == [WeaponEquipped(seat=1, card="uzi", slot=1)]
    assert of_type(facts, AttachmentFitted) == [AttachmentFitted(seat=1, card="sight", slot=1)]


# -- Muzzles -------------------------------------------------------------------------------------


def test_a_muzzle_adds_one_damage():
    plain = armed(None, "pistol", enemies=[enemy("heavy", "d2")])
    facts, _ = shoot(plain, 2, "d2")
    assert facts[0].hits[0]["damage"] == 1
    muzzled = armed(None, weapon("pistol", muzzle=True), enemies=[enemy("heavy", "d2")])
    facts, state = shoot(muzzled, 2, "d2")
    assert facts[0].hits[0]["damage"] == 2
    assert state.enemy_at("d2")["hp"] == 2


def test_a_collected_muzzle_goes_on_the_weapon():
    facts, state = pick_up(bare(), "muzzle")
    assert of_type(facts, AttachmentFitted) == [AttachmentFitted(seat=1, card="muzzle", slot=2)]
    assert state.player(1)["slots"][1] == weapon("pistol", muzzle=True)


def test_each_weapon_holds_only_one_muzzle():
    state = armed(None, weapon("pistol", muzzle=True))
    facts, state = pick_up(state, "muzzle")
    assert [d.card for d in of_type(facts, CollectibleDiscarded)] == ["muzzle"]
    assert state.collectible_discard == ["muzzle"]


def test_a_muzzle_cannot_go_on_a_sniper():
    facts, state = pick_up(armed("sniper", "uzi"), "muzzle")  # no choice: the UZI takes it at once
    assert of_type(facts, AttachmentFitted) == [AttachmentFitted(seat=1, card="muzzle", slot=2)]
    facts, state = pick_up(armed("sniper", weapon("pistol", muzzle=True)), "muzzle")
    assert [d.card for d in of_type(facts, CollectibleDiscarded)] == ["muzzle"]
    assert state.player(1)["slots"][0] == weapon("sniper")


# -- Loot crates ---------------------------------------------------------------------------------


def test_a_loot_crate_takes_the_top_two_cards_of_the_item_discard():
    state = bare()
    state.item_discard = ["ambush", "cover", "strategy"]  # strategy on top
    facts, state = pick_up(state, "loot_crate")
    assert of_type(facts, LootTaken) == [LootTaken(seat=1, cards=["strategy", "cover"])]
    assert sorted(state.player(1)["reserve"]) == ["cover", "strategy"]
    assert state.item_discard == ["ambush"]
    assert state.collectible_discard == ["loot_crate"]


def test_ruling_25_a_loot_crate_with_one_card_in_the_discard_takes_that_card():
    state = bare()
    state.item_discard = ["obstacle"]
    facts, state = pick_up(state, "loot_crate")
    assert of_type(facts, LootTaken) == [LootTaken(seat=1, cards=["obstacle"])]
    assert state.player(1)["reserve"] == ["obstacle"]
    assert state.item_discard == []


def test_a_loot_crate_on_an_empty_item_discard_is_discarded():
    facts, state = pick_up(bare(), "loot_crate")
    assert not of_type(facts, LootTaken)
    assert [d.card for d in of_type(facts, CollectibleDiscarded)] == ["loot_crate"]
    assert state.player(1)["reserve"] == []
    assert state.collectible_discard == ["loot_crate"]


def test_ruling_7_over_five_cards_after_a_loot_crate_the_player_discards_down_to_five_first():
    state = bare()
    state.player(1)["reserve"] = ["obstacle", "obstacle", "ambush", "ambush"]
    state.item_discard = ["strategy", "cover"]
    _, state = pick_up(state, "loot_crate")
    assert len(state.player(1)["reserve"]) == 6
    assert state.pending == ["discard"]
    assert "discard" in refused(state, 1, {"type": "move", "to": "c2"})
    facts, state = act(state, 1, {"type": "discard", "card": "ambush"})
    assert facts[0] == ReserveDiscarded(seat=1, card="ambush")
    assert len(state.player(1)["reserve"]) == 5
    assert state.item_discard == ["ambush"]
    assert state.pending == []
    act(state, 1, {"type": "move", "to": "c2"})


def test_ruling_7_a_full_reserve_discards_both_looted_cards_worth():
    state = bare()
    state.player(1)["reserve"] = ["obstacle"] * 5
    state.item_discard = ["strategy", "cover"]
    _, state = pick_up(state, "loot_crate")
    assert state.pending == ["discard", "discard"]
    _, state = act(state, 1, {"type": "discard", "card": "obstacle"})
    assert "discard" in refused(state, 1, {"type": "end"})
    _, state = act(state, 1, {"type": "discard", "card": "obstacle"})
    assert state.pending == [] and len(state.player(1)["reserve"]) == 5


# -- Weapon slots --------------------------------------------------------------------------------


def test_the_pistol_starts_in_slot_two_and_the_first_weapon_goes_into_slot_one():
    state = bare()
    assert state.player(1)["slots"] == [None, weapon("pistol")]
    facts, state = pick_up(state, "uzi")
    assert of_type(facts, WeaponEquipped) == [WeaponEquipped(seat=1, card="uzi", slot=1)]
    assert state.player(1)["slots"] == [weapon("uzi"), weapon("pistol")]


def test_ruling_24_a_new_weapon_goes_into_the_first_empty_slot():
    facts, state = pick_up(armed("uzi", None), "shotgun")
    assert of_type(facts, WeaponEquipped) == [WeaponEquipped(seat=1, card="shotgun", slot=2)]
    assert state.player(1)["slots"] == [weapon("uzi"), weapon("shotgun")]


def test_with_both_slots_full_a_new_weapon_waits_for_a_drop_before_anything_else():
    facts, state = pick_up(armed("uzi", "pistol"), "shotgun")
    assert not of_type(facts, WeaponEquipped)
    assert state.pending == ["shotgun"]
    assert RULES.legal_commands(state, 1) == [{"type": "drop", "slot": s} for s in (0, 1, 2)]
    assert "drop" in refused(state, 1, {"type": "move", "to": "c2"})
    assert "drop" in refused(state, 1, {"type": "end"})


def test_dropping_a_slot_puts_the_new_weapon_into_it():
    _, state = pick_up(armed("uzi", "pistol"), "shotgun")
    facts, state = act(state, 1, {"type": "drop", "slot": 2})
    assert facts[0] == WeaponDropped(seat=1, card="shotgun", slot=2)
    assert state.player(1)["slots"] == [weapon("uzi"), weapon("shotgun")]
    assert state.pending == []


def test_dropping_slot_zero_turns_the_new_weapon_down():
    _, state = pick_up(armed("uzi", "pistol"), "shotgun")
    _, state = act(state, 1, {"type": "drop", "slot": 0})
    assert state.player(1)["slots"] == [weapon("uzi"), weapon("pistol")]
    assert state.collectible_discard == ["shotgun"]


def test_ruling_24_more_than_two_weapons_from_one_point_keep_two():
    facts, state = pick_up(bare(), "shotgun", "uzi")
    assert of_type(facts, WeaponEquipped) == [WeaponEquipped(seat=1, card="uzi", slot=1)]
    assert state.pending == ["shotgun"]


def test_ruling_23_attachments_go_with_a_dropped_weapon():
    _, state = pick_up(armed(weapon("uzi", sight=True, muzzle=True), "pistol"), "shotgun")
    _, state = act(state, 1, {"type": "drop", "slot": 1})
    assert state.player(1)["slots"] == [weapon("shotgun"), weapon("pistol")]
    assert sorted(state.collectible_discard) == ["muzzle", "sight", "uzi"]


def test_two_weapons_allow_two_attacks_a_turn():
    state = armed("uzi", "pistol", enemies=[enemy("heavy", "d2")])
    _, state = shoot(state, 1, "d2")
    facts, state = shoot(state, 2, "d2")
    assert [(shot.slot, shot.hits[0]["hp"]) for shot in of_type(facts, ShotFired)] == [(2, 1)]
    assert state.enemy_at("d2")["hp"] == 1


def test_one_weapon_allows_one_attack_a_turn():
    state = armed(None, "pistol", enemies=[enemy("heavy", "d2")])
    _, state = shoot(state, 2, "d2")
    assert "1 attack per turn" in refused(state, 1, {"type": "attack", "slot": 2, "aim": "d2"})


def test_ruling_24_firing_the_sniper_first_keeps_the_second_attack():
    state = armed("sniper", "pistol", enemies=[enemy("heavy", "d3"), enemy("grunt", "c1", hp=1)])
    state = RULES.evolve(state, TurnStarted(seat=1, round=2))  # the turn begins with both slots filled
    _, state = shoot(state, 1, "north")
    assert state.player(1)["slots"][0] is None
    facts, state = shoot(state, 2, "c1")
    assert of_type(facts, EnemyKilled)


def test_ruling_24_a_second_weapon_collected_mid_turn_allows_a_second_attack():
    state = armed(None, "pistol", square="c2", enemies=[enemy("heavy", "b2"), enemy("heavy", "d3")])
    state.player(1)["boots"] = 1
    _, state = shoot(state, 2, "b2")
    state.cards["c3"] = ["uzi"]
    _, state = act(state, 1, {"type": "move", "to": "c3"})
    facts, state = shoot(state, 1, "d3")
    assert of_type(facts, ShotFired)


# -- The UZI -------------------------------------------------------------------------------------


def test_the_uzi_reaches_three_squares():
    state = armed("uzi", "pistol", enemies=[enemy("heavy", "d4"), enemy("heavy", "d5")])
    assert "not within" in refused(state, 1, {"type": "attack", "slot": 1, "aim": "d5"})
    facts, _ = shoot(state, 1, "d4")
    assert [h["square"] for h in facts[0].hits] == ["d4"]


def test_the_uzi_deals_two_damage_to_one_chosen_target():
    state = armed("uzi", "pistol", enemies=[enemy("heavy", "d3"), enemy("heavy", "d4")])
    facts, state = shoot(state, 1, "d4")
    assert facts[0].hits == [{"square": "d4", "target": "enemy", "kind": "heavy", "damage": 2, "hp": 2}]
    assert state.enemy_at("d3")["hp"] == 4  # the nearer enemy is passed over
    assert state.enemy_at("d4")["hp"] == 2
    assert not of_type(facts, PointsScored)  # a wound scores nothing


def test_ruling_13_nothing_is_shot_past_an_obstacle():
    state = armed("uzi", "pistol", obstacles=["d3"], enemies=[enemy("heavy", "d4")])
    assert "not within" in refused(state, 1, {"type": "attack", "slot": 1, "aim": "d4"})


def test_ruling_17_an_obstacle_can_be_shot_and_one_hit_destroys_it():
    state = armed("uzi", "pistol", obstacles=["d3", "c3"])
    facts, state = shoot(state, 1, "d3")
    assert facts[0].hits == [{"square": "d3", "target": "obstacle", "damage": 2, "hp": 0}]
    assert state.obstacles == ["c3"]
    assert state.item_discard == ["obstacle"]


# -- The shotgun ---------------------------------------------------------------------------------


def test_ruling_14_the_shotgun_hits_the_three_squares_in_front_all_at_once():
    squares = ["c3", "d3", "e3", "d4", "c2"]  # three in front, one beyond, one beside
    state = armed("shotgun", "pistol", square="d2", enemies=[enemy("heavy", s) for s in squares])
    facts, state = shoot(state, 1, "north")
    assert len(of_type(facts, ShotFired)) == 1
    assert sorted(h["square"] for h in facts[0].hits) == ["c3", "d3", "e3"]
    assert {s: state.enemy_at(s)["hp"] for s in squares} == {"c3": 2, "d3": 2, "e3": 2, "d4": 4, "c2": 4}


def test_ruling_14_the_shotgun_fires_in_any_orthogonal_direction():
    state = armed("shotgun", "pistol", square="d4", enemies=[enemy("grunt", "c5"), enemy("grunt", "e4")])
    facts, _ = shoot(state, 1, "west")
    assert [h["square"] for h in facts[0].hits] == ["c5"]
    facts, _ = shoot(state, 1, "east")
    assert [h["square"] for h in facts[0].hits] == ["e4"]
    assert "direction" in refused(state, 1, {"type": "attack", "slot": 1, "aim": "c5"})


# -- The sniper ----------------------------------------------------------------------------------


def test_the_sniper_is_preset_on_the_centre_and_collected_by_stepping_on_it():
    state = table()
    assert state.cards["d4"] == ["sniper"]
    state.player(1)["square"] = "d3"
    facts, state = act(state, 1, {"type": "move", "to": "d4"})
    assert of_type(facts, CardsCollected) == [CardsCollected(seat=1, square="d4", cards=["sniper"])]
    assert of_type(facts, WeaponEquipped) == [WeaponEquipped(seat=1, card="sniper", slot=1)]
    assert not of_type(facts, PlayerTeleported)
    assert state.player(1)["square"] == "d4" and "d4" not in state.cards


def test_the_sniper_has_limitless_range():
    state = armed("sniper", "pistol", square="a1", enemies=[enemy("boss", "a7")])
    facts, state = shoot(state, 1, "north")
    assert facts[0].hits == [{"square": "a7", "target": "enemy", "kind": "boss", "damage": 5, "hp": 5}]


def test_ruling_15_the_sniper_pierces_every_enemy_and_the_opponent_on_its_line():
    state = armed("sniper", "pistol", enemies=[enemy("grunt", "d3"), enemy("boss", "d5")])
    facts, state = shoot(state, 1, "north")
    assert [(h["square"], h["target"]) for h in facts[0].hits] == [("d3", "enemy"), ("d5", "enemy"), ("d7", "player")]
    assert state.enemies == [enemy("boss", "d5", hp=5)]
    assert state.player(2)["hp"] == 5
    assert state.player(1)["vp"] == 2  # a grunt killed and a hit on the opponent


def test_ruling_15_the_sniper_stops_at_and_destroys_the_first_obstacle():
    state = armed("sniper", "pistol", obstacles=["d4", "d6"], enemies=[enemy("heavy", "d3"), enemy("heavy", "d5")])
    facts, state = shoot(state, 1, "north")
    assert [h["square"] for h in facts[0].hits] == ["d3", "d4"]
    assert state.obstacles == ["d6"]
    assert state.enemy_at("d5")["hp"] == 4
    assert state.player(2)["hp"] == 10


def test_the_sniper_is_used_once_then_goes_to_its_own_discard():
    state = armed("sniper", "pistol", enemies=[enemy("heavy", "d3")])
    _, state = shoot(state, 1, "north")
    assert state.player(1)["slots"] == [None, weapon("pistol")]
    assert state.sniper_discard == ["sniper"]
    assert "sniper" not in state.collectible_discard


# -- Grenades (ruling 22) ------------------------------------------------------------------------


def test_ruling_22_a_grenade_is_thrown_on_collection_before_anything_else():
    facts, state = pick_up(bare(), "grenade")
    assert not of_type(facts, GrenadeThrown)
    assert state.pending == ["grenade"]
    assert "throw the Grenade" in refused(state, 1, {"type": "move", "to": "c2"})
    assert all(c["type"] == "grenade" for c in RULES.legal_commands(state, 1))


def test_ruling_22_the_grenade_hits_the_2x2_area_named_by_its_lower_left_square():
    inside, outside = ["c4", "d4", "c5", "d5"], ["b4", "e4", "c3", "c6"]
    state = bare(enemies=[enemy("heavy", s) for s in inside + outside])
    _, state = pick_up(state, "grenade")
    facts, state = act(state, 1, {"type": "grenade", "corner": "c4"})
    assert sorted(h["square"] for h in facts[0].hits) == sorted(inside)
    assert all(h["damage"] == 2 for h in facts[0].hits)
    assert {e["square"]: e["hp"] for e in state.enemies} == {**dict.fromkeys(inside, 2), **dict.fromkeys(outside, 4)}
    assert state.collectible_discard == ["grenade"]


def test_ruling_22_the_grenade_destroys_obstacles_in_its_area():
    state = bare(obstacles=["c5", "e5"])
    _, state = pick_up(state, "grenade")
    facts, state = act(state, 1, {"type": "grenade", "corner": "c4"})
    assert facts[0].hits == [{"square": "c5", "target": "obstacle", "damage": 2, "hp": 0}]
    assert state.obstacles == ["e5"]
    assert state.item_discard == ["obstacle"]


def test_ruling_22_the_grenade_hurts_the_thrower_too():
    _, state = pick_up(bare(), "grenade")  # the thrower stands on c1
    facts, state = act(state, 1, {"type": "grenade", "corner": "c1"})
    assert facts[0].hits == [{"square": "c1", "target": "player", "seat": 1, "damage": 2, "hp": 8}]
    assert state.player(1)["hp"] == 8
    assert state.player(1)["vp"] == 0  # no point for hitting oneself


def test_ruling_22_a_grenade_hitting_the_opponent_scores_one_point():
    _, state = pick_up(bare(), "grenade")
    facts, state = act(state, 1, {"type": "grenade", "corner": "c6"})
    assert [(h["seat"], h["hp"]) for h in facts[0].hits] == [(2, 8)]
    assert of_type(facts, PointsScored) == [PointsScored(seat=1, points=1, reason="hit the other assassin", total=1)]
    assert state.player(2)["hp"] == 8


def test_ruling_22_grenade_kills_score_the_enemies_points():
    state = bare(enemies=[enemy("heavy", "c4", hp=2), enemy("grunt", "d5"), enemy("medic", "b4")])
    _, state = pick_up(state, "grenade")
    facts, state = act(state, 1, {"type": "grenade", "corner": "c4"})
    assert [(k.kind, k.square) for k in of_type(facts, EnemyKilled)] == [("heavy", "c4"), ("grunt", "d5")]
    assert [p.points for p in of_type(facts, PointsScored)] == [3, 1]
    assert state.player(1)["vp"] == 4
    assert [e["square"] for e in state.enemies] == ["b4"]


@pytest.mark.parametrize("corner", ["g7", "g1", "a7", "d7"])
def test_ruling_22_a_2x2_area_running_off_the_board_is_refused(corner):
    _, state = pick_up(bare(), "grenade")
    assert "runs off the board" in refused(state, 1, {"type": "grenade", "corner": corner})
    assert state.pending == ["grenade"]


# -- The paralysis pistol (ruling 16) ------------------------------------------------------------


def test_ruling_16_the_paralysis_pistol_has_limitless_range():
    state = armed("paralysis_pistol", "pistol", square="b1", enemies=[enemy("heavy", "b7")])
    facts, state = shoot(state, 1, "b7")
    assert facts[0].hits == [{"square": "b7", "target": "enemy", "kind": "heavy", "damage": 1, "hp": 3}]


def test_ruling_16_an_enemy_hit_by_the_paralysis_pistol_cannot_strike_until_the_shooters_next_turn():
    # a heavy on b6 strikes b4, b5, b7, a6, c6 and d6; seat 1 shoots it from b3, out of its reach
    state = armed("paralysis_pistol", "pistol", square="b3", enemies=[enemy("heavy", "b6")], enemy_deck=[])
    facts, state = shoot(state, 1, "b6")
    assert of_type(facts, EnemyParalysed) == [EnemyParalysed(seat=1, square="b6", kind="heavy")]
    _, state = act(state, 1, {"type": "end"})
    facts, state = act(state, 2, {"type": "move", "to": "d6"})  # into its range, on the opponent's turn
    assert not of_type(facts, EnemyStruck)
    assert state.player(2)["hp"] == 10
    facts, state = act(state, 2, {"type": "end"})
    assert of_type(facts, TurnStarted) == [TurnStarted(seat=1, round=3)]
    assert state.enemy_at("b6")["paralysed_by"] == 0
    facts, state = act(state, 1, {"type": "move", "to": "b4"})
    assert of_type(facts, EnemyStruck) == [EnemyStruck(kind="heavy", square="b6", seat=1, damage=5, hp=5)]


def test_ruling_16_an_opponent_hit_by_the_paralysis_pistol_loses_their_next_turn():
    state = armed("paralysis_pistol", "pistol", enemies=[enemy("grunt", "b5")], enemy_deck=[])
    facts, state = shoot(state, 1, "d7")
    assert of_type(facts, PlayerParalysed) == [PlayerParalysed(seat=1, target=2)]
    assert of_type(facts, PointsScored)[0].total == 1
    facts, state = act(state, 1, {"type": "end"})
    assert of_type(facts, TurnSkipped) == [TurnSkipped(seat=2, round=2)]
    assert of_type(facts, TurnStarted) == [TurnStarted(seat=1, round=3)]
    assert state.current == 1 and not state.player(2)["paralysed"]


def test_ruling_16_the_paralysis_pistol_is_spent_after_one_shot():
    state = armed(weapon("paralysis_pistol", muzzle=True), "pistol", enemies=[enemy("heavy", "d5")])
    facts, state = shoot(state, 1, "d5")
    assert facts[0].hits[0]["damage"] == 2  # a muzzle fits it
    assert state.player(1)["slots"] == [None, weapon("pistol")]
    assert sorted(state.collectible_discard) == ["muzzle", "paralysis_pistol"]


def test_ruling_16_the_paralysis_pistol_takes_no_sight():
    state = armed("paralysis_pistol", weapon("pistol", sight=True))
    facts, state = pick_up(state, "sight")
    assert [d.card for d in of_type(facts, CollectibleDiscarded)] == ["sight"]
    assert state.player(1)["slots"][0] == weapon("paralysis_pistol")


# -- Attacking -----------------------------------------------------------------------------------


@pytest.mark.parametrize("gun", [weapon("pistol"), weapon("uzi", muzzle=True)])
def test_hitting_the_opponent_scores_one_point_regardless_of_damage(gun):
    state = armed(None, gun)
    state.player(2)["square"] = "d2"
    facts, state = shoot(state, 2, "d2")
    assert of_type(facts, PointsScored) == [PointsScored(seat=1, points=1, reason="hit the other assassin", total=1)]
    assert state.player(2)["hp"] == 10 - facts[0].hits[0]["damage"]


def test_ruling_29_one_point_per_attack_on_the_opponent_however_many_targets_it_hits():
    state = armed("shotgun", "pistol", square="d5", enemies=[enemy("heavy", "c6"), enemy("heavy", "e6")])
    state.player(2)["square"] = "d6"
    facts, state = shoot(state, 1, "north")
    assert [h["target"] for h in facts[0].hits] == ["enemy", "player", "enemy"]
    assert of_type(facts, PointsScored) == [PointsScored(seat=1, points=1, reason="hit the other assassin", total=1)]


@pytest.mark.parametrize(("kind", "points"), [("grunt", 1), ("heavy", 3), ("medic", 3), ("boss", 10)])
def test_killing_an_enemy_scores_its_points(kind, points):
    state = armed("uzi", "pistol", enemies=[enemy(kind, "d3", hp=1)])
    facts, state = shoot(state, 1, "d3")
    assert of_type(facts, EnemyKilled) == [EnemyKilled(seat=1, kind=kind, square="d3")]
    assert of_type(facts, PointsScored)[0].points == points
    assert state.player(1)["vp"] == points
    assert state.enemies == [] and state.enemy_discard == [kind]


def test_each_attack_spends_an_action():
    state = armed(None, "pistol", enemies=[enemy("heavy", "d2")])
    _, state = shoot(state, 2, "d2")
    assert state.actions == 1
    facts, state = act(state, 1, {"type": "move", "to": "c1"})
    assert of_type(facts, TurnEnded) == [TurnEnded(seat=1)]  # the shot and the move: both actions spent


def test_a_shot_at_an_empty_square_is_refused():
    state = armed("uzi", "pistol")
    assert "nothing to shoot on d3" in refused(state, 1, {"type": "attack", "slot": 1, "aim": "d3"})


def test_a_shot_out_of_range_is_refused():
    state = armed(None, "pistol", enemies=[enemy("heavy", "d3")])
    assert "not within the Pistol's range" in refused(state, 1, {"type": "attack", "slot": 2, "aim": "d3"})
    assert "not within" in refused(state, 1, {"type": "attack", "slot": 2, "aim": "e2"})  # diagonal


def test_attacking_an_obstacle_counts_as_the_turns_attack():
    state = armed(None, "pistol", obstacles=["d2"], enemies=[enemy("heavy", "c1")])
    _, state = shoot(state, 2, "d2")
    assert state.attacks == 1
    assert "1 attack per turn" in refused(state, 1, {"type": "attack", "slot": 2, "aim": "c1"})
