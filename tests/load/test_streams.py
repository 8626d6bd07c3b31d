"""Event streams against real servers (``ludolog serve``, one process or gunicorn workers, on SQLite
and PostgreSQL): more open streams than the server has threads, and a command is still answered and
reaches every one of them, each as its viewer may see it; a command written through one worker
reaches streams held by another; a client that hangs up is forgotten at once; an address, a token
and the process are each held to their limit of open streams. Counts and arrivals only: no rate or
time is asserted (a stall bound ends a stuck run).

Run: ``pytest tests/load -m load``.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from harness import ApiClient, ServedApi, game_path
from sse import OpenStream, read_all

pytestmark = pytest.mark.load

STALL_SECONDS = 60.0


def listed(frames: list[dict]) -> list[dict]:
    """The streamed events as ``GET /games/{id}/events`` lists them: each frame's data less the game's
    ``status`` and ``to_act`` when it was sent (checked to be there, well formed)."""
    events = []
    for frame in frames:
        data = dict(frame["data"])
        status, to_act = data.pop("status"), data.pop("to_act")
        assert status in ("active", "over") and all(isinstance(seat, int) for seat in to_act)
        events.append(data)
    return events


def stream_path(game_id: str, after: int = 0) -> str:
    return game_path(game_id, "events", "stream", after=after)


def healthz_streams(server: ServedApi) -> int:
    answer = ApiClient(server).call("GET", "/healthz")
    assert answer.status == 200, answer
    return answer.body["streams"]


def new_game(server: ServedApi, seed: str) -> tuple[ApiClient, dict]:
    client = ApiClient(server)
    answer = client.call("POST", "/games", {"ruleset": "correction", "seats": ["Ana", "Ben"], "seed": seed})
    assert answer.status == 201, answer
    return client, answer.body


def play_one(client: ApiClient, game: dict) -> int:
    """Play the first legal command of a seat on turn; the game's version after it."""
    state = client.call("GET", game_path(game["id"]), token=game["owner_token"])
    seat = state.body["to_act"][0]
    legal = client.call("GET", game_path(game["id"], "legal-commands", seat=seat), token=game["owner_token"])
    answer = client.call("POST", game_path(game["id"], "commands"), {"command": legal.body["commands"][0], "seat": seat},
                         token=game["owner_token"])
    assert answer.status == 201, answer
    return answer.body["version"]


def events_as(client: ApiClient, game: dict, token: str | None, after: int) -> list[dict]:
    answer = client.call("GET", game_path(game["id"], "events", after=after, limit=1000), token=token)
    assert answer.status == 200, answer
    return answer.body["events"]


def open_streams(server: ServedApi, game: dict, tokens: list[str | None], after: int = 0) -> list[OpenStream]:
    streams = [OpenStream(server.host, server.port, stream_path(game["id"], after), token) for token in tokens]
    read_all(streams, lambda: all(s.status is not None for s in streams), STALL_SECONDS)
    assert [s.status for s in streams] == [200] * len(streams), [s.body[:300] for s in streams if s.status != 200]
    return streams


def test_more_streams_than_threads_each_receive_a_command_that_is_answered(serve):
    server = serve(workers=1, threads=4)
    client, game = new_game(server, "streams-64")
    seats = [seat["token"] for seat in game["seats"]]
    tokens: list[str | None] = [None] * 40 + [seats[0]] * 12 + [seats[1]] * 12  # 64 streams, 4 threads
    start = client.call("GET", game_path(game["id"])).body["version"]
    streams = open_streams(server, game, tokens, after=start)
    assert healthz_streams(server) == 64  # every stream is held, and the server still answers

    version = play_one(client, game)  # answered (201) with 64 streams open on 4 threads
    read_all(streams, lambda: all(s.frames and s.frames[-1]["id"] >= version for s in streams), STALL_SECONDS)
    for token in (None, *seats):
        expected = events_as(client, game, token, start)
        for stream in (s for s, t in zip(streams, tokens, strict=True) if t == token):
            assert listed(stream.frames) == expected  # as that viewer may see them
    for stream in streams:
        stream.close()


def worker_of_each_stream(server: ServedApi, streams: list[OpenStream]) -> dict[int, int]:
    """How many of the streams each worker process holds: the server side of each connection found
    among each worker's open sockets (from /proc)."""
    ports = {s.sock.getsockname()[1] for s in streams}
    inodes: dict[str, int] = {}
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            local_port, remote_port = int(fields[1].split(":")[1], 16), int(fields[2].split(":")[1], 16)
            if local_port == server.port and remote_port in ports:
                inodes[fields[9]] = remote_port
    held: dict[int, int] = {}
    for pid in server.worker_pids():
        found = 0
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                target = fd.readlink().as_posix()
            except OSError:
                continue
            if target.startswith("socket:[") and target[8:-1] in inodes:
                found += 1
        held[pid] = found
    return held


