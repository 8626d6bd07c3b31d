"""Notes in the exports: the owner's NDJSON export carries their whole history and its import restores
every note (written, edited, withdrawn, private) with its time in the same transaction as the game; a
bad notes section is refused and writes nothing; exports of format version 2 still import. Every
format, through ``replays``, the API and the CLI, holds the notes its viewer may see and no other: a
seat's private note never reaches another seat or a spectator. CSV note rows are made inert."""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

from api import create_app
from cli.main import cli
from domain.engine import registry
from domain.engine.chain import CHAIN_VERSION
from domain.engine.errors import InvalidSetup
from domain.engine.game import Game
from domain.keeping.access import OWNER
from domain.keeping.notebook import Notebook
from domain.keeping.notes import GameNotes
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from replays import records
from replays.audit import audit
from replays.diary import to_markdown
from replays.page import to_html

SEATS = ["Ann", "Ben", "Cy"]
VIEWERS = [OWNER, 1, 2, 3, None]
FORMATS = ["ndjson", "json", "csv", "md", "html"]
ANNS = ("SECRET-ann-plan", "SECRET-ann-mark")
"""Words only in seat 1's private note (its text and its bookmark)."""
OWNERS = "SECRET-owner-aside"
WITHDRAWN = "WITHDRAWN-by-ben"
PUBLIC = "public-by-ben"
SALT = "5eed" * 8
"""The salt of the annotated game: with its seed it decides the game, so two annotated games are alike."""


def annotated(service, seed="notes-exports", salt=SALT):
    """A game of 10 events with notes: seat 1's private one (glyph, marks, bookmark, two lines), Ben's
    public one with a bookmark, the owner's private one, Cy's edited one, and Ben's withdrawn one."""
    game_id = service.create_game("assassination-le", SEATS, seed=seed, salt=salt)
    for _ in zip(range(8), service.play_bots(game_id, bot_seed=1), strict=False):
        pass
    book = Notebook(service)
    book.write(game_id, 1, {"at": 3, "text": f"{ANNS[0]}\nthen c3", "glyph": "?!", "marks": ["c3", "#7"],
                            "bookmark": ANNS[1], "visibility": "private"})
    book.write(game_id, 2, {"at": 5, "text": PUBLIC, "glyph": "!!", "bookmark": "Ben's pick"})
    book.write(game_id, OWNER, {"at": 5, "text": OWNERS, "visibility": "private"})
    cy = book.write(game_id, 3, {"at": 2, "text": "first try"})
    book.edit(game_id, 3, cy.id, {"text": "Cy, edited", "glyph": "!"})
    gone = book.write(game_id, 2, {"at": 4, "text": WITHDRAWN})
    book.withdraw(game_id, 2, gone.id)
    return game_id


def exported(service, game_id, form, viewer):
    if form == "md":
        return to_markdown(service, game_id, viewer)
    if form == "html":
        return to_html(service, game_id, viewer)
    return {"ndjson": records.to_ndjson, "json": records.to_json, "csv": records.to_csv}[form](service, game_id, viewer)


def fresh():
    return GameService(env=store_env(None))


# -- the NDJSON round trip -------------------------------------------------------------------------


def test_the_owners_ndjson_export_imports_with_every_note_and_its_history(service):
    game_id = annotated(service)
    book = Notebook(service)
    text = records.to_ndjson(service, game_id)
    lines = [json.loads(line) for line in text.splitlines()]
    head, history = lines[0], book.history(game_id)
    assert [entry["type"] for entry in history] == ["Written", "Written", "Written", "Written", "Edited", "Written", "Withdrawn"]
    assert head["format_version"] == records.FORMAT_VERSION and head["note_events"] == len(history) == 7
    assert head["chain_version"] == CHAIN_VERSION  # its chance keyed by its seed and salt
    assert [line for line in lines[1 + head["events"]:]] == [{"note_event": entry} for entry in history]
    assert all("number" in line for line in lines[1:1 + head["events"]])

    other = fresh()
    assert records.import_game(other, text) == game_id
    copy = Notebook(other)
    assert copy.history(game_id) == history  # every event, with its time, withdrawn ones too
    for viewer in VIEWERS:
        assert copy.notes(game_id, viewer) == book.notes(game_id, viewer)
    assert audit(other, game_id).clean
    assert records.to_ndjson(other, game_id) == text
    # notes written on the copy go on from the last number
    assert copy.write(game_id, 2, {"at": 1, "text": "after the import"}).id == 6


