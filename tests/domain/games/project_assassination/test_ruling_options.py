"""Project Assassination: the rulings a designer may switch (RULINGS.md, "Options at a glance"). Each
option is tested at its default (today's play) and at every other value, on a constructed position;
a game recorded without the options plays as the defaults; bad values are refused.

Tables come from ``table.py``: seat 1 (Player 1) on d1 and seat 2 on d7, seat 1 to play, the board
bare unless a test lays pieces (``options`` are resolved as a new game's would be).
"""

from __future__ import annotations

import random

import pytest
from table import RULES, act, enemy, of_type, refused, table, weapon

from domain.engine.errors import InvalidSetup
from domain.engine.randomness import Rng
from domain.games.project_assassination import judge
from domain.games.project_assassination.facts import (
    EnemiesHealed,
    EnemyKilled,
    EnemyStruck,
    GameEnded,
    PlayerParalysed,
    PointsScored,
    TurnEnded,
    TurnStarted,
)
from domain.games.project_assassination.options import OPTIONS_SCHEMA, TODAY
from domain.games.project_assassination.tactics import enemy_squares


def bare(options=None, **kwargs):
    """The table with nothing on the board but the two players (unless given), under ``options``."""
    return table(**{"enemies": [], "obstacles": [], "cards": {}, "options": options, **kwargs})


def armed(*slots, square="d1", options=None, **kwargs):
    """A bare table with seat 1 on ``square`` holding the given weapons (None for an empty slot)."""
    state = bare(options, **kwargs)
    state.player(1).update(square=square, slots=[w if w is None or isinstance(w, dict) else weapon(w) for w in slots])
    return state


def pick_up(state, *cards, square="c1"):
    """Lay ``cards`` on ``square`` (next to seat 1 on d1) and step seat 1 onto it."""
    state.cards[square] = list(cards)
    return act(state, 1, {"type": "move", "to": square})


def shoot(state, slot, aim, seat=1):
    return act(state, seat, {"type": "attack", "slot": slot, "aim": aim})


def round_ends(state):
    """Seat 1 ends its turn, then seat 2 its own: seat 1's next turn begins (no enemy left to place)."""
    _, state = act(state, 1, {"type": "end"})
    facts, state = act(state, 2, {"type": "end"})
    assert of_type(facts, TurnStarted)[-1].seat == 1
    return state


def action_limit(state):
    return RULES.view(state, 1)["turn"]["action_limit"]


# -- the options themselves ----------------------------------------------------------------------


def test_every_ruling_option_has_a_default_a_description_naming_its_ruling_and_todays_value():
    resolved = RULES.resolve_options({})
    for key, prop in OPTIONS_SCHEMA.items():
        assert RULES.options_schema["properties"][key] is prop
        assert prop["description"].startswith("ruling ")
        assert resolved[key] == prop["default"] == TODAY[key]


@pytest.mark.parametrize("bad", [
    {"strike": "sometimes"}, {"cover": "all"}, {"boots_take_effect": "later"}, {"draw": "never"},
    {"uzi_damage": 0}, {"sniper_damage": 11}, {"paralysis_shots": -1}, {"cage_turns": 11},
    {"medic_heal": "1"}, {"grenade_hurts_thrower": "no"}, {"obstacles_block_enemies": 1},
    {"two_attacks": "always"}, {"tie_break": "coin"},
])
def test_a_bad_ruling_option_value_is_refused(bad):
    with pytest.raises(InvalidSetup):
        RULES.resolve_options(bad)


def test_the_state_keeps_the_ruling_options_and_a_game_recorded_without_them_keeps_none():
    assert RULES.new_state(2, RULES.resolve_options({"strike": "on-entering"})).options["strike"] == "on-entering"
    assert RULES.new_state(2, {}).options == {}
    assert RULES.new_state(2, {"round_limit": 40, "layout": None}).options == {}


