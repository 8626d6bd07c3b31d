"""``ludolog tune`` from the command line: its report in Markdown, HTML (a chart of the miss; a heat map for two
values varied) and JSON; ``--study FILE`` kept, so the same command again resumes it, playing no game the file
holds, to the same report; every mistake one line ``Error: ...``, exit 1, with no game played and nothing
written; and what a designer typed (a kit's title) escaped in every report."""

from __future__ import annotations

import json
import sqlite3

import pytest
from cli_runs import one_line_error
from click.testing import CliRunner
from dice_race_tunes import DICE_RACE_FILE

from cli import tune as tune_command
from cli.balance_runs import play_task
from cli.main import cli
from replays import tune_report as written

SMALL = ("--option", "finish=6", "--vary", "head_start=1..3", "--goal", "seats", "--bot", "random", "--block", "10",
         "--most-games", "30", "--confirm", "10", "--seed", "cli", "-q")
"""A cheap tune of the dice race to 6: three head starts, at most 30 games each, 10 fresh games each to confirm."""


class Games:
    """Stands in for the CLI's runner of games: plays them here, one after the other, and counts them."""

    def __init__(self) -> None:
        self.played = 0

    def __call__(self, tasks, workers, scheduler, label, quiet=False):
        self.played += len(tasks)
        return [play_task(task) for task in tasks]


@pytest.fixture
def games(monkeypatch) -> Games:
    counted = Games()
    monkeypatch.setattr(tune_command, "run_games", counted)
    return counted


@pytest.fixture
def tune(tmp_path):
    """``tune(*args)``: ``ludolog tune`` run in process on a store in the test's folder (never created by a tune)."""
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(cli, ["tune", *args, "--db", str(tmp_path / "games.sqlite3")], catch_exceptions=False)

    return invoke


def report_of(result) -> str:
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_markdown_report_names_the_recommended_values_and_every_candidate(tune, games):
    text = report_of(tune(str(DICE_RACE_FILE), *SMALL))
    assert text.startswith("# Tuning Dice race (Table kit): head\\_start\n")
    assert "- Recommended: head\\_start = " in text and "- Aim: seats even." in text
    assert "the other options as given: finish = 6." in text
    for section in ("## The recommended values", "## Candidates", "## Confirmation", "## How the answer was found"):
        assert section in text
    assert "| `head_start` | standing | games | miss | 95% interval |" in text
    assert len([line for line in text.splitlines() if line.startswith("| ") and line[2] in "123"]) == 3  # a row each
    assert games.played > 0


def test_the_html_report_draws_the_miss_of_each_value_and_the_json_holds_every_figure(tune, games, tmp_path):
    page = report_of(tune(str(DICE_RACE_FILE), *SMALL, "--format", "html"))
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page and "<script" not in page
    assert "The miss at each head_start tried" in page and "<table>" in page
    out = tmp_path / "tune.json"
    written = tune(str(DICE_RACE_FILE), *SMALL, "--format", "json", "--output", str(out))
    assert written.exit_code == 0 and written.stdout == "" and f"wrote {out}" in written.stderr
    found = json.loads(out.read_text())
    assert found["tune"]["title"] == "Dice race (Table kit)" and found["tune"]["vary"][0]["values"] == [1, 2, 3]
    assert found["tune"]["fixed_options"] == {"parameters": {"finish": 6}}
    assert found["recommended"]["standing"] == "recommended" and found["space_size"] == 3
    assert {row["values"]["head_start"] for row in found["candidates"]} == {1, 2, 3}
    assert found["confirmation"]["games"] == 10 and found["current"] == {"head_start": 0}
    assert found["games"] == sum(row["games"] for row in found["candidates"])


def test_two_values_varied_draw_a_heat_map(tune, games):
    page = report_of(tune(str(DICE_RACE_FILE), "--vary", "head_start=1..2", "--vary", "finish=5,6", "--goal", "seats",
                          "--bot", "random", "--block", "10", "--most-games", "10", "--confirm", "0", "-q", "--format", "html"))
    assert "head_start across, finish down; blank: not tried" in page
    assert page.count('<rect x="') == 4 and 'stroke="#000" stroke-width="3"' in page  # four cells, the recommended one marked


def test_the_same_command_with_its_study_file_resumes_playing_only_what_the_file_lacks(tune, games, tmp_path):
    study = tmp_path / "race.db"
    first = json.loads(report_of(tune(str(DICE_RACE_FILE), *SMALL, "--format", "json", "--study", str(study))))
    played_first = games.played
    assert study.exists() and first["games_played_now"] == first["games"] > 0
    assert played_first == first["games"] + 2 * first["confirmation"]["games"]
    # the same command again plays only the confirmation's fresh games, and writes the same report
    again = report_of(tune(str(DICE_RACE_FILE), *SMALL, "--study", str(study)))
    assert games.played - played_first == 2 * first["confirmation"]["games"] == 20
    assert again == written.to_markdown(first)
    assert again.startswith("# Tuning Dice race (Table kit): head\\_start\n")


