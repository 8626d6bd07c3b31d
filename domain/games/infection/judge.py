"""How near a seat of Infection stands to winning, for bots (``Infection.evaluate``).

The first side with two cures home wins, so a side's strength is counted in cures:

- each cure in its village counts one;
- a cure a villager carries counts less, the more turns it still needs to get home (a Move & Pick-up
  goes 2 tiles) and the lower the carrier's HP (dying drops the cure), and nothing once there are not
  turns enough left before the round limit;
- a villager with no cure is worth the cures it may pick up: a face-up cure no enemy villager stands
  nearer to, or the share of cures among the face-down tiles of a region that still holds one, each
  worth what it would be carried from there, less for every turn it takes to get to it;
- a cure the other side's Steal can take on its next turn (one of the village's, from the row next to
  it; or one a villager carries, from next to it) counts for less;
- HP and the Move & Pick-up cards in hand count a little.

The two sides' strengths are compared through a logistic curve that sharpens as the last round draws
near (when the round limit ends the game, more cures home win). It reads only what every player sees:
where tiles lie face down and how many of each kind each region has left, never which tile lies where.
"""

from __future__ import annotations

import math
from typing import Any

from domain.games.infection.board import (
    REGIONS,
    SQUARES,
    STEAL_RANK,
    VILLAGE_RANK,
    coords,
    region_of,
)
from domain.games.infection.cards import MAX_HP
from domain.games.infection.state import State

CARRIED = 0.65
"""A carried cure's worth on the doorstep of its village, before the way home is counted."""
WAY_HOME = 0.06
"""What each turn still needed to bring a carried cure home takes off its worth."""
WEAK_CARRIER = 0.75
"""What is kept of a carried cure's worth when its carrier has 1 HP left."""
PER_TURN = 0.8
"""How much of a cure within reach is kept for each turn it takes to get to it."""
VILLAGE_STEAL_RISK = 0.4
CARRIED_STEAL_RISK = 0.2
"""How much of a cure (home, carried) the other side's Steal puts at stake when a thief can use it next turn."""
HP_WORTH = 0.03
HAND_WORTH = 0.01
SPREAD = 2.5
"""How sharply a difference of strengths becomes a standing early in the game."""
LATE_SPREAD = 6.0
"""The same in the last round."""


def _turns(steps: int) -> int:
    """Moves needed to go ``steps`` tiles (a Move & Pick-up goes up to 2)."""
    return (steps + 1) // 2


DISTANCE = {(a, b): abs(coords(a)[0] - coords(b)[0]) + abs(coords(a)[1] - coords(b)[1])
            for a in SQUARES for b in SQUARES}
"""Tiles between two squares, a diagonal counting as 2."""
REACH_TURNS = {pair: 2 if distance == 0 else _turns(distance) for pair, distance in DISTANCE.items()}
"""Moves to pick up what lies on the second square from the first (standing on it, step off and back)."""
REGION = {square: region_of(square) for square in SQUARES}
HOME_TURNS = {(square, seat): _turns(abs(coords(square)[1] - coords("a" + VILLAGE_RANK[seat])[1]))
              for square in SQUARES for seat in (1, 2)}
"""Moves a villager on the square needs to get into the seat's village."""


def carried(square: str, seat: int, turns_left: int) -> float:
    """A cure's worth to the seat when carried from ``square``; 0 if it cannot get home in time."""
    home = HOME_TURNS[(square, seat)]
    return CARRIED - WAY_HOME * home if home <= turns_left else 0.0


def promising(state: State) -> list[tuple[float, list[str]]]:
    """The face-down tiles of each region that still holds a cure, with the share of cures among them."""
    counts = state.unturned if state.chosen_when_turned else state.left_face_down()
    found = []
    for region in REGIONS:
        kinds = counts.get(region, {})
        total = sum(kinds.values())
        if kinds.get("cure", 0):
            tiles = [tile for tile in state.tiles if REGION[tile] == region]
            if tiles:
                found.append((kinds["cure"] / total, tiles))
    return found


