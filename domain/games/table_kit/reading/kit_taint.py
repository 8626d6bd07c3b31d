"""The trace ``kit check`` runs on a kit's rules: what each public value reads, read from the expressions' text.

A value every seat sees must not be worked out from what some seat cannot see, or it tells that seat the secret:
a public counter set from a hand's total tells every seat what the hand holds. The trace follows the values the
kit makes public and names, at its line, each that reads a hidden thing:

- a public counter's new value (``set``/``add``: its ``to`` or ``value``, the ``seat`` whose counter it is, the
  ``key`` of a keyed counter, and the condition of every ``if`` or ``repeat`` around the step: a counter changed or
  not by a hidden card tells it too, as does which of its keys changed);
- a legal-command condition (an action's ``when``, its choices' ``where``, ``of``, ``number``...) and the bots'
  ``value``: these are worked out for the seat acting, so that seat's own hand, its own die behind a screen and its
  own private counter are its to read; another seat's are not.

What is hidden: any seat's hand (``hand(...)``), the cards of a zone that shows them face down or to its holder
(``cards(...)``; a face-up zone named in the text is public), a die rolled behind a screen, a private counter and
``drawn`` (the card the acting seat just drew, until a ``reveal: drawn`` shows it), and a named value (``play.let``)
that reads any of these, through other named values or not: a value read by its name is traced as its expression
would be where it is read (in a legal-command condition, a named value reading ``hand(seat)`` reads the acting seat's
own hand). A named value is never shown by itself, only read by rules, so it is never refused on its own: only the
public values that read it are, at their line. How many cards a hand or pile holds is public: ``size(hand(s))``.
The endings (``play.end``, an ``end`` step) may read anything: the game ends and every card is shown (ruling 24).
A kit that means a public value to tell marks it ``knowingly: true`` (on the counter, the step or the action).

The trace reads text, not values: a choice naming a card from the hand (``card(card).rank``) is not followed, as
the card is most often shown by the action itself; ``kit check --secrets`` plays games to catch what it misses.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from domain.games.table_kit.reading.checks import Problem

Path_ = tuple[str | int, ...]
CALL = re.compile(r"\b(hand|cards)\s*\(")
STRING = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'')
OWN = re.compile(r"\s*\[\s*seat\s*\]")
STEP_LISTS = ("then", "else", "repeat")
CHOICE_EXPRESSIONS = ("where", "of", "number", "from", "along", "walk", "through")
WHY = "{name!r} is public, yet set from {what}, which other seats cannot see: make it private: true, or mark it knowingly: true"
WHY_LEGAL = "which actions a seat is offered is worked out from {what}, which it cannot see: mark the action knowingly: true if meant"


def _closing(text: str, opening: int) -> int:
    """The index of the parenthesis closing the one at ``opening`` (the text's end if none)."""
    depth = 0
    for index in range(opening, len(text)):
        depth += {"(": 1, ")": -1}.get(text[index], 0)
        if depth == 0:
            return index
    return len(text)


class Secrets:
    """What a kit keeps hidden, by name: its hidden zones, dice behind screens and private counters."""

    def __init__(self, document: dict[str, Any]) -> None:
        zones = document.get("zones", [])
        self.public_zones = {spec["name"] for spec in zones if spec.get("shows", "face-up") == "face-up"}
        self.dice = {spec["name"] for spec in document.get("dice", []) if spec.get("hidden")}
        self.counters = {spec["name"]: spec.get("each", True) for spec in document.get("counters", []) if spec.get("private")}
        lets = document.get("play", {}).get("let") if isinstance(document.get("play"), dict) else None
        self.lets: dict[str, str] = {name: str(source) for name, source in lets.items()} if isinstance(lets, dict) else {}
        self._let_reads: dict[tuple[str, bool, bool], tuple[list[str], str] | None] = {}
        """What each named value reads that is hidden, worked out once for each way it is read (a named value read
        by many others is not traced again for each path to it)."""

    def read(self, source: Any, own: bool, shown: bool = False) -> str | None:
        """The first hidden thing the expression reads, in words, or ``None``; with ``own``, the seat acting's own
        hand, die and counter are not hidden (a condition worked out for that seat); with ``shown``, ``drawn`` is not
        (the card drawn was revealed by an earlier step). A named value it reads is followed to what it reads."""
        found = self._traced(str(source), own, shown, frozenset())
        if found is None:
            return None
        trail, what = found
        if not trail:
            return what
        through = f" through {' then '.join(trail[1:])}" if len(trail) > 1 else ""
        return f"{trail[0]} (a named value worked out{through} from {what})"

    def _traced(self, text: str, own: bool, shown: bool, seen: frozenset[str]) -> tuple[list[str], str] | None:
        """The named values leading to the first hidden thing the text reads (none: it reads it itself) and that
        thing in words, or ``None`` (``seen``: the named values being followed, so that named values reading each
        other, refused elsewhere, end the trace)."""
        masked = STRING.sub(lambda found: "_" * len(found.group()), text)  # no name read inside a text
        what = self._read_directly(text, masked, own, shown)
        if what is not None:
            return [], what
        for name, source in self.lets.items():
            if name in seen or not re.search(rf"(?<![\w.]){re.escape(name)}\b(?!\s*\()", masked):
                continue
            if (name, own, shown) not in self._let_reads:
                self._let_reads[(name, own, shown)] = self._traced(source, own, shown, seen | {name})
            found = self._let_reads[(name, own, shown)]
            if found is not None:
                return [name, *found[0]], found[1]
        return None

    def _read_directly(self, text: str, masked: str, own: bool, shown: bool) -> str | None:
        """The first hidden thing the text itself reads (not through a named value), in words, or ``None``."""
        for found in CALL.finditer(masked):
            opening = found.end() - 1
            closing = _closing(masked, opening)
            argument = text[opening + 1:closing].strip()
            before, after = masked[:found.start()].rstrip(), masked[closing + 1:].lstrip()
            if before.endswith("size(") or after.startswith(".size()"):
                continue  # how many cards: public
            if found.group(1) == "hand":
                if own and argument == "seat":
                    continue
                return f"hand({argument})"
            zone = argument.strip("\"'").partition(":")[0]
            if argument[:1] in "\"'" and zone in self.public_zones:
                continue
            return f"cards({argument})"
        for name, words in ((name, f"{name} (a die behind a screen)") for name in self.dice):
            if self._reads(masked, name, own):
                return words
        for name, each in self.counters.items():
            if self._reads(masked, name, own and each):
                return f"{name} (a private counter)"
        if not own and not shown and re.search(r"(?<![\w.])drawn\b", masked):
            return "drawn (the card just drawn)"
        return None

    @staticmethod
    def _reads(masked: str, name: str, own: bool) -> bool:
        """Whether the text reads ``name`` other than as ``name[seat]`` where the seat's own is allowed."""
        for found in re.finditer(rf"(?<![\w.]){re.escape(name)}\b(?!\s*\()", masked):
            if own and OWN.match(masked, found.end()):
                continue
            return True
        return False


def taint_problems(document: dict[str, Any]) -> list[Problem]:
    """Each public value of the kit's rules worked out from what some seat cannot see, at its place."""
    play = document.get("play")
    if not isinstance(play, dict):
        return []
    secrets = Secrets(document)
    counters = {spec["name"]: spec for spec in document.get("counters", [])}
    found: list[Problem] = []
    for path, steps in _step_lists(play):
        found += _steps(secrets, counters, steps, path, None, False)
    for n, action in enumerate(play.get("actions", [])):
        if action.get("knowingly"):
            continue
        at: Path_ = ("play", "actions", n)
        places = [((*at, "when"), action.get("when"))]
        for k, choice in enumerate(action.get("choose", [])):
            for key in CHOICE_EXPRESSIONS:
                value = choice.get(key)
                for i, part in enumerate(value if isinstance(value, list) else [value]):
                    path = (*at, "choose", k, key, i) if isinstance(value, list) else (*at, "choose", k, key)
                    places.append((path, part))
        for path, source in places:
            what = None if source is None else secrets.read(source, own=True)
            if what is not None:
                found.append(Problem(path, WHY_LEGAL.format(what=what)))
    if "value" in play:
        what = secrets.read(play["value"], own=True)
        if what is not None:
            found.append(Problem(("play", "value"), f"the bots' value of a seat is worked out from {what}, which it cannot see"))
    return found


def _step_lists(play: dict[str, Any]) -> Iterator[tuple[Path_, list[Any]]]:
    """Every list of steps in the rules, at its place."""
    for n, action in enumerate(play.get("actions", [])):
        yield ("play", "actions", n, "effects"), action.get("effects", [])
    for name, steps in play.get("define", {}).items():
        yield ("play", "define", name), steps
    for key in ("setup", "turn_begins", "stuck"):
        if isinstance(play.get(key), list):
            yield ("play", key), play[key]
    for key in ("landing", "whenever"):
        for n, rule in enumerate(play.get(key, [])):
            yield (("play", key, n, "effects"), rule.get("effects", []))
    if isinstance(play.get("together"), dict):
        yield ("play", "together", "revealed"), play["together"].get("revealed", [])


def _steps(secrets: Secrets, counters: dict[str, Any], steps: list[Any], path: Path_, around: str | None, shown: bool) -> list[Problem]:
    """The public counters changed by ``steps`` from a hidden thing (``around``: what an ``if`` or ``repeat`` around
    them reads, if hidden; ``shown``: whether the card drawn has been revealed, ``reveal: drawn``, by an earlier step)."""
    found: list[Problem] = []
    for n, step in enumerate(steps if isinstance(steps, list) else []):
        if not isinstance(step, dict) or step.get("knowingly"):
            continue
        if "draw" in step or "reveal" in step:
            shown = "reveal" in step and str(step["reveal"]).strip() == "drawn"
        at = (*path, n)
        kind = "set" if "set" in step else "add" if "add" in step else None
        spec = counters.get(str(step.get(kind))) if kind else None
        if spec is not None and not spec.get("private") and not spec.get("knowingly"):
            key = "to" if kind == "set" else "value"
            for where, source in (((*at, key), step.get(key)), ((*at, "seat"), step.get("seat")), ((*at, "key"), step.get("key"))):
                what = None if source is None else secrets.read(source, own=False, shown=shown)
                if what is not None or (around is not None and where[-1] == key):
                    found.append(Problem(where, WHY.format(name=spec["name"], what=what or around)))
        condition = step.get("if", step.get("until"))
        inner = around if condition is None else around or secrets.read(condition, own=False, shown=shown)
        for key in STEP_LISTS:
            if isinstance(step.get(key), list):
                found += _steps(secrets, counters, step[key], (*at, key), inner, shown)
    return found
