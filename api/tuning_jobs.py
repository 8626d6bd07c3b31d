"""Tunes run as jobs of the API (``POST /tunings``): each in a thread of its own, its games in the bot pool.

A job is accepted only once everything it asks was checked (``api.tunings``); it then runs in a background
thread of the process that accepted it, which plays its games a few at a time in ``api.thinking``'s pool of
worker processes (``LUDOLOG_BOT_PROCESSES``; 0: in that thread), so a tune holds neither a request thread
nor the server's interpreter lock while the games are played, and bot moves keep their turns in the pool.

**Bounds.** What a job may ask is capped by ``schemas.NewTuning`` (``most_games`` ≤ 2,000, ``candidates`` ≤ 40,
``block`` ≤ 500, ``confirm`` ≤ 1,000: at most 82,000 games, minutes of a random bot's). Each process runs
at most ``LUDOLOG_TUNINGS_MAX`` (2) jobs at once, one token ``LUDOLOG_TUNINGS_PER_TOKEN`` (1) and one address
``LUDOLOG_TUNINGS_PER_ADDRESS`` (1) (``api.costly.Running`` counts them, from acceptance to the job's end);
one more is refused (429 ``too-many-tunings``, ``Retry-After``) and nothing runs. A job still playing after
``LUDOLOG_TUNING_SECONDS`` (600) fails, saying so: its games stop at the next few games (a kit's
expressions at once, ``domain.engine.rule_time``).

**Memory.** Jobs are kept in this process's memory only: a restart forgets them, and under several worker
processes a job is read from the one that accepted it. Past ``LUDOLOG_TUNINGS_KEPT`` (100) finished jobs,
the oldest finished are forgotten (404 after).
"""

from __future__ import annotations

import logging
import math
import threading
import time
import uuid
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from api import thinking
from api.costly import Running, TooManyAtOnce
from domain.engine import rule_time
from domain.engine.errors import LudologError
from domain.thinking.balance.study import GameRecord, Task, play_study_game

if TYPE_CHECKING:
    from domain.thinking.tuning.race import Race, Tune

SETTINGS = ("LUDOLOG_TUNINGS_PER_TOKEN", "LUDOLOG_TUNINGS_PER_ADDRESS", "LUDOLOG_TUNINGS_MAX")
SECONDS = "LUDOLOG_TUNING_SECONDS"
KEPT = "LUDOLOG_TUNINGS_KEPT"
DEFAULTS: dict[str, Any] = {"LUDOLOG_TUNINGS_PER_TOKEN": 1, "LUDOLOG_TUNINGS_PER_ADDRESS": 1, "LUDOLOG_TUNINGS_MAX": 2,
                            SECONDS: 600.0, KEPT: 100}
RETRY_SECONDS = 30
"""What a refused job is told to wait: a small tune takes seconds, a large one minutes."""
CHUNK = 20
"""Games of a random or greedy bot sent to the pool at a time (a search bot's: one at a time)."""
QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"

log = logging.getLogger(__name__)


class UnknownTuning(LudologError, LookupError):
    kind = "unknown-tuning"


class TuningNotDone(LudologError):
    kind = "tuning-not-done"


class TooManyTunings(LudologError):
    kind = "too-many-tunings"


class TuningOutOfTime(LudologError):
    """A job that played past ``LUDOLOG_TUNING_SECONDS``: it fails, saying so (never an answer's problem)."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


@dataclass
class Job:
    """One tune and how far it got: its state, its progress, and its report once done (or why it failed)."""

    id: str
    asked: dict[str, Any]
    games_at_most: int
    candidates_at_most: int
    state: str = QUEUED
    created: str = field(default_factory=_now)
    started: str | None = None
    finished: str | None = None
    stage: str = "race"
    round: int = 0
    tried: int = 0
    in_race: int = 0
    games: int = 0
    report: dict[str, Any] | None = None
    error: str | None = None
    written: dict[str, str] = field(default_factory=dict)
    """The report as each format wrote it (written once, on first asking)."""

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "id": self.id, "state": self.state, "asked": self.asked, "created": self.created, "started": self.started,
            "finished": self.finished,
            "progress": {"stage": self.stage, "round": self.round, "candidates_tried": self.tried,
                         "candidates_in_race": self.in_race, "candidates_at_most": self.candidates_at_most,
                         "games": self.games, "games_at_most": self.games_at_most},
        }
        if self.error is not None:
            found["error"] = self.error
        if self.report is not None:
            found["report"] = self.report
        return found

    def told(self, race: Race) -> None:
        """After each round of the race: the round, the candidates tried and those still in it."""
        self.round, self.tried, self.in_race = race.rounds, len(race.entries), len(race.running)


def games_at_most(tune: Tune, confirm: int) -> int:
    """The most games a tune may play: every candidate it may try to ``most_games`` (whole blocks), and the
    confirmation's two sides."""
    blocks = math.ceil(tune.most_games / tune.block)
    return min(tune.candidates, tune.space.size) * blocks * tune.block + 2 * confirm


