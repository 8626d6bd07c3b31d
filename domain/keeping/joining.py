"""Joining a game from one link: its owner opens the game for joining and hands out one code (a link,
a QR code); each device that sends the code with a name gets one open seat's new token, never another's.

The code is shown once, when issued: the store keeps only its SHA-256 hash, in the records of
``domain.keeping.joining_records`` (``GameJoining``, ``JoinCode``). A claim records the joiner and the
seat's new token hash in one transaction: two devices claiming at once (in two worker processes) cannot
both get a seat, for the second one's ``GameJoining`` version is taken and it tries again with the seats
left.

A seat claimed gets a new token: a token given out for that seat before stops working. Freeing a seat
replaces its token with one nobody holds and opens it again; the next claim gets it with a new token.

**Seats per address.** The owner may open joining with a cap on the seats one address holds through the
link (``seats_per_address``); by default there is none beyond the game's seats. That default is for the
class behind one school address (NAT), where every device shares an address: any cap below the game's
seats would turn students away. A cap of 1 is for a classroom network where each device has its own
address, so that no device, and no script, takes the whole table. The cap is checked in the claim's own
transaction, against the seats the address holds in the stored ``GameJoining`` (a freed seat no longer
counts): it holds across worker processes and on every store, as the seats themselves do; a claim over
it is refused (``SeatsPerAddressReached``) and records nothing. Opening joining again starts the count
afresh with the new code; closing drops the cap. A claim made without an address (``address=None``: not
from the network) is neither counted nor capped.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

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
from domain.keeping.joining_records import GameJoining, JoinCode, address_key, new_code

if TYPE_CHECKING:
    from domain.keeping.service import GameService

__all__ = ["Claim", "GameJoining", "JoinCode", "Joiners", "Joining", "JoiningClosed", "NoOpenSeat",
           "SeatsPerAddressReached", "UnknownJoinCode", "new_code"]

RETRIES = 5
MOST_SEATS_PER_ADDRESS = 1000
"""The largest cap of seats per address an owner may set (any cap at or over the game's seats is none)."""


class UnknownJoinCode(LudologError, LookupError):
    """A join code no game was ever opened with (404)."""

    kind = "unknown-join-code"


class JoiningClosed(LudologError):
    """A join code its game's owner has closed, or replaced with a new one (410)."""

    kind = "joining-closed"


class NoOpenSeat(LudologError):
    """Every seat of the game has been claimed (409)."""

    kind = "no-open-seat"


class SeatsPerAddressReached(LudologError):
    """The claiming address already holds as many of the game's seats as its owner lets one address hold
    (409); nothing was claimed."""

    kind = "seats-per-address-reached"


@dataclass(frozen=True)
class Joiners:
    """What the owner sees of a game's joining: open or not, the open seats, who joined which seat, and the
    cap of seats per address (``None``: none). Never an address or its key."""

    is_open: bool
    open_seats: list[int]
    joined: list[dict[str, Any]]
    seats_per_address: int | None


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

    def open(self, game_id: uuid.UUID, seats_per_address: int | None = None) -> str:
        """Open the game for joining under a new code (returned in the clear, once), one address holding at
        most ``seats_per_address`` seats through it (``None``: no cap); a code given before stops working.
        The seats already joined stay so."""
        if seats_per_address is not None and not 1 <= seats_per_address <= MOST_SEATS_PER_ADDRESS:
            raise InvalidSetup(f"seats per address: 1 to {MOST_SEATS_PER_ADDRESS}, not {seats_per_address}")
        self._access(game_id)  # a game with tokens
        code = new_code()
        digest = token_hash(code)

        def change(joining: GameJoining, _access: GameAccess) -> list[Any]:
            joining.trigger_event(GameJoining.Opened, code=digest, seats_per_address=seats_per_address)
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
        return Joiners(is_open=joining.is_open, open_seats=joining.open_seats(len(seats), _bots(game)), joined=joined,
                       seats_per_address=joining.seats_per_address)

    def claim(self, code: str, name: str, address: str | None = None) -> Claim:
        """The first open seat of the game the code opens, claimed under ``name`` with a new token, from
        ``address`` (counted against the game's cap of seats per address, if its owner set one)."""
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
        key = None if address is None else address_key(code, address)
        claimed: dict[str, int] = {}

        def change(joining: GameJoining, access: GameAccess) -> list[Any]:
            if joining.code != digest:
                raise JoiningClosed("joining this game is closed: ask its owner for the new link")
            open_seats = joining.open_seats(seat_count, bots)
            if not open_seats:
                raise NoOpenSeat("every seat of this game has been taken: ask its owner to free one")
            cap = joining.seats_per_address
            counted = None if cap is None else key  # uncapped, nothing derived from an address is kept
            if cap is not None and counted is not None and joining.seats_held_by(counted) >= cap:
                raise SeatsPerAddressReached(_over_cap(cap))
            claimed["seat"] = open_seats[0]
            _replace_seat_hash(access, open_seats[0], token_hash(token))
            joining.trigger_event(GameJoining.Claimed, seat=open_seats[0], name=name, address_key=counted)
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


def _over_cap(cap: int) -> str:
    """The refusal's detail: the cap, and what to do."""
    return (f"one address may hold {cap} seat{'s' * (cap != 1)} of this game through its join link, and this "
            "address already holds as many: ask the game's owner to free one")


def _bots(game: Any) -> frozenset[int]:
    """The seats a bot plays (the service moves for them: no one joins them)."""
    return frozenset(seat for seat, player in enumerate(game.players or [], 1) if player.get("kind") == "bot")
