"""Project Assassination: components, setup, the board, turns, items and board squares.

One test per rule of the text (``project-assassination.txt``) or ruling (``RULINGS.md``), named after
it. Tables come from ``table()`` (seat 1 is Player 1 on d1, seat 2 on d7, third turn, seat 1 to play)
or from a real setup with a fixed seed.
"""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from table import RULES, Coin, act, enemy, of_type, refused, table, weapon

from domain.engine.errors import InvalidSetup
from domain.engine.randomness import Rng
from domain.games.project_assassination.board import (
    FILES,
    RANKS,
    coords,
    default_layout,
)
from domain.games.project_assassination.facts import (
    AmbushSet,
    BootsWorn,
    CardDrawn,
    CardsCollected,
    CoverTaken,
    EnemyStruck,
    GrenadeThrown,
    HealPointUsed,
    HealthPackUsed,
    ObstaclePlaced,
    PlacementStarted,
    PlayerMoved,
    PlayerTeleported,
    PointsScored,
    ShotFired,
    StrategyPlayed,
    TunnelTaken,
    TurnEnded,
    TurnStarted,
    WeaponDropped,
    WeaponEquipped,
)

TEXT_COUNTS = {
    "obstacle": 10, "strategy": 3, "ambush": 3, "cover": 3,
    "boots": 4, "health_pack": 3, "cage": 3, "loot_crate": 3, "sight": 3, "muzzle": 3,
    "uzi": 5, "shotgun": 5, "grenade": 3, "sniper": 1, "paralysis_pistol": 2,
    "grunt": 2, "heavy": 2, "medic": 2, "boss": 1,
}
BLUE = {"obstacle", "strategy", "ambush", "cover"}
RED = {"grunt", "heavy", "medic", "boss"}


def set_up(seed="seed", rng=None):
    """A real setup of a two-player game on the default board: (facts, state)."""
    state = RULES.new_state(2, RULES.resolve_options({}))
    facts = RULES.setup(state, rng or Rng(seed, 0))
    for fact in facts:
        state = RULES.evolve(state, fact)
    return facts, state


def layout(**changes):
    """The default layout with some entries replaced; ``preset`` changes merge into the presets."""
    result = copy.deepcopy(default_layout())
    preset = changes.pop("preset", {})
    result.update(changes)
    result["preset"].update(preset)
    return result


def refused_layout(bad) -> str:
    with pytest.raises(InvalidSetup) as refusal:
        RULES.resolve_options({"layout": bad})
    return str(refusal.value)


def half_turn(square: str) -> str:
    file, rank = coords(square)
    return FILES[6 - file] + RANKS[6 - rank]


def move(state, seat, to, *coins):
    return act(state, seat, {"type": "move", "to": to}, *coins)


def place_first_legal_enemy(state):
    """Finish a placement phase: the placer puts the drawn enemy on its first legal square."""
    assert state.phase == "placement"
    placer = state.current
    command = next(c for c in RULES.legal_commands(state, placer) if c["type"] == "place")
    return act(state, placer, command)


# -- Components and setup -----------------------------------------------------------------------


def test_every_card_in_the_box_is_in_a_deck_or_on_the_board():
    _, state = set_up("seed")
    on_board = [card for cards in state.cards.values() for card in cards]
    on_board += ["obstacle"] * len(state.obstacles) + [e["kind"] for e in state.enemies]
    decks = state.item_deck + state.collectible_deck + state.enemy_deck
    assert Counter(decks + on_board) == Counter(TEXT_COUNTS)


def test_ruling_4_presets_come_out_of_the_counts_and_each_deck_holds_its_colour():
    _, state = set_up("seed")
    assert (len(state.item_deck), len(state.collectible_deck), len(state.enemy_deck)) == (15, 30, 5)
    assert set(state.item_deck) == BLUE
    assert set(state.enemy_deck) == RED - {"grunt"}
    assert not set(state.collectible_deck) & (BLUE | RED)
    assert Counter(state.item_deck)["obstacle"] == 6 and "sniper" not in state.collectible_deck


def test_preset_cards_lie_on_their_squares():
    _, state = set_up("seed")
    assert state.cards == {"d4": ["sniper"], "f1": ["boots"], "b7": ["boots"], "a2": ["uzi"], "g6": ["uzi"]}
    assert coords("d4") == (3, 3)  # the very centre of the 7x7 board
    assert sorted(state.obstacles) == ["c3", "c5", "e3", "e5"]
    assert state.enemies == [enemy("grunt", "b5", hp=2), enemy("grunt", "f3", hp=2)]


def test_both_players_start_with_10_hp_0_vp_and_the_pistol_in_slot_2():
    _, state = set_up("seed")
    for seat in (1, 2):
        player = state.player(seat)
        assert (player["hp"], player["vp"], player["boots"], player["reserve"]) == (10, 0, 0, [])
        assert player["slots"] == [None, weapon("pistol")]


