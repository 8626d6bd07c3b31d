"""Stored event names are a contract: a fact whose fields change gets a new version and an upcaster,
and events stored under the old version load as the new one."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass

from eventsourcing.persistence import StoredEvent
from eventsourcing.utils import resolve_topic
from old_games import old_game_events

from domain.engine.fact_events import define_event_class
from domain.engine.facts import Fact
from domain.engine.game import Game
from domain.keeping.service import GameService
from domain.keeping.store import store_env


@dataclass(frozen=True)
class PointsScored(Fact):
    """Version 2 renamed ``score`` to ``points`` and added ``bonus``."""

    version = 2
    seat: int
    points: int
    bonus: bool

    @staticmethod
    def upcast_v1_v2(data):
        return {"seat": data["seat"], "points": data["score"], "bonus": False}


class UpcastRules:
    name = "upcast-example"


EVENT_CLASS = define_event_class(Game.FactRecorded, UpcastRules(), PointsScored)


def test_a_fact_event_class_has_a_fixed_topic_and_the_facts_version():
    assert EVENT_CLASS.TOPIC == "ludolog:upcast-example:PointsScored"
    assert resolve_topic(EVENT_CLASS.TOPIC) is EVENT_CLASS
    assert EVENT_CLASS.class_version == 2


def test_an_event_stored_under_an_old_fact_version_loads_upcast():
    mapper = GameService(env=store_env(None)).mapper
    current = EVENT_CLASS(
        originator_id=uuid.uuid4(),
        originator_version=4,
        timestamp=EVENT_CLASS.create_timestamp(),
        fact={"seat": 2, "points": 5, "bonus": True},
        cause=None,
        chain="c",
    )
    stored = mapper.to_stored_event(current)
    state = json.loads(stored.state)
    assert state["class_version"] == 2
    del state["class_version"]  # as version 1 stored it
    state["fact"] = {"seat": 2, "score": 5}
    old = StoredEvent(stored.originator_id, stored.originator_version, stored.topic, json.dumps(state).encode())
    loaded = mapper.to_domain_event(old)
    assert loaded.as_fact() == PointsScored(seat=2, points=5, bonus=False)
    assert mapper.to_domain_event(stored).as_fact() == PointsScored(seat=2, points=5, bonus=True)


def test_a_game_stored_before_salts_loads_audits_clean_and_plays_on():
    import hashlib

    from domain.keeping.access import OWNER
    from replays.audit import audit

    service = GameService(env=store_env(None))
    old, stored = old_game_events(service, "42")
    created = json.loads(stored[0].state)
    assert "salt" not in created and "class_version" not in created  # the old shape
    fields = {k: created[k] for k in ("ruleset", "ruleset_version", "seats", "options", "seed", "seed_commitment")}
    content = json.dumps([str(old.id), 1, "ludolog:Game.Created", fields], sort_keys=True, separators=(",", ":"))
    assert created["chain"] == hashlib.sha256(content.encode()).hexdigest()  # chained as before salts
    assert created["seed_commitment"] == hashlib.sha256(b"42").hexdigest()
    service.recorder.insert_events(stored)

    game = service.game(old.id)
    assert (game.salt, game.chain_version, game.version) == ("", 1, old.version)
    assert audit(service, old.id).clean, audit(service, old.id).problems
    assert service.status(old.id, 1)["head"] == {"number": old.version, "hash": None}  # unkeyed: not for seats
    assert service.status(old.id, OWNER)["head"] == {"number": old.version, "hash": old.chain}
    for _ in service.play_bots(old.id, bot_seed=2):
        pass
    status = service.status(old.id, 1)
    assert status["status"] == "over" and (status["seed"], status["seed_salt"]) == ("42", "")
    assert status["head"]["hash"] == service.game(old.id).chain
    report = audit(service, old.id)
    assert report.clean, report.problems


def test_a_snapshot_taken_before_salts_loads_as_a_game_of_chain_version_1():
    from eventsourcing.domain import Snapshot

    service = GameService(env=store_env(None))
    old, stored = old_game_events(service, "7")
    service.recorder.insert_events(stored)
    record = service.mapper.to_stored_event(Snapshot.take(service.game(old.id)))
    state = json.loads(record.state)
    del state["state"]["salt"], state["state"]["chain_version"]  # as a snapshot of an old game held it
    loaded = service.mapper.to_domain_event(StoredEvent(record.originator_id, record.originator_version, record.topic, json.dumps(state).encode()))
    game = loaded.mutate(None)
    assert (game.salt, game.chain_version, game.chain) == ("", 1, old.chain)
