"""Where a game's endings give scores (a kit's ``scores``), a balance report gives each seat's mean score and the
winner's margin with their 95% intervals, beside the win rates and over the same games; the A/B comparison gives
each seat's paired score difference. Kuhn poker's kit scores the chips won and lost."""

from __future__ import annotations

import json

from domain.games.table_kit.rules import shipped_kit
from domain.thinking.balance.compare import versus
from domain.thinking.balance.findings import findings
from domain.thinking.balance.stats import mean_interval
from domain.thinking.balance.study import Study, game_seed, play_study_game
from replays.balance_report import to_html, to_json, to_markdown

KUHN = Study("table-kit", 2, {"kit": shipped_kit("kuhn-poker")}, ("random", "random"))


def kuhn_records(games: int = 40) -> list[dict]:
    return [play_study_game(KUHN, game_seed("scores", n)) for n in range(games)]


def test_each_game_record_keeps_its_scores_and_a_game_without_them_has_none():
    record = kuhn_records(1)[0]
    assert sum(record["scores"]) == 0 and max(record["scores"]) in (1, 2) and record["winners"] == [1 + record["scores"].index(max(record["scores"]))]
    pig = play_study_game(Study("table-kit", 2, {"kit": shipped_kit("pig")}, ("random", "random")), "no-scores")
    assert "scores" not in pig
    assert findings(Study("table-kit", 2, {"kit": shipped_kit("pig")}, ("random", "random")), [pig])["scores"] is None


def test_the_report_gives_each_seats_mean_score_and_the_margin_with_intervals_over_the_games_counted():
    records = kuhn_records()
    found = findings(KUHN, records)
    scores = found["scores"]
    assert scores["games"] == scores["of"] == found["fairness"]["games"] == len(records)
    for row in scores["seats"]:
        mean, low, high = mean_interval([r["scores"][row["seat"] - 1] for r in records])
        assert (row["mean"], row["low"], row["high"]) == (mean, low, high) and low < mean < high
    assert scores["margin"]["mean"] == mean_interval([abs(r["scores"][0] - r["scores"][1]) for r in records])[0]
    assert scores["first_less_second"]["mean"] == mean_interval([r["scores"][0] - r["scores"][1] for r in records])[0]
    assert scores["seats"][0]["mean"] == -scores["seats"][1]["mean"]  # chips won are chips lost


def test_the_written_reports_show_the_scores_section_and_the_json_every_figure():
    records = kuhn_records()
    report = {"seed": "scores", "given_options": {"kit": KUHN.options["kit"]}, "findings": findings(KUHN, records)}
    markdown = to_markdown(report)
    first = report["findings"]["scores"]["seats"][0]
    assert "## Scores" in markdown and "over the 40 games whose ending gave scores" in markdown
    assert "The winner's margin (the highest score less the next): " in markdown
    assert f"{first['mean']:.2f}".rstrip("0").rstrip(".").lstrip("-") in markdown
    assert "<h2>Scores</h2>" in to_html(report)
    assert json.loads(to_json(report))["findings"]["scores"]["seats"][1]["mean"] == report["findings"]["scores"]["seats"][1]["mean"]


def test_the_a_b_comparison_gives_each_seats_paired_score_difference():
    first, second = kuhn_records(20), kuhn_records(20)
    second = [{**r, "moves": [], "scores": [r["scores"][0] - 1, r["scores"][1] + 1]} for r in second]
    found = versus({}, {}, first, second, 2)
    assert found["scores"]["games"] == 20
    assert [round(row["difference"], 9) for row in found["scores"]["seats"]] == [1.0, -1.0]
