"""The seats' and the owner's tokens of a game: a use case of the game service (``GameService`` is a
``SeatTokens``). Only the tokens' hashes are stored, in a ``GameAccess`` aggregate beside the game."""

from __future__ import annotations

import functools
import uuid
from collections.abc import Callable
from typing import Any

from domain.engine.errors import Unauthorized, UnknownGame
from domain.engine.game import Game
from domain.engine.viewing import Viewer
from domain.keeping.access import GameAccess, Tokens


NO_ACCESS = object()
"""What ``holder`` finds for a game without tokens."""


@functools.lru_cache(maxsize=4096)
def access_id(game_id: uuid.UUID) -> uuid.UUID:
    """The id of a game's ``GameAccess`` (a name-based UUID, worked out once per game and process)."""
    return GameAccess.id_for(game_id)


class SeatTokens:
    """Issuing tokens and telling who holds one; needs the service's ``game``, ``_get``, ``_read`` and ``_save``."""

    def game(self, game_id: uuid.UUID) -> Game:
        raise NotImplementedError

    def _get(self, aggregate_id: uuid.UUID) -> Any:
        raise NotImplementedError

    def _read(self, aggregate_id: uuid.UUID, read: Callable[[Any], Any] | None) -> Any:
        raise NotImplementedError

    def _save(self, *aggregates: Any) -> None:
        raise NotImplementedError

    def issue_tokens(self, game_id: uuid.UUID) -> Tokens:
        """New tokens for every seat and the owner, replacing any issued before."""
        game = self.game(game_id)
        tokens = Tokens.issue(len(game.seats))
        access = self._access(game_id)
        if access is None:
            access = GameAccess.grant(game_id, tokens)
        else:
            access.reissue(tokens)
        self._save(access)
        return tokens

    def holder(self, game_id: uuid.UUID, token: str | None) -> Viewer:
        """Who holds the token for this game: a seat, ``OWNER``, or ``None`` (a spectator) without a token.
        Every call reads the store (a token reissued by another process is refused at once), but only
        looks at the cached tokens, without copying them."""
        if token is None:
            self.game(game_id)
            return None
        try:
            holder = self._read(access_id(game_id), lambda found: found.holder(token) if isinstance(found, GameAccess) else NO_ACCESS)
        except UnknownGame:
            holder = NO_ACCESS
        if holder is NO_ACCESS:
            self.game(game_id)  # no such game: UnknownGame
            raise Unauthorized("this game has no tokens; its owner can issue them with 'ludolog tokens'")
        if holder is None:
            raise Unauthorized("the token is not one of this game's")
        return holder  # type: ignore[no-any-return]

    def _access(self, game_id: uuid.UUID) -> GameAccess | None:
        try:
            found = self._get(access_id(game_id))
        except UnknownGame:
            return None
        return found if isinstance(found, GameAccess) else None
