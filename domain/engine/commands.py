"""What a player sends: a ``Command`` (a JSON object with its ``type``), and the ``CommandShape`` a
ruleset describes each kind of command by (its fields as JSON Schema, a help line)."""

from __future__ import annotations

import dataclasses
from typing import Any

Command = dict[str, Any]
"""A command as a player sends it: ``{"type": "move", "to": "b1"}``."""


@dataclasses.dataclass(frozen=True)
class CommandShape:
    """One kind of command: its type name, its fields as JSON Schema properties, and a help line."""

    type: str
    summary: str
    properties: dict[str, Any] = dataclasses.field(default_factory=dict)
    required: tuple[str, ...] = ()

    def json_schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {"type": {"const": self.type}, **self.properties},
            "required": ["type", *self.required],
            "additionalProperties": False,
        }
