"""Playing through the REST API: legal commands, submitting commands (Idempotency-Key, If-Match, every
refusal), the event log in pages and as a Server-Sent Events stream, a whole game of every ruleset
played by seats that each know only their own token, and concurrent requests on one game."""

from __future__ import annotations

import hashlib
import json
import queue
import random
import sys
import threading
import uuid

import pytest
from flask import got_request_exception

from domain.engine import registry
from domain.engine.errors import IllegalCommand
from domain.engine.randomness import Rng

PROBLEM = "urn:ludolog:problem:"
RULESETS = registry.all_rulesets()
EVENT_KEYS = {"number", "type", "time", "seat", "command_id", "sentence", "data"}
THREADS = 8

# Seeds (game seed, seed of the random.Random picking commands) that give short games, so the
# end-to-end test stays quick; a ruleset not listed here is played with the default pair.
SALT = "5eed" * 8
"""The salt of the seeded games here: with it, the seed deals one game, every run."""
SHORT_GAMES = {"assassination-le": ("e2e-1", 9), "project-assassination": ("e2e-1", 0),
               ("squad-combat", 2): ("e2e-1", 12), ("squad-combat", 4): ("e2e-1", 13), "location-ccg": ("e2e-1", 28),
               ("table-kit", 4): ("e2e-1", 3)}
"""The seed and the salt deal, and the seed of the random.Random picking the seats' commands plays, a short game
of the default options: Assassination Le in 62 commands, Squad Combat in 102 (2 seats) and 260 (4 seats), the
Location CCG in 133, the table kit in 24 (4 seats): about a third of their median games."""
DEFAULT_SEEDS = ("e2e-1", 0)


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def assert_problem(response, status: int, kind: str | None = None) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    body = response.get_json()
    assert body["status"] == status
    assert isinstance(body["detail"], str) and body["detail"]
    if kind is not None:
        assert body["type"] == PROBLEM + kind, body
    return body


def version_of(client, game) -> int:
    return client.get(game.url, headers=game.owner).get_json()["version"]


def all_events(client, game, headers=None) -> list[dict]:
    """Every event in the log as the headers' holder sees it, following the ``next`` links."""
    events, link = [], f"{game.url}/events"
    while link:
        response = client.get(link, headers=headers or {})
        assert response.status_code == 200, response.get_json()
        body = response.get_json()
        events += body["events"]
        link = body["next"]
    return events


def to_act(client, game) -> int:
    return client.get(game.url, headers=game.owner).get_json()["to_act"][0]


def legal(client, game, seat: int) -> list[dict]:
    return client.get(f"{game.url}/legal-commands", headers=game.seat[seat]).get_json()["commands"]


def post(client, game, command, headers, **extra_headers):
    return client.post(f"{game.url}/commands", json={"command": command}, headers={**headers, **extra_headers})


def parse_sse(text: str) -> list[dict]:
    """The frames of an event stream that carry an event: id, event name, the event (``data``) and the
    game's ``status`` and ``to_act`` sent with it (``turn``)."""
    frames = []
    for block in text.split("\n\n"):
        fields: dict[str, str] = {}
        for line in block.split("\n"):
            if not line or line.startswith(":"):
                continue
            name, _, value = line.partition(":")
            fields[name] = value.removeprefix(" ")
        if "data" in fields:
            data = json.loads(fields["data"])
            turn = {"status": data.pop("status"), "to_act": data.pop("to_act")}
            frames.append({"id": int(fields["id"]), "event": fields.get("event"), "data": data, "turn": turn})
    return frames


# -- legal commands ----------------------------------------------------------------------------


def test_legal_commands_for_the_seat_to_act_and_for_the_other(app, client, new_game):
    game = new_game()
    stored = app.extensions["ludolog"].game(uuid.UUID(game.id))
    acting = stored.to_act()[0]
    waiting = 3 - acting

    response = client.get(f"{game.url}/legal-commands", headers=game.seat[acting])
    assert response.status_code == 200
    body = response.get_json()
    assert body["seat"] == acting
    assert body["to_act"] is True
    assert body["version"] == stored.version
    assert body["commands"] == stored.rules.legal_commands(stored.state, acting)
    assert body["commands"]

    other = client.get(f"{game.url}/legal-commands", headers=game.seat[waiting]).get_json()
    assert other["seat"] == waiting
    assert other["to_act"] is False
    assert other["commands"] == []


def test_legal_commands_need_a_token(client, new_game):
    game = new_game()
    response = client.get(f"{game.url}/legal-commands")
    assert_problem(response, 401, "unauthorized")
    assert response.headers["WWW-Authenticate"].startswith("Bearer")


