"""Who may do what in a game: one secret token per seat and one for the owner.

Tokens are shown once, when issued; the store keeps only their SHA-256 hashes, in a ``GameAccess``
aggregate beside the game (its id derived from the game's), so the game's own log holds nothing
but the game. Issuing tokens again replaces the old ones.

Stored events and their fixed topics: ``ludolog:GameAccess.Created``, ``ludolog:GameAccess.Reissued``.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import uuid
from dataclasses import dataclass
from typing import Literal

from eventsourcing.domain import Aggregate

from domain.engine.viewers import (
    OWNER as OWNER,  # the owner as a viewer: where callers have found it
)

_NAMESPACE = uuid.UUID("5d2f1c8e-4b7a-4e0f-9a51-6c3e2b7d9f10")


def new_token() -> str:
    """A fresh unguessable token (256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Tokens:
    """Freshly issued tokens, in the clear: the only time they are seen."""

    owner: str
    seats: list[str]

    @classmethod
    def issue(cls, seat_count: int) -> Tokens:
        return cls(owner=new_token(), seats=[new_token() for _ in range(seat_count)])

    def hashes(self) -> tuple[str, list[str]]:
        return token_hash(self.owner), [token_hash(token) for token in self.seats]


class GameAccess(Aggregate):
    """The token hashes of one game."""

    TOPIC = "ludolog:GameAccess"

    class Created(Aggregate.Created):
        TOPIC = "ludolog:GameAccess.Created"
        game_id: uuid.UUID
        owner: str
        seats: list[str]

    class Reissued(Aggregate.Event):
        TOPIC = "ludolog:GameAccess.Reissued"
        owner: str
        seats: list[str]

        def apply(self, access: GameAccess) -> None:
            access.owner, access.seats = self.owner, list(self.seats)

    def __init__(self, game_id: uuid.UUID, owner: str, seats: list[str]) -> None:
        self.game_id = game_id
        self.owner = owner
        self.seats = list(seats)

    @staticmethod
    def id_for(game_id: uuid.UUID) -> uuid.UUID:
        return uuid.uuid5(_NAMESPACE, str(game_id))

    @classmethod
    def grant(cls, game_id: uuid.UUID, tokens: Tokens) -> GameAccess:
        owner, seats = tokens.hashes()
        return cls._create(cls.Created, id=cls.id_for(game_id), game_id=game_id, owner=owner, seats=seats)

    def reissue(self, tokens: Tokens) -> None:
        owner, seats = tokens.hashes()
        self.trigger_event(self.Reissued, owner=owner, seats=seats)

    def holder(self, token: str) -> int | Literal["owner"] | None:
        """Whose token it is: a seat number, ``OWNER``, or ``None`` when it is nobody's."""
        digest = token_hash(token)
        found: int | Literal["owner"] | None = None
        if hmac.compare_digest(digest, self.owner):
            found = OWNER
        for seat, seat_hash in enumerate(self.seats, 1):
            if hmac.compare_digest(digest, seat_hash):
                found = seat
        return found
