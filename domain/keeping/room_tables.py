"""A room's table started: its game created with the students seated as its seats (``domain.keeping.rooms``).

The game's seats are the table's in order, each named as its student joined; an empty seat goes to the room's
filling bot, named after its strategy (``Greedy bot``, ``Greedy bot 2`` where two are), or, when the room fills with
nobody, is left out, so that a table of two plays a game of two where the game allows it. The game's tokens are
the students' device token hashes (so one token plays the student's seat) and, for the owner, the teacher's token
hash; a bot's seat gets the hash of a token nobody holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.engine import registry
from domain.engine.errors import InvalidSetup
from domain.keeping.access import GameAccess, new_token, token_hash
from domain.keeping.room_records import Room, RoomRefused, Student, Table, name_key
from domain.thinking.seat_players import check_players

if TYPE_CHECKING:
    from domain.keeping.service import GameService


def table_problem(room: Room, table: Table) -> str | None:
    """Why the table cannot start now (in words), or ``None``."""
    seated = sum(1 for student in table.seats if student is not None)
    if seated == 0:
        return "nobody is seated there"
    if room.fill is not None:
        return None
    rules = registry.get(room.ruleset)
    if seated < rules.min_seats:
        return f"it has {seated} of the {rules.min_seats} players the game needs, and the room fills no seat with a bot"
    return None


def start_table(service: GameService, room: Room, table: Table) -> list[Any]:
    """Create the table's game and tokens and record that the table started; the aggregates to save with the room."""
    names: list[str] = []
    players: list[dict[str, Any]] = []
    hashes: list[str] = []
    game_seats: dict[str, int] = {}
    taken = {name_key(room.students[s].name) for s in table.seats if s is not None}
    for student in table.seats:
        if student is not None:
            names.append(room.students[student].name)
            players.append({"kind": "person"})
            hashes.append(room.students[student].device)
            game_seats[str(student)] = len(names)
        elif room.fill is not None:
            names.append(_bot_name(room.fill["strategy"], taken))
            players.append({"kind": "bot", **room.fill})
            hashes.append(token_hash(new_token()))
    try:
        game = service._start(room.ruleset, names, room.options, None, name=f"{room.name} · table {table.number}",
                              players=players)
    except InvalidSetup as error:
        raise InvalidSetup(f"table {table.number} cannot start: {error}") from None
    access = GameAccess._create(GameAccess.Created, id=GameAccess.id_for(game.id), game_id=game.id, owner=room.teacher,
                                seats=hashes)
    room.trigger_event(Room.TableStarted, table=table.number, game_id=game.id, game_seats=game_seats)
    return [game, access]


def started_if_full(service: GameService, room: Room, number: int) -> list[Any]:
    """Start table ``number`` if the room starts tables as they fill and it is full; the aggregates to save."""
    table = room.tables[number]
    if room.start == "full" and None not in table.seats and not table.started:
        return start_table(service, room, table)
    return []


def reseat_token(service: GameService, room: Room, student: Student, device_hash: str) -> list[Any]:
    """The student's seat token at a started table's game replaced by ``device_hash`` (the other seats' and the
    owner's kept); the tokens to save with the room (none when the student's table has not started)."""
    table = room.tables.get(student.table) if student.table is not None else None
    if table is None or not table.started or student.number not in table.game_seats:
        return []
    access = service._get(GameAccess.id_for(table.game_id))
    seats = list(access.seats)
    seats[table.game_seats[student.number] - 1] = device_hash
    access.trigger_event(GameAccess.Reissued, owner=access.owner, seats=seats)
    return [access]


def free_seat(room: Room, number: int) -> int:
    """The first free seat of table ``number``, which must exist and not have started (``RoomRefused`` saying why)."""
    table = room.tables.get(number)
    if table is None:
        raise RoomRefused(f"the room has no table {number}; move a student to a new table instead")
    if table.started:
        raise RoomRefused(f"table {number} has started: a student joins a table before it starts")
    if None not in table.seats:
        raise RoomRefused(f"table {number} is full ({len(table.seats)} seats)")
    return table.seats.index(None) + 1


def checked_fill(fill: Any, seats_per_table: int) -> dict[str, Any]:
    """A room's filling bot as recorded: its strategy, budget and pace, checked as a game's bot seat is."""
    if not isinstance(fill, dict):
        raise InvalidSetup('a room fills empty seats with {"strategy": ..., "pace_ms": ...}, or with nobody (null)')
    players = check_players([{"kind": "bot", **fill}] + [{"kind": "person"}] * (seats_per_table - 1), seats_per_table)
    bot = dict(players[0])  # type: ignore[index]
    bot.pop("kind")
    return bot


def _bot_name(strategy: str, taken: set[str]) -> str:
    """A bot seat's name, unlike every name at the table (which it then joins)."""
    base = f"{strategy.capitalize()} bot"
    number = 1
    name = base
    while name_key(name) in taken:
        number += 1
        name = f"{base} {number}"
    taken.add(name_key(name))
    return name
