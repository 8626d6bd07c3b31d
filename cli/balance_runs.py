"""Where a balance study's games run: in this process, on every core (a process pool), or on a Dask
cluster (``--scheduler``). Every game is seeded and the records come back in the games' order, so the
same seeds give the same report wherever they ran."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from domain.thinking.balance.study import GameRecord, Task


def play_task(task: Task) -> GameRecord:
    """One game: ``(study, seed, rotation of sides)`` (``domain.thinking.balance.study.study_games``)."""
    from domain.thinking.balance.study import play_study_game

    return play_study_game(*task)


def default_workers() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def run_games(tasks: Sequence[Task], workers: int, scheduler: str | None, label: str, quiet: bool = False) -> list[GameRecord]:
    """Every task's record, in the tasks' order, with a progress bar on stderr (unless ``quiet``)."""
    if not tasks:
        return []
    bar_or_none = None if quiet else click.progressbar(length=len(tasks), label=label, file=sys.stderr,
                                                       show_pos=True, show_eta=True)
    with bar_or_none or contextlib.nullcontext(_Silent()) as bar:
        if scheduler:
            return _on_dask(tasks, scheduler, bar.update)
        if workers <= 1 or len(tasks) == 1:
            records = []
            for task in tasks:
                records.append(play_task(task))
                bar.update(1)
            return records
        chunk = max(1, min(20, len(tasks) // (workers * 8)))
        from concurrent.futures import (
            ProcessPoolExecutor,  # not imported for the command's help
        )

        with ProcessPoolExecutor(max_workers=workers) as pool:
            records = []
            for record in pool.map(play_task, tasks, chunksize=chunk):
                records.append(record)
                bar.update(1)
            return records


def _on_dask(tasks: Sequence[Task], scheduler: str, advance: Callable[[int], None]) -> list[GameRecord]:
    """The tasks run on the Dask cluster whose scheduler is at that address (its workers need ludolog)."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise click.ClickException("--scheduler runs games on a Dask cluster: install the dask extra (pip install 'ludolog[dask]')") from None
    try:
        _refused_at_once(scheduler)
        client = Client(scheduler, timeout="10s")
    except (OSError, TimeoutError) as error:
        raise click.ClickException(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
    with client:
        futures = client.map(play_task, list(tasks), pure=False)
        for _ in as_completed(futures):
            advance(1)
        return client.gather(futures)


def _refused_at_once(scheduler: str) -> None:
    """Raise ``ConnectionRefusedError`` when nothing listens at a ``tcp://host:port`` address: Dask's client
    would try again for its whole timeout (ten seconds) before saying so."""
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(scheduler if "://" in scheduler else f"tcp://{scheduler}")
    if parts.scheme == "tcp" and parts.hostname and parts.port:
        socket.create_connection((parts.hostname, parts.port), timeout=10).close()


class _Silent:
    def update(self, steps: int) -> None:
        pass