FETCH = {
    (square, target, seat): (REACH_TURNS[(square, target)] + HOME_TURNS[(target, seat)],
                             (CARRIED - WAY_HOME * HOME_TURNS[(target, seat)]) * PER_TURN ** REACH_TURNS[(square, target)])
    for square in SQUARES for target in SQUARES for seat in (1, 2)
}
"""For a villager of the seat on ``square``, a cure on ``target``: the turns to fetch it and bring it
home, and its worth (as carried from there, less for each turn to get to it)."""


def within_reach(square: str, seat: int, targets: list[tuple[float, list[str]]], turns_left: int) -> float:
    """The best of the cures within reach of a villager with none on ``square``: ``targets`` pairs the
    chance that a cure lies there with the squares it may lie on."""
    best = 0.0
    for chance, squares in targets:
        for target in squares:
            turns, worth = FETCH[(square, target, seat)]
            if turns <= turns_left and chance * worth > best:
                best = chance * worth
    return best


def lying_cures(state: State, seat: int) -> list[str]:
    """The face-up cures no enemy villager without a cure stands nearer to than the seat's nearest."""
    mine = [v["square"] for v in state.side(seat)["villagers"] if not v["cure"]]
    theirs = [v["square"] for v in state.side(3 - seat)["villagers"] if not v["cure"]]
    def nearest(squares: list[str], cure: str) -> int:
        return min((REACH_TURNS[(square, cure)] for square in squares), default=99)

    return [cure for cure in state.cures if nearest(mine, cure) <= nearest(theirs, cure)]


def within_steal(state: State, seat: int) -> tuple[bool, set[str]]:
    """What the other side's Steal may take from the seat on its next turn (a 1-tile step first):
    whether one of its village's cures, from the row next to it, and the squares of its carriers that
    a thief stands next to (not a thief that cannot use a weapon on its next turn, when the option
    ``steal_under_disarm`` forbids it the Steal too)."""
    enemy = 3 - seat
    if state.side(enemy)["hand"]["steal"] < 1:
        return False, set()
    side = state.side(seat)
    carriers = [v["square"] for v in side["villagers"] if v["cure"]]
    row = coords("a" + STEAL_RANK[enemy])[1]
    village, exposed = False, set()
    disarmed_cannot = state.steal_under_disarm == "forbidden"
    for villager in state.side(enemy)["villagers"]:
        if villager["cure"] or (disarmed_cannot and villager["cannot_use_weapon"]):
            continue
        square = villager["square"]
        village = village or bool(side["village"]) and abs(coords(square)[1] - row) <= 1
        exposed.update(carrier for carrier in carriers if DISTANCE[(square, carrier)] <= 2)
    return village, exposed


def strength(state: State, seat: int, tiles: list[tuple[float, list[str]]], turns_left: int) -> float:
    """The seat's cures home, carried and within reach, counted in cures."""
    side: dict[str, Any] = state.side(seat)
    village, exposed = within_steal(state, seat)
    total = side["village"] - (VILLAGE_STEAL_RISK if village else 0.0)
    targets = tiles + [(1.0, lying_cures(state, seat))] if state.cures else tiles
    for villager in side["villagers"]:
        square, hp = villager["square"], villager["hp"]
        if villager["cure"]:
            worth = carried(square, seat, turns_left) * (WEAK_CARRIER if hp <= 1 else 1.0)
            total += worth * (1 - CARRIED_STEAL_RISK if square in exposed else 1.0)
        else:
            total += within_reach(square, seat, targets, turns_left)
        total += HP_WORTH * hp / MAX_HP
    return total + HAND_WORTH * side["hand"]["move"]


def evaluate(state: State, seat: int) -> float:
    """The seat's standing in [0, 1] while the game goes on."""
    rounds_left = max(0, state.round_limit - state.round)
    turns_left = rounds_left + 1  # each villager has a turn a round; this round's may be still to come
    tiles = promising(state)
    difference = strength(state, seat, tiles, turns_left) - strength(state, 3 - seat, tiles, turns_left)
    spread = max(SPREAD, LATE_SPREAD - rounds_left * 0.5)
    return 1 / (1 + math.exp(-spread * difference))
