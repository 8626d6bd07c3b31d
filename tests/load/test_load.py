"""Load test: ``ludolog serve`` with three gunicorn worker processes on one store (SQLite and
PostgreSQL), and sixteen client threads, each with its own kept-alive connection, submitting commands
as fast as the server answers, for a bounded time and count:

- on one game: every client plays the same game (when it ends, all move to a new one), half of them
  with ``If-Match`` of the version they just read, half without;
- on many games: the clients play whichever of two dozen games (all four rulesets) they pick.

A share of the commands is sent again at once with the same ``Idempotency-Key``, and a share again
after the client's next command, when the game has moved on. Then the store itself is read: every
game's versions run from 1 without a gap, every 201 is there at the numbers it announced under its
command id, every command id is one contiguous block stored once (retries wrote nothing), nothing is
stored that no client was told of; every other answer was 409 or 412 (or, without ``If-Match``, the
rules refusing a command the game had moved past), never a 5xx or a lost connection; and
``ludolog audit --all`` finds every log intact.

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

CLIENTS = 16
WORKERS, SERVER_THREADS = 3, 8
COMMANDS = 500
"""Acknowledged commands each run plays: counted, never timed, so a slow or busy machine takes longer
but passes or fails for the same reasons (rates are the benchmark's business)."""
STALL_SECONDS = 60.0
"""A run fails as stalled only when no command at all was acknowledged for this long."""
IF_MATCH_SHARE = 0.5  # commands sent with If-Match of the version their legal commands came with
NO_KEY_SHARE = 0.1  # commands sent without an Idempotency-Key (the server names them)
RESEND_AT_ONCE_SHARE = 0.25  # commands sent again, once or twice, right after their answer
RESEND_LATER_SHARE = 0.15  # acknowledged commands sent again after the client's next command
RESEND_WINDOW = 50
"""A game remembers the answers of its last 100 commands; a later re-send is made only while fewer
than this many commands of the game were acknowledged since (the clients in flight stay under 100)."""


class GamePool:
    """The games the clients play; one that ends is replaced by a new game of the same ruleset."""

    def __init__(self, client: ApiClient, rulesets: list[str], size: int) -> None:
        self.lock = threading.Lock()
        self.created = 0
        self.games = [self._new(client, rulesets[n % len(rulesets)]) for n in range(size)]

    def _new(self, client: ApiClient, ruleset: str) -> ServedGame:
        self.created += 1
        return create_game(client, ruleset, seed=str(self.created))

    def pick(self, rng: random.Random) -> ServedGame:
        with self.lock:
            return rng.choice(self.games)

    def replace(self, client: ApiClient, game: ServedGame) -> None:
        with self.lock:
            if game in self.games:
                self.games[self.games.index(game)] = self._new(client, game.ruleset)


class Player(threading.Thread):
    """A client thread: reads a game's turn, submits one of the legal commands as that seat (with the
    owner token), and re-sends some with the same Idempotency-Key, recording every answer."""

    def __init__(self, number: int, server: ServedApi, pool: GamePool, ledger: Ledger) -> None:
        super().__init__(name=f"player-{number}", daemon=True)
        self.number, self.pool, self.ledger = number, pool, ledger
        self.client = ApiClient(server)
        self.rng = random.Random(number)
        self.sent = 0
        self.resend_later: list[tuple[ServedGame, dict, int | None, str, int]] = []

    def run(self) -> None:
        try:
            while self.ledger.counts["acknowledged (201)"] < COMMANDS:
                if self.ledger.stalled(STALL_SECONDS):
                    self.ledger.problem(f"{self.name}: no command was acknowledged for {STALL_SECONDS:.0f} s")
                    return
                self.play_one_command()
        except NoAnswer as lost:
            self.ledger.problem(f"{self.name}: no answer from a live server: {lost.reason}")
        except Exception:  # noqa: BLE001 (reported as a problem: the test fails and shows it)
            self.ledger.problem(f"{self.name} stopped:\n{traceback.format_exc()}")
        finally:
            self.client.close()

    def play_one_command(self) -> None:
        game = self.pool.pick(self.rng)
        turn = read_turn(self.client, game, self.rng.choice)
        if turn is None:
            self.pool.replace(self.client, game)
            return
        if not turn.commands:
            return  # the seat's turn passed between the two reads
        self.sent += 1
        command = self.rng.choice(turn.commands)
        key = None if self.rng.random() < NO_KEY_SHARE else f"{self.name}-{self.sent}"
        if_match = turn.version if self.rng.random() < IF_MATCH_SHARE else None
        body = {"command": command, "seat": turn.seat}
        ack = self.submit(game, body, key, if_match, first_send=True)
        if key is not None and self.rng.random() < RESEND_AT_ONCE_SHARE:
            for _ in range(self.rng.choice([1, 1, 2])):
                self.submit(game, body, key, if_match, first_send=False)
        for earlier_game, earlier_body, earlier_if_match, earlier_key, acknowledged_then in self.resend_later:
            if self.ledger.acknowledged_in(earlier_game.id) - acknowledged_then < RESEND_WINDOW:
                self.ledger.count("re-sent after the game moved on")
                self.submit(earlier_game, earlier_body, earlier_key, earlier_if_match, first_send=False)
        self.resend_later = []
        if ack is not None and key is not None and self.rng.random() < RESEND_LATER_SHARE:
            self.resend_later.append((game, body, if_match, key, self.ledger.acknowledged_in(game.id)))

    def submit(self, game: ServedGame, body: dict, key: str | None, if_match: int | None, first_send: bool):
        headers = {}
        if key is not None:
            headers["Idempotency-Key"] = key
        if if_match is not None:
            headers["If-Match"] = f'"{if_match}"'
        answer = self.client.call("POST", game_path(game.id, "commands"), body, headers, token=game.owner_token)
        return self.ledger.note(game.id, answer, key, if_match=if_match, first_send=first_send)


def run_load(server: ServedApi, rulesets: list[str], games: int, title: str) -> Counter[str]:
    """Play the games with CLIENTS threads until COMMANDS are acknowledged, then check everything."""
    setup = ApiClient(server)
    pool = GamePool(setup, rulesets, games)
    workers = server.worker_pids()
    cpu_before = server.cpu_seconds(workers)
    ledger = Ledger()
    started = time.monotonic()
    players = [Player(n, server, pool, ledger) for n in range(CLIENTS)]
    for player in players:
        player.start()
    for player in players:
        while player.is_alive() and not ledger.stalled(STALL_SECONDS + 30):
            player.join(timeout=1.0)
        assert not player.is_alive(), f"{player.name} hangs: no answer for {STALL_SECONDS + 30:.0f} s"
    elapsed = time.monotonic() - started
    cpu_used = {pid: after - cpu_before[pid] for pid, after in server.cpu_seconds(workers).items()}

    assert not ledger.problems, "\n".join(ledger.problems[:20]) + "\n" + server.explain()
    assert not server.tracebacks(), server.explain()
    assert sorted(server.worker_pids()) == sorted(workers), "a worker died or was replaced during the load"
    assert len(workers) == WORKERS
    assert sum(1 for seconds in cpu_used.values() if seconds > 0.2) >= 2, f"the load did not spread over the workers: {cpu_used}"

    counts = ledger.counts
    assert counts["acknowledged (201)"] >= COMMANDS, counts
    assert counts["replayed (201, replayed)"] >= 20, counts
    assert counts["re-sent after the game moved on"] >= 5, counts
    assert counts["replay of a command whose answer was lost"] == 0

    stored, problems = check_store(server.store, ledger)
    assert not problems, "\n".join(problems[:20])
    assert sum(len(game.commands) for game in stored.values()) == counts["acknowledged (201)"]
    audit = audit_store(server.store)
    assert audit.returncode == 0, audit.stdout[-3000:] + audit.stderr[-3000:]
    assert audit.stdout.count(": clean:") == len(stored) == pool.created

    print("\n" + ledger.summary(f"{title} on {server.store.split('?')[0]}", elapsed, {
        "games played": pool.created,
        "events stored": sum(game.version for game in stored.values()),
        "worker CPU seconds": " ".join(f"{seconds:.1f}" for seconds in cpu_used.values()),
    }))
    return counts


def test_many_clients_on_one_game(serve):
    server = serve(workers=WORKERS, threads=SERVER_THREADS)
    counts = run_load(server, ["assassination-le"], games=1, title="one game")
    assert counts["stale (412)"] > 0 and counts["conflict (409)"] + counts["refused by the rules (422)"] > 0, (
        f"the clients never raced each other: {counts}")


def test_many_clients_on_many_games(serve):
    server = serve(workers=WORKERS, threads=SERVER_THREADS)
    run_load(server, ["assassination-le", "project-assassination", "infection", "correction"], games=24, title="many games")
