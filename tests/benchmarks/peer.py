"""The engine against its peers on a game with almost no rules, so that what is timed is the engine.

The game is the one of the boardgame.io peer benchmark (``../shared/peer-bench/boardgameio``): two
players alternate, a move adds n (1–3) to a total, and moves are played n = 1, 2, 3, 1, … It is a ruleset
registered only inside this benchmark (``AddRules``). Timed, as moves per second over moves 0–100 and
5,000–5,100 of one game:

- ``GameService.submit`` on ``:memory:`` and on a SQLite file (WAL, synchronous FULL);
- the eventsourcing library's own get + save of a trivial aggregate on a SQLite file (the least a
  service on that store can do per move);
- boardgame.io 0.50.2's ``Master.onUpdate`` over ``InMemory``, run with Node when the peer folder's
  ``npm install`` has been done (else said why not).
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

from domain.engine import registry
from domain.engine.commands import Command, CommandShape
from domain.engine.fact_events import register_facts
from domain.engine.facts import Fact, Outcome
from domain.engine.game import Game
from domain.engine.randomness import Rng
from domain.engine.ruleset import Ruleset
from domain.keeping.service import GameService
from domain.keeping.store import store_env

WINDOWS = ((0, 100), (5000, 5100))
PEER = Path(__file__).resolve().parents[3] / "shared" / "peer-bench" / "boardgameio"


@dataclasses.dataclass(frozen=True)
class Added(Fact):
    seat: int
    n: int


@dataclasses.dataclass
class AddState:
    total: int = 0
    seat: int = 1


class AddRules(Ruleset):
    """The peer benchmark's trivial game as a ruleset (registered only by this benchmark)."""

    name, title, summary = "bench-add", "Add", "add 1-3 to a total, in turn"
    min_seats = max_seats = 2
    version = 1
    facts = (Added,)
    state_types = (AddState,)
    command_shapes = (CommandShape("add", "add n", {"n": {"type": "integer", "minimum": 1, "maximum": 3}}, ("n",)),)

    def new_state(self, seat_count: int, options: dict[str, Any]) -> AddState:
        return AddState()

    def setup(self, state: AddState, rng: Rng) -> list[Fact]:
        return []

    def to_act(self, state: AddState) -> list[int]:
        return [state.seat] if state.total < 20_000 else []

    def legal_commands(self, state: AddState, seat: int) -> list[Command]:
        return [{"type": "add", "n": n} for n in (1, 2, 3)]

    def decide(self, state: AddState, seat: int, command: Command, rng: Rng) -> list[Fact]:
        return [Added(seat=seat, n=command["n"])]

    def evolve(self, state: AddState, fact: Fact) -> AddState:
        assert isinstance(fact, Added)
        return AddState(total=state.total + fact.n, seat=3 - fact.seat)

    def view(self, state: AddState, seat: int | None) -> dict[str, Any]:
        return {"total": state.total}

    def outcome(self, state: AddState) -> Outcome | None:
        return Outcome([3 - state.seat], "reached 20,000") if state.total >= 20_000 else None

    def describe(self, fact: Fact, seats: Sequence[str]) -> str:
        return "added"

    def render(self, view: dict[str, Any], seats: Sequence[str]) -> str:
        return str(view["total"])


def register_add() -> Ruleset:
    if not registry.has(AddRules.name, AddRules.version):
        rules = AddRules()
        registry.register(rules)
        register_facts(Game.FactRecorded, rules)
    return registry.get(AddRules.name)


def window_rates(play: Callable[[int], None], last: int = WINDOWS[-1][1]) -> list[float]:
    """Moves per second over each window of moves, ``play(i)`` playing move ``i`` (a game too short for
    ``WINDOWS``, as in a quick run, is timed over its two halves)."""
    windows = WINDOWS if last >= WINDOWS[-1][1] else ((0, last // 2), (last // 2, last))
    times = [0.0] * last
    start = time.perf_counter()
    for i in range(last):
        play(i)
        times[i] = time.perf_counter()
    return [(b - a) / ((times[b - 1] - (times[a - 1] if a else start)) or 1e-9) for a, b in windows]


def service_rates(location: str, last: int) -> list[float]:
    register_add()
    service = GameService(env=store_env(location))
    game_id = service.create_game(AddRules.name, ["A", "B"], seed="bench")
    return window_rates(lambda i: service.submit(game_id, 1 + i % 2, {"type": "add", "n": i % 3 + 1}), last)


class Counter(Aggregate):
    def __init__(self) -> None:
        self.total = 0

    @event("Added")
    def add(self, n: int) -> None:
        self.total += n


def library_rates(location: str, last: int) -> list[float]:
    """The library's own get + save of a trivial aggregate on the same kind of store, with the aggregate
    cache the game service has (without it, each get replays every event: quadratic in the game's length)."""
    env = {key.removeprefix("LUDOLOG_"): value for key, value in store_env(location).items()}  # the same store settings
    env["AGGREGATE_CACHE_MAXSIZE"] = "500"  # as the game service keeps its games: a get reads only newer events
    app: Application[Any] = Application(env=env)
    counter = Counter()
    app.save(counter)

    def move(i: int) -> None:
        got = app.repository.get(counter.id)
        got.add(i % 3 + 1)
        app.save(got)

    return window_rates(move, last)


def boardgameio_rates() -> tuple[list[float] | None, str]:
    """boardgame.io's Master over InMemory, by the peer benchmark's own script, or why it was not run."""
    node = shutil.which("node")
    if node is None or not (PEER / "node_modules" / "boardgame.io").is_dir():
        return None, f"not run: needs Node and `npm install` in {PEER.name}/"
    done = subprocess.run([node, "bench_bgio.js"], cwd=PEER, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "NODE_ENV": "production", "WHICH": "inmemory"}, check=False)
    if done.returncode != 0:
        return None, f"failed: {done.stderr.strip().splitlines()[-1] if done.stderr.strip() else done.returncode}"
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return [found["inmemory"]["w1"], found["inmemory"]["w2"]], "boardgame.io 0.50.2, Master + InMemory"
