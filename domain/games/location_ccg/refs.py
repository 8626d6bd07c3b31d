"""What the Location CCG's commands name on its board, as the ``ref`` of the picture's items: a card
in play ``#<uid>``, a card in hand ``card:<card id>``, a location ``location:<place>`` once placed and
``location:<id>`` while a player still holds it, a banked card spent as a cost ``bank:<card id>``. A
number alone would stand for a location and a card in play at once (location 2, card #2)."""

from __future__ import annotations

from typing import Any

from domain.engine.commands import Command

IN_PLAY = {"upkeep": ("card",), "play": ("target",), "activate": ("card", "target"), "attack": ("characters",),
           "send": ("character",), "challenge": ("character",), "oppose": ("character",), "gang": ("character", "to")}
"""The fields, by command, that name a card in play by its uid; ``card`` names a card in hand elsewhere."""


def in_play(uid: Any) -> str:
    return f"#{uid}"


def in_hand(card_id: str) -> str:
    return f"card:{card_id}"


def location(place_or_id: Any) -> str:
    return f"location:{place_or_id}"


def command_refs(state: Any, seat: int, command: Command) -> dict[str, list[str]]:  # noqa: ARG001 - the contract's
    """What each field of a command names on the board."""
    found: dict[str, list[str]] = {}
    for key, value in command.items():
        values = value if isinstance(value, list) else [value]
        if key in IN_PLAY.get(command["type"], ()):
            found[key] = [in_play(uid) for uid in values]
        elif key in ("card", "cards"):
            found[key] = [in_hand(card) for card in values]
        elif key == "location":
            found[key] = [location(value)]
        elif key == "pay" and isinstance(value, list):  # upkeep's pay is yes or no
            found[key] = [f"bank:{card}" for card in values]
    return found
