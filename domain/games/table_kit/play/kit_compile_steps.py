"""A kit's steps compiled (``CompiledRules`` is a ``StepCompiler``): each step of an action, a rule, the setup or
a named step checked and turned into the ``Step`` that ``kit_steps`` carries out, its expressions compiled once,
each mistake told at its place in the document (``RuleMistake``; raised, or kept with the others for ``kit check``).
A step does one thing (``KINDS``) and is given only the keywords its kind reads (``kit_rule_mistakes.READS``)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from domain.games.table_kit.language.expressions import Expression
from domain.games.table_kit.vocabulary.kit_mistakes import did_you_mean
from domain.games.table_kit.vocabulary.kit_rule_mistakes import READS, RuleMistake, kept
from domain.games.table_kit.play.kit_steps import CARD_STEPS, Step
from domain.games.table_kit.play.kit_targets import Targets

Path_ = tuple[str | int, ...]
KINDS = ("roll", "set", "add", "place", "move", "capture", *CARD_STEPS, "take", "pass", "ask", "phase", "do", "end", "if", "repeat")
"""What a step may do."""
SEAT_ZONE = re.compile(r"^(.+):([1-8])$")
"""One seat's zone of a kind each seat has one of, named in full (``bid:2``)."""


class StepCompiler(Targets):
    """The steps of a kit's rules compiled; the names, components and phases they check are ``CompiledRules``'."""

    mistakes: list[RuleMistake] | None
    defined: dict[str, list[Step]]
    dice: dict[str, list[Any]]
    geometry: Any
    phases: list[str]
    zones: frozenset[str]
    own_zones: frozenset[str]

    @staticmethod
    def _result(spec: dict[str, Any], at: Path_, expr: Callable[[Any, Path_], Expression]) -> tuple[Expression | None, Expression | None]:
        """An end's result compiled: its winners and its scores (one a seat), either may be missing but not both;
        without winners, the highest scores win (``kit_steps.Run.end``)."""
        if "winners" not in spec and "scores" not in spec:
            raise RuleMistake(at, "an end names its winners, or gives the scores (one a seat) the highest of which win")
        return tuple(None if key not in spec else expr(spec[key], (*at, key)) for key in ("winners", "scores"))  # type: ignore[return-value]

    def _phase_of(self, name: Any, path: Path_) -> int:
        if name not in self.phases:
            raise RuleMistake(path, f"no phase named {name!r}" + did_you_mean(name, self.phases) + (f"; the kit's phases: {', '.join(self.phases)}" if self.phases
                                                                 else ": the kit names none (play.phases)"))
        return self.phases.index(name)

    def _effects(self, specs: list[dict[str, Any]], path: Path_, names: frozenset[str]) -> list[Step]:
        out: list[Step] = []
        for n, spec in enumerate(specs):
            kept(self.mistakes, functools.partial(self._steps_onto, out, [spec], path, names, n))
        return out

    def _steps_onto(self, out: list[Step], specs: list[dict[str, Any]], path: Path_, names: frozenset[str], first: int) -> None:
        """Steps compiled onto ``out``, the first of them the step ``first`` of ``path``."""
        for n, spec in enumerate(specs, first):
            at = (*path, n)
            kinds = [kind for kind in KINDS if kind in spec]
            if len(kinds) != 1:
                raise RuleMistake(at, f"a step does one thing: {', '.join(KINDS)}" + (f" (this one: {', '.join(kinds)})" if kinds
                                  else did_you_mean(next(iter(spec), ""), KINDS)))
            kind = kinds[0]
            for key in [key for key in spec if key not in (kind, "under", "knowingly") and key not in READS.get(kind, spec)]:
                reads = READS[kind]
                self._told(RuleMistake((*at, key), f"{kind} does not read {key!r}: it would do nothing here" + did_you_mean(key, reads)
                                       + f"; {'an' if kind[0] in 'aeiou' else 'a'} {kind} step reads {', '.join(reads) or 'nothing more'}"))
            expr = functools.partial(self._expr, names=names)
            seat = expr(spec["seat"], (*at, "seat")) if "seat" in spec else None
            if kind == "roll":
                if spec["roll"] not in self.dice:
                    raise RuleMistake((*at, "roll"), f"no die named {spec['roll']!r}" + did_you_mean(spec["roll"], self.dice))
                out.append(("roll", (spec["roll"], seat), at))
            elif kind in ("set", "add"):
                counter, key = spec[kind], "to" if kind == "set" else "value"
                if counter not in self.counters:
                    raise RuleMistake((*at, kind), f"no counter named {counter!r}" + did_you_mean(counter, self.counters))
                if key not in spec:
                    raise RuleMistake(at, f"{kind} {counter} needs {key!r}")
                out.append((kind, (counter, expr(spec[key], (*at, key)), seat, self._counter_key(counter, spec, at, expr)), at))
            elif kind in ("place", "move", "capture"):
                out.append((kind, self._piece_step(kind, spec[kind], (*at, kind), expr) + ((seat,) if kind == "place" else ()), at))
            elif kind == "repeat":
                if "until" not in spec:
                    raise RuleMistake(at, "repeat needs 'until': the condition that ends it")
                out.append(("repeat", (expr(spec["until"], (*at, "until")), self._effects(spec["repeat"], (*at, "repeat"), names)), at))
            elif kind in CARD_STEPS:
                out.append((kind, self._card_step(kind, spec, at, expr), at))
            elif kind == "take":
                if "from" not in spec:
                    raise RuleMistake(at, "take needs 'from': the seat whose hand the card is taken from")
                out.append(("take", (expr(spec["take"], (*at, "take")), expr(spec["from"], (*at, "from"))), at))
            elif kind == "pass":
                out.append(("pass", None if spec["pass"] == "next" else expr(spec["pass"], (*at, "pass")), at))
            elif kind == "ask":
                out.append(("ask", expr(spec["ask"], (*at, "ask")), at))
            elif kind == "phase":
                out.append(("phase", self.phases[self._phase_of(spec["phase"], (*at, "phase"))], at))
            elif kind == "do":
                if spec["do"] not in self.defined:
                    raise RuleMistake((*at, "do"), f"no steps named {spec['do']!r} in play.define" + did_you_mean(spec["do"], self.defined) + (
                        f"; the named steps: {', '.join(self.defined)}" if self.defined else ""))
                out.append(("do", spec["do"], at))
            elif kind == "end":
                out.append(("end", (self._result(spec["end"], (*at, "end"), expr), spec["end"].get("reason") or "the kit's rules ended the game"), at))
            else:
                out.append(("if", (expr(spec["if"], (*at, "if")), self._effects(spec.get("then", []), (*at, "then"), names),
                                   self._effects(spec.get("else", []), (*at, "else"), names)), at))

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
                return (self._kind_expression(spec.get("kind"), (*at, "kind"), expr), expr(spec["to"], (*at, "to")))
            return (spec.get("kind"), expr(spec["to"], (*at, "to")))
        if not isinstance(spec.get("stack", False), bool):
            raise RuleMistake((*at, "stack"), "stack is true or false")
        return (expr(spec["from"], (*at, "from")), expr(spec["to"], (*at, "to")), spec.get("stack", False))

    def _zone(self, value: Any, at: Path_) -> str:
        """A zone a step names: a shared one, one seat's (``bid:2``), or, by the name alone, the acting seat's own
        of a kind each seat has (kept as ``bid:``, the seat added when the step is taken)."""
        if value in self.zones:
            return str(value)
        if value in self.own_zones:
            return f"{value}:"
        whose = SEAT_ZONE.match(str(value))
        if whose and whose.group(1) in self.own_zones:
            return str(value)
        known = sorted(self.zones | self.own_zones)
        raise RuleMistake(at, f"no zone named {value!r}" + did_you_mean(value, known) + (f"; the kit's zones: {', '.join(known)}" if known else ""))

    def _card_step(self, kind: str, spec: dict[str, Any], at: Path_, expr: Any) -> dict[str, Any]:
        """A step on cards as the table's command's fields: zones by name, a card and a seat as expressions."""
        first = {"draw": "from", "deal": "from", "play": "card", "discard": "card", "give": "card", "reveal": "card",
                 "shuffle": "zone", "gather": "from", "flip": "from"}[kind]
        fields = {first: spec[kind], **{key: spec[key] for key in ("to", "count", "face", "seat", "under", "put") if key in spec}}
        needed = {"play": ("to",), "discard": ("to",), "give": ("seat",), "gather": ("to",)}.get(kind, ())
        for key in needed:
            if key not in fields:
                raise RuleMistake(at, f"{kind} needs {key!r}")
        out: dict[str, Any] = {}
        for key, value in fields.items():
            if key in ("card", "seat"):
                out[key] = expr(value, (*at, kind if key == first else key))
            elif key in ("from", "to", "zone"):
                out[key] = self._zone(value, (*at, kind if key == first else key))
            elif key == "count" and (isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 20):
                raise RuleMistake((*at, "count"), f"count is a whole number from 1 to 20, not {value!r}")
            elif key == "face" and value not in ("up", "down"):
                raise RuleMistake((*at, "face"), f"face is up or down, not {value!r}")
            elif key == "under" and (kind not in ("play", "discard") or not isinstance(value, bool)):
                raise RuleMistake((*at, "under"), "under (true or false) is for play and discard: the card goes under a face-down pile")
            elif key == "put" and (kind != "gather" or value not in ("top", "bottom", "shuffled")):
                raise RuleMistake((*at, "put"), f"put (top, bottom or shuffled) is for gather: where the cards go on the pile to, not {value!r}")
            else:
                out[key] = value
        return out