def play_games(tasks: list[Task], seconds: float) -> list[GameRecord]:
    """In a worker process (or here): the games, the rules a kit's author wrote given ``seconds`` at most."""
    with rule_time.deadline(max(0.0, seconds), time.monotonic):
        return [play_study_game(*task) for task in tasks]


class Jobs:
    """The jobs of this process, by id: started in a thread each, counted while they run, forgotten past a cap."""

    def __init__(self, per_token: int | None, per_address: int | None, most: int | None, seconds: float, kept: int,
                 processes: int) -> None:
        self.running = Running(per_token, per_address, most)
        self.seconds, self.kept, self.processes = seconds, kept, processes
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._lock = threading.Lock()

    def start(self, tune: Tune, confirm: int, asked: dict[str, Any], token: str | None, address: str) -> Job:
        """A job for the tune, running; ``TooManyTunings`` (nothing started) when it would be one too many."""
        held = self.running.one(token, address)
        try:
            held.__enter__()
        except TooManyAtOnce as refused:
            whom = {"token": "this token", "address": "this address", "server": "this server"}[refused.scope]
            plural = "s" if refused.limit != 1 else ""
            raise TooManyTunings(f"{whom} {'runs' if refused.scope == 'server' else 'may run'} {refused.limit} "
                                 f"tuning{plural} at once already; retry in {RETRY_SECONDS} seconds, when one may be done") from None
        job = Job(str(uuid.uuid4()), asked, games_at_most(tune, confirm), min(tune.candidates, tune.space.size))
        with self._lock:
            self._jobs[job.id] = job
        thread = threading.Thread(target=self._run, args=(job, tune, confirm, held), name=f"tuning-{job.id[:8]}", daemon=True)
        try:
            thread.start()
        except BaseException:
            with self._lock:
                self._jobs.pop(job.id, None)
            held.__exit__(None, None, None)
            raise
        return job

    def get(self, job_id: str) -> Job:
        with self._lock:
            found = self._jobs.get(job_id)
        if found is None:
            raise UnknownTuning(f"no tuning {job_id!r} in this process: it was never started here, or it finished long ago "
                                f"and was forgotten (a process keeps its last {self.kept} finished tunings)")
        return found

    def _run(self, job: Job, tune: Tune, confirm: int, held: Any) -> None:
        from domain.thinking.tuning.run import tune_report

        ends = time.monotonic() + self.seconds
        job.state, job.started = RUNNING, _now()
        try:
            job.report = tune_report(tune, self._player(job, tune, ends), None, confirm, job.told)
            job.state = DONE
        except LudologError as error:
            job.error, job.state = str(error), FAILED
        except Exception:  # a bug, not the asker's: logged, and the job says it failed
            log.exception("tuning %s failed", job.id)
            job.error, job.state = "the tune failed on an error of the server's (its log says which)", FAILED
        finally:
            job.finished = _now()
            held.__exit__(None, None, None)
            self._forget_old()

    def _player(self, job: Job, tune: Tune, ends: float) -> Any:
        chunk = CHUNK if all(bot in ("random", "greedy") for bot in tune.study.bots) else 1

        def play(tasks: Any, label: str) -> list[GameRecord]:
            if label.startswith("confirm"):
                job.stage = "confirm"
            records: list[GameRecord] = []
            for at in range(0, len(tasks), chunk):
                left = ends - time.monotonic()
                if left <= 0:
                    raise TuningOutOfTime(f"the tune ran out of time after {self.seconds:g} seconds, with {job.games:,} games "
                                          "played: ask for fewer games (most_games, candidates, confirm) or a quicker bot")
                some = list(tasks[at:at + chunk])
                records += thinking.elsewhere(play_games, self.processes, some, left)
                job.games += len(some)
            return records

        return play

    def _forget_old(self) -> None:
        with self._lock:
            finished = [key for key, job in self._jobs.items() if job.state in (DONE, FAILED)]
            for key in finished[:max(0, len(finished) - self.kept)]:
                del self._jobs[key]
