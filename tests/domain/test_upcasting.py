"""Stored event names are a contract: a fact whose fields change gets a new version and an upcaster,
and events stored under the old version load as the new one."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass

from eventsourcing.persistence import StoredEvent
from eventsourcing.utils import resolve_topic

from domain.game import define_event_class
from domain.ruleset import Fact
from domain.service import GameService
from domain.store import store_env


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


EVENT_CLASS = define_event_class(UpcastRules(), PointsScored)


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
