"""The statistics behind a balance report's intervals and verdicts, against known values."""

from __future__ import annotations

import random

import pytest

from domain.thinking.balance.findings import histogram, verdict
from domain.thinking.balance.stats import (
    games_to_tell,
    mean_interval,
    newcombe,
    newcombe_paired,
    percentile,
    wilson,
)


def test_wilson_interval_of_58_wins_in_100_is_48_to_67_percent():
    low, high = wilson(58, 100)
    assert (round(low, 3), round(high, 3)) == (0.482, 0.672)


def test_wilson_interval_of_none_and_all_stays_within_0_and_1():
    assert wilson(0, 10)[0] == 0.0 and 0.25 < wilson(0, 10)[1] < 0.35
    assert wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_newcombe_difference_of_independent_rates_matches_the_published_example():
    # Newcombe (1998), Statistics in Medicine 17:873, table II, example (a): 56/70 − 48/80 → 0.0524 to 0.3339
    diff, low, high = newcombe(56, 70, 48, 80)
    assert round(diff, 4) == 0.2 and (round(low, 4), round(high, 4)) == (0.0524, 0.3339)


def test_newcombe_paired_interval_covers_the_true_difference_about_95_percent_of_the_time():
    source = random.Random(11)
    covered, runs = 0, 400
    for _ in range(runs):  # pairs: (True, True) 0.3, (True, False) 0.25, (False, True) 0.1, (False, False) 0.35
        pairs = [source.choices([(True, True), (True, False), (False, True), (False, False)], [0.3, 0.25, 0.1, 0.35])[0]
                 for _ in range(120)]
        _, low, high = newcombe_paired([a for a, _ in pairs], [b for _, b in pairs])
        covered += low <= 0.15 <= high
    assert 0.92 <= covered / runs <= 0.985


def test_newcombe_paired_difference_of_identical_results_is_zero_with_a_narrow_interval():
    same = [True] * 30 + [False] * 70
    diff, low, high = newcombe_paired(same, same)
    assert diff == 0 and -0.05 < low <= 0 <= high < 0.05


def test_paired_interval_is_narrower_than_unpaired_when_pairs_agree():
    source = random.Random(3)
    first = [source.random() < 0.5 for _ in range(300)]
    second = [x if source.random() < 0.9 else not x for x in first]
    _, low, high = newcombe_paired(first, second)
    _, ulow, uhigh = newcombe(sum(first), 300, sum(second), 300)
    assert high - low < (uhigh - ulow) * 0.8


def test_mean_interval_uses_student_t_for_small_samples():
    mean, low, high = mean_interval([1.0, 2.0, 3.0])
    assert mean == 2.0 and round(high - mean, 2) == round(4.30 * 1.0 / 3 ** 0.5, 2)
    assert mean_interval([5.0]) == (5.0, 5.0, 5.0)


def test_percentiles_interpolate_between_sorted_values():
    values = [10, 1, 4, 7]
    assert percentile(values, 0.5) == 5.5 and percentile(values, 0.0) == 1 and percentile(values, 1.0) == 10
    assert percentile(list(range(11)), 0.1) == pytest.approx(1.0)


def test_histogram_counts_every_value_once_in_whole_number_bins():
    values = [3, 3, 4, 9, 15, 27, 56]
    bins = histogram(values)
    assert sum(b["count"] for b in bins) == len(values)
    assert bins[0]["low"] == 3 and bins[-1]["high"] > 56
    for b in bins:
        assert b["count"] == sum(1 for v in values if b["low"] <= v < b["high"])


@pytest.mark.parametrize(("wins", "games", "word"), [
    (58, 100, "can't tell yet"), (700, 1000, "favoured"), (300, 1000, "handicapped"), (5000, 10000, "looks fair"),
])
def test_fairness_verdict_in_words(wins, games, word):
    low, high = wilson(wins, games)
    found = verdict({"rate": wins / games, "low": low, "high": high}, 0.5, games)
    assert found["verdict"] == word
    assert (found["more_games"] > 0) == (word == "can't tell yet")


def test_games_to_tell_grows_as_the_gap_shrinks():
    assert games_to_tell(0.58, 0.5, 100) > 0
    assert games_to_tell(0.58, 0.5, 100) < games_to_tell(0.54, 0.5, 100)
    assert games_to_tell(0.9, 0.5, 1000) == 0


@pytest.mark.parametrize(("rate", "games"), [(0.58, 100), (0.5175, 400), (0.54, 100), (0.4, 80), (0.47, 1000)])
def test_about_n_more_games_at_the_same_rate_would_reach_a_verdict(rate, games):
    def word(n: int) -> str:
        low, high = wilson(rate * n, n)
        return verdict({"rate": rate, "low": low, "high": high}, 0.5, n)["verdict"]

    more = games_to_tell(rate, 0.5, games)
    assert word(games) == "can't tell yet"
    assert word(round((games + more) * 1.1)) != "can't tell yet"
    assert word(round((games + more) * 0.8)) == "can't tell yet"
