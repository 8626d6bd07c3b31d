"""Every command the villager on turn may play, listed fast: the occupied squares are looked up once
and each card's reach (``board.REACH``) is crossed with the enemy villagers' squares.

The conditions are those of ``checks.py``, which ``decide`` applies; a test holds the two together
(every command listed is accepted, and every command accepted is listed). Nothing here looks at which
tile lies face down where (under rules v2 nothing holds that; under v1 only the state's secret part
does): a bot sees what a player sees, where tiles lie face down and how many of each kind are left in
each region (``State.left_face_down``).
"""

from __future__ import annotations

from domain.engine.commands import Command
from domain.games.infection.board import (
    REACH,
    STEAL_RANK,
    grenade_centres,
    in_village,
    moves,
    steps,
)
from domain.games.infection.cards import WEAPONS
from domain.games.infection.state import State


def turn_commands(state: State, seat: int) -> list[Command]:
    """The legal commands of the villager on turn, in a fixed order: moves, weapons (each without and
    then with a step first), steals, reset."""
    enemy = 3 - seat
    side = state.side(seat)
    hand = side["hand"]
    villager = state.on_turn()
    here = villager["square"]
    occupied: set[str] = set()
    enemies: set[str] = set()
    carrying: set[str] = set()
    for s, _, v in state.all_villagers():
        occupied.add(v["square"])
        if s == enemy:
            enemies.add(v["square"])
            if v["cure"]:
                carrying.add(v["square"])

    closed = state.enemy_village != "open"

    def free(square: str) -> bool:
        return square not in occupied and not (closed and in_village(square, enemy))

    commands: list[Command] = []
    can_move = hand["move"] > 0 and not state.turn_cannot_move
    if can_move:
        commands += [{"type": "move", "to": to} for to in moves(here) if free(to)]
    step_options: list[str | None] = [None]
    if can_move:
        step_options += [s for s in steps(here) if free(s)]
    if not state.turn_cannot_use_weapon:
        for card in WEAPONS:
            if hand[card] < 1:
                continue
            for step in step_options:
                origin = step or here
                if card == "grenade":
                    centres = frozenset().union(*(grenade_centres(origin, sq) for sq in enemies))
                    targets = [c for c in moves(origin) if c in centres]
                else:
                    targets = [t for t in REACH[card](origin) if t in enemies]
                commands += [_command(card, target, step) for target in targets]
    stealing = not (state.turn_cannot_use_weapon and state.steal_under_disarm == "forbidden")
    if hand["steal"] > 0 and not villager["cure"] and stealing:
        for step in step_options:
            origin = step or here
            if origin[1] == STEAL_RANK[seat] and state.side(enemy)["village"] > 0:
                commands.append(_command("steal", "village", step))
            commands += [_command("steal", target, step) for target in steps(origin) if target in carrying]
    commands.append({"type": "reset"})
    return commands


def _command(card: str, target: str, step: str | None) -> Command:
    command: Command = {"type": card, "target": target}
    if step is not None:
        command["step"] = step
    return command
