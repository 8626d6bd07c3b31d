"""The service plays a game's bot seats itself, as soon as one is to act, whoever reads the game.

A game records who plays each seat (``domain.thinking.seat_players``). After a command is recorded, after
a game is created, and when a game is read with a bot seat to act and nothing scheduled for it here (so a
restarted server resumes), the service schedules that seat's move on a daemon timer thread, ``pace_ms``
later (never in the request that caused it). The move is chosen with the seat's recorded strategy and
budget, seeded by the game and its version, and submitted with the version it was chosen at and a command
id made of that version: another process (or a racing trigger here) that chose at the same version is
refused as stale, or gets the first answer again, and gives up. So each turn gets exactly one move, on one
process or many. A search bot thinks where ``bot_thinker`` sends it (the API's pool of worker processes).
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections.abc import Callable
from typing import Any

from domain.engine.errors import LudologError, VersionConflict
from domain.engine.game import Game
from domain.thinking.bots import make_bot
from domain.thinking.seat_players import is_bot, player_phrase

log = logging.getLogger(__name__)


def bot_to_act(game: Game) -> int | None:
    """The first bot seat the game waits for, or ``None`` (a game over, or waiting only for people)."""
    if not game.players or game.outcome() is not None:
        return None
    return next((seat for seat in game.to_act() if is_bot(game.players, seat)), None)


def bot_thinking(game: Game) -> dict[str, Any] | None:
    """What a page says while a bot seat is to act: ``{"seat", "name", "strategy", "sentence"}``, or ``None``."""
    seat = bot_to_act(game)
    if seat is None:
        return None
    return {"seat": seat, "name": game.seats[seat - 1], "strategy": game.player(seat)["strategy"],
            "sentence": f"{player_phrase(game.seats, game.players, seat)}, is thinking"}


class BotSeats:
    """The service's bot seats: scheduling and playing their moves; needs the service's ``game`` and
    ``submit_once``. ``bot_thinker`` wraps a bot before it chooses (default: it thinks here) and
    ``bot_limit_ms`` caps a search bot's thinking, whatever its budget."""

    bot_thinker: Callable[[Any], Any] = staticmethod(lambda bot: bot)
    bot_limit_ms: float | None = None

    def game(self, game_id: uuid.UUID) -> Game:
        raise NotImplementedError

    def submit_once(self, game_id: uuid.UUID, seat: int | str, command: Any, **options: Any) -> Any:
        raise NotImplementedError

    def start_bot_seats(self) -> None:
        self._bot_lock = threading.Lock()
        self._bot_scheduled: dict[uuid.UUID, threading.Timer] = {}
        self._bot_alive: set[threading.Timer] = set()
        self._bot_stopped = False

    def schedule_bot_seat(self, game: Game) -> bool:
        """Schedule the move of the game's bot seat to act, unless none is or one is scheduled already here."""
        seat = bot_to_act(game)
        if seat is None:
            return False
        with self._bot_lock:
            if self._bot_stopped or game.id in self._bot_scheduled:
                return False
            timer = threading.Timer(game.player(seat)["pace_ms"] / 1000, self._bot_turn, (game.id,))
            timer.daemon = True
            self._bot_scheduled[game.id] = timer
            self._bot_alive.add(timer)
            timer.start()
        return True

    def _bot_turn(self, game_id: uuid.UUID) -> None:
        timer = threading.current_thread()
        with self._bot_lock:
            self._bot_scheduled.pop(game_id, None)  # the move's own recording may schedule the next
        try:
            self.play_bot_seat(game_id)
        except LudologError as error:
            log.warning("the bot seat of game %s could not move: %s", game_id, error)
        finally:
            with self._bot_lock:
                self._bot_alive.discard(timer)  # type: ignore[arg-type]

    def play_bot_seat(self, game_id: uuid.UUID) -> bool:
        """Play the move of the game's bot seat to act now; whether this call recorded it (``False``: no bot
        seat is to act, or another trigger or process moved first)."""
        game = self.game(game_id)
        seat = bot_to_act(game)
        if seat is None:
            return False
        player, version = game.player(seat), game.version
        bot = make_bot(player["strategy"], f"{game_id}:{version}", player["budget"], limit_ms=self.bot_limit_ms)
        command = self.bot_thinker(bot).choose(game.rules, game.state, seat, version)
        try:
            answer = self.submit_once(game_id, seat, command, command_id=f"bot-seat:{version}", expected_version=version,
                                      by_bot=True)
        except VersionConflict:
            return False
        return not answer.replayed

    def stop_bot_seats(self) -> None:
        """Cancel the bot seats' moves scheduled here and not started, schedule no more, and wait for a move being
        played to be recorded (the service closes its store next); a restart resumes them."""
        with self._bot_lock:
            self._bot_stopped = True
            waiting, self._bot_scheduled = list(self._bot_scheduled.values()), {}
            for timer in waiting:
                timer.cancel()
                self._bot_alive.discard(timer)
        self.wait_for_bot_seats()

    def wait_for_bot_seats(self) -> None:
        """Wait until no bot seat's move is scheduled or being played here (a command line that exits, a test)."""
        while True:
            with self._bot_lock:
                alive = list(self._bot_alive)
            if not alive:
                return
            for timer in alive:
                timer.join()