def playout(options, seed):
    """Every fact of a game of random legal commands, its seed fixing the chances and the choices."""
    state = RULES.new_state(2, options)
    facts = RULES.setup(state, Rng(seed, "setup"))
    for fact in facts:
        state = RULES.evolve(state, fact)
    pick = random.Random(seed)
    for n in range(400):
        if state.phase == "over":
            break
        seat = RULES.to_act(state)[0]
        command = pick.choice(RULES.legal_commands(state, seat))
        more = RULES.decide(state, seat, command, Rng(seed, n))
        for fact in more:
            state = RULES.evolve(state, fact)
        facts += more
    return facts


@pytest.mark.parametrize("seed", ["old-1", "old-2", "old-3"])
def test_a_game_recorded_without_the_ruling_options_plays_as_the_defaults(seed):
    old = playout({"round_limit": 40, "layout": None}, seed)
    assert old == playout(RULES.resolve_options({}), seed)
    assert len(old) > 30


# -- ruling 6: drawing optional or required -----------------------------------------------------


def test_ruling_6_drawing_is_optional_by_default():
    state = bare()
    assert {"type": "end"} in RULES.legal_commands(state, 1)
    facts, _ = act(state, 1, {"type": "end"})
    assert of_type(facts, TurnEnded) == [TurnEnded(seat=1)]


def test_ruling_6_with_draw_required_a_turn_begins_with_a_draw_when_one_can_be_made():
    state = bare({"draw": "required"})
    assert {c["type"] for c in RULES.legal_commands(state, 1)} == {"draw"}
    assert refused(state, 1, {"type": "end"}).startswith("draw a card first")
    assert refused(state, 1, {"type": "move", "to": "c1"}).startswith("draw a card first")
    _, state = act(state, 1, {"type": "draw", "deck": "item"})
    assert {"type": "end"} in RULES.legal_commands(state, 1)
    empty = bare({"draw": "required"}, item_deck=[], collectible_deck=[])  # nothing to draw: free to play
    assert {"type": "end"} in RULES.legal_commands(empty, 1)
    act(empty, 1, {"type": "move", "to": "c1"})


# -- ruling 12: the weapons' damages -------------------------------------------------------------


DAMAGE_SHOTS = {
    # option: (weapon, aim, the enemy's square, today's damage)
    "uzi_damage": ("uzi", "d3", "d3", 2),
    "shotgun_damage": ("shotgun", "north", "d2", 2),
    "sniper_damage": ("sniper", "north", "d5", 5),
    "paralysis_damage": ("paralysis_pistol", "d6", "d6", 1),
}


@pytest.mark.parametrize("key", sorted(DAMAGE_SHOTS))
@pytest.mark.parametrize("value", [None, 1, 3, 10])
def test_ruling_12_each_invented_weapon_damage_is_an_option(key, value):
    gun, aim, square, today = DAMAGE_SHOTS[key]
    options = {} if value is None else {key: value}
    state = armed(gun, "pistol", options=options, enemies=[enemy("boss", square)])
    state.player(2)["square"] = "f7"  # off the sniper's line
    facts, state = shoot(state, 1, aim)
    dealt = today if value is None else value
    assert [(h["square"], h["damage"], h["hp"]) for h in facts[0].hits] == [(square, dealt, 10 - dealt)]


def test_ruling_12_a_muzzle_still_adds_one_to_the_options_damage():
    state = armed(weapon("uzi", muzzle=True), "pistol", options={"uzi_damage": 4}, enemies=[enemy("boss", "d3")])
    facts, _ = shoot(state, 1, "d3")
    assert facts[0].hits[0]["damage"] == 5


