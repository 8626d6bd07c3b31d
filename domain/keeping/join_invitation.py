"""What a device opening a join link may know before it joins (``GET /join/{code}``): which game the code
opens (its name, or its ruleset, seats and day as the games' list shows a game without one), the
ruleset's title, and how many of its seats are still open. Nothing of who joined, no address, no cap.

A code nobody issued is ``UnknownJoinCode``; a code closed or replaced by a new one ``JoiningClosed``, as
for a claim (``domain.keeping.joining``).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING

from domain.engine.errors import UnknownGame
from domain.engine.viewing import display_name
from domain.keeping.access import token_hash
from domain.keeping.joining import GameJoining, JoinCode, Joining, JoiningClosed, UnknownJoinCode

if TYPE_CHECKING:
    from domain.keeping.service import GameService


@dataclass(frozen=True)
class Invitation:
    """The game a join code opens, as a joining device sees it."""

    game_id: uuid.UUID
    name: str
    ruleset: str
    title: str
    seats: int
    open_seats: int


def invitation(service: GameService, code: str) -> Invitation:
    """The game ``code`` opens for joining now, and its seats still open."""
    digest = token_hash(code)
    found = _get(service, JoinCode.id_for(digest))
    if not isinstance(found, JoinCode):
        raise UnknownJoinCode("no game is open for joining with this code: ask for the link again")
    joining = _get(service, GameJoining.id_for(found.game_id))
    if not isinstance(joining, GameJoining) or joining.code != digest:
        raise JoiningClosed("joining this game is closed: ask its owner for the new link")
    game = service.game(found.game_id)
    open_seats = Joining(service).joiners(found.game_id).open_seats
    return Invitation(game_id=found.game_id, name=display_name(game), ruleset=game.ruleset,
                      title=game.rules.game_title(game.options), seats=len(game.seats), open_seats=len(open_seats))


def _get(service: GameService, aggregate_id: uuid.UUID) -> object | None:
    try:
        return service._get(aggregate_id)
    except UnknownGame:
        return None
