"""The course of a game as a viewer saw it, for its design diary: every event in one forward pass of the
cursor, grouped into turns where ``turn_number`` changes (or, for a ruleset that counts no turns, into
commands), with each seat's key numbers (``seat_numbers``) at the end of each group."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.keeping.service import GameEvent
from replays.cursor import Cursor


@dataclass
class Group:
    """Consecutive events of one turn (or, for a ruleset without turns, of one command)."""

    x: int
    """The turn number, or the command's index (0: the setup)."""
    label: str
    events: list[GameEvent] = field(default_factory=list)
    numbers: dict[int, dict[str, float]] = field(default_factory=dict)
    """Each seat's key numbers at the end of the group."""


@dataclass
class Course:
    """The game as a viewer saw it, grouped: what the diary is made from."""

    groups: list[Group]
    by_turns: bool
    last_turn: int
    commands: int
    events: int
    final_state: Any
    board: str


def course(cursor: Cursor) -> Course:
    """One forward pass of the cursor: every event as its viewer saw it, grouped into turns (or commands),
    with each seat's numbers at the end of each group; no views, and numbers only where a turn or command ends."""
    rules = cursor.rules
    rows: list[tuple[GameEvent, int]] = []
    numbers_at: dict[int, dict[int, dict[str, float]]] = {}  # after each event that ends a turn or a command
    state: Any = None
    for number in range(1, cursor.total + 1):
        before, state = state, cursor.state_at(number)
        event, turn = cursor.event(number), rules.turn_number(state)
        if rows and (turn != rows[-1][1] or event.command_id != rows[-1][0].command_id):
            numbers_at[number - 1] = rules.seat_numbers(before)
        rows.append((event, turn))
    numbers_at[len(rows)] = rules.seat_numbers(state)
    by_turns = any(turn != 0 for _, turn in rows)
    groups: list[Group] = []
    key: object = object()
    commands = 0
    for event, turn in rows:
        here: object = turn if by_turns else event.command_id
        if not groups or here != key:
            key = here
            if by_turns:
                label = f"Turn {turn}" if turn else "Before the first turn"
                groups.append(Group(turn, label))
            elif event.command_id is None:
                groups.append(Group(commands, "Setting up" if not groups else "Between commands"))
            else:
                commands += 1
                who = f" by {cursor.seats[event.seat - 1]}" if event.seat else ""
                groups.append(Group(commands, f"Command {commands}{who}"))
        groups[-1].events.append(event)
    for group in groups:
        group.numbers = numbers_at[group.events[-1].number]
    board = rules.render(cursor.view_of(state, cursor.viewer), cursor.seats)
    distinct = len({event.command_id for event, _ in rows if event.command_id is not None})
    return Course(groups, by_turns, rules.turn_number(state), distinct, len(rows), state, board)
