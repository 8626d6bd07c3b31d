"""``ludolog kit check`` on the audit's hostile kits: a number choice of ten million numbers (a ``MemoryError``
before), two of three thousand and named steps fanning out eighteen levels are each a line at their place, exit
1; an action that crosses the step bound only in play is named as a game that failed; and a kit whose game
never ends is named in seconds, not minutes, the games left unplayed when the trial's time ran out counted (the
clock is the test's own: no test waits). ``ludolog new`` and ``ludolog act`` refuse a setup or an action past the
step bound in one line, storing nothing."""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from cli_runs import invoke, one_line_error, succeeded
from click.testing import CliRunner
from hostile_kits import (
    Ticks,
    endless_kit,
    fan_out_in_play_kit,
    fan_out_kit,
    number_kit,
)

from cli import kits
from cli.main import cli
from domain.thinking import kit_trial


def checked(tmp_path, kit, *more: str):
    path = tmp_path / "hostile.yaml"
    path.write_text(yaml.safe_dump(kit, sort_keys=False), encoding="utf-8")
    result = CliRunner().invoke(cli, ["kit", "check", str(path), *more])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output  # no traceback, no MemoryError
    return path, result

NOT_RUN = "the kit: not run until its mistakes are mended: the rules' type checks, the random games"
"""The last line of a kit with rules and mistakes: the stages of ``kit check`` that play it do not run."""


def test_kit_check_names_a_number_range_of_ten_million_at_its_line(tmp_path):
    path, result = checked(tmp_path, number_kit((1, 10_000_000)))
    assert result.exit_code == 1
    assert re.fullmatch(re.escape(str(path)) + r":\d+: play\.actions\.0\.choose\.0\.number: \[1, 10000000\] offers up to 10,000,000 "
                        r"numbers; a number choice may offer at most 1,000 \(each is a command\)\n" + re.escape(f"{path}:1: {NOT_RUN}\n"),
                        result.output), result.output


def test_kit_check_names_each_of_two_number_ranges_of_three_thousand(tmp_path):
    path, result = checked(tmp_path, number_kit((1, 3000), (1, 3000)))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert [re.sub(r":\d+:", ":N:", line) for line in lines] == [
        f"{path}:N: play.actions.0.choose.{n}.number: [1, 3000] offers up to 3,000 numbers; a number choice may offer at most 1,000 "
        "(each is a command)" for n in (0, 1)] + [f"{path}:N: {NOT_RUN}"]


def test_kit_check_names_named_steps_fanning_out_eighteen_levels_at_their_lines(tmp_path):
    path, result = checked(tmp_path, fan_out_kit(18))
    assert result.exit_code == 1
    said = ("these steps may take more than 10,000 by here (named steps unfolded, a repeat 100 times); "
            "one action or the setup takes at most 10,000")
    assert sorted(re.sub(r":\d+:", ":N:", line) for line in result.output.splitlines()) == [
        f"{path}:N: play.actions.0.effects.0: {said}", f"{path}:N: play.setup.0: {said}", f"{path}:N: {NOT_RUN}"]


def test_kit_check_names_a_game_whose_action_crosses_the_step_bound_in_play(tmp_path):
    _, result = checked(tmp_path, fan_out_in_play_kit(), "--games", "2")
    assert result.exit_code == 1
    assert ("  game 0 (seed kit-check:0, 2 seats) failed at command 1: the kit's rules fail here: one action takes more than "
            "10,000 steps, the most one action or the setup may take (the step past them: play.define.s10.1)") in result.output.splitlines()


def test_kit_check_names_a_game_that_does_not_end_in_seconds_and_stops_the_trial_at_its_time(tmp_path, monkeypatch):
    monkeypatch.setattr(kits, "time", Ticks(1.0))  # the clock the CLI gives the trial: a second each time it is read
    _, result = checked(tmp_path, endless_kit())
    assert result.exit_code == 1
    assert result.output.splitlines()[1:] == [
        "  4 random games at 2 seats: 0 ended (0 at the turn limit), a median of 0 commands",
        "  the trial stopped at 30 seconds: 96 of the 100 games were not played",
        *(f"  game {n} (seed kit-check:{n}, 2 seats): still going after 5 seconds (3 commands) "
          "(a game stops at 5,000 commands or 5 seconds)" for n in range(4))]


def test_kit_check_lists_five_games_that_do_not_end_and_counts_the_rest(tmp_path, monkeypatch):
    monkeypatch.setattr(kit_trial, "MOST_COMMANDS", 2)
    _, result = checked(tmp_path, endless_kit(), "--games", "8")
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert [line for line in lines if "still going" in line] == [
        f"  game {n} (seed kit-check:{n}, 2 seats): still going after 2 commands (a game stops at 2 commands or 5 seconds)" for n in range(5)]
    assert "  ... and 3 more games did not end" in lines


def test_new_and_act_refuse_a_setup_or_an_action_past_the_step_bound_in_one_line_and_store_nothing(tmp_path, db):
    setup = tmp_path / "setup.yaml"
    setup.write_text(yaml.safe_dump(fan_out_kit(12, setup=[{"do": "s0"}, {"pass": "2"}], turn_begins=[{"do": "s0"}])), encoding="utf-8")
    assert one_line_error(invoke("new", str(setup), "--seat", "Ann", "--seat", "Ben", "--db", db)) == (
        "Error: the kit's rules fail here: the setup takes more than 10,000 steps, the most one action or the setup may take "
        "(the step past them: play.define.s10.1)")
    assert not Path(db).exists()  # no store, no game
    action = tmp_path / "action.yaml"
    action.write_text(yaml.safe_dump(fan_out_in_play_kit()), encoding="utf-8")
    game = succeeded("new", str(action), "--seat", "Ann", "--seat", "Ben", db=db).strip().splitlines()[-1]
    before = succeeded("show", game, "--json", db=db)
    assert one_line_error(invoke("act", game, '{"type": "act", "action": "go"}', "--seat", "1", "--db", db)) == (
        "Error: the kit's rules fail here: one action takes more than 10,000 steps, the most one action or the setup may take "
        "(the step past them: play.define.s10.1)")
    assert succeeded("show", game, "--json", db=db) == before
