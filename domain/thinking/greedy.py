"""One command ahead: the greedy bot, and what every bot's imagined games share.

A bot imagines games on its own randomness (``SimRng``, seeded by ``thinking_rng`` from its seed, the
game's version and its seat, so a stopped bot resumes identically), plays a command out on a state
(``play_out``) and scores the result for a seat (``score``: a finished game by its outcome, else the rules'
``evaluate``). ``GreedyBot`` plays the command whose result its seat scores best, averaged over a few
worlds its seat cannot tell from the real one, each with its own roll of any chance. In a turn taken together a
command is judged through the reveal (``through_reveal``), the other seats' choices imagined, made or not.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any, TypeVar

from domain.engine.commands import Command
from domain.engine.errors import IllegalCommand
from domain.engine.ruleset import Ruleset

T = TypeVar("T")


class SimRng:
    """The bots' own randomness for imagined games: the rng interface the rules ask, on one seeded
    ``random.Random`` (cheap to use thousands of times a move)."""

    def __init__(self, source: random.Random) -> None:
        self.source = source

    def choice(self, options: Sequence[T], ask: str = "", seat: int | None = None, secret: bool = False) -> T:
        return options[self.source.randrange(len(options))]

    def randint(self, low: int, high: int, ask: str = "", seat: int | None = None) -> int:
        return self.source.randint(low, high)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        result = list(items)
        self.source.shuffle(result)
        return result


def thinking_rng(seed: str, version: int, seat: int) -> random.Random:
    """The seeded source of one move's thinking: the same seed, game version and seat think alike."""
    return random.Random(f"ludolog-bot:{seed}:{version}:{seat}")


def paired_rng(seed: str, version: int, seat: int, visit: int) -> random.Random:
    """The source of a search's simulation by the ``visit``-th time it tries one of its commands: the k-th
    try of every command meets the same hidden cards and the same dice (common random numbers), so two
    commands are compared on the same luck and their difference is not drowned by it."""
    return random.Random(f"ludolog-bot:{seed}:{version}:{seat}:{visit}")


_KEYS = json.JSONEncoder(sort_keys=True, separators=(",", ":"))
"""``json.dumps(command, sort_keys=True, separators=(",", ":"))``'s encoder, made once rather than at each call."""


_KEYED: dict[tuple[Any, ...], tuple[tuple[type, ...], str]] = {}
"""Each command's key, by its keys and values in order, with the type of each value (``1`` and ``true`` are equal in
Python, not in JSON): a bot keys the same few commands again at every visit of a position. Let go past
``MOST_KEYED``."""
MOST_KEYED = 4096


def key_of(command: Command) -> str:
    """The command as sorted, compact JSON: what a bot keeps its figures of a command by."""
    try:
        items = tuple(command.items())
        found = _KEYED.get(items)
    except TypeError:  # a value that cannot be looked up (a list): written out each time
        return _KEYS.encode(command)
    kinds = tuple(map(type, command.values()))
    if found is None or found[0] != kinds:
        if len(_KEYED) >= MOST_KEYED:
            _KEYED.clear()
        found = _KEYED[items] = (kinds, _KEYS.encode(command))
    return found[1]


def play_out(rules: Ruleset, state: Any, seat: int, command: Command, rng: SimRng) -> Any:
    """The state after the seat's command, its chance answered by ``rng``."""
    for fact in rules.decide(state, seat, command, rng):
        state = rules.evolve(state, fact)
    return state


TOGETHER_SAMPLES = 8
"""The fewest worlds the greedy bot averages a command over in a turn taken together: each world imagines the other
seats' choices afresh (one sample of each), and a few are too few to rank bids against them."""


def chosen_together(rules: Ruleset, state: Any) -> bool:
    """``Ruleset.chosen_together``, for a stand-in for a ruleset too (one that has none never chooses together)."""
    asked = getattr(rules, "chosen_together", None)
    return bool(asked and asked(state))