def test_ruling_12_the_bots_evaluation_reads_the_weapons_damage_from_the_game():
    # an UZI on d1 reaching a heavy (4 HP) on d3: a kill is worth its 3 points, a wound less
    positions = {
        damage: armed("uzi", "pistol", options={"uzi_damage": damage}, enemies=[enemy("heavy", "d3")])
        for damage in (2, 4)
    }
    assert judge.targets(positions[4], 1) > judge.targets(positions[2], 1)
    assert judge.evaluate(positions[4], 1) > judge.evaluate(positions[2], 1)


# -- ruling 13: obstacles stop enemies' ranges -------------------------------------------------


@pytest.mark.parametrize("blocks", [None, True, False])
def test_ruling_13_obstacles_block_enemies_is_an_option(blocks):
    options = {} if blocks is None else {"obstacles_block_enemies": blocks}
    shielded = blocks is not False
    state = bare(options, enemies=[enemy("heavy", "b4")], obstacles=["c4"])
    state.player(1)["square"] = "e4"
    facts, state = act(state, 1, {"type": "move", "to": "d4"})  # b4's line to d4 runs through c4
    assert len(of_type(facts, EnemyStruck)) == (0 if shielded else 1)
    assert state.player(1)["hp"] == (10 if shielded else 5)
    # placing agrees: behind the obstacle from a player is a square only while obstacles block
    placing = bare(options, obstacles=["c4"])
    placing.player(1)["square"] = "d4"
    assert ("b4" in enemy_squares(placing, "heavy")) is shielded


# -- ruling 16: the paralysis pistol's shots -----------------------------------------------------


@pytest.mark.parametrize("shots, kept_after", [(None, (False, False)), (1, (False, False)), (2, (True, False)), (0, (True, True))])
def test_ruling_16_the_paralysis_pistols_shots_are_an_option(shots, kept_after):
    options = {} if shots is None else {"paralysis_shots": shots}
    state = armed("paralysis_pistol", "pistol", options=options, enemies=[enemy("boss", "d5")])
    held = []
    for _ in range(2):
        if state.player(1)["slots"][0] is None:
            held.append(False)
            continue
        _, state = shoot(state, 1, "d5")
        held.append(state.player(1)["slots"][0] is not None)
    assert tuple(held) == kept_after
    if shots == 0:
        assert state.player(1)["slots"][0] == {**weapon("paralysis_pistol"), "shots": 2}
        assert state.collectible_discard == []
    else:
        assert state.collectible_discard == ["paralysis_pistol"]


# -- ruling 18: what a Cover protects from ------------------------------------------------------


def covered_table(cover):
    """Seat 2 on turn with an UZI on d4; seat 1, under cover, on d2, three squares from a grunt on b2."""
    state = bare({} if cover is None else {"cover": cover}, current=2, turns=4, enemies=[enemy("grunt", "a2")])
    state.player(1).update(square="d2", covered=True)
    state.player(2).update(square="d4", slots=[weapon("uzi"), weapon("paralysis_pistol")])
    return state


@pytest.mark.parametrize("cover", [None, "opponent", "enemies", "both"])
def test_ruling_18_the_cover_is_an_option(cover):
    against_opponent = cover in (None, "opponent", "both")
    against_enemies = cover in ("enemies", "both")
    # the opponent's shot
    facts, state = shoot(covered_table(cover), 1, "d2", seat=2)
    assert facts[0].hits[0]["damage"] == (0 if against_opponent else 2)
    assert len(of_type(facts, PointsScored)) == (0 if against_opponent else 1)
    # the opponent's paralysis pistol
    facts, _ = shoot(covered_table(cover), 2, "d2", seat=2)
    assert len(of_type(facts, PlayerParalysed)) == (0 if against_opponent else 1)
    # an enemy's strike on a covered player's own move: seat 1 takes cover, then steps beside the grunt
    state = bare({} if cover is None else {"cover": cover}, enemies=[enemy("grunt", "a2")])
    state.player(1).update(square="c2", reserve=["cover"])
    _, state = act(state, 1, {"type": "cover"})
    facts, state = act(state, 1, {"type": "move", "to": "b2"})
    assert [s.damage for s in of_type(facts, EnemyStruck)] == [0 if against_enemies else 3]
    assert state.player(1)["hp"] == (10 if against_enemies else 7)