def test_the_import_records_the_game_and_its_notes_in_one_transaction(service, monkeypatch):
    game_id = annotated(service)
    other = fresh()
    writes = []
    insert = other.recorder.insert_events
    monkeypatch.setattr(other.recorder, "insert_events", lambda events, **kw: (writes.append(events), insert(events, **kw))[1])
    records.import_game(other, records.to_ndjson(service, game_id))
    (written,) = writes  # one insert: one transaction
    assert {event.originator_id for event in written} == {game_id, GameNotes.id_for(game_id)}
    assert len(written) == service.game(game_id).version + 1 + len(Notebook(service).history(game_id))  # + Created


def test_a_seats_ndjson_export_holds_the_standing_notes_it_sees_and_cannot_be_imported(service):
    game_id = annotated(service)
    for viewer in (1, 2, None):
        lines = [json.loads(line) for line in records.to_ndjson(service, game_id, viewer).splitlines()]
        head = lines[0]
        assert "note_events" not in head
        assert lines[1 + head["events"]:] == [{"note": n.to_data()} for n in Notebook(service).notes(game_id, viewer)]
        assert head["notes"] == len(lines) - 1 - head["events"] == (3 if viewer == 1 else 2)
    with pytest.raises(InvalidSetup, match="only the owner's export"):
        records.import_game(fresh(), records.to_ndjson(service, game_id, 1))


def test_an_export_of_format_version_2_without_notes_still_imports(service):
    rules = registry.get("assassination-le")
    game = Game.start(rules, SEATS, rules.resolve_options({}), "format-2", chain_version=2, salt=SALT)  # as games were then
    service.save_imported(game)
    game_id = game.id
    for _ in zip(range(5), service.play_bots(game_id, bot_seed=2), strict=False):
        pass
    lines = records.to_ndjson(service, game_id).splitlines()
    head = json.loads(lines[0])
    assert head.pop("note_events") == 0 and head.pop("chain_version") == 2
    head["format_version"] = 2
    other = fresh()
    assert records.import_game(other, "\n".join([json.dumps(head), *lines[1:]])) == game_id
    assert Notebook(other).history(game_id) == [] and audit(other, game_id).clean
    assert other.game(game_id).chain_version == 2


def note_event(lines, n, change):
    """The lines with the n-th note event changed by ``change(entry)`` (it may return a whole new line)."""
    head = json.loads(lines[0])
    at = 1 + head["events"] + n
    line = json.loads(lines[at])
    replaced = change(line["note_event"])
    return [*lines[:at], json.dumps(replaced if replaced is not None else line), *lines[at + 1:]]


BAD_NOTES = {
    "a note on an event the game lacks": (lambda lines: note_event(lines, 0, lambda e: e["data"].update(at=99)),
                                          "the export's notes do not fit its game: a note is on one of the game's events"),
    "a note by a seat the game lacks": (lambda lines: note_event(lines, 1, lambda e: e["data"].update(author="4")),
                                        "the owner or a seat of the game, not '4'"),
    "an edit of a note the file lacks": (lambda lines: note_event(lines, 4, lambda e: e["data"].update(note=9)),
                                         "edits note 9, which it does not have"),
    "a note event without its data": (lambda lines: note_event(lines, 2, lambda e: {"note_event": {"type": "Written"}}),
                                      "not an object with its data"),
    "a note event cut off": (lambda lines: lines[:-1], "header says 7 note events but the file holds 6"),
    "a note event added": (lambda lines: [*lines, lines[-1]], "header says 7 note events but the file holds 8"),
    "an event after the notes": (lambda lines: [*lines, lines[3]], "comes after its notes"),
    "notes in a format 2 file": (lambda lines: [json.dumps({**json.loads(lines[0]), "format_version": 2, "note_events": 0}), *lines[1:]],
                                 "header says 0 note events but the file holds 7"),
}


@pytest.mark.parametrize("damage", BAD_NOTES, ids=list(BAD_NOTES))
def test_a_bad_notes_section_is_refused_in_one_line_and_leaves_no_game(service, damage):
    change, words = BAD_NOTES[damage]
    lines = records.to_ndjson(service, annotated(service)).splitlines()
    other = fresh()
    with pytest.raises(InvalidSetup) as refused:
        records.import_game(other, "\n".join(change(lines)) + "\n")
    assert words in str(refused.value) and "\n" not in str(refused.value)
    assert other.recorder.max_notification_id() in (None, 0)  # neither the game nor a note was written
    assert records.import_game(other, "\n".join(lines)) is not None  # the intact file still imports there