def through_reveal(rules: Ruleset, state: Any, seat: int, command: Command, rng: SimRng) -> Any:
    """The state after the seat's command as a bot judges it: in a turn taken together (``Ruleset.chosen_together``),
    carried on through the reveal, each other seat yet to choose in that turn choosing one of its commands at random,
    as a choice already sealed is imagined (``determinize``), so that the first seat to choose and the last are
    judged alike, whatever the order of choosing; else ``play_out``."""
    together = chosen_together(rules, state)
    after = play_out(rules, state, seat, command, rng)
    for _ in range(len(rules.to_act(after)) if together else 0):  # each turn one seat fewer to choose
        if rules.outcome(after) is not None or not chosen_together(rules, after):
            break
        waiting = rules.to_act(after)
        if not waiting or seat in waiting:  # the turn taken together is over: a new one begins
            break
        legal = rules.legal_commands(after, waiting[0])
        if not legal:
            break
        after = play_out(rules, after, waiting[0], rng.choice(legal), rng)
    return after


def unseen_choices(rules: Ruleset, world: Any, actor: int, rng: SimRng) -> Any:
    """The world as ``actor`` imagines it before choosing in a turn taken together: the choices other seats have
    sealed on it imagined afresh (``determinize``), never read; else the world itself."""
    return rules.determinize(world, actor, rng) if chosen_together(rules, world) else world


def score(rules: Ruleset, state: Any, seat: int) -> float:
    """A seat's score of a state: 1 a win, 0 a loss, ½ a draw, else the rules' evaluation."""
    outcome = rules.outcome(state)
    if outcome is not None:
        return 1.0 if seat in outcome.winners else (0.5 if not outcome.winners else 0.0)
    return rules.evaluate(state, seat)


def best_look_ahead(rules: Ruleset, world: Any, rng: SimRng, source: random.Random) -> Any:
    """The state after the actor's command whose result it scores best (one sample of its chance; ties
    go the ``source``'s way)."""
    actor = rules.to_act(world)[0]
    if chosen_together(rules, world):
        return together_turn(rules, world, rng, source)
    best, best_value = world, -1.0
    for command in rules.legal_commands(world, actor):
        after = play_out(rules, world, actor, command, rng)
        value = score(rules, after, actor) + source.random() * 1e-9
        if value > best_value:
            best, best_value = after, value
    return best


def together_turn(rules: Ruleset, world: Any, rng: SimRng, source: random.Random) -> Any:
    """The state after a turn taken together, each seat yet to choose in it taking its best look-ahead in turn, every
    command judged through the reveal on the other seats' choices imagined afresh (``through_reveal``,
    ``unseen_choices``): no seat reads another's sealed choice, and each is judged alike, whatever its place."""
    chose: set[int] = set()
    while rules.outcome(world) is None and chosen_together(rules, world):
        actor = rules.to_act(world)[0]
        if actor in chose:  # a new turn taken together has begun
            break
        chose.add(actor)
        ranked = [(score(rules, through_reveal(rules, unseen_choices(rules, world, actor, rng), actor, command, rng), actor)
                   + source.random() * 1e-9, n, command) for n, command in enumerate(rules.legal_commands(world, actor))]
        if not ranked:
            break
        world = play_out(rules, world, actor, max(ranked)[2], rng)
    return world


class GreedyBot:
    """Plays the command whose result its seat's evaluation likes best (one command ahead)."""

    def __init__(self, seed: str | int = 0, samples: int = 3) -> None:
        self.seed, self.samples = str(seed), samples

    def choose(self, rules: Ruleset, state: Any, seat: int, version: int) -> Command:
        source = thinking_rng(self.seed, version, seat)
        legal = rules.legal_commands(state, seat)
        if not legal:
            raise IllegalCommand(f"seat {seat} has no legal command")
        if len(legal) == 1:
            return legal[0]
        rng = SimRng(source)
        samples = max(self.samples, TOGETHER_SAMPLES) if chosen_together(rules, state) else self.samples
        best, best_score = legal[0], -1.0
        for command in legal:
            total = 0.0
            for _ in range(samples):
                world = rules.determinize(state, seat, rng)
                total += score(rules, through_reveal(rules, world, seat, command, rng), seat)
            mean = total / samples + source.random() * 1e-9  # ties go the seed's way
            if mean > best_score:
                best, best_score = command, mean
        return best
