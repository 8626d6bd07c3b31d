"""Where a user waits before anything is played: each command's help, and a command's path to the store.

    python tests/benchmarks/command_path.py [--runs 7] [--commands 300] [--postgres URL | --no-postgres]
    python tests/benchmarks/command_path.py --quick --no-postgres   # tiny sizes: a smoke test of the runner

1. ``ludolog --help`` and ``ludolog COMMAND -h`` for every command: the median wall-clock milliseconds of
   ``--runs`` new processes each, and each beside ``--help`` (the target: within 1.5 times).
2. ``GameService.submit`` on a SQLite file and on PostgreSQL (``LUDOLOG_TEST_POSTGRES`` or ``--postgres``),
   ``--commands`` random commands of Correction games in one process: the statements and commits each
   command sends to the store (counted from the driver), and its p50 and p99 milliseconds. Beside them, one
   durable commit alone (a one-row insert, 300 times) with the server's ``synchronous_commit`` as it is
   set and with it off: on a virtual disk a durable commit is most of a PostgreSQL command.
3. The layers of a command through HTTP on a SQLite file, and the floor under them (``http_layers.py``).

Nothing here asserts on a time.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1])]

import guide_pages
from http_layers import layers_table
from report import markdown_table, postgres_schema

from cli.main import COMMANDS


def help_ms(args: list[str], runs: int) -> float:
    """The median wall-clock milliseconds of ``ludolog ARGS`` in a new process."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "cli.main", *args], check=True, stdout=subprocess.DEVNULL)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def help_rows(runs: int) -> list[list[str]]:
    """``ludolog --help``, then each command's ``-h``: the median milliseconds, beside ``--help``'s."""
    base = help_ms(["--help"], runs)
    rows = [["`ludolog --help`", f"{base:.0f}", "1.00", "—"]]
    for name in sorted(COMMANDS):
        took = help_ms([name, "-h"], runs)
        rows.append([f"`ludolog {name} -h`", f"{took:.0f}", f"{took / base:.2f}", "met" if took <= 1.5 * base else "missed"])
    return rows


def helps_table(rows: list[list[str]]) -> str:
    return markdown_table(["help", "ms (median)", "÷ `--help`", "≤ 1.5×"], rows)


def store_table(rows: list[list[str]]) -> str:
    return markdown_table(["store", "statements and commits a command", "p50 ms", "p99 ms"], rows)


def commit_table(found: list[tuple[str, float]]) -> str:
    """One durable commit alone on PostgreSQL: the server's own ``synchronous_commit`` first, then each set."""
    rows = [[f"`synchronous_commit = {setting}`" + (" (the server's setting)" if index == 0 else ""), f"{took:.2f}"]
            for index, (setting, took) in enumerate(found)]
    return markdown_table(["PostgreSQL: one durable commit alone (a one-row insert, mean of 300)", "ms"], rows)


def guide_headers() -> dict[str, list[str]]:
    """The header row of each table ``--write-guide`` writes, as its function makes it, without measuring."""
    return {"helps": guide_pages.header(helps_table([])), "store": guide_pages.header(store_table([])),
            "commit": guide_pages.header(commit_table([]))}


