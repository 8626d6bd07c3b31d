"""Notes through the REST API (``api/notes.py``): writing as a seat and as the owner, who reads what
(a seat's private note never reaches another seat or a spectator, listed or asked for by id, even
once the game is over), editing by the author only, withdrawing by the author or the owner, and the
refusals, each with nothing written. Every answer goes through the spec-checking client
(``conftest.py``), so each one is also what ``openapi.yaml`` says; ``test_notes_api_statuses.py``
provokes every status the spec documents for the notes' operations."""

from __future__ import annotations

import pytest

PROBLEM = "urn:ludolog:problem:"
UNSAFE = "<script>alert(1)</script> | *x* =1+1\n\"quoted\" & 'single'"
"""A text with markup, Markdown, a CSV formula and quotes: data, given back exactly as written."""


@pytest.fixture
def game(new_game):
    game = new_game("assassination-le", ("Ana", "Ben", "Cy"), seed="7")
    game.spectator = {}
    return game


def write(client, game, who, **fields):
    response = client.post(f"{game.url}/notes", json={"at": 1, "text": "a note", **fields}, headers=who)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def listed(client, game, who, query=""):
    response = client.get(f"{game.url}/notes{query}", headers=who)
    assert response.status_code == 200, response.get_json()
    return [(note["id"], note["text"]) for note in response.get_json()["notes"]]


def assert_problem(response, status, kind):
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert body["type"] == PROBLEM + kind, body
    return body


# -- writing -------------------------------------------------------------------------------------


def test_a_seat_writes_a_note_and_everyone_reads_it_back_as_written(client, game):
    response = client.post(f"{game.url}/notes", headers=game.seat[2], json={
        "at": 2, "text": UNSAFE, "glyph": "?!", "marks": ["c3", "#7", "c3"], "bookmark": "the <first> mistake"})
    assert response.status_code == 201
    note = response.get_json()
    assert response.headers["Location"] == f"{game.url}/notes/{note['id']}"
    assert {k: v for k, v in note.items() if k != "written"} == {
        "id": 1, "author": 2, "at": 2, "text": UNSAFE, "glyph": "?!", "marks": ["c3", "#7"],
        "bookmark": "the <first> mistake", "visibility": "public", "edited": None}
    for who in (game.spectator, game.seat[1], game.seat[3], game.owner):
        assert client.get(response.headers["Location"], headers=who).get_json() == note
        assert client.get(f"{game.url}/notes", headers=who).get_json() == {"notes": [note]}


def test_the_owner_writes_notes_of_its_own(client, game):
    note = write(client, game, game.owner, text="Setup", glyph="!!")
    assert (note["author"], note["glyph"], note["visibility"]) == ("owner", "!!", "public")
    assert listed(client, game, game.seat[1]) == [(note["id"], "Setup")]


def test_notes_leave_the_games_log_version_and_head_alone(client, game):
    before = client.get(game.url, headers=game.owner)
    events = client.get(f"{game.url}/events", headers=game.owner).get_json()
    write(client, game, game.seat[1])
    write(client, game, game.owner, visibility="private")
    after = client.get(game.url, headers=game.owner)
    assert after.headers["ETag"] == before.headers["ETag"]
    assert after.get_json()["head"] == before.get_json()["head"]
    assert client.get(f"{game.url}/events", headers=game.owner).get_json() == events


def test_notes_are_listed_by_event_then_in_the_order_written_and_at_picks_one_event(client, game):
    for at, text in ((2, "late"), (1, "early"), (2, "later")):
        write(client, game, game.seat[1], at=at, text=text)
    assert listed(client, game, game.spectator) == [(2, "early"), (1, "late"), (3, "later")]
    assert listed(client, game, game.spectator, "?at=2") == [(1, "late"), (3, "later")]
    assert listed(client, game, game.spectator, "?at=99") == []


# -- who sees what -------------------------------------------------------------------------------


def assert_private_note_seen_by_author_and_owner_only(client, game, note, public):
    """Seat 1's private ``note`` reaches seat 1 and the owner; the other seats and a spectator get only
    the ``public`` notes listed, and a 404 for it as for a note that never was."""
    url = f"{game.url}/notes/{note['id']}"
    for who in (game.seat[1], game.owner):
        assert (note["id"], "my plan") in listed(client, game, who)
        assert client.get(url, headers=who).get_json()["text"] == "my plan"
    never = assert_problem(client.get(f"{game.url}/notes/99", headers=game.seat[2]), 404, "unknown-note")
    for who in [headers for seat, headers in game.seat.items() if seat != 1] + [game.spectator]:
        assert listed(client, game, who) == public
        hidden = assert_problem(client.get(url, headers=who), 404, "unknown-note")
        assert hidden["detail"] == never["detail"].replace("99", str(note["id"]))  # as if it never was
        assert "my plan" not in client.get(f"{game.url}/notes", headers=who).get_data(as_text=True)


