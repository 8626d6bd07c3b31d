"""Infection: the six tiles, death and the killer's discard, healing, carrying and bringing cures
home, and winning (or a resignation, an agreed draw, an abort); then properties of whole random games
(cures and cards are never lost, HP stays in bounds) and of the rules' two halves (the commands listed
are exactly the commands accepted).
"""

from __future__ import annotations

import itertools

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

from chosen_endings import check_chosen_endings
from domain.engine.errors import IllegalCommand
from domain.engine.game import Game
from domain.engine.randomness import Rng
from domain.games.infection.board import SQUARES
from domain.games.infection.cards import CARDS
from domain.games.infection.facts import (
    CardDiscarded,
    CardTakenBack,
    CureDelivered,
    CureTaken,
    GameEnded,
    TilePickedUp,
    TurnStarted,
    VillagerDied,
    VillagerHealed,
    WeaponUsed,
)
from domain.thinking.bots import play_random_game


def pick(tile, square="b2", **table_args):
    """Blue 1 (on b1) moves onto ``square`` holding ``tile``: (facts, state)."""
    state = table(tiles={square: tile}, **table_args)
    return act(state, 1, {"type": "move", "to": square})


# -- Tiles ------------------------------------------------------------------------------------


def test_a_virus_costs_the_villager_who_picks_it_up_1_hp():
    facts, after = pick("virus")
    assert of_type(facts, TilePickedUp) == [TilePickedUp(seat=1, villager=1, square="b2", tile="virus",
                                                         hits=[{"seat": 1, "villager": 1, "square": "b2", "hp": 2}])]
    assert after.member(1, 1)["hp"] == 2 and "b2" not in after.tiles


def test_a_contagion_costs_every_villager_1_hp_in_their_villages_too():
    state = table(tiles={"b2": "contagion"})
    put(state, 2, 2, "e5", hp=2)
    facts, after = act(state, 1, {"type": "move", "to": "b2"})
    assert [(h["seat"], h["villager"], h["hp"]) for h in of_type(facts, TilePickedUp)[0].hits] == [
        (1, 1, 2), (1, 2, 2), (2, 1, 2), (2, 2, 1)]
    assert [v["hp"] for _, _, v in after.all_villagers()] == [2, 2, 2, 1]


def test_a_cure_is_carried_by_the_villager_who_picks_it_up():
    facts, after = pick("cure")
    assert of_type(facts, CureTaken) == [CureTaken(seat=1, villager=1, square="b2")]
    assert after.member(1, 1)["cure"] and after.cures == {}


def test_ruling_12_a_villager_carries_one_cure_a_second_one_stays_face_up_for_anyone():
    state = table(tiles={"b2": "cure"})
    state.member(1, 1)["cure"] = True
    facts, after = act(state, 1, {"type": "move", "to": "b2"})
    assert not of_type(facts, CureTaken) and after.cures == {"b2": 1}
    for _ in range(3):
        after = to_next_turn(after, after.current)
    put(after, 1, 1, "a1")  # Blue 1 went home with its cure: it carries none now
    after.member(1, 1)["cure"] = False
    facts, after = act(after, 1, {"type": "move", "to": "b2"})
    assert of_type(facts, CureTaken) and after.member(1, 1)["cure"] and after.cures == {}


def test_a_recover_returns_a_played_card_of_the_players_choice():
    state = table(tiles={"b2": "recover"})
    hand(state, 1, axe=0)
    facts, after = act(state, 1, {"type": "move", "to": "b2"})
    assert RULES.to_act(after) == [1] and after.pending == [{"seat": 1, "kind": "recover", "tile": "recover"}]
    assert legal(after, 1, "recover") == [{"type": "recover", "card": "move"}, {"type": "recover", "card": "axe"}]
    assert refused(after, 1, {"type": "move", "to": "b3"}).startswith("first choose a played card to take back")
    facts, after = act(after, 1, {"type": "recover", "card": "axe"})
    assert of_type(facts, CardTakenBack) == [CardTakenBack(seat=1, card="axe", tile="recover")]
    assert after.side(1)["hand"]["axe"] == 1 and of_type(facts, TurnStarted)[0].seat == 2


