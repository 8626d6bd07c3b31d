"""The non-interference test of a kit, for ``ludolog kit check --secrets`` and the API's kit check: does anything a
seat can read change with what it cannot see?

Seeded random games of the kit are played at its fewest seats. At each table of each game, for each seat, the
table is dealt afresh where that seat cannot see (``determinize``: every card it cannot see dealt again, every other
seat's roll behind a screen rolled again, every other seat's private counter at its start), and everything the seat
can read is compared between the table and its twin: its view, its text and picture, the commands it is offered
and the bots' value of it; then the command another seat plays next is played on both (with the same chance, so a
public roll comes out alike; a card it names that the seat cannot see is, on the twin, the card dealt in its place:
the same hidden choice) and the facts, as redacted for that seat, are compared (the card names aside: chance deals
them differently by design; each fact's cards are checked on their own). The
facts themselves are checked as the seat receives them: no card it may not see, no die behind another's screen,
no sealed choice and no private counter of another seat. Any difference is a leak, told once, naming the value
(and, where the kit names it, its place: a counter, an action). Differences once the game is over are none: the
end shows every card (ruling 24).

The test is bounded: ``games`` games (``GAMES`` unless asked), each of at most ``MOST_COMMANDS`` commands, and all
of them within ``SECONDS`` of the caller's clock; a game not played for want of time is counted (``unplayed``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from domain.engine import registry, rule_time
from domain.engine.errors import LudologError
from domain.engine.game import Game
from domain.engine.randomness import Rng
from domain.games.table_kit.reading.checks import Problem
from domain.games.table_kit.language.expressions import ExpressionFailed
from domain.games.table_kit.table.state import sees
from domain.thinking.greedy import SimRng

GAMES = 20
"""Games played unless asked for more or fewer."""
MOST_GAMES = 200
MOST_COMMANDS = 300
"""A game is followed this far at most: a leak shows early (the first deal, the first draw)."""
SECONDS = 20.0
"""All the games together stop after this long; those not played are counted."""
API_SECONDS = 6.0
"""The API's check stops its games sooner: a request's rules may run for 10 seconds (``LUDOLOG_RULES_SECONDS``)."""
SALT = "5eed" * 8


@dataclass
class SecretsReport:
    """What the test found: each leak once (``problems``, placed in the kit where it can be), the games played
    and not played, and the (table, seat) pairs compared."""

    problems: list[Problem] = field(default_factory=list)
    games: int = 0
    unplayed: int = 0
    checked: int = 0

    def tell(self, path: tuple[str | int, ...], message: str) -> None:
        """A leak, told once for each value it names (the first words of ``message``, up to its colon)."""
        value = message.partition(":")[0]
        if all(problem.message.partition(":")[0] != value for problem in self.problems):
            self.problems.append(Problem(path, message))


def hides_nothing(document: dict[str, Any]) -> bool:
    """Whether the kit has nothing a seat cannot see: no cards, no die behind a screen, no private counter, no turn
    taken together (its sealed choices). Such a kit cannot leak; no game is played."""
    return (not any(deck.get("cards") for deck in document.get("decks", []))
            and not any(die.get("hidden") for die in document.get("dice", []))
            and not any(counter.get("private") for counter in document.get("counters", []))
            and "together" not in document.get("play", {}))


def secret_leaks(document: dict[str, Any], games: int = GAMES, *, clock: Callable[[], float], seconds: float = SECONDS) -> SecretsReport:
    """Play ``games`` random games of the kit (a kit with rules) and report what reached a seat that changes with what
    it cannot see."""
    rules = registry.get("table-kit")
    report = SecretsReport()
    if hides_nothing(document):
        return report
    ends = clock() + seconds
    for number in range(min(games, MOST_GAMES)):
        if clock() >= ends:
            report.unplayed = min(games, MOST_GAMES) - number
            break
        try:
            with rule_time.deadline(max(0.0, ends - clock()), clock):
                _game(rules, document, number, report)
        except (LudologError, ExpressionFailed):
            pass  # a game that fails (or runs out of time) is kit check's trial's to tell; what it showed before counts
        report.games += 1
    return report


def _game(rules: Any, document: dict[str, Any], number: int, report: SecretsReport) -> None:
    seats = document["seats"]["fewest"]
    names = [f"Seat {n}" for n in range(1, seats + 1)]
    game = Game.start(rules, names, rules.resolve_options({"kit": document}), f"secrets:{number}", salt=SALT)
    _facts(rules, None, seats, _facts_of(game.pending_events), report)
    choose = random.Random(f"secrets:{number}")
    for commands in range(MOST_COMMANDS):
        if game.outcome() is not None or not game.to_act():
            return
        seat, state = game.to_act()[0], game.state
        legal = rules.legal_commands(state, seat)
        if not legal:
            return
        command = legal[choose.randrange(len(legal))]
        for viewer in range(1, seats + 1):
            _compare(rules, state, viewer, (seat, command), f"secrets:{number}:{commands}", names, report)
            report.checked += 1
        before = len(game.pending_events)
        game.play(seat, command, f"c{commands}")
        _facts(rules, state, seats, _facts_of(game.pending_events[before:]), report)


def _facts_of(events: list[Any]) -> list[Any]:
    """The facts of a game's new events (its ``Created`` event holds none)."""
    return [event.as_fact() for event in events if hasattr(event, "fact")]


