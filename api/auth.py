"""Bearer tokens: who is asking. A seat token is that seat, the owner token is the owner, no token
is a spectator; a token that is none of these is refused (401)."""

from __future__ import annotations

import hashlib
import uuid

from flask import Response, request

from api.context import service
from domain.engine.errors import Unauthorized
from domain.keeping.service import Viewer


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


def keep_private(response: Response) -> Response:
    """An answer to a request that sent a token is that holder's (a seat's hand, the owner's view):
    no shared cache may keep it, and no browser may store it (``Cache-Control: private, no-store``,
    unless the route set its own)."""
    if "Authorization" in request.headers and "Cache-Control" not in response.headers:
        response.headers["Cache-Control"] = "private, no-store"
    return response


def token_key(token: str | None, purpose: str) -> str | None:
    """What a token's requests are counted under for a ``purpose``: a hash of it, never the token."""
    return None if token is None else hashlib.sha256(f"ludolog-{purpose}:{token}".encode()).hexdigest()