def test_the_pistol_has_a_range_of_1_and_a_damage_of_1():
    state = table(enemies=[enemy("heavy", "d4"), enemy("heavy", "d5")], cards={})
    state.player(1)["square"] = "d3"
    assert "not within the Pistol's range" in refused(state, 1, {"type": "attack", "slot": 2, "aim": "d5"})
    facts, after = act(state, 1, {"type": "attack", "slot": 2, "aim": "d4"})
    assert of_type(facts, ShotFired)[0].hits == [
        {"square": "d4", "target": "enemy", "kind": "heavy", "damage": 1, "hp": 3}]
    assert after.enemy_at("d4")["hp"] == 3


@pytest.mark.parametrize("coin, first, d1, d7", [("heads", 1, 1, 2), ("tails", 2, 2, 1)])
def test_the_coin_flip_decides_player_1_and_the_spawns_follow(coin, first, d1, d7):
    facts, state = set_up(rng=Coin(coin))
    assert (facts[0].call, facts[0].coin, facts[0].first) == ("heads", coin, first)
    assert state.order == [first, 3 - first]
    assert state.number(first) == 1
    assert state.player(d1)["square"] == "d1" and state.player(d7)["square"] == "d7"


@pytest.mark.parametrize("seed, first", [("a", 1), ("b", 2)])  # seed "a" lands heads, "b" tails
def test_the_first_turn_of_the_game_is_player_1s(seed, first):
    facts, state = set_up(seed)
    assert facts[0].first == first
    assert facts[1:] == [TurnStarted(seat=first, round=1)]
    assert (state.phase, state.current, state.turns) == ("turn", first, 1)


# -- The board ------------------------------------------------------------------------------------


def test_ruling_1_the_default_layout_is_symmetric_under_a_half_turn():
    board = default_layout()

    def turned(squares):
        return {half_turn(s) for s in squares}

    assert half_turn(board["spawns"]["1"]) == board["spawns"]["2"]
    assert half_turn(board["rendezvous"]["1"]) == board["rendezvous"]["2"]
    tunnels = {frozenset(pair) for pair in board["tunnels"]}
    assert {frozenset(turned(pair)) for pair in board["tunnels"]} == tunnels
    for key in ("heal_points", "no_enemy", "no_obstacle"):
        assert turned(board[key]) == set(board[key]), key
    for card, squares in board["preset"].items():
        assert turned(squares) == set(squares), card


def test_a_teachers_layout_is_accepted_and_changes_the_board():
    own = layout(heal_points=["c2", "e6"], preset={"boots": ["a4", "g4"]})
    state = table(options={"layout": own})
    assert state.board.heal_points == {"c2", "e6"}
    assert state.cards["a4"] == ["boots"] and state.cards["g4"] == ["boots"] and "f1" not in state.cards
    state.player(1).update(square="b1", hp=5)
    facts, after = move(state, 1, "b2")  # the default board's heal point: no longer one
    assert not of_type(facts, HealPointUsed) and after.player(1)["hp"] == 5
    facts, after = move(after, 1, "c2")
    assert of_type(facts, HealPointUsed) == [HealPointUsed(seat=1, square="c2", hp=7)]


def test_a_layout_with_wrong_preset_counts_is_refused():
    message = refused_layout(layout(preset={"uzi": ["a2"], "obstacle": ["c3", "e3", "c5", "e5", "b4"]}))
    assert "preset uzi needs exactly 2 squares, not 1" in message
    assert "preset obstacle needs exactly 4 squares, not 5" in message


def test_a_layout_with_two_roles_on_one_square_is_refused():
    message = refused_layout(layout(heal_points=["a6", "f6"]))
    assert message == "bad layout: a6 cannot be both rendezvous point 1 and a heal point"


@pytest.mark.parametrize("square", ["d1", "b2", "c1"])  # a spawn, a heal point, a crossed square
def test_a_preset_obstacle_on_a_square_obstacles_may_not_take_is_refused(square):
    message = refused_layout(layout(preset={"obstacle": [square, "e3", "c5", "e5"]}))
    assert f"preset obstacle on {square}: obstacles may not be placed there" in message


def test_a_preset_grunt_with_a_spawn_in_its_range_is_refused():
    own = layout(no_enemy=["c1", "e1", "c7", "e7", "d6"], preset={"grunt": ["d2", "f3"]})
    assert refused_layout(own) == "bad layout: preset grunt on d2 would have spawn point 1 in its range"


def test_a_preset_grunt_on_a_square_enemies_may_not_take_is_refused():
    own = layout(no_enemy=["c1", "e1", "d2", "c7", "e7", "d6", "b5"])  # a red skull under the grunt on b5
    assert refused_layout(own) == "bad layout: preset grunt on b5: enemies may not be placed there"


