"""A kit's rules as data (kit format 2: ``parameters`` and ``play``), compiled once per kit and played.

On its turn a seat takes one of the kit's **actions** whose condition (``when``) holds: the command
``{"type": "act", "action": "roll"}``. An action's **effects** run in order and become the table's own
facts, so every replay, diary, picture and export reads a kit game with rules as it reads any kit game:
``roll`` a die, ``set`` or ``add`` to a counter (the acting seat's, or the ``seat`` named), ``pass`` the
turn, ``end`` the game, or ``if`` a condition holds do some steps, ``else`` others. After each action the
**endings** are checked in order (the first whose condition holds ends the game, its winners an
expression), then the **turn limit**: a game stopped by it ends with ``at_limit``, so reports tell a
finished game from a stopped one. A kit may declare its **value** (how near a seat stands to winning, from 0
to 1), which greedy and search bots play by. A counter set beyond its range stops at its end (a counter stays in
its range, as at the table).

Conditions and values are CEL expressions (``table_kit.expressions``) reading, by name: each counter (a
seat's counter as ``name[seat]``), each die's last roll (its first face), each parameter, ``seat`` (the
seat acting), ``seats`` (how many play) and ``turn`` (turns begun). **Parameters** are the numbers and
switches the designer varies: each is an option of a game (``{"parameters": {"target": 50}}``), its
default in the kit. Every name and every expression is checked when the kit is read (``problems``), each
mistake at its place in the file.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from domain.engine.commands import Command
from domain.engine.errors import IllegalCommand, InvalidSetup
from domain.engine.facts import Fact
from domain.engine.randomness import Rng
from domain.games.table_kit import facts as f
from domain.games.table_kit.expressions import (
    Expression,
    ExpressionError,
    ExpressionFailed,
    compile_expression,
)

Path_ = tuple[str | int, ...]
GIVEN = ("seat", "seats", "turn")
"""The names every expression may read besides the kit's own."""


class RuleMistake(ValueError):
    """A mistake in a kit's rules, at ``path`` in its document."""

    def __init__(self, path: Path_, message: str) -> None:
        super().__init__(message)
        self.path, self.message = path, message


