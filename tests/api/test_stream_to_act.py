"""Who acts next, in the event stream (``api/events.py``, ``api/feed.py``): each streamed event carries the
game's ``status`` and ``to_act`` as they stand when it is sent, the same for every reader (who is to act is
public at the table), both in what a stream catches up on and in what the feed pushes live, so a bot knows
its turn from the stream alone."""

from __future__ import annotations

import time

from test_api_play import parse_sse
from test_stream_feed import Follower, play


def turn_of(client, game) -> dict:
    state = client.get(game.url, headers=game.owner).get_json()
    return {"status": state["status"], "to_act": state["to_act"]}


def test_what_a_stream_catches_up_on_says_who_acts_now(app, client, new_game):
    app.config["STREAM_MAX_SECONDS"] = 0.05
    game = new_game(seed="turns")
    play(client, game, 2)
    now = turn_of(client, game)
    assert now["status"] == "active" and now["to_act"]
    for headers in ({}, game.seat[1], game.seat[2], game.owner):
        frames = parse_sse(client.get(f"{game.url}/events/stream", headers=headers).get_data(as_text=True))
        assert frames and all(frame["turn"] == now for frame in frames)


def test_the_live_feed_says_who_acts_after_each_command(app, client, new_game):
    app.config.update(STREAM_MAX_SECONDS=600.0, STREAM_KEEPALIVE_SECONDS=0.05)
    game = new_game(seed="turns")
    start = client.get(game.url).get_json()["version"]
    followers = [Follower(app, f"{game.url}/events/stream?after={start}", headers, 10**9) for headers in ({}, game.seat[1])]
    for follower in followers:
        follower.start()
        follower.opened.wait(30)
    turns = {}
    for _ in range(3):  # one command at a time, its events streamed before the next: each batch is one command's
        version = play(client, game, 1)
        turns[version] = turn_of(client, game)
        for follower in followers:
            waited_until = time.monotonic() + 30  # (then the assert below says what is missing)
            while follower.is_alive() and not any(frame["id"] == version for frame in follower.frames):
                if time.monotonic() > waited_until:
                    break
                time.sleep(0.01)
    for follower in followers:
        follower.until = version
    for follower in followers:
        follower.join(60)
        assert not follower.is_alive()
        last_of_each = {frame["id"]: frame["turn"] for frame in follower.frames if frame["id"] in turns}
        assert last_of_each == turns


def test_a_finished_games_events_say_it_is_over(client, new_game):
    game = new_game(seed="turns")
    game.play_to_end()
    frames = parse_sse(client.get(f"{game.url}/events/stream", headers=game.seat[1]).get_data(as_text=True))
    assert frames[-1]["turn"] == {"status": "over", "to_act": []}
