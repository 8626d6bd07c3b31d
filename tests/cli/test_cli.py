"""The ludolog CLI through click's CliRunner, and the installed command in real processes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import cli

SEATS = ["--seat", "Ann", "--seat", "Ben", "--seat", "Cy"]


@pytest.fixture
def game(run):
    result = run("new", "assassination-le", *SEATS, "--seed", "7")
    assert result.exit_code == 0, result.output
    return result.output.strip()


def show_json(run, game, *extra):
    result = run("show", game, "--json", *extra)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_rulesets_lists_each_game_on_a_line_and_one_game_with_its_options_and_commands(run):
    from domain.engine import registry

    result = CliRunner().invoke(cli, ["rulesets"])
    assert result.exit_code == 0
    assert result.output.splitlines()[0].startswith("assassination-le  (3 players, rules v1)  The Assassination Game Le")
    assert len(result.output.splitlines()) == len(registry.all_rulesets()) + 1
    assert result.output.splitlines()[-1].startswith("Kits on the shelf of ")  # none there, and how to add one
    one = CliRunner().invoke(cli, ["rulesets", "assassination-le"])
    assert one.exit_code == 0
    assert "option keep_coins=false" in one.output and "command move to=... path=..." in one.output
    assert json.loads(CliRunner().invoke(cli, ["rulesets", "correction", "--json"]).output)["name"] == "correction"
    unknown = CliRunner().invoke(cli, ["rulesets", "chess"])
    assert unknown.exit_code == 1 and unknown.output.startswith("Error: no ruleset named 'chess'")


def test_new_reads_an_option_from_a_file_with_at(run, tmp_path):
    from domain.games.project_assassination.board import default_layout

    layout = default_layout()
    layout["heal_points"] = ["c2", "e6"]
    (tmp_path / "bar.json").write_text(json.dumps(layout))
    created = run("new", "project-assassination", "--seat", "Ana", "--seat", "Ben", "--option", f"layout=@{tmp_path / 'bar.json'}")
    assert created.exit_code == 0, created.output
    assert show_json(run, created.output.strip())["view"]["board"]["heal_points"] == ["c2", "e6"]
    missing = run("new", "project-assassination", "--seat", "Ana", "--seat", "Ben", "--option", "layout=@nowhere.json")
    assert missing.exit_code == 1 and "cannot read nowhere.json" in missing.output


def test_a_bot_plays_project_assassination_to_an_outcome_and_show_draws_the_board(run):
    created = run("new", "project-assassination", "--seat", "Ana", "--seat", "Ben", "--seed", "3")
    game = created.output.strip()
    played = run("bot", game, "--seed", "0")
    assert played.exit_code == 0, played.output
    shown = run("show", game)
    for expected in ("[P1]", "####", "G grunt", "S spawn", "HP ", "VP ", "weapons:", "boots:", "reserve:", "won"):
        assert expected in shown.output
    assert show_json(run, game)["status"] == "over"


def test_new_prints_the_id_of_a_stored_game(run, game):
    listed = run("games")
    assert game in listed.output and "assassination-le" in listed.output and "Ann, Ben, Cy" in listed.output


def test_new_names_the_game_and_games_lists_it_by_that_name(run):
    created = run("new", "correction", "--seat", "Ana", "--seat", "Ben", "--name", "Tuesday group, playtest 3")
    assert created.exit_code == 0, created.output
    listed = run("games")
    assert f"{created.output.strip()}  correction" in listed.output and "Tuesday group, playtest 3" in listed.output
    assert show_json(run, created.output.strip())["name"] == "Tuesday group, playtest 3"
    refused = run("new", "correction", "--seat", "Ana", "--seat", "Ben", "--name", "x" * 81)
    assert refused.exit_code == 1 and "the game's name" in refused.output and "at most 80" in refused.output


def test_new_takes_options_as_key_value(run):
    created = run("new", "assassination-le", *SEATS, "--option", "keep_coins=true")
    assert created.exit_code == 0
    assert show_json(run, created.output.strip())["options"]["keep_coins"] is True


def test_show_json_prints_the_envelope(run, game):
    status = show_json(run, game)
    assert {"id", "ruleset", "version", "status", "to_act", "outcome", "view"} <= set(status)
    assert status["id"] == game and status["ruleset"] == "assassination-le"
    assert status["status"] == "active" and status["outcome"] is None and len(status["to_act"]) == 1


def test_show_prints_the_board_and_whose_turn(run, game):
    result = run("show", game[:8])
    assert result.exit_code == 0
    assert "The Assassination Game Le" in result.output and "To act:" in result.output
    assert "+---+---+---+---+---+" in result.output


def test_show_as_a_seat_by_name_or_number(run, game):
    assert show_json(run, game, "--as", "Ben")["view"] == show_json(run, game, "--as", "2")["view"]


def test_act_submits_one_command_and_prints_its_events(run, game):
    seat = str(show_json(run, game)["to_act"][0])
    result = run("act", game, "--seat", seat, '{"type": "roll"}')
    assert result.exit_code == 0, result.output
    assert "rolled" in result.output
    assert show_json(run, game)["version"] > 2


def test_act_json_prints_the_events_as_json(run, game):
    seat = str(show_json(run, game)["to_act"][0])
    events = json.loads(run("act", game, "--seat", seat, '{"type": "roll"}', "--json", "--id", "c-1").output)
    assert events[0]["type"] == "DieRolled" and events[0]["command_id"] == "c-1"


@pytest.mark.parametrize(
    "args, message",
    [
        (["show", "00000000-0000-0000-0000-000000000000"], "no game"),
        (["show", "zz"], "at least its first 4"),
        (["new", "chess", "--seat", "A"], "no ruleset named 'chess'"),
        (["new", "assassination-le", "--seat", "A"], "played by 3 players, not 1"),
        (["new", "assassination-le", *SEATS, "--option", "nope"], "is not KEY=VALUE"),
        (["new", "assassination-le", *SEATS, "--option", "speed=3"], "bad option"),
    ],
)
def test_bad_input_exits_1_with_a_one_line_message(run, game, args, message):
    result = run(*args)
    assert result.exit_code == 1
    assert message in result.output
    assert "Traceback" not in result.output


def test_an_illegal_or_malformed_command_exits_1_and_changes_nothing(run, game):
    version = show_json(run, game)["version"]
    waiting = show_json(run, game)["to_act"][0]
    other = str(waiting % 3 + 1)
    for seat, command, message in [
        (str(waiting), "{roll", "not JSON"),
        (str(waiting), '{"type": "fly"}', "unknown command type 'fly'"),
        (str(waiting), '{"type": "move", "to": "b1"}', "roll the die before you move"),
        (other, '{"type": "roll"}', "not"),
        ("Dora", '{"type": "roll"}', "no seat 'Dora'"),
    ]:
        result = run("act", game, "--seat", seat, command)
        assert result.exit_code == 1 and message in result.output, (command, result.output)
        assert "Traceback" not in result.output
    assert show_json(run, game)["version"] == version


def test_a_usage_mistake_exits_1(run):
    result = run("show")
    assert result.exit_code == 1 and "Missing argument" in result.output


def test_bot_plays_the_game_to_an_outcome(run, game):
    result = run("bot", game, "--seed", "3")
    assert result.exit_code == 0, result.output
    assert "Game over. Winner:" in result.output
    status = show_json(run, game)
    assert status["status"] == "over" and status["outcome"]["reason"] == "touched all four bases"
    assert status["seed"] == "7"
    assert "Game over. Winner:" in run("show", game).output


def test_bot_plays_only_the_seats_named_and_stops_when_another_must_act(run, game):
    waiting = show_json(run, game)["to_act"][0]
    others = [str(s) for s in (1, 2, 3) if s != waiting]
    result = run("bot", game, *[arg for seat in others for arg in ("--seat", seat)])
    assert result.exit_code == 0
    assert "The bot played 0 commands (bot seed: " in result.output
    assert show_json(run, game)["to_act"] == [waiting]


def test_play_is_hot_seat_with_numbered_commands_and_explains_refusals(run, game):
    result = run("play", game, input="move to=e1\n7\n1\nq\n")
    assert result.exit_code == 0, result.output
    assert "1. roll" in result.output
    assert "Refused: roll the die before you move" in result.output
    assert "Pick a number from 1 to 1" in result.output
    assert "rolled" in result.output
    assert show_json(run, game)["version"] >= 3


def test_play_ends_when_the_game_is_over(run, game):
    run("bot", game)
    result = run("play", game)
    assert result.exit_code == 0 and "Game over" in result.output


def _ludolog() -> str:
    path = Path(sys.executable).parent / "ludolog"
    if not path.exists():
        pytest.skip("the ludolog command is not installed beside this Python")
    return str(path)


def test_the_installed_command_plays_a_whole_game_on_the_store_the_environment_names(store):
    env = {**os.environ, "LUDOLOG_DATABASE_URL": store}
    game = subprocess.run([_ludolog(), "new", "assassination-le", *SEATS, "--seed", "7"],
                          capture_output=True, text=True, env=env, check=True).stdout.strip()
    subprocess.run([_ludolog(), "bot", game, "-q"], capture_output=True, text=True, env=env, check=True)
    shown = subprocess.run([_ludolog(), "show", game, "--json"], capture_output=True, text=True, env=env, check=True)
    assert json.loads(shown.stdout)["status"] == "over"
    bad = subprocess.run([_ludolog(), "show", "nope-nope"], capture_output=True, text=True, env=env)
    assert bad.returncode == 1 and bad.stderr.startswith("Error: no game") and "Traceback" not in bad.stderr


def test_a_process_killed_mid_game_continues_from_the_stored_events(store):
    env = {**os.environ, "LUDOLOG_DATABASE_URL": store}
    # with this salt, seed "long" is a game bot seed 1 ends in 106 events (a random salt's ran to several hundred)
    game = subprocess.run([_ludolog(), "new", "assassination-le", *SEATS, "--seed", "long", "--salt", "5eed" * 8],
                          capture_output=True, text=True, env=env, check=True).stdout.strip()
    bot = subprocess.Popen([_ludolog(), "bot", game, "--seed", "1"], stdout=subprocess.PIPE, text=True,
                           env={**env, "PYTHONUNBUFFERED": "1"})
    for _ in range(40):  # wait until it has played some commands
        line = bot.stdout.readline()
        if line.startswith("#30 "):
            break
    bot.send_signal(signal.SIGKILL)
    assert bot.wait() == -signal.SIGKILL
    bot.stdout.close()
    shown = json.loads(subprocess.run([_ludolog(), "show", game, "--json"], capture_output=True, text=True,
                                      env=env, check=True).stdout)
    assert shown["status"] == "active" and shown["version"] >= 30
    subprocess.run([_ludolog(), "bot", game, "--seed", "1", "-q"], capture_output=True, text=True, env=env, check=True)
    final = json.loads(subprocess.run([_ludolog(), "show", game, "--json"], capture_output=True, text=True,
                                      env=env, check=True).stdout)
    assert final["status"] == "over" and final["version"] > shown["version"]


def test_two_bot_processes_on_one_game_keep_the_log_whole(store):
    env = {**os.environ, "LUDOLOG_DATABASE_URL": store}
    game = subprocess.run([_ludolog(), "new", "assassination-le", *SEATS, "--seed", "11"],
                          capture_output=True, text=True, env=env, check=True).stdout.strip()
    bots = [subprocess.Popen([_ludolog(), "bot", game, "--seed", str(n), "-q"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env) for n in (1, 2)]
    outputs = [bot.communicate(timeout=120) for bot in bots]
    # a bot that starts once the other has ended the game says so (exit 1): it had nothing to play
    assert all(bot.returncode == 0 or (bot.returncode == 1 and "a bot has nothing left to play" in err)
               for bot, (_, err) in zip(bots, outputs, strict=True)), outputs
    assert 0 in [bot.returncode for bot in bots], outputs
    from domain.engine.game import first_broken_link
    from domain.keeping.service import GameService
    from domain.keeping.store import store_env

    service = GameService(env=store_env(store))
    events = list(service.events.get(service.find_game(game)))
    assert [e.originator_version for e in events] == list(range(1, len(events) + 1))
    assert first_broken_link(events) is None
    assert service.status(events[0].originator_id)["status"] == "over"
    service.close()


@pytest.mark.parametrize(("store", "message"), [
    ("postgresql://postgres@127.0.0.1:1/games?connect_timeout=1", "cannot open the game store postgresql://postgres@127.0.0.1:1/games"),
    ("postgresql://ana:hunter2@127.0.0.1:1/games?connect_timeout=1", "postgresql://ana:***@127.0.0.1:1/games"),
    ("postgresql://127.0.0.1/games?pool=2", "unknown PostgreSQL URL parameter 'pool'"),
    ("postgresql://127.0.0.1", "names no database"),
])
def test_a_store_that_cannot_be_opened_exits_1_saying_why_without_its_password(store, message):
    result = CliRunner().invoke(cli, ["games", "--db", store])
    assert result.exit_code != 0 and message in result.output, result.output
    assert "hunter2" not in result.output and "Traceback" not in result.output