# -- visibility in every format --------------------------------------------------------------------


@pytest.mark.parametrize("form", FORMATS)
def test_each_format_holds_the_notes_its_viewer_may_see_and_no_other(service, form):
    game_id = annotated(service)
    for viewer in VIEWERS:
        text = exported(service, game_id, form, viewer)
        history = viewer == OWNER and form == "ndjson"  # the owner's lossless export keeps what was changed
        assert PUBLIC in text and "Cy, edited" in text
        assert ("first try" in text) == history and (WITHDRAWN in text) == history, (viewer, form)
        assert all((word in text) == (viewer in (1, OWNER)) for word in ANNS), (viewer, form)
        assert (OWNERS in text) == (viewer == OWNER), (viewer, form)


def test_the_json_export_lists_the_visible_notes(service):
    game_id = annotated(service)
    for viewer in VIEWERS:
        document = json.loads(records.to_json(service, game_id, viewer))
        assert document["notes"] == [n.to_data() for n in Notebook(service).notes(game_id, viewer)]
        assert len(document["notes"]) == {OWNER: 4, 1: 3}.get(viewer, 2)


def test_the_csv_export_has_a_row_per_visible_note_after_its_event_and_no_formula(service):
    game_id = annotated(service)
    book = Notebook(service)
    book.write(game_id, 2, {"at": 7, "text": "=HYPERLINK(\"http://x\")\n+1", "bookmark": "@sum", "marks": ["-a1"]})
    rows = list(csv.DictReader(io.StringIO(records.to_csv(service, game_id, 2))))
    notes = [row for row in rows if row["type"] == "note"]
    assert len(notes) == len(book.notes(game_id, 2)) == 3
    for note, row in zip(book.notes(game_id, 2), notes, strict=True):
        before = rows[rows.index(row) - 1]
        assert row["number"] == str(note.at) and before["number"] == str(note.at)
        assert row["seat"] == str(note.author) and row["seat_name"] == SEATS[note.author - 1]
        assert json.loads(row["data"]) == note.to_data()
    assert notes[-1]["sentence"] == "'=HYPERLINK(\"http://x\")\n+1"  # kept whole, made inert
    cells = [cell for row in csv.reader(io.StringIO(records.to_csv(service, game_id, OWNER))) for cell in row]
    assert not [cell for cell in cells if cell.startswith(records.FORMULA_STARTS)]
    owners = [row for row in csv.DictReader(io.StringIO(records.to_csv(service, game_id, OWNER))) if OWNERS in row["sentence"]]
    assert [(row["seat"], row["seat_name"]) for row in owners] == [("owner", "")]


# -- through the API and the CLI -------------------------------------------------------------------


def test_the_api_and_the_cli_export_each_viewers_notes_in_every_format(service, store, tmp_path):
    game_id = annotated(service)
    tokens = service.issue_tokens(game_id)
    client = create_app({"LUDOLOG_DATABASE_URL": store, "LUDOLOG_RATE_LIMIT_PER_TOKEN": "off",
                         "LUDOLOG_RATE_LIMIT_PER_ADDRESS": "off"}, service=service).test_client()
    runner = CliRunner()
    holders = {OWNER: tokens.owner, 1: tokens.seats[0], 2: tokens.seats[1], None: None}
    for form in FORMATS:
        for viewer, token in holders.items():
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            answer = client.get(f"/games/{game_id}/export?format={form}", headers=headers)
            assert answer.status_code == 200
            seat = [] if viewer == OWNER else ["--as", str(viewer)] if viewer else None
            texts = [answer.get_data(as_text=True)]
            if seat is not None:  # the CLI exports as the owner or a seat
                result = runner.invoke(cli, ["export", str(game_id), "--format", form, "--db", store, *seat])
                assert result.exit_code == 0, result.output
                texts.append(result.output)
            for text in texts:
                assert PUBLIC in text, (form, viewer)
                assert (ANNS[0] in text) == (viewer in (1, OWNER)), (form, viewer)
                assert (OWNERS in text) == (viewer == OWNER), (form, viewer)
