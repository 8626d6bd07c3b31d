"""``ludolog kit check FILE...``: a good kit is one line saying what it holds, exit 0; a bad one is a
line for each mistake (``FILE:LINE: FIELD: MESSAGE``), exit 1; a file that cannot be read is one line,
exit 1, never a traceback."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cli.kits import is_kit_file, read_kit_file
from cli.main import cli

GOOD = """\
kit: 1
name: tiny
title: Tiny
seats: {fewest: 2, most: 3}
spaces:
  - {name: board, kind: grid, columns: 3, rows: 3}
pieces:
  - {kind: pawn, owner: each, at: a1}
zones:
  - {name: draw, shows: face-down}
decks:
  - name: deck
    pile: draw
    cards:
      - {name: Gold, count: 2, text: "+1 money"}
      - {name: Thief}
hands: {deal: 1, from: draw}
dice:
  - {name: d6, faces: [1, 2, 3, 4, 5, 6]}
counters:
  - {name: money, start: 0, min: 0, max: 20}
"""


def check(*files: str):
    return CliRunner().invoke(cli, ["kit", "check", *files])


def test_a_good_kit_is_ok_with_what_it_holds(tmp_path):
    path = tmp_path / "tiny.yaml"
    path.write_text(GOOD, encoding="utf-8")
    result = check(str(path))
    assert result.exit_code == 0, result.output
    assert result.output == f"{path}: ok — Tiny, 2–3 seats, 9 spaces, 3 pieces, 3 cards, 1 die, 3 counters\n"


def test_a_bad_kit_is_a_line_for_each_mistake_and_exit_1(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(GOOD.replace("at: a1", "at: x9").replace("start: 0,", "start: 30,"), encoding="utf-8")
    result = check(str(path))
    assert result.exit_code == 1
    assert result.output.splitlines() == [f"{path}:8: pieces.0.at: no space named 'x9'",
                                          f"{path}:21: counters.0.start: 30 is outside the range 0..20"]


def test_a_missing_file_is_one_line_and_exit_1_and_the_other_files_are_still_checked(tmp_path):
    good = tmp_path / "tiny.json"
    good.write_text('{"kit": 1, "name": "tiny", "title": "Tiny", "seats": {"fewest": 1, "most": 1}}', encoding="utf-8")
    result = check(str(tmp_path / "nowhere.yaml"), str(good))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert result.output.splitlines() == [f"{tmp_path / 'nowhere.yaml'}: cannot read it: No such file or directory",
                                          f"{good}: ok — Tiny, 1 seat, 0 spaces, 0 pieces, 0 cards, 0 dice, 0 counters"]


def test_a_file_that_is_not_text_or_not_a_file_is_one_line(tmp_path):
    path = tmp_path / "kit.yaml"
    path.write_bytes(b"kit: 1\ntitle: \xff\n")
    result = check(str(path), str(tmp_path))
    assert result.exit_code == 1
    assert result.output.splitlines() == [f"{path}:2: not UTF-8 text: byte 0xff", f"{tmp_path}: cannot read it: Is a directory"]


def test_check_needs_a_file():
    result = check()
    assert result.exit_code != 0 and "Missing argument 'FILE...'" in result.output


def test_a_kit_file_is_told_by_its_suffix_and_read_for_new_or_refused_with_its_mistakes(tmp_path):
    path = tmp_path / "tiny.yml"
    path.write_text(GOOD, encoding="utf-8")
    assert is_kit_file(str(path)) and is_kit_file("KIT.JSON") and is_kit_file("a.toml")
    assert not is_kit_file("snakes-and-ladders") and not is_kit_file("squad-combat")
    assert read_kit_file(str(path))["title"] == "Tiny"
    path.write_text(GOOD.replace("at: a1", "at: x9").replace("start: 0,", "start: 30,"), encoding="utf-8")
    with pytest.raises(click.ClickException) as refused:
        read_kit_file(str(path))
    assert refused.value.message.splitlines() == [f"{path}:8: pieces.0.at: no space named 'x9'",
                                                  f"{path}:21: counters.0.start: 30 is outside the range 0..20"]


PIG = (Path(__file__).resolve().parents[2] / "domain" / "games" / "table_kit" / "kits" / "pig.yaml").read_text(encoding="utf-8")


def test_a_kit_with_rules_plays_random_games_and_says_how_they_ended(tmp_path):
    path = tmp_path / "pig.yaml"
    path.write_text(PIG.replace("default: 100,", "default: 30,"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["kit", "check", str(path), "--games", "10"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"{path}: ok — Pig, 2–4 seats, 0 spaces, 0 pieces, 0 cards, 1 die, 5 counters"
    assert re.fullmatch(r"  10 random games at 2 and 4 seats: 10 ended \(0 at the turn limit\), a median of \d+(\.5)? commands", lines[1])


def test_a_kit_whose_game_cannot_go_on_is_named_with_its_seed_and_exit_1(tmp_path):
    path = tmp_path / "stuck.yaml"
    path.write_text(PIG.replace("when: roll_past_target || score[seat] + turn_total < target", "when: turn_total > 1000")
                    .replace("      summary: add the turn total to your score and end your turn\n",
                             "      summary: add the turn total to your score and end your turn\n      when: turn_total > 0\n"),
                    encoding="utf-8")
    result = CliRunner().invoke(cli, ["kit", "check", str(path), "--games", "2"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.splitlines()[1:] == [
        "  2 random games at 2 and 4 seats: 2 ended (0 at the turn limit), a median of 0 commands",
        "  game 0 (seed kit-check:0, 2 seats): seat 1 has no action it may take after 0 commands: the game ended in a draw "
        "(say what happens then in play.stuck)",
        "  game 1 (seed kit-check:1, 4 seats): seat 1 has no action it may take after 0 commands: the game ended in a draw "
        "(say what happens then in play.stuck)",
        f"  {path}:25: play.actions.0.name: 'roll' was legal in none of the 2 random games: its condition or choices may never allow it",
        f"  {path}:36: play.actions.1.name: 'hold' was legal in none of the 2 random games: its condition or choices may never allow it"]


def test_a_kit_whose_rule_fails_in_play_is_named_with_the_rule_and_exit_1(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text(PIG.replace("{add: turn_total, value: die}", "{add: turn_total, value: die / (die - 2)}"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["kit", "check", str(path), "--games", "2"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "failed at command" in result.output
    assert "the kit's rules fail here: 'die / (die - 2)' could not be worked out: division by zero" in result.output


def test_a_game_that_does_not_end_by_the_cap_is_named(tmp_path, monkeypatch):
    from domain.thinking import kit_trial

    path = tmp_path / "long.yaml"
    path.write_text(PIG, encoding="utf-8")
    monkeypatch.setattr(kit_trial, "MOST_COMMANDS", 3)
    result = CliRunner().invoke(cli, ["kit", "check", str(path), "--games", "1"])
    assert result.exit_code == 1
    assert "  game 0 (seed kit-check:0, 2 seats): still going after 3 commands" in result.output


def test_a_kit_whose_rule_tells_a_seat_a_secret_is_named_with_its_seed_and_exit_1(tmp_path):
    kuhn = (Path(__file__).resolve().parents[2] / "domain" / "games" / "table_kit" / "kits" / "kuhn-poker.yaml").read_text(encoding="utf-8")
    path = tmp_path / "leaky.yaml"
    leaky = kuhn.replace("      summary: bet a chip, or call a bet\n", "      summary: bet a chip, or call a bet\n      when: card(hand(3 - seat)[0]).rank < 3\n")
    path.write_text(leaky, encoding="utf-8")
    traced = CliRunner().invoke(cli, ["kit", "check", str(path), "--games", "20"])  # the trace reads it in the text
    assert traced.exit_code == 1 and "play.actions.1.when: which actions a seat is offered is worked out from hand(3 - seat)" in traced.output
    path.write_text(leaky.replace("      when: card(hand", "      knowingly: true\n      when: card(hand"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["kit", "check", str(path), "--games", "20"])  # marked knowingly: the games tell it
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert re.search(r"  game \d+ \(seed kit-check:\d+, 2 seats\) tells a secret: at command 1, seat 1 is offered pass, and a table "
                     r"that differs only in what it cannot see offers pass, bet: a rule lets a secret decide what it may do", result.output)
    (tmp_path / "kuhn.yaml").write_text(kuhn, encoding="utf-8")
    clean = CliRunner().invoke(cli, ["kit", "check", str(tmp_path / "kuhn.yaml")])
    assert clean.exit_code == 0 and "secret" not in clean.output, clean.output


def test_a_type_error_in_a_rule_is_named_at_its_line_before_any_game_is_played(tmp_path):
    path = tmp_path / "typed.yaml"
    path.write_text(PIG.replace("{add: turn_total, value: die}", '{add: turn_total, value: die + "1"}'), encoding="utf-8")
    result = CliRunner().invoke(cli, ["kit", "check", str(path)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.splitlines() == [
        f"{path}:35: play.actions.0.effects.1.else.0.value: a type error: 'die + \"1\"' could not be worked out: "
        "No such overload: the operation is not defined for the given operand types."]
    assert "random games" not in result.output


def test_a_condition_whose_value_is_not_true_or_false_and_a_counter_set_to_no_number_are_named(tmp_path):
    path = tmp_path / "kinds.yaml"
    path.write_text(PIG.replace("    - when: score[seat] >= target", "    - when: score[seat] + target")
                    .replace("{set: turn_total, to: 0}", "{set: turn_total, to: '\"none\"'}", 1), encoding="utf-8")
    result = CliRunner().invoke(cli, ["kit", "check", str(path)])
    assert result.exit_code == 1
    told = result.output.splitlines()
    assert any(re.search(r":\d+: play\.end\.0\.when: 'score\[seat\] \+ target' is a condition \(true or false\), but its value here is \d+$", line) for line in told), told
    assert any(re.search(r":\d+: play\.actions\.0\.effects\.1\.then\.0\.to: '\"none\"' must be a number, but its value here is 'none'$", line) for line in told), told


def test_an_action_legal_in_none_of_the_random_games_is_named_at_its_line_and_exit_1(tmp_path):
    path = tmp_path / "never.yaml"
    path.write_text(PIG.replace("      summary: add the turn total to your score and end your turn\n",
                                "      summary: add the turn total to your score and end your turn\n      when: turn_total < 0\n"),
                    encoding="utf-8")
    result = CliRunner().invoke(cli, ["kit", "check", str(path), "--games", "4"])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (f"  {path}:36: play.actions.1.name: 'hold' was legal in none of the 4 random games: "
                                              "its condition or choices may never allow it")


RULED = """\
kit: 2
name: ruled
title: Ruled
seats: {fewest: 2, most: 2}
spaces:
  - {name: board, kind: grid, columns: 3, rows: 3}