@contextlib.contextmanager
def counting(kind: str) -> Iterator[Counter[str]]:
    """Every statement and commit the store's driver is sent while the block runs, by its first word."""
    counts: Counter[str] = Counter()
    if kind == "sqlite":
        connect = sqlite3.connect

        def traced(*args: Any, **kwargs: Any) -> sqlite3.Connection:
            connection = connect(*args, **kwargs)
            connection.set_trace_callback(lambda sql: counts.update([sql.split(None, 1)[0].upper()]))
            return connection

        sqlite3.connect = traced  # type: ignore[assignment]
        try:
            yield counts
        finally:
            sqlite3.connect = connect  # type: ignore[assignment]
        return
    import psycopg

    execute, commit = psycopg.Cursor.execute, psycopg.Transaction.__exit__

    def executed(cursor: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        text = query if isinstance(query, str) else query.as_string(cursor.connection)
        counts.update([text.split(None, 1)[0].upper()])
        return execute(cursor, query, *args, **kwargs)

    def ended(transaction: Any, *args: Any) -> Any:
        counts.update(["COMMIT" if args[0] is None else "ROLLBACK"])
        return commit(transaction, *args)

    psycopg.Cursor.execute, psycopg.Transaction.__exit__ = executed, ended  # type: ignore[method-assign]
    try:
        yield counts
    finally:
        psycopg.Cursor.execute, psycopg.Transaction.__exit__ = execute, commit  # type: ignore[method-assign]


def service_row(kind: str, store: str, commands: int) -> list[str]:
    """``commands`` random commands through ``GameService.submit``: statements and commits each, p50, p99."""
    from domain.keeping.service import GameService
    from domain.keeping.store import store_env

    chooser, timings, totals = random.Random(1), [], Counter[str]()
    with counting(kind) as counts:
        service = GameService(env=store_env(store))  # in the block: its connections are traced from the first
        game_id, sent = None, 0
        while sent < commands:
            if game_id is None or service.game(game_id).outcome() is not None:
                game_id = service.create_game("correction", ["Ann", "Ben"], seed=f"path-{sent}", salt="5eed" * 8)
            game = service.game(game_id)
            seat = game.rules.to_act(game.state)[0]
            command = chooser.choice(game.rules.legal_commands(game.state, seat))
            counts.clear()
            start = time.perf_counter()
            service.submit(game_id, seat, command)
            timings.append((time.perf_counter() - start) * 1000)
            totals.update(counts)
            sent += 1
    service.close()
    ordered = sorted(timings)
    said = ", ".join(f"{word} {count / commands:.1f}" for word, count in sorted(totals.items(), key=lambda kv: -kv[1]))
    return ["SQLite" if kind == "sqlite" else "PostgreSQL", said,
            f"{ordered[len(ordered) // 2]:.2f}", f"{ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]:.2f}"]


def commit_ms(base_url: str, synchronous: str | None) -> tuple[str, float]:
    """The mean milliseconds of a one-row insert committed by itself, 300 times (``synchronous``: the
    session's ``synchronous_commit``, or the server's own setting)."""
    import psycopg

    with psycopg.connect(base_url, autocommit=True) as connection:
        if synchronous is not None:
            connection.execute(f"SET synchronous_commit = {synchronous}")
        setting = str(connection.execute("SHOW synchronous_commit").fetchone()[0])  # type: ignore[index]
        table = f"ludolog_bench_commit_{uuid.uuid4().hex[:12]}"  # a table of its own (a temporary one writes no WAL)
        connection.execute(f"CREATE TABLE {table} (x int)")
        try:
            start = time.perf_counter()
            for number in range(300):
                with connection.transaction():
                    connection.execute(f"INSERT INTO {table} VALUES (%s)", (number,))
            return setting, (time.perf_counter() - start) / 300 * 1000
        finally:
            connection.execute(f"DROP TABLE {table}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--commands", type=int, default=300)
    parser.add_argument("--postgres", metavar="URL", default=os.environ.get("LUDOLOG_TEST_POSTGRES", ""))
    parser.add_argument("--no-postgres", action="store_true")
    guide_pages.add_options(parser, guide=guide_pages.OPTION_HELP + " (the layers' table: http_layers.py --write-guide)")
    given = guide_pages.parse(parser)
    runs, commands = (1, 20) if given.quick else (given.runs, given.commands)
    guide: dict[str, str] = {}
    print("## Each command's help\n")
    print(f"Median of {runs} new process(es) each.\n")
    print(guide.setdefault("helps", helps_table(help_rows(runs))))
    print("\n## A command's path to the store\n")
    print(f"`GameService.submit`, {commands} random commands of Correction games; per command: what the driver "
          "was sent, and its milliseconds.\n")
    with tempfile.TemporaryDirectory() as folder:
        rows = [service_row("sqlite", str(Path(folder) / "games.sqlite3"), commands)]
    if given.postgres and not given.no_postgres:
        with postgres_schema(given.postgres) as (url, _):
            rows.append(service_row("postgres", url, commands))
    print(guide.setdefault("store", store_table(rows)))
    print("\n## The layers of an HTTP command\n")
    print(f"A SQLite file, {commands} random commands of Correction games a row; each row adds a layer; then the floor.\n")
    print(layers_table(commands))
    if given.postgres and not given.no_postgres:
        print("\n## A PostgreSQL commit alone\n")
        print(guide.setdefault("commit", commit_table([commit_ms(given.postgres, None), commit_ms(given.postgres, "off")])))
    if given.write_guide:
        guide_pages.report_written(guide_pages.write("command_path.py", guide))


if __name__ == "__main__":
    main()
