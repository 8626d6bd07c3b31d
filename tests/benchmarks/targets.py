"""The service's speed targets, each measured figure beside its target, for the top of the benchmark report.

The runner (``report.py``) hands over what it measured (``Found``); the peer comparisons are measured here
(``peer.py``): ``GameService`` on ``:memory:`` against boardgame.io's ``Master`` on ``InMemory``, and on a
SQLite file against the eventsourcing library's own get + save of a trivial aggregate, on the same trivial
game, the lower of the two windows (moves 0–100 and 5,000–5,100) counting. So are the kits' two targets
(``kit_rules.py``, ``kit_check.py``): random commands per CPU-second through every shipped kit with rules, the
slowest judged, and ``ludolog kit check`` of the largest shipped kit with rules before its random games.
"""

from __future__ import annotations

import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

import peer


@dataclass
class Found:
    """What the runner measured that a target is about (seconds, or ratios)."""

    http_over_service: list[float] = field(default_factory=list)
    """HTTP commands/s ÷ service commands/s on SQLite, one per game size."""
    p99_http_largest: float | None = None
    sweep: float | None = None
    slowest_goto: float | None = None
    exports: dict[str, float] = field(default_factory=dict)
    help_seconds: float | None = None


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def row(what: str, target: str, measured: str, met: bool | None) -> list[str]:
    return [what, target, measured, "—" if met is None else ("met" if met else "missed")]


RUNS = 3
"""Each side of a peer ratio is timed this many times (a new game each), its median rate per window taken:
a window of 100 moves lasts a few tens of milliseconds, and one run of it swings by a fifth."""


def medians(runs: list[list[float]]) -> list[float]:
    """Each window's median rate over the runs."""
    return [statistics.median(rates) for rates in zip(*runs)]


def peer_rows(folder: Path, moves: int, with_node: bool, runs: int = RUNS) -> list[list[str]]:
    """The two peer ratios, each window's ratio shown (medians of ``runs`` runs), the lower one judged."""
    memory = medians([peer.service_rates(":memory:", moves) for _ in range(runs)])
    on_file, library = [], []
    for run in range(runs):  # taking turns, so that the machine's drift falls on both alike
        on_file.append(peer.service_rates(str(folder / f"peer-{run}.sqlite3"), moves))
        library.append(peer.library_rates(str(folder / f"library-{run}.sqlite3"), moves))
    on_file, library = medians(on_file), medians(library)
    rows = []
    bgio, how = peer.boardgameio_rates() if with_node else (None, "not run with --quick")
    if bgio is not None and with_node:
        bgio = medians([bgio] + [found for found, _ in (peer.boardgameio_rates() for _ in range(runs - 1)) if found is not None])
    if bgio is None:
        rows.append(row("`GameService` on `:memory:` ÷ boardgame.io `Master` on `InMemory`", "≥ 1.0",
                        f"{memory[0]:,.0f} and {memory[1]:,.0f} moves/s; boardgame.io {how}", None))
    else:
        ratios = [ours / theirs for ours, theirs in zip(memory, bgio)]
        rows.append(row("`GameService` on `:memory:` ÷ boardgame.io `Master` on `InMemory`", "≥ 1.0",
                        " and ".join(f"{r:.2f}" for r in ratios) + f" ({memory[0]:,.0f}/{bgio[0]:,.0f} and "
                        f"{memory[1]:,.0f}/{bgio[1]:,.0f} moves/s)", min(ratios) >= 1.0))
    ratios = [ours / theirs for ours, theirs in zip(on_file, library)]
    rows.append(row("`GameService` on a SQLite file ÷ the library's own get + save", "≥ 0.8",
                    " and ".join(f"{r:.2f}" for r in ratios) + f" ({on_file[0]:,.0f}/{library[0]:,.0f} and "
                    f"{on_file[1]:,.0f}/{library[1]:,.0f} moves/s)", min(ratios) >= 0.8))
    return rows


def kit_rows(quick: bool) -> list[list[str]]:
    """The kits' targets: the slowest shipped kit with rules in random commands per CPU-second (each kit the
    median of three runs of at least a CPU-second), and ``ludolog kit check`` of the largest shipped kit with
    rules before its random games (the median of five checks)."""
    import kit_check
    import kit_rules

    runs, seconds = (1, 0.05) if quick else (3, 1.0)
    rates = {name: kit_rules.commands_rate(name, runs, seconds)[0] for name in kit_rules.kits_with_rules()}
    slowest = min(rates, key=rates.__getitem__)
    path = kit_check.largest_shipped()
    _, check, playable = kit_check.checked_before_games(path, 1 if quick else 5)
    return [row("random commands per CPU-second, the slowest shipped kit with rules", f"≥ {kit_rules.COMMANDS_TARGET:,}",
                f"{rates[slowest]:,.0f} ({slowest}; the fastest {max(rates.values()):,.0f})", rates[slowest] >= kit_rules.COMMANDS_TARGET),
            row("`ludolog kit check` of the largest shipped kit with rules, its random games aside", "≤ 1 s",
                f"{ms(check)} ({path.name}, {path.stat().st_size:,} bytes{'' if playable else ', not playable'})",
                playable and check <= kit_check.SHIPPED_TARGET)]


def table(found: Found, folder: Path, peer_moves: int, with_node: bool, quick: bool = False) -> list[list[str]]:
    """Every target's row: what, target, measured, met."""
    rows = []
    if found.http_over_service:
        low = min(found.http_over_service)
        rows.append(row("HTTP commands/s ÷ the service's own, SQLite", "≥ 0.6",
                        " · ".join(f"{r:.2f}" for r in found.http_over_service), low >= 0.6))
    if found.p99_http_largest is not None:
        rows.append(row("p99 command latency at the largest game, HTTP, SQLite", "≤ 10 ms", ms(found.p99_http_largest),
                        found.p99_http_largest <= 0.010))
    if found.sweep is not None:
        rows.append(row("replay: full forward + backward sweep", "≤ 1 s", ms(found.sweep), found.sweep <= 1.0))
    if found.slowest_goto is not None:
        rows.append(row("replay: slowest `goto` of the random steps", "≤ 5 ms", ms(found.slowest_goto), found.slowest_goto <= 0.005))
    for form, limit in (("ndjson", 1.0), ("md", 3.0), ("html", 3.0)):
        if form in found.exports:
            rows.append(row(f"export {form}", f"≤ {limit:g} s", ms(found.exports[form]), found.exports[form] <= limit))
    if found.help_seconds is not None:
        rows.append(row("`ludolog --help`", "≤ 250 ms", ms(found.help_seconds), found.help_seconds <= 0.250))
    print("... the kits' targets", file=sys.stderr, flush=True)
    rows += kit_rows(quick)
    print("... peer comparisons on the trivial game", file=sys.stderr, flush=True)
    return rows + peer_rows(folder, peer_moves, with_node, 1 if quick else RUNS)