def test_legal_commands_for_the_owner_name_a_seat(client, new_game):
    game = new_game()
    assert_problem(client.get(f"{game.url}/legal-commands", headers=game.owner), 403, "forbidden")
    for seat in (1, 2):
        as_owner = client.get(f"{game.url}/legal-commands?seat={seat}", headers=game.owner)
        assert as_owner.status_code == 200
        assert as_owner.get_json() == client.get(f"{game.url}/legal-commands", headers=game.seat[seat]).get_json()
        assert as_owner.get_json()["seat"] == seat
    assert_problem(client.get(f"{game.url}/legal-commands?seat=3", headers=game.owner), 422, "unknown-seat")
    assert_problem(client.get(f"{game.url}/legal-commands?seat=0", headers=game.owner), 400, "invalid-request")


def test_a_seat_cannot_ask_for_another_seats_legal_commands(client, new_game):
    game = new_game()
    assert_problem(client.get(f"{game.url}/legal-commands?seat=2", headers=game.seat[1]), 403, "forbidden")
    assert client.get(f"{game.url}/legal-commands?seat=1", headers=game.seat[1]).status_code == 200


# -- submitting commands -----------------------------------------------------------------------


def test_a_seat_submits_a_command(client, new_game):
    game = new_game()
    before = version_of(client, game)
    seat = to_act(client, game)
    command = legal(client, game, seat)[0]
    response = post(client, game, command, game.seat[seat], **{"Idempotency-Key": "first-move"})
    assert response.status_code == 201
    body = response.get_json()
    assert body["replayed"] is False
    assert "Idempotent-Replayed" not in response.headers
    assert body["version"] == version_of(client, game) > before
    assert response.headers["ETag"] == f'"{body["version"]}"'
    now = client.get(game.url).get_json()  # who acts next, without reading the game again
    assert (body["status"], body["to_act"]) == (now["status"], now["to_act"]) == ("active", now["to_act"])
    numbers = [event["number"] for event in body["events"]]
    assert numbers == list(range(before + 1, body["version"] + 1))
    for event in body["events"]:
        assert set(event) == EVENT_KEYS
        assert event["seat"] == seat
        assert event["command_id"] == "first-move"
    assert body["events"] == all_events(client, game, game.seat[seat])[before:]
    location = client.get(response.headers["Location"], headers=game.seat[seat])
    assert location.status_code == 200
    assert location.get_json()["events"] == body["events"]


def test_an_idempotency_key_retried_replays_the_first_answer(app, client, new_game):
    game = new_game()
    seat = to_act(client, game)
    command = legal(client, game, seat)[0]
    key = {"Idempotency-Key": "retry-me"}
    first = post(client, game, command, game.seat[seat], **key)
    assert first.status_code == 201
    stored = len(app.extensions["ludolog"].recorder.select_notifications(1, 1000))
    version = version_of(client, game)

    again = post(client, game, command, game.seat[seat], **key)
    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == {**first.get_json(), "replayed": True}
    assert again.headers["ETag"] == first.headers["ETag"]
    assert version_of(client, game) == version
    assert len(app.extensions["ludolog"].recorder.select_notifications(1, 1000)) == stored

    # the owner acting for the same seat with the same key gets the same answer too
    as_owner = client.post(f"{game.url}/commands", json={"command": command, "seat": seat}, headers={**game.owner, **key})
    assert as_owner.status_code == 201
    assert as_owner.get_json() == again.get_json()
    assert version_of(client, game) == version

    # and so does a retry after the game has moved on
    next_seat = to_act(client, game)
    assert post(client, game, legal(client, game, next_seat)[0], game.seat[next_seat]).status_code == 201
    later = post(client, game, command, game.seat[seat], **key)
    assert later.status_code == 201
    assert later.get_json() == again.get_json()


def test_an_idempotency_key_reused_for_another_command_is_a_422(client, new_game):
    game = new_game()
    seat = to_act(client, game)
    commands = legal(client, game, seat)
    key = {"Idempotency-Key": "once"}
    assert post(client, game, commands[0], game.seat[seat], **key).status_code == 201
    version = version_of(client, game)
    assert_problem(post(client, game, commands[1], game.seat[seat], **key), 422, "idempotency-key-reused")
    # by another seat, with the same command
    assert_problem(post(client, game, commands[0], game.seat[3 - seat], **key), 422, "idempotency-key-reused")
    assert version_of(client, game) == version


@pytest.mark.parametrize("key", ["", "k" * 201])
def test_an_idempotency_key_of_a_bad_length_is_a_400(client, new_game, key):
    game = new_game()
    seat = to_act(client, game)
    version = version_of(client, game)
    response = post(client, game, legal(client, game, seat)[0], game.seat[seat], **{"Idempotency-Key": key})
    assert_problem(response, 400, "invalid-request")
    assert version_of(client, game) == version


