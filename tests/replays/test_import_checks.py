"""Importing refuses a file whose events do not match its header or whose chain hashes do not re-compute,
and anything that is not an owner's NDJSON export, in one line and writing nothing; exports of format
version 1 still import. The CSV export holds no cell a spreadsheet would evaluate."""

from __future__ import annotations

import csv
import io
import json

import pytest
from old_games import old_game_events

from domain.engine import registry
from domain.engine.chain import CHAIN_VERSION
from domain.engine.errors import InvalidSetup
from domain.engine.game import Game
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from replays import records
from replays.audit import audit

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

SEATS = ["Ann", "Ben", "Cy"]


def played_export(service):
    """The owner's NDJSON export of a finished game in the service's store, as a list of lines."""
    game_id = service.create_game("assassination-le", SEATS, seed="import-checks", salt=SALT)
    for _ in service.play_bots(game_id, bot_seed=3):
        pass
    return game_id, records.to_ndjson(service, game_id).splitlines()


@pytest.fixture
def exported(service):
    """The export of a game played in the store under test (each store's export must import)."""
    return played_export(service)


@pytest.fixture(scope="module")
def one_export():
    """The export of a game played once, in memory, for the damaged copies: a copy is refused for what was
    done to it, whichever store the game was played in (and every import here is into a fresh store)."""
    return played_export(GameService(env=store_env(None)))


@pytest.fixture
def lines(one_export):
    """A copy of ``one_export``'s lines, for a test to damage."""
    return list(one_export[1])


def refused(lines, match):
    """Import the lines into a fresh store: refused with the message, and nothing written there."""
    other = GameService(env=store_env(None))
    with pytest.raises(InvalidSetup, match=match) as raised:
        records.import_game(other, "\n".join(lines) + "\n")
    assert "\n" not in str(raised.value)
    assert other.recorder.max_notification_id() in (None, 0)
    return str(raised.value)


def test_an_intact_export_imports_and_keeps_salt_times_and_chain(exported, service):
    game_id, lines = exported
    other = GameService(env=store_env(None))
    assert records.import_game(other, "\n".join(lines)) == game_id
    mine, theirs = list(service.events.get(game_id)), list(other.events.get(game_id))
    assert [(e.timestamp, e.chain) for e in mine] == [(e.timestamp, e.chain) for e in theirs]
    assert other.game(game_id).salt == service.game(game_id).salt
    assert audit(other, game_id).clean


def test_a_truncated_export_is_refused_naming_the_count(lines):
    total = len(lines) - 1
    message = refused(lines[:-2], "header says")
    assert f"says {total} events but the file holds {total - 2}" in message


def test_an_export_whose_header_head_is_not_its_last_event_is_refused(lines):
    head = json.loads(lines[0])
    head["head"]["hash"] = "f" * 64
    refused([json.dumps(head), *lines[1:]], "the export's header names event")


def edited(lines, number, change):
    """The lines with event ``number``'s record changed by ``change(record)``."""
    record = json.loads(lines[number])
    change(record)
    return [*lines[:number], json.dumps(record), *lines[number + 1:]]


def test_an_event_whose_chain_was_changed_is_refused(lines):
    changed = edited(lines, 5, lambda record: record.update(chain="0" * 64))
    refused(changed, "event 5 of the export: its chain hash is not the one")


def test_an_event_whose_time_was_changed_is_refused(lines):
    changed = edited(lines, 5, lambda record: record.update(time="2001-01-01T00:00:00+00:00"))
    refused(changed, "event 5 of the export: its chain hash is not the one")


@pytest.mark.parametrize("form", ["json", "csv"])
def test_a_json_or_csv_export_is_refused_in_one_line(service, form):
    game_id = service.create_game("assassination-le", SEATS, seed="wrong-format", salt=SALT)
    text = records.to_json(service, game_id) if form == "json" else records.to_csv(service, game_id)
    refused(text.splitlines(), "export with --format ndjson")


def test_a_corrupt_line_is_refused_naming_it(lines):
    refused([*lines[:3], '{"number": 3, "ti', *lines[4:]], "line 4 of the export is not valid JSON")


