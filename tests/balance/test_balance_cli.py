"""``ludolog balance``: its report's numbers against a direct count of the same games played by the
engine itself, the same report from the same seeds anywhere, outliers kept to replay, paper playtests
beside the bots, and mistakes refused in one line with nothing written."""

from __future__ import annotations

import json
import re
import shlex
import statistics
import uuid
from collections import Counter

import pytest
from cli_runs import invoke, one_line_error
from paper_games import paper_game

from domain.engine import registry
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from domain.thinking.balance.study import ending_of, game_seed, seat_names, study_salt
from domain.thinking.bots import play_random_game


def counted(ruleset: str, players: int, options: dict, seeds: list[str]) -> list[dict]:
    """The same seeded random games played by the engine's own aggregate (``play_random_game``), counted
    directly: who won, how it ended, how many turns. Each is played with the salt the study's game with
    that seed uses (``study_salt``): the seed and salt together decide its chance."""
    rules = registry.get(ruleset)
    found = []
    for seed in seeds:
        played = play_random_game(rules, seat_names(players), options, seed, bot_seed=seed, salt=study_salt(seed))
        game = played.game
        found.append({"turns": rules.turn_number(game.state), "moves": played.commands, **ending_of(game.outcome(), game.seats)})
    return found


def report(*args: str) -> dict:
    result = invoke("balance", *args, "--format", "json", "--no-keep", "-q")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_report_numbers_match_a_direct_count_of_the_same_games_with_option_and_vs():
    games = 100  # enough for every row: endings, seats, changed and unchanged games
    found = report("project-assassination", "--games", str(games), "--bot", "random", "--skill", "0",
                   "--option", "strike=on-entering", "--vs", "strike=every-move")
    seeds = [game_seed("balance", n) for n in range(games)]
    this = counted("project-assassination", 2, {"strike": "on-entering"}, seeds)
    that = counted("project-assassination", 2, {"strike": "every-move"}, seeds)
    main = found["findings"]
    for row in main["fairness"]["seats"]:
        assert row["count"] == sum(1 for g in this if g["winners"] == [row["seat"]])
        assert row["of"] == sum(1 for g in this if len(g["winners"]) == 1)
    assert main["fairness"]["draws"]["count"] == sum(1 for g in this if not g["winners"])
    assert {row["ending"]: row["count"] for row in main["endings"]} == dict(Counter(g["ending"] for g in this))
    assert main["length"]["turns"]["median"] == statistics.median(g["turns"] for g in this)
    assert (main["length"]["turns"]["min"], main["length"]["turns"]["max"]) == (min(g["turns"] for g in this), max(g["turns"] for g in this))
    versus = found["versus"]
    assert versus["changed"] == {"strike": {"this": "on-entering", "vs": "every-move"}}
    changed = [(a, b) for a, b in zip(this, that) if (a["moves"], a["reason"]) != (b["moves"], b["reason"])]
    assert 0 < len(changed) < games  # the ruling changes some games and leaves others move for move the same
    assert (versus["games"], versus["changed_games"]["count"]) == (games, len(changed))
    for row in versus["endings"]:  # compared on the games the option changed
        assert row["this"] == sum(1 for a, _ in changed if a["ending"] == row["ending"]) / len(changed)
        assert row["vs"] == sum(1 for _, b in changed if b["ending"] == row["ending"]) / len(changed)
        assert row["low"] <= row["difference"] <= row["high"]
    assert {row["ending"] for row in versus["endings"]} == {g["ending"] for pair in changed for g in pair}
    decided = [(a, b) for a, b in changed if len(a["winners"]) == 1 and len(b["winners"]) == 1]
    assert versus["decided"] == len(decided)
    for row in versus["seats"]:
        assert row["this"] == sum(1 for a, _ in decided if a["winners"] == [row["seat"]]) / len(decided)
        assert row["vs"] == sum(1 for _, b in decided if b["winners"] == [row["seat"]]) / len(decided)
    mean_gap = statistics.fmean(a["turns"] - b["turns"] for a, b in changed)
    assert versus["turns"]["difference"] == pytest.approx(mean_gap)
    assert versus["vs_findings"]["study"]["options"]["strike"] == "every-move"
    died = {row["ending"]: row for row in versus["endings"]}["the other assassin died"]
    assert died["difference"] == pytest.approx(died["this"] - died["vs"])


