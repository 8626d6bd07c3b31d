"""A bystander's reads while other clients loop on costly requests: printed as a Markdown table.

    python tests/benchmarks/costly.py            # 8 looping clients, 20 s a row
    python tests/benchmarks/costly.py --quick    # tiny sizes: a smoke test of the runner (two clients, 1 s a
                                                 # row, hints at 200ms, exports of games of some 20 events)
    python tests/benchmarks/costly.py --write-guide   # and its table written into the guide's page

``ludolog serve`` with its defaults but the rate limits (off: the looping clients are the point) on a
new SQLite store. Eight clients, each with its own game and
token, loop for ``seconds`` on a bot's hint (``POST /games/{id}/bot-move`` with
``"play": false``, the search bot at a budget of ``2000ms``: the most the server lets a bot think),
or on the HTML export of a finished game of some 500 events. Meanwhile one bystander reads
``GET /games/{id}`` of its own game once every 20 ms; the first row is the bystander alone. Each load is run with the limits on costly
requests at their defaults (2 per token, 8 per address, 4 in the process: ``api.costly``), and with
them off; a row gives the bystander's median and p99 and how the looping clients were answered.
Nothing here asserts on a time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1] / "load")]

import guide_pages  # noqa: E402
from harness import ApiClient, ServedApi, game_path  # noqa: E402

OFF = {"LUDOLOG_COSTLY_PER_TOKEN": "off", "LUDOLOG_COSTLY_PER_ADDRESS": "off", "LUDOLOG_COSTLY_MAX": "off"}


class Looping(threading.Thread):
    def __init__(self, server: ServedApi, path: str, method: str, body: dict | None, token: str, until: float) -> None:
        super().__init__(daemon=True)
        self.client = ApiClient(server, token=token, timeout=120)
        self.path, self.method, self.body, self.until = path, method, body, until
        self.answers: Counter[int] = Counter()

    def run(self) -> None:
        while time.monotonic() < self.until:
            answer = self.client.call(self.method, self.path, self.body)
            self.answers[answer.status] += 1
            if answer.status == 429:
                time.sleep(float(answer.headers.get("retry-after", "1")))
        self.client.close()


def finished_game(client: ApiClient, events: int) -> tuple[str, str]:
    """A game of Assassination Le played by random bots until it has about ``events`` events."""
    while True:
        created = client.call("POST", "/games", {"ruleset": "assassination-le", "seats": ["Ana", "Ben", "Cy"]}).body
        game, token = created["id"], created["owner_token"]
        while True:
            answer = client.call("POST", game_path(game, "bot-move"), {"strategy": "random"}, token=token)
            if answer.status != 201:
                break
            if answer.body["version"] >= events:
                return game, token


def run(environment: dict[str, str], load: str, seconds: float, quick: bool, log_dir: Path) -> list[str]:
    server = ServedApi(str(log_dir / f"{load}-{len(environment)}.sqlite3"), log_dir, workers=1, threads=16,
                       env={"LUDOLOG_RATE_LIMIT_PER_TOKEN": "off", **environment})
    server.start()
    try:
        setup = ApiClient(server, timeout=120)
        clients = []
        for n in range(0 if load == "nothing" else 2 if quick else 8):
            if load == "bot hints":
                created = setup.call("POST", "/games", {"ruleset": "infection", "seats": ["Ana", "Ben"], "seed": f"hint-{n}"}).body
                budget = "200ms" if quick else "2000ms"
                path, method, body = game_path(created["id"], "bot-move"), "POST", {"strategy": "search", "budget": budget, "play": False}
            else:
                game, token = finished_game(setup, 20 if quick else 500)
                created = {"owner_token": token}
                path, method, body = game_path(game, "export", format="html"), "GET", None
            clients.append((path, method, body, created["owner_token"]))
        mine = setup.call("POST", "/games", {"ruleset": "correction", "seats": ["Ann", "Ben"]}).body
        until = time.monotonic() + seconds
        looping = [Looping(server, *client, until) for client in clients]
        for thread in looping:
            thread.start()
        time.sleep(min(2.0, seconds / 4))  # the load under way
        reader, times = ApiClient(server, token=mine["owner_token"]), []
        while time.monotonic() < until:
            began = time.monotonic()
            assert reader.call("GET", game_path(mine["id"])).status == 200
            times.append(time.monotonic() - began)
            time.sleep(0.02)
        for thread in looping:
            thread.join()
        answers: Counter[int] = sum((t.answers for t in looping), Counter())
        times.sort()
        limits = "off" if environment else "on (2 / 8 / 4)"
        return [load, limits, f"{statistics.median(times) * 1000:.1f} / {times[int(0.99 * len(times))] * 1000:.1f}",
                ", ".join(f"{count} × {status}" for status, count in sorted(answers.items())) or "—"]
    finally:
        server.stop()


def table(rows: list[list[str]]) -> str:
    """The table: its header, and the rows given (none: the header alone, printed before the first row is run)."""
    header = ["load", "limits on costly requests", "bystander's GET p50 / p99 (ms)", "the looping clients' answers"]
    return "\n".join(["| " + " | ".join(header) + " |", "|" + "---|" * len(header)] + ["| " + " | ".join(row) + " |" for row in rows])


def guide_headers() -> dict[str, list[str]]:
    """The header row of the table ``--write-guide`` writes, as its function makes it, without measuring."""
    return {"costly": guide_pages.header(table([]))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    guide_pages.add_options(parser)
    args = guide_pages.parse(parser)
    seconds = 1.0 if args.quick else args.seconds
    print("# A bystander beside costly requests\n")
    print("## The bystander's reads while eight clients loop on costly requests\n")
    print(table([]))
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for environment, load in [({}, "nothing")] + [(environment, load) for load in ("bot hints", "HTML exports")
                                                       for environment in ({}, OFF)]:
            rows.append(run(environment, load, seconds, args.quick, Path(folder)))
            print("| " + " | ".join(rows[-1]) + " |", flush=True)
    if args.write_guide:
        guide_pages.report_written(guide_pages.write("costly.py", {"costly": table(rows)}))


if __name__ == "__main__":
    main()
