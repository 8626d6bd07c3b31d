"""Integrity against a reader and a tamperer: a chosen seed cannot be recovered from anything a seat
reads; every answer, state read and export carries the chain head; the audit checks a kept receipt,
the events' times, and gaps in the store's global sequence."""

from __future__ import annotations

import hashlib
import json
import sqlite3

import pytest

from domain.keeping.service import GameService
from domain.keeping.store import store_env
from replays import diary, page, records
from replays.audit import audit, audit_all

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

SEATS = ["Ann", "Ben", "Cy"]


def finish(service, game_id):
    for _ in service.play_bots(game_id, bot_seed=3):
        pass


def readable(service, game_id, viewer):
    """Everything a viewer can read of a game, as text."""
    return "\n".join([
        json.dumps(service.status(game_id, viewer), sort_keys=True, default=str),
        json.dumps([e.to_data() for e in service.read_events(game_id, viewer=viewer)], sort_keys=True),
        records.to_ndjson(service, game_id, viewer),
        records.to_json(service, game_id, viewer),
        records.to_csv(service, game_id, viewer),
        diary.to_markdown(service, game_id, viewer),
        page.to_html(service, game_id, viewer),
    ])


def test_a_small_chosen_seed_cannot_be_found_from_anything_a_seat_reads(service):
    game_id = service.create_game("assassination-le", SEATS, seed="42", salt=SALT)
    seat = service.status(game_id)["to_act"][0]
    answer = service.submit_once(game_id, seat, {"type": "roll"})
    salt = service.game(game_id).salt
    assert service.status(game_id)["status"] == "active"
    candidates = {hashlib.sha256(str(n).encode()).hexdigest() for n in range(10001)}
    assert hashlib.sha256(b"42").hexdigest() in candidates  # the search would find an unsalted commitment
    for viewer in (1, 2, 3, None):
        text = readable(service, game_id, viewer) + json.dumps(answer.head)
        assert service.status(game_id, viewer)["seed_commitment"] not in candidates
        assert not any(candidate in text for candidate in candidates)
        assert salt not in text and '"seed_salt": null' in text


def test_the_head_is_the_last_events_number_and_chain_in_status_answers_and_exports(service):
    game_id = service.create_game("assassination-le", SEATS, seed="head", salt=SALT)
    game = service.game(game_id)
    assert service.status(game_id, 2)["head"] == {"number": game.version, "hash": game.chain} == game.head
    seat = service.status(game_id)["to_act"][0]
    answer = service.submit_once(game_id, seat, {"type": "roll"}, command_id="first")
    stored = list(service.events.get(game_id))
    assert answer.head == {"number": stored[-1].originator_version, "hash": stored[-1].chain} == service.game(game_id).head
    assert records.header(service, game_id, None)["head"] == answer.head
    bots = service.play_bots(game_id, bot_seed=3)
    next(bots), next(bots)
    assert service.game(game_id).version > answer.head["number"]
    again = service.submit_once(game_id, seat, {"type": "roll"}, command_id="first")
    assert again.replayed and again.head == answer.head  # as of the answer's last event, not the game's now


def test_an_honest_game_audits_clean_against_its_receipts(service):
    game_id = service.create_game("assassination-le", SEATS, seed="receipts", salt=SALT)
    early = service.game(game_id).head
    finish(service, game_id)
    last = service.game(game_id).head
    for receipt in (early, last):
        report = audit(service, game_id, head=(receipt["number"], receipt["hash"]))
        assert report.clean, report.problems


def test_a_receipt_whose_hash_differs_from_the_log_is_a_problem(service):
    game_id = service.create_game("assassination-le", SEATS, seed="receipts", salt=SALT)
    report = audit(service, game_id, head=(2, "0" * 64))
    assert not report.clean and report.problems == [f"event 2: its hash is not the receipt's {'0' * 64}: the log was rewritten"]


def sql(db_path, statement, *arguments):
    with sqlite3.connect(db_path) as db:
        return db.execute(statement, arguments).fetchall()


