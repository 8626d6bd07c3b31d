"""The event feed behind the streams, through the Flask test client (each stream then waits in a
thread of its own; ``tests/load/test_streams.py`` holds them in a real server): each new event is
worded once per kind of viewer however many streams follow the game, each stream gets what its viewer
may see, a closed stream is forgotten, and an address, a token and the process are each held to their
limit of open streams (429 ``too-many-streams``, 503 ``server-busy``, with ``Retry-After``)."""

from __future__ import annotations

import threading

import pytest
from test_api_play import all_events, assert_problem, parse_sse, version_of

import api.feed
from api import settings_from
from domain.engine.errors import StoreUnavailable


def healthz_streams(client) -> int:
    return client.get("/healthz").get_json()["streams"]


class Follower(threading.Thread):
    """Reads one stream in a thread until it has event ``until`` (or the stream ends)."""

    def __init__(self, app, url: str, headers: dict, until: int) -> None:
        super().__init__(daemon=True)
        self.app, self.url, self.headers, self.until = app, url, headers, until
        self.frames: list[dict] = []
        self.opened = threading.Event()

    def run(self) -> None:
        response = self.app.test_client().get(self.url, headers=self.headers, buffered=False)
        self.opened.set()
        text = ""
        try:
            for chunk in response.response:
                text += chunk.decode() if isinstance(chunk, bytes) else chunk
                *done, text = text.split("\n\n")
                for block in done:
                    self.frames += parse_sse(block + "\n\n")
                if self.frames and self.frames[-1]["id"] >= self.until:
                    break
        finally:
            response.close()


def play(client, game, commands: int) -> int:
    for _ in range(commands):
        seat = client.get(game.url, headers=game.owner).get_json()["to_act"][0]
        command = client.get(f"{game.url}/legal-commands?seat={seat}", headers=game.owner).get_json()["commands"][0]
        response = client.post(f"{game.url}/commands", json={"command": command, "seat": seat}, headers=game.owner)
        assert response.status_code == 201, response.get_json()
    return version_of(client, game)


def test_each_new_event_is_worded_once_per_kind_of_viewer_however_many_streams_follow(app, client, new_game, monkeypatch):
    app.config.update(STREAM_MAX_SECONDS=600.0, STREAM_KEEPALIVE_SECONDS=0.05)  # a chunk at least every 50 ms
    game = new_game(seed="feed")
    start = version_of(client, game)
    worded: list[object] = []
    original = api.feed.as_game_event
    monkeypatch.setattr(api.feed, "as_game_event", lambda event, g, viewer: worded.append(viewer) or original(event, g, viewer))
    expected_end = start + 1  # at least one event more: the followers stop at the version played
    viewers = [({}, None)] * 12 + [(game.seat[1], 1)] * 6
    followers = [Follower(app, f"{game.url}/events/stream?after={start}", headers, 10**9) for headers, _ in viewers]
    for follower in followers:
        follower.start()
        follower.opened.wait(30)
    assert healthz_streams(client) == len(followers)

    end = play(client, game, 3)
    assert end >= expected_end
    for follower in followers:
        follower.until = end
    for follower in followers:
        follower.join(60)
        assert not follower.is_alive()
    for headers, who in ((({}), None), (game.seat[1], 1)):
        expected = all_events(client, game, headers)[start:]
        for follower, (_, viewer) in zip(followers, viewers, strict=True):
            if viewer == who:
                assert [f["data"] for f in follower.frames] == expected  # what that viewer may see
    # one wording per new event and kind of viewer (a spectator, seat 1), not one per stream
    assert sorted(worded, key=str) == sorted([None, 1] * (end - start), key=str)
    assert healthz_streams(client) == 0  # every stream closed is forgotten


def test_a_feed_that_fails_to_read_the_store_reads_the_same_events_again(app, client, new_game, monkeypatch):
    app.config.update(STREAM_MAX_SECONDS=600.0, STREAM_KEEPALIVE_SECONDS=0.05)
    game = new_game(seed="flaky")
    start = version_of(client, game)
    service, failures = app.extensions["ludolog"], ["once"]
    real_game = service.game

    def flaky(game_id):
        if threading.current_thread().name == "ludolog-event-feed" and failures:
            failures.pop()
            raise StoreUnavailable("the game store could not be read: it is down")
        return real_game(game_id)

    monkeypatch.setattr(service, "game", flaky)
    follower = Follower(app, f"{game.url}/events/stream?after={start}", {}, 10**9)
    follower.start()
    follower.opened.wait(30)
    end = play(client, game, 2)
    follower.until = end
    follower.join(60)
    assert not failures  # the feed met the failure...
    assert [f["id"] for f in follower.frames] == list(range(start + 1, end + 1))  # ...and lost nothing


