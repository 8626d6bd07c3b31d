"""What the picture tests of every game share: a picture's items by id, the checked pictures of every
viewer, the command refs a picture does not show, and the fields of a picture that carry a given text."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.engine.picture import check, refs
from domain.engine.ruleset import Ruleset


def by_id(picture: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {item["id"]: item for item in picture["items"] if "id" in item}


def viewers_pictures(rules: Ruleset, state: Any, seats: Sequence[str]) -> list[dict[str, Any]]:
    """The picture of each seat's view, the spectator's and the owner's, each checked against the format."""
    views = [rules.view(state, seat) for seat in (*range(1, len(seats) + 1), None)] + [rules.owner_view(state)]
    return [check(rules.picture(view, seats)) for view in views]


def missing_refs(rules: Ruleset, state: Any, seat: int, seats: Sequence[str], fields: Sequence[str]) -> list[tuple[str, str, str]]:
    """The (command type, field, ref) of the seat's legal commands, in ``fields``, that its picture does not name."""
    shown = set(refs(rules.picture(rules.view(state, seat), seats)).values())
    return [(command["type"], key, ref) for command in rules.legal_commands(state, seat)
            for key, named in rules.command_refs(state, seat, command).items() if key in fields
            for ref in named if ref not in shown]


def fields_carrying(picture: dict[str, Any], text: str) -> set[str]:
    """The fields of the picture's items whose text holds ``text``."""
    return {key for item in picture["items"] for key, value in item.items() if isinstance(value, str) and text in value}
