"""Reading a game as a viewer may see it: a use case of the game service (``GameService`` is a
``GameReading``). Its status and view now, its events, the game as it stood at a step, and a seat named by
number or by name."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from eventsourcing.application import AggregateNotFoundError

from domain.engine.errors import UnknownGame, UnknownSeat
from domain.engine.game import Game
from domain.engine.viewing import GameEvent, Viewer, as_game_event, summary
from domain.keeping.access import OWNER
from domain.keeping.bot_seats import bot_thinking
from domain.keeping.persistence import apply_events
from domain.thinking.seat_players import described_players


class GameReading:
    """Reads of a game; needs the service's ``game``, ``repository``, ``events`` and ``schedule_bot_seat``."""

    repository: Any
    events: Any
    game: Callable[[uuid.UUID], Game]  # declared, not defined: the service's own, and ``BotSeats``' below
    schedule_bot_seat: Callable[[Game], None]

    def game_at(self, game_id: uuid.UUID, version: int) -> Game:
        """The game as it stood after event ``version``."""
        try:
            game: Game = self.repository.get(game_id, version=version, projector_func=apply_events)
        except AggregateNotFoundError:
            raise UnknownGame(f"no game {game_id}") from None
        return game

    def seat_number(self, game: Game, seat: int | str) -> int:
        """The seat number for a number or a name (``2``, ``"2"`` or ``"Ben"``)."""
        text = str(seat)
        if text.isascii() and text.isdigit() and 1 <= int(text) <= len(game.seats):
            return int(text)
        if text in game.seats:
            return game.seats.index(text) + 1
        listing = ", ".join(f"{n} {name}" for n, name in enumerate(game.seats, 1))
        raise UnknownSeat(f"no seat {text!r} in this game; seats: {listing}")

    def status(self, game_id: uuid.UUID, viewer: Viewer = None, game: Game | None = None) -> dict[str, Any]:
        """The game as the viewer may see it: id, ruleset, version, status, to_act, outcome, view."""
        game = game or self.game(game_id)
        self.schedule_bot_seat(game)  # a bot seat to act that nothing here plays yet (a restarted server) moves
        rules = game.rules
        if viewer == OWNER or game.outcome() is not None:
            view = rules.owner_view(game.state)
        else:
            view = rules.view(game.state, viewer if isinstance(viewer, int) else None)
        return {**summary(game, viewer), "players": described_players(game.seats, game.players),
                "thinking": bot_thinking(game), "view": view}

    def read_events(
        self, game_id: uuid.UUID, after: int = 0, limit: int | None = None, viewer: Viewer = OWNER
    ) -> list[GameEvent]:
        """The game's events numbered from 1 (creation), after ``after``, as the viewer may see them."""
        game = self.game(game_id)
        stored = self.events.get(game_id, gt=after or None, limit=limit)
        return [as_game_event(event, game, viewer) for event in stored]
