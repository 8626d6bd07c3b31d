"""What a class trying the CLI ran into, each now one clear line or the answer it expected: a folder given
as ``--db``; ``export`` without ``--format``; ``bot`` on a finished game; an option file that is not
JSON; ``--db`` put before the command; ``balance`` of a shelved kit's name; ``rulesets`` and the shelf;
``bot -q``; the columns of ``games``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_runs import invoke, one_line_error, succeeded

from domain.engine import registry
from domain.games.table_kit.rules import KITS

FORMATS = ("ndjson", "json", "csv", "md", "html", "diary")
PROG = "cli"
"""What the commands call themselves run in process (the ``ludolog`` command when installed)."""


def finished_game(db: str) -> str:
    game = succeeded("new", "correction", "--seat", "Ana", "--seat", "Ben", "--seed", "3", db=db).strip()
    succeeded("bot", game, "-q", "--seed", "0", db=db)
    return game


def test_a_folder_given_as_db_is_one_line_naming_a_file_in_it(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    for args in (("games",), ("new", "correction", "--seat", "Ana", "--seat", "Ben"), ("kit", "list")):
        message = one_line_error(invoke(*args, "--db", str(folder)))
        assert message == f"Error: --db {folder} is a folder, not a game store: name a file in it (--db {folder / 'ludolog.sqlite3'})"
    assert list(folder.iterdir()) == []  # nothing created in it


def test_export_without_format_names_the_formats_on_one_line(db):
    game = finished_game(db)
    message = one_line_error(invoke("export", game, "--db", db))
    assert message == f"Error: Missing option '--format': one of {', '.join(FORMATS)} (see '{PROG} export -h')"
    assert "Choose from" not in message


def test_bot_on_a_finished_game_says_the_game_is_over_and_plays_nothing(db):
    game = finished_game(db)
    before = json.loads(succeeded("show", game, "--json", db=db))
    message = one_line_error(invoke("bot", game, "--db", db))
    winner = before["seats"][before["outcome"]["winners"][0] - 1]["name"]
    assert message.startswith(f"Error: game {before['id']} is over (Winner: {winner}")
    assert message.endswith("): a bot has nothing left to play") and "played 0 commands" not in message
    assert json.loads(succeeded("show", game, "--json", db=db))["version"] == before["version"]


@pytest.mark.parametrize("text", ["turn_limit: 40\n", "forty", "{\"a\": 1,}"])
def test_an_option_file_that_is_not_json_is_refused_not_taken_as_a_string(db, tmp_path, text):
    option = tmp_path / "limit.txt"
    option.write_text(text, encoding="utf-8")
    message = one_line_error(invoke("new", "correction", "--seat", "Ana", "--seat", "Ben", "--option", f"turn_limit=@{option}",
                                    "--db", db))
    assert message.startswith(f"Error: Invalid value for --option: turn_limit=@{option}: the file is not JSON (")
    assert not Path(db).exists()  # nothing created
    binary = tmp_path / "limit.bin"
    binary.write_bytes(b"\xff\xfe\x00")
    assert "the file is not text" in one_line_error(invoke("new", "correction", "--seat", "Ana", "--seat", "Ben",
                                                          "--option", f"turn_limit=@{binary}", "--db", db))


def test_an_option_file_of_json_is_read_as_its_value_a_byte_order_mark_and_all(db, tmp_path):
    option = tmp_path / "limit.json"
    option.write_bytes(b"\xef\xbb\xbf40\n")
    game = succeeded("new", "correction", "--seat", "Ana", "--seat", "Ben", "--option", f"turn_limit=@{option}", db=db).strip()
    assert json.loads(succeeded("show", game, "--json", db=db))["options"]["turn_limit"] == 40
    # a value typed in the command stays text when it is not JSON, as before
    refused = one_line_error(invoke("new", "correction", "--seat", "Ana", "--seat", "Ben", "--option", "turn_limit=forty", "--db", db))
    assert "'forty' is not of type 'integer'" in refused


def test_db_before_the_command_is_taken_as_the_commands_store(db):
    game = invoke("--db", db, "new", "correction", "--seat", "Ana", "--seat", "Ben").output.strip()
    listed = invoke("--db", db, "games")
    assert listed.exit_code == 0 and listed.output.startswith(game)
    assert invoke("--db", db, "kit", "list").exit_code == 0
    # the command's own --db comes first
    other = str(Path(db).with_name("other.sqlite3"))
    assert "no game store at" in one_line_error(invoke("--db", db, "games", "--db", other))


def test_db_given_to_the_kit_group_says_to_put_it_after_the_command(db):
    message = one_line_error(invoke("kit", "--db", db, "list"))
    assert message == (f"Error: {PROG} kit takes no --db: put it after the command's name ({PROG} kit COMMAND --db STORE) "
                       f"(see '{PROG} kit -h')")


def test_balance_takes_a_shelved_kits_name_as_new_does(db):
    succeeded("kit", "add", str(KITS / "pig.yaml"), db=db)
    assert succeeded("new", "pig", "--seat", "Ana", "--seat", "Ben", db=db).strip()
    report = json.loads(succeeded("balance", "pig", "--games", "6", "--skill", "0", "--workers", "1", "--quiet", "--no-keep",
                            "--format", "json", "--option", "target=30", db=db))
    from_file = json.loads(succeeded("balance", str(KITS / "pig.yaml"), "--games", "6", "--skill", "0", "--workers", "1", "--quiet",
                               "--no-keep", "--format", "json", "--option", "target=30", db=db))
    assert report["findings"] == from_file["findings"]  # the shelved kit is played as its file is
    study = report["findings"]["study"]
    assert study["games"] == 6 and study["options"]["kit"]["name"] == "pig" and study["options"]["parameters"] == {"target": 30}
    unknown = one_line_error(invoke("balance", "pigs", "--db", db))
    assert unknown.startswith("Error: no ruleset named 'pigs'") and unknown.endswith("kits: pig")
    nowhere = one_line_error(invoke("balance", "pig", "--db", str(Path(db).with_name("none.sqlite3"))))
    assert "kits: none, there is no store at" in nowhere


def test_rulesets_lists_the_shelved_kits_and_says_when_there_are_none(db):
    lines = succeeded("rulesets", db=db).splitlines()
    assert len(lines) == len(registry.all_rulesets()) + 1
    assert lines[-1] == (f"Kits on the shelf of {db}: none (there is no store there yet); 'ludolog kit add FILE' keeps one "
                         "there, and --db names another store")
    table_kit = next(line for line in lines if line.startswith("table-kit  "))
    assert table_kit.startswith("table-kit  (1-8 players, as its kit says; rules v1)  Table kit: ")
    for name in ("tic-tac-toe", "pig"):
        succeeded("kit", "add", str(KITS / f"{name}.yaml"), db=db)
    lines = succeeded("rulesets", db=db).splitlines()
    assert lines[-3:-2] == [f"Kits on the shelf of {db}, each played by its name ('ludolog new NAME'):"]
    assert lines[-2].startswith("pig  (2-4 players, kit v1 ") and lines[-1].startswith("tic-tac-toe  (2 players, kit v1 ")


def test_bot_quiet_prints_no_board_only_what_it_played_and_how_the_game_stands(db):
    game = succeeded("new", "correction", "--seat", "Ana", "--seat", "Ben", "--seed", "3", db=db).strip()
    quiet = succeeded("bot", game, "-q", "--seed", "0", db=db).splitlines()
    assert re.fullmatch(r"The bot played \d+ commands \(bot seed: 0\)\.", quiet[0])
    assert quiet[1].startswith("Game over. Winner: ") and quiet[2].startswith("Seed: 3, salt ")
    assert len(quiet) == 3 and "+-----+" not in "\n".join(quiet)
    again = succeeded("new", "correction", "--seat", "Ana", "--seat", "Ben", "--seed", "3", db=db).strip()
    loud = succeeded("bot", again, "--seed", "0", db=db)
    assert "+-----+" in loud and loud.splitlines()[-2:] == quiet[1:]  # the same game, the board shown without -q


def test_games_aligns_its_columns_whatever_the_ruleset_names_length(db):
    for ruleset in ("project-assassination", "correction", "assassination-le"):
        seats = ["Ana", "Ben", "Cy"] if ruleset == "assassination-le" else ["Ana", "Ben"]
        succeeded("new", ruleset, *[arg for seat in seats for arg in ("--seat", seat)], db=db)
    lines = succeeded("games", db=db).splitlines()
    assert len(lines) == 3
    for column in ("active", r"v\d"):  # each status and version starts at the same place on every line
        starts = {re.search(rf"  ({column})", line).start(1) for line in lines}
        assert len(starts) == 1, lines
    names = {line.index("Ana, Ben") for line in lines}
    assert len(names) == 1, lines