def test_the_ab_says_how_many_games_the_option_changed_and_compares_those():
    result = invoke("balance", "project-assassination", "--games", "60", "--bot", "random", "--skill", "0", "--no-keep", "-q",
                    "--option", "strike=on-entering", "--vs", "strike=every-move")
    seeds = [game_seed("balance", n) for n in range(60)]
    pairs = zip(counted("project-assassination", 2, {"strike": "on-entering"}, seeds),
                counted("project-assassination", 2, {"strike": "every-move"}, seeds))
    changed = sum(1 for a, b in pairs if (a["moves"], a["reason"]) != (b["moves"], b["reason"]))
    assert f"the option changed {changed} of the 60 games, {round(100 * changed / 60)}% (" in result.output
    assert f"the other {60 - changed} were played move for move the same under both" in result.output
    assert f"On the {changed} games it changed" in result.output


def test_an_option_that_changes_no_game_is_said_to_make_no_difference():
    result = invoke("balance", "correction", "--games", "6", "--bot", "random", "--skill", "0", "--no-keep", "-q",
                    "--option", "turn_limit=200", "--vs", "turn_limit=300")  # random Correction games end long before
    assert result.exit_code == 0, result.output
    assert "the option changed 0 of the 6 games, 0% (" in result.output
    assert "made no difference to these bots' games" in result.output and "On the 0 games" not in result.output


def test_markdown_report_says_each_seats_win_rate_with_its_interval_and_a_verdict():
    result = invoke("balance", "correction", "--games", "60", "--bot", "random", "--skill", "0", "--no-keep", "-q")
    assert result.exit_code == 0, result.output
    wins = Counter(tuple(g["winners"]) for g in counted("correction", 2, {}, [game_seed("balance", n) for n in range(60)]))
    for seat in (1, 2):
        decided = wins[(1,)] + wins[(2,)]
        rate = round(100 * wins[(seat,)] / decided)
        assert re.search(rf"Seat {seat} wins {rate}% \(\d+–\d+%\) of the {decided} games one seat won: ", result.output)
    assert "Random bots play without purpose" in result.output
    for heading in ("## Fairness by seat", "## Length and endings", "## Suspected rule holes", "## Drama", "## Commands and cards",
                    "## Games worth replaying"):
        assert heading in result.output
    assert "turns |" in result.output  # the text histogram


def test_same_seed_gives_the_same_report_on_one_worker_or_two():
    args = ("correction", "--games", "24", "--skill", "2", "--budget", "5", "--seed", "same")
    assert report(*args, "--workers", "1") == report(*args, "--workers", "2")
    assert report(*args, "--workers", "2") != report("correction", "--games", "24", "--skill", "2", "--budget", "5", "--seed", "other")


def test_skill_counts_the_search_bots_wins_in_rotating_seats():
    found = report("correction", "--games", "4", "--skill", "4", "--budget", "20", "--bot", "random")
    rows = {row["against"]: row for row in found["skill"]}
    assert set(rows) == {"random", "greedy"}
    assert all(row["of"] == 4 and 0 <= row["count"] <= 4 and row["fair_share"] == 0.5 for row in rows.values())
    assert rows["random"]["count"] >= 3  # searching beats random play in Correction


def test_games_run_on_a_dask_cluster_give_the_same_report():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        on_dask = report("infection", "--games", "12", "--bot", "random", "--skill", "0", "--scheduler", cluster.scheduler_address)
    assert on_dask == report("infection", "--games", "12", "--bot", "random", "--skill", "0")