def test_a_seats_private_note_reaches_only_its_author_and_the_owner(client, game):
    note = write(client, game, game.seat[1], text="my plan", visibility="private")
    write(client, game, game.owner, text="owner only", visibility="private")
    write(client, game, game.seat[2], text="for all")
    assert listed(client, game, game.seat[1]) == [(1, "my plan"), (3, "for all")]
    assert listed(client, game, game.owner) == [(1, "my plan"), (2, "owner only"), (3, "for all")]
    assert_private_note_seen_by_author_and_owner_only(client, game, note, [(3, "for all")])


def test_a_private_note_stays_private_once_the_game_is_over(client, new_game):
    game = new_game("project-assassination", ("Ana", "Ben"), seed="3")
    game.spectator = {}
    note = write(client, game, game.seat[1], text="my plan", visibility="private")
    write(client, game, game.seat[2], text="ignored")
    write(client, game, game.seat[2], text="for all")
    client.delete(f"{game.url}/notes/2", headers=game.seat[2])
    assert game.play_to_end()["status"] == "over"
    assert_private_note_seen_by_author_and_owner_only(client, game, note, [(3, "for all")])


# -- editing -------------------------------------------------------------------------------------


def test_the_author_edits_the_fields_given_and_the_others_stay(client, game):
    note = write(client, game, game.seat[1], text="first", glyph="!", marks=["c3"], bookmark="start")
    response = client.patch(f"{game.url}/notes/1", json={"text": "second", "visibility": "private"}, headers=game.seat[1])
    assert response.status_code == 200
    edited = response.get_json()
    assert edited == {**note, "text": "second", "visibility": "private", "edited": edited["edited"]}
    assert edited["edited"] >= note["written"]
    assert client.get(f"{game.url}/notes/1", headers=game.seat[1]).get_json() == edited
    assert listed(client, game, game.seat[2]) == []  # now private
    owner_note = write(client, game, game.owner, text="mine")
    moved = client.patch(f"{game.url}/notes/{owner_note['id']}", json={"at": 2, "glyph": ""}, headers=game.owner)
    assert (moved.status_code, moved.get_json()["at"], moved.get_json()["text"]) == (200, 2, "mine")


def test_no_one_but_the_author_edits_a_note(client, game):
    write(client, game, game.seat[1], text="seat 1's")
    write(client, game, game.owner, text="the owner's")
    write(client, game, game.seat[1], text="seat 1's secret", visibility="private")
    change = {"text": "changed"}
    assert_problem(client.patch(f"{game.url}/notes/1", json=change, headers=game.owner), 403, "forbidden")
    assert_problem(client.patch(f"{game.url}/notes/1", json=change, headers=game.seat[2]), 403, "forbidden")
    assert_problem(client.patch(f"{game.url}/notes/2", json=change, headers=game.seat[1]), 403, "forbidden")
    assert_problem(client.patch(f"{game.url}/notes/3", json=change, headers=game.seat[2]), 404, "unknown-note")
    assert_problem(client.patch(f"{game.url}/notes/1", json=change), 401, "unauthorized")
    assert listed(client, game, game.owner) == [(1, "seat 1's"), (2, "the owner's"), (3, "seat 1's secret")]


def test_an_edit_that_does_not_fit_changes_nothing(client, game):
    note = write(client, game, game.seat[1], text="kept")
    url = f"{game.url}/notes/1"
    assert_problem(client.patch(url, json={"glyph": "?!?"}, headers=game.seat[1]), 422, "invalid-note")
    assert_problem(client.patch(url, json={"at": 99}, headers=game.seat[1]), 422, "invalid-note")
    assert_problem(client.patch(url, json={"text": None}, headers=game.seat[1]), 400, "invalid-request")
    empty = assert_problem(client.patch(url, json={}, headers=game.seat[1]), 400, "invalid-request")
    assert "at least one" in empty["detail"]
    assert client.get(url).get_json() == note


# -- withdrawing ---------------------------------------------------------------------------------


def test_the_author_or_the_owner_withdraws_a_note(client, game):
    write(client, game, game.seat[1], text="by its author")
    write(client, game, game.seat[2], text="by the owner", visibility="private")
    write(client, game, game.owner, text="stays")
    response = client.delete(f"{game.url}/notes/1", headers=game.seat[1])
    assert (response.status_code, response.get_data()) == (204, b"")
    assert client.delete(f"{game.url}/notes/2", headers=game.owner).status_code == 204
    assert listed(client, game, game.owner) == [(3, "stays")]
    for number in (1, 2):
        assert_problem(client.get(f"{game.url}/notes/{number}", headers=game.owner), 404, "unknown-note")
        assert_problem(client.delete(f"{game.url}/notes/{number}", headers=game.owner), 404, "unknown-note")
        assert_problem(client.patch(f"{game.url}/notes/{number}", json={"text": "x"}, headers=game.seat[number]), 404, "unknown-note")
    assert write(client, game, game.seat[1])["id"] == 4  # ids are not reused