def _facts(rules: Any, before: Any, seats: int, facts: list[Any], report: SecretsReport) -> None:
    """Each fact as each seat receives it: nothing of a card, die, choice or counter it may not see."""
    for fact in facts:
        kind = type(fact).__name__
        for viewer in range(1, seats + 1):
            shown = rules.redact(fact, viewer)
            if kind == "CardMoved" and shown.card and not (fact.up or fact.to == f"hand:{viewer}" or _knew(before, fact, viewer)):
                report.tell((), f"a card moved ({kind}): seat {viewer} is told it is {fact.card}, going to {fact.to}, which it may not see")
            if kind == "HiddenDiceRolled" and viewer != fact.seat and any(face != "" for face in shown.faces):
                report.tell((), f"the die {fact.die} behind a screen: seat {viewer} is told seat {fact.seat}'s roll")
            if kind == "ChoiceSealed" and viewer != fact.seat and (shown.action or shown.choices):
                report.tell((), f"a sealed choice: seat {viewer} is told seat {fact.seat}'s")
            if kind == "PrivateCounterChanged" and viewer != fact.owner and shown.value is not None:
                report.tell(() if before is None else _counter_path(before, fact.counter),
                            f"the private counter {fact.counter.partition(':')[0]}: seat {viewer} is told {fact.counter}")
        if before is not None:
            before = rules.evolve(before, fact)


def _knew(state: Any, fact: Any, viewer: int) -> bool:
    """Whether the seat knew the card before it moved (it had seen it where it lay, or moved it from its own hand)."""
    if state is None or fact.index < 0:
        return False
    entry = state.zones[fact.origin]["cards"][fact.index]
    return entry["up"] or viewer in entry["seen"] or (viewer == fact.seat and fact.origin == f"hand:{viewer}")