def test_a_layout_square_off_the_board_is_a_schema_error():
    message = refused_layout(layout(preset={"boots": ["h1", "b7"]}))
    assert message.startswith("bad option layout") and "'h1'" in message


def test_a_walled_in_spawn_is_refused():
    own = layout(no_obstacle=[], preset={"obstacle": ["c1", "e1", "d2", "c5"]})
    assert refused_layout(own) == "bad layout: spawn point 1 on d1 is walled in by obstacles"


# -- Drawing --------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", ["a", "b"])
def test_player_1_cannot_draw_on_their_first_turn(seed):
    _, state = set_up(seed)
    player_1 = state.order[0]
    for deck in ("item", "collectible"):
        message = refused(state, player_1, {"type": "draw", "deck": deck})
        assert message == "Player 1 cannot draw a card on their first turn"


@pytest.mark.parametrize("seed", ["a", "b"])
def test_player_2_may_draw_on_their_first_turn(seed):
    _, state = set_up(seed)
    player_1, player_2 = state.order
    _, state = act(state, player_1, {"type": "end"})
    assert (state.current, state.turns) == (player_2, 2)
    top = state.item_deck[0]
    facts, state = act(state, player_2, {"type": "draw", "deck": "item"})
    assert facts == [CardDrawn(seat=player_2, deck="item", card=top, discarded=None)]
    assert state.player(player_2)["reserve"] == [top]


def test_ruling_6_a_player_draws_at_most_once_a_turn():
    _, state = act(table(), 1, {"type": "draw", "deck": "item"})
    for deck in ("item", "collectible"):
        assert refused(state, 1, {"type": "draw", "deck": deck}) == "you have drawn this turn already"


@pytest.mark.parametrize("first", [
    {"type": "cover"},
    {"type": "move", "to": "d4"},
    {"type": "attack", "slot": 2, "aim": "d4"},
], ids=["item", "move", "attack"])
def test_ruling_6_drawing_comes_before_items_and_actions(first):
    state = table(enemies=[enemy("heavy", "d4")], cards={}, obstacles=[])
    state.player(1).update(square="d3", reserve=["cover"])
    if first["type"] == "move":
        state.enemies = []
    _, state = act(state, 1, first)
    assert state.current == 1
    for deck in ("item", "collectible"):
        message = refused(state, 1, {"type": "draw", "deck": deck})
        assert message == "draw at the beginning of the turn, before playing items, moving or attacking"


def test_a_drawn_item_goes_to_the_reserve():
    state = table(item_deck=["strategy", "cover"])
    facts, after = act(state, 1, {"type": "draw", "deck": "item"})
    assert facts == [CardDrawn(seat=1, deck="item", card="strategy", discarded=None)]
    assert after.player(1)["reserve"] == ["strategy"]
    assert after.item_deck == ["cover"]
    assert after.cards == state.cards  # nothing goes onto the board


@pytest.mark.parametrize("first, seat, point", [(1, 1, "a6"), (1, 2, "g2"), (2, 2, "a6"), (2, 1, "g2")])
def test_a_drawn_collectible_goes_onto_the_players_own_rendezvous_point(first, seat, point):
    state = table(first=first, current=seat, collectible_deck=["shotgun", "uzi"], cards={})
    facts, after = act(state, seat, {"type": "draw", "deck": "collectible"})
    assert facts == [CardDrawn(seat=seat, deck="collectible", card="shotgun", discarded=None)]
    assert after.cards == {point: ["shotgun"]}
    assert after.player(seat)["reserve"] == []
    assert after.collectible_deck == ["uzi"]


def test_ruling_7_a_full_reserve_draws_an_item_only_by_discarding_one():
    state = table(item_deck=["strategy"])
    state.player(1)["reserve"] = ["obstacle", "ambush", "cover", "cover", "obstacle"]
    message = refused(state, 1, {"type": "draw", "deck": "item"})
    assert message == "your reserve holds 5 cards: name one to discard to draw another"
    message = refused(state, 1, {"type": "draw", "deck": "item", "discard": "strategy"})
    assert message == "there is no Strategy in your reserve to discard"
    facts, after = act(state, 1, {"type": "draw", "deck": "item", "discard": "ambush"})
    assert facts == [CardDrawn(seat=1, deck="item", card="strategy", discarded="ambush")]
    assert after.player(1)["reserve"] == ["obstacle", "cover", "cover", "obstacle", "strategy"]
    assert after.item_discard == ["ambush"]
    state.player(1)["reserve"] = ["obstacle", "cover"]
    message = refused(state, 1, {"type": "draw", "deck": "item", "discard": "cover"})
    assert message == "discard only to make room: your reserve holds 2 of 5"



