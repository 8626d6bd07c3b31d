"""OpenSpiel's actions for a ruleset's commands: the same integer for the same command in every process.

OpenSpiel numbers actions from 0 to ``num_distinct_actions``. The numbering is derived from the ruleset's
``command_shapes``:

- **Dense**, when every field of every shape takes one of few values (an enum, a boolean, a bounded
  integer, a string whose pattern spells a finite set such as ``^[a-f][1-6]$``, a short array of those)
  and all of them together number at most ``DENSE_LIMIT``: each command is a mixed-radix number (its
  shape, then each field in name order, absent counting as a value of an optional field).
- **Hashed** otherwise (a card by its id, a card in play by its number, a kit's free names): the
  command's canonical JSON hashed to 31 bits. Two legal commands of one position that hash alike (odds
  about n²/2³² for n commands) are told apart by giving the later, in canonical order, the next free
  number: still the same numbers for the same position in every process.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
from collections.abc import Sequence
from typing import Any

try:
    import re._parser as sre_parse  # Python 3.11+
except ImportError:  # pragma: no cover
    import sre_parse  # type: ignore[no-redef]

from domain.engine.commands import Command, CommandShape

DENSE_LIMIT = 1 << 20
"""The most actions a dense numbering has: OpenSpiel's tools build masks that long."""
HASHED_ACTIONS = (1 << 31) - 1
ABSENT = object()
_FINITE_PATTERN_LIMIT = 4096


def canonical(command: Command) -> str:
    return json.dumps(command, sort_keys=True, separators=(",", ":"))


def _pattern_values(pattern: str) -> list[str] | None:
    """Every string a simple anchored pattern matches (literals, classes, alternations), or ``None``."""

    def spell(items: Any) -> list[str] | None:
        results = [""]
        for op, arg in items:
            name = str(op)
            if name in ("AT", "AT_BEGINNING", "AT_END"):
                continue
            if name == "LITERAL":
                options = [chr(arg)]
            elif name == "IN":
                options = []
                for kind, value in arg:
                    if str(kind) == "LITERAL":
                        options.append(chr(value))
                    elif str(kind) == "RANGE":
                        options.extend(chr(c) for c in range(value[0], value[1] + 1))
                    else:
                        return None
            elif name == "SUBPATTERN":
                options = spell(arg[-1])
            elif name == "BRANCH":
                options = []
                for branch in arg[1]:
                    spelled = spell(branch)
                    if spelled is None:
                        return None
                    options.extend(spelled)
            else:
                return None
            if options is None:
                return None
            results = [head + tail for head in results for tail in options]
            if len(results) > _FINITE_PATTERN_LIMIT:
                return None
        return results

    try:
        return spell(sre_parse.parse(pattern))
    except (re.error, TypeError, ValueError):
        return None


def field_values(schema: dict[str, Any]) -> list[Any] | None:
    """The values a field may take, in a fixed order, when they are few; else ``None``."""
    if "enum" in schema:
        return list(schema["enum"])
    if "const" in schema:
        return [schema["const"]]
    kind = schema.get("type")
    if kind == "boolean":
        return [False, True]
    if kind == "integer" and "minimum" in schema and "maximum" in schema:
        low, high = schema["minimum"], schema["maximum"]
        return list(range(low, high + 1)) if high - low < _FINITE_PATTERN_LIMIT else None
    if kind == "string" and "pattern" in schema:
        return _pattern_values(schema["pattern"])
    if kind == "array" and "maxItems" in schema:
        items = field_values(schema.get("items", {}))
        if items is None or len(items) ** schema["maxItems"] > DENSE_LIMIT:
            return None
        lengths = range(schema.get("minItems", 0), schema["maxItems"] + 1)
        return [list(values) for length in lengths for values in itertools.product(items, repeat=length)]
    return None


class ShapeNumbering:
    """One shape's commands as numbers from 0 to ``size``."""

    def __init__(self, shape: CommandShape, fields: list[tuple[str, list[Any]]]) -> None:
        self.type, self.fields = shape.type, fields
        self.names = {name for name, _ in fields}
        self.index = [({canonical(value): n for n, value in enumerate(values) if value is not ABSENT}, values)
                      for _, values in fields]
        self.size = 1
        for _, values in fields:
            self.size *= len(values)

    @classmethod
    def of(cls, shape: CommandShape) -> ShapeNumbering | None:
        fields = []
        for name in sorted(shape.properties):
            values = field_values(shape.properties[name])
            if values is None:
                return None
            fields.append((name, values if name in shape.required else [ABSENT, *values]))
        return cls(shape, fields)

    def number(self, command: Command) -> int | None:
        """The command's number, or ``None`` when it is not one of this shape's (a field or value outside it)."""
        if any(name != "type" and name not in self.names for name in command):
            return None
        number = 0
        for (name, values), (index, _) in zip(self.fields, self.index):
            value = command.get(name, ABSENT)
            position = 0 if value is ABSENT else index.get(canonical(value))
            if position is None:
                return None
            number = number * len(values) + position
        return number

    def command(self, number: int) -> Command:
        command: Command = {"type": self.type}
        for name, values in reversed(self.fields):
            number, position = divmod(number, len(values))
            if values[position] is not ABSENT:
                command[name] = values[position]
        return dict([("type", self.type), *sorted((k, v) for k, v in command.items() if k != "type")])


class ActionNumbering:
    """A ruleset's commands as OpenSpiel actions (dense or hashed: the module's docstring)."""

    def __init__(self, shapes: Sequence[CommandShape]) -> None:
        numberings = [ShapeNumbering.of(shape) for shape in shapes]
        total = sum(n.size for n in numberings if n is not None) if all(numberings) else None
        self.dense = total is not None and total <= DENSE_LIMIT
        self.by_type: dict[str, list[tuple[int, ShapeNumbering]]] = {}
        self.offsets: list[tuple[int, ShapeNumbering]] = []
        if self.dense:
            offset = 0
            for numbering in numberings:
                assert numbering is not None
                self.offsets.append((offset, numbering))
                self.by_type.setdefault(numbering.type, []).append((offset, numbering))
                offset += numbering.size
        self.size = total if self.dense else HASHED_ACTIONS

    def number(self, command: Command) -> int:
        """The command's action (dense), or its hash (hashed: ``number_all`` settles collisions)."""
        if self.dense:
            for offset, numbering in self.by_type.get(command["type"], ()):
                number = numbering.number(command)
                if number is not None:
                    return offset + number
            raise ValueError(f"the command {canonical(command)} is none of its game's numbered commands")
        digest = hashlib.blake2b(canonical(command).encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big") % HASHED_ACTIONS

    def command(self, number: int) -> Command:
        """The command a dense action stands for."""
        for offset, numbering in reversed(self.offsets):
            if number >= offset:
                return numbering.command(number - offset)
        raise ValueError(f"no action {number}")

    def number_all(self, commands: Sequence[Command]) -> dict[int, Command]:
        """A position's legal commands by action, in increasing order."""
        numbered: dict[int, Command] = {}
        for command in sorted(commands, key=canonical) if not self.dense else commands:
            number = self.number(command)
            while number in numbered:  # a hash collision (dense numbers never collide)
                number = (number + 1) % HASHED_ACTIONS
            numbered[number] = command
        return dict(sorted(numbered.items()))
