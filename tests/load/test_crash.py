"""Crash test: ``ludolog serve`` with three gunicorn worker processes on one store (SQLite and
PostgreSQL) is killed with SIGKILL, master and workers at once, in the middle of load, four times,
and started again on the same store and port after each kill.

Twelve client threads each play their own games (a game has one writer, so the answer a command
should get is known). Every command carries an ``Idempotency-Key``, half of them ``If-Match`` too.
A client records every 201 (game, command id, version, event numbers); a command whose answer never
came (the connection was reset by the kill) is sent again, with the same key and headers, once the
server is back: it must be answered either as a replay of the stored command (it had been written
whole before the kill) or with a fresh 201 (nothing of it had been written) -- never anything else.

After the last round the store is read: every acknowledged command is there exactly as its answer
said, each command is one contiguous block stored once, nothing is stored that no client was told
of, and ``ludolog audit --all`` (hash chain, no missing event, every command re-decided to the
same events) is clean. The test also checks that the kills hit the load: answers came before and
after each kill, and each kill cut requests in flight.

Run: ``pytest tests/load -m load -s`` (``-s`` shows the figures).
"""

from __future__ import annotations

import random
import threading
import time
import traceback
from collections import Counter

import pytest
from harness import (
    Answer,
    ApiClient,
    NoAnswer,
    ServedApi,
    ServedGame,
    create_game,
    game_path,
    read_turn,
)
from ledger import Ledger, audit_store, check_store

pytestmark = pytest.mark.load

CLIENTS = 12
GAMES_PER_CLIENT = 2
WORKERS, SERVER_THREADS = 3, 8
KILLS = 4
COMMANDS_BETWEEN_KILLS = 100  # at least this many 201s after each start before the next kill
IF_MATCH_SHARE = 0.5
RESEND_AT_ONCE_SHARE = 0.2  # commands sent again right after their answer (a replay, by then)
SERVER_BACK_WITHIN = 60.0  # seconds a client waits for the server to come back


class CrashPlayer(threading.Thread):
    """A client thread playing its own games through the kills: every request is sent again until it
    gets an answer, and every command whose answer was lost is recorded with the answer it got once
    the server was back."""

    def __init__(self, number: int, server: ServedApi, games: list[ServedGame], ledger: Ledger,
                 stop: threading.Event, cut_requests: Counter[int]) -> None:
        super().__init__(name=f"player-{number}", daemon=True)
        self.number, self.server, self.games, self.ledger, self.stop = number, server, games, ledger, stop
        self.cut_requests = cut_requests  # kill number -> requests in flight it cut (all clients)
        self.client = ApiClient(server)
        self.rng = random.Random(number)
        self.sent = 0
        self.lost_commands: list[tuple[str, str, bool]] = []  # (game, key, replayed when re-sent)

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                self.play_one_command(self.games[self.sent % len(self.games)])
        except Exception:  # noqa: BLE001 (reported as a problem: the test fails and shows it)
            self.ledger.problem(f"{self.name} stopped:\n{traceback.format_exc()}")
        finally:
            self.client.close()

    def play_one_command(self, game: ServedGame) -> None:
        turn = self.until_answered(lambda: read_turn(self.client, game, self.rng.choice))
        if turn is None:
            seed = f"{self.name}-{self.sent}"
            self.games[self.games.index(game)] = self.until_answered(lambda: create_game(self.client, game.ruleset, seed))
            return
        assert turn.commands, f"game {game.id} at version {turn.version} waits for seat {turn.seat}, who has no legal command"
        self.sent += 1
        key = f"{self.name}-{self.sent}"
        if_match = turn.version if self.rng.random() < IF_MATCH_SHARE else None
        body = {"command": self.rng.choice(turn.commands), "seat": turn.seat}
        self.submit(game, body, key, if_match, first_send=True)
        if self.rng.random() < RESEND_AT_ONCE_SHARE:
            self.submit(game, body, key, if_match, first_send=False)

    def submit(self, game: ServedGame, body: dict, key: str, if_match: int | None, first_send: bool) -> None:
        headers = {"Idempotency-Key": key} | ({} if if_match is None else {"If-Match": f'"{if_match}"'})
        lost: list[bool] = []
        answer: Answer = self.until_answered(
            lambda: self.client.call("POST", game_path(game.id, "commands"), body, headers, token=game.owner_token), lost)
        if answer.status != 201:  # one writer per game: the command is legal at the game's version
            self.ledger.problem(f"{self.name}: game {game.id}, {headers}: {answer.status} {answer.body!r}")
            return
        ack = self.ledger.note(game.id, answer, key, if_match=if_match, first_send=first_send and not lost,
                               refusals_allowed=False)
        if lost and ack is not None:
            self.lost_commands.append((game.id, ack.command_id, answer.body["replayed"]))

    def until_answered(self, request, lost: list[bool] | None = None):
        """Send the request until an answer comes. A request that got none after it was written, on a
        connection a kill closed (during the request, or before it: the server may have read it just
        before it died) is noted in ``lost``; one that got none from a live server is a problem."""
        give_up = time.monotonic() + SERVER_BACK_WITHIN
        while True:
            generation = self.server.generation
            try:
                return request()
            except NoAnswer as missing:
                if missing.sent:
                    if self.server.generation == generation == missing.generation:
                        self.ledger.problem(f"{self.name}: no answer while no kill happened: {missing.reason}")
                        raise
                    if self.server.generation != generation:
                        self.cut_requests[self.server.generation] += 1  # in flight when the kill came
                    if lost is not None:
                        lost.append(True)
                if time.monotonic() > give_up:
                    raise
                time.sleep(0.05)


