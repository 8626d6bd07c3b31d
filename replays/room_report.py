"""A room's playtest report: the class's finished games read as a balance report, beside the bots' figures for the
same rules and options (``ludolog room report``, ``GET /rooms/{code}/report``; the words are
``replays.room_report_text``'s).

Every started table's game is read once, as its owner (the teacher) sees it. Only a game its rules ended, played
with the room's seats a table, is a result: it is read as a balance study's game (``domain.thinking.balance.played``)
and the class's games are counted by the balance report's own ``findings``. The others are counted apart, each
table named: a game still being played, one aborted (no result), one a seat resigned or the seats agreed to draw
(the players' choice, not the rules': the balance report leaves these out too), one played by fewer seats (a room
that fills no seat with a bot).

Beside them, ``bot_games`` games of a bot study (``domain.thinking.balance.study``) of the same ruleset, options and
number of players, each seat played by the room's filling bot (random bots where it fills with nobody), the sides kept
where the options put them, as the class played them. A room whose filling bot searches (seconds a move, minutes a
game) has greedy bots stand in for it unless another bot is asked for (``bot``: ``ludolog room report --bot search``
plays search bots at ``SEARCH_BUDGET`` simulations a move, the same games wherever they run). The study's seeds are
``room-<CODE>:0`` on (``study_seed``): the same room gives the same bots' figures, and ``ludolog balance RULESET --seed
room-<CODE> --fixed-sides`` with the same bot and options plays the same games.
"""

from __future__ import annotations

import functools
import json
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from domain.engine import registry
from domain.engine.errors import InvalidSetup
from domain.engine.game import Game
from domain.keeping.room_records import Room
from domain.keeping.room_views import settings, table_games
from domain.keeping.service import GameService
from domain.thinking.balance.findings import findings
from domain.thinking.balance.played import PERSON, beside_bots, played_record
from domain.thinking.balance.study import (
    GameRecord,
    Study,
    Task,
    play_study_game,
    study_games,
)
from replays.cursor import Cursor

BOT_GAMES = 200
"""The bot study's games unless asked for another number."""
SEARCH_BUDGET = "50"
"""A search bot's simulations a move in the study (``ludolog balance``'s default)."""
QUICK = ("random", "greedy")
"""The bots a study of hundreds of games is played by in seconds; a searching one stands in as greedy unless asked."""

FINISHED, PLAYING, ABORTED, BY_PLAYERS, FEWER = "finished", "playing", "aborted", "ended by the players", "fewer seats"
"""How a table's game stands in the report: only ``FINISHED`` games are counted as results."""

Player = Callable[[Sequence[Task]], list[GameRecord]]
"""What plays a study's games and gives their records in order (the CLI's uses every core)."""


def study_seed(code: str) -> str:
    """The base seed of a room's bot study: its games are seeded ``room-KXMPTA:0`` on."""
    return f"room-{code}"


def bot_study(room: Room, bot: str | None = None) -> Study:
    """The bots' study beside a room's class: its rules, options and seats a table, ``bot`` in every seat (default:
    the room's filling bot, greedy standing in for a searching one, random where it fills with nobody), the sides
    kept where the options put them."""
    strategy = bot or filling_bot(room)
    budget = SEARCH_BUDGET if strategy not in QUICK else None
    return Study(room.ruleset, room.seats_per_table, dict(room.options), (strategy,) * room.seats_per_table, budget,
                 fixed_sides=True)


def filling_bot(room: Room) -> str:
    """The bot a room's study is played by unless another is asked for (see ``bot_study``)."""
    strategy = str((room.fill or {}).get("strategy") or "random")
    return strategy if strategy in QUICK else "greedy"


def room_report(service: GameService, room: Room, bot_games: int = BOT_GAMES, play: Player | None = None,
                bot: str | None = None) -> dict[str, Any]:
    """The report's figures (JSON-native): the room, each started table, the class's findings, the bots' (``bot`` in
    every seat: see ``bot_study``) and the two side by side (``None`` where there is nothing to count, with the
    reason)."""
    tables, records = [], []
    for number, game_id in table_games(room):
        row, record = table_row(service, room, number, game_id)
        tables.append(row)
        if record is not None:
            records.append(record)
    study = bot_study(room, bot)
    people = findings(study, records) if records else None
    bots, bot_records, why = _bots(study, room.code, bot_games, play)
    rules = study_rules(study)
    return {
        "room": {"code": room.code, "name": room.name, "title": rules.game_title(room.options), **settings(room),
                 "options": room.options, "closed": room.closed, "students": len(room.students),
                 "tables": len(room.tables)},
        "tables": tables,
        "counts": {status: sum(1 for row in tables if row["status"] == status)
                   for status in (FINISHED, PLAYING, ABORTED, BY_PLAYERS, FEWER)},
        "waiting_tables": sum(1 for table in room.tables.values() if not table.started),
        "people": people,
        "bots": None if bots is None else {"games": bot_games, "seed": study_seed(room.code), "strategy": study.bots[0],
                                           "budget": study.budget, "room_bot": (room.fill or {}).get("strategy"),
                                           "findings": bots},
        "bots_left_out": why,
        "beside": None if people is None or bots is None else beside_bots(people, bots, records, bot_records),
    }