def test_ruling_17_with_one_kind_of_played_card_it_comes_back_at_once():
    facts, after = pick("recover")
    assert of_type(facts, CardTakenBack) == [CardTakenBack(seat=1, card="move", tile="recover")]
    assert after.side(1)["hand"]["move"] == 4 and RULES.to_act(after) == [2]


def test_a_generosity_lets_both_players_take_back_a_played_card_the_pickers_first():
    state = table(tiles={"b2": "generosity"})
    hand(state, 1, gun=0)
    hand(state, 2, axe=1, arrow=0)
    facts, after = act(state, 1, {"type": "move", "to": "b2"})
    assert RULES.to_act(after) == [1]
    _, after = act(after, 1, {"type": "recover", "card": "gun"})
    assert RULES.to_act(after) == [2] and after.current == 1
    assert legal(after, 2, "recover") == [{"type": "recover", "card": "axe"}, {"type": "recover", "card": "arrow"}]
    facts, after = act(after, 2, {"type": "recover", "card": "arrow"})
    assert of_type(facts, CardTakenBack) == [CardTakenBack(seat=2, card="arrow", tile="generosity")]
    assert after.side(2)["hand"]["arrow"] == 1 and (after.current, after.villager) == (2, 1)


def test_ruling_17_a_player_with_no_played_card_takes_nothing_from_a_generosity():
    facts, after = pick("generosity")
    assert of_type(facts, CardTakenBack) == [CardTakenBack(seat=1, card="move", tile="generosity")]
    assert RULES.to_act(after) == [2] and after.pending == []


def test_a_disarm_stops_the_pickers_weapons_on_its_next_turn():
    _, state = pick("disarm")
    assert state.member(1, 1)["cannot_use_weapon"]
    for _ in range(3):
        state = to_next_turn(state, state.current)
    assert (state.current, state.villager) == (1, 1) and state.turn_cannot_use_weapon
    put(state, 2, 1, "b3")
    assert legal(state, 1, "axe") == []
    assert legal(state, 1, "move")  # it may move


# -- Death ------------------------------------------------------------------------------------


def test_a_villager_at_0_hp_is_sent_back_to_its_village_with_3_hp():
    state = table(tiles={"c3": "virus"})
    put(state, 1, 1, "c2", hp=1)
    facts, after = act(state, 1, {"type": "move", "to": "c3"})
    assert of_type(facts, VillagerDied) == [VillagerDied(seat=1, villager=1, square="c3", home="b1", killer=0, cure_dropped=False)]
    assert after.member(1, 1) == {"square": "b1", "hp": 3, "cure": False, "cannot_move": False, "cannot_use_weapon": False}


def test_a_killed_villager_drops_its_cure_on_its_tile_and_any_villager_may_pick_it_up():
    state = table(tiles={})
    put(state, 1, 1, "c3")
    put(state, 2, 1, "c4", hp=2, cure=True)
    _, after = act(state, 1, {"type": "axe", "target": "c4"})
    assert after.cures == {"c4": 1} and not after.member(2, 1)["cure"]
    _, after = act(after, 1, {"type": "discard", "card": "axe"})
    after = to_next_turn(after, 2)
    put(after, 1, 2, "c2")
    facts, after = act(after, 1, {"type": "move", "to": "c4"})
    assert of_type(facts, CureTaken) and after.member(1, 2)["cure"]


def test_the_killer_discards_a_card_of_their_choice_from_the_victims_hand():
    state = table(tiles={})
    put(state, 1, 1, "c3")
    put(state, 2, 1, "c5", hp=1)
    hand(state, 2, move=2)
    facts, after = act(state, 1, {"type": "gun", "target": "c5"})
    assert of_type(facts, VillagerDied)[0].killer == 1
    assert RULES.to_act(after) == [1] and after.pending == [{"seat": 1, "kind": "discard", "victim": 2}]
    assert [c["card"] for c in legal(after, 1, "discard")] == ["move", "axe", "gun", "arrow", "grenade", "steal"]
    assert refused(after, 1, {"type": "reset"}).startswith("first discard a card from Red's hand")
    facts, after = act(after, 1, {"type": "discard", "card": "axe"})
    assert of_type(facts, CardDiscarded) == [CardDiscarded(seat=1, victim_seat=2, card="axe")]
    assert after.side(2)["hand"]["axe"] == 1 and after.side(2)["played"]["axe"] == 1
    assert of_type(facts, TurnStarted)[0].seat == 2


