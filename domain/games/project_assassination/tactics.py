"""Lines of fire, ranges and restrictions: what a weapon hits, which squares an enemy strikes, and
where an enemy or obstacle may go. Pure functions of the state, shared by deciding and by listing
legal commands.

Ranges are straight orthogonal lines (the text: "in any direction that is not diagonal") that stop
at an obstacle: the obstacle itself can be hit, nothing past it (RULINGS.md, "Range").
"""

from __future__ import annotations

import functools
from typing import Any

from domain.games.project_assassination.board import (
    DIRECTIONS,
    SQUARES,
    coords,
    name,
    ray,
)
from domain.games.project_assassination.cards import ENEMY_CARDS, NAMES, WEAPONS
from domain.games.project_assassination.options import DAMAGE_OPTION, option, shielded
from domain.games.project_assassination.state import State


def reach(square: str, distance: int | None, obstacles: set[str] | list[str]) -> tuple[str, ...]:
    """Squares within ``distance`` (``None``: limitless) along the four lines, each line stopping at an obstacle."""
    return _reach(square, distance, frozenset(obstacles))


@functools.lru_cache(maxsize=1 << 16)
def _reach(square: str, distance: int | None, obstacles: frozenset[str]) -> tuple[str, ...]:
    """``reach``, worked out once per square, distance and set of obstacles (bots ask it very often)."""
    found: list[str] = []
    for direction in DIRECTIONS:
        for step, target in enumerate(ray(square, direction), 1):
            if distance is not None and step > distance:
                break
            found.append(target)
            if target in obstacles:
                break
    return tuple(found)


def weapon_range(weapon: dict[str, Any]) -> int | None:
    card = WEAPONS[weapon["card"]]
    if card.range is None:
        return None
    return card.range + (1 if weapon["sight"] else 0)


def weapon_damage(state: State, weapon: dict[str, Any]) -> int:
    """The weapon's damage: its card's, or the game's option for it (ruling 12), +1 with a muzzle."""
    card = weapon["card"]
    key = DAMAGE_OPTION.get(card)
    damage: int = option(state, key) if key else WEAPONS[card].damage
    return damage + (1 if weapon["muzzle"] else 0)


def spread(square: str, direction: str, sight: bool, obstacles: set[str] | list[str]) -> list[str]:
    """The shotgun's squares: the three directly in front (ahead, ahead-left, ahead-right), and with a
    sight the square beyond the middle one unless an obstacle stands in the middle."""
    df, dr = DIRECTIONS[direction]
    file, rank = coords(square)
    ahead = name(file + df, rank + dr)
    if ahead is None:
        return []
    side_f, side_r = dr, df  # perpendicular to the direction of fire
    squares = [s for s in (name(file + df - side_f, rank + dr - side_r), ahead, name(file + df + side_f, rank + dr + side_r)) if s]
    if sight and ahead not in obstacles:
        beyond = name(file + 2 * df, rank + 2 * dr)
        if beyond is not None:
            squares.append(beyond)
    return squares


def enemy_reach(state: State, enemy: dict[str, Any], square: str | None = None) -> tuple[str, ...]:
    """The squares an enemy strikes (from ``square`` if given): none for medics and paralysed enemies."""
    card = ENEMY_CARDS[enemy["kind"]]
    if card.range == 0 or enemy["paralysed_by"]:
        return ()
    return reach(square or enemy["square"], card.range, enemy_blockers(state))


def enemy_blockers(state: State) -> list[str]:
    """What stops an enemy's range: the obstacles, unless the option says enemies strike through them (ruling 13)."""
    return state.obstacles if option(state, "obstacles_block_enemies") else []


def strikers(state: State, square: str, start: str | None = None) -> list[dict[str, Any]]:
    """The enemies that strike a player whose move from ``start`` ends on ``square``, in board order:
    every enemy reaching it, or with the option ``strike`` on-entering only those not reaching
    ``start`` (ruling 26)."""
    entering = start is not None and option(state, "strike") == "on-entering"
    return [
        enemy for enemy in state.enemies
        if square in (reached := enemy_reach(state, enemy)) and not (entering and start in reached)
    ]


def player_reach(state: State, seat: int) -> set[str]:
    """The squares a player's finite-range weapons cover: "within the range of a player" for placing
    enemies (limitless weapons do not count: RULINGS.md, "A player's range")."""
    player = state.player(seat)
    covered: set[str] = set()
    for weapon in player["slots"]:
        if weapon is None or WEAPONS[weapon["card"]].range is None:
            continue
        if WEAPONS[weapon["card"]].pattern == "spread":
            for direction in DIRECTIONS:
                covered.update(spread(player["square"], direction, weapon["sight"], state.obstacles))
        else:
            covered.update(reach(player["square"], weapon_range(weapon), state.obstacles))
    return covered


def occupied(state: State, square: str) -> str | None:
    """What stands on a square, in words, or ``None`` when it is empty."""
    seat = state.seat_at(square)
    if seat:
        return f"player {state.number(seat)}" if state.order else "a player"
    enemy = state.enemy_at(square)
    if enemy:
        return f"a {NAMES[enemy['kind']]}"
    if square in state.obstacles:
        return "an obstacle"
    if state.cards.get(square):
        return "cards"
    return None