def study_rules(study: Study) -> Any:
    return registry.get(study.ruleset)


def table_row(service: GameService, room: Room, number: int, game_id: uuid.UUID) -> tuple[dict[str, Any], GameRecord | None]:
    """A started table as the report lists it, and its game as a study's record when it is a result."""
    game = service.game(game_id)
    outcome = game.outcome()
    players = seat_players(game)
    if outcome is None:
        status = PLAYING
    elif outcome.ended_by == "abort":
        status = ABORTED
    elif outcome.ended_by != "rules":
        status = BY_PLAYERS
    elif len(game.seats) != room.seats_per_table:
        status = FEWER
    else:
        status = FINISHED
    row = {"table": number, "game_id": str(game_id), "names": list(game.seats), "players": players, "status": status,
           "winners": [] if outcome is None else [game.seats[seat - 1] for seat in outcome.winners],
           "reason": None if outcome is None else outcome.reason, "ended_by": None if outcome is None else outcome.ended_by,
           "turns": game.rules.turn_number(game.state), "version": game.version}
    if status != FINISHED:
        return row, None
    return row, stored_record(service, game, f"table {number}")


def seat_players(game: Game) -> list[str]:
    """Who played each seat: ``PERSON``, or a bot seat's strategy."""
    return [PERSON if game.player(seat)["kind"] == "person" else str(game.player(seat)["strategy"])
            for seat in range(1, len(game.seats) + 1)]


def stored_record(service: GameService, game: Game, label: str) -> GameRecord:
    """A finished stored game as a balance study's record (``played_record``), ``label`` naming it where a study's
    record has its seed: one pass of a cursor over its events."""
    outcome = game.outcome()
    if outcome is None:
        raise InvalidSetup(f"game {game.id} is still being played: only a finished game is a result")
    players = seat_players(game)
    cursor = Cursor(service, game.id)
    commands: list[tuple[Any, int, Any]] = []
    first_command = None
    last_id: object = object()
    for number, event in enumerate(cursor.stored, 1):
        cause = getattr(event, "cause", None) if isinstance(event, Game.FactRecorded) else None
        if not cause:
            continue
        first_command = first_command or number
        if cause.get("command_id") != last_id:
            last_id = cause.get("command_id")
            commands.append((cursor.state_at(number - 1), int(cause["seat"]), cause["command"]))
    setup = cursor.state_at((first_command or cursor.total + 1) - 1)
    return played_record(cursor.rules, list(game.seats), players, setup, commands, cursor.state_at(cursor.total), outcome, label)


def _bots(study: Study, code: str, games: int, play: Player | None) -> tuple[dict[str, Any] | None, list[GameRecord], str | None]:
    """The bot study's findings and records, or ``None`` and why there are none."""
    rules = study_rules(study)
    if games <= 0:
        return None, [], "no bot games were asked for"
    if not rules.holds_rules(study.options):
        return None, [], (f"{rules.game_title(study.options)} holds no rules (the people at the table keep them): its bots "
                          "could only play by chance")
    try:
        if play is None:
            found, kept = _played_here(_key(study), code, games)
            return found, list(kept), None
        records = [_light(record) for record in play(study_games(study, study_seed(code), games))]
        return findings(study, records), records, None
    except InvalidSetup as error:  # a bot this server cannot run (OpenSpiel not installed)
        return None, [], f"the bots could not play: {error.message}"


def _key(study: Study) -> str:
    return json.dumps([study.ruleset, study.players, study.options, list(study.bots), study.budget], sort_keys=True,
                      default=str)


@functools.lru_cache(maxsize=8)
def _played_here(key: str, code: str, games: int) -> tuple[dict[str, Any], tuple[GameRecord, ...]]:
    """A study played in this process, kept for the next request of the same room (the same seeds, the same games)."""
    ruleset, players, options, bots, budget = json.loads(key)
    study = Study(ruleset, players, options, tuple(bots), budget, fixed_sides=True)
    records = [_light(play_study_game(*task)) for task in study_games(study, study_seed(code), games)]
    return findings(study, records), tuple(records)


def _light(record: GameRecord) -> GameRecord:
    """A record without its moves (the report needs none of them)."""
    return {**record, "moves": []}
