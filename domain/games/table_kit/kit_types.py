"""A kit's rules tried on its table as it is set up, for ``ludolog kit check``: each expression worked out once
with values of the kinds it meets in play (the table's own; for each choice, the first space or card of the
kit, or the number 1), so an expression that mixes kinds (``score[seat] + "1"``), or a condition whose value
is not true or false, is named at its place before a game is played. An end's scores (``play.end[].scores``, an
``end`` step's) are tried at every seat count the kit allows: one whole number a seat, so a list written for two
seats in a kit for two to four is named at its line before a game is played, at seat counts between the fewest
and the most too, which the random games (played at those two) never try.

It finds what those values show: an expression is worked out on one table, and a branch of ``?:`` not taken
there is not tried. A value that depends on the table (an empty hand's first card, a division by zero) is no
mistake here: the random games of ``kit check`` meet those. Reading a kit (``checks``) does not run this, so a
game stored with its kit always replays.
"""

from __future__ import annotations

import logging
from typing import Any

from domain.engine.errors import LudologError
from domain.engine.randomness import Rng
from domain.games.table_kit.reading.checks import Problem
from domain.games.table_kit.language.expressions import ExpressionFailed
from domain.games.table_kit.play.kit_choices import CHOICES
from domain.games.table_kit.play.kit_scope import Scope
from domain.games.table_kit.table.state import kit_of

TYPED = ("Unsupported operation", "No such overload", "does not coerce")
"""What CEL says of values of the wrong kinds (``TypeError``), as opposed to values it could not use."""
SPACES, CARDS = ("from", "to", "space", "landed"), ("card", "give", "take", "drawn")


def type_problems(document: dict[str, Any]) -> list[Problem]:
    """Each expression of the kit's rules that fails with values of the right kinds, or whose value is of the
    wrong kind for its place (a condition, a counter's number, an end's winners, an end's scores: one whole
    number a seat, tried at every seat count the kit allows, as the length of the list may change with them)."""
    from domain.games.table_kit.rules import gives_scores

    fewest, most = document["seats"]["fewest"], document["seats"].get("most", document["seats"]["fewest"])
    counts = range(fewest, max(fewest, most) + 1) if gives_scores(document.get("play")) else [fewest]
    out: list[Problem] = []
    quiet = logging.getLogger("cel")  # the binding logs each kit function that fails; here a failure is expected
    was, quiet.disabled = quiet.disabled, True
    try:
        for seats in counts:
            told = {problem.path for problem in out}
            out += _tried_at(document, seats, every=seats == fewest, told=told)
    finally:
        quiet.disabled = was
    return out


def _tried_at(document: dict[str, Any], seats: int, every: bool, told: set[Any]) -> list[Problem]:
    """The mistakes found on the kit's table set up for ``seats``: in every expression (``every``), or else only in
    the ends' scores, whose length is the seats', and not those already ``told``."""
    from domain.games.table_kit.rules import TableKit  # the ruleset sets the table; it reads this module's kin

    ruleset = TableKit()
    state = ruleset.new_state(seats, ruleset.resolve_options({"kit": document}))
    try:
        for fact in ruleset.setup(state, Rng("kit-check:types", 0)):
            state = ruleset.evolve(state, fact)
    except LudologError:
        pass  # the setup's own failure is the random games' to tell
    rules = kit_of(state).rules
    if rules is None:
        return []
    space = next(iter(rules.geometry.every), "")
    card = next(iter(rules.cards), "")
    samples = {name: space if name in SPACES else card if name in CARDS else 1 for name in (*CHOICES, "landed", "drawn")}
    return [problem for path, expression, kind in rules.expressions if (every or kind == "scores") and path not in told
            for problem in _tried(rules, state, samples, path, expression, kind)]


def _tried(rules: Any, state: Any, samples: dict[str, Any], path: Any, expression: Any, kind: str) -> list[Problem]:
    """The mistake in one expression, worked out on the table with the sample choices (none: it is right)."""
    try:
        value = expression.value(Scope(rules, state, state.turn or 1, samples))
    except ExpressionFailed as failed:
        said = str(failed)
        if not any(word in said for word in TYPED):
            return []
        return [Problem(path, f"a type error: {said.split(' CEL does not coerce')[0].split('. Convert')[0]}")]
    wrong = _wrong(value, kind, state.seats)
    here = f"at {state.seats} seats" if kind == "scores" else "here"
    return [Problem(path, f"{expression.source!r} {wrong}, but its value {here} is {value!r}")] if wrong else []


def _wrong(value: Any, kind: str, seats: int) -> str:
    """What the value should have been, for its kind of place; empty where it is right."""
    if kind == "condition" and not isinstance(value, bool):
        return "is a condition (true or false)"
    if kind == "number" and (isinstance(value, bool) or not isinstance(value, (int, float))):
        return "must be a number"
    if kind == "seats" and not isinstance(value, list):
        return "must be a list of seats ([seat], [] for a draw)"
    if kind == "scores" and (not isinstance(value, list) or len(value) != seats or not all(type(score) is int for score in value)):
        return f"must be a list of whole numbers, one a seat ({seats} at {seats} seats)"
    return ""