@pytest.mark.parametrize(("args", "says"), [
    (("--vary", "nope=1..2", "--goal", "seats"), ("Error: Dice race (Table kit) has no option 'nope' to vary; it has: "
                                                  "finish (a whole number from 2 to 200), head_start (a whole number from 0 to 199)")),
    (("--vary", "head_start=1..2", "--option", "nope=1", "--goal", "seats"), "Error: this kit has no parameter 'nope'"),
    (("--vary", "head_start=190..200", "--goal", "seats"), "Error: head_start: 200 is above its maximum, 199"),
    (("--vary", "head_start=2..1", "--goal", "seats"), "Error: head_start: the range 2..1 runs backwards"),
    (("--vary", "head_start=1..2", "--goal", "sides"), "Error: Dice race (Table kit) gives its seats no sides"),
    (("--vary", "head_start=1..2", "--goal", "limits<=0.1"), "Error: Dice race (Table kit) has no turn or round limit"),
    (("--vary", "head_start=1..2", "--goal", "length=40..20"), "Error: 'length=40..20': the band runs backwards"),
    (("--vary", "head_start=1..2", "--goal", "fair"), "Error: no goal 'fair'"),
    (("--vary", "head_start=1..2", "--goal", "seats", "--block", "40", "--most-games", "100"),
     "Error: the most games a candidate plays, 100, is not a whole number of blocks of 40 games"),
    (("--vary", "head_start=1..2", "--goal", "seats", "--players", "3"), "Error: Dice race is played by 2 players, not 3"),
    (("--vary", "head_start=1..2", "--goal", "seats", "--output", "{tmp}/nowhere/report.md"), "Error: cannot write"),
    (("--vary", "head_start=1..2", "--goal", "seats", "--study", "{tmp}/nowhere/race.db"), "Error: cannot keep the study in"),
    (("--vary", "head_start=1..2", "--goal", "seats", "--study", "{tmp}/notes.txt"), "it is not a study file"),
    (("--vary", "head_start=1..2", "--goal", "seats", "--study", "{tmp}"), "it is not a study file"),
])
def test_a_mistake_is_one_line_and_nothing_is_played_or_written(tune, games, tmp_path, args, says):
    (tmp_path / "notes.txt").write_text("my notes\n")
    before = sorted(tmp_path.rglob("*"))
    result = tune(str(DICE_RACE_FILE), *(arg.replace("{tmp}", str(tmp_path)) for arg in args), "-q")
    assert says in one_line_error(result)
    assert games.played == 0
    assert sorted(tmp_path.rglob("*")) == before  # no study, no report, no store


def test_an_unknown_game_is_one_line_naming_the_games_and_writes_no_store(tune, games, tmp_path):
    message = one_line_error(tune("chess", "--vary", "a=1..2", "--goal", "seats"))
    assert message.startswith("Error: no ruleset named 'chess'; known: assassination-le, correction")
    assert list(tmp_path.iterdir()) == [] and games.played == 0


def test_a_study_file_must_be_a_study_not_another_sqlite_database(tune, games, tmp_path):
    other = tmp_path / "games.sqlite3"
    with sqlite3.connect(other) as connection:
        connection.execute("create table stored_events (id integer primary key)")
    connection.close()
    message = one_line_error(tune(str(DICE_RACE_FILE), *SMALL, "--study", str(other)))
    assert "it is not a study file" in message
    with sqlite3.connect(other) as connection:
        tables = {name for (name,) in connection.execute("select name from sqlite_master where type = 'table'")}
    connection.close()
    assert tables == {"stored_events"} and games.played == 0


def test_what_a_designer_typed_is_escaped_in_the_markdown_and_html_reports(tune, games, tmp_path):
    kit = tmp_path / "specials.yaml"
    text = DICE_RACE_FILE.read_text(encoding="utf-8").replace("title: Dice race", 'title: "<b>*x*</b>"')
    kit.write_text(text.replace("  head_start: {", "  style: {default: \"Tom & Jerry's\", choices: [\"Tom & Jerry's\", plain], "
                                                    "summary: a choice of names}\n  head_start: {"), encoding="utf-8")
    quick = ("--option", "finish=5", "--vary", "style", "--goal", "seats", "--bot", "random", "--block", "10",
             "--most-games", "10", "--confirm", "0", "-q")
    markdown = report_of(tune(str(kit), *quick))
    assert markdown.startswith("# Tuning \\<b\\>\\*x\\*\\</b\\> (Table kit): style\n")
    assert "<b>" not in markdown and "*x*" not in markdown
    assert "| Tom \\& Jerry's |" in markdown and " Tom & " not in markdown
    for args in (quick, (*quick, "--vary", "head_start=1..2")):  # the chart of the miss, then the heat map
        page = report_of(tune(str(kit), *args, "--format", "html"))
        title = "Tuning &lt;b&gt;*x*&lt;/b&gt; (Table kit): style" + (", head_start" if len(args) > len(quick) else "")
        assert f"<h1>{title}</h1>" in page and f"<title>{title}</title>" in page
        assert "<b>" not in page and "Tom & " not in page and "Tom &amp; Jerry" in page
        assert page.count("<svg") == 1
    found = json.loads(report_of(tune(str(kit), *quick, "--format", "json")))
    assert found["tune"]["title"] == "<b>*x*</b> (Table kit)" and found["tune"]["vary"][0]["values"] == ["Tom & Jerry's", "plain"]
