"""One action of a kit's rules being carried out: its steps, in order, each made a fact of the table and
applied at once, so the next step reads the table as it now is.

The steps: ``roll`` a die; ``set`` or ``add`` to a counter (the acting seat's, or the ``seat`` named;
a keyed counter's ``key`` worked out); ``place`` one of the seat's pieces of a kind (named, or worked out) from off the board onto a space; ``move`` the piece on one
space (the seat's own, where pieces share it) to another; ``capture`` the piece on a space (it goes off the board); on cards, as the table's
commands of the same names do them (who sees what included), ``draw`` (``count`` of them), ``deal``,
``play``, ``discard``, ``give``, ``reveal``, ``shuffle``, ``gather`` and ``flip``, and ``take`` a card from another
seat's hand; ``pass`` the turn (the kit's ``turn_begins`` steps are then taken for the seat whose turn begins);
``ask`` another seat to answer out of turn; move the turn on to a ``phase``; ``do`` the steps the kit names in
``define``; ``end`` the game; ``if`` a condition holds do some steps, ``else`` others; ``repeat`` some steps ``until`` a condition holds
(a roll-off until one seat is left). A step the table cannot carry out
(placing a piece the seat has none of left, moving onto a taken space, a key a keyed counter has not, a kind
worked out that names no kind) refuses the whole action, saying
which step and why: nothing is recorded. One action takes at most ``MOST_STEPS_TAKEN`` steps, counted across
every run of steps it sets going (``kit_bounds.StepBudget``).
"""

from __future__ import annotations

from typing import Any

from domain.engine.errors import IllegalCommand
from domain.engine.facts import Fact
from domain.engine.randomness import Rng
from domain.games.table_kit.vocabulary import facts as f
from domain.games.table_kit.language.expressions import Expression, ExpressionFailed
from domain.games.table_kit.play.kit_bounds import StepBudget
from domain.games.table_kit.play.kit_endings import Endings
from domain.games.table_kit.play.kit_piece_steps import PieceSteps
from domain.games.table_kit.play.kit_scope import Scope
from domain.games.table_kit.language.kit_sizes import stored_key
from domain.games.table_kit.vocabulary.layout import ASKER

Step = tuple[str, Any, tuple[str | int, ...]]
MOST_LANDINGS = 20
"""The most landing rules one action may set off (a ladder's top on a snake's head...), so a loop of them ends;
likewise the most turns one action may begin, and the most named steps (``do``) it may take inside each other."""
MOST_REPEATS = 100
"""The most times a ``repeat`` takes its steps before the action is refused (a roll-off tied a hundred times)."""
CARD_STEPS = ("draw", "deal", "play", "discard", "give", "reveal", "shuffle", "gather", "flip")
"""The steps on cards: each the table's command of that name, taken by the seat acting."""


