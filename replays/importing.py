"""Importing an owner's NDJSON export (``replays.records`` describes the format) back into a store.

The file's lines are read and counted against its header (events, note events, the last event's hash);
the game is re-created under the same id by replaying the recorded commands (and a seat's resignation,
draw offers or abort: ``domain.engine.early_endings``) with the same seed, salt and event times, and every event it produced is checked against the file, chain hash included; the
notes' history is checked as ``Notebook.restore`` checks it, each author a seat of the game or its
owner. Only then are the game and its notes recorded, in one transaction: a file refused for any
reason leaves nothing behind.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any

from domain.engine import early_endings, registry
from domain.engine.chain import CHAIN_VERSION, covered
from domain.engine.errors import (
    InvalidNote,
    InvalidSetup,
    LudologError,
    UnknownNote,
)
from domain.engine.game import Game
from domain.engine.seating import check_game_name, check_seat_names
from domain.keeping.access import OWNER
from domain.keeping.notebook import replayed_notes
from domain.keeping.service import GameService
from domain.thinking.seat_players import check_players
from replays.families import fork_begin
from replays.record_format import FORMAT, NOTE_EVENT, READABLE_VERSIONS


def import_game(service: GameService, text: str) -> uuid.UUID:
    """Re-create the games of an owner's NDJSON export, and their notes, in the service's store; their ids
    are kept. A file of a family (a game with its trunk and forks) is imported whole. Anything wrong with
    the file raises ``InvalidSetup`` in one line, and nothing is written. The id returned is the first
    game's (the family's first trunk)."""
    return import_games(service, text)[0]


def import_games(service: GameService, text: str) -> list[uuid.UUID]:
    """``import_game``, returning every game's id in the file's order (trunks before their forks)."""
    made: dict[uuid.UUID, Game] = {}
    kept: list[Any] = []
    sections = _read_sections(text)
    if any(head.get("viewer") == OWNER for head, _, _ in sections):
        # a seat's fork brings its trunks as that seat saw them: they cannot be re-created, the fork can
        sections = [section for section in sections if section[0].get("viewer") == OWNER]
    for head, records, note_events in sections:
        game = _imported(service, head, records, note_events, made)
        if game.id in made:
            raise InvalidSetup(f"the export holds game {game.id} twice: the file is damaged")
        made[game.id] = game
        kept += [game, *_restored_notes(game, note_events)]
    _record(service, kept)
    return list(made)


def _imported(service: GameService, head: dict[str, Any], records: list[dict[str, Any]], note_events: list[Any],
              made: dict[uuid.UUID, Game]) -> Game:
    """One game of the file re-created (not stored) and checked against its records; ``made`` holds the
    file's games re-created before it (a fork's trunk may be one)."""
    version = head.get("format_version")
    if version not in READABLE_VERSIONS:
        raise InvalidSetup(f"export format version {version} is not one this service reads ({', '.join(map(str, READABLE_VERSIONS))})")
    if head.get("viewer") != OWNER or not head.get("seed"):
        raise InvalidSetup("this export shows one seat's view; only the owner's export (with the seed) can be imported")
    _check_header(head, records, note_events, version)
    try:
        game_id = uuid.UUID(str(head["id"]))
        rules = registry.get(head["ruleset"], head.get("ruleset_version"))
        seats, options, seed = head["seats"], head["options"], head["seed"]
        salt = str(head.get("seed_salt") or "") if version >= 2 else ""
        table = _table(head, version)
        name = head.get("name") or ""
        times = _times(records)
    except (KeyError, TypeError, ValueError) as error:
        raise InvalidSetup(f"the export's header or an event is incomplete or damaged ({error!r})") from None
    chain_version = _chain_version(head, version, salt)
    if not isinstance(seats, list) or not all(isinstance(name, str) for name in seats):
        raise InvalidSetup("the export's header is damaged: its seats are not a list of names")
    try:
        check_seat_names(seats)  # a file brings names as a person does: the same rule
    except InvalidSetup as error:
        raise InvalidSetup(f"the export's seat names break the rule for names: {error}") from None
    try:
        players = check_players(head.get("players"), len(seats), table=table is not None)
    except InvalidSetup as error:
        raise InvalidSetup(f"the export's players are damaged: {error}") from None
    if name:
        check_game_name(name)  # "the game's name ... is blank", as for a game created here
    try:
        service.game(game_id)
    except LudologError:
        pass
    else:
        raise InvalidSetup(f"game {game_id} is already in this store")
    fork = head.get("fork") if version >= 6 else None
    if fork:
        begin = fork_begin(service, head, records, made, str(seed), salt, table is not None, chain_version)
    else:
        def begin(stamps: Iterator[datetime]) -> Game:
            return Game.start(rules, list(seats), dict(options), str(seed), game_id=game_id, salt=salt, timestamps=stamps,
                              table=table is not None, outcomes=table, chain_version=chain_version, name=name,
                              players=players)
    game = _recreate(begin, records, times)
    if game.seed_commitment != head.get("seed_commitment"):
        raise InvalidSetup("the export's seed and salt do not match its seed commitment")
    produced = list(game.pending_events)
    if len(produced) != len(records):
        raise InvalidSetup(f"the export has {len(records)} events but replaying its commands gives {len(produced)}")
    for made_event, record in zip(produced, records, strict=True):
        if made_event.originator_version != record.get("number") or not _same_fact(made_event, record.get("data"), chain_version):
            raise InvalidSetup(f"event {record.get('number')} of the export does not replay under these rules")
        if made_event.chain != record.get("chain"):
            raise InvalidSetup(
                f"event {record.get('number')} of the export: its chain hash is not the one its content and time give "
                "(the file was edited)"
            )
    return game


def _same_fact(made_event: Any, data: Any, chain_version: int) -> bool:
    """Whether a re-created event's fact is the one the export recorded: in a game of an earlier chain version,
    as far as the fact was then (an export made before a field was added lacks it; ``Fact.chained_since``)."""
    made = getattr(made_event, "fact", None)
    if made is None:
        return True
    if not isinstance(data, dict):
        return False
    return covered(made, made_event.fact_type, chain_version) == covered(data, made_event.fact_type, chain_version)


def _restored_notes(game: Game, note_events: list[Any]) -> list[Any]:
    """The notes aggregate the file's note events make, checked as ``Notebook.restore`` checks them,
    not stored yet: ``InvalidSetup`` saying what is wrong."""
    for entry in note_events:
        if not isinstance(entry, dict) or not isinstance(entry.get("data"), dict):
            raise InvalidSetup("a note event of the export is not an object with its data: the file is damaged")
    try:
        notes = replayed_notes(game, note_events)
    except (InvalidNote, UnknownNote) as error:
        raise InvalidSetup(f"the export's notes do not fit its game: {error}") from None
    return [] if notes is None else [notes]


def _record(service: GameService, kept: list[Any]) -> None:
    """The re-created games and their notes recorded in one transaction."""
    service.save_imported(*kept)


def _chain_version(head: dict[str, Any], version: int, salt: str) -> int:
    """The chain version of the exported game: its header's (format 5 on), else what the games of the
    format's time had (2 with a salt, 1 without); ``InvalidSetup`` for one this service does not know."""
    if not salt:
        return 1
    if version < 5:
        return 2
    chain_version = head.get("chain_version")
    if type(chain_version) is not int or not 2 <= chain_version <= CHAIN_VERSION:
        raise InvalidSetup(f"the export's header is damaged: its chain version is {chain_version!r}, "
                           f"not 2 to {CHAIN_VERSION} for a salted game")
    return chain_version


