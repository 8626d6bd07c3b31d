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
``kit_scope`` lists. **Parameters** are the numbers and switches the designer varies: each is an option of
a game (``{"parameters": {"target": 50}}``), its default in the kit. Every name, every expression and
every component a step names is checked when the kit is read (``checks.problems``), each mistake at its
place in the file.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

from domain.engine.commands import Command
from domain.engine.errors import IllegalCommand, InvalidSetup
from domain.engine.facts import Fact
from domain.engine.randomness import Rng
from domain.games.table_kit.expressions import (
    Expression,
    ExpressionError,
    ExpressionFailed,
    compile_expression,
)
from domain.games.table_kit.kit_board import (
    COMPASS,
    DIRECTIONS,
    BoardView,
    Geometry,
    compass,
)
from domain.games.table_kit.kit_choices import Choice, choice_problems
from domain.games.table_kit.kit_scope import FUNCTIONS, GIVEN, Scope
from domain.games.table_kit.kit_steps import CARD_STEPS, Run, Step

Path_ = tuple[str | int, ...]
NO_ACTION = "has no action it may take"
"""How the end of a game whose seat to act had no action, and no ``stuck`` steps saying otherwise, ends its reason."""
KINDS = ("roll", "set", "add", "place", "move", "capture", *CARD_STEPS, "pass", "end", "if")
"""What a step may do."""


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
    """A kit's ``play`` section compiled: its actions, endings, limit and value, each expression compiled once.
    ``pieces`` lists a table's pieces for a number of seats (``Kit.pieces``; none when only checking)."""

    def __init__(self, document: dict[str, Any], pieces: Callable[[int], list[Any]] | None = None) -> None:
        play = document["play"]
        self._pieces = pieces
        self.geometry = Geometry.of(document)
        self.kinds = frozenset(spec["kind"] for spec in document.get("pieces", []))
        self.zones = frozenset(spec["name"] for spec in document.get("zones", []) if not spec.get("each"))
        self.cards = {card["name"]: {**card.get("fields", {}), "name": card["name"]}
                      for deck in document.get("decks", []) for card in deck["cards"]}
        self.counters = {spec["name"]: spec for spec in document.get("counters", [])}
        self.dice = {spec["name"]: list(spec["faces"]) for spec in document.get("dice", [])}
        self.hidden = frozenset(spec["name"] for spec in document.get("dice", []) if spec.get("hidden"))
        self.parameters = dict(document.get("parameters", {}))
        self.names = frozenset([*self.counters, *self.dice, *self.parameters, *GIVEN])
        self._check_names()
        self.faces = list(play.get("facing", []))
        for n, direction in enumerate(self.faces):
            if direction not in COMPASS:
                raise RuleMistake(("play", "facing", n), f"a seat faces a compass point ({', '.join(COMPASS)}), not {direction!r}")
        self.actions = {action["name"]: self._action(action, ("play", "actions", n)) for n, action in enumerate(play["actions"])}
        self.endings = [(self._expr(end["when"], ("play", "end", n, "when")), self._expr(end["winners"], ("play", "end", n, "winners")),
                         end.get("reason") or f"the end {n + 1} of the kit's rules")
                        for n, end in enumerate(play.get("end", []))]
        self.stuck = None if "stuck" not in play else self._effects(play["stuck"], ("play", "stuck"), self.names)
        self.setup = self._effects(play.get("setup", []), ("play", "setup"), self.names)
        self.landing = [(self._expr(rule["when"], ("play", "landing", n, "when")), self._effects(rule["effects"], ("play", "landing", n, "effects"), self.names))
                        for n, rule in enumerate(play.get("landing", []))]
        self.value = None if "value" not in play else self._expr(play["value"], ("play", "value"))
        limit = play.get("limit")
        self.limit = None if limit is None else (self._expr(limit["turns"], ("play", "limit", "turns")), limit.get("most"),
                                                limit.get("reason") or "the turn limit was reached")
        if self.limit is not None and self.limit[1] is not None and self.limit[1] not in self.counters:
            raise RuleMistake(("play", "limit", "most"), f"no counter named {self.limit[1]!r}")

    # -- compiling ---------------------------------------------------------------------------------

    def _check_names(self) -> None:
        seen: dict[str, str] = {name: "a name every expression is given" for name in (*GIVEN, *FUNCTIONS)}
        for kind, names in (("counter", self.counters), ("die", self.dice), ("parameter", self.parameters)):
            for name in names:
                if not name.isidentifier():
                    raise RuleMistake((f"{kind}s" if kind != "die" else "dice",), f"the {kind} {name!r} cannot be read by an "
                                      "expression: a name with rules is letters, digits and _ (not starting with a digit)")
                if name in seen:
                    raise RuleMistake(("play",), f"{name!r} names a {kind} and {seen[name]}: the rules would not know which")
                seen[name] = f"a {kind}"

    def _expr(self, source: Any, path: Path_, names: frozenset[str] | None = None) -> Expression:
        try:
            return compile_expression(source, self.names if names is None else names, FUNCTIONS)
        except ExpressionError as error:
            raise RuleMistake(path, str(error)) from None

    def _action(self, spec: dict[str, Any], path: Path_) -> dict[str, Any]:
        choices: dict[str, Choice] = {}
        for n, choice in enumerate(spec.get("choose", [])):
            at = (*path, "choose", n)
            for field, message in choice_problems(choice, choices):
                raise RuleMistake((*at, field), message)
            names = self.names | set(choices) | {choice["name"]}
            numbers = choice.get("number")
            choices[choice["name"]] = Choice(
                choice["name"], tuple(choice["space"]) if isinstance(choice.get("space"), list) else (choice.get("space", "any"),),
                choice.get("from"), tuple(choice.get("steps", ())),
                None if numbers is None else (self._expr(numbers[0], (*at, "number", 0), names - {choice["name"]}),
                                              self._expr(numbers[1], (*at, "number", 1), names - {choice["name"]})),
                None if "where" not in choice else self._expr(choice["where"], (*at, "where"), names), choice.get("card"),
                tuple(self._expr(count, (*at, "along", k), names - {choice["name"]}) for k, count in enumerate(_listed(choice.get("along", [])))))
        names = self.names | set(choices)
        when = spec.get("when")
        return {"name": spec["name"], "summary": spec.get("summary") or spec["name"], "choices": list(choices.values()),
                "when": None if when is None else self._expr(when, (*path, "when"), names),
                "effects": self._effects(spec["effects"], (*path, "effects"), names)}

    def _effects(self, specs: list[dict[str, Any]], path: Path_, names: frozenset[str]) -> list[Step]:
        out: list[Step] = []
        for n, spec in enumerate(specs):
            at = (*path, n)
            kinds = [kind for kind in KINDS if kind in spec]
            if len(kinds) != 1:
                raise RuleMistake(at, f"a step does one thing: {', '.join(KINDS)}" + (f" (this one: {', '.join(kinds)})" if kinds else ""))
            kind = kinds[0]
            expr = functools.partial(self._expr, names=names)
            seat = expr(spec["seat"], (*at, "seat")) if "seat" in spec else None
            if kind == "roll":
                if spec["roll"] not in self.dice:
                    raise RuleMistake((*at, "roll"), f"no die named {spec['roll']!r}")
                out.append(("roll", (spec["roll"], seat), at))
            elif kind in ("set", "add"):
                counter, key = spec[kind], "to" if kind == "set" else "value"
                if counter not in self.counters:
                    raise RuleMistake((*at, kind), f"no counter named {counter!r}")
                if key not in spec:
                    raise RuleMistake(at, f"{kind} {counter} needs {key!r}")
                out.append((kind, (counter, expr(spec[key], (*at, key)), seat), at))
            elif kind in ("place", "move", "capture"):
                out.append((kind, self._piece_step(kind, spec[kind], (*at, kind), expr), at))
            elif kind in CARD_STEPS:
                out.append((kind, self._card_step(kind, spec, at, expr), at))
            elif kind == "pass":
                out.append(("pass", None if spec["pass"] == "next" else expr(spec["pass"], (*at, "pass")), at))
            elif kind == "end":
                out.append(("end", (expr(spec["end"]["winners"], (*at, "end", "winners")), spec["end"].get("reason") or "the kit's rules ended the game"), at))
            else:
                out.append(("if", (expr(spec["if"], (*at, "if")), self._effects(spec.get("then", []), (*at, "then"), names),
                                   self._effects(spec.get("else", []), (*at, "else"), names)), at))
        return out

    def _piece_step(self, kind: str, spec: Any, at: Path_, expr: Any) -> tuple[Any, ...]:
        if not self.geometry.every:
            raise RuleMistake(at, f"{kind} needs a board: this kit has no spaces")
        if kind == "capture":
            return (expr(spec, at),)
        if not isinstance(spec, dict):
            raise RuleMistake(at, f"{kind} takes " + ("{kind: ..., to: ...}" if kind == "place" else "{from: ..., to: ...}"))
        missing = [key for key in (() if kind == "place" else ("from",)) + ("to",) if key not in spec]
        if missing:
            raise RuleMistake(at, f"{kind} needs {' and '.join(missing)}")
        if kind == "place":
            if spec.get("kind", next(iter(self.kinds), None)) not in self.kinds:
                raise RuleMistake((*at, "kind"), f"no piece of kind {spec.get('kind')!r}" + (f"; the kit's pieces: {', '.join(sorted(self.kinds))}" if self.kinds else ""))
            return (spec.get("kind"), expr(spec["to"], (*at, "to")))
        if not isinstance(spec.get("stack", False), bool):
            raise RuleMistake((*at, "stack"), "stack is true or false")
        return (expr(spec["from"], (*at, "from")), expr(spec["to"], (*at, "to")), spec.get("stack", False))

    def _card_step(self, kind: str, spec: dict[str, Any], at: Path_, expr: Any) -> dict[str, Any]:
        """A step on cards as the table's command's fields: zones by name, a card and a seat as expressions."""
        first = {"draw": "from", "deal": "from", "play": "card", "discard": "card", "give": "card", "reveal": "card",
                 "shuffle": "zone", "gather": "from", "flip": "from"}[kind]
        fields = {first: spec[kind], **{key: spec[key] for key in ("to", "count", "face", "seat") if key in spec}}
        needed = {"play": ("to",), "discard": ("to",), "give": ("seat",), "gather": ("to",)}.get(kind, ())
        for key in needed:
            if key not in fields:
                raise RuleMistake(at, f"{kind} needs {key!r}")
        out: dict[str, Any] = {}
        for key, value in fields.items():
            if key in ("card", "seat"):
                out[key] = expr(value, (*at, kind if key == first else key))
            elif key in ("from", "to", "zone"):
                if value not in self.zones:
                    raise RuleMistake((*at, kind if key == first else key), f"no zone named {value!r}" + (
                        f"; the kit's zones: {', '.join(sorted(self.zones))}" if self.zones else ""))
                out[key] = value
            elif key == "count" and (isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 20):
                raise RuleMistake((*at, "count"), f"count is a whole number from 1 to 20, not {value!r}")
            elif key == "face" and value not in ("up", "down"):
                raise RuleMistake((*at, "face"), f"face is up or down, not {value!r}")
            else:
                out[key] = value
        return out

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

    def board_view(self, state: Any) -> BoardView:
        return BoardView(self.geometry, state.pieces, lambda: self.owners(state.seats))

    # -- playing -----------------------------------------------------------------------------------

    def legal_commands(self, state: Any, seat: int) -> list[Command]:
        """The actions whose condition holds for the seat, with each choice that lets it, as commands."""
        if state.winners is not None or seat != state.turn:
            return []
        return list(self._legal(Scope(self, state, seat)))

    def can_act(self, state: Any, seat: int) -> bool:
        """Whether the seat has an action it may take (found as soon as one is)."""
        return next(iter(self._legal(Scope(self, state, seat), lazy=True)), None) is not None

    def _legal(self, scope: Scope, lazy: bool = False) -> Any:
        try:
            for name, action in self.actions.items():
                for chosen in _combinations(scope, action["choices"], lazy):
                    if action["when"] is None or action["when"].holds(scope.with_choice(chosen)):
                        yield {"type": "act", "action": name, **chosen}
        except ExpressionFailed as error:
            raise IllegalCommand(f"the kit's rules fail here: {error}") from None

    def decide(self, state: Any, seat: int, command: Command, rng: Rng, evolve: Any, table: Any) -> list[Fact]:
        """The facts of the seat's action: its effects, then an ending or the limit if one is reached, then
        the stuck rule for a next seat with no action it may take."""
        if command["type"] != "act":
            names = ", ".join(self.actions)
            raise IllegalCommand(f"this kit's rules say what is played: take one of its actions (act: {names})")
        action = self.actions.get(command.get("action"))
        if action is None:
            raise IllegalCommand(f"this kit has no action {command.get('action')!r}; its actions: {', '.join(self.actions)}")
        chosen = self._chosen(Scope(self, state, seat), action, command)
        try:
            if action["when"] is not None and not action["when"].holds(Scope(self, state, seat, chosen)):
                raise IllegalCommand(f"{action['name']} is not allowed now: its condition {action['when'].source!r} does not hold")
        except ExpressionFailed as error:
            raise IllegalCommand(f"the kit's rules fail here: {error}") from None
        run = Run(self, state, seat, rng, evolve, table, chosen)
        run.steps(action["effects"])
        if run.state.winners is None:
            run.check_endings()
        return run.facts + self.unstick(run.state, rng, evolve, table)

    def unstick(self, state: Any, rng: Rng, evolve: Any, table: Any) -> list[Fact]:
        """The facts of the stuck rule, taken for each seat to act that has no action it may take (at most
        once round the table; then the game ends in a draw)."""
        facts: list[Fact] = []
        for turn in range(state.seats + 1):
            if state.winners is not None or not state.turn or self.can_act(state, state.turn):
                break
            stuck = Run(self, state, state.turn, rng, evolve, table)
            if self.stuck is None or turn == state.seats:
                stuck.end([], f"seat {stuck.seat} {NO_ACTION}")
            else:
                stuck.steps(self.stuck)
                if stuck.state.winners is None:
                    stuck.check_endings()
            facts, state = facts + stuck.facts, stuck.state
        return facts

    def set_up(self, state: Any, first: int, rng: Rng, evolve: Any, table: Any) -> list[Fact]:
        """The facts of the kit's ``setup`` steps, taken as the first seat before its turn begins."""
        run = Run(self, state, first, rng, evolve, table)
        run.steps(self.setup)
        return run.facts

    def _chosen(self, scope: Scope, action: dict[str, Any], command: Command) -> dict[str, Any]:
        """The command's choices, each checked against what the action allows given those before it."""
        expected = [choice.name for choice in action["choices"]]
        extra = [key for key in command if key not in ("type", "action", *expected)]
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


def _listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def _combinations(scope: Scope, choices: list[Choice], lazy: bool) -> Any:
    """Every assignment of the choices, in order, each value one its choice allows given those before it."""
    if not choices:
        yield {}
        return
    last = len(choices) - 1

    def walk(chosen: dict[str, Any], depth: int) -> Any:
        choice = choices[depth]
        values = choice.candidates(scope.with_choice(chosen) if chosen else scope, lazy)
        if depth == last:
            for value in values:
                yield {**chosen, choice.name: value}
        else:
            for value in values:
                yield from walk({**chosen, choice.name: value}, depth + 1)

    yield from walk({}, 0)
