"""A kit's rules section read and compiled (``KitRules`` plays it): each expression compiled once, each name,
component and choice checked, each mistake raised as a ``RuleMistake`` at its place in the document, or, for
``kit check``, every one kept (``kit_rule_mistakes``).

What is compiled: the actions (their choices, ``kit_choices``; their phases; their condition; their steps,
``kit_steps``), the phases, the named steps (``define``), the endings, the value, the limit, the setup,
landing, turn-beginning and stuck steps, and the seats' facing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from domain.games.table_kit.language import kit_lets
from domain.games.table_kit.language.expression_cost import Sizes
from domain.games.table_kit.language.expressions import (
    Expression,
    ExpressionError,
    compile_expression,
)
from domain.games.table_kit.board.kit_board import COMPASS, Geometry
from domain.games.table_kit.play.kit_choices import CHOICES, Choice, choice_problems
from domain.games.table_kit.play.kit_compile_steps import StepCompiler
from domain.games.table_kit.vocabulary.kit_mistakes import did_you_mean
from domain.games.table_kit.vocabulary.kit_rule_mistakes import RuleMistake, kept
from domain.games.table_kit.play.kit_scope import FUNCTIONS, GIVEN, WIDE
from domain.games.table_kit.language.kit_sizes import (
    MOST_SIZED_CARDS,
    counter_keys,
    kit_cards,
    most_cards,
)
from domain.games.table_kit.play.kit_steps import Step
from domain.games.table_kit.play.kit_targets import wide_sizes
from domain.games.table_kit.play.kit_together import shown_before_reveal

Path_ = tuple[str | int, ...]
__all__ = ["CompiledRules", "RuleMistake", "kit_sizes"]  # RuleMistake is kit_rule_mistakes', read from here as ever


def kit_sizes(document: dict[str, Any], geometry: Geometry) -> Sizes:
    """The most entries a list or map the kit gives an expression can hold: its spaces, its cards (each copy),
    its pieces, its seats; a card's fields (``card(name)``); a seat's counter, a map of one entry a seat."""
    seats = int(document["seats"]["most"])
    cards = list(kit_cards(document).values())
    pieces = sum(int(spec.get("count", 1)) * (seats if spec.get("owner", "each") == "each" else 1) for spec in document.get("pieces", []))
    fields = max((len(card.get("fields", {})) + 1 for card in cards), default=1)
    largest = max(1, seats, len(geometry.every), pieces, most_cards(document, MOST_SIZED_CARDS), fields)
    return Sizes(largest, seats, (*((name, largest) for name in sorted(WIDE)), ("card", fields), *wide_sizes(document, largest, seats)))


class CompiledRules(StepCompiler):
    """A kit's ``play`` section compiled: its actions, endings, limit and value, each expression compiled once.
    ``pieces`` lists a table's pieces for a number of seats (``Kit.pieces``; none when only checking). The first
    mistake is raised (``RuleMistake``); given ``mistakes``, every one is kept there instead, each action, ending,
    rule and step compiled on its own (rules so compiled are for telling their mistakes, not for playing)."""

    def __init__(self, document: dict[str, Any], pieces: Callable[[int], list[Any]] | None = None,
                 mistakes: list[RuleMistake] | None = None) -> None:
        play = document["play"]
        self._pieces = pieces
        self.mistakes = mistakes
        self.expressions: list[tuple[Path_, Expression, str]] = []
        """Every expression compiled, at its place, with what its value must be (``_kind``): for ``kit_types``."""
        self.geometry = Geometry.of(document)
        self.sizes = kit_sizes(document, self.geometry)
        """How large the values the kit gives its expressions can be: what an expression may cost is priced by it."""
        self.kinds = frozenset(spec["kind"] for spec in document.get("pieces", []))
        self.zones = frozenset(spec["name"] for spec in document.get("zones", []) if not spec.get("each"))
        self.own_zones = frozenset(spec["name"] for spec in document.get("zones", []) if spec.get("each"))
        """The zones each seat has one of (``NAME:1``, ``NAME:2``...): a step naming one means the acting seat's."""
        self.cards = {name: {**card.get("fields", {}), "name": name} for name, card in kit_cards(document).items()}
        self.counters = {spec["name"]: spec for spec in document.get("counters", [])}
        self.dice = {spec["name"]: list(spec["faces"]) for spec in document.get("dice", [])}
        self.hidden = frozenset(spec["name"] for spec in document.get("dice", []) if spec.get("hidden"))
        self.parameters = dict(document.get("parameters", {}))
        self.phases = [str(name) for name in play.get("phases", [])]
        """The phases of a turn, in order (a turn begins in the first); none: one phase, never named."""
        self.let_sources = dict(play.get("let", {}))
        """The named values' expressions as written (``play.let``), compiled as ``lets``."""
        self.names = frozenset([*self.counters, *self.dice, *self.parameters, *GIVEN, *(["phase"] if self.phases else []), *self.let_sources])
        self.name_readers: dict[str, Any] = {}
        """How a scope works out each name it has been asked for (``kit_scope``), kept with the rules."""
        self._check_names()
        self.lets: dict[str, Expression] = {}
        self._let_costs: dict[str, int] = {}
        self._compile_lets()
        self._fixed_keys = {name: counter_keys(spec, ("counters", n), {}, 0) for n, (name, spec) in enumerate(self.counters.items())
                            if "keys" in spec and not isinstance(spec["keys"], str)}
        """The keys of each keyed counter whose keys are written out (a number, a list of names)."""
        self._keys_known, self._keyed_known = {}, {}
        self._check_phases()
        self.defined: dict[str, list[Step]] = {name: [] for name in play.get("define", {})}
        for name, steps in play.get("define", {}).items():  # compiled in place: a named step may do another
            self.defined[name][:] = self._effects(steps, ("play", "define", name), self.names)
        self.faces = list(play.get("facing", []))
        for n, direction in enumerate(self.faces):
            if direction not in COMPASS:
                self._told(RuleMistake(("play", "facing", n), f"a seat faces a compass point ({', '.join(COMPASS)}), not {direction!r}"
                                       + did_you_mean(direction, COMPASS)))
        compiled = [(action["name"], kept(mistakes, functools.partial(self._action, action, ("play", "actions", n))))
                    for n, action in enumerate(play["actions"])]
        self.actions = {name: action for name, action in compiled if action is not None}
        endings = [kept(mistakes, functools.partial(self._ending, n, end)) for n, end in enumerate(play.get("end", []))]
        self.endings = [ending for ending in endings if ending is not None]
        """Each ending: its condition, its result (winners and scores, ``_result``) and its reason."""
        self.stuck = None if "stuck" not in play else self._effects(play["stuck"], ("play", "stuck"), self.names)
        self.setup = self._effects(play.get("setup", []), ("play", "setup"), self.names)
        self.turn_begins = self._effects(play.get("turn_begins", []), ("play", "turn_begins"), self.names)
        self.landing = [(kept(mistakes, functools.partial(self._expr, rule["when"], ("play", "landing", n, "when"))),
                         self._effects(rule["effects"], ("play", "landing", n, "effects"), self.names))
                        for n, rule in enumerate(play.get("landing", []))]
        self.value = None if "value" not in play else kept(mistakes, lambda: self._expr(play["value"], ("play", "value")))
        self.whenever = [(kept(mistakes, functools.partial(self._expr, rule["when"], ("play", "whenever", n, "when"))),
                          self._effects(rule["effects"], ("play", "whenever", n, "effects"), self.names))
                         for n, rule in enumerate(play.get("whenever", []))]
        """Rules taken whenever their condition becomes true: false before an action, true after it (a pile runs out)."""
        self.together = None if "together" not in play else kept(mistakes, lambda: self._together(play["together"], document.get("zones", [])))
        """A turn taken together: the phase it is taken in (``None``: every turn), the steps taken once the
        choices are revealed and carried out, and what is revealed (``"all"``, ``"none"`` or an expression)."""
        limit = play.get("limit")
        self.limit = None if limit is None else (kept(mistakes, lambda: self._expr(limit["turns"], ("play", "limit", "turns"))),
                                                limit.get("most"), limit.get("reason") or "the turn limit was reached")
        self.limit_fixed = self.limit is not None and self.limit[0] is not None and not self.limit[0].functions and all(
            name == "seats" or (name in self.parameters and name not in (*GIVEN, "phase")) for name in self.limit[0].names)
        """Whether the limit reads only the game's parameters and seats: the same all game long (``Run.last_turn``)."""
        self.limit_known: tuple[Any, int, int] | None = None
        """The last game's parameters (the very dict), seats and last turn, where the limit is fixed."""
        if self.limit is not None and self.limit[1] is not None and self.limit[1] not in self.counters:
            self._told(RuleMistake(("play", "limit", "most"), f"no counter named {self.limit[1]!r}" + did_you_mean(self.limit[1], self.counters)))
        elif self.limit is not None and self.limit[1] is not None and "keys" in self.counters[self.limit[1]]:
            self._told(RuleMistake(("play", "limit", "most"), f"{self.limit[1]} has keys: the highest holders are read from a counter without"))

    # -- compiling ---------------------------------------------------------------------------------

    def _told(self, mistake: RuleMistake) -> None:
        """A mistake raised, or kept with the others when every one is gathered."""
        if self.mistakes is None:
            raise mistake
        self.mistakes.append(mistake)

    def _ending(self, n: int, end: dict[str, Any]) -> tuple[Expression, Expression, str]:
        when = kept(self.mistakes, functools.partial(self._expr, end["when"], ("play", "end", n, "when")))
        return when, self._result(end, ("play", "end", n), self._expr), end.get("reason") or f"the end {n + 1} of the kit's rules"

    def _check_names(self) -> None:
        seen: dict[str, str] = {name: "a name every expression is given" for name in (*GIVEN, *FUNCTIONS)}
        for kind, names in (("counter", self.counters), ("die", self.dice), ("parameter", self.parameters), ("named value", self.let_sources)):
            for name in list(names):
                if kind == "named value" and (name in seen or name in CHOICES):
                    self._told(RuleMistake(("play", "let", name), f"{name!r} names a named value and {seen.get(name, 'an action choice')}: "
                                                                  "the rules would not know which"))
                    del self.let_sources[name]  # not compiled: what it would read is not known
                    continue
                if not name.isidentifier():
                    self._told(RuleMistake((f"{kind}s" if kind != "die" else "dice",), f"the {kind} {name!r} cannot be read by an "
                                           "expression: a name with rules is letters, digits and _ (not starting with a digit)"))
                elif name in seen:
                    self._told(RuleMistake(("play",), f"{name!r} names a {kind} and {seen[name]}: the rules would not know which"))
                seen[name] = f"a {kind}"

    def _check_phases(self) -> None:
        for n, name in enumerate(self.phases):
            if name in self.phases[:n]:
                self._told(RuleMistake(("play", "phases", n), f"the phase {name!r} is named twice"))

    def _together(self, spec: dict[str, Any], zones: list[dict[str, Any]]) -> tuple[int | None, list[Step], Any]:
        """``play.together`` compiled: its phase and ``revealed`` steps. An action taken together is carried out for
        each seat in turn once all have chosen: it may not pass the turn, move it to a phase or ask an answer;
        ``revealed`` does that, once."""
        phase = None if "phase" not in spec else self._phase_of(spec["phase"], ("play", "together", "phase"))
        for n, action in enumerate(self.actions.values()):
            if phase is None or action["phases"] is None or phase in action["phases"]:
                found = _turn_steps(action["effects"], self.defined)
                if found is not None:
                    self._told(RuleMistake(found[1], f"{action['name']} is taken together (play.together), each seat's choice carried "
                                                     f"out in turn: it cannot {found[0]}; let together.revealed do it, once"))
        reveal = spec.get("reveal", "all")  # all, none, or an expression whose value alone every seat is told
        if reveal not in ("all", "none"):
            reveal = self._expr(reveal, ("play", "together", "reveal"))
        for action in self.actions.values() if reveal != "all" else ():
            if phase is None or action["phases"] is None or phase in action["phases"]:
                shown = shown_before_reveal(action["effects"], self.defined, {zone["name"]: zone.get("shows", "face-up") for zone in zones})
                if shown is not None:
                    self._told(RuleMistake(shown[1], f"{action['name']} is taken together and its choices kept secret (together.reveal), but "
                                                     f"this step would {shown[0]}: play the card face down or to a zone only its seat sees"))
        return phase, self._effects(spec.get("revealed", []), ("play", "together", "revealed"), self.names), reveal

    def _expr(self, source: Any, path: Path_, names: frozenset[str] | None = None) -> Expression:
        try:
            found = compile_expression(source, self.names if names is None else names, FUNCTIONS, self.sizes)
        except ExpressionError as error:
            raise RuleMistake(path, str(error)) from None
        self.expressions.append((path, found, _kind(path)))
        if self._let_costs and found.names:
            problem = kit_lets.cost_problem(self.lets, self._let_costs, found, self.sizes)
            if problem is not None:
                raise RuleMistake(path, problem)
        return found

    def _action(self, spec: dict[str, Any], path: Path_) -> dict[str, Any]:
        choices: dict[str, Choice] = {}
        named: set[str] = set()
        """The choices named so far, compiled or not: a later expression may read one whose own expression failed."""
        for n, choice in enumerate(spec.get("choose", [])):
            found = kept(self.mistakes, functools.partial(self._choice, choice, (*path, "choose", n), choices, named))
            if found is not None:
                choices[choice["name"]] = found
            named.add(choice["name"])
        names = self.names | named
        when = spec.get("when")
        phases = None if "phase" not in spec else kept(self.mistakes, lambda: frozenset(
            self._phase_of(name, (*path, "phase")) for name in _listed(spec["phase"])))
        return {"name": spec["name"], "summary": spec.get("summary") or spec["name"], "choices": list(choices.values()),
                "phases": phases, "when": None if when is None else kept(self.mistakes, lambda: self._expr(when, (*path, "when"), names)),
                "effects": self._effects(spec["effects"], (*path, "effects"), names)}

    def _choice(self, choice: dict[str, Any], at: Path_, choices: dict[str, Choice], named: set[str]) -> Choice:
        found = choice_problems(choice, choices)
        for field, message in found[:-1]:
            self._told(RuleMistake((*at, field), message))
        if found:
            raise RuleMistake((*at, found[-1][0]), found[-1][1])
        names = self.names | named | {choice["name"]}
        numbers = choice.get("number")
        return Choice(
            choice["name"], tuple(choice["space"]) if isinstance(choice.get("space"), list) else (choice.get("space", "any"),),
            choice.get("from"), tuple(choice.get("steps", ())),
            None if numbers is None else (self._expr(numbers[0], (*at, "number", 0), names - {choice["name"]}),
                                          self._expr(numbers[1], (*at, "number", 1), names - {choice["name"]})),
            None if "where" not in choice else self._expr(choice["where"], (*at, "where"), names), choice.get("card"),
            tuple(self._expr(count, (*at, "along", k), names - {choice["name"]}) for k, count in enumerate(_listed(choice.get("along", [])))),
            None if "of" not in choice else self._expr(choice["of"], (*at, "of"), names - {choice["name"]}),
            None if choice.get("from") in (None, *choices) else self._expr(choice["from"], (*at, "from"), names - {choice["name"]}),
            None if "walk" not in choice else self._expr(choice["walk"], (*at, "walk"), names - {choice["name"]}),
            None if "through" not in choice else self._expr(choice["through"], (*at, "through"), names))