def test_if_match_with_the_current_version_plays_and_a_stale_one_is_a_412(client, new_game):
    game = new_game()
    seat = to_act(client, game)
    version = version_of(client, game)
    played = post(client, game, legal(client, game, seat)[0], game.seat[seat], **{"If-Match": f'"{version}"'})
    assert played.status_code == 201
    now = played.get_json()["version"]
    assert now > version

    seat = to_act(client, game)
    stale = post(client, game, legal(client, game, seat)[0], game.seat[seat], **{"If-Match": f'"{version}"'})
    assert_problem(stale, 412, "stale-version")
    assert version_of(client, game) == now
    ahead = post(client, game, legal(client, game, seat)[0], game.seat[seat], **{"If-Match": f'"{now + 5}"'})
    assert_problem(ahead, 412, "stale-version")
    assert version_of(client, game) == now
    weak = post(client, game, legal(client, game, seat)[0], game.seat[seat], **{"If-Match": f'W/"{now}"'})
    assert weak.status_code == 201


def test_a_malformed_if_match_is_a_400(client, new_game):
    game = new_game()
    seat = to_act(client, game)
    version = version_of(client, game)
    assert_problem(post(client, game, legal(client, game, seat)[0], game.seat[seat], **{"If-Match": "*x"}), 400)
    assert version_of(client, game) == version


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        ({}, "invalid-request"),
        ({"cmd": {"type": "end"}}, "invalid-request"),
        ({"command": {"type": "end"}, "comment": "hi"}, "invalid-request"),
        ({"command": "end"}, "invalid-request"),
        ({"command": ["end"]}, "invalid-request"),
        ({"command": None}, "invalid-request"),
        ({"command": {"type": "end"}, "seat": "1"}, "invalid-request"),
        ({"command": {"type": "end"}, "seat": 0}, "invalid-request"),
        ({"command": {"type": "fly"}}, "malformed-command"),
        ({"command": {"go": "north"}}, "invalid-request"),
        ({"command": {"type": "move"}}, "malformed-command"),
        ({"command": {"type": "move", "to": "z9"}}, "malformed-command"),
        ({"command": {"type": "move", "to": 5}}, "malformed-command"),
        ({"command": {"type": "end", "now": True}}, "malformed-command"),
        ({"command": {"type": "attack", "slot": 3, "aim": "north"}}, "malformed-command"),
        (["command", {"type": "end"}], "invalid-request"),
    ],
    ids=[
        "empty", "no-command", "unknown-field", "command-a-string", "command-a-list", "command-null", "seat-a-string",
        "seat-zero", "unknown-type", "no-type", "missing-field", "bad-square", "field-of-wrong-type", "extra-field",
        "enum-out-of-range", "body-a-list",
    ],
)
def test_malformed_bodies_are_400_or_422_and_store_nothing(client, new_game, body, kind):
    """400 for a body the spec does not describe; 422 for a command of no shape this game's ruleset knows."""
    game = new_game()
    seat = to_act(client, game)
    version = version_of(client, game)
    status = 400 if kind == "invalid-request" else 422
    assert_problem(client.post(f"{game.url}/commands", json=body, headers=game.seat[seat]), status, kind)
    assert version_of(client, game) == version


def test_a_body_that_is_not_json_is_a_400(client, new_game):
    game = new_game()
    seat = to_act(client, game)
    version = version_of(client, game)
    response = client.post(f"{game.url}/commands", data='{"command": {"type": "end"}}', content_type="text/plain", headers=game.seat[seat])
    assert_problem(response, 400, "invalid-request")
    response = client.post(f"{game.url}/commands", data='{"command": {', content_type="application/json", headers=game.seat[seat])
    assert_problem(response, 400, "invalid-request")
    assert version_of(client, game) == version


def test_submitting_needs_a_valid_token(client, new_game):
    game = new_game()
    seat = to_act(client, game)
    command = legal(client, game, seat)[0]
    version = version_of(client, game)
    missing = post(client, game, command, {})
    assert_problem(missing, 401, "unauthorized")
    assert missing.headers["WWW-Authenticate"].startswith("Bearer")
    assert_problem(post(client, game, command, {"Authorization": "Bearer nope"}), 401, "unauthorized")
    assert_problem(post(client, game, command, {"Authorization": "Basic nope"}), 401, "unauthorized")
    assert version_of(client, game) == version


