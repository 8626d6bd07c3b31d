"""Whole games between bots for the rulesets' bot tests: a random game played to its end, and a game of a
random bot against a greedy one that checks, every few positions, that a determinized state keeps what the
seat sees and that the evaluation is a number in [0, 1]."""

from __future__ import annotations

import random
from typing import Any

from domain.engine.game import Game
from domain.engine.ruleset import Ruleset
from domain.thinking.bots import RandomBot
from domain.thinking.greedy import GreedyBot, SimRng

SALT = "5eed" * 8
"""The salt of every game here: with it, a seed deals one game, so a test plays the same games every run."""


def finished_random_game(rules: Ruleset, options: dict[str, Any], seed: str) -> Game:
    """A game of random bots in every seat, played to its end."""
    game = Game.start(rules, ["A", "B"], rules.resolve_options(options), seed, salt=SALT)
    bot = RandomBot(seed)
    while game.outcome() is None:
        seat = game.to_act()[0]
        game.play(seat, bot.choose(rules, game.state, seat, game.version), "c")
    return game


def play_checking_bots(rules: Ruleset, options: dict[str, Any], seed: str = "options", every: int = 7) -> Game:
    """A two-seat game to its end, a random bot against a greedy one; every ``every`` positions the seat to
    act's determinized state must show it what the real one does, and its evaluation lie in [0, 1]."""
    game = Game.start(rules, ["A", "B"], rules.resolve_options(options), seed, salt=SALT)
    players, played = {1: RandomBot("r"), 2: GreedyBot(3)}, 0
    while game.outcome() is None:
        seat = game.to_act()[0]
        if played % every == 0:
            world = rules.determinize(game.state, seat, SimRng(random.Random(played)))
            assert rules.view(world, seat) == rules.view(game.state, seat)
            assert 0 <= rules.evaluate(world, seat) <= 1
        game.play(seat, players[seat].choose(rules, game.state, seat, game.version), f"c{played}")
        played += 1
    return game