def test_ruling_15_the_discard_is_taken_at_once_when_the_victims_hand_has_one_kind_and_skipped_when_empty():
    state = table(tiles={})
    put(state, 1, 1, "c3")
    put(state, 2, 1, "c4", hp=1)
    hand(state, 2, move=0, axe=0, gun=0, arrow=0, grenade=0)
    facts, after = act(state, 1, {"type": "axe", "target": "c4"})
    assert of_type(facts, CardDiscarded) == [CardDiscarded(seat=1, victim_seat=2, card="steal")]
    hand(state, 2, steal=0)
    facts, after = act(state, 1, {"type": "axe", "target": "c4"})
    assert not of_type(facts, CardDiscarded) and RULES.to_act(after) == [2]


def test_ruling_15_a_death_by_a_tile_costs_no_card_even_a_contagion_the_enemy_picked_up():
    state = table(tiles={"b2": "contagion"})
    put(state, 2, 1, "c5", hp=1)
    facts, after = act(state, 1, {"type": "move", "to": "b2"})
    assert of_type(facts, VillagerDied) == [VillagerDied(seat=2, villager=1, square="c5", home="b7", killer=0, cure_dropped=False)]
    assert not after.pending and RULES.to_act(after) == [2]


def test_ruling_15_a_villager_comes_back_beside_its_teammate_or_stays_if_it_died_at_home():
    state = table(tiles={"b2": "contagion"})
    put(state, 1, 1, "b1")
    put(state, 1, 2, "c3", hp=1)
    put(state, 2, 2, "e7", hp=1)
    facts, _ = act(state, 1, {"type": "move", "to": "b2"})
    died = of_type(facts, VillagerDied)
    assert [(d.seat, d.villager, d.home) for d in died] == [(1, 2, "d1"), (2, 2, "e7")]
    state = table(tiles={"c2": "virus"})
    put(state, 1, 2, "b1")
    put(state, 1, 1, "b2", hp=1)
    facts, _ = act(state, 1, {"type": "move", "to": "c2"})
    assert of_type(facts, VillagerDied)[0].home == "a1"  # b1, its own square, is taken: the nearest, left first


# -- Healing and cures home ---------------------------------------------------------------------


def test_ruling_16_returning_to_the_village_restores_3_hp_moving_within_it_does_not():
    state = table(tiles={})
    put(state, 1, 1, "b3", hp=1)
    facts, after = act(state, 1, {"type": "move", "to": "b1"})
    assert of_type(facts, VillagerHealed) == [VillagerHealed(seat=1, villager=1, hp=3)]
    state = table(tiles={})
    put(state, 1, 1, "b1", hp=1)
    facts, after = act(state, 1, {"type": "move", "to": "a1"})
    assert not of_type(facts, VillagerHealed) and after.member(1, 1)["hp"] == 1


def test_a_cure_brought_into_the_village_counts_for_the_side():
    state = table(tiles={})
    put(state, 1, 1, "c2", cure=True)
    facts, after = act(state, 1, {"type": "move", "to": "c1"})
    assert of_type(facts, CureDelivered) == [CureDelivered(seat=1, villager=1, village=1)]
    assert after.side(1)["village"] == 1 and not after.member(1, 1)["cure"] and RULES.outcome(after) is None


def test_the_first_side_with_2_cures_home_wins():
    state = table(tiles={}, current=2, villager=1)
    state.side(2)["village"] = 1
    put(state, 2, 1, "c5", cure=True)
    facts, after = act(state, 2, {"type": "move", "to": "c6"})
    assert RULES.outcome(after) is None and after.member(2, 1)["cure"]
    state.member(2, 1)["square"] = "c6"
    facts, after = act(state, 2, {"type": "move", "to": "c7"})
    assert of_type(facts, GameEnded) == [GameEnded(winners=[2], reason="Red brought 2 cures home")]
    assert RULES.outcome(after).winners == [2] and RULES.to_act(after) == []
    assert RULES.describe(of_type(facts, GameEnded)[0], ["Ana", "Ben"]) == "Ben won: Red brought 2 cures home."


