"""The random games of ``kit check`` (``kit_trial``) are bounded in time as well as in commands: a game stops at
``MOST_COMMANDS`` commands or ``GAME_SECONDS`` seconds and is named as one that does not end; the whole trial
stops at ``TRIAL_SECONDS``, the games not yet played counted, a game its end cut short among them and not named.
A kit whose game never ends (a hundred games of 5,000 commands took minutes) is so named in seconds. The clock is
the test's own (``Ticks``): no test waits."""

from __future__ import annotations

from hostile_kits import Ticks, endless_kit

from domain.games.table_kit.rules import shipped_kit
from domain.thinking import kit_trial
from domain.thinking.kit_trial import GAME_SECONDS, MOST_COMMANDS, TRIAL_SECONDS, trial


def test_the_trial_caps_are_5000_commands_and_5_seconds_a_game_and_30_seconds_in_all():
    assert (MOST_COMMANDS, GAME_SECONDS, TRIAL_SECONDS) == (5_000, 5.0, 30.0)


def test_a_game_still_going_at_its_seconds_is_named_as_not_ending_and_the_trial_stops_at_its_seconds():
    found = trial(endless_kit(), 100, clock=Ticks(1.0))  # each command reads the clock once: a second a command
    assert found.games == 4 and found.unplayed == 96 and found.ended == 0
    assert found.stuck == [(number, 2, "still going after 5 seconds (3 commands)") for number in range(4)]


def test_a_game_the_trials_end_cuts_short_is_left_unplayed_and_not_named(monkeypatch):
    monkeypatch.setattr(kit_trial, "TRIAL_SECONDS", 3.0)  # the trial ends before the first game's own seconds do
    found = trial(endless_kit(), 10, clock=Ticks(1.0))
    assert (found.games, found.unplayed, found.stuck, found.failed) == (0, 10, [], [])


def test_games_that_end_in_time_are_all_played():
    found = trial(shipped_kit("tic-tac-toe"), 6, clock=Ticks(0.001))
    assert (found.games, found.ended, found.unplayed, found.stuck) == (6, 6, 0, [])


def test_a_command_whose_rules_run_past_the_games_seconds_is_stopped_midway_and_the_game_named():
    kit = endless_kit()  # one command: a hundred rounds of an expression, each reading the clock (a second a reading)
    kit["play"]["actions"][0]["effects"].insert(0, {"repeat": [{"add": "x", "value": "x[seat] * 0 + 1"}], "until": "x[seat] > 100"})
    found = trial(kit, 1, clock=Ticks(1.0))
    assert found.stuck == [(0, 2, "still going after 5 seconds (0 commands)")] and found.failed == []