def test_a_seat_cannot_act_as_another(client, new_game):
    game = new_game()
    seat = to_act(client, game)
    other = 3 - seat
    command = legal(client, game, seat)[0]
    version = version_of(client, game)
    response = client.post(f"{game.url}/commands", json={"command": command, "seat": seat}, headers=game.seat[other])
    assert_problem(response, 403, "forbidden")
    assert version_of(client, game) == version
    # naming its own seat is fine
    response = client.post(f"{game.url}/commands", json={"command": command, "seat": seat}, headers=game.seat[seat])
    assert response.status_code == 201


def test_the_owner_acts_only_for_a_named_seat(client, new_game):
    game = new_game()
    seat = to_act(client, game)
    command = legal(client, game, seat)[0]
    version = version_of(client, game)
    assert_problem(post(client, game, command, game.owner), 403, "forbidden")
    assert version_of(client, game) == version
    assert_problem(client.post(f"{game.url}/commands", json={"command": command, "seat": 3}, headers=game.owner), 422, "unknown-seat")
    assert version_of(client, game) == version
    response = client.post(f"{game.url}/commands", json={"command": command, "seat": seat}, headers=game.owner)
    assert response.status_code == 201
    body = response.get_json()
    assert body["version"] == version_of(client, game) > version
    assert all(event["seat"] == seat for event in body["events"])
    # the events are as that seat sees them
    assert body["events"] == all_events(client, game, game.seat[seat])[version:]


def test_an_illegal_command_is_a_422_with_the_rules_reason(app, client, new_game):
    game = new_game()
    service = app.extensions["ludolog"]
    stored = service.game(uuid.UUID(game.id))
    rules, seat = stored.rules, stored.to_act()[0]
    allowed = rules.legal_commands(stored.state, seat)
    candidates = [{"type": "place", "square": "d4"}, {"type": "draw", "deck": "item"}, {"type": "move", "to": "a1"}, {"type": "move", "to": "g7"}]
    refused = [c for c in candidates if c not in allowed]
    assert refused
    version = version_of(client, game)
    for command in refused:
        with pytest.raises(IllegalCommand) as reason:
            rules.decide(stored.state, seat, command, Rng("any", stored.version))
        response = post(client, game, command, game.seat[seat])
        body = assert_problem(response, 422, "illegal-command")
        assert body["detail"] == str(reason.value)
        assert version_of(client, game) == version


def test_not_your_turn_is_a_422(client, new_game):
    game = new_game()
    seat = to_act(client, game)
    version = version_of(client, game)
    body = assert_problem(post(client, game, {"type": "end"}, game.seat[3 - seat]), 422, "not-your-turn")
    assert "turn" in body["detail"]
    assert version_of(client, game) == version


def test_a_finished_game_takes_no_more_commands(client, new_game):
    game = new_game(seed="to-the-end")
    final = game.play_to_end()
    assert final["status"] == "over"
    for seat in (1, 2):
        response = post(client, game, {"type": "end"}, game.seat[seat])
        assert_problem(response, 422, "game-over")
        options = client.get(f"{game.url}/legal-commands", headers=game.seat[seat]).get_json()
        assert options["commands"] == [] and options["to_act"] is False
    assert version_of(client, game) == final["version"]


def test_submitting_to_an_unknown_game_is_a_404(client, new_game):
    game = new_game()
    missing = str(uuid.uuid4())
    for headers in (game.seat[1], {}):
        response = client.post(f"/games/{missing}/commands", json={"command": {"type": "end"}}, headers=headers)
        assert_problem(response, 404, "unknown-game")
    response = client.post("/games/not-a-game/commands", json={"command": {"type": "end"}}, headers=game.seat[1])
    assert_problem(response, 404, "unknown-game")


def test_a_body_over_64_kib_is_a_413(client, new_game):
    game = new_game()
    seat = to_act(client, game)
    version = version_of(client, game)
    body = {"command": {"type": "end"}, "padding": "x" * (64 * 1024)}
    response = client.post(f"{game.url}/commands", json=body, headers=game.seat[seat])
    assert_problem(response, 413)
    assert version_of(client, game) == version
    huge = client.post("/games", json={"ruleset": "project-assassination", "seats": ["Ana", "Ben"], "seed": "y" * 70000})
    assert_problem(huge, 413)


# -- the event log -----------------------------------------------------------------------------


