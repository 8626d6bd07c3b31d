"""A ludolog game as an OpenSpiel game, through the ``Ruleset`` contract alone.

- **Players** are seats less one (OpenSpiel counts from 0); the player to move is the first seat in
  ``to_act`` (seats that choose together, each in secret, choose one after the other).
- **Actions** are numbered by ``ActionNumbering`` (the same number for the same command in every process).
- **Chance**: a command's dice and draws (and the setup's) are chance nodes with equally likely outcomes
  (``chance.py``).
- **Information states** have perfect recall: a seat's is a hash chain over everything it saw happen
  (each fact as ``redact`` shows it to that seat) and every command it sent, so CFR-style algorithms are
  sound. Its **observation** is its ``view`` now, as JSON, and where the game draws a board, a tensor of
  its picture of that view (``tensor.py``).
- ``resample_from_infostate`` is the ruleset's ``determinize``: a state the seat cannot tell from this one.
- **Returns**: where the ending gives scores (a kit's ``scores``), each seat's score less the mean of the
  scores (the scores themselves where they sum to zero, as Kuhn poker's chips won and lost do), so a game of two
  stays zero-sum; else the winners +1 and the others -1 (zero for everyone when all or none win, or when the
  game stopped at its turn limit: no win the rules name was reached).
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyspiel

from domain.engine.commands import Command
from domain.engine.facts import Fact
from domain.engine.ruleset import Ruleset
from domain.thinking.chances import ChanceNeeded, ScriptedRng
from domain.thinking.greedy import SimRng
from domain.thinking.spiel.actions import ActionNumbering, canonical
from domain.thinking.spiel.tensor import Layout, fill, layout_of

MAX_CHANCE_OUTCOMES = 1024
MAX_GAME_LENGTH = 100_000


@dataclass(frozen=True)
class Table:
    """What every state of one loaded game shares: its rules, seats, options and action numbering."""

    rules: Ruleset
    seats: list[str]
    options: dict[str, Any]
    numbering: ActionNumbering

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self

    @functools.cached_property
    def layout(self) -> Layout | None:
        """The board and counters its observation tensors show (``tensor.py``); ``None`` for a game with no board."""
        return layout_of(self.rules, self.seats, self.options)

    @functools.cached_property
    def first(self) -> Position:
        """The game before its setup: a chance node, or the first player's turn if the setup meets no chance."""
        state = self.rules.new_state(len(self.seats), self.options)
        return Position(state, Step(None, None, None, (), start=tuple("setup" for _ in self.seats))).then(self, None, None, ())