pieces:
  - {kind: pawn, owner: each, at: x9}
dice:
  - {name: d6, faces: [1, 2, 3, 4, 5, 6]}
counters:
  - {name: score, start: 0}
play:
  actions:
    - name: roll
      when: scroe[seat] < 10
      effects:
        - {roll: d66}
        - {add: score, value: d6}
        - {pass: next}
    - name: hold
      effects: [{add: scor, value: 1}, {pass: next}]
  end:
    - {when: "score[seat] >= 20", winners: "[seet]"}
  limit: {turns: 50, most: points}
"""
"""A kit with a mistake of names and ranges (a pawn at no space) and five in its rules, in two actions, an ending and
the limit."""


def test_kit_check_reports_every_mistake_of_every_stage_in_one_run(tmp_path):
    path = tmp_path / "ruled.yaml"
    path.write_text(RULED, encoding="utf-8")
    result = check(str(path))
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{path}:8: pieces.0.at: no space named 'x9'",
        f"{path}:16: play.actions.0.when: 'scroe[seat] < 10' reads 'scroe', which this kit does not name here (did you mean \"score\"?)",
        f"{path}:18: play.actions.0.effects.0.roll: no die named 'd66' (did you mean \"d6\"?)",
        f"{path}:22: play.actions.1.effects.0.add: no counter named 'scor' (did you mean \"score\"?)",
        f"{path}:24: play.end.0.winners: '[seet]' reads 'seet', which this kit does not name here (did you mean \"seat\"?)",
        f"{path}:25: play.limit.most: no counter named 'points'",
        f"{path}:1: the kit: not run until its mistakes are mended: the rules' type checks, the random games"]


def test_a_stage_that_cannot_run_is_named_on_the_last_line_with_why(tmp_path):
    path = tmp_path / "ruled.yaml"
    path.write_text(RULED.replace("seats: {fewest: 2, most: 2}", "seats: {fewest: 2, most: 2, many: 3}"), encoding="utf-8")
    result = check(str(path), "--games", "0")
    assert result.exit_code == 1
    assert result.output.splitlines() == [f"{path}:4: seats: unknown field ('many' was unexpected)",
                                          f"{path}:1: the kit: not checked until it fits the schema: names and ranges, its rules, "
                                          "the rules' type checks"]


def test_checking_a_kit_and_its_games_never_loads_the_reference_schema_validator():
    """``jsonschema`` (its import alone some 50 ms) is loaded where a schema finds a mistake or a ruleset's options are
    checked by it: ``kit check`` of a good kit with rules, its random games played, needs neither."""
    kit = Path(__file__).resolve().parents[2] / "domain" / "games" / "table_kit" / "kits" / "tic-tac-toe.yaml"
    script = ("import sys\nfrom click.testing import CliRunner\nfrom cli.main import cli\n"
              f"result = CliRunner().invoke(cli, ['kit', 'check', {str(kit)!r}, '--games', '4'])\n"
              "print(result.exit_code, 'jsonschema' in sys.modules)")
    found = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                           cwd=Path(__file__).resolve().parents[2])
    assert found.stdout.split() == ["0", "False"]
