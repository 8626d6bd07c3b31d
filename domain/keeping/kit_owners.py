"""Who owns a kit on the shelf: the holder of its kit token.

The first version of a kit's name issues a kit token, shown once (as a game's owner token is); only its
SHA-256 hash is stored, in a ``KitOwner`` aggregate beside the kit (its id derived from the kit's name).
A later version under that name needs the token; the CLI on the store's own machine is the owner, as for
games, and may issue a new token (``ludolog kit token NAME``), which replaces the old one. A kit shelved
before kits had owners has no token until its owner issues one that way.

Stored events and their fixed topics: ``ludolog:KitOwner.Created``, ``ludolog:KitOwner.Reissued``.
"""

from __future__ import annotations

import hmac
import uuid

from eventsourcing.domain import Aggregate

from domain.engine.errors import KitOwned
from domain.keeping.access import new_token, token_hash

_NAMESPACE = uuid.UUID("0c7d5e2a-94b1-4f63-8a2e-5b9d3c1f7e40")


class KitOwner(Aggregate):
    """The hash of a kit's token."""

    TOPIC = "ludolog:KitOwner"

    class Created(Aggregate.Created):
        TOPIC = "ludolog:KitOwner.Created"
        name: str
        token: str

    class Reissued(Aggregate.Event):
        TOPIC = "ludolog:KitOwner.Reissued"
        token: str

        def apply(self, owner: KitOwner) -> None:
            owner.token = self.token

    def __init__(self, name: str, token: str) -> None:
        self.name = name
        self.token = token

    @staticmethod
    def id_for(name: str) -> uuid.UUID:
        return uuid.uuid5(_NAMESPACE, name)

    @classmethod
    def grant(cls, name: str) -> tuple[KitOwner, str]:
        """A new owner record for the kit and its token in the clear (shown once)."""
        token = new_token()
        return cls._create(cls.Created, id=cls.id_for(name), name=name, token=token_hash(token)), token

    def reissue(self) -> str:
        """A new token, replacing the old one; returned in the clear (shown once)."""
        token = new_token()
        self.trigger_event(self.Reissued, token=token_hash(token))
        return token

    def holds(self, token: str | None) -> bool:
        return token is not None and hmac.compare_digest(token_hash(token), self.token)


def check_owner(name: str, owner: KitOwner | None, token: str | None) -> None:
    """Refuse (``KitOwned``, a ``Forbidden``) a new version of kit ``name`` from anyone but its token's holder."""
    if owner is None:
        raise KitOwned(f"kit {name!r} was shelved before kits had owners: its owner can issue its kit token on the "
                       f"store's machine with 'ludolog kit token {name}', then add versions with it", name)
    if token is None:
        raise KitOwned(f"kit {name!r} is someone's already: a new version needs its kit token (sent as "
                       "'Authorization: Bearer <token>'), or give your kit another name", name)
    if not owner.holds(token):
        raise KitOwned(f"that is not kit {name!r}'s token: a new version needs the token its first version gave, "
                       "or give your kit another name", name)
