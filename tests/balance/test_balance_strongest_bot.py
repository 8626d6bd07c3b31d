"""The skill section says which bot plays the game best and by how much: the search bot if its games
against greedy bots put its interval above its fair share, the greedy bot if below, neither if it holds
the fair share; the margin is in points over (or under) the fair share, counted from the same games."""

from __future__ import annotations

from domain.thinking.balance.compare import skill, strongest
from replays.balance_words import skill as skill_words


def records(search_wins: int, games: int, players: int = 2) -> list[tuple[str, dict]]:
    """``games`` games against greedy bots, the search bot in seat 1, winning ``search_wins`` of them."""
    bots = ["search"] + ["greedy"] * (players - 1)
    return [("greedy", {"winners": [1] if n < search_wins else [2], "bots": bots}) for n in range(games)]


def test_the_search_bot_is_strongest_when_its_interval_lies_above_its_fair_share():
    rows = skill(records(45, 60), players=2)
    best = strongest(rows)
    assert best is not None and best["bot"] == "search" and round(best["by"], 4) == round(45 / 60 - 0.5, 4)
    lines = skill_words(rows, "200")["lines"]
    assert lines[-1] == "The strongest bot here is the search bot: against greedy bots it wins 25 points over its fair share."


def test_the_greedy_bot_is_strongest_when_the_search_bot_wins_less_than_its_fair_share():
    rows = skill(records(8, 60, players=3), players=3)
    best = strongest(rows)
    assert best is not None and best["bot"] == "greedy"
    assert skill_words(rows, "200")["lines"][-1] == (
        "The strongest bot here is the greedy bot: the search bot wins 20 points under its fair share against it.")


def test_neither_bot_is_stronger_while_the_interval_holds_the_fair_share():
    rows = skill(records(32, 60), players=2)
    assert strongest(rows)["bot"] == "level"  # type: ignore[index]
    assert "Neither bot is stronger yet" in skill_words(rows, "200")["lines"][-1]


def test_no_verdict_without_games_against_greedy_bots():
    rows = skill([("random", {"winners": [1], "bots": ["search", "random"]})], players=2)
    assert strongest(rows) is None and len(skill_words(rows, "200")["lines"]) == 1