def parameter_values(document: dict[str, Any], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """A game's parameters: the kit's defaults, with the values ``given`` (a game's options) checked against
    their kind and range; ``InvalidSetup`` for a value the kit does not take."""
    declared = document.get("parameters", {})
    values = {name: spec["default"] for name, spec in declared.items()}
    for name, value in dict(given or {}).items():
        spec = declared.get(name)
        if spec is None:
            raise InvalidSetup(f"this kit has no parameter {name!r}" + (f"; its parameters: {', '.join(declared)}" if declared else ""))
        if isinstance(spec["default"], bool) != isinstance(value, bool) or not isinstance(value, (int, bool)):
            raise InvalidSetup(f"parameter {name!r} is {'true or false' if isinstance(spec['default'], bool) else 'a whole number'}, not {value!r}")
        if not isinstance(value, bool) and not spec.get("minimum", value) <= value <= spec.get("maximum", value):
            raise InvalidSetup(f"parameter {name!r} ranges {spec.get('minimum', '')}..{spec.get('maximum', '')}; {value} is outside")
        values[name] = value
    return values


class KitRules:
    """A kit's ``play`` section compiled: its actions, endings and limit, each expression compiled once."""

    def __init__(self, document: dict[str, Any]) -> None:
        play = document["play"]
        self.counters = {spec["name"]: spec for spec in document.get("counters", [])}
        self.dice = {spec["name"]: list(spec["faces"]) for spec in document.get("dice", [])}
        self.parameters = dict(document.get("parameters", {}))
        self.names = frozenset([*self.counters, *self.dice, *self.parameters, *GIVEN])
        self._check_names()
        self.actions = {action["name"]: self._action(action, ("play", "actions", n)) for n, action in enumerate(play["actions"])}
        self.endings = [(self._expr(end["when"], ("play", "end", n, "when")), self._expr(end["winners"], ("play", "end", n, "winners")),
                         end.get("reason") or f"the end {n + 1} of the kit's rules")
                        for n, end in enumerate(play.get("end", []))]
        self.value = None if "value" not in play else self._expr(play["value"], ("play", "value"))
        limit = play.get("limit")
        self.limit = None if limit is None else (self._expr(limit["turns"], ("play", "limit", "turns")), limit.get("most"),
                                                limit.get("reason") or "the turn limit was reached")
        if self.limit is not None and self.limit[1] is not None and self.limit[1] not in self.counters:
            raise RuleMistake(("play", "limit", "most"), f"no counter named {self.limit[1]!r}")

    # -- compiling ---------------------------------------------------------------------------------

    def _check_names(self) -> None:
        seen: dict[str, str] = {name: "a name every expression is given" for name in GIVEN}
        for kind, names in (("counter", self.counters), ("die", self.dice), ("parameter", self.parameters)):
            for name in names:
                if not name.isidentifier():
                    raise RuleMistake((f"{kind}s" if kind != "die" else "dice",), f"the {kind} {name!r} cannot be read by an "
                                      "expression: a name with rules is letters, digits and _ (not starting with a digit)")
                if name in seen:
                    raise RuleMistake(("play",), f"{name!r} names a {kind} and {seen[name]}: the rules would not know which")
                seen[name] = f"a {kind}"

    def _expr(self, source: Any, path: Path_) -> Expression:
        try:
            return compile_expression(source, self.names)
        except ExpressionError as error:
            raise RuleMistake(path, str(error)) from None

    def _action(self, spec: dict[str, Any], path: Path_) -> dict[str, Any]:
        when = spec.get("when")
        return {"name": spec["name"], "summary": spec.get("summary") or spec["name"],
                "when": None if when is None else self._expr(when, (*path, "when")),
                "effects": self._effects(spec["effects"], (*path, "effects"))}

    def _effects(self, specs: list[dict[str, Any]], path: Path_) -> list[tuple[str, Any, Path_]]:
        out = []
        for n, spec in enumerate(specs):
            at = (*path, n)
            kinds = [kind for kind in ("roll", "set", "add", "pass", "end", "if") if kind in spec]
            if len(kinds) != 1:
                raise RuleMistake(at, "a step does one thing: roll, set, add, pass, end, or if" + (f" (this one: {', '.join(kinds)})" if kinds else ""))
            kind = kinds[0]
            seat = self._expr(spec["seat"], (*at, "seat")) if "seat" in spec else None
            if kind == "roll":
                if spec["roll"] not in self.dice:
                    raise RuleMistake((*at, "roll"), f"no die named {spec['roll']!r}")
                out.append(("roll", spec["roll"], at))
            elif kind in ("set", "add"):
                counter, key = spec[kind], "to" if kind == "set" else "value"
                if counter not in self.counters:
                    raise RuleMistake((*at, kind), f"no counter named {counter!r}")
                if key not in spec:
                    raise RuleMistake(at, f"{kind} {counter} needs {key!r}")
                out.append((kind, (counter, self._expr(spec[key], (*at, key)), seat), at))
            elif kind == "pass":
                out.append(("pass", None if spec["pass"] == "next" else self._expr(spec["pass"], (*at, "pass")), at))
            elif kind == "end":
                out.append(("end", (self._expr(spec["end"]["winners"], (*at, "end", "winners")), spec["end"].get("reason") or "the kit's rules ended the game"), at))
            else:
                out.append(("if", (self._expr(spec["if"], (*at, "if")), self._effects(spec.get("then", []), (*at, "then")),
                                   self._effects(spec.get("else", []), (*at, "else"))), at))
        return out

    # -- playing -----------------------------------------------------------------------------------

    def legal_commands(self, state: Any, seat: int) -> list[Command]:
        """The actions whose condition holds for the seat, as commands."""
        if state.winners is not None or seat != state.turn:
            return []
        scope = Scope(self, state, seat)
        return [{"type": "act", "action": name} for name, action in self.actions.items()
                if action["when"] is None or _holds(action["when"], scope)]

    def decide(self, state: Any, seat: int, command: Command, rng: Rng, evolve: Any) -> list[Fact]:
        """The facts of the seat's action: its effects, then an ending or the limit if one is reached."""
        if command["type"] != "act":
            names = ", ".join(self.actions)
            raise IllegalCommand(f"this kit's rules say what is played: take one of its actions (act: {names})")
        action = self.actions.get(command.get("action"))
        if action is None:
            raise IllegalCommand(f"this kit has no action {command.get('action')!r}; its actions: {', '.join(self.actions)}")
        if action["when"] is not None and not _holds(action["when"], Scope(self, state, seat)):
            raise IllegalCommand(f"{action['name']} is not allowed now: its condition {action['when'].source!r} does not hold")
        run = Run(self, state, seat, rng, evolve)
        run.steps(action["effects"])
        if run.state.winners is None:
            run.check_endings()
        return run.facts


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


class Run:
    """One action being decided: its facts so far, each applied to the table as it is made."""

    def __init__(self, rules: KitRules, state: Any, seat: int, rng: Rng, evolve: Any) -> None:
        self.rules, self.state, self.seat, self.rng, self.evolve = rules, state, seat, rng, evolve
        self.facts: list[Fact] = []

    def emit(self, fact: Fact) -> None:
        self.facts.append(fact)
        self.state = self.evolve(self.state, fact)

    def value(self, expression: Expression) -> Any:
        try:
            return expression.value(Scope(self.rules, self.state, self.seat))
        except ExpressionFailed as error:
            raise IllegalCommand(f"the kit's rules fail here: {error}") from None

    def steps(self, effects: list[tuple[str, Any, Path_]]) -> None:
        for kind, spec, _ in effects:
            if self.state.winners is not None:
                return
            if kind == "roll":
                faces = self.rules.dice[spec]
                self.emit(f.DiceRolled(self.seat, spec, [self.rng.choice(faces, f"{{seat}} rolls {spec}: which face?", self.seat)]))
            elif kind in ("set", "add"):
                self.counter(kind, *spec)
            elif kind == "pass":
                to = self.seat % self.state.seats + 1 if spec is None else self.seat_number(self.value(spec))
                self.emit(f.TurnPassed(self.seat, to))
            elif kind == "end":
                self.end(self.value(spec[0]), spec[1])
            else:
                condition, then, otherwise = spec
                self.steps(then if self.truth(condition) else otherwise)

    def truth(self, expression: Expression) -> bool:
        found = self.value(expression)
        if not isinstance(found, bool):
            raise IllegalCommand(f"the kit's rules fail here: {expression.source!r} is a condition, but its value is {found!r}")
        return found

    def seat_number(self, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= self.state.seats:
            raise IllegalCommand(f"the kit's rules fail here: {value!r} is no seat (1 to {self.state.seats})")
        return value

    def counter(self, kind: str, name: str, amount: Expression, seat: Expression | None) -> None:
        spec = self.rules.counters[name]
        owner = None if not spec.get("each", True) else (self.seat if seat is None else self.seat_number(self.value(seat)))
        key = name if owner is None else f"{name}:{owner}"
        number = self.value(amount)
        if isinstance(number, bool) or not isinstance(number, int):
            raise IllegalCommand(f"the kit's rules fail here: {amount.source!r} is {number!r}, not a whole number for {name}")
        value = number if kind == "set" else self.state.counters[key] + number
        value = max(spec.get("min", value), min(spec.get("max", value), value))
        self.emit(f.CounterChanged(self.seat, key, value, None if kind == "set" else value - self.state.counters[key]))

    def end(self, winners: Any, reason: str, at_limit: bool = False) -> None:
        if not isinstance(winners, list):
            raise IllegalCommand(f"the kit's rules fail here: the winners are {winners!r}, not a list of seats")
        self.emit(f.GameEnded(self.seat, sorted({self.seat_number(winner) for winner in winners}), reason, at_limit))

    def check_endings(self) -> None:
        for when, winners, reason in self.rules.endings:
            if self.truth(when):
                self.end(self.value(winners), reason)
                return
        if self.rules.limit is not None:
            turns, most, reason = self.rules.limit
            if self.state.turns > self.value(turns):  # the turn after the last has begun
                self.end(self.leaders(most), reason, at_limit=True)

    def leaders(self, most: str | None) -> list[int]:
        if most is None:
            return []
        values = Scope(self.rules, self.state, self.seat)[most]
        if not isinstance(values, dict):
            return []
        best = max(values.values())
        found = [seat for seat, value in values.items() if value == best]
        return [] if len(found) == len(values) and len(values) > 1 else found


class Scope(Mapping[str, Any]):
    """The values an expression may read, worked out only for the names it reads."""

    def __init__(self, rules: KitRules, state: Any, seat: int) -> None:
        self.rules, self.state, self.seat = rules, state, seat

    def __getitem__(self, name: str) -> Any:
        state = self.state
        if name == "seat":
            return self.seat
        if name == "seats":
            return state.seats
        if name == "turn":
            return state.turns
        if name in self.rules.parameters:
            return state.parameters[name]
        if name in self.rules.dice:
            rolled = state.dice.get(name)
            return rolled[0] if rolled else 0
        spec = self.rules.counters.get(name)
        if spec is None:
            raise KeyError(name)
        if not spec.get("each", True):
            return state.counters[name]
        return {seat: state.counters[f"{name}:{seat}"] for seat in range(1, state.seats + 1)}

    def __contains__(self, name: object) -> bool:
        return name in self.rules.names

    def __iter__(self) -> Iterator[str]:
        return iter(self.rules.names)

    def __len__(self) -> int:
        return len(self.rules.names)


def _holds(expression: Expression, scope: Scope) -> bool:
    try:
        return expression.holds(scope)
    except ExpressionFailed as error:
        raise IllegalCommand(f"the kit's rules fail here: {error}") from None
