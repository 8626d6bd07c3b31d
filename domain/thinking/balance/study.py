"""One game of a balance study, played by bots in memory, and what the report needs to know of it.

A ``Study`` says what is played: the ruleset, the number of players, the options and the bot in each
seat. Where the ruleset's options can move its sides round the table (``Ruleset.rotate_sides``), a study
plays game ``n`` with them moved ``n`` seats on (``study_games``), unless it keeps them fixed
(``fixed_sides``): every side then plays from every seat, and a side's edge is told from a seat's.
``play_study_game(study, seed, rotation)`` plays one game with the ruleset's pure functions, its chance drawn
exactly as a stored game with that seed and the study's salt for it (``study_salt``) draws it, so the
commands it records, submitted to a game created with the same seed, salt and options, replay it fact for
fact. A study's salt follows from its seed, so the same seeds give the same games: no person sits at a
study's table, so nobody has a hand to find the seed from. It returns a
``GameRecord``: plain JSON-native data, cheap to send between processes.

What a record holds:
- how the game ended (winners, the ruling's reason and its kind, whether at a turn or round limit, and
  each seat's score where the ending gave them), its length in turns and commands;
- each seat's side as the table was set (``Ruleset.sides``) and the rotation the game was played under;
- rule holes: a seat to act with no legal command (``stalled``), a legal command the rules refused, or
  the command limit reached (a game that may never end);
- drama, from the ruleset's ``evaluate`` at the start of each turn: the leader's changes, the leader at
  the midpoint, the turn from which the leader never changed, the winner's share of the turns it led;
- what each seat played: command types and cards.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from domain.engine import registry
from domain.engine.chain import CHAIN_VERSION
from domain.engine.errors import InvalidSetup, LudologError
from domain.engine.facts import Outcome
from domain.engine.randomness import Rng, chance_key
from domain.engine.ruleset import Ruleset
from domain.thinking.balance import MAX_COMMANDS
from domain.thinking.bots import STRATEGIES, make_bot


@dataclass(frozen=True)
class Study:
    """What a balance study plays: a ruleset, its player count, options, and the bot in each seat."""

    ruleset: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    bots: tuple[str, ...] = ()
    budget: str | None = None
    max_commands: int = MAX_COMMANDS
    fixed_sides: bool = False
    """Keep each seat's side where the options put it, instead of moving the sides round the table."""

    def __post_init__(self) -> None:
        rules = registry.get(self.ruleset)
        rules.check_seat_count(self.players)
        bots = self.bots or ("random",) * self.players
        if len(bots) != self.players:
            raise InvalidSetup(f"a study of {self.players} players needs {self.players} bots, not {len(bots)}")
        for strategy in bots:
            if strategy not in STRATEGIES:
                raise InvalidSetup(f"no bot strategy {strategy!r}: {', '.join(STRATEGIES)}")
        object.__setattr__(self, "bots", tuple(bots))
        object.__setattr__(self, "options", rules.resolve_options(self.options))

    @property
    def seats(self) -> list[str]:
        return seat_names(self.players)

    @property
    def rotates(self) -> bool:
        """Whether the study moves the sides round the table: it may, and the ruleset's options can."""
        return not self.fixed_sides and registry.get(self.ruleset).rotate_sides(self.options, self.players, 1) is not None

    def options_for(self, rotation: int) -> dict[str, Any]:
        """The options of a game played with the sides moved ``rotation`` seats on (the study's own at 0)."""
        if not rotation % self.players or not self.rotates:
            return self.options
        moved = registry.get(self.ruleset).rotate_sides(self.options, self.players, rotation % self.players)
        return self.options if moved is None else moved


Task = tuple[Study, str, int]
"""One game of a study: what is played, its seed, and the rotation of sides it is played under."""


def study_games(study: Study, base: str, games: int, rotation: Callable[[int], int] | None = None) -> list[Task]:
    """The study's games with seeds ``base:0`` on: game ``n`` with the sides moved ``rotation(n)`` seats on
    (default ``n``: each side in each seat in turn), or all at 0 when the study does not rotate them."""
    turn = rotation or (lambda n: n)
    return [(study, game_seed(base, n), turn(n) % study.players if study.rotates else 0) for n in range(games)]


def seat_names(players: int) -> list[str]:
    return [f"Seat {n}" for n in range(1, players + 1)]


def game_seed(base: str, index: int) -> str:
    """The seed of a study's ``index``-th game: the same base seed gives the same games."""
    return f"{base}:{index}"


GameRecord = dict[str, Any]


def study_salt(seed: str) -> str:
    """The salt of a study's game with that seed: derived from it, so a study can be played again."""
    return hashlib.sha256(f"ludolog:study:{seed}".encode()).hexdigest()[:32]