@dataclass(eq=False)
class Step:
    """One step of a game's history, shared by every state that went through it: the seat that acted
    (``None`` for the setup or a start from a given position), its command, and the facts it caused.
    ``start`` holds each seat's chain at a start from a position rather than from the setup."""

    parent: Step | None
    seat: int | None
    command: Command | None
    facts: tuple[Fact, ...]
    start: tuple[str | None, ...] | None = None
    origin: Any = None
    """At a start from a position: the state, whose view begins the chain of each seat ``start`` gives none."""
    chains: dict[int, str] = field(default_factory=dict)

    def __deepcopy__(self, memo: dict[int, Any]) -> Step:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as a flat list (a long game's steps nested would pass the recursion limit)."""
        steps, step = [], self
        while step is not None:
            steps.append((step.seat, step.command, step.facts, step.start, step.origin))
            step = step.parent
        return _rebuilt, (steps,)

    def chain(self, rules: Ruleset, seat: int) -> str:
        """The seat's information state after this step: a hash of what it saw, in order."""
        pending: list[Step] = []
        step: Step | None = self
        while step is not None and seat not in step.chains:
            pending.append(step)
            step = step.parent
        known = "" if step is None else step.chains[seat]
        for step in reversed(pending):
            if step.start is not None:  # a start: the chain it was given, or its view there
                known = step.start[seat - 1] or _digest("view " + json.dumps(rules.view(step.origin, seat), sort_keys=True, default=str))
                step.chains[seat] = known
                continue
            seen = [known]
            if step.seat == seat:
                seen.append("sent " + canonical(step.command or {}))
            seen.extend(repr(rules.redact(fact, seat)) for fact in step.facts)
            known = _digest("\n".join(seen))
            step.chains[seat] = known
        return known


def _rebuilt(steps: list[tuple[Any, ...]]) -> Step | None:
    step = None
    for seat, command, facts, start, origin in reversed(steps):
        step = Step(step, seat, command, facts, start, origin)
    return step


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def returns_of(rules: Ruleset, state: Any, count: int) -> list[float]:
    outcome = rules.outcome(state)
    if outcome is not None and outcome.scores is not None and len(outcome.scores) == count:
        mean = sum(outcome.scores) / count
        return [float(score - mean) for score in outcome.scores]
    if outcome is None or outcome.at_limit or len(outcome.winners) in (0, count):
        return [0.0] * count
    return [1.0 if seat in outcome.winners else -1.0 for seat in range(1, count + 1)]


@dataclass(eq=False)
class Position:
    """Where a game stands: its state, the step that led there, a command waiting for chance (``pending``:
    seat, command and the outcomes given so far, with ``count`` outcomes to the next), and what is worked
    out of it once. Never changed once made, so clones share it (``__deepcopy__``)."""

    state: Any
    step: Step
    pending: tuple[int | None, Command | None, tuple[int, ...]] | None = None
    count: int = 0
    to_act: list[int] | None = None
    legal: dict[int, Command] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        return self

    def then(self, table: Table, seat: int | None, command: Command | None, answers: tuple[int, ...]) -> Position:
        """The position after the command (``None``: the setup) decided with these chance outcomes: a chance
        node when it meets one more."""
        rules, rng = table.rules, ScriptedRng(answers)
        try:
            if seat is None:
                facts = rules.setup(self.state, rng)
            else:
                facts = rules.decide(self.state, seat, command, rng)  # type: ignore[arg-type]
        except ChanceNeeded as needed:
            if needed.count > MAX_CHANCE_OUTCOMES:
                raise pyspiel.SpielError(f"a chance question with {needed.count} outcomes (at most {MAX_CHANCE_OUTCOMES})")
            return Position(self.state, self.step, (seat, command, answers), needed.count)
        state = self.state
        for fact in facts:
            state = rules.evolve(state, fact)
        return Position(state, Step(self.step, seat, command, tuple(facts)))


class LudologState(pyspiel.State):
    """A position of a ludolog game, as OpenSpiel plays it: ``table`` and ``at`` (a ``Position``), both
    shared by its clones."""

    def __init__(self, game: pyspiel.Game, table: Table, at: Position) -> None:
        super().__init__(game)
        self.table, self.at = table, at

    def _apply_action(self, action: int) -> None:
        at = self.at
        if at.pending is not None:
            seat, command, answers = at.pending
            self.at = at.then(self.table, seat, command, (*answers, action))
        else:
            self.at = at.then(self.table, self.to_act()[0], self.legal()[action], ())

    # -- what OpenSpiel asks ---------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        at = self.at
        if at.to_act is None:
            rules = self.table.rules
            at.to_act = [] if rules.outcome(at.state) is not None else rules.to_act(at.state)
        return at.to_act

    def legal(self) -> dict[int, Command]:
        """The legal commands of the seat to move, by action."""
        at = self.at
        if at.legal is None:
            at.legal = self.table.numbering.number_all(self.table.rules.legal_commands(at.state, self.to_act()[0]))
        return at.legal

    def current_player(self) -> int:
        if self.at.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        to_act = self.to_act()
        return to_act[0] - 1 if to_act else int(pyspiel.PlayerId.TERMINAL)

    def is_terminal(self) -> bool:
        return self.at.pending is None and not self.to_act()

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.legal()) if not self.is_terminal() and player == self.current_player() else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(outcome, 1.0 / self.at.count) for outcome in range(self.at.count)]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"outcome {action} of {self.at.count}"
        command = self.legal().get(action) if player == self.current_player() else None
        if command is None and self.table.numbering.dense:
            command = self.table.numbering.command(action)
        if command is None:
            return f"action {action}"
        describe = self.table.rules.describe_command
        text = describe(command)
        if player == self.current_player() and sum(describe(other) == text for other in self.legal().values()) > 1:
            return canonical(command)  # two commands a ruleset describes alike (OpenSpiel wants each named apart)
        return text

    def returns(self) -> list[float]:
        count = len(self.table.seats)
        return returns_of(self.table.rules, self.at.state, count) if self.is_terminal() else [0.0] * count

    def resample_from_infostate(self, player: int, sampler: Any) -> LudologState:
        """A state the player cannot tell from this one (``determinize``), with the same information state for
        it; the other seats' information states start afresh from their views of the sample."""
        if self.at.pending is not None:
            raise pyspiel.SpielError("a state is resampled between commands, not while chance is being met")
        seat, rules = player + 1, self.table.rules
        source = random.Random(int(float(sampler()) * 2**53))
        sample = rules.determinize(self.at.state, seat, SimRng(source))
        return self.from_position(self.get_game(), self.table, sample, {seat: self.at.step.chain(rules, seat)})

    @classmethod
    def from_position(cls, game: pyspiel.Game, table: Table, state: Any, known: dict[int, str] | None = None) -> LudologState:
        """A state starting at a position of a game under way: each seat's information state begins with
        its view (or with ``known`` chains)."""
        known = known or {}
        start = tuple(known.get(seat) for seat in range(1, len(table.seats) + 1))
        return cls(game, table, Position(state, Step(None, None, None, (), start=start, origin=state)))

    def information_state(self, seat: int) -> str:
        return f"seat {seat} " + self.at.step.chain(self.table.rules, seat)

    def observation(self, seat: int) -> str:
        return json.dumps(self.table.rules.view(self.at.state, seat), sort_keys=True, default=str)

    def __str__(self) -> str:
        rules = self.table.rules
        return rules.render(rules.owner_view(self.at.state), self.table.seats)


class LudologObserver:
    """OpenSpiel's observer: a seat's information state (perfect recall) as a string, or its view now as a
    string and, where the game has a board (``layout``), as a tensor of its picture (``tensor.py``)."""

    def __init__(self, perfect_recall: bool, layout: Layout | None = None) -> None:
        self.perfect_recall = perfect_recall
        self.layout = None if perfect_recall else layout
        self.tensor = np.zeros(self.layout.size if self.layout else 0, np.float32)
        self.dict: dict[str, Any] = {"observation": self.tensor.reshape(self.layout.shape)} if self.layout else {}

    def set_from(self, state: LudologState, player: int) -> None:
        if self.layout is not None:
            table = state.table
            picture = table.rules.picture(table.rules.view(state.at.state, player + 1), table.seats)
            fill(self.layout, picture, self.dict["observation"])

    def string_from(self, state: LudologState, player: int) -> str:
        return state.information_state(player + 1) if self.perfect_recall else state.observation(player + 1)
