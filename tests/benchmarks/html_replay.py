"""The HTML replay page of a long game: how long writing it takes and how large it is.

    python tests/benchmarks/html_replay.py [--events 1000,3000,10000] [--no-before] [--browser] [--quick]

Each game is the benchmark report's replayed game (``report.py``): Project Assassination, every command
ending the turn or placing the drawn enemy on the first square allowed, its round limit a quarter of the
events wanted, so it ends near that size; saved in a SQLite file and read by a new service, as ``ludolog
export GAME --format html`` reads it. A row gives the page as it is (``replays.page.to_html``: each step
stored as what changed since the step before, drawn by the page when shown): its wall-clock and CPU
seconds and its size; the page drawn ahead (every step's SVG built at export, as the page was before
each step was stored small: ``drawn_ahead``, its size with the page's style and script around it); and
the NDJSON export's seconds beside them. ``--browser`` opens each page in Chromium at 390 x 844 and gives
the milliseconds until its first board is shown and the median a step takes (``show`` drawing the board,
in the page). ``--quick`` uses tiny sizes: it checks that the runner works and measures nothing useful.
Nothing here asserts on a time.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1])]

import guide_pages  # noqa: E402

from domain.engine import registry  # noqa: E402
from domain.engine.game import Game  # noqa: E402
from domain.engine.picture import changed  # noqa: E402
from domain.keeping.service import GameService  # noqa: E402
from domain.keeping.store import store_env  # noqa: E402
from replays import records  # noqa: E402
from replays.cursor import Cursor  # noqa: E402
from replays.drawing import svg_parts  # noqa: E402
from replays.page import script_json, to_html  # noqa: E402
from replays.page_assets import SCRIPT, STYLE  # noqa: E402

RULES = "project-assassination"
SIZES, QUICK_SIZES = (1_000, 3_000, 10_000), (100, 300)


def page_figures(service: GameService, game_id: uuid.UUID) -> tuple[float, float]:
    """The HTML replay page of a stored game: the seconds writing it took and its size in MB."""
    began = time.perf_counter()
    text = to_html(service, game_id)
    return time.perf_counter() - began, len(text.encode()) / 1e6


def played(folder: Path, events: int) -> tuple[GameService, uuid.UUID, int]:
    """The report's replayed game of about ``events`` events, saved in a new SQLite file, and a new service
    reading that file (nothing of the game in its cache), and the game's number of events."""
    rules = registry.get(RULES)
    game = Game.start(rules, ["P1", "P2"], rules.resolve_options({"round_limit": max(1, math.ceil(events / 4))}), "replayed")
    while game.outcome() is None:
        seat = game.to_act()[0]
        command = rules.legal_commands(game.state, seat)[0] if game.state.phase == "placement" else {"type": "end"}
        game.play(seat, command, f"c{game.version}")
    path = str(folder / f"html-{events}.sqlite3")
    GameService(env=store_env(path)).save(game)
    return GameService(env=store_env(path)), game.id, game.version


def drawn_ahead(service: GameService, game_id: uuid.UUID) -> str:
    """The page's data as it was when the page drew every step ahead: each step's sentence, board as text
    and SVG (as indexes of distinct pieces), in the page's style and script; for its time and size."""
    cursor = Cursor(service, game_id)
    rules, seats = cursor.rules, cursor.seats
    pieces: dict[str, int] = {}
    found: list[dict[str, Any]] = []
    before = None
    step = cursor.first()
    while True:
        event = step.event
        picture = rules.picture(step.view, seats)
        parts = svg_parts(picture, seats, changed(before, picture), label=f"{rules.title} after step {step.number}")
        before = picture
        found.append({"number": step.number, "total": step.total, "sentence": event.sentence, "board": rules.render(step.view, seats),
                      "drawing": [pieces.setdefault(part, len(pieces)) for part in parts], "turn": step.turn,
                      "seat": seats[event.seat - 1] if event.seat else None, "type": event.type})
        if step.number >= step.total:
            break
        step = cursor.next()
    data = script_json({"turns": True, "steps": found, "bookmarks": [], "pieces": list(pieces)})
    return f"<!DOCTYPE html><style>{STYLE}</style><script type=\"application/json\">{data}</script><script>{SCRIPT}</script>"


def timed(action: Any) -> tuple[float, float, Any]:
    """Wall-clock and CPU seconds of ``action()``, and what it returned."""
    wall, cpu = time.perf_counter(), time.process_time()
    done = action()
    return time.perf_counter() - wall, time.process_time() - cpu, done