def test_an_ambushed_player_may_not_draw_collectibles_nor_enter_their_rendezvous_point():
    state = table(enemies=[])
    state.player(1).update(square="a5", ambushed=True)
    message = refused(state, 1, {"type": "draw", "deck": "collectible"})
    assert message == "you are ambushed: no drawing from the collectible deck this turn"
    assert refused(state, 1, {"type": "move", "to": "a6"}) == "your rendezvous point is ambushed this turn"
    facts, _ = act(state, 1, {"type": "draw", "deck": "item"})  # the item deck stays open
    assert of_type(facts, CardDrawn)


@pytest.mark.parametrize("deck", ["item", "collectible"])
def test_ruling_6_an_empty_deck_cannot_be_drawn_from(deck):
    state = table(**{f"{deck}_deck": []})
    assert refused(state, 1, {"type": "draw", "deck": deck}) == f"the {deck} deck is empty"


# -- Items and actions ----------------------------------------------------------------------------


@pytest.mark.parametrize("first", [{"type": "move", "to": "d4"}, {"type": "attack", "slot": 2, "aim": "d4"}],
                         ids=["move", "attack"])
def test_items_are_played_only_before_the_first_move_or_attack(first):
    state = table(enemies=[enemy("heavy", "d4")] if first["type"] == "attack" else [], cards={}, obstacles=["b3"])
    state.player(1).update(square="d3", reserve=["cover", "ambush", "obstacle", "strategy"])
    _, state = act(state, 1, first)
    for command in ({"type": "cover"}, {"type": "ambush"}, {"type": "obstacle", "square": "f4"},
                    {"type": "strategy", "from": "b3", "to": "b5"}):
        assert refused(state, 1, command) == "items are played before moving or attacking"


@pytest.mark.parametrize("boots, limit", [(0, 2), (1, 3), (2, 4)])
def test_actions_per_turn_start_at_2_and_each_boot_adds_1(boots, limit):
    state = table(enemies=[])
    state.player(1)["boots"] = boots
    path = ["d2", "d3", "d2", "d3"][:limit]
    for step, square in enumerate(path, 1):
        facts, state = move(state, 1, square)
        if step < limit:
            assert not of_type(facts, TurnEnded) and state.current == 1 and state.actions == step
    assert of_type(facts, TurnEnded) == [TurnEnded(seat=1)]
    assert of_type(facts, TurnStarted) == [TurnStarted(seat=2, round=2)]


@pytest.mark.parametrize("boots, limit", [(0, 2), (1, 3), (2, 4)])
def test_a_move_is_refused_once_every_action_is_spent(boots, limit):
    state = table(enemies=[])
    state.player(1)["boots"] = boots
    state.actions = limit
    assert refused(state, 1, {"type": "move", "to": "d2"}) == f"you have used all {limit} actions this turn"


def test_ruling_8_the_turn_ends_by_itself_only_when_nothing_is_left_to_resolve():
    state = table(enemies=[])
    state.player(1).update(square="a3", slots=[weapon("shotgun"), weapon("pistol")])
    state.actions = 1
    facts, state = move(state, 1, "a2")  # the last action picks up the preset UZI: a third weapon
    assert not of_type(facts, TurnEnded)
    assert (state.current, state.pending) == (1, ["uzi"])
    facts, state = act(state, 1, {"type": "drop", "slot": 0})
    assert facts[0] == WeaponDropped(seat=1, card="uzi", slot=0)
    assert of_type(facts, TurnEnded) == [TurnEnded(seat=1)] and state.current == 2


def test_one_attack_a_turn_with_one_weapon():
    state = table(enemies=[enemy("heavy", "d4")], cards={})
    state.player(1)["square"] = "d3"
    _, state = act(state, 1, {"type": "attack", "slot": 2, "aim": "d4"})
    assert state.actions == 1 and state.current == 1  # an action is left, but not an attack
    message = refused(state, 1, {"type": "attack", "slot": 2, "aim": "d4"})
    assert message == "1 attack per turn: two weapons in your slots would allow two"


def test_two_attacks_a_turn_with_both_weapon_slots_filled():
    state = table(enemies=[enemy("heavy", "d4")], cards={})
    state.player(1).update(square="d3", boots=2, slots=[weapon("uzi"), weapon("pistol")])
    _, state = act(state, 1, {"type": "attack", "slot": 1, "aim": "d4"})
    facts, state = act(state, 1, {"type": "attack", "slot": 2, "aim": "d4"})
    assert of_type(facts, ShotFired)[0].hits[0]["hp"] == 1
    assert state.attacks == 2 and state.actions == 2 and state.current == 1
    assert refused(state, 1, {"type": "attack", "slot": 1, "aim": "d4"}) == "2 attacks per turn"


