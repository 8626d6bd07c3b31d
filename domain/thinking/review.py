"""A game review: where a game turned, and who made the mistakes (what Lichess's computer analysis does for
chess, for any ruleset whose rules the bots know).

For every command of the game the review estimates each seat's chance to win after it: ``playouts``
short games from that position, every seat playing the greedy bot's look-ahead (or, one time in five,
any legal command) for ``depth`` commands and then scored as the search bot scores (a win 1, a loss 0, a
draw ½, else the rules' evaluation), each on its own imagined chance; the mean, with a 95% interval
from their spread. The interval says how far the estimate moves with the dice and with how the next
commands are played; it cannot say how far the rules' evaluation is from the truth. From those:

- **Mistakes.** Where a seat had a choice, the search bot (``budget`` simulations, from what that seat
  could see) weighs every command it had. A command the search valued ``threshold`` or more below its
  own choice is a mistake (a blunder from twice that), shown with the command preferred and both values.
- **Swings of chance.** A command whose result hung on a die or a draw moved the seats' chances by luck:
  a roll or draw with nothing to choose moved them by the whole change; a chosen command's luck is its
  actor's change beyond what the search expected of it. The largest are listed.
- **Lead changes.** The seat whose chance is highest, each time that changes clearly: ahead by ``LEAD``
  and with the two seats' intervals apart.

A review of a game still being played is taken from one seat's eye: every position is first dealt
afresh from what that seat could see (``rules.determinize``, on the review's own seed), so nothing the
seat could not see moves it (another seat's sealed choice too: one it could have made on the table so dealt),
and only that seat's own commands are judged. Another seat's command the seat did not see whole is never
played on that imagined table, nor listed as a swing. A finished game's review looks at everything. Pure: the
replays layer gives the moves (``replays.reviews``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from domain.engine.commands import Command
from domain.engine.errors import LudologError
from domain.engine.randomness import Rng
from domain.engine.ruleset import Ruleset
from domain.thinking.greedy import SimRng, best_look_ahead, play_out, score
from domain.thinking.search import SearchBot

DEFAULT_BUDGET = 100
"""The search bot's simulations for each choice a review judges."""
PLAYOUTS, DEPTH = 16, 4
WANDER = 0.2
"""How often a playout's player plays any legal command instead of its best look-ahead (epsilon-greedy):
the playouts then spread over the ways the game could be played on, not only over its dice."""
THRESHOLD = 0.1
"""How far below the search's choice (in chance to win) a command is a mistake."""
LISTED = 5
"""How many swings a review lists."""
LEAD = 0.1
"""How far ahead (in chance to win, and beyond both estimates' margins) a seat must go to take the lead."""


@dataclass(frozen=True)
class Move:
    """One command of the game as a review reads it: the steps (event numbers) of its first and last
    events, who played what, the states before and after it, and the facts it caused (by which a seat's
    review tells whether that seat saw the command: none known, it did not)."""

    first: int
    step: int
    seat: int
    command: Command
    before: Any
    after: Any
    facts: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Estimate:
    """Each seat's chance to win at a step: the mean of the playouts and the half-width of its 95% interval."""

    step: int
    chance: dict[int, float]
    margin: dict[int, float]


@dataclass(frozen=True)
class Mistake:
    step: int
    seat: int
    command: Command
    preferred: Command
    played_value: float
    preferred_value: float
    label: str = ""
    preferred_label: str = ""

    @property
    def lost(self) -> float:
        return self.preferred_value - self.played_value

    @property
    def kind(self) -> str:
        return "blunder" if self.lost >= 2 * THRESHOLD else "mistake"


@dataclass(frozen=True)
class Swing:
    step: int
    seat: int
    change: float
    command: Command
    label: str = ""


@dataclass(frozen=True)
class LeadChange:
    step: int
    leader: int
    before: int | None


@dataclass
class Review:
    """What a review found (``review``): estimates at the start and after every command, mistakes,
    swings, lead changes, and how it was made."""

    seats: int
    eye: int | None
    budget: int
    estimates: list[Estimate] = field(default_factory=list)
    mistakes: list[Mistake] = field(default_factory=list)
    swings: list[Swing] = field(default_factory=list)
    lead_changes: list[LeadChange] = field(default_factory=list)
    judged: int = 0
    seconds: float = 0.0

    def key_moments(self) -> list[tuple[int, str, int]]:
        """The steps worth jumping to, in order: ``(step, what, seat)``, ``what`` being ``mistake``,
        ``blunder``, ``lucky``, ``unlucky`` or ``lead``."""
        moments = [(m.step, m.kind, m.seat) for m in self.mistakes]
        moments += [(s.step, "lucky" if s.change > 0 else "unlucky", s.seat) for s in self.swings]
        moments += [(c.step, "lead", c.leader) for c in self.lead_changes]
        return sorted(set(moments))


