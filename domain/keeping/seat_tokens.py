"""The seats' and the owner's tokens of a game: a use case of the game service (``GameService`` is a
``SeatTokens``). Only the tokens' hashes are stored, in a ``GameAccess`` aggregate beside the game."""

from __future__ import annotations

import uuid
from typing import Any

from domain.engine.errors import Unauthorized, UnknownGame
from domain.engine.game import Game
from domain.engine.viewing import Viewer
from domain.keeping.access import GameAccess, Tokens


class SeatTokens:
    """Issuing tokens and telling who holds one; needs the service's ``game``, ``_get`` and ``_save``."""

    def game(self, game_id: uuid.UUID) -> Game:
        raise NotImplementedError

    def _get(self, aggregate_id: uuid.UUID) -> Any:
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
        """Who holds the token for this game: a seat, ``OWNER``, or ``None`` (a spectator) without a token."""
        if token is None:
            self.game(game_id)
            return None
        access = self._access(game_id)
        if access is None:
            self.game(game_id)  # no such game: UnknownGame
            raise Unauthorized("this game has no tokens; its owner can issue them with 'ludolog tokens'")
        holder = access.holder(token)
        if holder is None:
            raise Unauthorized("the token is not one of this game's")
        return holder

    def _access(self, game_id: uuid.UUID) -> GameAccess | None:
        try:
            found = self._get(GameAccess.id_for(game_id))
        except UnknownGame:
            return None
        return found if isinstance(found, GameAccess) else None