def test_events_are_numbered_from_one_and_paged(client, new_game):
    game = new_game(seed="events")
    seat = to_act(client, game)
    post(client, game, legal(client, game, seat)[0], game.seat[seat], **{"Idempotency-Key": "cmd-1"})
    seat = to_act(client, game)
    post(client, game, legal(client, game, seat)[0], game.seat[seat], **{"Idempotency-Key": "cmd-2"})
    version = version_of(client, game)

    whole = client.get(f"{game.url}/events?limit=1000", headers=game.seat[1])
    assert whole.status_code == 200
    body = whole.get_json()
    assert body["version"] == version
    assert body["next"] is None
    events = body["events"]
    assert [e["number"] for e in events] == list(range(1, version + 1))
    assert events[0]["type"] == "GameCreated"
    assert events[0]["data"]["seed_commitment"] == game.body["seed_commitment"] != sha256("events")
    assert "seed" not in events[0]["data"] and "salt" not in events[0]["data"]
    for event in events:
        assert set(event) == EVENT_KEYS
        assert isinstance(event["type"], str) and event["type"]
        assert isinstance(event["sentence"], str) and event["sentence"]
        assert isinstance(event["data"], dict)
        assert "T" in event["time"]
    setup = [e for e in events if e["command_id"] is None]
    assert all(e["seat"] is None for e in setup)
    assert {e["command_id"] for e in events if e["command_id"]} == {"cmd-1", "cmd-2"}
    assert all(e["seat"] in (1, 2) for e in events if e["command_id"])

    page = client.get(f"{game.url}/events?limit=2", headers=game.seat[1]).get_json()
    assert [e["number"] for e in page["events"]] == [1, 2]
    assert page["next"]
    paged, link, pages = [], f"{game.url}/events?limit=2", 0
    while link:
        body = client.get(link, headers=game.seat[1]).get_json()
        assert len(body["events"]) <= 2
        paged += body["events"]
        link, pages = body["next"], pages + 1
    assert paged == events
    assert pages == -(-version // 2)

    after = client.get(f"{game.url}/events?after=3&limit=2", headers=game.seat[1]).get_json()
    assert [e["number"] for e in after["events"]] == [4, 5][: max(0, version - 3)]
    assert client.get(f"{game.url}/events?after={version}").get_json() == {"events": [], "version": version, "next": None}


@pytest.mark.parametrize("query", ["after=-1", "limit=0", "limit=1001", "after=x", "colour=red"])
def test_events_refuse_bad_queries(client, new_game, query):
    game = new_game()
    assert_problem(client.get(f"{game.url}/events?{query}"), 400, "invalid-request")


def test_the_stream_of_a_finished_game_sends_every_event_then_ends(app, client, new_game):
    game = new_game(seed="stream")
    game.play_to_end()
    events = all_events(client, game, game.seat[1])
    response = client.get(f"{game.url}/events/stream", headers=game.seat[1])
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-store"
    frames = parse_sse(response.get_data(as_text=True))
    assert [f["id"] for f in frames] == list(range(1, len(events) + 1))
    assert [f["event"] for f in frames] == [None] * len(events)  # unnamed: a plain EventSource.onmessage hears each
    assert [f["data"] for f in frames] == events
    assert frames[-1]["data"]["type"] == "SeedRevealed"
    event_types = client.get(f"/rulesets/{game.body['ruleset']}").get_json()["event_types"]
    assert {event["type"] for event in events} <= set(event_types)

    # a finished game's stream with nothing left after the resume point answers 204: an EventSource stops
    done = client.get(f"{game.url}/events/stream", headers={**game.seat[1], "Last-Event-ID": str(len(events))})
    assert done.status_code == 204 and done.get_data() == b""

    # it ends because the game is over, not because streams are cut after a while: with no time
    # limit and frequent keep-alives, what follows the last event is the end, not a keep-alive
    app.config.update(STREAM_MAX_SECONDS=3600.0, STREAM_KEEPALIVE_SECONDS=0.01)
    response = client.get(f"{game.url}/events/stream?after={len(events) - 1}", headers=game.seat[1], buffered=False)
    chunks, text = iter(response.response), ""
    try:
        for chunk in chunks:
            text += chunk.decode()
            if [f["id"] for f in parse_sse(text)] == [len(events)]:
                break
        assert text.endswith("\n\n") and ": keep-alive" not in text
        following = next(chunks, None)
        assert following is None, f"the stream goes on after the last event: {following!r}"
    finally:
        response.close()


def test_the_stream_resumes_after_last_event_id_or_after(client, new_game):
    game = new_game(seed="resume")
    game.play_to_end()
    events = all_events(client, game)
    middle = len(events) // 2
    for headers, query in (({"Last-Event-ID": str(middle)}, ""), ({}, f"?after={middle}"), ({"Last-Event-ID": str(middle)}, "?after=1")):
        frames = parse_sse(client.get(f"{game.url}/events/stream{query}", headers=headers).get_data(as_text=True))
        assert [f["id"] for f in frames] == list(range(middle + 1, len(events) + 1))
        assert [f["data"] for f in frames] == events[middle:]
    assert parse_sse(client.get(f"{game.url}/events/stream?after={len(events)}").get_data(as_text=True)) == []
    assert_problem(client.get(f"{game.url}/events/stream", headers={"Last-Event-ID": "x"}), 400, "invalid-request")


def test_the_stream_of_a_game_in_progress_pushes_new_events_in_order(app, client, new_game):
    app.config["STREAM_MAX_SECONDS"] = 600.0  # the stream must end because the game does
    game = new_game(seed="live")
    start = version_of(client, game)
    opening = all_events(client, game, game.seat[1])  # while the game goes on (the decks' order hidden)
    frames: queue.Queue = queue.Queue()
    finished = threading.Event()

    def read() -> None:
        reader = app.test_client()
        response = reader.get(f"{game.url}/events/stream", headers=game.seat[1], buffered=False)
        try:
            text = ""
            for chunk in response.response:
                text += chunk.decode() if isinstance(chunk, bytes) else chunk
                *done, text = text.split("\n\n")
                for block in done:
                    frames.put(block)
        finally:
            response.close()
            finished.set()

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    assert frames.get(timeout=30).startswith("retry:")  # the stream is open
    seen = [parse_sse(frames.get(timeout=30))[0] for _ in range(start)]
    assert [f["data"] for f in seen] == opening

    # the game is played to its end while the stream is open: the stream ends by itself
    player = app.test_client()
    final = game.play_to_end(player, rng_seed=7)
    thread.join(timeout=60)
    assert finished.is_set()
    rest = []
    while not frames.empty():
        rest += parse_sse(frames.get())
    pushed = seen + rest
    events = all_events(client, game, game.seat[1])
    assert final["version"] > start
    assert [f["id"] for f in pushed] == list(range(1, final["version"] + 1))
    assert [f["data"] for f in rest] == events[start:]  # (the log is all public now the game is over)


# -- a whole game, every seat its own client -----------------------------------------------------


class Seat:
    """A player who knows only the game's address and their own token."""

    def __init__(self, client, url: str, number: int, token: str) -> None:
        self.client, self.url, self.number = client, url, number
        self.headers = {"Authorization": f"Bearer {token}"}

    def look(self) -> dict:
        response = self.client.get(self.url, headers=self.headers)
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def options(self) -> dict:
        response = self.client.get(f"{self.url}/legal-commands", headers=self.headers)
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def play(self, command: dict) -> dict:
        response = self.client.post(f"{self.url}/commands", json={"command": command}, headers=self.headers)
        assert response.status_code == 201, response.get_json()
        return response.get_json()


TABLES = [(rules, count) for rules in RULESETS for count in sorted({rules.min_seats, rules.max_seats})]
"""Every ruleset with its fewest and its most players (Missions with 3 and 4, one token per seat)."""


@pytest.mark.parametrize(
    ("rules", "count", "seeded"),
    # every ruleset with a seed (a known, short game); one whose games are short with a secret seed too
    [(rules, count, True) for rules, count in TABLES] + [(registry.get("project-assassination"), 2, False)],
    ids=[f"{rules.name}-{count}-seeded" for rules, count in TABLES] + ["project-assassination-secret-seed"],
)
def test_every_ruleset_plays_to_its_outcome_through_the_api(client, rules, count, seeded):
    seed, rng_seed = SHORT_GAMES.get((rules.name, count), SHORT_GAMES.get(rules.name, DEFAULT_SEEDS))
    names = [f"Player{n}" for n in range(1, count + 1)]
    created = client.post("/games", json={"ruleset": rules.name, "seats": names, **({"seed": seed, "salt": SALT} if seeded else {})})
    assert created.status_code == 201
    body = created.get_json()
    url = created.headers["Location"]
    seats = {s["seat"]: Seat(client, url, s["seat"], s["token"]) for s in body["seats"]}
    rng = random.Random(rng_seed)

    version, commands = body["version"], 0
    while True:
        state = seats[commands % len(seats) + 1].look()  # any seat may look; take turns asking
        assert state["version"] == version
        if state["status"] == "over":
            break
        assert state["outcome"] is None and state["seed"] is None
        actor = seats[state["to_act"][0]]
        options = actor.options()
        assert options["to_act"] is True and options["commands"]
        answer = actor.play(rng.choice(options["commands"]))
        assert answer["version"] > version
        assert [e["number"] for e in answer["events"]] == list(range(version + 1, answer["version"] + 1))
        version, commands = answer["version"], commands + 1
        assert commands < 5000, "the game does not end"

    assert state["outcome"] is not None
    assert state["outcome"]["winners"] == sorted(set(state["outcome"]["winners"]))
    assert set(state["outcome"]["winners"]) <= set(seats)
    assert isinstance(state["outcome"]["reason"], str) and state["outcome"]["reason"]
    assert state["to_act"] == []
    assert state["seed"] is not None
    assert state["seed_salt"] is not None
    assert sha256(f"{state['seed_salt']}:{state['seed']}") == state["seed_commitment"] == body["seed_commitment"]
    if seeded:
        assert state["seed"] == seed
    for seat in seats.values():
        seen = seat.look()
        assert seen["status"] == "over" and seen["outcome"] == state["outcome"] and seen["seed"] == state["seed"]
        assert seat.options()["commands"] == []
    log = client.get(f"{url}/events?after={version - 1}").get_json()["events"]
    assert log[-1]["type"] == "SeedRevealed" and log[-1]["data"] == {"seed": state["seed"], "salt": state["seed_salt"]}
    assert client.get("/games?status=over").get_json()["games"][0]["id"] == body["id"]


# -- races -------------------------------------------------------------------------------------

# Concurrent requests on one game once raced in the aggregate cache: eventsourcing's Repository.get
# brings the cached Game up to date in place under a lock, but deep-copies it after releasing the lock,
# so one request copied the Game while another applied new events to it. The copy could be torn (GET
# /games/{id} said version N and showed the view of N+1; a POST with the current If-Match was judged
# on a later state and answered 422 instead of 412) or fail with RuntimeError "dictionary changed size
# during iteration" (Game.answers grows), answered 500. The threads below switch every microsecond so
# that the requests really interleave (with the default interval they mostly run one after another).


class ServerCrash(Exception):
    """The app raised an unhandled exception while serving a request (a 500)."""


def race(app, count: int, submit) -> list:
    """Run ``submit(client, index)`` in ``count`` threads released together; their results. Raises
    ``ServerCrash`` when the app crashed on any request."""
    barrier = threading.Barrier(count)
    results: list = [None] * count
    errors: list = []
    crashes: list = []

    def crashed(sender, exception, **extra) -> None:
        crashes.append(exception)

    def run(index: int) -> None:
        try:
            own = app.test_client()
            barrier.wait(timeout=30)
            results[index] = submit(own, index)
        except BaseException as error:  # noqa: BLE001 -- reported below
            errors.append(error)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    interval = sys.getswitchinterval()
    got_request_exception.connect(crashed, app)
    sys.setswitchinterval(1e-6)  # switch threads often, so that the requests really interleave
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
    finally:
        sys.setswitchinterval(interval)
        got_request_exception.disconnect(crashed, app)
    if crashes:
        raise ServerCrash(repr(crashes))
    assert not errors, errors
    assert all(r is not None for r in results)
    return results


def test_reads_while_a_game_is_played_are_whole_and_never_fail(app, client, new_game):
    """Spectators and a seat read the game over and over while it is played: every read answers 200
    and is the game exactly as it stood at the version it states."""
    game = new_game(seed="readers")
    service = app.extensions["ludolog"]
    stop = threading.Event()
    reads: list = []
    failures: list = []
    crashes: list = []

    def crashed(sender, exception, **extra) -> None:
        crashes.append(exception)

    def read(headers: dict, viewer) -> None:
        own = app.test_client()
        while not stop.is_set():
            try:
                response = own.get(game.url, headers=headers)
                reads.append((viewer, response.status_code, response.get_json()))
            except Exception as error:  # noqa: BLE001 -- a failed read is what this test looks for
                failures.append(error)

    readers = [threading.Thread(target=read, args=(game.seat[1], 1) if n % 2 else ({}, None)) for n in range(6)]
    writer = app.test_client()
    interval = sys.getswitchinterval()
    got_request_exception.connect(crashed, app)
    sys.setswitchinterval(1e-6)
    try:
        for thread in readers:
            thread.start()
        rng = random.Random(0)
        for _ in range(5000):
            try:
                state = writer.get(game.url, headers=game.owner).get_json()
                if state["status"] == "over":
                    break
                seat = state["to_act"][0]
                commands = writer.get(f"{game.url}/legal-commands?seat={seat}", headers=game.owner).get_json()["commands"]
                writer.post(f"{game.url}/commands", json={"command": rng.choice(commands), "seat": seat}, headers=game.owner)
            except Exception as error:  # noqa: BLE001
                failures.append(error)
    finally:
        stop.set()
        for thread in readers:
            thread.join(timeout=60)
        sys.setswitchinterval(interval)
        got_request_exception.disconnect(crashed, app)

    assert client.get(game.url).get_json()["status"] == "over"
    assert reads
    assert not crashes, f"{len(crashes)} requests crashed, the first with {crashes[0]!r}"
    assert not failures, failures[:3]
    game_id, expected = uuid.UUID(game.id), {}
    for viewer, status, body in reads:
        assert status == 200, body
        version = body["version"]
        if (viewer, version) not in expected:
            expected[viewer, version] = service.status(game_id, viewer, game=service.game_at(game_id, version))
        assert {k: v for k, v in body.items() if k != "viewer"} == expected[viewer, version], f"torn read at version {version}"


def test_race_same_if_match_exactly_one_wins(app, client, new_game):
    game = new_game(seed="race-a")
    seat = to_act(client, game)
    commands = legal(client, game, seat)
    version = version_of(client, game)

    def submit(own, index):
        command = commands[index % len(commands)]
        response = own.post(
            f"{game.url}/commands",
            json={"command": command},
            headers={**game.seat[seat], "If-Match": f'"{version}"', "Idempotency-Key": f"a-{index}"},
        )
        return response.status_code, response.get_json()

    results = race(app, THREADS, submit)
    statuses = sorted(status for status, _ in results)
    assert statuses == [201] + [412] * (THREADS - 1), statuses
    [winner] = [body for status, body in results if status == 201]
    assert all(body["type"] == PROBLEM + "stale-version" for status, body in results if status == 412)
    assert version_of(client, game) == winner["version"]
    assert all_events(client, game, game.seat[seat])[version:] == winner["events"]


def test_race_same_idempotency_key_writes_once(app, client, new_game):
    game = new_game(seed="race-b")
    seat = to_act(client, game)
    command = legal(client, game, seat)[0]
    version = version_of(client, game)

    def submit(own, index):
        response = own.post(f"{game.url}/commands", json={"command": command}, headers={**game.seat[seat], "Idempotency-Key": "same"})
        return response.status_code, response.get_json(), response.headers.get("Idempotent-Replayed")

    results = race(app, THREADS, submit)
    assert [status for status, _, _ in results] == [201] * THREADS, results
    bodies = [body for _, body, _ in results]
    assert sum(not body["replayed"] for body in bodies) == 1
    assert all(header == "true" for _, body, header in results if body["replayed"])
    first = next(body for body in bodies if not body["replayed"])
    assert all({**body, "replayed": False} == first for body in bodies)
    events = all_events(client, game, game.seat[seat])
    assert version_of(client, game) == first["version"] == len(events)
    assert events[version:] == first["events"]
    assert [e["command_id"] for e in events].count("same") == len(first["events"])


@pytest.mark.parametrize("round_", range(3))
def test_race_legal_commands_without_if_match_keep_the_log_contiguous(app, client, new_game, round_):
    game = new_game(seed=f"race-c-{round_}")
    winners: list[tuple[int, dict]] = []
    for _ in range(3):  # a few rounds of racing, on a game that moves on
        seat = to_act(client, game)
        commands = legal(client, game, seat)

        def submit(own, index, seat=seat, commands=commands):
            command = commands[index % len(commands)]
            response = own.post(f"{game.url}/commands", json={"command": command}, headers=game.seat[seat])
            return response.status_code, response.get_json()

        results = race(app, THREADS, submit)
        statuses = [status for status, _ in results]
        assert set(statuses) <= {201, 409, 412, 422}, results
        assert 201 in statuses
        for status, body in results:
            if status == 201:
                winners.append((seat, body))
            else:
                assert body["type"].startswith(PROBLEM)
        if client.get(game.url).get_json()["status"] == "over":
            break

    version = version_of(client, game)
    logs = {seat: all_events(client, game, game.seat[seat]) for seat in (1, 2)}
    owners = all_events(client, game, game.owner)
    for events in (*logs.values(), owners):
        assert [e["number"] for e in events] == list(range(1, version + 1))
    for seat, body in winners:
        assert body["events"]
        for event in body["events"]:
            assert logs[seat][event["number"] - 1] == event
    written = {e["command_id"] for e in owners if e["command_id"]}
    assert len(written) == len(winners)  # one command per 201, none written twice
    assert written == {e["command_id"] for _, body in winners for e in body["events"]}


def test_if_match_star_takes_any_current_version(client, new_game):
    game = new_game()
    seat = to_act(client, game)
    response = post(client, game, legal(client, game, seat)[0], game.seat[seat], **{"If-Match": "*"})
    assert response.status_code == 201


def test_legal_commands_are_labelled_from_the_game_state_naming_squad_combat_characters(client, new_game):
    game = new_game("squad-combat", ("Ann", "Ben"), seed="labels")
    seat = client.get(game.url, headers=game.owner).get_json()["to_act"][0]
    legal = client.get(f"{game.url}/legal-commands?seat={seat}", headers=game.owner).get_json()
    assert legal["labels"] and not any("by character" in label for label in legal["labels"])