def test_a_seat_withdraws_no_note_but_its_own(client, game):
    write(client, game, game.seat[1], text="seat 1's")
    write(client, game, game.owner, text="the owner's")
    write(client, game, game.seat[1], text="secret", visibility="private")
    assert_problem(client.delete(f"{game.url}/notes/1", headers=game.seat[2]), 403, "forbidden")
    assert_problem(client.delete(f"{game.url}/notes/2", headers=game.seat[1]), 403, "forbidden")
    assert_problem(client.delete(f"{game.url}/notes/3", headers=game.seat[2]), 404, "unknown-note")
    assert_problem(client.delete(f"{game.url}/notes/1"), 401, "unauthorized")
    assert len(listed(client, game, game.owner)) == 3


# -- refusals ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("body", "kind"), [
    ({"at": 99, "text": "x"}, "invalid-note"),  # past the game's last event
    ({"at": 0, "text": "x"}, "invalid-note"),
    ({"at": 1, "text": " \n "}, "invalid-note"),
    ({"at": 1, "text": "x" * 2001}, "invalid-note"),
    ({"at": 1, "text": "red \x1b[31m"}, "invalid-note"),  # a terminal escape
    ({"at": 1, "text": "abc\u202edef"}, "invalid-note"),  # a direction override
    ({"at": 1, "text": "x", "glyph": "!!!"}, "invalid-note"),
    ({"at": 1, "text": "x", "marks": ["c 3"]}, "invalid-note"),
    ({"at": 1, "text": "x", "marks": ["a"] * 21}, "invalid-note"),
    ({"at": 1, "text": "x", "bookmark": "b" * 41}, "invalid-note"),
    ({"at": 1, "text": "x", "visibility": "secret"}, "invalid-note"),
    ({"text": "x"}, "invalid-request"),
    ({"at": "1", "text": "x"}, "invalid-request"),
    ({"at": True, "text": "x"}, "invalid-request"),
    ({"at": 1.5, "text": "x"}, "invalid-request"),
    ({"at": 1, "text": ["x"]}, "invalid-request"),
    ({"at": 1, "text": "x", "marks": "c3"}, "invalid-request"),
    ({"at": 1, "text": "x", "author": 2}, "invalid-request"),
    ([{"at": 1, "text": "x"}], "invalid-request"),
])
def test_a_note_that_cannot_be_written_is_a_400_or_422_and_nothing_is_written(client, game, body, kind):
    """400 for a body that is not the note's fields each of its type; 422 for fields a note cannot hold."""
    status = 400 if kind == "invalid-request" else 422
    problem = assert_problem(client.post(f"{game.url}/notes", json=body, headers=game.seat[1]), status, kind)
    if kind == "invalid-request" and isinstance(body, dict):
        assert problem["errors"]
    assert listed(client, game, game.owner) == []


def test_a_body_that_is_not_json_is_a_400(client, game):
    write(client, game, game.seat[1])
    for send in (client.post, client.patch):
        url = f"{game.url}/notes" if send == client.post else f"{game.url}/notes/1"
        assert_problem(send(url, data="at=1&text=x", headers=game.seat[1]), 400, "invalid-request")


def test_a_mark_with_a_line_break_is_refused(client, game):
    response = client.post(f"{game.url}/notes", json={"at": 1, "text": "x", "marks": ["c3\n"]}, headers=game.seat[1])
    assert_problem(response, 422, "invalid-note")


def test_writing_needs_a_seats_or_the_owners_token(client, game):
    for headers in ({}, {"Authorization": "Bearer nope"}, {"Authorization": "Basic abc"}):
        response = client.post(f"{game.url}/notes", json={"at": 1, "text": "x"}, headers=headers)
        assert_problem(response, 401, "unauthorized")
        assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert listed(client, game, game.owner) == []


@pytest.mark.parametrize("note_id", ["0", "01", "-1", "+1", "1.0", "x", "\u00b2", "9" * 19])
def test_a_note_id_that_is_no_whole_number_from_1_names_no_note(client, game, note_id):
    write(client, game, game.seat[1])
    url = f"{game.url}/notes/{note_id}"
    assert_problem(client.get(url), 404, "unknown-note")
    assert_problem(client.patch(url, json={"text": "x"}, headers=game.seat[1]), 404, "unknown-note")
    assert_problem(client.delete(url, headers=game.seat[1]), 404, "unknown-note")
    assert listed(client, game, game.owner) == [(1, "a note")]


def test_notes_of_a_game_that_is_not_there_are_a_404(client, game):
    other = "/games/8eacb3c3-5f4e-4d0b-9a7c-2f1de3c4b5a6/notes"
    assert_problem(client.get(other), 404, "unknown-game")
    assert_problem(client.post(other, json={"at": 1, "text": "x"}, headers=game.seat[1]), 404, "unknown-game")
    assert_problem(client.get(f"{other}/1"), 404, "unknown-game")
    assert_problem(client.get(game.url.upper().replace("/GAMES/", "/games/") + "/notes"), 404, "unknown-game")


def test_a_query_parameter_the_list_does_not_take_is_a_400(client, game):
    for query in ("?at=0", "?at=x", "?author=1"):
        assert_problem(client.get(f"{game.url}/notes{query}"), 400, "invalid-request")
