"""Reading and writing what a ruleset stores, with its game package imported only when a stored event
or snapshot needs it (``domain.engine.registry`` loads a ruleset when it is first asked for).

- ``RulesetMapper``: before a stored event of a ruleset's fact (topic ``ludolog:<ruleset>:<Fact>``) is
  turned into a domain event, the ruleset's fact classes are defined (``fact_events.define_for``).
- ``RulesetTranscoder``: a ruleset's state dataclass (stored in snapshots and in a fork's start as
  ``<ruleset>:<State>``) is registered the first time one is written or read.
"""

from __future__ import annotations

from typing import Any

from eventsourcing.persistence import JSONTranscoder, Mapper, StoredEvent

from domain.engine import fact_events, registry
from domain.keeping.persistence import DataclassAsDict


class RulesetMapper(Mapper[Any]):
    """The library's mapper, which first defines the fact classes of the ruleset a stored event names."""

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        fact_events.define_for_topic(stored_event.topic)
        return super().to_domain_event(stored_event)


class RulesetTranscoder(JSONTranscoder):
    """The library's JSON transcoder, which registers a ruleset's state classes when it first meets one."""

    def __init__(self) -> None:
        super().__init__()
        self.rulesets: set[str] = set()
        """The rulesets whose state classes are registered."""

    def register_ruleset(self, name: str) -> bool:
        """Register the state classes of every kept version of ruleset ``name``; whether there is one."""
        if name in self.rulesets:
            return True
        if not registry.has_name(name):
            return False
        for rules in registry.versions_of(name):  # threads at once register the same transcodings: no harm
            for state_type in rules.state_types:
                self.register(DataclassAsDict(state_type, f"{rules.name}:{state_type.__name__}"))
        self.rulesets.add(name)
        return True

    def _encode_obj(self, o: Any) -> dict[str, Any]:
        if type(o) not in self.types:
            for rules in registry.loaded():
                if type(o) in rules.state_types:
                    self.register_ruleset(rules.name)
        return super()._encode_obj(o)

    def _decode_obj(self, d: dict[str, Any]) -> Any:
        name = d.get("_type_") if len(d) == 2 and "_data_" in d else None
        if isinstance(name, str) and name not in self.names and ":" in name:
            self.register_ruleset(name.partition(":")[0])
        return super()._decode_obj(d)
