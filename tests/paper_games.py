"""Scripts of paper games, for the tests of table games: what a teacher transcribing a playtest types.

``paper_game`` plays a seeded game with random bots and writes down, as the people at a table would say
them, the chance outcomes each step met (the setup's and each command's, in order), along with the
facts the seeded game recorded. Transcribing the script into a table game must give those same facts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence, TypeVar

from domain.engine.commands import Command
from domain.engine.randomness import Rng
from domain.engine.ruleset import Ruleset
from domain.thinking.bots import RandomBot

T = TypeVar("T")


class TellingRng(Rng):
    """A seeded rng that writes down each outcome it gives."""

    def __init__(self, seed: str, purpose: int | str) -> None:
        super().__init__(seed, purpose)
        self.told: list[Any] = []
        self.secrets: list[int | None] = []
        """For each outcome, the seat whose secret it is (``None``: a public one)."""

    def choice(self, options: Sequence[T], ask: str = "which outcome?", seat: int | None = None, secret: bool = False) -> T:
        value = super().choice(options, ask, seat, secret)
        self.told.append(value)
        self.secrets.append(seat if secret else None)
        return value

    def randint(self, low: int, high: int, ask: str = "which number?", seat: int | None = None) -> int:
        value = super().randint(low, high, ask, seat)
        self.told.append(value)
        self.secrets.append(None)
        return value


@dataclass
class Move:
    seat: int
    command: Command
    outcomes: list[Any]
    facts: list[dict[str, Any]]
    secrets: list[int | None] = field(default_factory=list)
    """For each outcome, the seat whose secret it is (``None``: a public one)."""
    """The facts the seeded game recorded for it: ``{"type": ..., **data}``."""


@dataclass
class PaperGame:
    rules: Ruleset
    seats: list[str]
    options: dict[str, Any]
    setup_outcomes: list[Any]
    setup_facts: list[dict[str, Any]]
    moves: list[Move] = field(default_factory=list)

    @property
    def facts(self) -> list[dict[str, Any]]:
        return self.setup_facts + [fact for move in self.moves for fact in move.facts]

    def first_move_with_outcomes(self) -> tuple[int, Move]:
        return next((n, move) for n, move in enumerate(self.moves) if move.outcomes)


def paper_game(rules: Ruleset, seats: list[str], options: dict[str, Any], seed: str, bot_seed: int = 0,
               max_commands: int = 5_000) -> PaperGame:
    """A whole seeded random game, written down as a script of commands and outcomes."""
    options = rules.resolve_options(options)
    state = rules.new_state(len(seats), options)
    rng = TellingRng(seed, "setup")
    made = rules.setup(state, rng)
    game = PaperGame(rules, list(seats), options, rng.told, [_data(fact) for fact in made])
    for fact in made:
        state = rules.evolve(state, fact)
    bot, version = RandomBot(bot_seed), 1 + len(made)
    while rules.outcome(state) is None and len(game.moves) < max_commands:
        seat = rules.to_act(state)[0]
        command = bot.choose(rules, state, seat, version)
        rng = TellingRng(seed, version)
        made = rules.decide(state, seat, command, rng)
        game.moves.append(Move(seat, command, rng.told, [_data(fact) for fact in made], rng.secrets))
        for fact in made:
            state = rules.evolve(state, fact)
        version += len(made) + (1 if rules.outcome(state) is not None else 0)
    assert rules.outcome(state) is not None, "the scripted game did not end"
    return game


def _data(fact: Any) -> dict[str, Any]:
    return {"type": type(fact).__name__, **fact.to_data()}
