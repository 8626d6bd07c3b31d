"""Bearer tokens: who is asking. A seat token is that seat, the owner token is the owner, no token
is a spectator; a token that is none of these is refused (401)."""

from __future__ import annotations

import uuid

from flask import request

from api.context import service
from domain.errors import Unauthorized
from domain.service import Viewer


def bearer() -> str | None:
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("send the token as 'Authorization: Bearer <token>'")
    return token.strip()


def viewer(game_id: uuid.UUID) -> Viewer:
    """The viewer the request's token names for this game (``None`` without a token)."""
    return service().holder(game_id, bearer())