def play_study_game(study: Study, seed: str, rotation: int = 0) -> GameRecord:
    """Play one game of the study with that seed, the sides moved ``rotation`` seats on, to its end (or a
    rule hole) and describe it."""
    rules = registry.get(study.ruleset)
    state = rules.new_state(study.players, study.options_for(rotation))
    key = chance_key(seed, study_salt(seed), CHAIN_VERSION)
    setup = rules.setup(state, Rng(key, "setup"))
    for fact in setup:
        state = rules.evolve(state, fact)
    sides = rules.sides(state)
    version = 1 + len(setup)
    bots = {seat: make_bot(strategy, seed, study.budget) for seat, strategy in enumerate(study.bots, 1)}
    moves: list[list[Any]] = []
    usage: dict[int, Counter[str]] = {seat: Counter() for seat in bots}
    cards: dict[int, set[str]] = {seat: set() for seat in bots}
    drama = Drama(rules, study.players)
    hole = None
    while rules.outcome(state) is None:
        drama.observe(state)
        if len(moves) >= study.max_commands:
            hole = f"no end after {study.max_commands} commands"
            break
        acting = rules.to_act(state)
        if not acting:
            hole = "nobody may act"
            break
        seat = acting[0]
        legal = rules.legal_commands(state, seat)
        if not legal:
            hole = f"Seat {seat} is to act but has no legal command"
            break
        if study.bots[seat - 1] == "random":  # as RandomBot chooses, without listing the commands twice
            command = Rng(f"bot:{seed}", version).choice(legal)
        else:
            command = bots[seat].choose(rules, state, seat, version)
        try:
            facts = rules.decide(state, seat, command, Rng(key, version))
        except LudologError as error:
            hole = f"the rules refused Seat {seat}'s legal command {rules.describe_command(command)}: {error}"
            break
        usage[seat][rules.command_kind(command)] += 1
        cards[seat].update(rules.cards_played(state, seat, command))
        for fact in facts:
            state = rules.evolve(state, fact)
        version += len(facts)
        moves.append([seat, command])
    outcome = rules.outcome(state)
    return {
        "seed": seed,
        "rotation": rotation % study.players if study.rotates else None,
        "sides": {str(seat): side for seat, side in sorted(sides.items())},
        "bots": list(study.bots),
        **ending_of(outcome, study.seats),
        "turns": rules.turn_number(state),
        "commands": len(moves),
        "hole": hole,
        **drama.summary(outcome),
        "usage": {str(seat): dict(counts) for seat, counts in usage.items()},
        "cards": {str(seat): sorted(played) for seat, played in cards.items()},
        "moves": moves,
    }


def ending_of(outcome: Outcome | None, seats: list[str]) -> dict[str, Any]:
    """The winners, the reason in the ruleset's words, and its kind: the reason with the seats' names,
    the numbers in brackets and what follows a colon left out, so that games ending alike count together;
    and whether the game ended at its turn or round limit (``Outcome.at_limit``, a fact of its ending); and each
    seat's score, where the ending gave them (``Outcome.scores``)."""
    if outcome is None:
        return {"winners": [], "reason": None, "ending": "did not end", "at_limit": False}
    kind = outcome.reason.split(":")[0]
    kind = re.sub(r"\s*\([^)]*\)", "", kind)
    for n, name in enumerate(seats, 1):
        kind = kind.replace(name, "a player")
    return {"winners": list(outcome.winners), "reason": outcome.reason,
            "ending": kind.strip() + ("" if outcome.winners else " (a draw)"),
            "at_limit": outcome.at_limit, **({} if outcome.scores is None else {"scores": list(outcome.scores)})}


NUMBER = re.compile(r"\$?\d[\d,]*(?:\.\d+)?")


def ending_kinds(endings: Iterable[str]) -> dict[str, str]:
    """Each ending's kind, for counting games that ended alike together: endings whose words differ only in
    their numbers are one kind, named with each number's range (Missions' "reached $100,000" and "reached
    $120,000" are "reached $100,000–$120,000")."""
    groups: dict[str, list[str]] = {}
    for ending in dict.fromkeys(endings):
        groups.setdefault(NUMBER.sub("#", ending), []).append(ending)
    kinds = {}
    for key, alike in groups.items():
        name = alike[0]
        if len(alike) > 1:
            columns = zip(*(NUMBER.findall(ending) for ending in alike))
            ranges = iter([_range(list(column)) for column in columns])
            name = re.sub("#", lambda _: next(ranges), key)
        kinds.update({ending: name for ending in alike})
    return kinds


def _range(numbers: list[str]) -> str:
    value = {n: float(n.lstrip("$").replace(",", "")) for n in numbers}
    low, high = min(numbers, key=value.__getitem__), max(numbers, key=value.__getitem__)
    return low if value[low] == value[high] else f"{low}–{high}"


class Drama:
    """The leader (the seat the ruleset's evaluation rates highest, alone) at the start of each turn."""

    def __init__(self, rules: Ruleset, players: int) -> None:
        self.rules, self.players = rules, players
        self.turn = -1
        self.leaders: list[int | None] = []

    def observe(self, state: Any) -> None:
        turn = self.rules.turn_number(state)
        if turn == self.turn:
            return
        self.turn = turn
        scores = [self.rules.evaluate(state, seat) for seat in range(1, self.players + 1)]
        best = max(scores)
        self.leaders.append(scores.index(best) + 1 if scores.count(best) == 1 else None)

    def summary(self, outcome: Outcome | None) -> dict[str, Any]:
        led = [(turn, leader) for turn, leader in enumerate(self.leaders, 1) if leader is not None]
        changes = [turn for (turn, leader), (_, before) in zip(led[1:], led) if leader != before]
        winner = outcome.winners[0] if outcome is not None and len(outcome.winners) == 1 else None
        midpoint = self.leaders[len(self.leaders) // 2] if self.leaders else None
        return {
            "lead_changes": len(changes),
            "settled_turn": changes[-1] if changes else (led[0][0] if led else None),
            "midpoint_leader": midpoint,
            "comeback": None if winner is None or midpoint is None else midpoint != winner,
            "winner_led": None if winner is None or not led else sum(1 for _, s in led if s == winner) / len(led),
        }
