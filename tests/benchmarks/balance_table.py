"""The table "What the reports say at every ruleset's defaults" of the guide's page ``tutorials/balance.md``,
made from balance reports written as JSON by ``ludolog balance``:

    mkdir -p /tmp/balance
    for r in assassination-le correction infection location-ccg missions project-assassination squad-combat; do
        ludolog balance $r --games 400 -q --db /tmp/balance/studies.sqlite3 --format json -o /tmp/balance/$r.json
    done
    python tests/benchmarks/balance_table.py /tmp/balance/*.json

One row a report, in the order given: each seat's wins, each side's (and how the sides met the seats),
which one the advantage follows, draws, the share of games ended at the turn or round limit (⚠ over
10%: the report says the bots could not finish them), length, comebacks and the skill section's
search bot. Every figure is the report's own, as its sentences give it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HEADER = ["ruleset", "players", "each seat's wins (95%)", "verdict", "sides: each one's wins (95%)", "edge follows", "draws",
          "ended at the turn or round limit", "turns: median (10th–90th)", "comebacks", "search beat random · greedy"]
FOLLOWS = {"side": "the side", "seat": "the seat", "both": "both", "neither": "neither yet", "fixed": "can't tell (sides fixed)"}


def pct(value: float) -> str:
    return f"{round(100 * value)}%"


def span(row: dict[str, Any]) -> str:
    return f"{pct(row['rate'])} ({round(100 * row['low'])}–{pct(row['high'])})"


def row(report: dict[str, Any]) -> list[str]:
    found = report["findings"]
    seats = found["fairness"]["seats"]
    told = [f"seat {s['seat']} {s['verdict']}" for s in seats if s["verdict"] in ("favoured", "handicapped")]
    sides = found.get("sides")
    if sides is None:
        side_text, follows = "none", "the seat"
    elif sides["arrangement"] == "fixed":
        side_text, follows = "fixed to the seats: " + ", ".join(sides["fixed"].values()), FOLLOWS["fixed"]
    else:
        how = "moved round the table" if sides["arrangement"] == "rotated" else "dealt by the game"
        side_text = f"{how}: " + " · ".join(f"{s['side']} {span(s)}" for s in sides["sides"])
        follows = FOLLOWS[sides["follows"]]
    limits = found["limits"]
    limit = "no limit" if not limits["options"] and not limits["count"] else span(limits) + (" ⚠" if limits["flagged"] else "")
    turns = found["length"]["turns"]
    return [f"`{found['study']['ruleset']}`", str(found["study"]["players"]), " · ".join(span(s) for s in seats),
            ", ".join(told) or ", ".join(sorted({s["verdict"] for s in seats})), side_text, follows,
            pct(found["fairness"]["draws"]["rate"]), limit, f"{turns['median']:g} ({turns['p10']:g}–{turns['p90']:g})",
            pct(found["drama"]["comebacks"]["rate"]), " · ".join(f"{s['count']}/{s['of']}" for s in report.get("skill", []))]


def table(reports: Sequence[dict[str, Any]]) -> str:
    lines = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row(report)) + " |" for report in reports]
    return "\n".join(lines)


def main(argv: Sequence[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 1
    print(table([json.loads(Path(path).read_text(encoding="utf-8")) for path in argv]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
