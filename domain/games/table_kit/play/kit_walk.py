"""The commands an action offers (``kit_rules``' legal commands): the action alone, each value of its one choice, or
every assignment of its several choices, in order, each value one its choice allows given those before it, each
counted against ``MOST_OFFERED``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.games.table_kit.play.kit_bounds import MOST_OFFERED, OfferTally
from domain.games.table_kit.play.kit_choices import Choice
from domain.games.table_kit.play.kit_offers import Lazy, chosen_once
from domain.games.table_kit.play.kit_scope import Scope


def action_commands(scope: Scope, name: str, action: dict[str, Any], lazy: Lazy, tally: OfferTally) -> Iterable[Any]:
    """The commands one action allows the seat, in order (``lazy``: whether the first alone is wanted): a list, or
    made one after another as they are asked for."""
    when, choices = action["when"], action["choices"]
    if not choices:  # no choice: the action alone, if its condition holds
        tally.count(0, name)
        return [{"type": "act", "action": name}] if when is None or when.holds(scope) else []
    if len(choices) == 1:  # one choice, the most common: its values alone, without a walk
        return chosen_once(scope, choices[0], lazy, tally, name, when)  # type: ignore[no-any-return]
    if len(choices) == 2 and choices[1].steps_from(choices[0].name):  # a piece and a step from it
        return stepped(scope, choices, lazy, tally, name, when)  # type: ignore[no-any-return]
    return _assigned(scope, name, choices, lazy, tally, when)


def _assigned(scope: Scope, name: str, choices: list[Choice], lazy: Lazy, tally: OfferTally, when: Any) -> Any:
    """The commands of every assignment of the action's choices whose condition holds with them."""
    for chosen in combinations(scope, choices, lazy, tally, name):
        if when is None or when.holds(scope.with_choice(chosen) if chosen else scope):
            yield {"type": "act", "action": name, **chosen}


def combinations(scope: Scope, choices: list[Choice], lazy: Lazy, tally: OfferTally, action: str) -> Any:
    """Every assignment of the choices, in order, each value one its choice allows given those before it; each
    value counted at its choice's level (``tally``: past ``MOST_OFFERED`` at one level, the rules fail)."""
    if not choices:
        tally.count(0, action)
        yield {}
        return
    yield from _walk(scope, choices, lazy, tally, action, {}, 0)


def _walk(scope: Scope, choices: list[Choice], lazy: Lazy, tally: OfferTally, action: str, chosen: dict[str, Any],
          depth: int) -> Any:
    """``combinations``' assignments from the choice at ``depth`` on, given those ``chosen`` before it (a function of
    its own: one nested in ``combinations`` and calling itself would hold itself, a cycle only the garbage collector
    lets go of)."""
    choice, last = choices[depth], len(choices) - 1
    values = choice.candidates(scope.with_choice(chosen) if chosen else scope, lazy)
    if depth == last:
        for value in values:
            tally.count(depth, action)
            yield {**chosen, choice.name: value}
    elif depth + 1 == last and choices[last].steps_from(choice.name):  # steps from this choice's space: no scope each
        following = choices[last]
        for value in values:
            tally.count(depth, action)
            for then in following.stepped(scope, value):
                tally.count(last, action)
                yield {**chosen, choice.name: value, following.name: then}
    else:
        for value in values:
            tally.count(depth, action)
            yield from _walk(scope, choices, lazy, tally, action, {**chosen, choice.name: value}, depth + 1)



def stepped(scope: Scope, choices: list[Choice], lazy: Lazy, tally: OfferTally, action: str, when: Any) -> Any:
    """The commands of an action of two choices, the second steps from the first's space (``Choice.steps_from``):
    ``combinations``' own, each value counted alike, made without its walk (the second's values read from the
    spaces its steps reach, less those the board bars: ``Choice.reach``); all in a list, or, ``lazy``, those of one
    first value after another until ``lazy`` reads false (the first alone was wanted), then the rest in a list."""
    if lazy:
        return _first_then_rest(scope, choices, tally, action, when, lazy)
    return _commands(scope, choices, choices[0].candidates(scope), tally, action, when)


def _first_then_rest(scope: Scope, choices: list[Choice], tally: OfferTally, action: str, when: Any, lazy: Lazy) -> Any:
    """``stepped``'s commands, those of each first value in turn (each checked against ``when`` as it is asked for)
    while ``lazy`` holds, then the rest all at once."""
    values = choices[0].candidates(scope, True)
    name, then_name = choices[0].name, choices[1].name
    for value in values:
        for command in _commands(scope, choices, (value,), tally, action, None):
            if when is None or when.holds(scope.with_choice({name: value, then_name: command[then_name]})):
                yield command
        if not lazy:
            yield from _commands(scope, choices, values, tally, action, when)
            return


def _commands(scope: Scope, choices: list[Choice], values: Any, tally: OfferTally, action: str, when: Any) -> list[Any]:
    """The commands of the first choice's ``values``, in order, each counted (past ``MOST_OFFERED`` at a level, the
    rules fail): the second's values from each, those its steps reach less those the board bars."""
    first, following = choices
    name, then_name = first.name, following.name
    made = tally.made
    if len(made) < 2:
        made.extend([0] * (2 - len(made)))
    values_made, made_then = made[0], made[1]  # counted here, then handed back
    commands: list[Any] = []
    reach: Any = None
    try:
        for value in values:
            values_made += 1
            if values_made > MOST_OFFERED:
                tally.refuse(action)
            if reach is None:
                reach, barred = following.reach(scope)
            for then in reach.get(value, ()):
                if then in barred:
                    continue
                made_then += 1
                if made_then > MOST_OFFERED:
                    tally.refuse(action)
                if when is None:
                    commands.append({"type": "act", "action": action, name: value, then_name: then})
                else:
                    chosen = {name: value, then_name: then}
                    if when.holds(scope.with_choice(chosen)):
                        commands.append({"type": "act", "action": action, **chosen})
    finally:
        made[0], made[1] = values_made, made_then
    return commands
