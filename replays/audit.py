"""Auditing a stored game: was it played by the rules, and is its log whole?

Three checks, each reporting the first problem in words: the hash chain (an edited, removed or
reordered event breaks it), the seed against the commitment published at creation (once the game is
over), and re-deciding every command on the state before it, with the randomness it had then, under
the ruleset this service has, comparing the facts with the recorded ones. A game recorded under
another version of the rules is re-decided under this one; the report says so.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field
from typing import Any

from domain import registry
from domain.errors import LudologError
from domain.game import Game, first_broken_link
from domain.randomness import Rng, commitment
from domain.service import GameService


@dataclass
class Audit:
    """The findings on one game: ``problems`` empty means clean; ``notes`` are facts worth knowing."""

    game_id: uuid.UUID
    events: int
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not self.problems


def audit(service: GameService, game_id: uuid.UUID) -> Audit:
    stored = list(service.events.get(game_id))
    report = Audit(game_id=game_id, events=len(stored))
    if not stored or not isinstance(stored[0], Game.Created):
        report.problems.append("event 1 is not the game's creation")
        return report
    for expected, event in enumerate(stored, 1):
        if event.originator_version != expected:
            report.problems.append(f"event {expected} is missing: the log jumps from {expected - 1} to {event.originator_version}")
            return report
    broken = first_broken_link(stored)
    if broken is not None:
        report.problems.append(f"event {broken}: its hash does not match its content or the event before it (the log was edited)")
        return report
    created = stored[0]
    if commitment(created.seed) != created.seed_commitment:
        report.problems.append("event 1: the seed does not match the commitment published at creation")
        return report
    try:
        recorded = registry.get(created.ruleset, created.ruleset_version)
        current = registry.get(created.ruleset)
    except LudologError as error:
        report.problems.append(f"event 1: {error}")
        return report
    if recorded.version != created.ruleset_version:
        report.notes.append(
            f"recorded under {recorded.title} rules v{created.ruleset_version}, which this service no longer has; "
            f"re-decided under v{recorded.version}"
        )
    report.problems += _redecide(recorded, created, stored)
    if report.clean and current.version != recorded.version:
        differences = _redecide(current, created, stored)
        report.notes.append(
            f"played under rules v{recorded.version}; the current rules v{current.version} "
            + (f"would decide differently: {differences[0]}" if differences else "decide every command alike")
        )
    return report


def _redecide(rules: Any, created: Any, stored: list[Any]) -> list[str]:
    """The first place where ``rules`` decide otherwise than the log, in words (empty: none)."""
    report = Audit(game_id=created.originator_id, events=len(stored))
    _walk(rules, created, stored, report)
    return report.problems


def _walk(rules: Any, created: Any, stored: list[Any], report: Audit) -> None:
    seats = list(created.seats)
    state = rules.new_state(len(seats), dict(created.options))
    groups = _commands(stored)
    setup = [e for e in stored[1:] if isinstance(e, Game.FactRecorded) and not e.cause]
    expected_setup = rules.setup(state, Rng(created.seed, "setup"))
    if not _same(rules, seats, expected_setup, setup, report, "the setup"):
        return
    for fact in expected_setup:
        state = rules.evolve(state, fact)
    for first, cause, events in groups:
        seat, command = cause["seat"], cause["command"]
        facts_recorded = [e for e in events if isinstance(e, Game.FactRecorded)]
        if rules.outcome(state) is not None:
            report.problems.append(f"event {first}: a command was recorded after the game was over")
            return
        try:
            command = rules.check_command(command)
            if seat not in rules.to_act(state):
                raise LudologError(f"seat {seat} was not to act")
            expected = rules.decide(state, seat, command, Rng(created.seed, first - 1))
        except LudologError as error:
            report.problems.append(
                f"event {first}: {seats[seat - 1]}'s command {json.dumps(command)} is refused by the rules: {error}"
            )
            return
        if not _same(rules, seats, expected, facts_recorded, report, f"{seats[seat - 1]}'s command {json.dumps(command)}"):
            return
        for fact in expected:
            state = rules.evolve(state, fact)
    over = rules.outcome(state) is not None
    revealed = any(isinstance(e, Game.SeedRevealed) for e in stored)
    if over and not revealed:
        report.problems.append(f"event {len(stored)}: the game is over but its seed was never revealed")
    elif revealed and not over:
        report.problems.append("the seed was revealed but the rules say the game is not over")


def _commands(stored: list[Any]) -> list[tuple[int, dict[str, Any], list[Any]]]:
    """The recorded commands in order: (number of their first event, cause, their events)."""
    groups: list[tuple[int, dict[str, Any], list[Any]]] = []
    for event in stored[1:]:
        cause = getattr(event, "cause", None)
        if not cause:
            continue
        if groups and groups[-1][1] == cause and groups[-1][2][-1].originator_version == event.originator_version - 1:
            groups[-1][2].append(event)
        else:
            groups.append((event.originator_version, cause, [event]))
    return groups


def _same(rules: Any, seats: list[str], expected: list[Any], recorded: list[Any], report: Audit, what: str) -> bool:
    for index in range(max(len(expected), len(recorded))):
        want = expected[index] if index < len(expected) else None
        got = recorded[index] if index < len(recorded) else None
        got_fact = got.as_fact() if got is not None else None
        if want is not None and got_fact is not None and type(want) is type(got_fact) and want.to_data() == got_fact.to_data():
            continue
        number = got.originator_version if got is not None else (recorded[-1].originator_version + 1 if recorded else "?")
        said = rules.describe(want, seats) if want is not None else "nothing more"
        found = rules.describe(got_fact, seats) if got_fact is not None else "nothing"
        report.problems.append(f"event {number}: for {what} the rules decide \"{said}\" but the log has \"{found}\"")
        return False
    return True


def audit_all(service: GameService) -> list[Audit]:
    return [audit(service, uuid.UUID(game["id"])) for game in service.list_games()]
