"""A kit's rules as data (kit format 2: ``parameters`` and ``play``), compiled once per kit and played.

On its turn a seat takes one of the kit's **actions** whose condition (``when``) holds, naming its
**choices** (``kit_choices``: a space, a number): the command ``{"type": "act", "action": "place",
"to": "b2"}``. An action's **effects** (``kit_steps``) run in order and become the table's own facts, so
every replay, diary, picture and export reads a kit game with rules as it reads any kit game. After each
action the **endings** are checked in order (the first whose condition holds ends the game, its winners
an expression), then the **turn limit**: a game stopped by it ends with ``at_limit``, so reports tell a
finished game from a stopped one. A seat to act that has no action it may take is **stuck**: the kit's
``stuck`` steps are taken for it (``[{pass: next}]`` lets the next seat play), or, without them, the
game ends in a draw. A kit may declare its **value** (how near a seat stands to winning, from 0 to 1),
which greedy and search bots play by.

Conditions and values are CEL expressions (``expressions``) reading the names and calling the functions
``kit_scope`` lists. **Parameters** are the numbers, switches, names and lists the designer varies
(``kit_parameters``, which checks a game's values for them): each is an option of a game
(``{"parameters": {"target": 50}}``), its default in the kit. Every name, every expression and every component a
step names is checked when the kit is read (``kit_compile``, through ``checks.problems``), each mistake at its place
in the file.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from domain.engine.commands import Command
from domain.engine.errors import IllegalCommand
from domain.engine.facts import Fact
from domain.engine.randomness import Rng
from domain.games.table_kit.language.expressions import ExpressionFailed
from domain.games.table_kit.board.kit_board import DIRECTIONS, BoardView, compass
from domain.games.table_kit.play.kit_bounds import OfferTally, StepBudget
from domain.games.table_kit.play.kit_compile import CompiledRules, RuleMistake
from domain.games.table_kit.vocabulary.kit_mistakes import did_you_mean
from domain.games.table_kit.play.kit_offers import FirstWanted, Lazy, forget, handed_out, kept, offered, offers
from domain.games.table_kit.play.kit_plain import PlainOffers
from domain.games.table_kit.play.kit_scope import Scope
from domain.games.table_kit.vocabulary import facts as f
from domain.games.table_kit.play.kit_steps import Run
from domain.games.table_kit.play.kit_walk import action_commands
from domain.games.table_kit.play.kit_together import from_turn, reveal, sealed, taken_together
from domain.games.table_kit.vocabulary.layout import PHASE

__all__ = ["NO_ACTION", "KitRules", "RuleMistake"]

NO_ACTION = "has no action it may take"
"""How the end of a game whose seat to act had no action, and no ``stuck`` steps saying otherwise, ends its reason."""


class KitRules(CompiledRules):
    """A kit's rules, compiled (``CompiledRules``) and played: the legal commands, the facts of an action, the
    stuck rule, the setup steps and the kit's value for the bots."""

    FAILED = ExpressionFailed
    """What ``_legal`` catches, read through the rules: a walk left half-made is closed as late as the interpreter's
    exit, when this module's own names may already be gone."""

    def __init__(self, document: dict[str, Any], pieces: Callable[[int], list[Any]] | None = None,
                 mistakes: list[RuleMistake] | None = None) -> None:
        super().__init__(document, pieces, mistakes)
        self._plain = {name: PlainOffers.of(action) if action["choices"] else None for name, action in self.actions.items()}
        """Each action's commands kept by the plain values it reads, where they can be (``kit_plain``)."""
        self._in_phase = {phase: self._actions_in(phase) for phase in range(max(1, len(self.phases)))}
        """``_actions_in`` each of the kit's phases, listed once."""

    # -- the table ---------------------------------------------------------------------------------

    def facing(self, seat: int, seats: int) -> str:
        """The compass point the seat faces (``play.facing``; north where the kit says nothing)."""
        return self.faces[seat - 1] if seat <= len(self.faces) else "north"

    @functools.lru_cache(maxsize=8)  # noqa: B019 -- kits are few and kept for the process
    def stepper(self, facing: str) -> Callable[[str, str], str]:
        """``step(space, direction)`` for a seat facing ``facing``: every answer worked out once."""
        geometry = self.geometry
        table = {(space, direction): geometry.step(space, compass(direction, facing)) for space in geometry.places for direction in DIRECTIONS}

        def step(space: str, direction: str) -> str:
            found = table.get((space, direction))
            if found is None:
                if direction not in DIRECTIONS:
                    raise ValueError(f"{direction!r} is no direction (north, north-east... or ahead, ahead-left...)")
                return ""
            return found

        return step

    @functools.lru_cache(maxsize=8)  # noqa: B019 -- kits are few and kept for the process
    def owners(self, seats: int) -> dict[str, tuple[str, int]]:
        """Each piece's kind and owner (0: no one's) at a table of ``seats``."""
        pieces = self._pieces(seats) if self._pieces is not None else []
        return {piece.id: (piece.kind, piece.owner or 0) for piece in pieces}

    @functools.lru_cache(maxsize=64)  # noqa: B019 -- kits are few and kept for the process
    def placeable(self, seats: int, kind: str | None, seat: int) -> tuple[str, ...]:
        """The pieces a ``place`` step may put down for the seat, in order: its own and no one's, of the kind (or any)."""
        return tuple(piece for piece, (its_kind, owner) in self.owners(seats).items() if kind in (None, its_kind) and owner in (seat, 0))

    def board_view(self, state: Any) -> BoardView:
        seats = state.seats  # read now: a board holding its table would make a cycle, let go only by the collector
        return BoardView(self.geometry, state.pieces, lambda: self.owners(seats))

    # -- playing -----------------------------------------------------------------------------------

    def acting(self, state: Any) -> list[int]:
        """The seats to act: the seat whose turn it is; in a turn taken together, every seat yet to choose that has
        an action it may take, in seat order from the seat whose turn it is."""
        if state.winners is not None or not state.turn:
            return []
        if not taken_together(self, state):
            return [state.turn]
        memo = kept(self, state)  # asked again and again of one table: worked out once (``kit_offers.kept``)
        if "acting" not in memo:
            chosen = sealed(state)
            memo["acting"] = [seat for seat in from_turn(state) if seat not in chosen and self.can_act(state, seat)]
        return list(memo["acting"])

    def legal_commands(self, state: Any, seat: int) -> list[Command]:
        """The actions whose condition holds for the seat, with each choice that lets it, as commands."""
        if state.winners is not None or (seat != state.turn if self.together is None else seat not in self.acting(state)):
            return []
        return self.allowed(state, seat)

    def allowed(self, state: Any, seat: int) -> list[Command]:
        """The commands the kit's actions allow the seat on this table, whoever is to act (made once a table:
        ``kit_offers``)."""
        try:
            return handed_out(self, state, seat, self._made)
        except Exception:
            forget(self, state, seat)
            raise

    def can_act(self, state: Any, seat: int) -> bool:
        """Whether the seat has an action it may take (found as soon as one is; the rest made when asked for)."""
        try:
            return offers(self, state, seat, self._made).first()
        except Exception:
            forget(self, state, seat)
            raise

    def _made(self, state: Any, seat: int, wanted: FirstWanted | None) -> Any:
        """The commands, one after another as they are asked for (``wanted``: read as each choice's values are made),
        or, ``wanted`` None, every one at once in a list."""
        scope = Scope(self, state, seat)
        if wanted is not None:
            return self._legal(scope, wanted)
        found: list[Command] = []
        try:
            for commands in self._by_action(scope, False):
                found.extend(commands)
        except self.FAILED as error:
            raise IllegalCommand(f"the kit's rules fail here: {error}") from None
        return found

    def _legal(self, scope: Scope, lazy: Lazy = False) -> Any:
        """The commands the actions allow, one after another (``_by_action``'s, each action's in turn)."""
        try:
            for commands in self._by_action(scope, lazy):
                yield from commands
        except self.FAILED as error:
            raise IllegalCommand(f"the kit's rules fail here: {error}") from None

    def _actions_in(self, phase: int) -> list[tuple[str, dict[str, Any]]]:
        """The actions that may be taken in the phase (by its number; 0 in a kit without phases), in order."""
        return [(name, action) for name, action in self.actions.items() if action["phases"] is None or phase in action["phases"]]

    def _by_action(self, scope: Scope, lazy: Lazy) -> Any:
        """Each action's commands, in order, one action after another (each read to its end before the next is
        made): at most ``MOST_OFFERED`` made at once (``OfferTally``); an action's kept for the plain values it
        reads, when all are wanted (``kit_plain``)."""
        tally, plain = OfferTally(), self._plain
        phase = scope.state.counters.get(PHASE, 0)
        in_phase = self._in_phase.get(phase)
        for name, action in self._actions_in(phase) if in_phase is None else in_phase:  # None: no phase of the kit's
            keeper = plain[name]
            key = keeper.key(scope) if keeper is not None and keeper.usable and not lazy else None
            if key is None:
                yield action_commands(scope, name, action, lazy, tally)
                continue
            found = keeper.found(key, tally)  # type: ignore[union-attr]
            if found is None:
                before = list(tally.made)
                found = list(action_commands(scope, name, action, lazy, tally))
                keeper.keep(key, found, before, tally)  # type: ignore[union-attr]
            yield found

    def decide(self, state: Any, seat: int, command: Command, rng: Rng, evolve: Any, table: Any) -> list[Fact]:
        """The facts of the seat's action: its effects, then an ending or the limit if one is reached, then
        the stuck rule for a next seat with no action it may take."""
        if command["type"] != "act":
            names = ", ".join(self.actions)
            raise IllegalCommand(f"this kit's rules say what is played: take one of its actions (act: {names})")
        action = self.actions.get(command.get("action"))
        if action is None:
            raise IllegalCommand(f"this kit has no action {command.get('action')!r}{did_you_mean(command.get('action'), self.actions)}; its actions: {', '.join(self.actions)}")
        if offered(self, state, seat, command):
            chosen = {choice.name: command[choice.name] for choice in action["choices"]}  # offered: allowed as it is
        else:
            chosen = self._checked(state, seat, action, command)
        if taken_together(self, state):
            if seat in sealed(state):
                raise IllegalCommand("you have chosen this turn already: the choices are revealed once every seat has chosen")
            sealing = f.ChoiceSealed(seat, action["name"], chosen)
            return [sealing, *self.unstick(evolve(state, sealing), rng, evolve, table)]
        run = Run(self, state, seat, rng, evolve, table, chosen)
        before = self.conditions_before(run)
        run.steps(action["effects"])
        self.after_action(run, before)
        return run.facts + self.unstick(run.state, rng, evolve, table, run.budget)

    def conditions_before(self, run: Run) -> list[bool]:
        """Whether each ``whenever`` rule's condition holds before an action (it is taken when it becomes true)."""
        return [run.truth(when) for when, _ in self.whenever] if self.whenever else []

    def after_action(self, run: Run, before: list[bool]) -> None:
        """After an action's steps: each ``whenever`` rule whose condition was false before it and holds now has its
        steps taken, in order; then the endings and the turn limit are checked."""
        for (when, effects), held in zip(self.whenever, before):
            if run.state.winners is None and not held and run.truth(when):
                run.steps(effects)
        if run.state.winners is None:
            run.check_endings()

    def unstick(self, state: Any, rng: Rng, evolve: Any, table: Any, budget: StepBudget | None = None) -> list[Fact]:
        """The facts of what follows an action before anyone acts again: in a turn taken together with every seat
        that could choose done, the reveal (``kit_together``); and the stuck rule, taken for each seat to act that
        has no action it may take (at most once round the table; then the game ends in a draw). Their steps count
        as the action's (``budget``)."""
        facts: list[Fact] = []
        budget = budget or StepBudget()
        stuck_turns = 0
        for _ in range(2 * state.seats + 3):  # each reveal is followed by a turn played or a stuck one
            if state.winners is not None or not state.turn:
                break
            if taken_together(self, state):
                if self.acting(state):
                    break
                if sealed(state):
                    revealed, state = reveal(self, state, rng, evolve, table, budget)
                    facts += revealed
                    continue
            elif self.can_act(state, state.turn):
                break
            stuck = Run(self, state, state.turn, rng, evolve, table, budget=budget)
            if self.stuck is None or stuck_turns == state.seats:
                stuck.end([], f"seat {stuck.seat} {NO_ACTION}")
            else:
                stuck.steps(self.stuck)
                if stuck.state.winners is None:
                    stuck.check_endings()
            stuck_turns += 1
            facts, state = facts + stuck.facts, stuck.state
        return facts

    def set_up(self, state: Any, first: int, rng: Rng, evolve: Any, table: Any) -> list[Fact]:
        """The facts of the kit's ``setup`` steps, taken as the first seat before its turn begins; then its turn
        passed to it, unless they passed it (to a roll-off's winner); then the stuck rule, for a first seat with no
        action. All count as one action's steps and facts (``StepBudget``)."""
        run = Run(self, state, first, rng, evolve, table, budget=StepBudget("the setup"))
        run.steps(self.setup)
        if not any(isinstance(fact, f.TurnPassed) for fact in run.facts):
            run.emit(f.TurnPassed(None, first))
        return run.facts + self.unstick(run.state, rng, evolve, table, run.budget)

    def _checked(self, state: Any, seat: int, action: dict[str, Any], command: Command) -> dict[str, Any]:
        """The command's choices, the action's phase, choices and condition checked as they stand on this table."""
        phase = state.counters.get(PHASE, 0)
        if action["phases"] is not None and phase not in action["phases"]:
            names = " or ".join(self.phases[n] for n in sorted(action["phases"]))
            raise IllegalCommand(f"{action['name']} is taken in the {names} phase; the turn is in its {self.phases[phase]} phase")
        chosen = self._chosen(Scope(self, state, seat), action, command)
        try:
            if action["when"] is not None and not action["when"].holds(Scope(self, state, seat, chosen)):
                raise IllegalCommand(f"{action['name']} is not allowed now: its condition {action['when'].source!r} does not hold")
        except ExpressionFailed as error:
            raise IllegalCommand(f"the kit's rules fail here: {error}") from None
        return chosen

    def _chosen(self, scope: Scope, action: dict[str, Any], command: Command) -> dict[str, Any]:
        """The command's choices, each checked against what the action allows given those before it."""
        expected = [choice.name for choice in action["choices"]]
        extra = [key for key in command if key not in ("type", "action") and key not in expected]
        if extra:
            raise IllegalCommand(f"{action['name']} chooses {', '.join(expected) or 'nothing'}; not {', '.join(extra)}")
        chosen: dict[str, Any] = {}
        for choice in action["choices"]:
            if choice.name not in command:
                raise IllegalCommand(f"{action['name']} needs {choice.name}: {choice.says()}")
            value = command[choice.name]
            value = value if choice.numbers is not None or isinstance(value, bool) else str(value)
            try:
                allowed = choice.allows(scope.with_choice(chosen), value)
            except ExpressionFailed as error:
                raise IllegalCommand(f"the kit's rules fail here: {error}") from None
            if not allowed:
                raise IllegalCommand(f"{action['name']}: {choice.name} {value!r} is not allowed: it must be {choice.says()}")
            chosen[choice.name] = value
        return chosen

    def evaluate(self, state: Any, seat: int) -> float:
        """The kit's ``value`` for the seat, kept between 0 and 1 (0.5 where it cannot be worked out)."""
        assert self.value is not None
        try:
            found = self.value.value(Scope(self, state, seat))
        except ExpressionFailed:
            return 0.5
        if isinstance(found, bool) or not isinstance(found, (int, float)):
            return 0.5
        return max(0.0, min(1.0, float(found)))