def test_an_event_time_edited_in_the_store_breaks_the_chain(db_path):
    service = GameService(env=store_env(db_path))
    game_id = service.create_game("assassination-le", SEATS, seed="times", salt=SALT)
    finish(service, game_id)
    ((state,),) = sql(db_path, "SELECT state FROM stored_events WHERE originator_version = 5")
    edited = json.loads(state)
    edited["timestamp"]["_data_"] = "2001-01-01T00:00:00+00:00"
    sql(db_path, "UPDATE stored_events SET state = ? WHERE originator_version = 5", json.dumps(edited).encode())
    report = audit(GameService(env=store_env(db_path)), game_id)
    assert not report.clean and report.problems[0].startswith("event 5: its hash does not match its content, its time")


@pytest.fixture
def cut_tail(db_path):
    """A finished game whose end and revealed seed were deleted from the store with its snapshots:
    ``cut_tail(then_more=True)`` creates another game after it first. Returns (a fresh service, the game id,
    its head before the cut, the number of its last event left)."""

    def cut(then_more: bool):
        service = GameService(env=store_env(db_path))
        game_id = service.create_game("assassination-le", SEATS, seed="cut-me", salt=SALT)
        finish(service, game_id)
        head = service.game(game_id).head
        if then_more:
            service.create_game("assassination-le", SEATS, seed="later", salt=SALT)
        ids = (game_id.hex, str(game_id))
        stored = list(service.events.get(game_id))
        ending = stored[-1].cause["command_id"]  # the last command: its facts, the game's end, the revealed seed
        first = min(e.originator_version for e in stored[1:] if (e.cause or {}).get("command_id") == ending)
        sql(db_path, "DELETE FROM stored_events WHERE originator_id IN (?, ?) AND originator_version >= ?", *ids, first)
        sql(db_path, "DELETE FROM stored_snapshots WHERE originator_id IN (?, ?)", *ids)
        fresh = GameService(env=store_env(db_path))
        assert fresh.status(game_id)["status"] == "active"  # the cut game looks like one going on
        return fresh, game_id, head, first - 1

    return cut


def test_events_cut_from_the_middle_of_the_store_leave_a_gap_the_audit_reports(cut_tail):
    service, game_id, _, _ = cut_tail(then_more=True)
    report = audit(service, game_id)
    assert not report.clean
    assert any("the store's sequence of events misses number" in problem for problem in report.problems)
    by_game = {r.game_id: r for r in audit_all(service)}
    assert not by_game[game_id].clean


def test_a_tail_cut_from_the_end_of_the_store_is_caught_by_a_receipt(cut_tail):
    service, game_id, head, ends = cut_tail(then_more=False)
    number = head["number"]
    cut = f"event {number} was" if number == ends + 1 else f"events {ends + 1} to {number} were"
    by_head = f"the store recorded event {number} of this game, but its log ends at event {ends}: {cut} cut off"
    assert audit(service, game_id).problems == [by_head]  # caught without a receipt too (domain.keeping.heads)
    report = audit(service, game_id, head=(number, head["hash"]))
    assert report.problems == [by_head, f"the receipt names event {number} but the log ends at {ends}: events were removed"]


def test_a_gap_from_a_refused_write_on_postgresql_is_only_a_note(service, store):
    if not store.startswith("postgresql"):
        pytest.skip("only PostgreSQL uses up a number on a refused write")
    game_id = service.create_game("assassination-le", SEATS, seed="refused", salt=SALT)
    seat = service.status(game_id)["to_act"][0]
    other = GameService(env=store_env(store))
    try:
        stale = other.game(game_id)
        service.submit(game_id, seat, {"type": "roll"})
        stale.play(seat, {"type": "roll"}, "late")
        with pytest.raises(Exception):  # noqa: B017 - the store's conflict error
            other.save(stale)
    finally:
        other.close()
    next(service.play_bots(game_id, bot_seed=3))  # a write after the refused one
    report = audit(service, game_id)
    assert report.clean, report.problems
    assert any("on PostgreSQL a refused or failed write also uses up a number" in note for note in report.notes)