@pytest.mark.parametrize("cover", ["opponent", "enemies", "both"])
def test_ruling_18_the_bots_evaluation_aims_at_a_covered_opponent_only_when_cover_leaves_them_open(cover):
    state = covered_table(cover)
    open_to_shots = cover == "enemies"
    uncovered = covered_table(cover)
    uncovered.player(1)["covered"] = False
    assert (judge.targets(state, 2) == judge.targets(uncovered, 2)) is open_to_shots


# -- ruling 21: how long a cage lasts -----------------------------------------------------------


@pytest.mark.parametrize("turns, caged_rounds", [(None, 0), (1, 0), (2, 1), (3, 2), (0, 5)])
def test_ruling_21_the_cages_length_is_an_option(turns, caged_rounds):
    options = {} if turns is None else {"cage_turns": turns}
    state = armed("uzi", "pistol", square="d1", options=options, enemies=[enemy("grunt", "d4")], enemy_deck=[])
    _, state = pick_up(state, "cage", square="d2")
    _, state = act(state, 1, {"type": "cage", "square": "d4"})
    rounds = 0
    while True:
        state = round_ends(state)
        if not state.enemy_at("d4")["caged_by"]:
            break
        rounds += 1
        if rounds == 5:
            break
    assert rounds == caged_rounds
    if turns in (None, 1):
        assert "cage_turns" not in state.enemy_at("d4")  # today's enemies: no count kept


# -- ruling 22: the grenade and its thrower -----------------------------------------------------


@pytest.mark.parametrize("hurts", [None, True, False])
def test_ruling_22_whether_the_grenade_hurts_its_thrower_is_an_option(hurts):
    options = {} if hurts is None else {"grenade_hurts_thrower": hurts}
    _, state = pick_up(bare(options, enemies=[enemy("heavy", "d2")]), "grenade")  # the thrower stands on c1
    facts, state = act(state, 1, {"type": "grenade", "corner": "c1"})
    hit = [h["square"] for h in facts[0].hits]
    assert hit == (["d2"] if hurts is False else ["d2", "c1"])
    assert state.player(1)["hp"] == (10 if hurts is False else 8)


# -- ruling 24: when a turn allows two attacks --------------------------------------------------


@pytest.mark.parametrize("rule", [None, "armed-this-turn", "armed-now"])
def test_ruling_24_firing_a_one_use_weapon_first_keeps_the_second_attack_unless_armed_now(rule):
    options = {} if rule is None else {"two_attacks": rule}
    state = armed("sniper", "pistol", options=options, enemies=[enemy("heavy", "d3"), enemy("grunt", "c1", hp=1)])
    state = RULES.evolve(state, TurnStarted(seat=1, round=2))  # the turn begins with both slots filled
    _, state = shoot(state, 1, "north")
    assert state.player(1)["slots"][0] is None
    if rule == "armed-now":
        assert "1 attack per turn" in refused(state, 1, {"type": "attack", "slot": 2, "aim": "c1"})
    else:
        facts, _ = shoot(state, 2, "c1")
        assert of_type(facts, EnemyKilled)


# -- ruling 30: a tie on points -----------------------------------------------------------------


@pytest.mark.parametrize("rule", [None, "health", "draw"])
def test_ruling_30_a_tie_on_points_goes_to_the_healthier_player_unless_the_tie_break_is_a_draw(rule):
    options = {} if rule is None else {"tie_break": rule}
    state = bare(options, enemies=[enemy("grunt", "c4", hp=1)], enemy_deck=[])
    state.player(1).update(square="c3", vp=1, hp=5)
    state.player(2).update(vp=2, hp=8)
    facts, state = act(state, 1, {"type": "attack", "slot": 2, "aim": "c4"})  # the last enemy: 2 points each
    ended = of_type(facts, GameEnded)[0]
    if rule == "draw":
        assert ended.winners == [] and ended.reason.endswith("a draw, level on Victory Points")
    else:
        assert ended.winners == [2] and "more health" in ended.reason


