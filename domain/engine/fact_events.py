"""The stored event class of each ruleset's fact type: ``ludolog:<ruleset>:<Fact>`` (a fixed topic, the
fact's class version, its upcasters), a subclass of ``Game.FactRecorded``. A ruleset's classes are defined
when one is first recorded (``fact_event_class``) or read (``define_for_topic``, which the store's mapper
calls before it loads a stored event), so that only the rulesets a process meets are loaded."""

from __future__ import annotations

import threading
from typing import Any

from eventsourcing.utils import register_topic

from domain.engine import registry
from domain.engine.facts import Fact
from domain.engine.ruleset import Ruleset

_EVENT_CLASSES: dict[tuple[str, type[Fact]], type[Any]] = {}


def fact_topic(rules: Ruleset, fact_type: type[Fact]) -> str:
    return f"ludolog:{rules.name}:{fact_type.__name__}"


def fact_event_class(base: type[Any], rules: Ruleset, fact_type: type[Fact]) -> type[Any]:
    """The stored event class of a ruleset's fact type (fixed topic, class version, upcasters), a subclass
    of ``base`` (``Game.FactRecorded``)."""
    if (rules.name, fact_type) not in _EVENT_CLASSES:
        register_facts(base, rules)
    return _EVENT_CLASSES[(rules.name, fact_type)]


def define_event_class(base: type[Any], rules: Ruleset, fact_type: type[Fact]) -> type[Any]:
    namespace: dict[str, Any] = {
        "TOPIC": fact_topic(rules, fact_type),
        "fact_type": fact_type,
        "class_version": fact_type.version,
        "__qualname__": f"Game.{fact_type.__name__}",
        "__module__": __name__,
    }
    for old in range(1, fact_type.version):
        upcast = getattr(fact_type, f"upcast_v{old}_v{old + 1}")

        def upcast_event(state: dict[str, Any], upcast: Any = upcast) -> None:
            state["fact"] = upcast(state["fact"])

        namespace[f"upcast_v{old}_v{old + 1}"] = staticmethod(upcast_event)
    event_class = type(fact_type.__name__, (base,), namespace)
    register_topic(namespace["TOPIC"], event_class)
    return event_class


_DEFINING = threading.RLock()
"""Held while classes are defined: two threads meeting a ruleset at once define its classes once (a topic
registered twice with two classes is refused by the library)."""


def register_facts(base: type[Any], rules: Ruleset) -> None:
    """Define the stored event classes of a ruleset's facts (once per fact type)."""
    with _DEFINING:
        for fact_type in rules.facts:
            if (rules.name, fact_type) not in _EVENT_CLASSES:
                _EVENT_CLASSES[(rules.name, fact_type)] = define_event_class(base, rules, fact_type)


_BASE: list[type[Any]] = []
"""The class every fact's stored event class derives from (``Game.FactRecorded``), once ``use_base`` named it."""


def use_base(base: type[Any]) -> None:
    """Name the base class of the fact events ``define_for_topic`` defines (``domain.engine.game`` does)."""
    _BASE[:] = [base]


def define_for_topic(topic: str) -> None:
    """Define the stored event classes of the ruleset a fact's topic names (``ludolog:<ruleset>:<Fact>``),
    every kept version of it, unless they are defined; any other topic is left to the library."""
    prefix, _, rest = topic.partition(":")
    name, colon, _ = rest.partition(":")
    if prefix != "ludolog" or not colon or name in _DEFINED or not _BASE:
        return
    with _DEFINING:
        for rules in registry.versions_of(name):
            register_facts(_BASE[0], rules)
        _DEFINED.add(name)


_DEFINED: set[str] = set()
"""The rulesets whose every version's fact classes ``define_for_topic`` defined."""
