"""The stored records of joining a game from one link (``domain.keeping.joining`` has the use cases).

Two aggregates are kept beside the game's tokens (their topics begin with ``ludolog:GameAccess``, so the
listing and the games' heads pass over them, as over the tokens): ``GameJoining`` (its id derived from the
game's) says whether joining is open, under which code (its SHA-256 hash), how many seats one address may
hold through that code, and who joined which seat; ``JoinCode`` (its id derived from a code's hash) says
which game a code opens.

**Addresses.** No address is stored. While the owner has capped the seats per address, each seat claimed
through the link records its claimer's *address key*: an HMAC-SHA-256 of the address keyed with the join
code. The store keeps only the code's hash, so the key cannot be turned back into an address from the
store (IPv4's four billion addresses cannot be tried without the code), two games' keys for one address
differ, and a key says nothing once its code is closed or replaced (the keys are dropped then). Without a
cap nothing derived from an address is recorded at all. No read shows a key.

Stored events and their fixed topics: ``ludolog:GameAccess.Joining.Created``, ``.Opened`` (``code``, and
since the cap ``seats_per_address``, absent from older records: no cap), ``.Closed``, ``.Claimed``
(``seat``, ``name``, and since the cap ``address_key``, absent or null: not counted), ``.Freed``;
``ludolog:GameAccess.JoinCode.Created``.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import uuid

from eventsourcing.domain import Aggregate

_NAMESPACE = uuid.UUID("0b6f2c7e-93d4-4a51-8e2a-5c1f7d3e9a24")


def new_code() -> str:
    """A fresh unguessable join code (128 bits, URL-safe: 22 characters, short enough for a QR code)."""
    return secrets.token_urlsafe(16)


def address_key(code: str, address: str) -> str:
    """What a seat claimed from ``address`` through the join code ``code`` records: the address's
    HMAC-SHA-256 keyed with the code (the address itself is never kept)."""
    return hmac.new(code.encode("utf-8"), address.encode("utf-8"), hashlib.sha256).hexdigest()


class JoinCode(Aggregate):
    """Which game a join code opens; its id is derived from the code's hash (the code is not kept)."""

    TOPIC = "ludolog:GameAccess.JoinCode"

    class Created(Aggregate.Created):
        TOPIC = "ludolog:GameAccess.JoinCode.Created"
        game_id: uuid.UUID

    def __init__(self, game_id: uuid.UUID) -> None:
        self.game_id = game_id

    @staticmethod
    def id_for(code_hash: str) -> uuid.UUID:
        return uuid.uuid5(_NAMESPACE, f"code:{code_hash}")

    @classmethod
    def for_code(cls, code_hash: str, game_id: uuid.UUID) -> JoinCode:
        return cls._create(cls.Created, id=cls.id_for(code_hash), game_id=game_id)


class GameJoining(Aggregate):
    """Whether a game is open for joining, under which code (its hash) and cap of seats per address, the
    name that joined each seat, and the address key of each seat claimed through the code while capped."""

    TOPIC = "ludolog:GameAccess.Joining"

    class Created(Aggregate.Created):
        TOPIC = "ludolog:GameAccess.Joining.Created"
        game_id: uuid.UUID

    class Opened(Aggregate.Event):
        TOPIC = "ludolog:GameAccess.Joining.Opened"
        code: str
        seats_per_address: int | None = None  # older records have none: no cap

        def apply(self, joining: GameJoining) -> None:
            joining.code, joining.seats_per_address = self.code, self.seats_per_address
            joining.address_keys = {}  # the keys of the code replaced can never match again

    class Closed(Aggregate.Event):
        TOPIC = "ludolog:GameAccess.Joining.Closed"

        def apply(self, joining: GameJoining) -> None:
            joining.code, joining.seats_per_address = None, None
            joining.address_keys = {}

    class Claimed(Aggregate.Event):
        TOPIC = "ludolog:GameAccess.Joining.Claimed"
        seat: int
        name: str
        address_key: str | None = None  # older records, and claims made without a cap: not counted

        def apply(self, joining: GameJoining) -> None:
            joining.joined[self.seat] = self.name
            if self.address_key is None:
                joining.address_keys.pop(self.seat, None)
            else:
                joining.address_keys[self.seat] = self.address_key

    class Freed(Aggregate.Event):
        TOPIC = "ludolog:GameAccess.Joining.Freed"
        seat: int

        def apply(self, joining: GameJoining) -> None:
            joining.joined.pop(self.seat, None)
            joining.address_keys.pop(self.seat, None)

    def __init__(self, game_id: uuid.UUID) -> None:
        self.game_id = game_id
        self.code: str | None = None
        self.seats_per_address: int | None = None
        self.joined: dict[int, str] = {}
        self.address_keys: dict[int, str] = {}

    @staticmethod
    def id_for(game_id: uuid.UUID) -> uuid.UUID:
        return uuid.uuid5(_NAMESPACE, f"game:{game_id}")

    @classmethod
    def start(cls, game_id: uuid.UUID) -> GameJoining:
        return cls._create(cls.Created, id=cls.id_for(game_id), game_id=game_id)

    @property
    def is_open(self) -> bool:
        return self.code is not None

    def open_seats(self, seat_count: int, bots: frozenset[int] = frozenset()) -> list[int]:
        """The seats no one has joined, a bot's seats aside (the service plays those)."""
        return [seat for seat in range(1, seat_count + 1) if seat not in self.joined and seat not in bots]

    def seats_held_by(self, key: str) -> int:
        """How many seats the address with this key holds through the current code."""
        return sum(1 for held in self.address_keys.values() if held == key)
