"""What a command names on the board, for the pages that point at it (``Ruleset.command_refs``): each name given
with its kind where a value alone would be ambiguous."""

from __future__ import annotations

from typing import Any

from domain.engine.commands import Command


def command_refs(state: Any, seat: int, command: Command) -> dict[str, list[str]]:  # noqa: ARG001 -- the contract's
    """Spaces by name, a piece by the space it stands on (clicking it or its space is one), cards by
    name; zones, dice and counters by kind (``zone:discard``, ``die:d6``), and a seat by its hand
    (``zone:hand:2``; the winners of an end likewise), so that a track's space ``2`` never stands for
    seat 2. An action of a kit with rules: each space and card it chooses, by name, and a player by its hand."""
    if command["type"] == "act":
        refs = {key: [str(command[key])] for key in ("from", "to", "space", "card", "give", "take") if key in command}
        if "player" in command:
            refs["player"] = [f"zone:hand:{command['player']}"]  # a seat by its hand
        return refs
    kinds = {"from": "zone", "to": "zone" if command["type"] != "move" else "", "zone": "zone", "seat": "seat",
             "die": "die", "counter": "counter"}
    refs: dict[str, list[str]] = {}
    for key, value in command.items():
        if key in ("type", "count", "face", "under", "amount", "value", "reason", "winners"):
            continue
        prefix = kinds.get(key, "")
        refs[key] = [f"{prefix}:{value}" if prefix else str(value)]
    if command["type"] == "move":
        refs["piece"] = [state.pieces.get(command["piece"], command["piece"])]
    if command["type"] == "pass" and "to" in command:
        refs["to"] = [f"zone:hand:{command['to']}"]  # a seat by its hand
    if command["type"] == "end":  # the winners, chosen on the board by their hands
        refs["winners"] = [f"zone:hand:{winner}" for winner in command["winners"]]
    if "seat" in command:
        refs["seat"] = [f"zone:hand:{command['seat']}"]
    return refs