# -- ruling 26: when enemies strike -------------------------------------------------------------


@pytest.mark.parametrize("strike", [None, "every-move", "on-entering"])
def test_ruling_26_enemies_strike_on_entering_range_only(strike):
    options = {} if strike is None else {"strike": strike}
    # a heavy on b4 reaches c4 and d4: e4 to d4 enters its range, d4 to c4 stays inside it
    state = bare(options, enemies=[enemy("heavy", "b4")])
    state.player(1)["square"] = "e4"
    facts, state = act(state, 1, {"type": "move", "to": "d4"})
    assert [s.damage for s in of_type(facts, EnemyStruck)] == [5]
    facts, state = act(state, 1, {"type": "move", "to": "c4"})
    assert len(of_type(facts, EnemyStruck)) == (0 if strike == "on-entering" else 1)
    assert state.player(1)["hp"] == (5 if strike == "on-entering" else 0)


def test_ruling_26_a_game_recorded_without_the_strike_option_strikes_on_every_move():
    state = bare(enemies=[enemy("heavy", "b4")])
    state.options = {}  # as a game created before the option existed
    state.player(1)["square"] = "d4"
    facts, _ = act(state, 1, {"type": "move", "to": "c4"})
    assert len(of_type(facts, EnemyStruck)) == 1


def test_ruling_26_on_entering_judges_the_range_from_the_square_left_not_the_tunnel_entry():
    # g1's tunnel leads to a7; a heavy on a5 reaches a7. Stepping from f1 into the tunnel enters its range
    state = bare({"strike": "on-entering"}, enemies=[enemy("heavy", "a5")])
    state.player(1)["square"] = "f1"
    facts, state = act(state, 1, {"type": "move", "to": "g1"})
    assert state.player(1)["square"] == "a7"
    assert [s.damage for s in of_type(facts, EnemyStruck)] == [5]


# -- ruling 27: how much medics heal ------------------------------------------------------------


@pytest.mark.parametrize("heal, hp", [(None, 2), (1, 2), (2, 3), (10, 4), (0, 1)])
def test_ruling_27_the_medics_heal_is_an_option(heal, hp):
    options = {} if heal is None else {"medic_heal": heal}
    state = bare(options, enemies=[enemy("medic", "c4"), enemy("heavy", "c5", hp=1)])
    facts, state = act(state, 1, {"type": "end"})
    assert len(of_type(facts, EnemiesHealed)) == (0 if heal == 0 else 1)
    assert state.enemy_at("c5")["hp"] == hp


# -- ruling 33: boots collected mid-turn --------------------------------------------------------


@pytest.mark.parametrize("effect", [None, "at-once", "next-turn"])
def test_ruling_33_boots_collected_mid_turn_add_their_action_at_once_or_next_turn(effect):
    options = {} if effect is None else {"boots_take_effect": effect}
    later = effect == "next-turn"
    table_ = bare(options, enemy_deck=[], enemies=[enemy("medic", "g4")])  # an enemy left: the game goes on
    facts, state = pick_up(table_, "boots")  # the first action
    assert state.player(1)["boots"] == 1
    assert action_limit(state) == (2 if later else 3)
    facts, state = act(state, 1, {"type": "move", "to": "c2"})  # the second action
    assert bool(of_type(facts, TurnEnded)) is later
    if not later:
        _, state = act(state, 1, {"type": "end"})
    facts, state = act(state, 2, {"type": "end"})
    assert of_type(facts, TurnStarted)[-1].seat == 1
    assert action_limit(state) == 3  # from the next turn on, either way