BOM = "\ufeff"
"""A byte order mark: editors on Windows start a UTF-8 file with it; it is no part of the export."""

MOST_NESTING = 64
"""The deepest nesting of lists and objects a record of an export may have (its events' data is a few
levels deep); deeper is a damaged or hostile file, refused before anything recurses into it."""


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in ``value`` (without recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level)
            if level <= MOST_NESTING:
                stack.extend((child, level + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def _read_sections(text: str) -> list[tuple[dict[str, Any], list[dict[str, Any]], list[Any]]]:
    """Each game of an NDJSON export: its header, its event records and its note events (a family's file
    holds one such section per game, each starting with its header), or ``InvalidSetup`` naming the bad line."""
    sections: list[tuple[dict[str, Any], list[dict[str, Any]], list[Any]]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line.removeprefix(BOM) if number == 1 else line)
        except RecursionError:
            raise InvalidSetup(f"line {number} of the export is nested too deeply to be one of its records: the file is damaged") from None
        except json.JSONDecodeError as error:
            if not sections:
                raise InvalidSetup(
                    "not a ludolog NDJSON game export: its first line is not JSON "
                    "(JSON and CSV exports cannot be imported; export with --format ndjson)"
                ) from None
            raise InvalidSetup(f"line {number} of the export is not valid JSON ({error.msg}): the file is damaged") from None
        if not isinstance(record, dict):
            raise InvalidSetup(f"line {number} of the export is not a JSON object: the file is damaged")
        if _depth(record) > MOST_NESTING:
            raise InvalidSetup(f"line {number} of the export is nested too deeply to be one of its records: the file is damaged")
        if record.get("format") == FORMAT:
            sections.append((record, [], []))
        elif not sections:
            raise InvalidSetup(
                "not a ludolog NDJSON game export: the first line is not its header "
                "(JSON and CSV exports cannot be imported; export with --format ndjson)"
            )
        elif set(record) == {NOTE_EVENT}:
            sections[-1][2].append(record[NOTE_EVENT])
        elif sections[-1][2]:
            raise InvalidSetup(f"line {number} of the export comes after its notes but is not one: the file is damaged")
        else:
            sections[-1][1].append(record)
    if not sections:
        raise InvalidSetup("not a ludolog NDJSON game export: the file is empty")
    return sections


def _check_header(head: dict[str, Any], records: list[dict[str, Any]], note_events: list[Any], version: int) -> None:
    """The events and notes of the file against what its header says of them: their counts, the last
    event's hash."""
    if head.get("events") != len(records):
        raise InvalidSetup(
            f"the export's header says {head.get('events')} events but the file holds {len(records)}: "
            "it was cut short or added to"
        )
    if head.get("note_events", 0) != len(note_events):
        raise InvalidSetup(
            f"the export's header says {head.get('note_events', 0)} note events but the file holds {len(note_events)}: "
            "it was cut short or added to"
        )
    if version >= 2:
        receipt = head.get("head") or {}
        last = records[-1] if records else {}
        if receipt.get("number") != last.get("number") or receipt.get("hash") != last.get("chain"):
            raise InvalidSetup(
                f"the export's header names event {receipt.get('number')} with hash {receipt.get('hash')} as its last, "
                f"but the file ends with event {last.get('number')} with hash {last.get('chain')}"
            )


def _times(records: list[dict[str, Any]]) -> list[datetime]:
    return [datetime.fromisoformat(str(record["time"])) for record in records]


def _table(head: dict[str, Any], version: int) -> list[Any] | None:
    """A table game's setup outcomes (format 4 on), or ``None`` for a game that is not one."""
    if version < 4 or not head.get("table"):
        return None
    outcomes = head.get("setup_outcomes")
    if not isinstance(outcomes, list):
        raise InvalidSetup("the export is of a table game but its header has no list of setup outcomes")
    return outcomes


def _recreate(begin: Callable[[Iterator[datetime]], Game], records: list[dict[str, Any]], times: list[datetime]) -> Game:
    """The game ``begin`` starts (created or forked, given the event times) with the file's commands replayed
    on it (a table game's with the outcomes the table gave), its events given the file's times."""
    stamps: Iterator[datetime] = iter(times)
    try:
        game = begin(stamps)
        played = set()
        for record in records:
            command_id = record.get("command_id")
            if record.get("topic") in early_endings.ACTION_OF_TOPIC:  # a seat's resignation, draw offer or abort
                early_endings.act(game, early_endings.ACTION_OF_TOPIC[record["topic"]], record["seat"], timestamps=stamps)
            elif record.get("command") is not None and command_id not in played:
                played.add(command_id)
                game.play(record["seat"], record["command"], command_id, timestamps=stamps, outcomes=record.get("outcomes"))
    except StopIteration:
        raise InvalidSetup("replaying the export's commands gives more events than the file holds") from None
    except LudologError as error:
        raise InvalidSetup(f"the export's commands do not replay under these rules: {error}") from None
    except (KeyError, TypeError, ValueError) as error:
        raise InvalidSetup(f"an event of the export is incomplete or damaged ({error!r})") from None
    return game
