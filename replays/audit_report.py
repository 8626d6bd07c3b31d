"""What an audit finds on one game (``replays.audit`` checks a game's own log, ``replays.store_audit``
what lies beside it): a report both fill."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field


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