def test_import_refuses_a_line_nested_too_deeply_in_one_line(lines):
    deep = '{"number": 4, "data": ' + "[" * 100_000 + "]" * 100_000 + "}"
    refused([*lines[:4], deep, *lines[5:]], "line 5 of the export is nested too deeply")
    parsable = '{"number": 4, "data": ' + "[" * 200 + "]" * 200 + "}"  # parses, and is no record either
    refused([*lines[:4], parsable, *lines[5:]], "line 5 of the export is nested too deeply")


def test_import_accepts_a_byte_order_mark(one_export):
    game_id, lines = one_export
    other = GameService(env=store_env(None))
    assert records.import_game(other, "\ufeff" + "\n".join(lines)) == game_id
    assert audit(other, game_id).clean


def test_an_export_of_format_version_1_still_imports():
    """A game recorded before salts (empty salt, chain version 1), exported as format 1 wrote it."""
    service = GameService(env=store_env(None))
    old, stored = old_game_events(service, "format-1")
    service.recorder.insert_events(stored)
    lines = records.to_ndjson(service, old.id).splitlines()
    head = json.loads(lines[0])
    del head["head"], head["seed_salt"]
    head["format_version"] = 1
    other = GameService(env=store_env(None))
    assert records.import_game(other, "\n".join([json.dumps(head), *lines[1:]])) == old.id
    assert [e.chain for e in other.events.get(old.id)] == [e.chain for e in service.events.get(old.id)]
    assert audit(other, old.id).clean
    truncated = [json.dumps(head), *lines[1:-1]]
    refused(truncated, "header says")


def test_an_export_of_format_version_4_imports_as_a_game_of_chain_version_2():
    """A game of chain version 2 (its chance from its seed alone), exported as format 4 wrote it: a
    header without ``chain_version``."""
    service = GameService(env=store_env(None))
    rules = registry.get("assassination-le")
    old = Game.start(rules, SEATS, rules.resolve_options({}), "format-4", chain_version=2, salt=SALT)
    service.save_imported(old)
    for _ in service.play_bots(old.id, bot_seed=3):
        pass
    lines = records.to_ndjson(service, old.id).splitlines()
    head = json.loads(lines[0])
    assert head.pop("chain_version") == 2
    head["format_version"] = 4
    other = GameService(env=store_env(None))
    assert records.import_game(other, "\n".join([json.dumps(head), *lines[1:]])) == old.id
    assert [e.chain for e in other.events.get(old.id)] == [e.chain for e in service.events.get(old.id)]
    assert other.game(old.id).chain_version == 2 and other.game(old.id).chance_key == "format-4"
    assert audit(other, old.id).clean


@pytest.mark.parametrize("damaged", [1, CHAIN_VERSION + 1, "3", True, None], ids=repr)
def test_an_export_with_a_damaged_chain_version_is_refused_in_one_line(lines, damaged):
    head = json.loads(lines[0])
    assert head["format_version"] == records.FORMAT_VERSION and head["chain_version"] == CHAIN_VERSION
    head["chain_version"] = damaged
    refused([json.dumps(head), *lines[1:]], "chain version")


FORMULA = ("=", "+", "-", "@", "\t", "\r")


def test_no_csv_cell_starts_a_formula(service):
    seats = ["=cmd|' /C calc'!A0", "+SUM(1)", "@A1"]
    game_id = service.create_game("assassination-le", seats, seed="csv", salt=SALT)
    seat = service.status(game_id)["to_act"][0]
    service.submit(game_id, seat, {"type": "roll"}, command_id="-2+3")
    rows = list(csv.reader(io.StringIO(records.to_csv(service, game_id))))
    cells = [cell for row in rows for cell in row]
    (played,) = [dict(zip(rows[0], row)) for row in rows[1:] if row[5] == "'-2+3"]  # the command id, made inert
    assert played["seat_name"] == f"'{seats[seat - 1]}"  # kept, made inert
    assert played["sentence"].startswith(f"'{seats[seat - 1]} rolled")
    assert not [cell for cell in cells if cell.startswith(FORMULA)]
    assert records.inert("\tx") == "'\tx" and records.inert("\r@") == "'\r@"
    assert records.inert("=1+1") == "'=1+1" and records.inert("a=1") == "a=1" and records.inert(-3) == "'-3"
