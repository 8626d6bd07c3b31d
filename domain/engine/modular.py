"""The parts a ruleset split into modules is built from, so that a game folder writes only its rules.

A game's folder usually holds ``evolve.py`` (``apply``: a fact applied to the state), ``present.py``
(``view``, ``describe``, ``render`` and ``describe_command``), and ``play.py`` (a ``Decision``
subclass, ``Play``, whose methods are the commands). Its state's ``phase`` is ``"over"`` once the game
has ended, with ``winners``, ``reason`` and ``at_limit`` (whether it stopped at its turn or round limit:
``domain.engine.endings``). ``ModularRuleset`` makes the contract's methods out of those
parts; a game overrides any of them that it shows differently (a view with secrets, say).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, ClassVar

from domain.engine.commands import Command
from domain.engine.facts import Fact, Outcome
from domain.engine.randomness import Rng
from domain.engine.ruleset import Ruleset


class Decision:
    """Builds the facts of one decision, applying each to the state as it is made, so that the next
    step sees its effect. A game's ``Play`` subclasses it, sets ``apply_fact`` (its ``evolve.apply``,
    as a ``staticmethod``) and adds one method per command.

    A game whose state has a ``copy()`` may also set ``apply_in_place`` (a fact applied to a state it
    may change): the decision then copies the state it was given once, at its first fact, and applies
    every fact to that copy in place; the given state is still never changed (bots decide thousands of
    times a move, and a copy per fact was most of a decision's cost)."""

    apply_fact: ClassVar[Callable[[Any, Fact], Any]]
    apply_in_place: ClassVar[Callable[[Any, Fact], None] | None] = None

    def __init__(self, state: Any, rng: Rng | None = None) -> None:
        self.state = state
        self.rng = rng
        self.facts: list[Fact] = []
        self._own_copy = False

    def emit(self, fact: Fact) -> None:
        """Record the fact and apply it."""
        self.facts.append(fact)
        in_place = type(self).apply_in_place
        if in_place is None:
            self.state = self.apply_fact(self.state, fact)
            return
        if not self._own_copy:
            self.state, self._own_copy = self.state.copy(), True
        in_place(self.state, fact)

    @property
    def over(self) -> bool:
        """Whether a fact of this decision has ended the game."""
        return bool(self.state.phase == "over")


class ModularRuleset(Ruleset):
    """A ruleset whose facts are applied by ``apply_fact`` and shown by the module ``present``, and
    whose state says when it is ``over``, who won (``winners``), why (``reason``) and whether at its limit
    (``at_limit``)."""

    apply_fact: ClassVar[Callable[[Any, Fact], Any]]
    """The game's ``evolve.apply``, set as a ``staticmethod``."""
    present: ClassVar[ModuleType]
    """The game's ``present`` module: ``view(state, to_act)``, ``describe(fact, seats)``,
    ``render(view, seats)`` and ``describe_command(command)``."""
    drawing: ClassVar[ModuleType | None] = None
    """The game's ``picture`` module, if it draws its views: ``picture(view, seats)`` (``domain.engine.picture``)."""
    refs: ClassVar[ModuleType | None] = None
    """The module whose ``command_refs(state, seat, command)`` says what commands name on the board,
    where a field's values alone would be ambiguous (``Ruleset.command_refs``)."""
    seat_views: ClassVar[bool] = False
    """Whether each seat sees a view of its own (its hand): ``present.view(state, to_act, seat, secrets)``
    then makes every view, the owner's with ``secrets``."""

    def evolve(self, state: Any, fact: Fact) -> Any:
        return self.apply_fact(state, fact)

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        if self.seat_views:
            seen: dict[str, Any] = self.present.view(state, self.to_act(state), seat, secrets=False)
            return seen
        view: dict[str, Any] = self.present.view(state, self.to_act(state))
        return view

    def owner_view(self, state: Any) -> dict[str, Any]:
        if self.seat_views:
            everything: dict[str, Any] = self.present.view(state, self.to_act(state), None, secrets=True)
            return everything
        return self.view(state, None)

    def outcome(self, state: Any) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(winners=list(state.winners), reason=state.reason, at_limit=state.at_limit)

    def describe(self, fact: Fact, seats: Sequence[str]) -> str:
        return str(self.present.describe(fact, seats))

    def render(self, view: dict[str, Any], seats: Sequence[str]) -> str:
        return str(self.present.render(view, seats))

    def picture(self, view: dict[str, Any], seats: Sequence[str]) -> dict[str, Any]:
        drawing = getattr(self, "drawing", None)
        if drawing is None:
            return super().picture(view, seats)
        found: dict[str, Any] = drawing.picture(view, seats)
        return found

    def describe_command(self, command: Command) -> str:
        return str(self.present.describe_command(command))

    def label_command(self, state: Any, seat: int, command: Command) -> str:
        label = getattr(self.present, "label_command", None)
        return self.describe_command(command) if label is None else str(label(state, seat, command))

    def command_refs(self, state: Any, seat: int, command: Command) -> dict[str, list[str]]:
        if self.refs is None:
            return super().command_refs(state, seat, command)
        return dict(self.refs.command_refs(state, seat, command))
