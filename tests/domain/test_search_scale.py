"""The search bot's ``scale``: what a position's means are scaled by before exploration is added. With
``"means"`` (the default) the spread of its commands' means, which with two commands is their gap, whatever its
size: the better-looking one takes nearly every simulation. With ``"rewards"`` the spread of the rewards its
simulations brought back, where wider: a gap small beside the luck of the game is explored as such."""

from __future__ import annotations

import pytest

from domain.engine.facts import Outcome
from domain.thinking.search import SearchBot


class SteadyOrRisky:
    """A stand-in for a ruleset of two seats taking turns, twelve in all. Each turn a seat gains 2 points
    (``steady``) or tosses a coin for 10 or -6 (``risky``: 2 on average); the more points win."""

    name = "steady-or-risky"

    def seat_count(self, state):
        return 2

    def to_act(self, state):
        return [1 + state["turns"] % 2]

    def legal_commands(self, state, seat):
        return [{"type": "steady"}, {"type": "risky"}]

    def decide(self, state, seat, command, rng):
        return [(seat, 2 if command["type"] == "steady" else rng.choice([10, -6]))]

    def evolve(self, state, fact):
        seat, points = fact
        return {"turns": state["turns"] + 1, "points": {**state["points"], seat: state["points"][seat] + points}}

    def outcome(self, state):
        if state["turns"] < 12:
            return None
        ahead = max(state["points"].values())
        return Outcome([seat for seat, points in state["points"].items() if points == ahead], "the most points")

    def evaluate(self, state, seat):
        return min(1.0, max(0.0, 0.5 + (state["points"][seat] - state["points"][3 - seat]) / 60))

    def determinize(self, state, seat, rng):
        return state


START = {"turns": 0, "points": {1: 0, 2: 0}}


def fewer_visits(scale: str, seed: int) -> int:
    """At the first seat's first choice, the visits of the command tried less."""
    bot = SearchBot(str(seed), simulations=100, scale=scale)
    bot.choose(SteadyOrRisky(), START, 1, 0)
    visits = [child.visits for child in bot.last.tree.children.values()]
    return min(visits) if len(visits) == 2 else 0


def test_scaled_to_the_means_two_commands_are_settled_by_their_gap_however_small():
    # the two are worth the same on average: only luck parts them, yet one takes nine simulations in ten
    assert sum(fewer_visits("means", seed) for seed in range(8)) < 8 * 100 / 10


def test_scaled_to_the_rewards_the_other_command_is_tried_while_luck_could_explain_the_gap():
    assert all(fewer_visits("rewards", seed) >= 30 for seed in range(8))


def test_the_rewards_seen_are_kept_only_when_they_scale():
    for scale, kept in (("means", False), ("rewards", True)):
        bot = SearchBot("s", simulations=30, scale=scale)
        bot.choose(SteadyOrRisky(), START, 1, 0)
        assert bool(bot.last.tree.reach) is kept
    low, high = bot.last.tree.reach[1]
    assert 0 <= low < high <= 1 and set(bot.last.tree.reach) == {1, 2}


def test_an_unknown_scale_is_refused():
    with pytest.raises(ValueError, match="scale is one of means, rewards, not 'ranks'"):
        SearchBot("s", scale="ranks")
