"""The Assassination Game Le: the rulings a designer may switch (RULINGS.md, "Options at a glance").
Each option is played on and off with a constructed table, in a test named after its ruling; a game
whose stored options lack the new keys plays as it did; a bad value is refused.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from scenarios import Loaded as LoadedDie
from test_assassination_le import act, reachable, table

from domain.engine.errors import IllegalCommand, InvalidSetup
from domain.engine.game import Game
from domain.games.assassination_le import RULESET as RULES
from domain.games.assassination_le import judge
from domain.games.assassination_le.facts import VictimCaptured
from domain.games.assassination_le.state import State
from domain.thinking.bots import play_random_game

SEATS = ["Ann", "Ben", "Cy"]
SALT = "5eed" * 8
"""The salt of two games that must play alike: a game's chance comes from its seed and salt together."""


def set_up(options, *faces):
    state = RULES.new_state(3, RULES.resolve_options(options))
    for fact in RULES.setup(state, LoadedDie(*faces)):
        state = RULES.evolve(state, fact)
    return state


def movers(state, turns):
    """Who moves on each of the next turns: assassins roll nulls, the victim rolls an ace and moves."""
    seen = []
    for _ in range(turns):
        seen.append(state.mover)
        _, state = act(state, state.mover, {"type": "roll"}, die=[1] if state.mover == state.victim else [0])
        if state.phase == "move":
            _, state = act(state, state.mover, {"type": "move", "to": reachable(state, state.mover)[0]})
    return seen


# -- ruling 4: who opens, and the order of turns ------------------------------------------------------


def test_ruling_4_by_default_the_first_victim_opens_the_game():
    state = set_up({}, 1, 5, 2)  # Ben rolls highest: the victim
    assert state.victim == 2 and state.mover == 2
    assert movers(state, 5) == [2, 3, 2, 1, 2]


def test_ruling_4_opens_assassin_the_assassin_after_the_victim_moves_first():
    state = set_up({"opens": "assassin"}, 1, 5, 2)
    assert state.victim == 2 and state.mover == 3
    assert movers(state, 5) == [3, 2, 1, 2, 3]
    state = set_up({"opens": "assassin"}, 5, 1, 2)  # Ann the victim: Ben, on a1, opens
    assert state.victim == 1 and state.mover == 2 and state.squares[1] == "a1"


def test_ruling_4_opens_assassin_leaves_the_new_victim_first_after_a_capture():
    state = replace(table(victim=3, squares=["a2", "e5", "b2"], mover=1, phase="move", rolled=1), opens="assassin")
    _, after = act(state, 1, {"type": "move", "to": "b2"})
    assert after.victim == 1 and RULES.to_act(after) == [1]


def test_ruling_4_by_default_the_victim_moves_after_each_assassin():
    assert movers(table(victim=3, squares=["a1", "e5", "c3"]), 7) == [3, 1, 3, 2, 3, 1, 3]


def test_ruling_4_after_both_assassins_the_victim_moves_once_a_round():
    state = replace(table(victim=3, squares=["a1", "e5", "c3"]), victim_turns="after-both-assassins")
    assert movers(state, 7) == [3, 1, 2, 3, 1, 2, 3]
    opening = set_up({"opens": "assassin", "victim_turns": "after-both-assassins"}, 1, 5, 2)
    assert movers(opening, 6) == [3, 1, 2, 3, 1, 2]


def test_ruling_4_after_both_assassins_the_evaluation_counts_both_threats_before_the_victim_moves():
    base = table(victim=3, squares=["b3", "d3", "c4"], mover=1)  # both assassins one step from the victim
    both = replace(base, victim_turns="after-both-assassins")
    assert judge.capture_chances(both)[2] > judge.capture_chances(base)[2]


# -- ruling 13: a victim on a base ------------------------------------------------------------------


def test_ruling_13_by_default_a_victim_on_a_base_cannot_be_captured():
    state = table(victim=3, squares=["a2", "e5", "a3"], mover=1, phase="move", rolled=1)
    assert "a3" not in reachable(state, 1)
    with pytest.raises(IllegalCommand, match="assassins may not land on a base"):
        act(state, 1, {"type": "move", "to": "a3", "path": ["a3"]})
    assert judge.capture_chances(replace(state, phase="roll")) == {1: 0.0, 2: 0.0}


def test_ruling_13_capturable_an_assassin_may_land_on_the_victims_base_to_capture_it():
    state = replace(table(victim=3, squares=["a2", "e5", "a3"], mover=1, phase="move", rolled=1), victim_on_base="capturable")
    assert "a3" in reachable(state, 1)
    facts, after = act(state, 1, {"type": "move", "to": "a3"})
    assert facts[1] == VictimCaptured(assassin=1, victim=3, square="a3", coins_removed=[])
    assert after.victim == 1
    _, again = act(state, 1, {"type": "move", "to": "a3", "path": ["a3"]})
    assert again.victim == 1
    assert judge.capture_chances(replace(state, phase="roll"))[1] > 0


def test_ruling_13_capturable_still_keeps_assassins_off_an_empty_base():
    state = replace(table(victim=3, squares=["b1", "e5", "a5"], mover=1, phase="move", rolled=1), victim_on_base="capturable")
    assert "c1" not in reachable(state, 1)
    with pytest.raises(IllegalCommand, match="assassins may not land on a base"):
        act(state, 1, {"type": "move", "to": "c1", "path": ["c1"]})


# -- every option: defaults, old games, bad values ----------------------------------------------------


def test_the_switchable_rulings_default_to_todays_rules():
    resolved = RULES.resolve_options({})
    assert {key: resolved[key] for key in RULES.RULINGS} == RULES.RULINGS
    for options in ({}, {"keep_coins": False}, resolved):
        state = RULES.new_state(3, options)
        assert (state.opens, state.victim_turns, state.victim_on_base) == ("victim", "after-each-assassin", "safe")
    old = State(seat_count=3, keep_coins=False)  # a snapshot stored before the options: its fields only
    assert (old.opens, old.victim_turns, old.victim_on_base, old.assassins_moved) == ("victim", "after-each-assassin", "safe", 0)


def test_a_game_recorded_without_the_new_options_replays_as_today():
    played = play_random_game(RULES, SEATS, {}, "old-game", bot_seed=4, salt=SALT)
    old = Game.start(RULES, SEATS, {"keep_coins": False}, "old-game", salt=SALT)
    for number, (seat, command) in enumerate(played.commands, 1):
        old.play(seat, command, f"c{number}")
    assert old.state == played.game.state and old.outcome() == played.game.outcome()


@pytest.mark.parametrize("options", [{"opens": "nobody"}, {"victim_turns": 2}, {"victim_on_base": "unsafe"}])
def test_a_bad_ruling_option_is_refused(options):
    with pytest.raises(InvalidSetup):
        RULES.resolve_options(options)
