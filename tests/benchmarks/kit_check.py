"""How long checking a kit takes (``ludolog kit check``, ``POST /kits``, a game made from a kit), for the
largest kit the limits allow.

    python tests/benchmarks/kit_check.py [--runs 5] [--quick]

The kit is built at every limit of ``domain.games.table_kit.checks`` at once: graphs listing
``MOST_NEIGHBOURS`` neighbours (four graphs of 50 spaces with 10 each), ``MOST_LINKS`` links, ``MOST_CARDS`` cards with
text and fields, and 20,000 characters of rules, as YAML and as JSON. A row gives the text's size and the
median of ``--runs`` checks from its text (``read_kit``: parsed, sized, checked against the schema and for
names that point nowhere): the kit as it is, and with one mistake in its last card (the schema then walked
again to name it). ``--quick`` runs once: it checks that the runner works. Nothing here asserts on a time.
"""

from __future__ import annotations

import argparse
import copy
import json
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1])]

import yaml  # noqa: E402

from domain.games.table_kit.checks import (  # noqa: E402
    MOST_CARDS,
    MOST_LINKS,
    MOST_NEIGHBOURS,
    size_problems,
)
from domain.games.table_kit.loading import read_kit  # noqa: E402


def largest_kit() -> dict[str, Any]:
    """A kit at every limit at once, that can be played."""
    groups, degree = 4, 10
    per_group = MOST_NEIGHBOURS // (groups * degree)
    spaces = []
    for group in range(groups):
        names = [f"g{group}-{n}" for n in range(per_group)]
        spaces.append({"name": f"graph {group}", "kind": "graph",
                       "neighbours": {name: [names[(n + k) % per_group] for k in range(1, degree + 1)] for n, name in enumerate(names)},
                       "links": [{"from": names[n % per_group], "to": names[(n + 7) % per_group], "label": "road"}
                                 for n in range(MOST_LINKS // groups)]})
    cards = [{"name": f"Card {n}", "text": f"Roll {n % 6 + 1} or less to gain {n % 9 + 1} coins.", "fields": {"level": n % 3 + 1, "value": n}}
             for n in range(MOST_CARDS)]
    return {"kit": 1, "name": "largest-kit", "title": "The largest kit", "summary": "Every limit at once.",
            "rules": ("Roll the die and move. " * 900)[:20000], "seats": {"fewest": 2, "most": 4},
            "spaces": spaces, "zones": [{"name": "pile", "shows": "face-down"}, {"name": "discard"}],
            "decks": [{"name": f"deck {d}", "pile": "pile", "cards": cards[d * 200:(d + 1) * 200]} for d in range(MOST_CARDS // 200)],
            "hands": {"deal": 5, "from": "pile"}}


def timed(text: str, format: str, runs: int) -> tuple[float, bool]:
    """The median seconds of ``runs`` checks of the text, and whether it was found playable."""
    times, playable = [], False
    for _ in range(runs):
        started = time.perf_counter()
        document, _ = read_kit(text, source=f"kit.{format}", format=format)
        times.append(time.perf_counter() - started)
        playable = document is not None
    return statistics.median(times), playable


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    runs = 1 if args.quick else args.runs
    kit = largest_kit()
    assert not size_problems(kit)
    broken = copy.deepcopy(kit)
    broken["decks"][-1]["cards"][-1]["fields"]["level"] = [1, 2]  # a field must be a text or a number
    print("## Checking the largest kit the limits allow", "", sep="\n")
    print("| kit | format | bytes | playable | ms a check |")
    print("|---|---|---|---|---|")
    for label, document in (("at every limit", kit), ("one mistake, last card", broken)):
        for format, text in (("yaml", yaml.safe_dump(document, sort_keys=False)), ("json", json.dumps(document))):
            seconds, playable = timed(text, format, runs)
            print(f"| {label} | {format} | {len(text.encode()):,} | {'yes' if playable else 'no'} | {1000 * seconds:.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
