"""The search of a tune: an optimiser proposes candidates, a race spends the games on those that may win.

A ``Tune`` says what is searched: the study every game is played as (ruleset, players, fixed options, bots),
the space of candidates, the goals, the seed, and the race's sizes. ``race(tune, play, storage)`` runs it:

1. **Proposals.** Optuna's samplers pick which candidates to try, a few a round: every candidate in turn
   (seeded, ``BruteForceSampler``) when the space is no bigger than ``Tune.candidates``, else the TPE sampler
   guided by the misses found so far. Each sampler is seeded from the tune's seed and the trials so far,
   so a tune gives the same proposals whether it ran at once or was stopped and resumed.
2. **Common random numbers.** Block ``k`` of every candidate is the same seeds (``SEED:k·block`` on), so
   two candidates' games differ only by what the candidates change, as in the balance report's A/B.
3. **Racing.** Each round, every candidate still in the race plays one more block, up to ``most_games``;
   a candidate is dropped once it is clearly worse than the best (the one with the smallest miss): on the
   seeds both played, the paired interval of its miss minus the best's lies above 0 (``outcomes.worse_by``). The race ends when no proposal is left and either one candidate remains or all
   that remain have played ``most_games``: those are the ones the games could not tell apart.

Every block of games is one Optuna trial (its candidate as the trial's parameters, the candidate's miss so
far as its value, the block's games' ``Outcomes`` in its user attributes) in the storage the caller gives (an SQLite
file, PostgreSQL, or memory): a tune stopped part way resumes from it, playing only the blocks not stored.
Playing the games is the caller's (``play``): in this process, on every core or on a Dask cluster.
"""

from __future__ import annotations

import hashlib
import json
import random
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import optuna
from optuna.distributions import (
    BaseDistribution,
    CategoricalDistribution,
    IntDistribution,
)
from optuna.trial import TrialState

from domain.engine.errors import InvalidSetup
from domain.thinking.balance.study import GameRecord, Study, Task, game_seed
from domain.thinking.tuning.goals import Goal, Miss, mix
from domain.thinking.tuning.outcomes import Outcomes, worse_by
from domain.thinking.tuning.space import WHOLE, Candidate, Space

Play = Callable[[Sequence[Task], str], list[GameRecord]]
"""Plays the tasks (each ``(study, seed, rotation)``) and gives their records in order; the string labels them
(``round 3``), for a progress bar."""
ASKS = 8
"""Proposals in a row that repeat a candidate already tried before one is picked at random instead."""
optuna.logging.set_verbosity(optuna.logging.WARNING)


