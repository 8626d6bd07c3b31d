"""A balance report counts in plain English: one game is a game, and an option that changed every game says
that none was played the same, not "the other 0 were"."""

from __future__ import annotations

from replays.balance_words import judged, versus


def test_the_games_that_would_tell_are_counted_in_the_singular_and_the_plural():
    assert judged({"verdict": "can't tell yet", "more_games": 1}, 0.5) == "can't tell yet; about 1 more game would tell"
    assert judged({"verdict": "can't tell yet", "more_games": 90}, 0.5) == "can't tell yet; about 90 more games would tell"


def changed(count: int, games: int) -> str:
    found = {"changed": {"target": {"this": 50, "vs": 100}}, "games": games,
             "changed_games": {"count": count, "rate": count / games, "low": 0.0, "high": 1.0}, "endings": [],
             "turns": {"difference": -1.0, "low": -2.0, "high": 0.0, "this": 20, "vs": 21}, "seats": [], "decided": count,
             "holes": {"this": 0, "vs": 0}}
    return versus(found)["lines"][0]


def test_the_games_an_option_left_alone_are_counted_as_they_are():
    assert changed(40, 40).endswith("; none was played the same under both.")
    assert changed(39, 40).endswith("; the other one was played move for move the same under both, to the same end.")
    assert changed(30, 40).endswith("; the other 10 were played move for move the same under both, to the same end.")