def test_a_move_is_one_square_north_east_south_or_west_never_diagonal():
    state = table(enemies=[])
    state.player(1)["square"] = "d3"
    for far in ("c4", "e2", "d5", "b3"):
        assert "no diagonal movement" in refused(state, 1, {"type": "move", "to": far})
    assert sorted(c["to"] for c in RULES.legal_commands(state, 1) if c["type"] == "move") == ["d2", "d4"]
    facts, after = move(state, 1, "d4")
    assert facts[0] == PlayerMoved(seat=1, start="d3", to="d4") and after.player(1)["square"] == "d4"


@pytest.mark.parametrize("start, to, what", [("b3", "c3", "an obstacle"), ("a5", "b5", "a Grunt")])
def test_a_player_cannot_move_onto_an_obstacle_or_an_enemy(start, to, what):
    state = table()
    state.player(1)["square"] = start
    assert refused(state, 1, {"type": "move", "to": to}) == f"{to} is taken by {what}"


def test_players_cannot_move_onto_the_same_square():
    state = table()
    state.player(1)["square"] = "b4"
    state.player(2)["square"] = "c4"
    assert refused(state, 1, {"type": "move", "to": "c4"}) == "c4 is taken by player 2"


@pytest.mark.parametrize("seat, start, to, what", [
    (1, "d6", "d7", "spawn point"), (1, "g3", "g2", "rendezvous point"),
    (2, "d2", "d1", "spawn point"), (2, "a5", "a6", "rendezvous point"),
])
def test_ruling_10_a_player_may_not_enter_the_other_players_spawn_or_rendezvous_point(seat, start, to, what):
    state = table(current=seat, turns=3 if seat == 1 else 4, enemies=[])
    state.player(seat)["square"] = start
    state.player(3 - seat)["square"] = "d4"
    assert refused(state, seat, {"type": "move", "to": to}) == f"{to} is the other player's {what}"


def test_end_ends_the_turn_and_passes_to_the_other_player():
    facts, state = act(table(), 1, {"type": "end"})
    assert facts == [TurnEnded(seat=1), TurnStarted(seat=2, round=2)]
    assert (state.phase, state.current, state.actions, state.drew) == ("turn", 2, 0, False)


@pytest.mark.parametrize("first", [1, 2])
def test_enemy_placement_begins_after_player_2s_turn_not_after_player_1s(first):
    player_1, player_2 = first, 3 - first
    facts, state = act(table(first=first, current=player_1, turns=3), player_1, {"type": "end"})
    assert not of_type(facts, PlacementStarted) and state.current == player_2
    facts, state = act(table(first=first, current=player_2, turns=4), player_2, {"type": "end"}, "heads")
    assert facts[:2] == [TurnEnded(seat=player_2), PlacementStarted(seat=player_1, reason="coin", coin="heads")]
    assert not of_type(facts, TurnStarted)
    assert (state.phase, state.current, state.enemy_in_hand) == ("placement", player_1, "heavy")


# -- Items ----------------------------------------------------------------------------------------


def test_an_obstacle_from_the_reserve_goes_on_the_board_and_blocks_movement():
    state = table()
    state.player(1).update(square="b3", reserve=["obstacle"])
    facts, state = act(state, 1, {"type": "obstacle", "square": "b4"})
    assert facts == [ObstaclePlaced(seat=1, square="b4")]
    assert "b4" in state.obstacles and state.player(1)["reserve"] == [] and state.item_discard == []
    assert refused(state, 1, {"type": "move", "to": "b4"}) == "b4 is taken by an obstacle"


@pytest.mark.parametrize("square", [
    "d1", "d7",              # spawn points
    "a6", "g2",              # rendezvous points
    "b2", "f6",              # heal points
    "a1", "g7", "g1", "a7",  # tunnels
    "c1", "e1", "d2", "d6",  # crossed squares
])
def test_obstacles_may_not_be_placed_on_restricted_squares(square):
    state = table()
    state.player(1).update(square="b4", reserve=["obstacle"])
    state.player(2)["square"] = "f4"
    assert refused(state, 1, {"type": "obstacle", "square": square}) == f"obstacles may not be placed on {square}"


@pytest.mark.parametrize("square, what", [
    ("b4", "player 1"), ("f4", "player 2"), ("b5", "a Grunt"), ("c3", "an obstacle"), ("d4", "cards"),
])
def test_obstacles_may_not_be_placed_on_an_occupied_square(square, what):
    state = table()
    state.player(1).update(square="b4", reserve=["obstacle"])
    state.player(2)["square"] = "f4"
    assert refused(state, 1, {"type": "obstacle", "square": square}) == f"{square} is taken by {what}"