def _compare(rules: Any, state: Any, viewer: int, played: tuple[int, dict[str, Any]], seed: str, names: list[str], report: SecretsReport) -> None:
    """The table and one dealt afresh where ``viewer`` cannot see, as ``viewer`` reads them, before and after the
    command played next."""
    twin = rules.determinize(state, viewer, SimRng(random.Random(f"{seed}:{viewer}")))
    ours, theirs = rules.view(state, viewer), rules.view(twin, viewer)
    for what in _view_differences(state, ours, theirs):
        report.tell(what[0], f"{what[1]}: seat {viewer}'s view of it changes with what it cannot see")
    if ours == theirs and (rules.render(ours, names) != rules.render(theirs, names) or rules.picture(ours, names) != rules.picture(theirs, names)):
        report.tell((), f"the text or picture of the table: seat {viewer}'s changes with what it cannot see")
    offered, imagined = rules.legal_commands(state, viewer), rules.legal_commands(twin, viewer)
    if offered != imagined:
        changed = {command.get("action", command["type"]) for command in [*offered, *imagined] if (command in offered) != (command in imagined)}
        for action in sorted(changed, key=str):
            report.tell(_action_path(state, action), f"the action {action}: whether seat {viewer} is offered it changes with what it cannot see")
    if rules.evaluate(state, viewer) != rules.evaluate(twin, viewer):
        report.tell(("play", "value"), f"the bots' value (play.value): seat {viewer}'s changes with what it cannot see")
    seat, command = played
    if seat == viewer:
        return  # its own command may draw a card it now sees: what chance shows it differs, and tells it nothing else
    try:
        real = rules.decide(state, seat, command, Rng(seed, 0))
        other = rules.decide(twin, seat, _translated(state, twin, seat, viewer, command), Rng(seed, 0))
    except LudologError:
        return  # a command the other seat could not give on the twin (a card not in its hand there): nothing to compare
    if _ends(rules, state, real) or _ends(rules, twin, other):
        return  # the end shows every card
    told, told_twin = [_blank(rules.redact(fact, viewer)) for fact in real], [_blank(rules.redact(fact, viewer)) for fact in other]
    for ours_fact, theirs_fact in zip(told, told_twin, strict=False):
        if ours_fact != theirs_fact:
            report.tell(_counter_path(state, getattr(ours_fact, "counter", "")),
                        f"{_fact_said(ours_fact)}: what seat {viewer} is told of it after another seat's "
                        f"{rules.describe_command(command)} changes with what it cannot see")
            return
    if len(told) != len(told_twin):
        report.tell((), f"the facts of another seat's {rules.describe_command(command)}: seat {viewer} is told more or fewer as what it cannot see changes")


def _translated(state: Any, twin: Any, seat: int, viewer: int, command: dict[str, Any]) -> dict[str, Any]:
    """The command as the acting seat gives it on the twin: a card it names that ``viewer`` cannot see becomes the card
    dealt in its place on the twin (the same slot of the same hand), as the same hidden choice there."""
    out = dict(command)
    for key in ("card", "give", "take"):
        value = command.get(key)
        if not isinstance(value, str):
            continue
        for zone in (f"hand:{seat}", *state.zones):
            cards = state.zones[zone]["cards"]
            index = next((n for n, entry in enumerate(cards) if entry["card"] == value and not sees(entry, viewer)), None)
            if index is not None:
                out[key] = twin.zones[zone]["cards"][index]["card"]
                break
    return out


def _ends(rules: Any, state: Any, facts: list[Any]) -> bool:
    for fact in facts:
        state = rules.evolve(state, fact)
    return state.winners is not None


def _blank(fact: Any) -> Any:
    """A fact without the names of cards and where in a zone they lay: which card chance turned up differs between
    a table and its twin by design (what a seat may see of a card is checked fact by fact, ``_facts``)."""
    changes: dict[str, Any] = {key: value for key, value in (("card", ""), ("index", 0), ("decided", [])) if hasattr(fact, key)}
    return replace(fact, **changes) if changes else fact


def _fact_said(fact: Any) -> str:
    counter = getattr(fact, "counter", None)
    return f"the counter {counter.partition(':')[0]}" if counter else f"a fact ({type(fact).__name__})"


def _view_differences(state: Any, ours: dict[str, Any], theirs: dict[str, Any]) -> list[tuple[tuple[str | int, ...], str]]:
    """What differs between two views, each with its place in the kit where one names it."""
    found: list[tuple[tuple[str | int, ...], str]] = []
    for key in sorted(set(ours) | set(theirs)):
        if ours.get(key) == theirs.get(key):
            continue
        if key == "counters":
            found += [(_counter_path(state, mine["key"]), f"the counter {mine['name']}") for mine, other in zip(ours[key], theirs[key], strict=False) if mine != other]
        elif key == "zones":
            found += [((), f"the zone {mine['name']}") for mine, other in zip(ours[key], theirs[key], strict=False) if mine != other]
        else:
            found.append(((), f"the view's {key}"))
    return found


def _action_path(state: Any, action: Any) -> tuple[str | int, ...]:
    names = [spec["name"] for spec in state.kit.get("play", {}).get("actions", [])]
    return ("play", "actions", names.index(action)) if action in names else ()


def _counter_path(state: Any, key: str) -> tuple[str | int, ...]:
    names = [spec["name"] for spec in state.kit.get("counters", [])]
    name = key.partition(":")[0]
    return ("counters", names.index(name)) if name in names else ()