def review(rules: Ruleset, moves: Sequence[Move], seats: int, eye: int | None = None, budget: int = DEFAULT_BUDGET,
           seed: str = "review", playouts: int = PLAYOUTS, depth: int = DEPTH) -> Review:
    """Review a game from its ``moves`` (in order); ``eye`` a seat for a game still being played (its
    review sees only what it could see), ``None`` for everything."""
    started = time.perf_counter()
    found = Review(seats=seats, eye=eye, budget=budget)
    if not moves:
        return found
    seen = _Seen(rules, eye, seed)
    estimate = _estimate(rules, seen(moves[0].before, moves[0].first - 1), moves[0].first - 1, seats, eye, seed, playouts, depth)
    found.estimates.append(estimate)
    for move in moves:
        before, after = seen(move.before, move.first - 1), seen(move.after, move.step)
        estimated = _estimate(rules, after, move.step, seats, eye, seed, playouts, depth)
        judged = _judge(rules, before, move, seed, budget) if eye in (None, move.seat) else None
        if judged is not None:
            found.judged += 1
            if judged.lost >= THRESHOLD:
                found.mistakes.append(judged)
        if _known(rules, before, move, eye) and _chancy(rules, before, move):
            label = rules.label_command(before, move.seat, move.command)
            if judged is None and len(rules.legal_commands(before, move.seat)) == 1:
                found.swings += [Swing(move.step, s, estimated.chance[s] - estimate.chance[s], move.command, label)
                                 for s in range(1, seats + 1)]
            elif judged is not None:
                found.swings.append(Swing(move.step, move.seat, estimated.chance[move.seat] - judged.played_value, move.command, label))
        found.estimates.append(estimated)
        estimate = estimated
    found.swings = sorted((s for s in found.swings if abs(s.change) >= THRESHOLD / 2), key=lambda s: -abs(s.change))[:LISTED]
    found.lead_changes = _lead_changes(found.estimates)
    found.seconds = time.perf_counter() - started
    return found


class _Seen:
    """A state as the review's eye may know it: itself for everything, else dealt afresh from what the
    seat could see (on the review's own seed, the same for a step whatever the hidden cards were)."""

    def __init__(self, rules: Ruleset, eye: int | None, seed: str) -> None:
        self.rules, self.eye, self.seed = rules, eye, seed

    def __call__(self, state: Any, step: int) -> Any:
        if self.eye is None:
            return state
        return self.rules.determinize(state, self.eye, Rng(f"review:{self.seed}", f"seen:{step}"))


def _estimate(rules: Ruleset, state: Any, step: int, seats: int, eye: int | None, seed: str, playouts: int, depth: int) -> Estimate:
    """Each seat's chance to win from ``state``: ``playouts`` greedy look-ahead games of ``depth`` commands."""
    source = random.Random(f"ludolog-review:{seed}:{step}")
    rng = SimRng(source)
    scores: dict[int, list[float]] = {s: [] for s in range(1, seats + 1)}
    for _ in range(playouts):
        world = state if eye is None else rules.determinize(state, eye, rng)
        for _ in range(depth):
            if rules.outcome(world) is not None:
                break
            world = best_look_ahead(rules, world, rng, source) if source.random() >= WANDER else _any_step(rules, world, rng, source)
        for s in scores:
            scores[s].append(score(rules, world, s))
    chance = {s: sum(values) / len(values) for s, values in scores.items()}
    margin = {s: 1.96 * _spread(values) / math.sqrt(len(values)) for s, values in scores.items()}
    return Estimate(step, chance, margin)


def _any_step(rules: Ruleset, world: Any, rng: SimRng, source: random.Random) -> Any:
    actor = rules.to_act(world)[0]
    legal = rules.legal_commands(world, actor)
    return play_out(rules, world, actor, legal[source.randrange(len(legal))], rng)


def _spread(values: list[float]) -> float:
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1))


def _judge(rules: Ruleset, before: Any, move: Move, seed: str, budget: int) -> Mistake | None:
    """The search's values of the command played and of its own choice, where the seat had a choice."""
    legal = rules.legal_commands(before, move.seat)
    if len(legal) < 2 or move.command not in legal:
        return None
    bot = SearchBot(f"review:{seed}", simulations=budget)
    preferred = bot.choose(rules, before, move.seat, move.first - 1)
    root = bot.last.tree if bot.last else None
    if root is None:
        return None
    played_value, preferred_value = bot.value_of(root, move.command, move.seat), bot.value_of(root, preferred, move.seat)
    if played_value is None or preferred_value is None:
        return None
    return Mistake(move.step, move.seat, move.command, preferred, played_value, max(played_value, preferred_value),
                   rules.label_command(before, move.seat, move.command), rules.label_command(before, move.seat, preferred))


def _known(rules: Ruleset, before: Any, move: Move, eye: int | None) -> bool:
    """Whether the review's eye knows the command as it was played: everything is known to a review seeing
    everything, a seat's own commands to it, and another seat's command where the seat saw every fact it
    caused as it was and could have played it on the table the eye imagines. Another seat's sealed choice,
    a card it drew or put away unseen, is not: its result on that table is imagined, so the review neither
    plays the command there (it could name a card the seat cannot see, which the imagined hand need not hold)
    nor weighs its luck."""
    if eye is None or move.seat == eye:
        return True
    if not move.facts or any(rules.redact(fact, eye) != fact for fact in move.facts):
        return False
    return move.command in rules.legal_commands(before, move.seat)


def _chancy(rules: Ruleset, before: Any, move: Move) -> bool:
    """Whether the command's result hangs on chance: decided on two different dice, it differs."""
    try:
        results = {repr([f.to_data() for f in rules.decide(before, move.seat, move.command, Rng("review-chance", n))]) for n in range(4)}
    except LudologError:
        return False
    return len(results) > 1


def _lead_changes(estimates: list[Estimate]) -> list[LeadChange]:
    """Each step where another seat's chance became the highest by more than ``LEAD``, and by more than
    both margins together (their intervals apart)."""
    changes: list[LeadChange] = []
    leader: int | None = None
    for estimate in estimates:
        top = max(estimate.chance, key=lambda s: estimate.chance[s])
        if top == leader:
            continue
        runner = max((s for s in estimate.chance if s != top), key=lambda s: estimate.chance[s], default=None)
        ahead = estimate.chance[top] - estimate.chance[runner] if runner is not None else 1.0
        clear = runner is None or ahead > max(estimate.margin[top] + estimate.margin[runner], LEAD)
        if clear:
            if leader is not None:
                changes.append(LeadChange(estimate.step, top, leader))
            leader = top
    return changes