@pytest.mark.parametrize("start, to", [("c3", "a3"), ("c3", "b4"), ("e3", "g3")])  # e3-g3 jumps the grunt on f3
def test_ruling_19_a_strategy_moves_an_obstacle_exactly_two_squares(start, to):
    state = table()
    state.player(1)["reserve"] = ["strategy"]
    facts, state = act(state, 1, {"type": "strategy", "from": start, "to": to})
    assert facts == [StrategyPlayed(seat=1, piece="obstacle", start=start, to=to)]
    assert to in state.obstacles and start not in state.obstacles
    assert state.player(1)["reserve"] == [] and state.item_discard == ["strategy"]


@pytest.mark.parametrize("to", ["b3", "a4"])
def test_ruling_19_a_strategy_moves_an_enemy_exactly_two_squares(to):
    state = table(enemies=[enemy("grunt", "b5", hp=1)])
    state.player(1)["reserve"] = ["strategy"]
    facts, state = act(state, 1, {"type": "strategy", "from": "b5", "to": to})
    assert facts == [StrategyPlayed(seat=1, piece="enemy", start="b5", to=to)]
    assert state.enemies == [enemy("grunt", to, hp=1)]


@pytest.mark.parametrize("start, to", [("c3", "b3"), ("c3", "c6"), ("b5", "b4"), ("b5", "b2"), ("b5", "d4")])
def test_ruling_19_a_strategy_moving_a_piece_other_than_two_squares_is_refused(start, to):
    state = table(cards={})
    state.player(1)["reserve"] = ["strategy"]
    message = refused(state, 1, {"type": "strategy", "from": start, "to": to})
    assert message == f"a Strategy moves a piece exactly two squares: {to} is not two squares from {start}"


def test_a_strategy_may_not_move_an_enemy_into_a_players_range():
    state = table(enemies=[enemy("grunt", "f4")], cards={})
    state.player(1).update(square="b4", reserve=["strategy"])
    state.player(1)["slots"] = [weapon("uzi"), weapon("pistol")]  # the UZI reaches c4, d4, e4
    command = {"type": "strategy", "from": "f4", "to": "d4"}
    assert refused(state, 1, command) == "d4 is within player 1's range"
    state.player(1)["slots"] = [None, weapon("pistol")]  # the pistol only reaches c4
    facts, _ = act(state, 1, command)
    assert facts == [StrategyPlayed(seat=1, piece="enemy", start="f4", to="d4")]


def test_a_strategy_may_not_move_an_enemy_with_a_player_in_its_range():
    state = table(enemies=[enemy("heavy", "f4")], cards={})
    state.player(1).update(square="b4", reserve=["strategy"])  # the heavy's range 2 from d4 reaches b4
    message = refused(state, 1, {"type": "strategy", "from": "f4", "to": "d4"})
    assert message == "player 1 would be within the Heavy's range from d4"


@pytest.mark.parametrize("start, to", [("f2", "d2"), ("b1", "d1"), ("b2", "a1")])  # skull, spawn, tunnel
def test_a_strategy_may_not_move_an_enemy_onto_a_skull_square(start, to):
    state = table(enemies=[enemy("grunt", start)], cards={})
    state.player(1).update(square="a4", reserve=["strategy"])
    state.player(2)["square"] = "g4"
    assert refused(state, 1, {"type": "strategy", "from": start, "to": to}) == f"enemies may not be placed on {to}"


def test_a_strategy_may_not_move_a_caged_enemy():
    state = table(enemies=[enemy("grunt", "b5", caged_by=2)])
    state.player(1)["reserve"] = ["strategy"]
    message = refused(state, 1, {"type": "strategy", "from": "b5", "to": "b3"})
    assert message == "the Grunt on b5 is caged and cannot move"


@pytest.mark.parametrize("start, to, why", [
    ("c3", "b2", "obstacles may not be placed on b2"),  # a heal point
    ("c3", "c1", "obstacles may not be placed on c1"),  # crossed
    ("c3", "c5", "c5 is taken by an obstacle"),
])
def test_a_strategy_may_not_move_an_obstacle_onto_a_square_obstacles_may_not_take(start, to, why):
    state = table()
    state.player(1)["reserve"] = ["strategy"]
    assert refused(state, 1, {"type": "strategy", "from": start, "to": to}) == why


def test_ruling_20_an_ambush_blocks_the_opponents_rendezvous_point_and_collectibles_for_their_next_turn_only():
    state = table(enemies=[], cards={})
    state.player(1)["reserve"] = ["ambush"]
    state.player(2)["square"] = "g3"
    facts, state = act(state, 1, {"type": "ambush"})
    assert facts == [AmbushSet(seat=1, target=2)]
    assert state.player(2)["ambushed"] and not state.player(1)["ambushed"]
    assert state.item_discard == ["ambush"]
    _, state = act(state, 1, {"type": "end"})
    assert state.current == 2 and state.player(2)["ambushed"]
    assert "ambushed" in refused(state, 2, {"type": "draw", "deck": "collectible"})
    assert refused(state, 2, {"type": "move", "to": "g2"}) == "your rendezvous point is ambushed this turn"
    facts, state = act(state, 2, {"type": "end"}, "heads")
    assert not state.player(2)["ambushed"]  # cleared at the end of the ambushed turn
    _, state = place_first_legal_enemy(state)
    _, state = act(state, 1, {"type": "end"})
    assert state.current == 2
    facts, state = act(state, 2, {"type": "draw", "deck": "collectible"})
    assert of_type(facts, CardDrawn)
    facts, state = move(state, 2, "g2")
    assert of_type(facts, PlayerTeleported) == [PlayerTeleported(seat=2, start="g2", to="d7")]



