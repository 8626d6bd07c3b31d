"""Bots that play seats, and a headless loop that plays whole games in memory.

``RandomBot`` picks uniformly among the legal commands; ``GreedyBot`` and ``SearchBot`` (``domain.thinking.search``)
think, from what their seat can see. A bot's choice depends only on its own seed, the game's version and
its budget (a search bot's budget in simulations; one in milliseconds depends on the machine too), so a
game a bot plays can be stopped and resumed with the same result. ``BotPlay`` is the game service's use
case of letting bots play stored games, or suggest a command.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain.engine.commands import Command
from domain.engine.errors import (
    GameOver,
    IllegalCommand,
    InvalidSetup,
    NotYourTurn,
    VersionConflict,
)
from domain.engine.game import Game
from domain.engine.randomness import Rng
from domain.engine.ruleset import Ruleset
from domain.thinking.greedy import GreedyBot
from domain.thinking.search import SearchBot, Thought
from domain.thinking.strategies import STRATEGIES


class RandomBot:
    """Plays a uniformly random legal command."""

    def __init__(self, seed: str | int = 0) -> None:
        self.seed = str(seed)

    def choose(self, rules: Ruleset, state: Any, seat: int, version: int) -> Command:
        options = rules.legal_commands(state, seat)
        if not options:
            raise IllegalCommand(f"seat {seat} has no legal command")
        return Rng(f"bot:{self.seed}", version).choice(options)


MAX_SIMULATIONS, MAX_MILLISECONDS = 20_000, 10_000
"""The largest budget a search bot takes for one move."""

Bot = RandomBot | GreedyBot | SearchBot


BUDGET_SHAPE = re.compile(r"^ *[0-9]+ *([mM][sS])? *$")
"""What a budget looks like: digits, then ``ms`` for milliseconds (the API refuses another shape as
malformed; ``parse_budget`` then checks its size)."""


def parse_budget(text: str) -> dict[str, float]:
    """A search bot's budget for one move: ``"200ms"`` (milliseconds) or ``"500"`` (simulations)."""
    given = text.strip().lower()
    number = given.removesuffix("ms").strip()
    if not BUDGET_SHAPE.match(text) or int(number) < 1:
        raise InvalidSetup(f"a bot's budget is simulations (like 300) or milliseconds (like 200ms), not {text!r}")
    if given.endswith("ms"):
        if int(number) > MAX_MILLISECONDS:
            raise InvalidSetup(f"a bot thinks at most {MAX_MILLISECONDS}ms a move, not {number}ms")
        return {"milliseconds": float(number)}
    if int(number) > MAX_SIMULATIONS:
        raise InvalidSetup(f"a bot runs at most {MAX_SIMULATIONS} simulations a move, not {number}")
    return {"simulations": int(number)}


def make_bot(strategy: str, seed: str | int = 0, budget: str | None = None, limit_ms: float | None = None) -> Bot:
    """The bot of that strategy (``STRATEGIES``) with that seed; ``budget`` is a search bot's, and
    ``limit_ms`` the most it may think however large its budget."""
    if strategy == "random":
        return RandomBot(seed)
    if strategy == "greedy":
        return GreedyBot(seed)
    if strategy == "search":
        return SearchBot(seed, **(parse_budget(budget) if budget else {}), limit_ms=limit_ms)  # type: ignore[arg-type]
    if strategy.startswith("openspiel-") and strategy in STRATEGIES:
        try:
            from domain.thinking.spiel.bots import OpenSpielBot
        except ImportError:
            raise InvalidSetup(f"the bot {strategy} needs OpenSpiel: pip install 'ludolog[openspiel]'") from None
        return OpenSpielBot(strategy.removeprefix("openspiel-"), seed, **(parse_budget(budget) if budget else {}),  # type: ignore[arg-type]
                            limit_ms=limit_ms)
    raise InvalidSetup(f"no bot strategy {strategy!r}: {', '.join(STRATEGIES)}")


def thought_of(bot: Bot, command: Command) -> dict[str, Any]:
    """What a bot did for its last command: the strategy, the command, and a search bot's simulations and
    thinking time."""
    strategy = {RandomBot: "random", GreedyBot: "greedy", SearchBot: "search"}.get(type(bot)) or f"openspiel-{bot.kind}"  # type: ignore[union-attr]
    last: Thought | None = getattr(bot, "last", None)
    return {"strategy": strategy, "command": command, "simulations": last.simulations if last else None,
            "milliseconds": round(last.seconds * 1000, 1) if last else None}


