"""The thinking bots (``domain.thinking.search``) over every ruleset: a determinized state keeps what its seat sees
and the given state untouched; the search bot plays a legal command, the same one for the same seed,
running exactly its budget of simulations; the greedy bot plays the command whose result the evaluation
likes best; the evaluation is a number from 0 to 1 at every step."""

from __future__ import annotations

import copy
import random

import pytest
from quick_games import quick_options

from domain.engine import registry
from domain.engine.errors import InvalidSetup
from domain.engine.randomness import Rng
from domain.thinking.bots import RandomBot, make_bot, parse_budget
from domain.thinking.greedy import GreedyBot, SimRng
from domain.thinking.search import SearchBot

RULESETS = registry.all_rulesets()


def positions(rules, seed="bots", every=5, most=12):
    """States of a seeded random game (quick options), with the seat to act, every few commands."""
    state = rules.new_state(rules.min_seats, rules.resolve_options(quick_options(rules.name)))
    for fact in rules.setup(state, Rng(seed, "setup")):
        state = rules.evolve(state, fact)
    bot, version, found = RandomBot(seed), 0, []
    while rules.outcome(state) is None and len(found) < most:
        seat = rules.to_act(state)[0]
        if version % every == 0:
            found.append((state, seat, version))
        command = bot.choose(rules, state, seat, version)
        for fact in rules.decide(state, seat, command, Rng(seed, version)):
            state = rules.evolve(state, fact)
        version += 1
    return found


@pytest.mark.parametrize("rules", RULESETS, ids=lambda rules: rules.name)
def test_a_determinized_state_keeps_what_the_seat_sees_and_leaves_the_given_state_alone(rules):
    for state, seat, _ in positions(rules):
        before = copy.deepcopy(state)
        world = rules.determinize(state, seat, SimRng(random.Random(7)))
        assert rules.view(world, seat) == rules.view(state, seat)
        assert rules.legal_commands(world, seat) == rules.legal_commands(state, seat)
        assert state == before


@pytest.mark.parametrize("rules", RULESETS, ids=lambda rules: rules.name)
def test_the_evaluation_is_a_number_from_0_to_1_for_every_seat(rules):
    for state, _, _ in positions(rules, every=2, most=30):
        for seat in range(1, rules.min_seats + 1):
            assert 0.0 <= rules.evaluate(state, seat) <= 1.0


@pytest.mark.parametrize("rules", RULESETS, ids=lambda rules: rules.name)
def test_the_search_bot_plays_a_legal_command_the_same_for_the_same_seed(rules):
    for state, seat, version in positions(rules, most=3):
        bot = SearchBot("s", simulations=12)
        chosen = bot.choose(rules, state, seat, version)
        assert chosen in rules.legal_commands(state, seat)
        assert SearchBot("s", simulations=12).choose(rules, state, seat, version) == chosen
        assert bot.last is not None and bot.last.simulations in (0, 12)  # 0: only one command was legal


def test_a_search_bot_with_one_legal_command_plays_it_without_thinking():
    rules = registry.get("assassination-le")
    state, seat, version = positions(rules, every=1, most=1)[0]
    assert rules.legal_commands(state, seat) == [{"type": "roll"}]
    bot = SearchBot(simulations=50)
    assert bot.choose(rules, state, seat, version) == {"type": "roll"} and bot.last.simulations == 0


def test_the_greedy_bot_plays_the_command_whose_result_scores_best(monkeypatch):
    """Correction has no chance after its setup: each command has one result. An evaluation that likes
    only the result of one command, in the middle of the list, makes the greedy bot play that command."""
    rules = registry.get("correction")
    state, seat, version = next((s, seat, v) for s, seat, v in positions(rules, every=1, most=40)
                                if len(rules.legal_commands(s, seat)) > 2)
    legal = rules.legal_commands(state, seat)
    favourite = legal[len(legal) // 2]
    liked = _apply(rules, state, seat, favourite)
    assert all(_apply(rules, state, seat, other) != liked for other in legal if other != favourite)
    monkeypatch.setattr(type(rules), "evaluate", lambda self, candidate, judged: 1.0 if candidate == liked else 0.0)
    assert GreedyBot("g").choose(rules, state, seat, version) == favourite


def _apply(rules, state, seat, command):
    for fact in rules.decide(state, seat, command, Rng("x", 0)):
        state = rules.evolve(state, fact)
    return state


def test_budgets_are_simulations_or_milliseconds_and_nothing_else():
    assert parse_budget("300") == {"simulations": 300} and parse_budget("200ms") == {"milliseconds": 200.0}
    for wrong in ("", "soon", "0", "-3", "2.5", "99999", "99999ms"):
        with pytest.raises(InvalidSetup):
            parse_budget(wrong)
    with pytest.raises(InvalidSetup, match="no bot strategy"):
        make_bot("genius")
    assert isinstance(make_bot("search", budget="5ms"), SearchBot)
