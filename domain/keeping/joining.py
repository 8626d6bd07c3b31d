"""Joining a game from one link: its owner opens the game for joining and hands out one code (a link,
a QR code); each device that sends the code with a name gets one open seat's new token, never another's.

The code is shown once, when issued: the store keeps only its SHA-256 hash. Two aggregates are kept
beside the game's tokens (their topics begin with ``ludolog:GameAccess``, so the listing and the games'
heads pass over them, as over the tokens): ``GameJoining`` (its id derived from the game's) says whether
joining is open, under which code, and who joined which seat; ``JoinCode`` (its id derived from a code's
hash) says which game a code opens. A claim records the joiner and the seat's new token hash in one
transaction: two devices claiming at once (in two worker processes) cannot both get a seat, for the
second one's ``GameJoining`` version is taken and it tries again with the seats left.

A seat claimed gets a new token: a token given out for that seat before stops working. Freeing a seat
replaces its token with one nobody holds and opens it again; the next claim gets it with a new token.

Stored events and their fixed topics: ``ludolog:GameAccess.Joining.Created``, ``.Opened``, ``.Closed``,
``.Claimed``, ``.Freed``; ``ludolog:GameAccess.JoinCode.Created``.
"""

from __future__ import annotations

import secrets
import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError

from domain.engine.errors import (
    InvalidSetup,
    LudologError,
    Unauthorized,
    UnknownGame,
    UnknownSeat,
    VersionConflict,
)
from domain.engine.seating import name_problem, printable
from domain.keeping.access import GameAccess, new_token, token_hash

if TYPE_CHECKING:
    from domain.keeping.service import GameService

_NAMESPACE = uuid.UUID("0b6f2c7e-93d4-4a51-8e2a-5c1f7d3e9a24")
RETRIES = 5


class UnknownJoinCode(LudologError, LookupError):
    """A join code no game was ever opened with (404)."""

    kind = "unknown-join-code"


class JoiningClosed(LudologError):
    """A join code its game's owner has closed, or replaced with a new one (410)."""

    kind = "joining-closed"


class NoOpenSeat(LudologError):
    """Every seat of the game has been claimed (409)."""

    kind = "no-open-seat"


def new_code() -> str:
    """A fresh unguessable join code (128 bits, URL-safe: 22 characters, short enough for a QR code)."""
    return secrets.token_urlsafe(16)


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
    """Whether a game is open for joining, under which code (its hash), and the name that joined each seat."""

    TOPIC = "ludolog:GameAccess.Joining"

    class Created(Aggregate.Created):
        TOPIC = "ludolog:GameAccess.Joining.Created"
        game_id: uuid.UUID

    class Opened(Aggregate.Event):
        TOPIC = "ludolog:GameAccess.Joining.Opened"
        code: str

        def apply(self, joining: GameJoining) -> None:
            joining.code = self.code

    class Closed(Aggregate.Event):
        TOPIC = "ludolog:GameAccess.Joining.Closed"

        def apply(self, joining: GameJoining) -> None:
            joining.code = None

    class Claimed(Aggregate.Event):
        TOPIC = "ludolog:GameAccess.Joining.Claimed"
        seat: int
        name: str

        def apply(self, joining: GameJoining) -> None:
            joining.joined[self.seat] = self.name

    class Freed(Aggregate.Event):
        TOPIC = "ludolog:GameAccess.Joining.Freed"
        seat: int

        def apply(self, joining: GameJoining) -> None:
            joining.joined.pop(self.seat, None)

    def __init__(self, game_id: uuid.UUID) -> None:
        self.game_id = game_id
        self.code: str | None = None
        self.joined: dict[int, str] = {}

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


@dataclass(frozen=True)
class Joiners:
    """What the owner sees of a game's joining: open or not, the open seats, and who joined which seat."""

    is_open: bool
    open_seats: list[int]
    joined: list[dict[str, Any]]


@dataclass(frozen=True)
class Claim:
    """A seat claimed: its number, the name that joined it, and its new token (in the clear, once)."""

    game_id: uuid.UUID
    seat: int
    name: str
    token: str


