"""Infection: the rulings a designer may switch (RULINGS.md, "Options at a glance"). Each option is
played on and off with a constructed table, in a test named after its ruling; a game whose stored
options lack the new keys plays as it did; a bad value is refused.
"""

from __future__ import annotations

import pytest
from infection_table import RULES, act, legal, of_type, put, refused, table

from domain.engine.errors import InvalidSetup
from domain.engine.game import Game
from domain.games.infection import judge
from domain.games.infection.facts import VillagerDied
from domain.games.infection.state import State
from domain.thinking.bots import play_random_game

OPEN = {"enemy_village": "open"}
FORBIDDEN = {"steal_under_disarm": "forbidden"}
RED_VILLAGE = {"a7", "b7", "c7", "d7", "e7"}
SALT = "5eed" * 8
"""The salt of two games that must play alike: a game's chance comes from its seed and salt together."""


def moves_to(state, seat=1):
    return {c["to"] for c in legal(state, seat, "move")}


# -- ruling 8: the enemy village --------------------------------------------------------------------


def test_ruling_8_by_default_a_villager_never_enters_the_enemy_village():
    state = table(tiles={})
    put(state, 1, 1, "c6")
    assert moves_to(state).isdisjoint(RED_VILLAGE)
    assert "a villager enters only its own village" in refused(state, 1, {"type": "move", "to": "c7"})
    assert not any(c.get("step") in RED_VILLAGE for c in RULES.legal_commands(state, 1))


def test_ruling_8_open_a_villager_may_enter_the_enemy_village_but_is_not_healed_there():
    state = table(tiles={}, options=OPEN)
    put(state, 1, 1, "c6", hp=2)
    assert moves_to(state) & RED_VILLAGE == {"c7"}, "b7 and d7 hold the red villagers"
    _, after = act(state, 1, {"type": "move", "to": "c7"})
    assert after.member(1, 1)["square"] == "c7" and after.member(1, 1)["hp"] == 2


def test_ruling_8_open_a_killed_villager_comes_home_beside_an_enemy_on_its_square():
    state = table(tiles={}, options=OPEN)
    put(state, 1, 1, "c4")
    put(state, 1, 2, "b7")  # Blue 2 stands on Red 1's starting square
    put(state, 2, 1, "c5", hp=2)
    facts, _ = act(state, 1, {"type": "axe", "target": "c5"})
    assert of_type(facts, VillagerDied)[0].home == "a7"


# -- ruling 11: the Steal under a weapon debuff ---------------------------------------------------------


def _thief(options=None):
    """Blue 1 on c3, unable to use a weapon this turn, next to Red 1 carrying a cure on c4."""
    state = table(tiles={}, cannot_use_weapon=True, options=options)
    put(state, 1, 1, "c3")
    put(state, 2, 1, "c4", cure=True)
    return state


def test_ruling_11_by_default_a_villager_that_cannot_use_a_weapon_may_still_steal():
    assert legal(_thief(), 1, "steal") == [{"type": "steal", "target": "c4"}]
    state = table(tiles={}, current=2)
    put(state, 1, 1, "c3", cure=True)
    put(state, 2, 1, "c4", cannot_use_weapon=True)
    assert judge.within_steal(state, 1)[1] == {"c3"}


def test_ruling_11_forbidden_a_villager_that_cannot_use_a_weapon_cannot_steal_either():
    state = _thief(FORBIDDEN)
    assert legal(state, 1, "steal") == []
    assert "nor the Steal" in refused(state, 1, {"type": "steal", "target": "c4"})
    unhindered = table(tiles={}, options=FORBIDDEN)
    put(unhindered, 1, 1, "c3")
    put(unhindered, 2, 1, "c4", cure=True)
    assert legal(unhindered, 1, "steal") == [{"type": "steal", "target": "c4"}]
    state = table(tiles={}, current=2, options=FORBIDDEN)
    put(state, 1, 1, "c3", cure=True)
    put(state, 2, 1, "c4", cannot_use_weapon=True)
    assert judge.within_steal(state, 1)[1] == set(), "the bots know the thief cannot steal on its next turn"


# -- every option: defaults, old games, bad values ----------------------------------------------------


def test_the_switchable_rulings_default_to_todays_rules():
    resolved = RULES.resolve_options({})
    assert {key: resolved[key] for key in RULES.RULINGS} == RULES.RULINGS
    for options in ({}, {"round_limit": 25}, resolved):
        state = RULES.new_state(2, options)
        assert (state.enemy_village, state.steal_under_disarm) == ("closed", "allowed")
    old = State(round_limit=25)  # a snapshot stored before the options: its fields only
    assert (old.enemy_village, old.steal_under_disarm) == ("closed", "allowed")


def test_a_game_recorded_without_the_new_options_replays_as_today():
    played = play_random_game(RULES, ["Ana", "Ben"], {"round_limit": 8}, "old-game", bot_seed=2, salt=SALT)
    old = Game.start(RULES, ["Ana", "Ben"], {"round_limit": 8}, "old-game", salt=SALT)
    for number, (seat, command) in enumerate(played.commands, 1):
        old.play(seat, command, f"c{number}")
    assert old.state == played.game.state and old.outcome() == played.game.outcome()


@pytest.mark.parametrize("options", [{"enemy_village": "ajar"}, {"steal_under_disarm": False}])
def test_a_bad_ruling_option_is_refused(options):
    with pytest.raises(InvalidSetup):
        RULES.resolve_options(options)


@pytest.mark.parametrize("options", [OPEN, FORBIDDEN])
def test_each_switched_ruling_plays_to_an_outcome_with_bots(options):
    played = play_random_game(RULES, ["Ana", "Ben"], {**options, "round_limit": 8}, "switched", bot_seed=1)
    assert played.game.outcome() is not None
    assert {key: getattr(played.game.state, key) for key in options} == options
