"""Listing and finding stored games: a use case of the game service (``GameService`` is a ``GameListing``).

The summaries are kept between calls: a call reads the store's notification log from where the last one
stopped and reloads only the games written since (by any process). A game that cannot be loaded (its
stored log damaged: ``ludolog audit`` names how) is left out rather than failing the listing for everyone.
"""

from __future__ import annotations

import threading
import uuid
from typing import Any

from eventsourcing.persistence import PersistenceError

from domain.engine.errors import UnknownGame
from domain.engine.game import Game
from domain.engine.viewing import summary
from domain.keeping.access import GameAccess
from domain.keeping.notes import GameNotes

LISTING_PAGE = 1000
SIDE_TOPICS = (GameAccess.TOPIC, GameNotes.TOPIC, "ludolog:Kit", "ludolog:Room", "ludolog:ServiceAddress")
"""The aggregates kept beside the games (a game's tokens and notes, the kits on the shelf,
``domain.keeping.kit_shelf``, the address a service recorded, ``domain.keeping.service_address``): their
events change no game's summary."""


def created_games(recorder: Any, stop: int) -> list[uuid.UUID]:
    """Every game the store's sequence holds up to notification ``stop``, found by its creation alone
    (a game whose later events no longer load is one too), oldest first."""
    found, start = [], 1
    while start <= stop and (page := recorder.select_notifications(start, LISTING_PAGE, stop=stop, topics=[Game.Created.TOPIC, Game.Forked.TOPIC])):
        found += [uuid.UUID(str(n.originator_id)) for n in page]
        start = page[-1].id + 1
    return found


class GameListing:
    """The stored games' summaries, kept up to date from the store's notification log; needs the
    service's ``recorder`` and ``game``."""

    recorder: Any

    def game(self, game_id: uuid.UUID) -> Game:
        raise NotImplementedError

    def start_listing(self) -> None:
        self._listing_lock = threading.Lock()
        self._summaries: dict[uuid.UUID, dict[str, Any]] = {}  # by game id, in order of creation
        self._listed_up_to = 0  # the last notification the summaries have seen

    def list_games(self) -> list[dict[str, Any]]:
        """Every stored game, oldest first, with ruleset, seats, status and version.

        The summaries are kept between calls: a call reads the store's notification log from where
        the last one stopped and reloads only the games written since (by any process).
        """
        with self._listing_lock:
            position = self._listed_up_to
            changed: dict[uuid.UUID, None] = {}
            if position == 0:  # the first call: every game once, found by its creation alone
                position = self.recorder.max_notification_id() or 0
                changed.update((game_id, None) for game_id in created_games(self.recorder, position))
            while True:
                page = self.recorder.select_notifications(position + 1, LISTING_PAGE)
                for notification in page:
                    if not notification.topic.startswith(SIDE_TOPICS):
                        changed[uuid.UUID(str(notification.originator_id))] = None
                if not page:
                    break
                position = page[-1].id
            for game_id in changed:
                try:
                    self._summaries[game_id] = summary(self.game(game_id))
                except PersistenceError:
                    raise  # the store fails: the listing does too, saying so
                except Exception:  # noqa: BLE001 (one damaged game: the audit names it; the others are listed)
                    self._summaries.pop(game_id, None)
            self._listed_up_to = position
            return list(self._summaries.values())

    def find_game(self, reference: str) -> uuid.UUID:
        """The id of the game whose id is, or starts with, ``reference`` (at least 4 characters)."""
        text = reference.strip().lower()
        try:
            game_id = uuid.UUID(text)
        except ValueError:
            if len(text) < 4:
                raise UnknownGame(f"no game {reference!r}: give the id or at least its first 4 characters") from None
            matches = [g["id"] for g in self.list_games() if g["id"].startswith(text)]
            if len(matches) != 1:
                what = "no game" if not matches else f"{len(matches)} games start with"
                raise UnknownGame(f"{what} {reference!r}") from None
            return uuid.UUID(matches[0])
        self.game(game_id)
        return game_id
