"""Auditing a live store: a game that moves on while the audit reads it is audited as read at one
moment (its recorded head and its snapshots read before its events), never reported as cut off or as
having a snapshot of an event it lacks; a real tail cut is still found. Both stores (``tests/stores.py``).

The race is forced in one test (the service that plays the game moves it on right after the audit read
its events, past a snapshot), and met as it comes in another (bots play games in a thread while the
store is audited again and again)."""

from __future__ import annotations

import threading
import time

from stores import cut_tail

from domain.keeping.application import SNAPSHOT_INTERVAL
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from replays.audit import audit, audit_all

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

SEQUENCE_GAP = "the store's sequence of events misses"
"""How the audit names rows deleted from the store's sequence (on SQLite a problem, on PostgreSQL a note)."""


def played_until(service: GameService, game_id, version: int | None = None) -> None:
    """Bots play the game until it has at least ``version`` events, or is over (``None``: until it is over)."""
    for _ in service.play_bots(game_id, bot_seed=1):
        if version is not None and service.game(game_id).version >= version:
            return


def moving_on_after_its_events_are_read(auditing: GameService, playing: GameService, game_id) -> list[int]:
    """Make ``playing`` (the running service) play the game to its end right after ``auditing`` has read
    the game's whole log, once: returns a list that is then filled with the versions before and after."""
    read_events = auditing.recorder.select_events
    moved: list[int] = []

    def select_events(originator_id, **kwargs):
        rows = read_events(originator_id, **kwargs)
        whole_log = kwargs.get("gt") is None and kwargs.get("lte") is None
        if originator_id == game_id and whole_log and not moved:
            moved.append(len(rows))
            played_until(playing, game_id)
            moved.append(playing.game(game_id).version)
        return rows

    auditing.recorder.select_events = select_events
    return moved


def test_a_game_moved_on_between_the_audits_reads_is_audited_as_read_not_cut_off(store):
    playing = GameService(env=store_env(store))
    auditors = {"one game": lambda service, game_id: audit(service, game_id),
                "every game": lambda service, game_id: next(r for r in audit_all(service) if r.game_id == game_id)}
    for seed, audited in auditors.items():
        game_id = playing.create_game("correction", ["Ann", "Ben"], seed=seed, salt=SALT)
        played_until(playing, game_id, SNAPSHOT_INTERVAL - 5)
        auditing = GameService(env=store_env(store))
        moved = moving_on_after_its_events_are_read(auditing, playing, game_id)
        report = audited(auditing, game_id)
        auditing.close()
        before, after = moved
        assert before < SNAPSHOT_INTERVAL < after and playing.game(game_id).outcome() is not None  # past a snapshot
        assert report.problems == [] and report.events == before
        moved_on = f"the game moved on while it was audited: audited to event {before}, the store has since recorded event {after}"
        assert report.notes == [moved_on]
        afterwards = GameService(env=store_env(store))
        assert audit(afterwards, game_id).clean
        afterwards.close()
    playing.close()


GAMES = 4
"""How many games the bots play beside the audit."""

ROUNDS = 12
"""At most how many times the store is audited while they play."""


def last_command_boundary(service: GameService, game_id) -> int:
    """The number of the event before the game's last command: a tail cut there leaves a whole chain."""
    stored = list(service.events.get(game_id))
    last = stored[-1].cause["command_id"]
    return next(e.originator_version for e in stored if (getattr(e, "cause", None) or {}).get("command_id") == last) - 1


def found_only(reports, cut_game=None, cut=None) -> None:
    """No problem in any report but ``cut`` on ``cut_game`` (and the gap the cut left in the store's sequence)."""
    for report in reports:
        expected = [cut] if report.game_id == cut_game and cut else []
        assert [p for p in report.problems if not p.startswith(SEQUENCE_GAP)] == expected, report
        assert cut or report.clean, report


def test_an_audit_beside_bots_playing_finds_no_false_cut_and_still_finds_a_real_one(store):
    auditing = GameService(env=store_env(store))
    finished = auditing.create_game("correction", ["Ann", "Ben"], seed="to be cut", salt=SALT)
    played_until(auditing, finished)
    last, boundary = auditing.game(finished).version, last_command_boundary(auditing, finished)
    cut = (f"the store recorded event {last} of this game, but its log ends at event {boundary}: "
           f"events {boundary + 1} to {last} were cut off")
    playing_started, stop, played, failures = threading.Event(), threading.Event(), [], []

    def play_games() -> None:  # the running service: bots play games on the same store
        playing = GameService(env=store_env(store))
        try:
            deadline = time.monotonic() + 120  # a bound, not a measure: the test does not depend on it
            for number in range(GAMES):
                played.append(playing.create_game("correction", ["Cy", "Di"], seed=f"live {number}", salt=SALT))
                for _ in playing.play_bots(played[-1], bot_seed=number):
                    playing_started.set()
                    if stop.is_set() or time.monotonic() > deadline:
                        return
        except BaseException as error:  # noqa: BLE001  # told to the test below
            failures.append(error)
        finally:
            playing_started.set()
            playing.close()

    writer = threading.Thread(target=play_games, name="bots playing", daemon=True)
    writer.start()
    try:
        playing_started.wait(120)
        tail_cut = False
        for round_ in range(ROUNDS):
            if round_ == ROUNDS // 2:
                cut_tail(store, auditing.recorder.events_table_name, finished, boundary)
                tail_cut = True
            found_only(audit_all(auditing), finished, cut if tail_cut else None)
            if not writer.is_alive():
                break
    finally:
        stop.set()
        writer.join(120)
    assert not writer.is_alive() and failures == []
    if not tail_cut:
        cut_tail(store, auditing.recorder.events_table_name, finished, boundary)
    reports = audit_all(auditing)
    found_only(reports, finished, cut)
    assert {report.game_id for report in reports} == {finished, *played}
    auditing.close()