def _kind(path: Path_) -> str:
    """What an expression's value must be, by its place: ``condition`` (true or false), ``number`` (a counter's
    new value, a bound, the bots' value), ``seats`` (a list of seats: an end's winners), ``scores`` (a list of
    whole numbers, one a seat: an end's scores) or ``any``."""
    last = path[-1] if path else ""
    before = path[-2] if len(path) > 1 else ""
    if last in ("when", "where", "if", "through", "until"):
        return "condition"
    if last == "winners":
        return "seats"
    if last == "scores":
        return "scores"
    if last in ("value", "to") and isinstance(before, int) or path[-2:] == ("play", "value") or before == "number" or last == "walk":
        return "number"
    return "any"


def _turn_steps(steps: list[Step], defined: dict[str, list[Step]], seen: frozenset[str] = frozenset()) -> tuple[str, Path_] | None:
    """The first step among ``steps`` (inside ``if``, ``repeat`` and named steps too) that moves the turn on, with
    what it does: ``pass``, ``phase`` or ``ask``; ``None`` if none does."""
    for kind, spec, at in steps:
        if kind in ("pass", "phase", "ask"):
            return {"pass": "pass the turn", "phase": "move the turn to a phase", "ask": "ask another seat to answer"}[kind], at
        inner = [spec[1], spec[2]] if kind == "if" else [spec[1]] if kind == "repeat" else [] if kind != "do" or spec in seen else [defined[spec]]
        for more in inner:
            found = _turn_steps(more, defined, seen | ({spec} if kind == "do" else set()))
            if found is not None:
                return found
    return None


def _listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]