def test_outlier_games_are_kept_in_the_store_and_replay_to_the_same_end(db_path, tmp_path):
    output = tmp_path / "report.html"
    result = invoke("balance", "missions", "--players", "3", "--games", "10", "--bot", "random", "--skill", "0", "--db", db_path,
                    "--format", "html", "--output", str(output), "-q")
    assert result.exit_code == 0, result.output
    text = output.read_text()
    assert text.startswith("<!DOCTYPE html>") and text.count("<svg") == 2 and "<script" not in text
    found = json.loads(invoke("balance", "missions", "--players", "3", "--games", "10", "--bot", "random", "--skill", "0",
                              "--db", db_path, "--format", "json", "-q").output)
    service = GameService(env=store_env(db_path))
    for name, expected in found["findings"]["outliers"].items():
        kept = found["kept"][name]
        game = service.game(uuid.UUID(kept["game_id"]))
        assert game.rules.turn_number(game.state) == expected["turns"] and game.outcome().winners == expected["winners"]
        assert kept["command"] == f"ludolog replay {kept['game_id'][:8]} --db {shlex.quote(db_path)}"
    for name in ("longest", "shortest", "most-lopsided"):
        page = tmp_path / "report-games" / f"{name}.html"
        assert page.exists() and f'href="report-games/{name}.html"' in text


def test_games_that_never_end_are_named_as_suspected_rule_holes(db_path):
    found = json.loads(invoke("balance", "assassination-le", "--games", "5", "--bot", "random", "--skill", "0", "--max-commands", "10",
                              "--db", db_path, "--format", "json", "-q").output)
    assert [hole["hole"] for hole in found["findings"]["holes"]] == ["no end after 10 commands"] * 5
    assert found["findings"]["endings"] == [{"ending": "stopped: a rule hole", "count": 5, "of": 5, "rate": 1.0,
                                             "low": pytest.approx(0.566, abs=0.001), "high": 1.0}]
    assert {"hole 0", "hole 1", "hole 2"} <= set(found["kept"])


def test_paper_playtests_are_set_beside_the_bots(db_path):
    service = GameService(env=store_env(db_path))
    rules = registry.get("correction")
    winners = []
    for n in range(3):
        script = paper_game(rules, ["Ann", "Ben"], {}, f"paper-{n}")
        game_id = service.create_game("correction", ["Ann", "Ben"], {}, table=True, outcomes=script.setup_outcomes)
        for move in script.moves:
            service.submit(game_id, move.seat, move.command, outcomes=move.outcomes)
        winners.append(service.game(game_id).outcome().winners)
    result = invoke("balance", "correction", "--games", "20", "--bot", "random", "--skill", "0", "--with-table-games", "--no-keep",
                    "--db", db_path, "-q")
    assert result.exit_code == 0, result.output
    won, decided = sum(1 for w in winners if w == [1]), sum(1 for w in winners if len(w) == 1)
    assert f"At the table Seat 1 won {won} of {decided} (" in result.output
    assert "3 games transcribed from paper playtests" in result.output


@pytest.mark.parametrize(("args", "message"), [
    (("no-such-game",), "no-such-game"),
    (("project-assassination", "--option", "strike=sideways"), "strike"),
    (("project-assassination", "--vs", "strike=sideways"), "strike"),
    (("correction", "--seat-bot", "3=search"), "--seat-bot"),
    (("correction", "--scheduler", "tcp://127.0.0.1:9"), "Dask scheduler"),
    (("correction", "--players", "0"), "Correction is played by 2 players, not 0"),
    (("missions", "--players", "5"), "played by 3-4 players, not 5"),
])
def test_mistakes_are_one_line_and_write_nothing(args, message, tmp_path):
    output = tmp_path / "report.md"
    result = invoke("balance", *args, "--games", "2", "--skill", "0", "--no-keep", "-q", "--output", str(output))
    assert message in one_line_error(result)
    assert list(tmp_path.iterdir()) == []


def test_an_output_that_cannot_be_written_is_one_line_and_leaves_no_file(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = invoke("balance", "correction", "--games", "2", "--skill", "0", "--no-keep", "-q", "--output", str(blocker / "r.md"))
    assert "cannot write" in one_line_error(result)
    assert [p.name for p in tmp_path.iterdir()] == ["file"]


def test_a_study_refused_before_any_game_leaves_no_new_store_behind(tmp_path):
    store = tmp_path / "new.sqlite3"
    result = invoke("balance", "correction", "--games", "2", "--skill", "0", "--option", "turn_limit=-3", "--db", str(store), "-q")
    assert "turn_limit" in one_line_error(result)
    assert list(tmp_path.iterdir()) == []
