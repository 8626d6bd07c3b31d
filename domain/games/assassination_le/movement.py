"""Where a pawn may go with a roll: the movement rules of The Assassination Game Le.

A move is exactly ``count`` orthogonal steps; the pawn may turn but never step straight back onto the
square it just left. The victim may not pass over or land on an assassin and may not re-enter the
Safe House; an assassin may pass over a base but not land on one (unless the victim stands there and
the option ``victim_on_base`` is ``capturable``), and never enters the Safe House.
"""

from __future__ import annotations

import functools

from domain.engine.errors import IllegalCommand
from domain.games.assassination_le.board import NEIGHBOURS, SAFE_HOUSE, is_square
from domain.games.assassination_le.state import State


def step_problem(state: State, seat: int, before: str | None, here: str, there: str, last: bool) -> str | None:
    """Why the step from ``here`` to ``there`` is not allowed, or ``None`` when it is."""
    if there not in NEIGHBOURS[here]:
        return f"{here} to {there} is not one orthogonal step"
    if there == before:
        return f"the step from {here} goes straight back onto {there}, the square just left"
    is_victim = seat == state.victim
    if there == SAFE_HOUSE:
        return "the victim may not re-enter the Safe House" if is_victim else "assassins may not enter the Safe House"
    occupant = next((s for s in range(1, state.seat_count + 1) if s != seat and state.squares[s - 1] == there), 0)
    if is_victim:
        if occupant:
            verb = "land on" if last else "pass over"
            return f"the victim may not {verb} an assassin (seat {occupant} is on {there})"
    elif last:
        if there in state.bases and not (occupant == state.victim and state.victim_on_base == "capturable"):
            return f"assassins may not land on a base ({there} is a base)"
        if occupant and occupant != state.victim:
            return f"an assassin may not land on the other assassin (seat {occupant} is on {there})"
    return None


def destinations(state: State, seat: int, count: int) -> dict[str, list[str]]:
    """Every square the seat's pawn can end on with ``count`` steps, each with the first legal path
    found (steps tried north, east, south, west), sorted by square name. The walk depends only on
    the seat's role, its square, the count, the squares that stop it and the bases, so it is worked
    out once for each of those (bots ask for it thousands of times a move)."""
    if count <= 0:
        return {}
    is_victim = seat == state.victim
    stopping = frozenset(
        state.squares[other - 1] for other in range(1, state.seat_count + 1)
        if other != seat and (is_victim or other != state.victim)
    )
    bases = tuple(state.bases)
    if not is_victim and state.victim_on_base == "capturable":  # the victim's base is open to the capture
        bases = tuple(base for base in bases if base != state.squares[state.victim - 1])
    reached = paths_from(is_victim, state.squares[seat - 1], count, stopping, bases)
    return {square: list(path) for square, path in reached}


@functools.lru_cache(maxsize=65536)
def paths_from(
    is_victim: bool, start: str, count: int, stopping: frozenset[str], bases: tuple[str, ...]
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The walk behind ``destinations``, as ``step_problem`` rules each step: ``stopping`` holds the
    squares the victim may neither pass over nor land on (the assassins), or that an assassin may not
    land on (the other assassin), and ``bases`` the bases an assassin may not land on."""
    found: dict[str, tuple[str, ...]] = {}
    path: list[str] = []

    def walk(before: str | None, here: str) -> None:
        if len(path) == count:
            found.setdefault(here, tuple(path))
            return
        last = len(path) + 1 == count
        for there in NEIGHBOURS[here]:
            if there == before or there == SAFE_HOUSE:
                continue
            if is_victim:
                if there in stopping:
                    continue
            elif last and (there in bases or there in stopping):
                continue
            path.append(there)
            walk(here, there)
            path.pop()

    walk(None, start)
    return tuple(sorted(found.items()))


def check_path(state: State, seat: int, count: int, path: list[str], to: str | None) -> list[str]:
    """The path if it is a legal move for the roll; ``IllegalCommand`` naming the broken rule."""
    if len(path) != count:
        raise IllegalCommand(f"you rolled {count}: the path must have exactly {count} steps, not {len(path)}")
    for square in path:
        if not is_square(square):
            raise IllegalCommand(f"{square!r} is not a square of the board (a1 to e5)")
    if to is not None and path[-1] != to:
        raise IllegalCommand(f"the path ends on {path[-1]}, not on {to}")
    before: str | None = None
    here = state.squares[seat - 1]
    for index, there in enumerate(path):
        problem = step_problem(state, seat, before, here, there, index == count - 1)
        if problem:
            raise IllegalCommand(f"step {index + 1}: {problem}")
        before, here = here, there
    return list(path)


def why_unreachable(state: State, seat: int, count: int, to: str) -> str:
    """Why no legal move of ``count`` steps ends on ``to``: the rule broken by the path that gets
    furthest, or the squares that can be reached when no path of that length leads there at all."""
    best: tuple[int, str] | None = None
    start = state.squares[seat - 1]

    def walk(before: str | None, here: str, depth: int) -> None:
        nonlocal best
        if depth == count:
            return
        last = depth + 1 == count
        for there in NEIGHBOURS[here]:
            if there == before or (last and there != to):
                continue
            problem = step_problem(state, seat, before, here, there, last)
            if problem is not None:
                if best is None or depth > best[0]:
                    best = (depth, problem)
            else:
                walk(here, there, depth + 1)

    walk(None, start, 0)
    if best is not None:
        return best[1]
    steps = f"{count} step{'s' if count != 1 else ''}"
    options = ", ".join(destinations(state, seat, count)) or "nowhere"
    return f"with {steps} you cannot end on {to}; you can reach {options}"