def test_ruling_20_an_ambushed_turn_lost_to_paralysis_uses_up_the_ambush():
    state = table(enemies=[], cards={})
    state.player(1)["reserve"] = ["ambush"]
    state.player(2)["paralysed"] = True
    _, state = act(state, 1, {"type": "ambush"})
    facts, state = act(state, 1, {"type": "end"}, "heads")  # seat 2 loses its turn, then placement
    assert of_type(facts, PlacementStarted)
    assert not state.player(2)["ambushed"]

def test_ruling_18_cover_makes_the_opponents_shot_deal_no_damage_and_earn_no_point():
    state = table(cards={})
    state.player(1)["square"] = "d3"
    state.player(2).update(square="d4", covered=True)
    facts, after = act(state, 1, {"type": "attack", "slot": 2, "aim": "d4"})
    assert of_type(facts, ShotFired)[0].hits == [{"square": "d4", "target": "player", "seat": 2, "damage": 0, "hp": 10}]
    assert not of_type(facts, PointsScored)
    assert (after.player(2)["hp"], after.player(1)["vp"]) == (10, 0)
    state.player(2)["covered"] = False  # the same shot without cover
    facts, after = act(state, 1, {"type": "attack", "slot": 2, "aim": "d4"})
    assert (after.player(2)["hp"], after.player(1)["vp"]) == (9, 1)



def test_ruling_18_cover_also_stops_the_opponents_grenade():
    state = table(enemies=[], cards={})
    state.player(2).update(square="d4", covered=True)
    state.pending = ["grenade"]
    facts, after = act(state, 1, {"type": "grenade", "corner": "c4"})
    assert of_type(facts, GrenadeThrown)[0].hits == [
        {"square": "d4", "target": "player", "seat": 2, "damage": 0, "hp": 10},
        {"square": "c5", "target": "obstacle", "damage": 2, "hp": 0},
    ]
    assert not of_type(facts, PointsScored)
    assert (after.player(2)["hp"], after.player(1)["vp"]) == (10, 0)

def test_ruling_18_cover_lasts_until_the_start_of_the_covered_players_next_turn():
    state = table(current=2, turns=4, enemies=[])
    state.player(2)["reserve"] = ["cover"]
    facts, state = act(state, 2, {"type": "cover"})
    assert facts == [CoverTaken(seat=2)] and state.player(2)["covered"]
    _, state = act(state, 2, {"type": "end"}, "heads")
    _, state = place_first_legal_enemy(state)
    assert state.current == 1 and state.player(2)["covered"]  # through the opponent's turn
    facts, state = act(state, 1, {"type": "end"})
    assert facts[-1] == TurnStarted(seat=2, round=3)
    assert not state.player(2)["covered"]


# -- Board squares --------------------------------------------------------------------------------


def test_the_rendezvous_point_gives_every_card_on_it_and_teleports_to_spawn():
    state = table(enemies=[], cards={"a6": ["boots", "uzi", "health_pack"]})
    state.player(1).update(square="a5", hp=6)
    facts, state = move(state, 1, "a6")
    assert facts[:3] == [
        PlayerMoved(seat=1, start="a5", to="a6"),
        CardsCollected(seat=1, square="a6", cards=["boots", "uzi", "health_pack"]),
        PlayerTeleported(seat=1, start="a6", to="d1"),
    ]
    assert of_type(facts, WeaponEquipped) == [WeaponEquipped(seat=1, card="uzi", slot=1)]
    assert of_type(facts, BootsWorn) == [BootsWorn(seat=1, boots=1)]
    assert of_type(facts, HealthPackUsed) == [HealthPackUsed(seat=1, hp=10)]
    assert "a6" not in state.cards and state.player(1)["square"] == "d1"


def test_the_rendezvous_point_teleports_even_when_empty_and_the_teleport_spends_no_action():
    state = table(enemies=[], cards={})
    state.player(1)["square"] = "a5"
    facts, state = move(state, 1, "a6")
    assert facts == [PlayerMoved(seat=1, start="a5", to="a6"), PlayerTeleported(seat=1, start="a6", to="d1")]
    assert state.player(1)["square"] == "d1"
    assert state.actions == 1 and state.current == 1  # the move counts, the teleport does not


