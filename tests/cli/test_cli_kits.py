"""The kit shelf from the command line: ``ludolog kit add`` stores a kit file by its name (the same content
again is unchanged, a changed one the next version), ``kit list``, ``kit show`` (YAML), ``kit schema``;
``ludolog new`` takes a kit file or a shelved kit's name and makes a playable table-kit game;
``ludolog rulesets`` lists the kits after the rulesets. A kit with mistakes prints them, a line each, and
exits 1 storing nothing; every other mistake is one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from cli_runs import invoke, one_line_error, succeeded

from domain.games.table_kit.reading.kit import content_hash
from domain.games.table_kit.vocabulary.layout import SCHEMA
from domain.games.table_kit.rules import KITS, shipped_kit
from domain.keeping.kit_shelf import KitShelf
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from tests.documentation import page

MISSIONS = KITS / "missions.yaml"
SNAKES = KITS / "snakes-and-ladders.yaml"
SNAKES_KIT = shipped_kit("snakes-and-ladders")


def stored_kits(db: str) -> list[tuple[str, int]]:
    service = GameService(env=store_env(db))
    try:
        return [(entry.name, entry.version) for entry in KitShelf(service).list()]
    finally:
        service.close()


def test_kit_add_stores_a_kit_and_the_same_file_again_is_unchanged(db):
    first = succeeded("kit", "add", str(MISSIONS), db=db).strip().splitlines()
    assert first[0] == f"missions-kit v1 ({content_hash(shipped_kit('missions'))[:12]}) added"
    assert first[1].startswith("kit token ") and first[1].endswith("(shown once: POST /kits needs it for a new version)")
    assert succeeded("kit", "add", str(MISSIONS), db=db).strip() == f"missions-kit v1 ({content_hash(shipped_kit('missions'))[:12]}) unchanged"


def test_kit_add_of_a_changed_file_is_the_next_version(db, tmp_path):
    succeeded("kit", "add", str(SNAKES), db=db)
    changed = tmp_path / "snakes.yaml"
    changed.write_text(SNAKES.read_text(encoding="utf-8").replace("title: Snakes and Ladders", "title: Snakes, second draft"),
                       encoding="utf-8")
    said = succeeded("kit", "add", str(changed), db=db).strip()  # the CLI on the store's machine is the owner: no token
    assert said.startswith("snakes-and-ladders v2 (") and said.endswith(") added")
    assert stored_kits(db) == [("snakes-and-ladders", 2)]


def test_kit_list_names_each_kit_with_its_latest_version(db):
    assert "No kits yet" in succeeded("kit", "list", db=db)
    succeeded("kit", "add", str(SNAKES), db=db)
    succeeded("kit", "add", str(MISSIONS), db=db)
    lines = succeeded("kit", "list", db=db).splitlines()
    assert [line.split()[:3] for line in lines] == [["missions-kit", "v1", content_hash(shipped_kit("missions"))[:12]],
                                                    ["snakes-and-ladders", "v1", content_hash(SNAKES_KIT)[:12]]]
    assert lines[0].endswith("Missions") and lines[1].endswith("Snakes and Ladders")
    listed = json.loads(succeeded("kit", "list", "--json", db=db))
    assert [(kit["name"], kit["version"]) for kit in listed] == [("missions-kit", 1), ("snakes-and-ladders", 1)]


def test_kit_show_prints_the_stored_document_as_yaml_each_version(db, tmp_path):
    succeeded("kit", "add", str(SNAKES), db=db)
    changed = tmp_path / "snakes.yaml"
    changed.write_text(SNAKES.read_text(encoding="utf-8").replace("most: 6", "most: 4"), encoding="utf-8")
    succeeded("kit", "add", str(changed), db=db)
    assert yaml.safe_load(succeeded("kit", "show", "snakes-and-ladders", "--version", "1", db=db)) == SNAKES_KIT
    assert yaml.safe_load(succeeded("kit", "show", "snakes-and-ladders", db=db))["seats"] == {"fewest": 2, "most": 4}
    assert "no kit named 'chess' on the shelf; kits: snakes-and-ladders" in one_line_error(
        invoke("kit", "show", "chess", "--db", db))
    assert "has versions 1 to 2, not 3" in one_line_error(invoke("kit", "show", "snakes-and-ladders", "--version", "3", "--db", db))


def test_kit_schema_prints_the_kit_formats_json_schema():
    result = invoke("kit", "schema")
    assert result.exit_code == 0 and json.loads(result.output) == SCHEMA


def new_game(*args: str, db: str) -> str:
    return succeeded("new", *args, "--seat", "Ann", "--seat", "Ben", db=db).strip().splitlines()[-1]


def test_new_of_a_kit_file_makes_a_playable_game_named_by_the_kits_title(db):
    game = new_game(str(SNAKES), db=db)
    listed = succeeded("games", db=db)
    assert "table-kit" in listed and "Snakes and Ladders" in listed
    rolled = succeeded("act", game, '{"type": "roll", "die": "die"}', "--seat", "Ann", db=db)
    assert "Ann" in rolled and "die" in rolled
    shown = json.loads(succeeded("show", game, "--json", db=db))
    assert shown["ruleset"] == "table-kit" and shown["options"]["kit"] == SNAKES_KIT
    assert "Snakes and Ladders" in succeeded("show", game, db=db)
    assert stored_kits(db) == []  # a game of a file does not shelve its kit


def test_new_of_a_shelved_kits_name_makes_a_game_of_its_latest_version(db):
    succeeded("kit", "add", str(SNAKES), db=db)
    game = new_game("snakes-and-ladders", "--name", "Thursday", db=db)
    succeeded("act", game, '{"type": "roll", "die": "die"}', "--seat", "1", db=db)
    shown = json.loads(succeeded("show", game, "--json", db=db))
    assert shown["name"] == "Thursday" and shown["options"]["kit"] == SNAKES_KIT and shown["version"] > 2
    assert "Thursday" in succeeded("games", db=db)


def test_a_kit_file_with_mistakes_prints_each_and_stores_no_game_and_no_kit(db, tmp_path):
    bad = tmp_path / "bad.yaml"
    text = SNAKES.read_text(encoding="utf-8").replace("seats: {fewest: 2, most: 6}", "seats: {fewest: 2, most: 6, many: 1}")
    bad.write_text(text.replace("kind: track", "kind: tracks"), encoding="utf-8")
    for args in (("new", str(bad), "--seat", "Ann", "--seat", "Ben"), ("kit", "add", str(bad))):
        result = invoke(*args, "--db", db)
        assert result.exit_code == 1 and "Traceback" not in result.output
        lines = result.output.strip().removeprefix("Error: ").splitlines()
        assert len(lines) == 3 and all(line.startswith(f"{bad}:") for line in lines), result.output
        assert lines[-1] == f"{bad}:1: the kit: not checked until it fits the schema: names and ranges"
        assert not Path(db).exists()
    succeeded("kit", "add", str(MISSIONS), db=db)
    assert invoke("kit", "add", str(bad), "--db", db).exit_code == 1
    assert invoke("new", str(bad), "--seat", "Ann", "--seat", "Ben", "--db", db).exit_code == 1
    assert stored_kits(db) == [("missions-kit", 1)]
    assert "No games yet" in succeeded("games", db=db)


def test_a_missing_kit_file_or_unknown_name_is_one_line(db, tmp_path):
    missing = str(tmp_path / "nope.yaml")
    assert missing in one_line_error(invoke("new", missing, "--seat", "Ann", "--seat", "Ben", "--db", db))
    assert missing in one_line_error(invoke("kit", "add", missing, "--db", db))
    assert "no ruleset named 'chess'" in one_line_error(invoke("new", "chess", "--seat", "Ann", "--seat", "Ben", "--db", db))
    assert not Path(db).exists()


def test_a_kit_game_with_the_wrong_number_of_seats_is_one_line(db):
    succeeded("kit", "add", str(MISSIONS), db=db)
    assert "played by 3-4 players, not 2" in one_line_error(invoke("new", str(MISSIONS), "--seat", "A", "--seat", "B", "--db", db))


def test_rulesets_lists_the_kits_after_the_rulesets_and_shows_one(db):
    from domain.engine import registry

    succeeded("kit", "add", str(SNAKES), db=db)
    lines = succeeded("rulesets", db=db).splitlines()
    assert len(lines) == len(registry.all_rulesets()) + 2
    assert lines[-2] == f"Kits on the shelf of {db}, each played by its name ('ludolog new NAME'):"
    assert lines[-1].startswith(f"snakes-and-ladders  (2-6 players, kit v1 {content_hash(SNAKES_KIT)[:12]})  Snakes and Ladders: ")
    one = succeeded("rulesets", "snakes-and-ladders", db=db)
    assert "    components 101 spaces, 6 pieces, 1 die; 2-6 players" in one
    assert "    command roll die=... count=..." in one and "    command move piece=... to=..." in one
    assert json.loads(succeeded("rulesets", "snakes-and-ladders", "--json", db=db))["kit"]["version"] == 1
    assert "kits: snakes-and-ladders" in one_line_error(invoke("rulesets", "chess", "--db", db))


def test_a_changed_kit_file_does_not_change_an_old_games_replay(db, tmp_path):
    kit = tmp_path / "snakes.yaml"
    kit.write_text(SNAKES.read_text(encoding="utf-8"), encoding="utf-8")
    game = new_game(str(kit), db=db)
    succeeded("act", game, '{"type": "move", "piece": "pawn-1", "to": "4"}', "--seat", "Ann", db=db)
    before = [succeeded("show", game, "--at", str(step), db=db) for step in (2, 4)], succeeded("replay", game, db=db), succeeded("audit", game, db=db)
    kit.write_text(SNAKES.read_text(encoding="utf-8").replace("faces: [1, 2, 3, 4, 5, 6]", "faces: [1, 2, 3]").replace("title: Snakes and Ladders",
                                                                                                  "title: Short Snakes"), encoding="utf-8")
    assert "Short Snakes" in invoke("kit", "check", str(kit)).output
    after = [succeeded("show", game, "--at", str(step), db=db) for step in (2, 4)], succeeded("replay", game, db=db), succeeded("audit", game, db=db)
    assert after == before and "100[]" in before[0][1] and "clean" in before[2]


def test_a_balance_report_of_a_table_kit_is_refused_in_one_line(db):
    refused = invoke("balance", "table-kit", "--games", "2", "--db", db)
    assert one_line_error(refused).startswith("Error: Table kit holds no rules")
    refused = invoke("balance", str(SNAKES), "--games", "2", "--db", db)  # a kit file that keeps no rules
    assert one_line_error(refused).startswith("Error: Snakes and Ladders (Table kit) holds no rules")


def test_a_kit_with_rules_is_balanced_from_its_file_and_an_ab_of_a_parameter_compares_paired_seeds(db):
    report = invoke("balance", str(KITS / "pig.yaml"), "--games", "12", "--option", "target=30", "--vs", "target=60",
                    "--skill", "0", "--workers", "1", "--quiet", "--db", db)
    assert report.exit_code == 0, report.output
    text = report.output
    assert "# Balance of Pig (Table kit)" in text
    assert "- 12 games of Pig (Table kit) with 2 players" in text and "Options: kit=pig, parameters={'target': 30}" in text
    assert "- Reached the target score: 12 games, 100%" in text
    assert "Ended at the turn or round limit (turns=1000): 0 of 12 games" in text
    assert "| roll |" in text and "| hold |" in text and "| move |" not in text  # the kit's actions, counted
    assert "With parameters={'target': 30} instead of parameters={'target': 60}, on the same 12 seeds" in text
    stopped = invoke("balance", str(KITS / "pig.yaml"), "--games", "4", "--option", "turns=3", "--skill", "0", "--workers", "1",
                     "--quiet", "--db", db)
    assert "Ended at the turn or round limit (turns=3): 4 of 4 games, 100%" in stopped.output


def test_kit_token_issues_a_new_token_that_the_api_takes_for_a_new_version(db, tmp_path):
    succeeded("kit", "add", str(SNAKES), db=db)
    token = succeeded("kit", "token", "snakes-and-ladders", db=db).strip()
    from domain.keeping.kit_shelf import KitShelf
    from domain.keeping.service import GameService
    from domain.keeping.store import store_env

    service = GameService(env=store_env(db))
    try:
        changed = {**shipped_kit("snakes-and-ladders"), "title": "Snakes, by token"}
        assert KitShelf(service).add(changed, token).version == 2
    finally:
        service.close()


def test_the_first_kit_tutorials_snakes_and_ladders_session_is_what_the_kit_plays(db):
    """The session of the guide's tutorial "Write your first kit", its commands run as written (``$G`` the game
    made): each prints the lines the page shows after it, a roll of 4 from the start reaching square 4, its
    ladder's top 14."""
    tutorial = page("tutorials/first-kit.md")
    block = tutorial.split("$ ludolog kit add snakes-and-ladders.yaml\n", 1)[1].split("$ ludolog export", 1)[0]
    steps = [part.split("\n", 1) for part in block.split("$ ")[1:]]
    succeeded("kit", "add", str(SNAKES), db=db)
    game = ""
    for command, shown in steps:
        if command.startswith("G=$("):
            args = command[len("G=$(ludolog "):-1].split()
            game = succeeded(*args, db=db).strip()
            continue
        words = command.split("  #")[0].strip()
        seat, body = words.split(" --seat ")[1].split(" ", 1)
        printed = succeeded("act", game, "--seat", seat, body.strip("'"), db=db)
        assert printed.strip().splitlines() == shown.strip().splitlines(), command
    assert len(steps) >= 8
