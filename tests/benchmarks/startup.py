"""How long ``ludolog --help`` takes in a fresh process: the CLI's start-up, for the benchmark report."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time


def help_seconds(runs: int = 10) -> float:
    """The median wall-clock seconds of ``python -m cli.main --help`` over ``runs`` fresh processes."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "cli.main", "--help"], check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


if __name__ == "__main__":
    print(f"ludolog --help: {help_seconds() * 1000:.0f} ms (median of 10)")
