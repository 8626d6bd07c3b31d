"""Bots that play seats, and a headless loop that plays whole games in memory.

``RandomBot`` picks uniformly among the legal commands. Its choice depends only on its own seed and
the game's version, so a game a bot plays can be stopped and resumed with the same result. ``BotPlay``
is the game service's use case of letting bots play stored games.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain.errors import IllegalCommand, VersionConflict
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


class BotPlay:
    """Random bots playing a stored game's seats; needs the service's ``game``, ``seat_number`` and ``submit``."""

    def game(self, game_id: uuid.UUID) -> Game:
        raise NotImplementedError

    def seat_number(self, game: Game, seat: int | str) -> int:
        raise NotImplementedError

    def submit(self, game_id: uuid.UUID, seat: int | str, command: Command, **options: Any) -> list[Any]:
        raise NotImplementedError

    def play_bots(
        self, game_id: uuid.UUID, seats: Sequence[int | str] = (), bot_seed: str | int | None = None
    ) -> Iterator[list[Any]]:
        """Let random bots play the given seats (all when none given) until the game ends or waits
        for a seat no bot plays; yields each command's events. Resumable: the same seed picks the
        same commands at the same versions. The default seed is the game's id: bots play each game
        differently, and a stopped bot resumes alike without being told its seed."""
        game = self.game(game_id)
        if game.table:
            raise IllegalCommand("a table game takes its chance outcomes from the people at the table: bots cannot play it")
        playing = {self.seat_number(game, seat) for seat in seats} or set(range(1, len(game.seats) + 1))
        bot = RandomBot(str(game_id) if bot_seed is None else bot_seed)
        while True:
            game = self.game(game_id)
            waiting = [seat for seat in game.to_act() if seat in playing]
            if game.outcome() is not None or not waiting:
                return
            seat = waiting[0]
            command = bot.choose(game.rules, game.state, seat, game.version)
            try:
                yield self.submit(game_id, seat, command, expected_version=game.version)
            except VersionConflict:
                continue
