"""The early endings use case: a seat resigns, offers a draw (or agrees to the one standing), declines one,
or aborts the game before every seat has played, through a ``GameService``'s store. The rules are
``domain.engine.early_endings``'; here the game is read, the act recorded on it, and the events it caused
saved in one transaction (a concurrent command's win is retried against the new state), or nothing at all."""

from __future__ import annotations

import uuid

from eventsourcing.persistence import IntegrityError, PersistenceError

from domain.engine import early_endings
from domain.engine.errors import StoreUnavailable, VersionConflict
from domain.engine.viewing import as_game_event, head_seen
from domain.keeping.service import GameService, Submission, next_to_act

RETRIES = 5


class Endings:
    """A game's early endings, acted by a seat (a number or a name)."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    def resign(self, game_id: uuid.UUID, seat: int | str) -> Submission:
        """The seat resigns: the game ends (``Ruleset.resignation`` says who wins) and its seed is revealed."""
        return self.act(game_id, seat, early_endings.RESIGN)

    def offer_draw(self, game_id: uuid.UUID, seat: int | str) -> Submission:
        """The seat offers a draw, or agrees to the one standing; when every seat has, the game ends drawn."""
        return self.act(game_id, seat, early_endings.OFFER_DRAW)

    def decline_draw(self, game_id: uuid.UUID, seat: int | str) -> Submission:
        """The seat declines the standing draw offer (or withdraws its own)."""
        return self.act(game_id, seat, early_endings.DECLINE_DRAW)

    def abort(self, game_id: uuid.UUID, seat: int | str) -> Submission:
        """The seat aborts the game, which no seat has won or lost: only while some seat has not played yet."""
        return self.act(game_id, seat, early_endings.ABORT)

    def act(self, game_id: uuid.UUID, seat: int | str, action: str) -> Submission:
        """Record one of the actions (``early_endings.ACTIONS``); the events it caused as the seat sees them."""
        for _ in range(RETRIES):
            game = self.service.game(game_id)
            number = self.service.seat_number(game, seat)
            early_endings.act(game, action, number)
            events = [as_game_event(event, game, number) for event in game.pending_events]
            answer = Submission(version=game.version, events=events, replayed=False,
                                head=head_seen(game, game.version, game.chain, number), **next_to_act(game))
            try:
                self.service.save(game)
            except IntegrityError:
                continue  # a command came first: decide again on the game as it now stands
            except PersistenceError as error:
                raise StoreUnavailable(f"the game store could not record the {action.replace('-', ' ')}, "
                                       f"nothing was saved: {error}") from None
            return answer
        raise VersionConflict("the game is too busy: other commands kept arriving first; try again")