class Joining:
    """The joining use cases on a ``GameService``'s store. Who may call which (the owner for all but
    ``claim``) is the caller's to check."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    def open(self, game_id: uuid.UUID) -> str:
        """Open the game for joining under a new code (returned in the clear, once); a code given before
        stops working. The seats already joined stay so."""
        self._access(game_id)  # a game with tokens
        code = new_code()
        digest = token_hash(code)

        def change(joining: GameJoining, _access: GameAccess) -> list[Any]:
            joining.trigger_event(GameJoining.Opened, code=digest)
            return [JoinCode.for_code(digest, game_id)]

        self._change(game_id, change)
        return code

    def close(self, game_id: uuid.UUID) -> None:
        """Close joining: the code stops working; the seats joined keep their tokens."""
        self._access(game_id)

        def change(joining: GameJoining, _access: GameAccess) -> list[Any]:
            if joining.is_open:
                joining.trigger_event(GameJoining.Closed)
            return []

        self._change(game_id, change)

    def free(self, game_id: uuid.UUID, seat: int) -> None:
        """Open a seat again: its token stops working (replaced by one nobody holds) and whoever joined it
        is forgotten; the next claim gets it, with a new token."""
        game = self.service.game(game_id)
        if not 1 <= seat <= len(game.seats):
            raise UnknownSeat(f"the game has seats 1 to {len(game.seats)}, not {seat}")

        def change(joining: GameJoining, access: GameAccess) -> list[Any]:
            _replace_seat_hash(access, seat, token_hash(new_token()))
            joining.trigger_event(GameJoining.Freed, seat=seat)
            return []

        self._change(game_id, change)

    def joiners(self, game_id: uuid.UUID) -> Joiners:
        """Whether joining is open, the seats open, and the name that joined each seat claimed."""
        game = self.service.game(game_id)
        seats = game.seats
        joining = self._joining(game_id) or GameJoining(game_id)
        joined = [{"seat": seat, "seat_name": seats[seat - 1], "name": name} for seat, name in sorted(joining.joined.items())]
        return Joiners(is_open=joining.is_open, open_seats=joining.open_seats(len(seats), _bots(game)), joined=joined)

    def claim(self, code: str, name: str) -> Claim:
        """The first open seat of the game the code opens, claimed under ``name`` with a new token."""
        problem = name_problem(name)
        if problem is not None:
            raise InvalidSetup(f"the name {printable(name)} {problem}")
        digest = token_hash(code)
        try:
            found = self.service._get(JoinCode.id_for(digest))
        except UnknownGame:
            raise UnknownJoinCode("no game is open for joining with this code: ask for the link again") from None
        if not isinstance(found, JoinCode):
            raise UnknownJoinCode("no game is open for joining with this code: ask for the link again")
        game_id = found.game_id
        game = self.service.game(game_id)
        seat_count, bots = len(game.seats), _bots(game)
        token = new_token()
        claimed: dict[str, int] = {}

        def change(joining: GameJoining, access: GameAccess) -> list[Any]:
            if joining.code != digest:
                raise JoiningClosed("joining this game is closed: ask its owner for the new link")
            open_seats = joining.open_seats(seat_count, bots)
            if not open_seats:
                raise NoOpenSeat("every seat of this game has been taken: ask its owner to free one")
            claimed["seat"] = open_seats[0]
            _replace_seat_hash(access, open_seats[0], token_hash(token))
            joining.trigger_event(GameJoining.Claimed, seat=open_seats[0], name=name)
            return []

        self._change(game_id, change)
        return Claim(game_id=game_id, seat=claimed["seat"], name=name, token=token)

    # -- reading and writing ------------------------------------------------------------------------

    def _change(self, game_id: uuid.UUID, change: Any) -> None:
        """Apply ``change`` to the game's joining and tokens and save them (with what it returns) in one
        transaction; another writer first: read again and try again."""
        for _ in range(RETRIES):
            access = self._access(game_id)
            joining = self._joining(game_id) or GameJoining.start(game_id)
            beside = change(joining, access)
            try:
                self.service._save(joining, access, *beside, what="the joining")
            except IntegrityError:
                continue
            return
        raise VersionConflict("the game's seats kept changing while joining: try again")

    def _access(self, game_id: uuid.UUID) -> GameAccess:
        access = self.service._access(game_id)
        if access is None:
            self.service.game(game_id)  # no such game: UnknownGame
            raise Unauthorized("this game has no tokens; its owner can issue them with 'ludolog tokens'")
        return access

    def _joining(self, game_id: uuid.UUID) -> GameJoining | None:
        try:
            found = self.service._get(GameJoining.id_for(game_id))
        except UnknownGame:
            return None
        return found if isinstance(found, GameJoining) else None


def _replace_seat_hash(access: GameAccess, seat: int, seat_hash: str) -> None:
    """The seat's token hash replaced (the others and the owner's kept), as the tokens' own event records it."""
    seats = list(access.seats)
    seats[seat - 1] = seat_hash
    access.trigger_event(GameAccess.Reissued, owner=access.owner, seats=seats)


def _bots(game: Any) -> frozenset[int]:
    """The seats a bot plays (the service moves for them: no one joins them)."""
    return frozenset(seat for seat, player in enumerate(game.players or [], 1) if player.get("kind") == "bot")
