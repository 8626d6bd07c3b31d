"""How many live event streams one server holds, and what they cost: printed as Markdown tables.

    python tests/benchmarks/streams.py                     # SQLite, and PostgreSQL if LUDOLOG_TEST_POSTGRES is set
    python tests/benchmarks/streams.py --postgres postgresql://postgres@127.0.0.1:5432/test
    python tests/benchmarks/streams.py --quick --no-postgres   # tiny sizes: a smoke test of the runner
    python tests/benchmarks/streams.py --write-guide           # and its table written into the guide's page

For each store, ``ludolog serve`` with its defaults (16 threads, the stream limits; one process on
SQLite, ``--workers 3`` on PostgreSQL) but the rate limits, which are off (the one player sends far
more requests than a person), on a new, empty store with 50 games of Correction. Spectator streams are opened on
the games evenly, from thirty loopback addresses (a class is many addresses; each stays under the
per-address limit), and read by one thread of this process. One client plays commands on the games
in turn, one at a time over one kept-alive connection, with 0, 100, 1,000 and then 5,000 streams
open (the most one process holds by default):

- **command p50 / p99**: the time of ``POST /games/{id}/commands`` answered 201 (reading the turn and
  the legal commands before it is not timed);
- **to the last stream p50 / p99**: from the command's answer to the moment its last event had
  reached every stream of its game (0 when the streams had it before the answer was read);
- **memory per stream**: the server's resident memory (all workers) with the streams open, less
  before they were opened, over the number of streams;
- **idle**: with the streams open and nothing played for ``idle_seconds``, what the store was asked
  per second (PostgreSQL: scans of the stored events tables, from ``pg_stat_user_tables``, after
  waiting for every backend to report its statistics; SQLite: the server's read system calls, from
  ``/proc/PID/io``, which the store's reads of its file are) and the server's CPU seconds per second.

Nothing here asserts on a time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1] / "load"),
                str(Path(__file__).resolve().parents[1])]

import guide_pages  # noqa: E402
import stores  # noqa: E402
from harness import ApiClient, ServedApi, game_path  # noqa: E402
from sse import OpenStream, read_all  # noqa: E402
from stores import fresh_store  # noqa: E402


@dataclass(frozen=True)
class Sizes:
    games: int
    levels: tuple[int, ...]
    commands: int
    idle_seconds: float
    addresses: int


FULL = Sizes(games=50, levels=(0, 100, 1000, 5000), commands=400, idle_seconds=10.0, addresses=30)
QUICK = Sizes(games=5, levels=(0, 20), commands=10, idle_seconds=1.0, addresses=2)

STATISTICS_DELAY = 11.0
"""PostgreSQL's backends report their statistics when idle, at most every 10 s: a count read sooner
can hold reads made before the window."""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summed(pids: list[int], name: str, field: str) -> int:
    """A whole-number field of ``/proc/PID/<name>`` added up over the processes."""
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/{name}").read_text().splitlines():
            if line.startswith(field + ":"):
                total += int(line.split()[1])
    return total


def resident_kib(pids: list[int]) -> int:
    return summed(pids, "status", "VmRSS")


def read_calls(pids: list[int]) -> int:
    return summed(pids, "io", "syscr")


def cpu_seconds(pids: list[int]) -> float:
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


class Reader(threading.Thread):
    """Reads every open stream until stopped; streams may be added between rounds."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.streams: list[OpenStream] = []
        self.stop = threading.Event()

    def run(self) -> None:
        read_all(list(self.streams), self.stop.is_set, stall=3600.0)


class Bench:
    def __init__(self, store: str, workers: int, sizes: Sizes, log_dir: Path) -> None:
        self.sizes = sizes
        self.server = ServedApi(store, log_dir, workers=workers, threads=16, env={"LUDOLOG_RATE_LIMIT_PER_TOKEN": "off"})
        self.server.start()
        self.client = ApiClient(self.server, reconnect_every=10**9)
        self.games = []
        for n in range(sizes.games):
            answer = self.client.call("POST", "/games", {"ruleset": "correction", "seats": ["Ana", "Ben"], "seed": f"s{n}"})
            assert answer.status == 201, answer
            self.games.append(answer.body)
        self.turn = 0

    def play(self, count: int) -> list[tuple[str, int, float, float]]:
        """Play ``count`` commands: (game id, version after, seconds to answer, when answered)."""
        played = []
        while len(played) < count:
            game = self.games[self.turn % len(self.games)]
            self.turn += 1
            token = game["owner_token"]
            state = self.client.call("GET", game_path(game["id"]), token=token).body
            if state["status"] == "over":
                continue
            seat = state["to_act"][0]
            legal = self.client.call("GET", game_path(game["id"], "legal-commands", seat=seat), token=token).body
            if not legal["commands"]:
                continue
            body = {"command": legal["commands"][0], "seat": seat}
            began = time.monotonic()
            answer = self.client.call("POST", game_path(game["id"], "commands"), body, token=token)
            answered = time.monotonic()
            assert answer.status == 201, answer
            played.append((game["id"], answer.body["version"], answered - began, answered))
        return played

    def open(self, count: int) -> list[OpenStream]:
        streams = []
        versions = {game["id"]: self.client.call("GET", game_path(game["id"])).body["version"] for game in self.games}
        for n in range(count):
            game = self.games[n % len(self.games)]
            source = f"127.0.0.{10 + n % self.sizes.addresses}"
            version = versions[game["id"]]
            streams.append(OpenStream(self.server.host, self.server.port,
                                      game_path(game["id"], "events", "stream", after=version), None, source))
        read_all(streams, lambda: all(s.status is not None for s in streams), stall=120.0)
        assert all(s.status == 200 for s in streams), [s.body[:200] for s in streams if s.status != 200][:3]
        return streams

    def idle(self, postgres_url: str | None) -> str:
        """What the store was asked per second and the server's CPU seconds per second while nothing
        is played."""
        pids = self.server.worker_pids()
        if postgres_url is not None:
            time.sleep(0.5 if self.sizes is QUICK else STATISTICS_DELAY)
        asked_before, cpu_before = scans(postgres_url) if postgres_url else read_calls(pids), cpu_seconds(pids)
        time.sleep(self.sizes.idle_seconds)
        if postgres_url is not None:
            time.sleep(0.5 if self.sizes is QUICK else STATISTICS_DELAY)
        asked_after, cpu_after = scans(postgres_url) if postgres_url else read_calls(pids), cpu_seconds(pids)
        asked = (asked_after - asked_before) / self.sizes.idle_seconds
        what = "table scans/s" if postgres_url else "read calls/s"
        return f"{asked:.1f} {what}, {(cpu_after - cpu_before) / self.sizes.idle_seconds:.3f} CPU s/s"