def test_a_command_written_through_one_worker_reaches_streams_held_by_the_other(serve):
    server = serve(workers=2, threads=2)
    client, game = new_game(server, "streams-workers")
    start = client.call("GET", game_path(game["id"])).body["version"]
    streams: list[OpenStream] = []
    while len(streams) < 200:  # until both workers hold some (the kernel spreads connections)
        streams += open_streams(server, game, [None] * 10, after=start)
        held = worker_of_each_stream(server, streams)
        if all(held.values()) and sum(held.values()) == len(streams):
            break
    assert len(held) == 2 and all(held.values()), f"the streams did not spread over both workers: {held}"

    played = [play_one(ApiClient(server), game) for _ in range(4)]  # each on a new connection
    read_all(streams, lambda: all(s.frames and s.frames[-1]["id"] >= played[-1] for s in streams), STALL_SECONDS)
    expected = events_as(client, game, None, start)
    assert all(listed(s.frames) == expected for s in streams)
    for stream in streams:
        stream.close()


def test_a_client_that_hangs_up_is_forgotten_without_waiting_for_a_keep_alive(serve):
    # keep-alives an hour apart: only noticing the hang-up itself can free the streams
    server = serve(workers=1, threads=2, env={"LUDOLOG_STREAM_KEEPALIVE_SECONDS": "3600"})
    _, game = new_game(server, "streams-hang-up")
    streams = open_streams(server, game, [None] * 10)
    assert healthz_streams(server) == 10
    for stream in streams[:6]:
        stream.close()
    deadline = time.monotonic() + STALL_SECONDS
    while (held := healthz_streams(server)) != 4 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert held == 4
    for stream in streams[6:]:
        stream.close()


def test_an_address_a_token_and_the_process_each_have_a_limit_of_open_streams(serve):
    server = serve(workers=1, threads=2, env={"LUDOLOG_STREAMS_PER_ADDRESS": "5", "LUDOLOG_STREAMS_PER_TOKEN": "2",
                                              "LUDOLOG_STREAMS_MAX": "9"})
    _, game = new_game(server, "streams-limits")
    seat = game["seats"][0]["token"]
    held = open_streams(server, game, [seat, seat, None, None, None])  # 127.0.0.1 at its limit of 5

    def refused(token: str | None, source: str) -> OpenStream:
        stream = OpenStream(server.host, server.port, stream_path(game["id"]), token, source)
        read_all([stream], lambda: stream.closed, STALL_SECONDS)
        return stream

    past_address = refused(None, "127.0.0.1")
    assert past_address.status == 429 and past_address.headers["retry-after"].isdigit()
    assert past_address.problem()["type"] == "urn:ludolog:problem:too-many-streams"
    assert "address" in past_address.problem()["detail"]

    other = [OpenStream(server.host, server.port, stream_path(game["id"]), None, "127.0.0.2") for _ in range(3)]
    read_all(other, lambda: all(s.status is not None for s in other), STALL_SECONDS)
    assert [s.status for s in other] == [200] * 3  # another address is unaffected
    past_token = refused(seat, "127.0.0.3")  # the seat's token holds two already, from 127.0.0.1
    assert past_token.status == 429 and "token" in past_token.problem()["detail"]

    last = OpenStream(server.host, server.port, stream_path(game["id"]), None, "127.0.0.3")
    read_all([last], lambda: last.status is not None, STALL_SECONDS)
    assert last.status == 200  # the ninth stream of the process
    full = refused(None, "127.0.0.4")
    assert full.status == 503 and full.problem()["type"] == "urn:ludolog:problem:server-busy"
    assert full.headers["retry-after"].isdigit()
    assert healthz_streams(server) == 9

    held[0].close()  # one leaves: its address may open one again
    deadline = time.monotonic() + STALL_SECONDS
    while healthz_streams(server) != 8 and time.monotonic() < deadline:
        time.sleep(0.05)
    again = open_streams(server, game, [None])
    for stream in [*held, *other, last, *again]:
        stream.close()


def test_a_stream_resumed_after_a_server_restart_misses_nothing(serve):
    server = serve(workers=1, threads=2)
    client, game = new_game(server, "streams-restart")
    seat = game["seats"][0]["token"]
    first = open_streams(server, game, [seat])[0]
    seen_version = play_one(client, game)
    read_all([first], lambda: bool(first.frames) and first.frames[-1]["id"] >= seen_version, STALL_SECONDS)
    client.close()
    server.stop()  # the stream breaks; its client keeps the last id it saw
    first.close()
    server.start()
    client = ApiClient(server)
    version = play_one(client, game)
    version = max(version, play_one(client, game))
    resumed = OpenStream(server.host, server.port, stream_path(game["id"]), seat, last_event_id=seen_version)
    read_all([resumed], lambda: bool(resumed.frames) and resumed.frames[-1]["id"] >= version, STALL_SECONDS)
    frames = first.frames + resumed.frames
    assert [f["id"] for f in frames] == list(range(1, version + 1))  # every event once, none lost
    assert listed(frames) == events_as(client, game, seat, 0)
    resumed.close()
