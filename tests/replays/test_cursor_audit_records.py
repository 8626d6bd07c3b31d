"""The replay cursor, the audit and the data exports, for every registered ruleset."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest
from quick_games import quick_options

from domain.engine import registry
from domain.engine.chain import chain_hash
from domain.engine.game import Game
from domain.games.assassination_le.facts import TurnLost
from domain.games.assassination_le.rules import AssassinationLe
from domain.keeping.access import OWNER
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from replays import records
from replays.audit import audit
from replays.cursor import Cursor

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

RULESETS = registry.all_rulesets()


def seats(rules):
    return [f"P{n}" for n in range(1, rules.min_seats + 1)]


SEEDS = {"assassination-le": "replay-7"}
"""A seed whose game of Assassination Le the bots end in 184 events, past a snapshot (replay-1's ran to 894)."""


def played(service, rules, seed=None):
    seed = seed or SEEDS.get(rules.name, "replay-1")
    game_id = service.create_game(rules.name, seats(rules), quick_options(rules.name), seed=seed, salt=SALT)
    for _ in service.play_bots(game_id, bot_seed=3):
        pass
    return game_id


@pytest.fixture(params=RULESETS, ids=lambda rules: rules.name)
def rules(request):
    return request.param


def test_the_cursor_equals_a_fresh_rebuild_at_every_step_forward_and_backward(service, rules):
    game_id = played(service, rules)
    cursor = Cursor(service, game_id, every=8)
    rebuilt = {n: service.game_at(game_id, n).state for n in range(1, cursor.total + 1)}
    cursor.first()
    for n in range(1, cursor.total + 1):
        assert cursor.step.number == n and cursor.state == rebuilt[n]
        if n < cursor.total:
            cursor.next()
    for n in range(cursor.total, 0, -1):
        assert cursor.step.number == n and cursor.state == rebuilt[n]
        cursor.prev()


def test_the_cursor_equals_a_fresh_rebuild_after_random_jumps_and_never_applies_more_than_a_checkpoint_gap(service, rules):
    game_id = played(service, rules)
    every = 8
    cursor = Cursor(service, game_id, every=every)
    chooser = random.Random(5)
    for _ in range(60):
        target = chooser.randint(1, cursor.total)
        before = cursor.applied
        step = cursor.goto(target)
        assert cursor.applied - before <= every - 1
        assert step.state == service.game_at(game_id, target).state
        assert step.view == rules.owner_view(step.state)


def test_the_cursor_shows_each_seat_what_it_knew_then(service):
    rules = registry.get("project-assassination")
    game_id = played(service, rules)
    as_seat = Cursor(service, game_id, viewer=1)
    assert "deck_contents" not in as_seat.goto(3).view  # which cards the decks hold: the owner's
    assert "deck_contents" in Cursor(service, game_id).goto(3).view
    assert as_seat.last().over and "deck_contents" in as_seat.step.view  # all public once over


def test_the_cursor_finds_sentences_and_turns(service):
    rules = registry.get("project-assassination")
    game_id = played(service, rules)
    cursor = Cursor(service, game_id)
    cursor.first()
    found = cursor.find("moved")
    assert found is not None and "moved" in cursor.event(found).sentence
    turn = cursor.next_turn()
    assert turn is not None and cursor.goto(turn).turn > cursor.goto(turn - 1).turn


def test_export_then_import_recreates_the_game_which_audits_clean_and_renders_alike(service, rules):
    game_id = played(service, rules)
    text = records.to_ndjson(service, game_id)
    other = GameService(env=store_env(None))
    assert records.import_game(other, text) == game_id
    assert audit(other, game_id).clean
    for viewer in (OWNER, None, *range(1, len(seats(rules)) + 1)):
        assert other.status(game_id, viewer)["view"] == service.status(game_id, viewer)["view"]
    mine = [(e.number, e.type, e.sentence, e.data) for e in service.read_events(game_id)]
    theirs = [(e.number, e.type, e.sentence, e.data) for e in other.read_events(game_id)]
    assert mine == theirs


def test_an_import_into_a_store_that_has_the_game_is_refused(service):
    game_id = played(service, registry.get("project-assassination"))
    with pytest.raises(Exception, match="already in this store"):
        records.import_game(service, records.to_ndjson(service, game_id))


def test_a_seats_export_cannot_be_imported_and_hides_the_seed_while_the_game_goes_on(service):
    game_id = service.create_game("project-assassination", ["A", "B"], seed="hidden-seed-77", salt=SALT)
    text = records.to_ndjson(service, game_id, viewer=1)
    assert "hidden-seed-77" not in text
    with pytest.raises(Exception, match="only the owner's export"):
        records.import_game(GameService(env=store_env(None)), text)


def test_json_and_csv_exports_hold_every_event(service, rules):
    game_id = played(service, rules)
    total = service.game(game_id).version
    document = json.loads(records.to_json(service, game_id))
    assert document["game"]["ruleset"] == rules.name and len(document["events"]) == total
    rows = records.to_csv(service, game_id).splitlines()
    assert rows[0] == ",".join(records.CSV_COLUMNS) and len(rows) == total + 1


def test_an_honest_game_audits_clean(service, rules):
    report = audit(service, played(service, rules))
    assert report.clean, report.problems


@pytest.fixture
def stored_game(db_path):
    service = GameService(env=store_env(db_path))
    game_id = played(service, registry.get("assassination-le"), seed="audit-me")
    return db_path, game_id


def test_the_audit_catches_a_stored_event_altered_in_the_database(stored_game):
    db_path, game_id = stored_game
    with sqlite3.connect(db_path) as db:  # the store holds this one game
        (stored,) = db.execute("SELECT state FROM stored_events WHERE originator_version = 6").fetchone()
        forged = json.loads(stored)
        forged["cause"]["seat"] = forged["cause"]["seat"] % 3 + 1  # someone else made that move
        db.execute("UPDATE stored_events SET state = ? WHERE originator_version = 6", (json.dumps(forged).encode(),))
    report = audit(GameService(env=store_env(db_path)), game_id)
    assert not report.clean and report.problems[0].startswith("event 6:")


def forge_reveal(db_path, game_id, **changes):
    """Edit the stored seed reveal and hash it again with the game's salt, as someone holding the
    store could: the chain still holds."""
    service = GameService(env=store_env(db_path))
    events = list(service.events.get(game_id))
    created, reveal = events[0], events[-1]
    assert isinstance(reveal, Game.SeedRevealed)
    fields = {"seed": reveal.seed, "salt": reveal.salt, "cause": reveal.cause, **changes}
    chain = chain_hash(created.chain_version, created.salt, events[-2].chain, reveal.originator_version, reveal.TOPIC,
                       reveal.timestamp, fields)
    with sqlite3.connect(db_path) as db:
        (stored,) = db.execute("SELECT state FROM stored_events WHERE originator_version = ?",
                               (reveal.originator_version,)).fetchone()
        forged = {**json.loads(stored), **changes, "chain": chain}
        db.execute("UPDATE stored_events SET state = ? WHERE originator_version = ?",
                   (json.dumps(forged).encode(), reveal.originator_version))
    return reveal.originator_version


def test_the_audit_checks_the_seed_revealed_is_the_one_committed_to(stored_game):
    db_path, game_id = stored_game
    number = forge_reveal(db_path, game_id, seed="a false seed")
    report = audit(GameService(env=store_env(db_path)), game_id)
    assert report.problems == [f"event {number}: the seed revealed ('a false seed') is not the one committed to at creation"]


def test_the_audit_checks_the_salt_revealed_is_the_one_recorded(stored_game):
    db_path, game_id = stored_game
    number = forge_reveal(db_path, game_id, salt="00" * 16)
    report = audit(GameService(env=store_env(db_path)), game_id)
    assert report.problems == [f"event {number}: the salt revealed is not the one recorded at creation"]


def test_the_audit_catches_an_event_removed(stored_game):
    db_path, game_id = stored_game
    with sqlite3.connect(db_path) as db:
        db.execute("DELETE FROM stored_events WHERE originator_version = 9")
    report = audit(GameService(env=store_env(db_path)), game_id)
    assert not report.clean and "event 9" in report.problems[0]


class NullRollsDoNotCost(AssassinationLe):
    """Version 2 of the rules, changing one: an assassin who rolls a null keeps the turn."""

    version = 2

    def decide(self, state, seat, command, rng):
        return [fact for fact in super().decide(state, seat, command, rng)
                if not (isinstance(fact, TurnLost) and fact.reason == "null")]


def test_the_audit_catches_a_game_recorded_under_rules_that_now_decide_differently(service, monkeypatch):
    game_id = played(service, registry.get("assassination-le"), seed="rules-change")
    assert any(e.type == "TurnLost" and e.data["reason"] == "null" for e in service.read_events(game_id))
    monkeypatch.setitem(registry._RULESETS, "assassination-le", NullRollsDoNotCost())
    monkeypatch.setitem(registry._VERSIONS, "assassination-le", {2: NullRollsDoNotCost()})  # v1 is gone
    report = audit(service, game_id)
    assert not report.clean
    assert "rules v1, which this service no longer has" in report.notes[0]
    assert "cannot move this turn" in report.problems[0]


def test_a_game_audits_under_the_rules_it_was_played_by_and_says_where_newer_rules_differ(service, monkeypatch):
    game_id = played(service, registry.get("assassination-le"), seed="rules-change")
    original = registry.get("assassination-le")
    monkeypatch.setitem(registry._RULESETS, "assassination-le", NullRollsDoNotCost())
    monkeypatch.setitem(registry._VERSIONS, "assassination-le", {1: original, 2: NullRollsDoNotCost()})
    report = audit(service, game_id)
    assert report.clean, report.problems
    assert "the current rules v2 would decide differently: event" in report.notes[0]


def test_a_game_goes_on_under_the_rules_it_was_started_with(service, monkeypatch):
    game_id = service.create_game("assassination-le", ["A", "B", "C"], seed="rules-change", salt=SALT)
    original = registry.get("assassination-le")
    monkeypatch.setitem(registry._RULESETS, "assassination-le", NullRollsDoNotCost())
    monkeypatch.setitem(registry._VERSIONS, "assassination-le", {1: original, 2: NullRollsDoNotCost()})
    for _ in service.play_bots(game_id, bot_seed=3):
        pass
    assert service.game(game_id).rules is original
    assert any(e.type == "TurnLost" and e.data["reason"] == "null" for e in service.read_events(game_id))
    assert audit(service, game_id).clean
    newer = service.create_game("assassination-le", ["A", "B", "C"], seed="rules-change", salt=SALT)
    assert service.game(newer).ruleset_version == 2