def scans(url: str) -> int:
    """Scans of the stored events tables so far (PostgreSQL's statistics)."""
    import psycopg

    schema = dict(part.split("=", 1) for part in url.split("?", 1)[1].split("&"))["schema"]
    base = url.split("?", 1)[0]
    with psycopg.connect(base, autocommit=True) as connection:
        row = connection.execute(
            "SELECT coalesce(sum(coalesce(seq_scan, 0) + coalesce(idx_scan, 0)), 0) FROM pg_stat_user_tables "
            "WHERE schemaname = %s AND relname LIKE %s", (schema, "%events")).fetchone()
    return int(row[0]) if row else 0


def measure(kind: str, url: str, sizes: Sizes, log_dir: Path) -> list[list[str]]:
    workers = 3 if kind == "PostgreSQL" else 1
    bench = Bench(url, workers, sizes, log_dir)
    rows = []
    try:
        bench.play(min(20, sizes.commands))  # warm up
        pids = bench.server.worker_pids()
        base_memory = resident_kib(pids)
        open_now: list[OpenStream] = []
        for level in sizes.levels:
            open_now += bench.open(level - len(open_now))
            memory = resident_kib(pids)
            idle = bench.idle(url if kind == "PostgreSQL" else None)
            reader = Reader()
            reader.streams = open_now
            reader.start()
            played = bench.play(sizes.commands)
            delays = []
            if open_now:
                by_game: dict[str, list[OpenStream]] = {}
                for stream in open_now:
                    by_game.setdefault(stream.path.split("/")[2], []).append(stream)
                deadline = time.monotonic() + 60
                while time.monotonic() < deadline and not all(
                        version in s.arrived for game, version, _, _ in played for s in by_game.get(game, [])):
                    time.sleep(0.05)
                for game, version, _, answered in played:
                    arrivals = [s.arrived.get(version) for s in by_game.get(game, [])]
                    if arrivals:
                        assert None not in arrivals, f"an event never reached a stream of game {game}"
                        delays.append(max(0.0, max(arrivals) - answered))  # type: ignore[type-var]
            reader.stop.set()
            reader.join()
            seconds = [p[2] for p in played]
            rows.append([
                kind, str(workers), f"{level:,}", f"{statistics.median(seconds) * 1000:.1f} / {percentile(seconds, 0.99) * 1000:.1f}",
                f"{statistics.median(delays) * 1000:.1f} / {percentile(delays, 0.99) * 1000:.1f}" if delays else "—",
                f"{(memory - base_memory) / level:.1f}" if level else "—", idle])
        for stream in open_now:
            stream.close()
    finally:
        bench.client.close()
        bench.server.stop()
    return rows


def table(rows: list[list[str]]) -> str:
    header = ["store", "processes", "streams open", "command p50 / p99 (ms)", "to the last stream p50 / p99 (ms)",
              "memory per stream (KiB)", "idle: store asked, server CPU"]
    return "\n".join(["| " + " | ".join(header) + " |", "|" + "---|" * len(header)] + ["| " + " | ".join(row) + " |" for row in rows])


def guide_headers() -> dict[str, list[str]]:
    """The header row of the table ``--write-guide`` writes, as its function makes it, without measuring."""
    return {"streams": guide_pages.header(table([]))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--postgres", default=os.environ.get("LUDOLOG_TEST_POSTGRES", ""), help="a PostgreSQL URL to measure on too")
    parser.add_argument("--no-postgres", action="store_true")
    guide_pages.add_options(parser)
    args = guide_pages.parse(parser)
    sizes = QUICK if args.quick else FULL
    stores.POSTGRES_URL = args.postgres
    print("# Live event streams\n")
    print(f"{os.cpu_count()} CPUs · Python {sys.version.split()[0]} · {time.strftime('%Y-%m-%d')} · "
          f"{sizes.games} games, {sizes.commands} commands a row, streams from {sizes.addresses} addresses\n")
    rows = []
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        log_dir = Path(folder)
        kinds = [("SQLite", "sqlite")] + ([] if args.no_postgres or not args.postgres else [("PostgreSQL", "postgres")])
        for kind, store in kinds:
            url = stack.enter_context(fresh_store(store, log_dir))
            print(f"measuring {kind}…", file=sys.stderr)
            rows += measure(kind, url, sizes, log_dir)
    if args.no_postgres or not args.postgres:
        print("PostgreSQL not measured: " + ("--no-postgres was given." if args.no_postgres else "no --postgres URL.") + "\n")
    print("## Commands and event delivery with streams open\n")
    print(table(rows))
    if args.write_guide:
        guide_pages.report_written(guide_pages.write("streams.py", {"streams": table(rows)}))


if __name__ == "__main__":
    main()
