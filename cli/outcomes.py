"""Asking the people at a table for a table game's chance outcomes, at the moment the game needs one.

A table game (``ludolog new ... --table``) takes every die face, coin side and card drawn from the table.
When a command (or the setup) needs one that was not given, the engine refuses it with the question and
the possible values (``OutcomeNeeded``); here the question is put to the user ("Cy rolls the die: which
face? [0/1/2/3/4/5/6]"), the answer added, and the command tried again. An answer that could not have
happened (``ImpossibleOutcome``) is asked again. Nothing is recorded until every outcome is known.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from domain.engine.errors import ImpossibleOutcome, OutcomeError, OutcomeNeeded

T = TypeVar("T")


def with_outcomes(attempt: Callable[[list[Any]], T], given: list[Any], ask: bool = True) -> T:
    """``attempt(outcomes)`` with the given outcomes, asking for each one it still needs (when ``ask``;
    else its refusal stands). The outcomes are JSON values: the one of the possible values a typed
    answer names."""
    outcomes = list(given)
    while True:
        try:
            return attempt(outcomes)
        except OutcomeNeeded as needed:
            if not ask:
                raise
            outcomes.append(ask_outcome(needed))
        except ImpossibleOutcome as impossible:
            if not ask or impossible.index >= len(outcomes):
                raise
            click.echo(f"Not possible: {impossible.given!r} is not one of {_choices(impossible)}.")
            del outcomes[impossible.index:]
            outcomes.append(ask_outcome(impossible))


def ask_outcome(error: OutcomeError) -> Any:
    """The user's answer to the table's question, as the possible value it names (case aside)."""
    while True:
        try:
            answer = click.prompt(f"{error.question} [{_choices(error)}]", show_default=False).strip()
        except click.exceptions.Abort:  # no one to ask (input ended): the refusal in one line
            raise click.ClickException(error.message) from None
        value = outcome_named(answer, error.values)
        if value is not None:
            return value
        click.echo(f"Answer one of {_choices(error)}.")


def outcome_named(answer: str, values: list[Any]) -> Any:
    """The value a typed answer names (``"4"`` names ``4``, ``"uzi"`` names ``"UZI"``), or ``None``."""
    for value in values:
        if str(value) == answer:
            return value
    folded = [value for value in values if str(value).casefold() == answer.casefold()]
    return folded[0] if len(folded) == 1 else None


def parse_outcome(text: str) -> Any:
    """An outcome given on the command line: a whole number as a number (a die face), else the text."""
    stripped = text.strip()
    if stripped.lstrip("-").isdigit():
        return int(stripped)
    return stripped


def _choices(error: OutcomeError) -> str:
    return "/".join(str(value) for value in error.values)