def enemy_square_problem(state: State, kind: str, square: str, moving: str | None = None) -> str | None:
    """Why an enemy may not be placed (or moved, from ``moving``) on ``square``; ``None`` when it may."""
    if square in state.board.no_enemy:
        return f"enemies may not be placed on {square}"
    taken = occupied(state, square)
    if taken and square != moving:
        return f"{square} is taken by {taken}"
    for seat in range(1, state.seat_count + 1):
        if square in player_reach(state, seat):
            return f"{square} is within player {state.number(seat)}'s range"
    probe = {"kind": kind, "square": square, "hp": 0, "caged_by": 0, "paralysed_by": 0}
    strikes = set(enemy_reach(state, probe))
    for seat in range(1, state.seat_count + 1):
        if state.player(seat)["square"] in strikes:
            return f"player {state.number(seat)} would be within the {NAMES[kind]}'s range from {square}"
    return None


def enemy_squares(state: State, kind: str) -> list[str]:
    """The squares where an enemy of the kind may be placed, in board order: those for which
    ``enemy_square_problem`` finds nothing, worked out in one pass."""
    reached = set().union(*(player_reach(state, seat) for seat in range(1, state.seat_count + 1)))
    standing = {player["square"] for player in state.players}
    taken = standing | {enemy["square"] for enemy in state.enemies} | set(state.obstacles)
    taken.update(square for square, cards in state.cards.items() if cards)  # what ``occupied`` names
    distance = ENEMY_CARDS[kind].range
    blockers = enemy_blockers(state)
    forbidden = state.board.no_enemy
    return [
        square for square in SQUARES
        if square not in forbidden and square not in reached and square not in taken
        and not (distance and standing.intersection(reach(square, distance, blockers)))
    ]


def obstacle_square_problem(state: State, square: str) -> str | None:
    """Why an obstacle may not go on ``square``; ``None`` when it may."""
    if square in state.board.no_obstacle:
        return f"obstacles may not be placed on {square}"
    taken = occupied(state, square)
    if taken:
        return f"{square} is taken by {taken}"
    return None


def two_away(square: str) -> list[str]:
    """The squares exactly two orthogonal steps away (a Strategy card's move)."""
    file, rank = coords(square)
    found = []
    for df in range(-2, 3):
        dr = 2 - abs(df)
        for sign in ((1, -1) if dr else (1,)):
            target = name(file + df, rank + sign * dr)
            if target is not None:
                found.append(target)
    return found


def targets_in(state: State, seat: int, squares: list[str], damage: int) -> list[dict[str, Any]]:
    """The hits a shot of ``damage`` makes on the given squares: enemies (not caged), the opponent, obstacles."""
    hits: list[dict[str, Any]] = []
    for square in squares:
        enemy = state.enemy_at(square)
        if enemy is not None:
            if not enemy["caged_by"]:
                hp = max(0, enemy["hp"] - damage)
                hits.append({"square": square, "target": "enemy", "kind": enemy["kind"], "damage": damage, "hp": hp})
            continue
        other = state.seat_at(square)
        if other and other != seat:
            target = state.player(other)
            dealt = 0 if shielded(state, other, "opponent") else damage
            hits.append({"square": square, "target": "player", "seat": other, "damage": dealt, "hp": max(0, target["hp"] - dealt)})
            continue
        if square in state.obstacles:
            hits.append({"square": square, "target": "obstacle", "damage": damage, "hp": 0})
    return hits


def shot(state: State, seat: int, weapon: dict[str, Any], aim: str) -> tuple[list[dict[str, Any]], str | None]:
    """The hits of firing ``weapon`` at ``aim`` (a square, or a direction for spread and pierce), or
    why the shot cannot be made."""
    card = WEAPONS[weapon["card"]]
    here = state.player(seat)["square"]
    damage = weapon_damage(state, weapon)
    if card.pattern in ("spread", "pierce"):
        if aim not in DIRECTIONS:
            return [], f"aim the {NAMES[weapon['card']]} with a direction: north, east, south or west"
        if card.pattern == "spread":
            squares = spread(here, aim, weapon["sight"], state.obstacles)
        else:
            squares = []
            for square in ray(here, aim):
                squares.append(square)
                if square in state.obstacles:
                    break
        hits = targets_in(state, seat, squares, damage)
        return (hits, None) if hits else ([], f"there is nothing to hit {aim} of {here}")
    if aim in DIRECTIONS:
        return [], f"the {NAMES[weapon['card']]} fires at one target: give its square"
    if aim not in reach(here, weapon_range(weapon), state.obstacles):
        return [], f"{aim} is not within the {NAMES[weapon['card']]}'s range from {here} (straight lines, not past obstacles)"
    enemy = state.enemy_at(aim)
    if enemy is not None and enemy["caged_by"]:
        return [], f"the {NAMES[enemy['kind']]} on {aim} is caged and cannot be hurt"
    hits = targets_in(state, seat, [aim], damage)
    return (hits, None) if hits else ([], f"there is nothing to shoot on {aim}")


def aims(state: State, seat: int, weapon: dict[str, Any]) -> list[str]:
    """Every aim (square or direction) at which the weapon would hit something, in a fixed order."""
    card = WEAPONS[weapon["card"]]
    if card.pattern in ("spread", "pierce"):
        return [aim for aim in DIRECTIONS if shot(state, seat, weapon, aim)[1] is None]
    # a single shot hits what stands on its square: an enemy not caged, the other player, an obstacle
    hittable = {e["square"] for e in state.enemies if not e["caged_by"]}
    hittable.update(p["square"] for other, p in enumerate(state.players, 1) if other != seat)
    hittable.update(state.obstacles)
    return [aim for aim in reach(state.player(seat)["square"], weapon_range(weapon), state.obstacles) if aim in hittable]