def test_ruling_9_no_enemy_strikes_a_player_teleporting_off_the_rendezvous_point():
    state = table(enemies=[enemy("grunt", "b6"), enemy("heavy", "d3")], cards={})  # beside a6; reaching d1
    state.player(1)["square"] = "a5"
    facts, state = move(state, 1, "a6")
    assert not of_type(facts, EnemyStruck)
    assert state.player(1)["hp"] == 10 and state.player(1)["square"] == "d1"


def test_ruling_11_health_packs_stay_on_the_point_at_full_health():
    state = table(enemies=[], cards={"a6": ["health_pack", "boots"]})
    state.player(1)["square"] = "a5"
    facts, state = move(state, 1, "a6")
    assert of_type(facts, CardsCollected) == [CardsCollected(seat=1, square="a6", cards=["boots"])]
    assert not of_type(facts, HealthPackUsed)
    assert state.cards["a6"] == ["health_pack"] and "health_pack" not in state.collectible_discard
    assert state.player(1)["square"] == "d1"


@pytest.mark.parametrize("start, entry, exit_", [
    ("b1", "a1", "g7"), ("f7", "g7", "a1"), ("f1", "g1", "a7"), ("b7", "a7", "g1"),
])
def test_a_tunnel_teleports_the_player_to_its_pair(start, entry, exit_):
    state = table(enemies=[], cards={})
    state.player(1)["square"] = start
    state.player(2)["square"] = "d5"
    facts, state = move(state, 1, entry)
    assert facts[:2] == [PlayerMoved(seat=1, start=start, to=entry), TunnelTaken(seat=1, entry=entry, exit=exit_)]
    assert state.player(1)["square"] == exit_ and state.actions == 1


@pytest.mark.parametrize("blocker", ["player", "enemy"])
def test_ruling_9_a_tunnel_whose_exit_is_taken_leaves_the_player_on_the_entry(blocker):
    blockers = [enemy("grunt", "g7")] if blocker == "enemy" else []
    state = table(enemies=[enemy("heavy", "a3"), *blockers], cards={})  # the heavy on a3 reaches a1
    state.player(1)["square"] = "b1"
    state.player(2)["square"] = "g7" if blocker == "player" else "d5"
    facts, state = move(state, 1, "a1")
    assert not of_type(facts, TunnelTaken)
    assert state.player(1)["square"] == "a1"
    assert of_type(facts, EnemyStruck) == [EnemyStruck(kind="heavy", square="a3", seat=1, damage=5, hp=5)]


def test_ruling_9_enemies_strike_at_the_tunnels_exit_not_at_its_entry():
    state = table(enemies=[enemy("heavy", "a3"), enemy("grunt", "f7")], cards={})  # a3 reaches a1; f7 reaches g7
    state.player(1)["square"] = "b1"
    state.player(2)["square"] = "d5"
    facts, state = move(state, 1, "a1")
    assert of_type(facts, EnemyStruck) == [EnemyStruck(kind="grunt", square="f7", seat=1, damage=3, hp=7)]
    assert state.player(1)["hp"] == 7 and state.player(1)["square"] == "g7"


@pytest.mark.parametrize("hp, healed", [(5, 7), (9, 10)])
def test_a_heal_point_heals_2_hp_up_to_10(hp, healed):
    state = table(enemies=[])
    state.player(1).update(square="b1", hp=hp)
    facts, state = move(state, 1, "b2")
    assert of_type(facts, HealPointUsed) == [HealPointUsed(seat=1, square="b2", hp=healed)]
    assert state.player(1)["hp"] == healed


def test_a_heal_point_heals_once_per_turn():
    state = table(enemies=[])
    state.player(1).update(square="b1", hp=4, boots=1)
    heals = []
    for square in ("b2", "b3", "b2"):
        facts, state = move(state, 1, square)
        heals += of_type(facts, HealPointUsed)
    assert heals == [HealPointUsed(seat=1, square="b2", hp=6)]
    assert state.player(1)["hp"] == 6


@pytest.mark.parametrize("start, square, card", [("e1", "f1", "boots"), ("a3", "a2", "uzi"), ("d3", "d4", "sniper")])
def test_ruling_11_a_preset_card_is_collected_without_a_teleport(start, square, card):
    state = table(enemies=[])
    state.player(1)["square"] = start
    facts, state = move(state, 1, square)
    assert of_type(facts, CardsCollected) == [CardsCollected(seat=1, square=square, cards=[card])]
    assert not of_type(facts, PlayerTeleported)
    assert state.player(1)["square"] == square and square not in state.cards
    if card == "boots":
        assert state.player(1)["boots"] == 1
    else:
        assert state.player(1)["slots"][0] == weapon(card)

