"""Every benchmark of ludolog in one run, printed as Markdown tables (ready for the guide's page
``explanation/benchmarks.md``).

    python tests/benchmarks/report.py                      # SQLite, and PostgreSQL if LUDOLOG_TEST_POSTGRES is set
    python tests/benchmarks/report.py --postgres postgresql://postgres@127.0.0.1:5432/test
    python tests/benchmarks/report.py --quick --no-postgres   # tiny sizes: a smoke test of the runner
    python tests/benchmarks/report.py --write-guide          # and its tables written into the guide's page

What it measures (tables on stdout, progress on stderr):

1. Commands through HTTP and through the service, for games of about 10, 1,000 and 10,000 events,
   on SQLite and on PostgreSQL. HTTP: ``ludolog serve`` (waitress, 4 threads) in a child process on
   loopback, one kept-alive connection; the timed part is one ``POST /games/{id}/commands`` answered
   201. Service: ``GameService.submit`` in this process on the same kind of store. The next command
   is chosen outside the timed part, from a copy of the game kept in memory; HTTP and service
   commands are sent in alternating turns of 50. Then, per store, throughput with 8 client threads,
   each on its own games: ``ludolog serve`` in one process, and ``--workers 3`` (gunicorn).
2. Replays of a game of about 10,000 events: opening a cursor, ``goto`` random steps, full forward
   and backward sweeps, and every export format.
3. The Markdown design diary of games of about 100 events (its charts embedded, as the API serves
   it): built for a game version not asked for before, then asked for again (cached).
4. Random games of every ruleset: games per second in memory and through the service on SQLite,
   commands per game, and random commands per second through the service and through HTTP on SQLite.

Games of a given size are Project Assassination games (round limit 5,000, so they never end)
where every command ends the turn or places the drawn enemy on the first square allowed: about two
events a command. Each store is new and empty: a SQLite file in a temporary folder, or a new
schema of the PostgreSQL database, dropped afterwards. Nothing here asserts on a time.
"""

from __future__ import annotations

import argparse
import datetime
import http.client
import json
import math
import os
import platform
import queue
import random
import re
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Self

import guide_pages  # noqa: I001 -- the runner's own modules, beside it
import peer
import targets
from startup import help_seconds
from targets import Found

from domain.engine import registry
from domain.engine.commands import Command
from domain.engine.game import Game
from domain.engine.ruleset import Ruleset
from domain.keeping.service import GameService
from domain.keeping.store import describe_store, store_env
from domain.thinking.bots import RandomBot, play_random_game

LUDOLOG = [sys.executable, "-c", "from cli.main import main; main()"]
"""The ``ludolog`` command of the installed package, run by this interpreter."""

SERVER_ENV = {"LUDOLOG_RATE_LIMIT_PER_TOKEN": "off", "LUDOLOG_RATE_LIMIT_PER_ADDRESS": "off", "PYTHONUNBUFFERED": "1"}
"""Rate limits off: the benchmark clients send far more than a player would."""

SERVER_THREADS = 4
SIZED_RULES = "project-assassination"
SIZED_ROUND_LIMIT = 5000  # the most the ruleset allows: about 20,000 events, never reached here
EXPORTS = ("ndjson", "json", "csv", "md", "html")
DIARY_RULES = "infection"  # long games whose numbers change: a chart each
DIARY_EVENTS = 100


class BenchmarkError(Exception):
    """Something went wrong while measuring (a refused command, a server that did not start)."""


# -- sizes -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sizes:
    """How much each benchmark does."""

    game_sizes: tuple[int, ...] = (10, 1_000, 10_000)
    """Events in the game a command is submitted to (about: each timed command adds about two)."""
    timed_commands: int = 400
    """Timed commands per cell of the HTTP and service table."""
    warmup_commands: int = 10
    """Commands before those, not timed (first connection, first loads)."""
    worker_clients: int = 8
    workers: int = 3
    commands_per_client: int = 120
    """Timed commands each client thread sends in the rows of concurrent clients (one process, then workers)."""
    replay_events: int = 10_000
    goto_steps: int = 1_000
    replay_repeats: int = 2
    """Runs of each one-off replay measurement (opening, sweeps, exports); the median is shown."""
    diary_games: int = 5
    """Games of about ``DIARY_EVENTS`` events whose diary is timed: built once each, then asked for again."""
    min_games_in_memory: int = 20
    min_seconds_in_memory: float = 2.0
    min_games_on_store: int = 3
    min_seconds_on_store: float = 2.0
    ruleset_commands: int = 300
    """Timed random commands per ruleset, through the service and through HTTP."""


