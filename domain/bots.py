"""Bots that play seats, and a headless loop that plays whole games in memory.

``RandomBot`` picks uniformly among the legal commands. Its choice depends only on its own seed and
the game's version, so a game a bot plays can be stopped and resumed with the same result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.errors import IllegalCommand
from domain.game import Game
from domain.randomness import Rng
from domain.ruleset import Command, Ruleset


class RandomBot:
    """Plays a uniformly random legal command."""

    def __init__(self, seed: str | int = 0) -> None:
        self.seed = str(seed)

    def choose(self, rules: Ruleset, state: Any, seat: int, version: int) -> Command:
        options = rules.legal_commands(state, seat)
        if not options:
            raise IllegalCommand(f"seat {seat} has no legal command")
        return Rng(f"bot:{self.seed}", version).choice(options)


@dataclass
class Playthrough:
    """A game played to its end in memory: the aggregate and the commands in order."""

    game: Game
    commands: list[tuple[int, Command]] = field(default_factory=list)


def play_random_game(
    rules: Ruleset, seats: list[str], options: dict[str, Any], seed: str, bot_seed: str | int = 0, max_commands: int = 100_000
) -> Playthrough:
    """Play one seeded game with a random bot in every seat, without a store (simulations, tests)."""
    game = Game.start(rules, seats, rules.resolve_options(options), seed)
    bot = RandomBot(bot_seed)
    played = Playthrough(game)
    while game.outcome() is None and len(played.commands) < max_commands:
        seat = game.to_act()[0]
        command = bot.choose(rules, game.state, seat, game.version)
        game.play(seat, command, f"c{len(played.commands) + 1}")
        played.commands.append((seat, command))
    return played