def in_chromium(pages: list[Path], steps: int) -> list[tuple[float, float]]:
    """Each page opened in Chromium at 390 x 844: milliseconds from asking for it until its first board is
    shown (the document's ``domInteractive``: the script that draws it runs before), and the median
    milliseconds of ``steps`` steps forward (the page's own ``show``, measured in the page)."""
    from chromium_path import find_chromium
    from playwright.sync_api import sync_playwright

    found = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(find_chromium()), args=["--no-sandbox", "--disable-gpu"])
        for path in pages:
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.goto(path.as_uri())
            page.wait_for_selector("#drawing svg")
            # the page's script draws the first board before the document is parsed to its end
            opened = page.evaluate("performance.getEntriesByType('navigation')[0].domInteractive")
            each = page.evaluate("""steps => Array.from({length: steps}, () => {
              const began = performance.now(); document.getElementById("next").click(); return performance.now() - began; })""", steps)
            found.append((opened, statistics.median(each)))
            page.close()
        browser.close()
    return found


def table(rows: Sequence[Sequence[str]]) -> str:
    """The table printed: events, the page's seconds, CPU seconds, MB and bytes a step, the page drawn ahead's
    seconds and MB, the NDJSON export's seconds."""
    headers = ["events", "seconds", "CPU seconds", "MB", "bytes a step", "drawn ahead: seconds", "drawn ahead: MB", "NDJSON seconds"]
    return "\n".join(["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)] + ["| " + " | ".join(row) + " |" for row in rows])


def guide_table(rows: Sequence[Sequence[str]]) -> str:
    """The guide's table, from the printed table's rows: the page's seconds with its CPU seconds beside them, its
    MB and bytes a step, and the page drawn ahead's seconds and MB."""
    headers = ["events", "seconds (CPU)", "MB", "bytes a step", "drawn ahead: seconds", "drawn ahead: MB"]
    shown = [[events, f"{wall} ({cpu})", mb, size, ahead, ahead_mb] for events, wall, cpu, mb, size, ahead, ahead_mb, _ in rows]
    return "\n".join(["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)] + ["| " + " | ".join(row) + " |" for row in shown])


def guide_headers() -> dict[str, list[str]]:
    """The header row of the table ``--write-guide`` writes, as its function makes it, without measuring."""
    return {"page": guide_pages.header(guide_table([]))}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", default=",".join(map(str, SIZES)), help="comma-separated game sizes (default 1000,3000,10000)")
    parser.add_argument("--no-before", action="store_true", help="leave out the page drawn ahead (slow: about 2 ms an event)")
    parser.add_argument("--browser", action="store_true", help="open each page in Chromium (Playwright and a system Chromium)")
    parser.add_argument("--quick", action="store_true", help="tiny sizes: checks the runner works, measures nothing useful")
    parser.add_argument("--write-guide", action="store_true", help=guide_pages.OPTION_HELP)
    args = parser.parse_args(argv)
    if args.write_guide and (args.quick or args.no_before):
        parser.error("--write-guide writes the guide's table, the page drawn ahead beside it: not with --quick or --no-before")
    sizes = QUICK_SIZES if args.quick else tuple(int(size) for size in args.events.split(","))
    rows, pages = [], []
    with tempfile.TemporaryDirectory(prefix="ludolog-html-") as folder:
        for events in sizes:
            service, game_id, total = played(Path(folder), events)
            wall, cpu, page = timed(lambda service=service, game_id=game_id: to_html(service, game_id))
            ndjson, _, _ = timed(lambda service=service, game_id=game_id: records.to_ndjson(service, game_id))
            before = ["—", "—"]
            if not args.no_before:
                ahead_wall, _, ahead = timed(lambda service=service, game_id=game_id: drawn_ahead(service, game_id))
                before = [f"{ahead_wall:.2f}", f"{len(ahead.encode()) / 1e6:.2f}"]
            rows.append([f"{total:,}", f"{wall:.2f}", f"{cpu:.2f}", f"{len(page.encode()) / 1e6:.2f}",
                         f"{len(page.encode()) / total:,.0f}", *before, f"{ndjson:.2f}"])
            pages.append(Path(folder) / f"page-{total}.html")
            pages[-1].write_text(page, encoding="utf-8")
            service.close()
        print("## The HTML replay page of a long game", "", sep="\n")
        print(table(rows))
        if args.browser:
            print("", "## The page in Chromium at 390 x 844", "", sep="\n")
            print("| events | first board shown (ms) | a step, median (ms) |")
            print("|---|---|---|")
            for row, (opened, step) in zip(rows, in_chromium(pages, 5 if args.quick else 30), strict=True):
                print(f"| {row[0]} | {opened:.0f} | {step:.1f} |")
    if args.write_guide:
        guide_pages.report_written(guide_pages.write("html_replay.py", {"page": guide_table(rows)}, argv))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