def stream(client, game, headers=None, address="127.0.0.1"):
    return client.get(f"{game.url}/events/stream", headers=headers or {}, buffered=False,
                      environ_base={"REMOTE_ADDR": address})


def test_an_address_past_its_limit_of_open_streams_gets_429_and_others_do_not(app, client, new_game):
    app.extensions["ludolog-feed"].per_address = 3
    game = new_game()
    held = [stream(client, game) for _ in range(3)]
    assert all(r.status_code == 200 for r in held)
    refused = stream(client, game)
    body = assert_problem(refused, 429, "too-many-streams")
    assert "this address holds 3 open event streams" in body["detail"]
    assert refused.headers["Retry-After"].isdigit()
    other = stream(client, game, address="10.0.0.2")
    assert other.status_code == 200  # another address is unaffected
    held[0].close()  # one closed: the address may open one again
    again = stream(client, game)
    assert again.status_code == 200
    for response in [*held, other, again]:
        response.close()
    assert healthz_streams(client) == 0


def test_a_token_past_its_limit_of_open_streams_gets_429(app, client, new_game):
    app.extensions["ludolog-feed"].per_token = 2
    game = new_game()
    held = [stream(client, game, game.seat[1], f"10.0.0.{n}") for n in range(2)]
    refused = stream(client, game, game.seat[1], "10.0.0.9")
    assert "this token holds 2 open event streams" in assert_problem(refused, 429, "too-many-streams")["detail"]
    others = [stream(client, game, game.seat[2]), stream(client, game)]  # another seat, a spectator
    assert [r.status_code for r in others] == [200, 200]
    for response in [*held, *others]:
        response.close()


def test_a_process_holding_all_the_streams_it_may_answers_503_server_busy(app, client, new_game):
    app.extensions["ludolog-feed"].most = 2
    game = new_game()
    held = [stream(client, game, address=f"10.0.0.{n}") for n in range(2)]
    refused = stream(client, game, address="10.0.0.7")
    assert "this server holds 2 open event streams" in assert_problem(refused, 503, "server-busy")["detail"]
    assert refused.headers["Retry-After"].isdigit()
    for response in held:
        response.close()
    assert healthz_streams(client) == 0


@pytest.mark.parametrize(("variable", "value"), [
    ("LUDOLOG_STREAMS_MAX", "off"), ("LUDOLOG_STREAMS_MAX", "0"), ("LUDOLOG_STREAMS_PER_ADDRESS", "many"),
    ("LUDOLOG_STREAMS_PER_TOKEN", "-1"), ("LUDOLOG_STREAM_KEEPALIVE_SECONDS", "soon"),
    ("LUDOLOG_STREAM_KEEPALIVE_SECONDS", "0")])
def test_stream_settings_that_cannot_work_are_refused_naming_the_variable(variable, value):
    with pytest.raises(ValueError, match=variable):
        settings_from({variable: value})


def test_stream_limits_can_be_turned_off_per_address_and_per_token():
    settings = settings_from({"LUDOLOG_STREAMS_PER_ADDRESS": "off", "LUDOLOG_STREAMS_PER_TOKEN": "OFF",
                              "LUDOLOG_STREAMS_MAX": "20000", "LUDOLOG_STREAM_KEEPALIVE_SECONDS": "2.5"})
    assert (settings["LUDOLOG_STREAMS_PER_ADDRESS"], settings["LUDOLOG_STREAMS_PER_TOKEN"]) == (None, None)
    assert (settings["LUDOLOG_STREAMS_MAX"], settings["STREAM_KEEPALIVE_SECONDS"]) == (20000, 2.5)


def test_a_stream_refused_for_its_game_or_token_holds_nothing(client, new_game):
    game = new_game()
    assert_problem(client.get("/games/00000000-0000-4000-8000-000000000000/events/stream"), 404, "unknown-game")
    assert_problem(client.get(f"{game.url}/events/stream", headers={"Authorization": "Bearer nope"}), 401, "unauthorized")
    assert healthz_streams(client) == 0