def test_ruling_19_a_winning_step_ends_the_game_before_its_weapon():
    state = table(tiles={})
    state.side(1)["village"] = 1
    put(state, 1, 1, "c2", cure=True)
    put(state, 2, 1, "d2")
    facts, after = act(state, 1, {"type": "axe", "target": "d2", "step": "c1"})
    assert not of_type(facts, WeaponUsed) and of_type(facts, GameEnded)[0].winners == [1]
    assert after.member(2, 1)["hp"] == 3


def test_a_stolen_cure_leaves_the_village_it_was_stolen_from():
    state = table(tiles={})
    state.side(2)["village"] = 1
    put(state, 1, 1, "c6")
    _, after = act(state, 1, {"type": "steal", "target": "village"})
    assert after.side(2)["village"] == 0


# -- Whole games ------------------------------------------------------------------------------


SALT = "5eed" * 8
"""The salt of a random game and of its replay: a game's chance comes from its seed and salt together."""


def _states(seed, bot_seed, options=None):
    """The state before each command of a random game, and at its end."""
    played = play_random_game(RULES, ["A", "B"], options or {}, seed, bot_seed=bot_seed, salt=SALT)
    game = Game.start(RULES, ["A", "B"], RULES.resolve_options(options or {}), seed, salt=SALT)
    for seat, command in played.commands:
        yield game.state
        game.play(seat, command, "c")
    yield game.state


@pytest.mark.parametrize("seed", range(6))
def test_cures_cards_and_hp_are_never_lost_nor_out_of_bounds(seed):
    for state in _states(f"inv-{seed}", seed):
        face_down = sum(left.get("cure", 0) for left in state.left_face_down().values())
        lying = sum(state.cures.values())
        carried = sum(1 for _, _, v in state.all_villagers() if v["cure"])
        home = sum(side["village"] for side in state.sides)
        assert face_down + lying + carried + home == 3
        for side in state.sides:
            assert sum(side["hand"].values()) + sum(side["played"].values()) + side["steal_used"] == 10
            assert min(side["hand"].values()) >= 0 and min(side["played"].values()) >= 0
            assert side["village"] in (0, 1, 2)
        squares = [v["square"] for _, _, v in state.all_villagers()]
        assert len(set(squares)) == 4
        for seat, _, v in state.all_villagers():
            assert 1 <= v["hp"] <= 3 and v["square"][1] != "71"[seat - 1]


def _every_command():
    yield {"type": "reset"}
    for square in SQUARES:
        yield {"type": "move", "to": square}
    for card in CARDS:
        yield {"type": "discard", "card": card}
        yield {"type": "recover", "card": card}
    for card, target in itertools.product(("axe", "gun", "arrow", "grenade", "steal"), [*SQUARES, "village"]):
        if target == "village" and card != "steal":
            continue
        yield {"type": card, "target": target}
        for step in SQUARES:
            yield {"type": card, "target": target, "step": step}


EVERY_COMMAND = list(_every_command())


@pytest.mark.parametrize("seed", range(2))
def test_the_commands_listed_as_legal_are_exactly_those_the_rules_accept(seed):
    for number, state in enumerate(_states(f"legal-{seed}", seed, {"round_limit": 6})):
        if number % 3 or RULES.outcome(state) is not None:
            continue
        seat = RULES.to_act(state)[0]
        accepted = []
        for command in EVERY_COMMAND:
            try:
                RULES.decide(state, seat, command, Rng("legal", number))
            except IllegalCommand:
                continue
            accepted.append(command)
        assert accepted == [c for c in EVERY_COMMAND if c in RULES.legal_commands(state, seat)]
        assert len(accepted) == len(RULES.legal_commands(state, seat))


# -- Ending by the players' choice (ruling 22) --------------------------------------------------


def test_ruling_22_a_player_may_resign_and_the_other_team_wins_agree_a_draw_or_abort_before_both_have_played(service):
    check_chosen_endings(service, RULES.name, ["Ana", "Ben"], SALT, resigner=1, winners=[2])