@dataclass
class Playthrough:
    """A game played to its end in memory: the aggregate and the commands in order."""

    game: Game
    commands: list[tuple[int, Command]] = field(default_factory=list)


def play_random_game(
    rules: Ruleset, seats: list[str], options: dict[str, Any], seed: str, bot_seed: str | int = 0, max_commands: int = 100_000,
    salt: str | None = None,
) -> Playthrough:
    """Play one seeded game with a random bot in every seat, without a store (simulations, tests); a
    ``salt`` with the seed plays a game those two played before (a random one by default)."""
    game = Game.start(rules, seats, rules.resolve_options(options), seed, salt=salt)
    bot = RandomBot(bot_seed)
    played = Playthrough(game)
    while game.outcome() is None and len(played.commands) < max_commands:
        seat = game.to_act()[0]
        command = bot.choose(rules, game.state, seat, game.version)
        game.play(seat, command, f"c{len(played.commands) + 1}")
        played.commands.append((seat, command))
    return played


class BotPlay:
    """Bots playing a stored game's seats, or suggesting a command; needs the service's ``game``,
    ``seat_number`` and ``submit``."""

    def game(self, game_id: uuid.UUID) -> Game:
        raise NotImplementedError

    def seat_number(self, game: Game, seat: int | str) -> int:
        raise NotImplementedError

    def submit(self, game_id: uuid.UUID, seat: int | str, command: Command, **options: Any) -> list[Any]:
        raise NotImplementedError

    def play_bots(
        self, game_id: uuid.UUID, seats: Sequence[int | str] = (), bot_seed: str | int | None = None, bot: Bot | None = None
    ) -> Iterator[list[Any]]:
        """Let bots play the given seats (all when none given) until the game ends or waits for a seat
        no bot plays; yields each command's events. ``bot`` is the bot (default: a random one with
        ``bot_seed``). Resumable: the same seed picks the same commands at the same versions. The
        default seed is the game's id: bots play each game differently, and a stopped bot resumes
        alike without being told its seed."""
        game = self.game(game_id)
        _refuse_table_game(game)
        playing = {self.seat_number(game, seat) for seat in seats} or set(range(1, len(game.seats) + 1))
        bot = bot or RandomBot(str(game_id) if bot_seed is None else bot_seed)
        _refuse_search_without_rules(game, bot)
        while True:
            game = self.game(game_id)
            waiting = [seat for seat in game.to_act() if seat in playing]
            if game.outcome() is not None or not waiting:
                return
            seat = waiting[0]
            command = bot.choose(game.rules, game.state, seat, game.version)
            try:
                yield self.submit(game_id, seat, command, expected_version=game.version, by_bot=True)
            except VersionConflict:
                continue

    def suggest(self, game_id: uuid.UUID, seat: int, bot: Bot) -> tuple[Game, Command]:
        """The command the bot would play for the seat now (it must be that seat's turn): a hint. The
        bot thinks from what the seat can see only. The game as it was asked, and the command."""
        game = self.game(game_id)
        if game.outcome() is not None:
            raise GameOver("the game is over: there is nothing to suggest")
        if seat not in game.to_act():
            raise NotYourTurn(f"it is not {game.seats[seat - 1]}'s turn: a bot suggests a command only to the seat to act")
        _refuse_search_without_rules(game, bot)
        return game, bot.choose(game.rules, game.state, seat, game.version)


    def bot_move(self, game_id: uuid.UUID, seat: int, bot: Bot) -> tuple[Command, list[Any]]:
        """The bot plays the seat's command now (it must be that seat's turn): the command and its events
        as the seat sees them; ``VersionConflict`` if another command came first."""
        game, command = self.suggest(game_id, seat, bot)
        _refuse_table_game(game)
        return command, self.submit(game_id, seat, command, expected_version=game.version, by_bot=True)


def _refuse_search_without_rules(game: Game, bot: Bot) -> None:
    """A search bot looks for the commands that lead to a win; a ruleset that holds no rules (a table kit)
    tells it none but an end every other seat must agree to, so it would play on for ever."""
    if isinstance(bot, SearchBot) and not game.rules.holds_rules(game.options):
        raise IllegalCommand(f"{game.rules.title} holds no rules (the people at the table keep them): a search bot has "
                             "nothing to search; a random or greedy bot plays it by chance")


def _refuse_table_game(game: Game) -> None:
    if game.table:
        raise IllegalCommand("a table game takes its chance outcomes from the people at the table: bots cannot play it")