FULL = Sizes()
QUICK = Sizes(
    game_sizes=(10, 100, 300), timed_commands=20, warmup_commands=2, commands_per_client=4, replay_events=300,
    goto_steps=20, replay_repeats=1, diary_games=2, min_games_in_memory=1, min_seconds_in_memory=0.0, min_games_on_store=1,
    min_seconds_on_store=0.0, ruleset_commands=10,
)


def commands_per_game(events: int) -> int:
    """Timed commands sent to one game of ``events`` events, so that it grows by about a tenth at most
    (each command adds about two events): 2 for the 10-event games, 500 for the 10,000-event one."""
    return max(2, events // 20)


# -- timings ---------------------------------------------------------------------------------------


@dataclass
class Timings:
    """Durations of single operations (seconds); ``wall`` is the elapsed time when they overlapped."""

    seconds: list[float]
    wall: float | None = None

    @property
    def rate(self) -> float:
        """Operations per second: over the wall time when they overlapped, else over their sum."""
        return len(self.seconds) / (self.wall if self.wall is not None else sum(self.seconds))

    def percentile(self, percent: float) -> float:
        ordered = sorted(self.seconds)
        return ordered[max(0, math.ceil(percent / 100 * len(ordered)) - 1)]

    @property
    def p50(self) -> float:
        return self.percentile(50)

    @property
    def p99(self) -> float:
        return self.percentile(99)

    @property
    def median(self) -> float:
        return self.p50


def timed(action: Callable[[], Any]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def repeated(action: Callable[[], Any], times: int) -> Timings:
    return Timings([timed(action) for _ in range(times)])


# -- formatting ------------------------------------------------------------------------------------


def per_second(rate: float) -> str:
    return f"{rate:,.0f}/s" if rate >= 100 else f"{rate:.3g}/s"


def duration(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    milliseconds = seconds * 1000
    if milliseconds >= 100:
        return f"{milliseconds:.0f} ms"
    return f"{milliseconds:.3g} ms" if milliseconds >= 1 else f"{milliseconds:.2f} ms"


def markdown_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def progress(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def machine_line(postgres_version: str | None) -> str:
    """CPU model and count, system, Python, SQLite (and PostgreSQL) versions, today's date."""
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    model = model or platform.processor() or platform.machine() or "unknown CPU"
    parts = [
        f"{model}, {os.cpu_count()} CPUs", f"{platform.system()} {platform.release()}",
        f"Python {platform.python_version()}", f"SQLite {sqlite3.sqlite_version}",
    ]
    if postgres_version:
        parts.append(f"PostgreSQL {postgres_version}")
    parts.append(datetime.date.today().isoformat())
    return " · ".join(parts)


# -- games kept in memory beside the store ---------------------------------------------------------

Chooser = Callable[[Game], tuple[int, Command]]
"""Picks the next seat and command for a game (outside the timed part)."""


def steady_chooser(game: Game) -> tuple[int, Command]:
    """For the sized games: end the turn, or place the drawn enemy on the first square allowed."""
    seat = game.to_act()[0]
    if game.state.phase == "placement":
        return seat, game.rules.legal_commands(game.state, seat)[0]
    return seat, {"type": "end"}


def random_chooser(seed: int = 1) -> Chooser:
    bot = RandomBot(seed)

    def choose(game: Game) -> tuple[int, Command]:
        seat = game.to_act()[0]
        return seat, bot.choose(game.rules, game.state, seat, game.version)

    return choose


@dataclass
class Table:
    """A game saved in the store, its seat tokens, and a copy in memory that follows it (same seed,
    same commands at the same versions: the same state) to choose the next command from."""

    game: Game
    tokens: list[str]

    @property
    def over(self) -> bool:
        return self.game.outcome() is not None

    def follow(self, seat: int, command: Command) -> None:
        self.game.play(seat, command, f"copy-{self.game.version}")
        self.game.collect_events()


def seats_for(rules: Ruleset, count: int | None = None) -> list[str]:
    """Seat names for a table of ``count`` players (default: the fewest the ruleset allows)."""
    return [f"P{n}" for n in range(1, (count or rules.min_seats) + 1)]


def lay_table(builder: GameService, rules: Ruleset, options: dict[str, Any], seed: str, events: int, choose: Chooser,
              players: int | None = None) -> Table:
    """A game played in memory to about ``events`` events, saved in one transaction, with tokens."""
    game = Game.start(rules, seats_for(rules, players), rules.resolve_options(options), seed)
    while game.version < events and game.outcome() is None:
        seat, command = choose(game)
        game.play(seat, command, f"c{game.version}")
    builder.save(game)
    return Table(game, builder.issue_tokens(game.id).seats)


def tables(builder: GameService, rules: Ruleset, options: dict[str, Any], prefix: str, events: int, choose: Chooser,
           players: int | None = None) -> Iterator[Table]:
    """New tables on demand: the same seeds give the same games (the HTTP and the service runs)."""
    number = 0
    while True:
        number += 1
        yield lay_table(builder, rules, options, f"{prefix}-{number}", events, choose, players)


def sized_tables(builder: GameService, events: int) -> Iterator[Table]:
    rules = registry.get(SIZED_RULES)
    return tables(builder, rules, {"round_limit": SIZED_ROUND_LIMIT}, f"sized-{events}", events, steady_chooser)


Submit = Callable[[Table, int, Command], float]
"""Sends one command for a seat of a table; returns the seconds it took (the timed part)."""


@dataclass
class Played:
    timings: Timings
    smallest: int
    largest: int
    """The fewest and most events a game had when a timed command was sent to it."""

    @staticmethod
    def joined(parts: Sequence[Played], wall: float | None = None) -> Played:
        seconds = [second for part in parts for second in part.timings.seconds]
        return Played(Timings(seconds, wall), min(part.smallest for part in parts), max(part.largest for part in parts))


class CommandStream:
    """Commands to one table after another, ``per_table`` to each (``None``: until its game ends);
    ``play`` goes on where the last call stopped."""

    def __init__(self, source: Iterator[Table], choose: Chooser, submit: Submit, per_table: int | None) -> None:
        self.source, self.choose, self.submit, self.per_table = source, choose, submit, per_table
        self.table: Table | None = None
        self.left = 0

    def play(self, count: int) -> Played:
        """Send ``count`` (at least one) commands, each timed."""
        seconds: list[float] = []
        sizes: list[int] = []
        while len(seconds) < count:
            if self.table is None or self.left == 0 or self.table.over:
                self.table, self.left = next(self.source), self.per_table or -1
            seat, command = self.choose(self.table.game)
            sizes.append(self.table.game.version)
            seconds.append(self.submit(self.table, seat, command))
            self.table.follow(seat, command)
            self.left -= 1
        return Played(Timings(seconds), min(sizes), max(sizes))


def side_by_side(streams: Sequence[CommandStream], count: int, warmup: int, chunk: int = 50) -> list[Played]:
    """``warmup`` untimed commands on each stream, then ``count`` timed ones, in turns of ``chunk``
    commands so that a change in the machine's speed touches every stream alike."""
    for stream in streams:
        if warmup:
            stream.play(warmup)
    parts: list[list[Played]] = [[] for _ in streams]
    done = 0
    while done < count:
        turn = min(chunk, count - done)
        for stream, played in zip(streams, parts):
            played.append(stream.play(turn))
        done += turn
    return [Played.joined(played) for played in parts]


def service_submitter(service: GameService) -> Submit:
    def submit(table: Table, seat: int, command: Command) -> float:
        return timed(lambda: service.submit(table.game.id, seat, command))

    return submit


# -- HTTP ------------------------------------------------------------------------------------------


class Server:
    """``ludolog serve`` in a child process on a free loopback port, stopped on leaving."""

    def __init__(self, store: str, folder: Path, workers: int = 1, env: dict[str, str] | None = None) -> None:
        self.store, self.folder, self.workers = store, folder, workers
        self.env = {**SERVER_ENV, **(env or {})}
        self.port = 0
        self.lines: list[str] = []

    def __enter__(self) -> Self:
        command = [*LUDOLOG, "serve", "--host", "127.0.0.1", "--port", "0", "--threads", str(SERVER_THREADS),
                   "--workers", str(self.workers), "--db", self.store]
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                        text=True, cwd=self.folder, env={**os.environ, **self.env})
        ready: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read_log, args=(ready,), daemon=True).start()
        deadline = time.monotonic() + 60
        while True:
            try:
                line = ready.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                line = None
            if line is None:
                self.__exit__(None, None, None)
                raise BenchmarkError(f"ludolog serve did not start: {''.join(self.lines[-20:]) or 'no output'}")
            found = re.search(r"ludolog serving .* on http://[\d.]+:(\d+)", line)
            if found:
                self.port = int(found.group(1))
                return self

    def _read_log(self, ready: queue.Queue[str | None]) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.append(line)
            ready.put(line)
        ready.put(None)

    def __exit__(self, *_: object) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def client(self) -> Client:
        return Client(self.port)


class Client:
    """One kept-alive HTTP connection to the server."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def submit(self, table: Table, seat: int, command: Command) -> float:
        path = f"/games/{table.game.id}/commands"
        body = json.dumps({"command": command})
        headers = {"Content-Type": "application/json", "Authorization": f"Bearer {table.tokens[seat - 1]}"}
        start = time.perf_counter()
        try:
            self.connection.request("POST", path, body=body, headers=headers)
            response = self.connection.getresponse()
            answer = response.read()
        except (OSError, http.client.HTTPException) as error:
            raise BenchmarkError(f"POST {path} got no answer: {error!r}") from error
        took = time.perf_counter() - start
        if response.status != 201:
            raise BenchmarkError(f"POST {path} answered {response.status}: {answer[:500]!r}")
        return took

    def close(self) -> None:
        self.connection.close()


def concurrent_commands(server: Server, builder: GameService, sizes: Sizes) -> Played:
    """``worker_clients`` threads, each with its own connection and its own games of about 10 events
    (4 commands each), sending commands as fast as they are answered; the rate is over the wall time."""
    per_table = 4
    source = sized_tables(builder, 8)
    laid = math.ceil((sizes.warmup_commands + sizes.commands_per_client) / per_table) + 1  # laid before the clients start
    clients = [server.client() for _ in range(sizes.worker_clients)]
    streams = [CommandStream(iter([next(source) for _ in range(laid)]), steady_chooser, client.submit, per_table)
               for client in clients]

    def in_threads(count: int) -> Played:
        results: list[Played | Exception] = [BenchmarkError("not run")] * len(streams)
        start = threading.Barrier(len(streams) + 1)

        def run(number: int) -> None:
            try:
                start.wait()
                results[number] = streams[number].play(count)
            except Exception as error:  # noqa: BLE001 (reported by the main thread)
                results[number] = error

        threads = [threading.Thread(target=run, args=(number,)) for number in range(len(streams))]
        for thread in threads:
            thread.start()
        start.wait()
        began = time.perf_counter()
        for thread in threads:
            thread.join()
        wall = time.perf_counter() - began
        for result in results:
            if isinstance(result, Exception):
                raise BenchmarkError(f"a client failed: {result!r}") from result
        return Played.joined([result for result in results if isinstance(result, Played)], wall)

    try:
        if sizes.warmup_commands:
            in_threads(sizes.warmup_commands)  # every client connects, every worker loads the app
        return in_threads(sizes.commands_per_client)
    finally:
        for client in clients:
            client.close()


# -- stores ----------------------------------------------------------------------------------------


@dataclass
class Store:
    name: str
    """``SQLite`` or ``PostgreSQL``, for the tables."""
    location: str
    """The store string (``domain.keeping.store``)."""

    def service(self) -> GameService:
        return GameService(env=store_env(self.location))


@contextmanager
def open_service(store: Store) -> Iterator[GameService]:
    service = store.service()
    try:
        yield service
    finally:
        service.close()


@contextmanager
def postgres_schema(base_url: str) -> Iterator[tuple[str, str]]:
    """A store URL on a new, empty schema of the database at ``base_url``, and the server's version;
    the schema is dropped afterwards."""
    import psycopg

    schema = f"ludolog_bench_{uuid.uuid4().hex[:12]}"
    url = f"{base_url}{'&' if '?' in base_url else '?'}schema={schema}"

    def connect() -> psycopg.Connection[Any]:
        return psycopg.connect(base_url, autocommit=True, connect_timeout=10)  # libpq reads the same URL

    try:
        with connect() as connection:
            connection.execute(f'CREATE SCHEMA "{schema}"')
            row = connection.execute("SHOW server_version").fetchone()
    except psycopg.Error as error:
        raise BenchmarkError(f"no schema could be made in PostgreSQL at {describe_store(base_url)}: {error}") from None
    try:
        yield url, (row[0].split()[0] if row else "?")
    finally:
        with connect() as connection:
            connection.execute(f'DROP SCHEMA "{schema}" CASCADE')


# -- 1. commands through HTTP and through the service ----------------------------------------------


@dataclass
class CommandRow:
    store: str
    game: str
    http: Timings
    service: Timings | None


def commands_rows(store: Store, folder: Path, sizes: Sizes) -> list[CommandRow]:
    rows: list[CommandRow] = []
    with open_service(store) as builder, open_service(store) as service:
        with Server(store.location, folder) as server:
            for events in sizes.game_sizes:
                progress(f"{store.name}: commands to games of {events:,} events, through HTTP and the service")
                per_table = commands_per_game(events)
                client = server.client()
                try:
                    http, direct = side_by_side([
                        CommandStream(sized_tables(builder, events), steady_chooser, client.submit, per_table),
                        CommandStream(sized_tables(builder, events), steady_chooser, service_submitter(service), per_table),
                    ], sizes.timed_commands, sizes.warmup_commands)
                finally:
                    client.close()
                low, high = min(http.smallest, direct.smallest), max(http.largest, direct.largest)
                rows.append(CommandRow(store.name, f"{events:,} ({low:,}–{high:,})", http.timings, direct.timings))
        for workers in (1, sizes.workers):  # one process for comparison, then several
            how = "one process" if workers == 1 else f"`--workers {workers}`"
            progress(f"{store.name}: {sizes.worker_clients} clients at once, ludolog serve --workers {workers}")
            with Server(store.location, folder, workers=workers) as server:
                together = concurrent_commands(server, builder, sizes)
            game = f"games of {together.smallest}–{together.largest} events, {sizes.worker_clients} clients, {how}"
            rows.append(CommandRow(store.name, game, together.timings, None))
    return rows


def commands_table(rows: list[CommandRow]) -> str:
    headers = ["store", "events in the game (range while timed)", "HTTP commands/s", "HTTP p50", "HTTP p99",
               "service commands/s", "service p50", "service p99", "HTTP ÷ service, time per command"]
    body = []
    for row in rows:
        cells = [row.store, row.game, per_second(row.http.rate), duration(row.http.p50), duration(row.http.p99)]
        if row.service is None:
            cells += ["—"] * 4
        else:
            cells += [per_second(row.service.rate), duration(row.service.p50), duration(row.service.p99),
                      f"{row.service.rate / row.http.rate:.1f}×"]
        body.append(cells)
    return markdown_table(headers, body)


# -- 2. replays ------------------------------------------------------------------------------------


def replay_measures(store: Store, folder: Path, sizes: Sizes, found: Found | None = None) -> tuple[int, dict[str, str]]:
    """The game's number of events, and each replay measurement as shown in the table (and, given ``found``,
    the figures the targets are about)."""
    from replays import records
    from replays.cursor import Cursor
    from replays.diary import to_markdown
    from replays.page import to_html

    progress(f"{store.name}: replays of a game of about {sizes.replay_events:,} events")
    rules = registry.get(SIZED_RULES)
    round_limit = max(1, math.ceil(sizes.replay_events / 4))  # about four events a round
    game = Game.start(rules, seats_for(rules), rules.resolve_options({"round_limit": round_limit}), "replayed")
    while game.outcome() is None:
        seat, command = steady_chooser(game)
        game.play(seat, command, f"c{game.version}")
    with open_service(store) as builder:
        builder.save(game)
    measures: dict[str, str] = {}
    with open_service(store) as service:  # a new service: nothing of the game in its cache
        game_id = game.id
        measures["open a cursor (read every event, a checkpoint every 64)"] = duration(
            repeated(lambda: Cursor(service, game_id), sizes.replay_repeats).median)
        cursor = Cursor(service, game_id)
        chooser = random.Random(1)
        steps = repeated(lambda: cursor.goto(chooser.randint(1, cursor.total)), sizes.goto_steps)
        measures["`goto` a random step, p50 / p99"] = f"{duration(steps.p50)} / {duration(steps.p99)}"

        def forward() -> None:
            cursor.first()
            while cursor.position < cursor.total:
                cursor.next()

        def backward() -> None:
            cursor.last()
            while cursor.position > 1:
                cursor.prev()

        forward_seconds = repeated(forward, sizes.replay_repeats).median
        backward_seconds = repeated(backward, sizes.replay_repeats).median
        measures["full forward sweep, step by step"] = duration(forward_seconds)
        measures["full backward sweep, step by step"] = duration(backward_seconds)
        if found is not None:
            found.sweep, found.slowest_goto = forward_seconds + backward_seconds, max(steps.seconds)
        exports: dict[str, Callable[[], Any]] = {
            "ndjson": lambda: records.to_ndjson(service, game_id),
            "json": lambda: records.to_json(service, game_id),
            "csv": lambda: records.to_csv(service, game_id),
            "md": lambda: to_markdown(service, game_id, images_dir=folder / "charts"),
            "html": lambda: to_html(service, game_id),
        }
        for form in EXPORTS:
            label = f"export {form}" + (" (with its charts as SVG files)" if form == "md" else "")
            seconds = repeated(exports[form], sizes.replay_repeats).median
            measures[label] = duration(seconds)
            if found is not None:
                found.exports[form] = seconds
        measures["export html: size"] = f"{len(to_html(service, game_id).encode()) / 1e6:.2f} MB"
    return game.version, measures


def replays_table(results: list[tuple[Store, dict[str, str]]]) -> str:
    headers = ["what", *(store.name for store, _ in results)]
    rows = [[what, *(measures[what] for _, measures in results)] for what in results[0][1]]
    return markdown_table(headers, rows)


# -- 3. the design diary ----------------------------------------------------------------------------


def diary_measures(store: Store, sizes: Sizes) -> dict[str, str]:
    """The embedded Markdown diary of games of about ``DIARY_EVENTS`` events: built, then cached."""
    from replays.diary import to_markdown

    progress(f"{store.name}: design diaries of {sizes.diary_games} games of about {DIARY_EVENTS} events")
    rules = registry.get(DIARY_RULES)
    with open_service(store) as service:
        game_ids = []
        for n in range(sizes.diary_games):
            game_id = service.create_game(rules.name, seats_for(rules), seed=f"diary-{n}")
            for _ in service.play_bots(game_id, bot_seed=n):
                if service.game(game_id).version >= DIARY_EVENTS:
                    break
            game_ids.append(game_id)
        built = Timings([timed(lambda game_id=game_id: to_markdown(service, game_id)) for game_id in game_ids])
        cached = Timings([timed(lambda game_id=game_id: to_markdown(service, game_id)) for game_id in game_ids])
        events = sorted(service.game(game_id).version for game_id in game_ids)
    return {
        f"built: a game version not asked for before ({events[0]}–{events[-1]} events), median / slowest":
            f"{duration(built.median)} / {duration(max(built.seconds))}",
        "asked for again: from the cache, median": duration(cached.median),
    }


def import_seconds(module: str) -> float:
    """How long importing ``module`` takes in a new interpreter (what the first chart of a process pays)."""
    code = f"import time; began = time.perf_counter(); import {module}; print(time.perf_counter() - began)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BenchmarkError(f"importing {module} failed: {done.stderr.strip()}")
    return float(done.stdout)


# -- 4. random games per ruleset -------------------------------------------------------------------


def until_enough(action: Callable[[int], Any], min_count: int, min_seconds: float) -> tuple[int, float, list[Any]]:
    """Run ``action(n)`` for n = 0, 1, ... until both ``min_count`` runs and ``min_seconds`` are done."""
    results: list[Any] = []
    start = time.perf_counter()
    while len(results) < min_count or time.perf_counter() - start < min_seconds:
        results.append(action(len(results)))
    return len(results), time.perf_counter() - start, results


def ruleset_rows(folder: Path, sizes: Sizes) -> list[list[str]]:
    store = Store("SQLite", str(folder / "rulesets.sqlite3"))
    with open_service(store) as builder, open_service(store) as service, Server(store.location, folder) as server:
        return [ruleset_row(rules, players, builder, service, server, sizes) for rules, players in ruleset_tables()]


def ruleset_tables() -> list[tuple[Ruleset, int]]:
    """Each ruleset with its fewest and its most players."""
    return [(rules, count) for rules in registry.all_rulesets() for count in sorted({rules.min_seats, rules.max_seats})]


def ruleset_row(rules: Ruleset, players: int, builder: GameService, service: GameService, server: Server,
                sizes: Sizes) -> list[str]:
    progress(f"random games of {rules.name}, {players} players")
    seats = seats_for(rules, players)
    count, seconds, lengths = until_enough(
        lambda n: len(play_random_game(rules, seats, {}, f"memory-{n}", bot_seed=n).commands),
        sizes.min_games_in_memory, sizes.min_seconds_in_memory)
    commands = sum(lengths) / count

    def on_store(n: int) -> None:
        game_id = service.create_game(rules.name, seats, seed=f"store-{n}")
        for _ in service.play_bots(game_id, bot_seed=n):
            pass

    stored_count, stored_seconds, _ = until_enough(on_store, sizes.min_games_on_store, sizes.min_seconds_on_store)
    client = server.client()
    try:
        direct, http = side_by_side([
            CommandStream(tables(builder, rules, {}, f"{rules.name}-{players}-random", 0, random_chooser(), players),
                          random_chooser(), service_submitter(service), None),
            CommandStream(tables(builder, rules, {}, f"{rules.name}-{players}-random", 0, random_chooser(), players),
                          random_chooser(), client.submit, None),
        ], sizes.ruleset_commands, sizes.warmup_commands)
    finally:
        client.close()
    return [
        f"`{rules.name}`", str(players), f"{commands:.0f} ({count} games)", per_second(count / seconds),
        per_second(stored_count / stored_seconds),
        f"{per_second(direct.timings.rate)}, p50 {duration(direct.timings.p50)}",
        f"{per_second(http.timings.rate)}, p50 {duration(http.timings.p50)}",
    ]


def targets_table(rows: list[list[str]]) -> str:
    return markdown_table(["measure", "target", "measured", "verdict"], rows)


def rulesets_table(rows: list[list[str]]) -> str:
    headers = ["ruleset", "players", "commands per game (mean)", "random games/s in memory", "random games/s through the service on SQLite",
               "random commands/s through the service on SQLite", "random commands/s through HTTP on SQLite"]
    return markdown_table(headers, rows)


# -- the report ------------------------------------------------------------------------------------


def guide_headers() -> dict[str, list[str]]:
    """The header row of each table ``--write-guide`` writes (the page's markers name them), as the table
    functions make them, without measuring: the stores of a run with PostgreSQL."""
    both = [(Store("SQLite", ""), {}), (Store("PostgreSQL", ""), {})]
    return {name: guide_pages.header(text) for name, text in {
        "targets": targets_table([]), "commands": commands_table([]), "replays": replays_table(both),
        "diary": replays_table(both), "rulesets": rulesets_table([])}.items()}


def report(sizes: Sizes, postgres_url: str | None, skip_reason: str, folder: Path,
           guide: dict[str, str] | None = None) -> str:
    """The whole report; ``guide``, when given, gets each of the guide page's tables by its marker's name (and
    ``machine``: the machine line without its date)."""
    began = time.perf_counter()
    with ExitStack() as stack:
        stores = [Store("SQLite", str(folder / "games.sqlite3"))]
        postgres_version = None
        if postgres_url:
            url, postgres_version = stack.enter_context(postgres_schema(postgres_url))
            stores.append(Store("PostgreSQL", url))
            progress(f"PostgreSQL {postgres_version}: {describe_store(url)}")
        else:
            progress(f"PostgreSQL: not measured: {skip_reason}")
        command_rows = [row for store in stores for row in commands_rows(store, folder, sizes)]
        found = Found(help_seconds=help_seconds(runs=3 if sizes == QUICK else 10))
        for command_row in command_rows:
            if command_row.store == "SQLite" and command_row.service is not None:
                found.http_over_service.append(command_row.http.rate / command_row.service.rate)
                found.p99_http_largest = command_row.http.p99
        replays = []
        replay_events = 0
        for store in stores:
            replay_events, measures = replay_measures(store, folder, sizes, found if store.name == "SQLite" else None)
            replays.append((store, measures))

        diaries = [(store, diary_measures(store, sizes)) for store in stores]
    ruleset_table = rulesets_table(ruleset_rows(folder, sizes))
    # last: the trivial game it registers is no ruleset of the project's
    target_rows = targets.table(found, folder, 100 if sizes == QUICK else peer.WINDOWS[-1][1], with_node=sizes != QUICK,
                                quick=sizes == QUICK)
    mode = "quick sizes (a smoke test, not a measurement)" if sizes == QUICK else "full sizes"
    pygal_seconds = import_seconds("pygal")
    lines = [
        "# ludolog benchmarks", "",
        machine_line(postgres_version) + f" · {mode}", "",
    ]
    if not postgres_url:
        lines += [f"PostgreSQL not measured: {skip_reason}.", ""]
    lines += [
        "## Targets", "",
        ("Each target of the service's speed beside what this run measured (SQLite; the largest game of the "
         "commands table; the replay and export rows below; the peer ratios on a trivial game, moves 0–100 and "
         "5,000–5,100, each side the median of three runs, the lower window judged)."), "",
        targets_table(target_rows), "",
        "## Commands through HTTP and through the service", "",
        (f"One command at a time to games of {SIZED_RULES} of about the given number of events "
         f"({sizes.timed_commands} timed commands a row; HTTP: `ludolog serve`, {SERVER_THREADS} threads, one "
         "kept-alive connection on loopback; service: `GameService.submit` in the benchmark's process). "
         f"The last two rows of each store: {sizes.worker_clients} client threads at once, "
         f"{sizes.commands_per_client} commands each, to `ludolog serve` in one process and with "
         f"`--workers {sizes.workers}` (gunicorn, {SERVER_THREADS} threads each); commands/s over the wall time."), "",
        commands_table(command_rows), "",
        f"## Replays of a game of {replay_events:,} events", "",
        f"Median of {sizes.replay_repeats} run(s) each; `goto` over {sizes.goto_steps:,} random steps.", "",
        replays_table(replays), "",
        f"## The design diary of a game of about {DIARY_EVENTS} events", "",
        (f"`GET /games/{{id}}/export?format=md` without HTTP: `to_markdown` with its charts embedded, for "
         f"{sizes.diary_games} random games of {DIARY_RULES}, each built once, then asked for again. Importing "
         f"pygal, once in a process with its first chart, took {duration(pygal_seconds)} more."), "",
        replays_table(diaries), "",
        "## Random games per ruleset", "",
        (f"Random bots in every seat, each ruleset with its fewest and its most players; {sizes.ruleset_commands} timed "
         "random commands a row through the service and through HTTP."), "",
        ruleset_table, "",
        f"Measured in {time.perf_counter() - began:.0f} s.",
    ]
    if guide is not None:
        guide.update({
            "machine": machine_line(postgres_version).rsplit(" · ", 1)[0],
            "targets": targets_table(target_rows),
            "commands": commands_table(command_rows),
            "replays": replays_table(replays),
            "diary": replays_table(diaries) + "\n\nImporting pygal, once in a process with its first chart, took "
                     f"{duration(pygal_seconds)} more.",
            "rulesets": ruleset_table + f"\n\nThe whole run took {time.perf_counter() - began:.0f} s.",
        })
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--postgres", metavar="URL", default=os.environ.get("LUDOLOG_TEST_POSTGRES", ""),
                        help="a PostgreSQL database to measure in a new schema, dropped afterwards "
                             "(postgresql://user@host:port/dbname; default: $LUDOLOG_TEST_POSTGRES)")
    parser.add_argument("--no-postgres", action="store_true", help="leave PostgreSQL out even when a URL is set")
    guide_pages.add_options(parser)
    options = guide_pages.parse(parser, argv)
    sizes = QUICK if options.quick else FULL
    postgres_url = None if options.no_postgres else options.postgres or None
    if options.no_postgres:
        skip_reason = "--no-postgres was given"
    else:
        skip_reason = "no --postgres URL given and LUDOLOG_TEST_POSTGRES is not set"
    with tempfile.TemporaryDirectory(prefix="ludolog-bench-") as folder:
        guide: dict[str, str] = {}
        try:
            print(report(sizes, postgres_url, skip_reason, Path(folder), guide))
        except BenchmarkError as error:
            print(f"benchmark failed: {error}", file=sys.stderr)
            return 1
    if options.write_guide:
        on = guide.pop("machine")
        guide_pages.report_written(guide_pages.write("report.py", guide, argv, on=on))
    return 0


if __name__ == "__main__":
    sys.exit(main())
