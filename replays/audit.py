"""Auditing a stored game: was it played by the rules, and is its log whole?

Checks, each reporting the first problem in words: the hash chain (an edited, removed or reordered
event, or an edited time, breaks it), the seed and salt against the commitment published at creation,
and re-deciding every command on the state before it, with the randomness it had then (a table game's: the
outcomes the table supplied, recorded with its setup and each command), under the ruleset this service has, comparing the facts with the recorded ones. A game recorded under another
version of the rules is re-decided under this one; the report says so. A seat's resignation, draw offers and abort (``domain.engine.early_endings``)
are decided again in their place among the commands, and no command may follow a game they ended.

The game's log must reach the head the store recorded for it beside its rows (``domain.keeping.heads``): a
tail cut at a command boundary leaves a whole chain, but not that. The head, the snapshots and the events are
read at one moment (``replays.game_read``), so a game a running service plays on meanwhile is audited as
read, never taken for a cut one. A fork must start from its trunk's
state at its step, as its eye knew it (``replays.fork_audit``). Its snapshots, a receipt a client kept and
the store's global sequence of events are checked by ``replays.store_audit``.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from domain.engine import early_endings, registry
from domain.engine.chain import first_broken_link
from domain.engine.chance import chance, decided
from domain.engine.errors import LudologError
from domain.engine.game import Game
from domain.engine.randomness import chance_key, commitment
from domain.keeping.access import GameAccess
from domain.keeping.listing import created_games
from domain.keeping.service import GameService
from replays.audit_report import Audit as Audit  # where callers have found it
from replays.fork_audit import fork_note, trunk_problems
from replays.game_read import GameRead, cut_off, moved_on, read_game
from replays.store_audit import check_receipt, check_snapshots, sequence_gaps


def audit(service: GameService, game_id: uuid.UUID, head: tuple[int, str] | None = None) -> Audit:
    """Audit one game; ``head`` is a receipt ``(event number, hash)`` a client kept, to check against
    the stored chain. Gaps anywhere in the store's global sequence are reported too."""
    read = read_game(service, game_id)
    report = Audit(game_id=game_id, events=len(read.stored))
    _check_stored(service, read, report)
    if head is not None:
        report.problems += check_receipt(read.stored, head)
    problems, notes = sequence_gaps(service)
    report.problems += [gap for gap, _ in problems]
    report.notes += notes
    return report


def _check_stored(service: GameService, read: GameRead, report: Audit) -> None:
    """The game's own checks, its snapshots, and its log against the head the store recorded for it, all
    on the one read of the game (``replays.game_read``): a game played on meanwhile is audited as read."""
    stored = read.stored
    _check_game(stored, report)
    if report.clean and isinstance(stored[0], Game.Forked):
        report.problems += trunk_problems(service, stored[0])
        if report.clean:
            report.notes.append(fork_note(service, stored[0]))
    if report.clean:
        check_snapshots(service, read, report)
    cut = cut_off(read)
    report.problems += cut
    if not cut:
        report.notes += moved_on(service, read)


def _check_game(stored: list[Any], report: Audit) -> None:
    """The game's own checks: numbering, chain, commitment, every command re-decided."""
    if not stored or not isinstance(stored[0], Game.Created):
        report.problems.append("event 1 is not the game's creation")
        return
    for expected, event in enumerate(stored, 1):
        if event.originator_version != expected:
            report.problems.append(f"event {expected} is missing: the log jumps from {expected - 1} to {event.originator_version}")
            return
    broken = first_broken_link(stored)
    if broken is not None:
        report.problems.append(
            f"event {broken}: its hash does not match its content, its time or the event before it (the log was edited)"
        )
        return
    created = stored[0]
    if commitment(created.seed, created.salt) != created.seed_commitment:
        report.problems.append("event 1: the seed does not match the commitment published at creation")
        return
    reveals = [e for e in stored if isinstance(e, Game.SeedRevealed)]
    if reveals:
        reveal = reveals[0]
        if reveal is not stored[-1]:
            report.problems.append(f"event {reveal.originator_version}: the seed is revealed, but it is not the game's last event")
            return
        if reveal.seed != created.seed:
            report.problems.append(f"event {reveal.originator_version}: the seed revealed ({reveal.seed!r}) is not the one "
                                   "committed to at creation")
            return
        if reveal.salt != created.salt:
            report.problems.append(f"event {reveal.originator_version}: the salt revealed is not the one recorded at creation")
            return
    try:
        recorded = registry.get(created.ruleset, created.ruleset_version)
        current = registry.get(created.ruleset)
    except LudologError as error:
        report.problems.append(f"event 1: {error}")
        return
    if recorded.version != created.ruleset_version:
        report.notes.append(
            f"recorded under {recorded.title} rules v{created.ruleset_version}, which this service no longer has; "
            f"re-decided under v{recorded.version}"
        )
    if created.table:
        report.notes.append("a table game: its chance outcomes were told by the people at the table, and re-decided with them")
    report.problems += _redecide(recorded, created, stored)
    if report.clean and current.version != recorded.version:
        differences = _redecide(current, created, stored)
        report.notes.append(
            f"played under rules v{recorded.version}; the current rules v{current.version} "
            + (f"would decide differently: {differences[0]}" if differences else "decide every command alike")
        )


