"""How near a seat of The Assassination Game Le stands to winning, for bots (``AssassinationLe.evaluate``).

Only a victim can win, by touching all four bases, so a seat's prospects are those of the victim it is
or may become. The victim's strength grows with the bases it has touched and with its chance of
landing on an unmarked base with its next roll; the assassins' hope is to land on it first. The
evaluation is an expectation over the captures that may come before the victim moves on:

- the victim's strength ``S``: ``0.45`` for a fresh victim, rising to about ``0.95`` with three bases
  touched and the fourth in reach of a roll;
- each assassin's chance to land on the victim with its next roll, counted exactly from the squares a
  roll of each face reaches (the die: null, ace, 2-5; an assassin may not land on a base, so a victim
  on a base or in the Safe House is safe, unless the option ``victim_on_base`` opens the victim's
  base), discounted when the victim moves first (the order of turns follows ``victim_turns``);
- the victim keeps ``S`` if nobody catches it, else it becomes an assassin; an assassin that catches
  it becomes a fresh victim (keeping its coins in the ``keep_coins`` variant); the assassins share
  what the victim does not hold.

Pure and cheap: the reach of every square with every roll, on an empty board, is worked out once.
"""

from __future__ import annotations

from collections import deque

from domain.games.assassination_le.board import BASES, NEIGHBOURS, SAFE_HOUSE, SQUARES
from domain.games.assassination_le.movement import paths_from
from domain.games.assassination_le.state import State

FACES = (1, 2, 3, 4, 5)
"""The die's moving faces (the null moves no one: an assassin loses the turn, the victim may re-roll)."""
FRESH = 0.45
"""A fresh victim's strength: a little more than a third, as the one seat that can win outright."""
FIRST_DISCOUNT = 0.3
"""How much of an assassin's threat stands when the victim moves before it."""
LATER_DISCOUNT = 0.15
"""The same, for the assassin that moves after the next one."""


def _reach(is_victim: bool, bases: tuple[str, ...] = BASES) -> dict[tuple[str, int], frozenset[str]]:
    return {
        (square, count): frozenset(end for end, _ in paths_from(is_victim, square, count, frozenset(), bases))
        for square in SQUARES for count in FACES
    }


def _threat(reach: dict[tuple[str, int], frozenset[str]]) -> dict[tuple[str, str], float]:
    return {
        (start, target): sum(target in reach[(start, count)] for count in FACES) / 6
        for start in SQUARES for target in SQUARES
    }


ASSASSIN_REACH = _reach(False)
"""The squares an assassin can land on from each square with each roll (pawns never stop it from
landing on the victim: it may pass over them)."""
ONTO_BASE_REACH = _reach(False, ())
"""The same when an assassin may land on a base (the victim's, under ``victim_on_base="capturable"``)."""
VICTIM_REACH = _reach(True)
"""The squares a victim can land on from each square with each roll, no assassin in the way."""
THREAT = _threat(ASSASSIN_REACH)
"""The chance that an assassin on ``start`` can land on ``target`` with its next roll."""
ONTO_BASE_THREAT = _threat(ONTO_BASE_REACH)


def _distances(source: str) -> dict[str, int]:
    """Steps from ``source`` to every square for a victim, who never passes through the Safe House."""
    found, queue = {source: 0}, deque([source])
    while queue:
        here = queue.popleft()
        for there in NEIGHBOURS[here]:
            if there not in found and there != SAFE_HOUSE:
                found[there] = found[here] + 1
                queue.append(there)
    found[SAFE_HOUSE] = 1 + min(found[there] for there in NEIGHBOURS[SAFE_HOUSE])
    return found


BASE_DISTANCE = {base: _distances(base) for base in BASES}


def strength(state: State, seat: int) -> float:
    """How strong the seat is as the victim: its bases touched, and its chance to touch one more with
    the next roll (a victim re-rolls nulls) or its nearness to one."""
    coins = state.coins[seat - 1]
    touched = len(set(coins) & set(state.bases))
    square = state.squares[seat - 1]
    left = [base for base in state.bases if base not in coins]
    chance = sum(1 for count in FACES if any(base in VICTIM_REACH[(square, count)] for base in left)) / len(FACES)
    nearest = min((BASE_DISTANCE[base][square] for base in left), default=0)
    progress = touched + 0.5 * chance + 0.1 / (1 + nearest)
    return FRESH + (1 - FRESH) * min(1.0, progress / 4)


def capture_chances(state: State) -> dict[int, float]:
    """Each assassin's chance to catch the victim before the victim has moved twice more."""
    victim_square = state.squares[state.victim - 1]
    assassins = state.assassins()
    on_base = victim_square in state.bases
    if victim_square == SAFE_HOUSE or (on_base and state.victim_on_base != "capturable"):
        return dict.fromkeys(assassins, 0.0)
    reach, threats = (ONTO_BASE_REACH, ONTO_BASE_THREAT) if on_base else (ASSASSIN_REACH, THREAT)
    both = state.victim_turns == "after-both-assassins"  # both assassins move between the victim's turns
    if state.mover == state.victim:
        first = state.next_assassin()
        later = FIRST_DISCOUNT if both else LATER_DISCOUNT
        order = [(first, FIRST_DISCOUNT)] + [(a, later) for a in assassins if a != first]
    else:
        other = 1.0 if both and state.assassins_moved == 0 else FIRST_DISCOUNT
        order = [(state.mover, 1.0)] + [(a, other) for a in assassins if a != state.mover]
    chances: dict[int, float] = {}
    escaped = 1.0
    for assassin, weight in order:
        start = state.squares[assassin - 1]
        if assassin == state.mover and state.phase == "move":
            threat = 1.0 if victim_square in reach.get((start, state.rolled), ()) else 0.0
        else:
            threat = threats[(start, victim_square)]
        chances[assassin] = escaped * weight * threat
        escaped -= chances[assassin]
    return chances


def evaluate(state: State, seat: int) -> float:
    """The seat's expected standing: the victim's strength if it escapes, the roles swapped if caught."""
    victim = state.victim
    held = strength(state, victim)
    chances = capture_chances(state)
    caught = sum(chances.values())
    fresh = {a: FRESH + (1 - FRESH) * min(1.0, len(state.coins[a - 1]) / 4) for a in chances}  # coins kept (variant)
    shares = len(chances) or 1
    if seat == victim:
        return (1 - caught) * held + sum(p * (1 - fresh[a]) / shares for a, p in chances.items())
    value = (1 - caught) * (1 - held) / shares + chances[seat] * fresh[seat]
    value += sum(p * (1 - fresh[a]) / shares for a, p in chances.items() if a != seat)
    return max(0.0, min(1.0, value))