def wait_for_commands(ledger: Ledger, server: ServedApi, at_least: int, stall: float = 60.0) -> None:
    """Wait until the clients have had ``at_least`` commands acknowledged in all; fail only when no
    command at all is acknowledged for ``stall`` seconds (counted progress, never a rate)."""
    while ledger.counts["acknowledged (201)"] < at_least:
        assert server.process is not None and server.process.poll() is None, f"the server stopped\n{server.explain()}"
        assert not ledger.stalled(stall), f"the load stalled: nothing acknowledged for {stall:.0f} s at {ledger.counts}\n{server.explain()}"
        assert not ledger.problems, "\n".join(ledger.problems[:20]) + "\n" + server.explain()
        time.sleep(0.02)


def test_the_store_survives_sigkill_of_every_worker_mid_load(serve):
    server = serve(workers=WORKERS, threads=SERVER_THREADS)
    setup = ApiClient(server)
    rulesets = ["assassination-le", "infection", "correction", "project-assassination"]
    games = [[create_game(setup, rulesets[(n + g) % len(rulesets)], seed=f"{n}-{g}") for g in range(GAMES_PER_CLIENT)]
             for n in range(CLIENTS)]
    setup.close()
    ledger, stop, cut_requests = Ledger(), threading.Event(), Counter()
    players = [CrashPlayer(n, server, games[n], ledger, stop, cut_requests) for n in range(CLIENTS)]
    workers_seen = [server.worker_pids()]
    acknowledged_between_kills = []
    started = time.monotonic()
    for player in players:
        player.start()
    try:
        for _ in range(KILLS):
            since = ledger.counts["acknowledged (201)"]
            wait_for_commands(ledger, server, since + COMMANDS_BETWEEN_KILLS)
            server.kill()
            acknowledged_between_kills.append(ledger.counts["acknowledged (201)"] - since)
            server.start()
            workers_seen.append(server.worker_pids())
        since = ledger.counts["acknowledged (201)"]
        wait_for_commands(ledger, server, since + COMMANDS_BETWEEN_KILLS)
        acknowledged_between_kills.append(ledger.counts["acknowledged (201)"] - since)
    finally:
        stop.set()
        for player in players:
            player.join(timeout=SERVER_BACK_WITHIN + 30)
    elapsed = time.monotonic() - started
    assert not any(player.is_alive() for player in players), "a client hangs"
    server.stop()

    assert not ledger.problems, "\n".join(ledger.problems[:20]) + "\n" + server.explain()
    assert not server.tracebacks(), server.explain()
    # The kills hit a loaded server of several workers: answers before and after each, requests cut.
    assert all(len(pids) == WORKERS for pids in workers_seen), workers_seen
    assert len({pid for pids in workers_seen for pid in pids}) == WORKERS * (KILLS + 1), "the same workers outlived a kill"
    assert len(acknowledged_between_kills) == KILLS + 1 and min(acknowledged_between_kills) >= COMMANDS_BETWEEN_KILLS
    assert all(cut_requests[kill] > 0 for kill in range(1, KILLS + 1)), f"a kill cut no request in flight: {cut_requests}"
    lost = [entry for player in players for entry in player.lost_commands]
    assert lost, "no kill cut a command in flight"

    stored, problems = check_store(server.store, ledger)
    assert not problems, "\n".join(problems[:20])
    for game_id, command_id, _ in lost:  # the re-sent ones are stored once, whole
        assert command_id in stored[game_id].commands
    audit = audit_store(server.store)
    assert audit.returncode == 0, audit.stdout[-3000:] + audit.stderr[-3000:]
    assert audit.stdout.count(": clean:") == len(stored)

    print("\n" + ledger.summary(f"crash on {server.store.split('?')[0]}", elapsed, {
        "kills": KILLS,
        "201s between kills": " ".join(map(str, acknowledged_between_kills)),
        "requests cut by each kill": " ".join(str(cut_requests[kill]) for kill in range(1, KILLS + 1)),
        "commands whose answer was lost, found stored when re-sent (replayed)": sum(1 for *_, replayed in lost if replayed),
        "commands whose answer was lost, not stored, played when re-sent": sum(1 for *_, replayed in lost if not replayed),
        "games": len(stored),
    }))
