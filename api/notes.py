"""``/games/{id}/notes``: the notes on a game's events (``domain.keeping.notebook``), read as the token's
holder may see them, written by a seat or the owner, edited by their author, withdrawn by their
author or the owner.

Who sees what is the domain's: a public note is seen by everyone who may see the game; a private one
by its author and the game's owner only, so a seat asking for another seat's private note is told
there is no such note (404, the same answer as for a note that never was). Writing, editing and
withdrawing need a token (401 without).
"""

from __future__ import annotations

import uuid
from typing import Any

from flask import Blueprint, Response, json, request, url_for

from api import answers, schemas
from api.auth import viewer
from api.context import service
from api.games import game_id_of, json_body
from api.problems import InvalidRequest
from domain.engine.errors import Unauthorized, UnknownNote
from domain.keeping.notebook import Notebook
from domain.keeping.notes import NOTE_FIELDS, Note
from domain.keeping.service import Viewer

blueprint = Blueprint("notes", __name__)


@blueprint.get("/games/<game_id>/notes")
def list_notes(game_id: str) -> Any:
    found = game_id_of(game_id)
    holder = viewer(found)
    at = schemas.NOTES_QUERY.load(request.args.to_dict())["at"]
    notes = _notebook().notes(found, holder)
    return answers.NOTES.dump({"notes": [note.to_data() for note in notes if at is None or note.at == at]})


@blueprint.post("/games/<game_id>/notes")
def write_note(game_id: str) -> Response:
    found = game_id_of(game_id)
    holder = _writer(found, "writing")
    note = _notebook().write(found, holder, schemas.NEW_NOTE.load(json_body()))
    response = _note_response(note, status=201)
    response.headers["Location"] = url_for("notes.get_note", game_id=str(found), note_id=str(note.id))
    return response


@blueprint.get("/games/<game_id>/notes/<note_id>")
def get_note(game_id: str, note_id: str) -> Response:
    found = game_id_of(game_id)
    holder = viewer(found)
    number = note_number(note_id)
    note = next((note for note in _notebook().notes(found, holder) if note.id == number), None)
    if note is None:  # absent, withdrawn, or another's private note: the same answer
        raise UnknownNote(f"the game has no note {number}")
    return _note_response(note)


@blueprint.patch("/games/<game_id>/notes/<note_id>")
def edit_note(game_id: str, note_id: str) -> Response:
    found = game_id_of(game_id)
    holder = _writer(found, "editing")
    number = note_number(note_id)
    given = schemas.NEW_NOTE.load(json_body(), partial=True)
    if not given:
        raise InvalidRequest(f"an edit changes at least one of the note's fields: {', '.join(NOTE_FIELDS)}")
    return _note_response(_notebook().edit(found, holder, number, given))


@blueprint.delete("/games/<game_id>/notes/<note_id>")
def withdraw_note(game_id: str, note_id: str) -> Response:
    found = game_id_of(game_id)
    holder = _writer(found, "withdrawing")
    _notebook().withdraw(found, holder, note_number(note_id))
    return Response(status=204)


def note_number(text: str) -> int:
    """A note's id in a URL: a whole number from 1, in digits (no sign, no leading zero); anything
    else names no note (404)."""
    if text.isascii() and text.isdigit() and not text.startswith("0") and len(text) <= 18:
        return int(text)
    raise UnknownNote(f"no note {text!r}: a note's id is a whole number from 1, like 3")


def _writer(game_id: uuid.UUID, doing: str) -> Viewer:
    holder = viewer(game_id)
    if holder is None:
        raise Unauthorized(f"{doing} a note needs a seat's or the owner's token (Authorization: Bearer <token>)")
    return holder


def _notebook() -> Notebook:
    return Notebook(service())


def _note_response(note: Note, status: int = 200) -> Response:
    return Response(json.dumps(answers.NOTE.dump(note.to_data())), status=status, mimetype="application/json")