def _redecide(rules: Any, created: Any, stored: list[Any]) -> list[str]:
    """The first place where ``rules`` decide otherwise than the log, in words (empty: none)."""
    report = Audit(game_id=created.originator_id, events=len(stored))
    _walk(rules, created, stored, report)
    return report.problems


def _walk(rules: Any, created: Any, stored: list[Any], report: Audit) -> None:
    seats = list(created.seats)
    key = chance_key(created.seed, created.salt, created.chain_version)
    state = _set_up(rules, created, stored, report, key)
    if state is None:
        return
    early = early_endings.Rehearsal(rules, seats, getattr(created, "players", None))
    for first, cause, events in _commands(stored):
        if cause is None:  # a seat's resignation, draw offer or abort
            problem = early.check(events[0], state)
            if problem is not None:
                report.problems.append(f"event {first}: {problem}")
                return
            continue
        seat, command = cause["seat"], cause["command"]
        facts_recorded = [e for e in events if isinstance(e, Game.FactRecorded)]
        if rules.outcome(state) is not None or early.ending is not None:
            report.problems.append(f"event {first}: a command was recorded after the game was over")
            return
        try:
            command = rules.check_command(command)
            if seat not in rules.to_act(state):
                raise LudologError(f"seat {seat} was not to act")
            rng = chance(created.table, key, first - 1, cause.get("outcomes"))
            expected = decided(rng, seats, rules.decide, state, seat, command)
        except LudologError as error:
            report.problems.append(
                f"event {first}: {seats[seat - 1]}'s command {json.dumps(command)} is refused by the rules: {error}"
            )
            return
        if not _same(rules, seats, expected, facts_recorded, report, f"{seats[seat - 1]}'s command {json.dumps(command)}"):
            return
        for fact in expected:
            state = rules.evolve(state, fact)
        early.played(seat)
    over = rules.outcome(state) is not None or early.ending is not None
    revealed = any(isinstance(e, Game.SeedRevealed) for e in stored)
    if over and not revealed:
        report.problems.append(f"event {len(stored)}: the game is over but its seed was never revealed")
    elif revealed and not over:
        report.problems.append("the seed was revealed but the rules say the game is not over")


def _set_up(rules: Any, created: Any, stored: list[Any], report: Audit, key: str) -> Any:
    """The state the game's commands start from: a fork's start (``replays.fork_audit`` ties it to its
    trunk), else the rules' setup re-decided and compared with the log; ``None`` after a problem."""
    if isinstance(created, Game.Forked):
        return created.start
    seats = list(created.seats)
    state = rules.new_state(len(seats), dict(created.options))
    setup = [e for e in stored[1:] if isinstance(e, Game.FactRecorded) and not e.cause]
    try:
        expected_setup = decided(chance(created.table, key, "setup", created.setup_outcomes), seats, rules.setup, state)
    except LudologError as error:
        report.problems.append(f"event 2: the setup is refused by the rules: {error}")
        return None
    if not _same(rules, seats, expected_setup, setup, report, "the setup"):
        return None
    for fact in expected_setup:
        state = rules.evolve(state, fact)
    return state


def _commands(stored: list[Any]) -> list[tuple[int, dict[str, Any], list[Any]]]:
    """The recorded commands in order: (number of their first event, cause, their events); a seat's act of
    ``domain.engine.early_endings`` in its place among them, as (its number, ``None``, [it])."""
    groups: list[tuple[int, Any, list[Any]]] = []
    for event in stored[1:]:
        cause = getattr(event, "cause", None)
        if isinstance(event, early_endings.EarlyEvent):
            groups.append((event.originator_version, None, [event]))
            continue
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
    """Audit every game. A gap in the store's sequence is reported on the games whose events lie on
    either side of it (on the first game when none does)."""
    reports = []
    for game_id in created_games(service.recorder, service.recorder.max_notification_id() or 0):
        read = read_game(service, game_id)
        report = Audit(game_id=game_id, events=len(read.stored))
        _check_stored(service, read, report)
        reports.append(report)
    problems, notes = sequence_gaps(service)
    owners = {str(r.game_id): r for r in reports} | {str(GameAccess.id_for(r.game_id)): r for r in reports}
    for gap, neighbours in problems:
        concerned = [owners[n] for n in sorted(neighbours) if n in owners] or reports[:1]
        for report in {id(r): r for r in concerned}.values():
            report.problems.append(gap)
    if reports:
        reports[0].notes += notes
    return reports