@dataclass(frozen=True)
class Tune:
    """What a tune searches, and the sizes of its race."""

    study: Study
    space: Space
    goals: tuple[Goal, ...]
    seed: str = "tune"
    block: int = 100
    most_games: int = 1000
    candidates: int = 40
    batch: int = 4

    def __post_init__(self) -> None:
        if not self.goals:
            raise InvalidSetup("a tune aims at a goal at least: give --goal seats, sides, length=LOW..HIGH, draws<=SHARE or limits<=SHARE")
        if self.block > self.most_games:
            raise InvalidSetup(f"a block of {self.block} games is more than the most games a candidate plays ({self.most_games})")
        if self.most_games % self.block:  # a candidate plays whole blocks: it would play more than its most
            raise InvalidSetup(f"the most games a candidate plays, {self.most_games}, is not a whole number of blocks of {self.block} games")

    def candidate_study(self, candidate: Sequence[Any]) -> Study:
        return replace(self.study, options=self.space.options(self.study.options, candidate))

    def tasks(self, candidate: Sequence[Any], block: int) -> list[Task]:
        """Block ``block`` of the candidate's games: the same seeds for every candidate."""
        study = self.candidate_study(candidate)
        first = block * self.block
        return [(study, game_seed(self.seed, n), n % study.players if study.rotates else 0) for n in range(first, first + self.block)]

    @property
    def name(self) -> str:
        """The study's name in the storage: a digest of everything that decides the games and the race."""
        described = {"ruleset": self.study.ruleset, "players": self.study.players, "options": self.study.options,
                     "bots": self.study.bots, "budget": self.study.budget, "max_commands": self.study.max_commands,
                     "fixed_sides": self.study.fixed_sides, "space": [[d.name, list(d.values)] for d in self.space.dimensions],
                     "goals": [[g.kind, g.low, g.high, g.weight] for g in self.goals], "seed": self.seed, "block": self.block,
                     "most_games": self.most_games, "candidates": self.candidates, "batch": self.batch}
        digest = hashlib.sha256(json.dumps(described, sort_keys=True, default=str).encode()).hexdigest()[:16]
        return f"ludolog-tune-{digest}"

    @property
    def rounds_of_proposals(self) -> int:
        return -(-min(self.candidates, self.space.size) // self.batch)


@dataclass
class Entry:
    """A candidate in the race: its blocks' tallies, and the round it was dropped in (``None``: still in)."""

    candidate: Candidate
    blocks: list[Outcomes] = field(default_factory=list)
    dropped: int | None = None

    @property
    def outcomes(self) -> Outcomes:
        total = self.blocks[0]
        for more in self.blocks[1:]:
            total = total.extend(more)
        return total

    @property
    def games(self) -> int:
        return sum(len(b) for b in self.blocks)


@dataclass
class Race:
    """The state of a race, and what it did: every candidate tried, in the order they were proposed."""

    tune: Tune
    entries: list[Entry] = field(default_factory=list)
    rounds: int = 0
    games_played: int = 0
    """Games played by this run (not read back from the storage)."""

    def miss(self, entry: Entry) -> Miss:
        return mix(self.tune.goals, entry.outcomes.tally())

    @property
    def running(self) -> list[Entry]:
        return [e for e in self.entries if e.dropped is None]

    def best(self) -> Entry:
        return min(self.running, key=lambda e: (self.miss(e)[0], -e.games))

    def prune(self) -> None:
        """Drop every candidate whose miss is clearly bigger than the best's, on the seeds both played."""
        best = self.best()
        for number, entry in enumerate(self.running):
            if entry is not best and worse_by(self.tune.goals, entry.outcomes, best.outcomes, f"{self.tune.seed}:{self.rounds}:{number}")[1] > 0:
                entry.dropped = self.rounds


def race(tune: Tune, play: Play, storage: optuna.storages.BaseStorage | str | None = None,
         told: Callable[[Race], None] | None = None) -> Race:
    """Run the tune (resuming from ``storage`` where it holds some of its blocks) and give the race."""
    study = optuna.create_study(study_name=tune.name, storage=storage, load_if_exists=True, direction="minimize")
    stored, proposed, asked = _stored(study, tune.space)
    state = Race(tune)
    book = _Book(tune, study, play, state, stored, proposed)
    book.pending.update({candidate: optuna.Trial(study, trial_id) for candidate, trial_id in asked.items()})
    while True:
        if len(state.entries) < min(tune.candidates, tune.space.size):
            new = [Entry(book.propose()) for _ in range(min(tune.batch, min(tune.candidates, tune.space.size) - len(state.entries)))]
            state.entries.extend(new)
            book.blocks([(entry, 0) for entry in new])
        else:
            book.blocks([(entry, len(entry.blocks)) for entry in state.running if entry.games < tune.most_games])
        state.prune()
        state.rounds += 1
        if told is not None:
            told(state)
        proposals_left = len(state.entries) < min(tune.candidates, tune.space.size)
        if not proposals_left and (len(state.running) == 1 or all(e.games >= tune.most_games for e in state.running)):
            return state


class _Book:
    """Plays a block or reads it from the storage, and records each played block as a trial."""

    def __init__(self, tune: Tune, study: optuna.Study, play: Play, state: Race, stored: dict[tuple[Candidate, int], Outcomes],
                 proposed: list[Candidate]) -> None:
        self.tune, self.study, self.play, self.state = tune, study, play, state
        self.stored, self.proposed = stored, proposed
        self.distributions = _distributions(tune.space)
        self.tried: set[Candidate] = set()
        self.pending: dict[Candidate, optuna.Trial] = {}

    def propose(self) -> Candidate:
        """The next candidate: the one the storage says came next, or the sampler's (or, after ``ASKS``
        repeats of candidates already tried, one not tried, at random from the tune's seed)."""
        n = len(self.tried)
        if n < len(self.proposed):
            found = self.proposed[n]
        else:
            found = self._asked(n)
        self.tried.add(found)
        return found

    def _asked(self, n: int) -> Candidate:
        names = self.tune.space.names
        small = self.tune.space.size <= self.tune.candidates
        for attempt in range(ASKS):
            seed = int.from_bytes(hashlib.sha256(f"{self.tune.seed}:{n}:{attempt}".encode()).digest()[:4], "big")
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
                self.study.sampler = optuna.samplers.BruteForceSampler(seed=seed) if small else optuna.samplers.TPESampler(seed=seed)
            trial = self.study.ask(self.distributions)
            self.study.sampler = optuna.samplers.RandomSampler(seed=seed)  # told as a plain trial: the brute force
            # sampler would stop the study once every candidate was asked
            found = tuple(trial.params[name] for name in names)
            if found not in self.tried:
                self.pending[found] = trial
                return found
            self.study.tell(trial, state=TrialState.FAIL)
        rng = random.Random(f"{self.tune.seed}:{n}")
        values = [d.values for d in self.tune.space.dimensions]
        while True:
            found = tuple(rng.choice(v) for v in values)
            if found not in self.tried:
                return found

    def blocks(self, wanted: Sequence[tuple[Entry, int]]) -> None:
        """Give each entry its block of that number: from the storage, or played (all in one call to ``play``)
        and each stored as a trial."""
        missing = [(entry, number) for entry, number in wanted if (entry.candidate, number) not in self.stored]
        tasks = [task for entry, number in missing for task in self.tune.tasks(entry.candidate, number)]
        records = self.play(tasks, f"round {self.state.rounds + 1}") if tasks else []
        self.state.games_played += len(records)
        played = {}
        for at, (entry, number) in enumerate(missing):
            played[(entry.candidate, number)] = Outcomes.of(self.tune.study.players, records[at * self.tune.block:(at + 1) * self.tune.block])
        for entry, number in wanted:
            key = (entry.candidate, number)
            entry.blocks.append(self.stored.get(key) or played[key])
            if key in played:
                self._told(entry, number, played[key])

    def _told(self, entry: Entry, number: int, games: Outcomes) -> None:
        trial = self.pending.pop(entry.candidate, None) if number == 0 else None
        if trial is None:
            self.study.enqueue_trial(self.tune.space.named(entry.candidate))
            trial = self.study.ask(self.distributions)
        trial.set_user_attr("block", number)
        trial.set_user_attr("games", games.to_data())
        self.study.tell(trial, self.state.miss(entry)[0])


def _stored(study: optuna.Study, space: Space) -> tuple[dict[tuple[Candidate, int], Outcomes], list[Candidate], dict[Candidate, int]]:
    """The blocks the storage holds; the candidates in the order they were proposed (their first blocks', or the
    trial a sampler proposed them in where a run stopped before their first block was told); and those trials' ids,
    to be told when the block is played (the proposals the run would have made, whatever the sampler makes of them)."""
    blocks: dict[tuple[Candidate, int], Outcomes] = {}
    first: list[tuple[int, Candidate]] = []
    running: list[tuple[int, Candidate, int]] = []
    for trial in study.get_trials(deepcopy=False, states=(TrialState.COMPLETE, TrialState.RUNNING)):
        if set(trial.params) != set(space.names):
            continue
        candidate = tuple(trial.params[name] for name in space.names)
        if trial.state == TrialState.RUNNING:
            running.append((trial.number, candidate, trial._trial_id))
            continue
        if "games" not in trial.user_attrs:
            continue
        number = trial.user_attrs["block"]
        blocks[(candidate, number)] = Outcomes.from_data(trial.user_attrs["games"])
        if number == 0:
            first.append((trial.number, candidate))
    told = {candidate for _, candidate in first}
    asked = {candidate: trial_id for _, candidate, trial_id in running if candidate not in told}
    first += [(number, candidate) for number, candidate, trial_id in running if asked.get(candidate) == trial_id]
    return blocks, [candidate for _, candidate in sorted(first)], asked


def _distributions(space: Space) -> dict[str, BaseDistribution]:
    found: dict[str, BaseDistribution] = {}
    for d in space.dimensions:
        values = list(d.values)
        steps = {b - a for a, b in zip(values, values[1:])} if d.knob.kind == WHOLE else set()
        if len(steps) == 1 and next(iter(steps)) > 0:
            found[d.name] = IntDistribution(values[0], values[-1], step=next(iter(steps)))
        else:
            found[d.name] = CategoricalDistribution(values)
    return found


