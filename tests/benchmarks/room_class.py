"""What a class of thirty in one room costs one server: the joins at once, then the room's pages polling.

    python tests/benchmarks/room_class.py                  # SQLite, and PostgreSQL if LUDOLOG_TEST_POSTGRES is set
    python tests/benchmarks/room_class.py --quick --no-postgres   # tiny sizes: a smoke test of the runner
    python tests/benchmarks/room_class.py --write-guide    # and its table written into the guide's page

For each store, ``ludolog serve`` with its defaults (the rate limits and the room joins' budget on: a class sits
behind one address, and so does this benchmark; one process on SQLite, ``--workers 3`` on PostgreSQL) on a new
store. A room of Correction at tables of two is opened; thirty students (threads, each its own kept-alive
connection, all from one address) press **Join** at the same moment, each twice (the second press sends the
device's token, as the student's page does), and then the room's pages poll as the web app's do for
``seconds``: each student's page ``GET /rooms/{code}/me`` every 2 s, the projector ``GET /rooms/{code}`` and the
teacher's dashboard ``GET /rooms/{code}/dashboard`` every 2 s.

- **joins**: the seconds from the first join sent to the last answered, the p50 / max of one join, and how
  they were answered (every first press 201, every second 200);
- **polls p50 / p99**: the time of the pages' reads while the class polls;
- **requests/s, server CPU**: what the polling asked of the server per second, and the server's CPU seconds
  per second meanwhile (all its processes): the share of one core that a class's open room pages hold.

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
from collections import Counter
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1] / "load"),
                str(Path(__file__).resolve().parents[1])]

import guide_pages  # noqa: E402
from harness import ApiClient, ServedApi  # noqa: E402
from stores import fresh_store  # noqa: E402

POLL_SECONDS = 2.0
"""How often each of the room's pages reads (``POLL_MS`` in the web app's room pages)."""


@dataclass(frozen=True)
class Sizes:
    students: int
    seconds: float


FULL, QUICK = Sizes(students=30, seconds=20.0), Sizes(students=4, seconds=2.0)


@dataclass
class Row:
    store: str
    processes: int
    students: int
    join_seconds: float
    join_p50: float
    join_max: float
    answers: str
    poll_p50: float
    poll_p99: float
    per_second: float
    cpu: float


def measure(kind: str, store: str, sizes: Sizes, folder: Path) -> Row:
    workers = 3 if kind == "postgres" else 1
    server = ServedApi(store, folder, workers=workers, threads=16)
    server.start()
    try:
        teacher = ApiClient(server)
        opened = teacher.call("POST", "/rooms", {"ruleset": "correction", "seats_per_table": 2})
        code, token = opened.body["code"], opened.body["teacher_token"]
        joins: list[float] = []
        answered: Counter[int] = Counter()
        devices: list[str] = []
        lock = threading.Lock()
        barrier = threading.Barrier(sizes.students)

        def join(number: int) -> None:
            client = ApiClient(server)
            barrier.wait()
            started = time.perf_counter()
            first = client.call("POST", f"/rooms/{code}/students", {"name": f"Student {number + 1}"})
            took = time.perf_counter() - started
            again = client.call("POST", f"/rooms/{code}/students", {"name": f"Student {number + 1}"},
                                token=first.body.get("device_token") if isinstance(first.body, dict) else None)
            with lock:
                joins.append(took)
                answered.update([first.status, again.status])
                if first.status == 201:
                    devices.append(first.body["device_token"])
            client.close()

        began = time.perf_counter()
        _run([threading.Thread(target=join, args=(n,)) for n in range(sizes.students)])
        join_seconds = time.perf_counter() - began

        polls: list[float] = []
        stop = time.monotonic() + sizes.seconds

        def page(path: str, bearer: str | None, offset: float) -> None:
            client = ApiClient(server, token=bearer)
            time.sleep(offset)
            while time.monotonic() < stop:
                started = time.perf_counter()
                client.call("GET", path)
                with lock:
                    polls.append(time.perf_counter() - started)
                time.sleep(max(0.0, POLL_SECONDS - (time.perf_counter() - started)))
            client.close()

        pages = [(f"/rooms/{code}/me", device) for device in devices]
        pages += [(f"/rooms/{code}", None), (f"/rooms/{code}/dashboard", token)]
        pids = server.worker_pids()
        cpu_before, wall_before = sum(server.cpu_seconds(pids).values()), time.monotonic()
        _run([threading.Thread(target=page, args=(path, bearer, POLL_SECONDS * n / len(pages)))
              for n, (path, bearer) in enumerate(pages)])
        wall = time.monotonic() - wall_before
        cpu = (sum(server.cpu_seconds(pids).values()) - cpu_before) / wall
    finally:
        server.stop()
    polls.sort()
    return Row(store="PostgreSQL" if kind == "postgres" else "SQLite", processes=workers, students=sizes.students,
               join_seconds=join_seconds, join_p50=statistics.median(joins), join_max=max(joins),
               answers=", ".join(f"{count} × {status}" for status, count in sorted(answered.items())),
               poll_p50=statistics.median(polls), poll_p99=polls[min(len(polls) - 1, int(len(polls) * 0.99))],
               per_second=len(polls) / wall, cpu=cpu)


def _run(threads: list[threading.Thread]) -> None:
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


HEADER = ["store", "processes", "students", "joins: all answered in (s)", "one join p50 / max (ms)", "joins answered",
          "polls p50 / p99 (ms)", "polling: requests/s, server CPU s/s"]


def table(rows: list[Row]) -> str:
    lines = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    for row in rows:
        lines.append(f"| {row.store} | {row.processes} | {row.students} | {row.join_seconds:.2f} | "
                     f"{row.join_p50 * 1000:.0f} / {row.join_max * 1000:.0f} | {row.answers} | "
                     f"{row.poll_p50 * 1000:.1f} / {row.poll_p99 * 1000:.1f} | {row.per_second:.1f}, {row.cpu:.3f} |")
    return "\n".join(lines) + "\n"


def guide_headers() -> dict[str, list[str]]:
    return {"class": guide_pages.header(table([]))}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-postgres", action="store_true", help="SQLite only")
    guide_pages.add_options(parser)
    given = guide_pages.parse(parser, argv)
    sizes = QUICK if given.quick else FULL
    kinds = ["sqlite"] + ([] if given.no_postgres or not os.environ.get("LUDOLOG_TEST_POSTGRES") else ["postgres"])
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for kind in kinds:
            with ExitStack() as stack:
                store = stack.enter_context(fresh_store(kind, Path(folder)))
                log = Path(folder) / f"log-{kind}"
                log.mkdir()
                rows.append(measure(kind, store, sizes, log))
    text = table(rows)
    print("## A class of thirty in one room\n")
    print(text)
    if given.write_guide:
        guide_pages.report_written(guide_pages.write("room_class.py", {"class": text}, argv))


if __name__ == "__main__":
    main()