class Run(Endings, PieceSteps):
    """One action being decided: its facts so far, each applied to the table as it is made."""

    __slots__ = ("_begun", "_depth", "_given", "_landings", "_scope", "budget", "chosen", "drawn", "evolve", "facts",
                 "landed", "rng", "rules", "seat", "state", "table")

    def __init__(self, rules: Any, state: Any, seat: int, rng: Rng, evolve: Any, table: Any,
                 chosen: dict[str, Any] | None = None, budget: StepBudget | None = None) -> None:
        self.rules, self.state, self.seat, self.rng, self.evolve, self.table = rules, state, seat, rng, evolve, table
        self.budget = budget or StepBudget()
        """The steps and facts of the action so far, in this run and every other it sets going (the stuck rule's after it)."""
        self.chosen = dict(chosen or {})
        self.landed = ""
        self.drawn = ""
        """The card the acting seat last drew in this action (the name ``drawn``)."""
        self.facts: list[Fact] = []
        self._scope: Scope | None = None
        """The scope of the table as it stands, the seat acting, the space landed on and the card drawn; ``None`` once
        any of them changes."""
        self._given: dict[str, Any] | None = None
        """The names the scope is given besides the table's: the choices, ``landed`` and ``drawn`` (``None`` once one
        of them changes; a fact leaves them as they were)."""
        self._landings = 0
        self._begun = 0
        self._depth = 0

    def act_as(self, seat: int, chosen: dict[str, Any]) -> None:
        """Go on as ``seat``, with its choices (a turn taken together: each sealed choice carried out in turn)."""
        self.seat, self.chosen, self.landed, self.drawn, self._scope, self._given = seat, dict(chosen), "", "", None, None

    def emit(self, fact: Fact) -> None:
        budget = self.budget
        budget.facts += 1  # StepBudget.fact, counted here
        if budget.facts > budget.most:
            budget.refuse_fact()
        self.facts.append(fact)
        self.state, self._scope = self.evolve(self.state, fact), None

    def scope(self) -> Scope:
        """The names and functions as the table now stands: worked out again once a fact changes it, or the seat
        acting, the space landed on or the card drawn (each of which lets it go, ``_scope``)."""
        scope = self._scope
        if scope is None:
            given = self._given
            if given is None:
                given = self._given = {**self.chosen, "landed": self.landed, "drawn": self.drawn}
            scope = self._scope = Scope(self.rules, self.state, self.seat, given)
        return scope

    def value(self, expression: Expression) -> Any:
        scope = self._scope
        if scope is None:
            scope = self.scope()
        try:
            return expression.value(scope)
        except ExpressionFailed as error:
            raise IllegalCommand(f"the kit's rules fail here: {error}") from None

    def truth(self, expression: Expression) -> bool:
        """A condition's value, true or false (``value``'s, read here at once: most steps taken are ``if``)."""
        scope = self._scope
        if scope is None:
            scope = self.scope()
        try:
            found = expression.truth(scope)
        except ExpressionFailed as error:
            raise IllegalCommand(f"the kit's rules fail here: {error}") from None
        if found is True or found is False:
            return found  # type: ignore[no-any-return]
        raise IllegalCommand(f"the kit's rules fail here: {expression.source!r} is a condition, but its value is {found!r}")

    def steps(self, effects: list[Step]) -> None:
        budget, taken = self.budget, _TAKEN
        for kind, spec, at in effects:
            if self.state.winners is not None:
                return
            budget.steps += 1  # StepBudget.step, counted here: one call fewer a step
            budget.at = at
            if budget.steps > budget.most:
                budget.refuse_step()
            if kind == "if":
                condition, then, otherwise = spec
                self.steps(then if self.truth(condition) else otherwise)
            else:
                taken[kind](self, kind, spec)  # each step's method, given its kind and what it reads

    def pass_turn(self, kind: str, to: Expression | None) -> None:
        whose = self.state.counters.get(ASKER, self.seat)  # after an answer: from the seat whose turn it is
        seat = whose % self.state.seats + 1 if to is None else self.seat_number(self.value(to))
        self.emit(f.TurnPassed(self.seat, seat))
        self.begin_turn(seat)

    def named(self, kind: str, name: str) -> None:
        """The steps the kit names in ``define`` (at most ``MOST_LANDINGS`` of them taken inside each other)."""
        self._depth += 1
        if self._depth > MOST_LANDINGS:
            raise IllegalCommand(f"the kit's rules fail here: the named steps {name!r} were taken inside each other more "
                                 f"than {MOST_LANDINGS} times: they may never stop")
        self.steps(self.rules.defined[name])
        self._depth -= 1

    def repeat(self, kind: str, spec: tuple[Expression, list[Step]]) -> None:
        """The steps taken again and again until the condition holds after them (at most ``MOST_REPEATS`` times)."""
        until, effects = spec
        for _ in range(MOST_REPEATS):
            self.steps(effects)
            if self.state.winners is not None or self.truth(until):
                return
        raise IllegalCommand(f"the kit's rules fail here: steps were repeated {MOST_REPEATS} times and "
                             f"{until.source!r} never held")

    def begin_turn(self, seat: int) -> None:
        """The kit's ``turn_begins`` steps, taken as the seat whose turn has just begun (a turn to miss...)."""
        if not self.rules.turn_begins:
            return
        self._begun += 1
        if self._begun > MOST_LANDINGS:
            raise IllegalCommand(f"the kit's rules fail here: more than {MOST_LANDINGS} turns began in one action: "
                                 "the turn_begins steps may never stop passing the turn")
        acting, self.seat, self._scope = self.seat, seat, None
        try:
            self.steps(self.rules.turn_begins)
        finally:
            self.seat, self._scope = acting, None

    def take(self, kind: str, spec: tuple[Expression, Expression]) -> None:
        """A card taken from another seat's hand into the acting seat's: whoever saw it before still knows it."""
        card, whose = spec
        other, name = self.seat_number(self.value(whose)), self.value(card)
        if other == self.seat:
            raise IllegalCommand("the kit's rules fail here: take a card from another seat's hand, not your own")
        cards = self.state.zones[f"hand:{other}"]["cards"]
        index = next((i for i in range(len(cards) - 1, -1, -1) if cards[i]["card"] == name), None)
        if index is None:
            raise IllegalCommand(f"the kit's rules fail here: take: seat {other}'s hand holds no {name!r}")
        seen = sorted({*cards[index]["seen"], self.seat, other})
        self.emit(f.CardMoved(self.seat, "take", name, f"hand:{other}", index, f"hand:{self.seat}", cards[index]["up"], seen))

    def roll(self, kind: str, spec: tuple[str, Expression | None]) -> None:
        """The die rolled by the seat acting, or the ``seat`` named; behind a screen for a hidden die."""
        die, seat = spec
        roller = self.seat if seat is None else self.seat_number(self.value(seat))
        hidden = die in self.rules.hidden
        face = self.rng.choice(self.rules.dice[die], f"{{seat}} rolls {die}: which face?", roller, secret=hidden)
        self.emit((f.HiddenDiceRolled if hidden else f.DiceRolled)(roller, die, [face]))

    def ask(self, kind: str, seat: Expression) -> None:
        """Another seat asked to answer out of turn."""
        self.emit(f.AnswerAsked(self.seat, self.seat_number(self.value(seat))))

    def phase(self, kind: str, phase: str) -> None:
        self.emit(f.PhaseBegun(self.seat, phase))

    def ended(self, kind: str, spec: tuple[tuple[Expression | None, Expression | None], str]) -> None:
        self.end_with(*spec)

    def seat_number(self, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= self.state.seats:
            raise IllegalCommand(f"the kit's rules fail here: {value!r} is no seat (1 to {self.state.seats})")
        return value

    def space(self, expression: Expression) -> str:
        found = self.value(expression)
        if isinstance(found, bool) or not isinstance(found, (str, int)) or str(found) not in self.rules.geometry.known:
            raise IllegalCommand(f"the kit's rules fail here: {expression.source!r} is {found!r}, which is no space of the board")
        return str(found)

    def counter(self, kind: str, spec: tuple[str, Expression, Expression | None, Expression | None]) -> None:
        """A ``set`` or ``add`` step: the counter named (the acting seat's, or the ``seat`` named; a keyed counter's
        ``key`` worked out) set to, or added, the amount, kept within its ``min`` and ``max``."""
        name, amount, seat, index = spec
        counter = self.rules.counters[name]
        owner = None if not counter.get("each", True) else (self.seat if seat is None else self.seat_number(self.value(seat)))
        key = name if owner is None else f"{name}:{owner}"
        if index is not None:  # a keyed counter: the key named, one of its keys at this table
            found, keys = self.value(index), self.rules.keys_of(name, self.state)
            if isinstance(found, bool) or found not in keys:
                raise IllegalCommand(f"the kit's rules fail here: {index.source!r} is {found!r}, which is no key of {name} "
                                     f"(its keys: {', '.join(map(str, keys))})")
            key = stored_key(name, found, owner)
        number = self.value(amount)
        if type(number) is not int and (isinstance(number, bool) or not isinstance(number, int)):
            raise IllegalCommand(f"the kit's rules fail here: {amount.source!r} is {number!r}, not a whole number for {name}")
        value = number if kind == "set" else self.state.counters[key] + number
        value = max(counter.get("min", value), min(counter.get("max", value), value))
        by = None if kind == "set" else value - self.state.counters[key]
        self.emit(f.PrivateCounterChanged(self.seat, key, value, by, owner) if counter.get("private") else f.CounterChanged(self.seat, key, value, by))

    def land(self, space: str) -> None:
        """A piece has landed on ``space``: the first of the kit's landing rules whose condition holds is taken."""
        self.landed, self._scope, self._given = space, None, None
        for when, effects in self.rules.landing:
            if self.truth(when):
                self._landings += 1
                if self._landings > MOST_LANDINGS:
                    raise IllegalCommand(f"the kit's rules fail here: the landing rules moved a piece more than {MOST_LANDINGS} "
                                         f"times in one action (the last onto {space}): they may never stop")
                self.steps(effects)
                return

    def cards(self, kind: str, spec: dict[str, Any]) -> None:
        """A step on cards, done as the table does the command of the same name (its checks and its facts)."""
        command: dict[str, Any] = {"type": kind}
        for key, value in spec.items():
            if key == "card":
                value = self.value(value)
                if not isinstance(value, str):
                    raise IllegalCommand(f"the kit's rules fail here: {spec['card'].source!r} is {value!r}, not a card's name")
            elif key == "seat":
                value = self.seat_number(self.value(value))
            elif key in ("from", "to", "zone") and value.endswith(":"):
                value += str(self.seat)  # a zone each seat has: the acting seat's own
            command[key] = value
        if kind == "draw":
            command.pop("count", None)
        if kind == "reveal" and self._shown(command["card"]):
            return  # every seat has seen it already (a card drawn again from under a pile): nothing to show
        for _ in range(spec.get("count", 1) if kind == "draw" else 1):
            try:
                facts = self.table(self.state, self.seat, command, self.rng)
            except IllegalCommand as error:
                raise IllegalCommand(f"the kit's rules fail here: {kind}: {error}") from None
            for fact in facts:
                self.emit(fact)
                if kind == "draw" and isinstance(fact, f.CardMoved) and fact.to == f"hand:{self.seat}":
                    self.drawn, self._scope, self._given = fact.card, None, None

    def _shown(self, card: str) -> bool:
        """Whether every seat has seen the acting seat's card of that name (the last in its hand)."""
        cards = self.state.zones[f"hand:{self.seat}"]["cards"]
        entry = next((entry for entry in reversed(cards) if entry["card"] == card), None)
        return entry is not None and len(entry["seen"]) >= self.state.seats


_TAKEN: dict[str, Any] = {
    "roll": Run.roll, "set": Run.counter, "add": Run.counter, "place": Run.place, "move": Run.move, "capture": Run.capture,
    **dict.fromkeys(CARD_STEPS, Run.cards), "take": Run.take, "repeat": Run.repeat, "pass": Run.pass_turn, "ask": Run.ask,
    "phase": Run.phase, "do": Run.named, "end": Run.ended}
"""How ``Run.steps`` takes each kind of step, by its kind (``if``, not among them: its branch taken)."""
