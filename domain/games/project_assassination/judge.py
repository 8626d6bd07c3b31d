"""How near an assassin stands to winning, read from the state: the bots' evaluation.

The game is won at 12 Victory Points, by the other's death, or on points when the enemies run out
or the rounds do. So a seat's standing is counted in Victory Points and what is worth them: its
points, its health (worth more the lower it runs: at 0 the game is lost), what it is armed with
(weapons, sights and muzzles, boots, items in reserve), the targets its weapons reach from where it
stands (an enemy it could finish, the other assassin) and how near it stands to the cards it could
pick up. The two seats' standings are compared and the difference squashed into [0, 1] by a logistic:
½ for an even game, the two seats' evaluations adding up to 1. Cheap enough for thousands of calls a move: no copies, no listing of commands.
"""

from __future__ import annotations

import math

from domain.games.project_assassination.board import DIRECTIONS, SQUARES, coords
from domain.games.project_assassination.cards import (
    ENEMY_CARDS,
    MAX_HP,
    WEAPONS,
    WINNING_POINTS,
)
from domain.games.project_assassination.options import shielded
from domain.games.project_assassination.state import State
from domain.games.project_assassination.tactics import (
    reach,
    spread,
    weapon_damage,
    weapon_range,
)

SCALE = 3.0
"""Victory Points of advantage that make a game about three to one (a logistic's scale)."""
HEALTH = 7.0
"""What full health is worth against none, in Victory Points (the square root of HP: the last points count most)."""
WEAPON_WORTH = {"pistol": 0.3, "uzi": 1.4, "shotgun": 1.2, "sniper": 1.2, "paralysis_pistol": 0.5}
SIGHT, MUZZLE, BOOT, ITEM, SECOND_WEAPON = 0.3, 0.5, 0.8, 0.15, 0.4
CARD_WORTH = {
    "uzi": 1.4, "shotgun": 1.2, "sniper": 1.2, "paralysis_pistol": 0.5, "boots": 0.8, "sight": 0.3,
    "muzzle": 0.5, "grenade": 0.6, "cage": 0.1, "loot_crate": 0.2, "health_pack": 0.0,
}
"""What a card lying on the board is worth to the player who picks it up (a health pack: by the HP it gives back)."""
THREAT = 0.5
"""The share of the best shot's worth counted before it is fired (the target may yet move, or be taken)."""
NEAR = 0.35
"""The share of a card's worth counted for standing next to it (less the farther off)."""
APPROACH = 0.5
"""The share of a shot's worth counted for standing a step from a square it could be fired from (less the farther off)."""


PLACE = {square: coords(square) for square in SQUARES}
"""Each square's file and rank, looked up rather than worked out (thousands of calls a move)."""


def evaluate(state: State, seat: int) -> float:
    """The seat's chance of winning as its standing makes it, in [0, 1] (the game must go on)."""
    other = 3 - seat
    advantage = standing(state, seat) - standing(state, other)
    return 1.0 / (1.0 + math.exp(-advantage / SCALE))


def standing(state: State, seat: int) -> float:
    """The seat's standing in Victory Points: points, health, arms, targets in reach, cards near."""
    player = state.player(seat)
    points = player["vp"] * (1.0 + 0.5 * player["vp"] / WINNING_POINTS)  # the last points to 12 count more
    health = HEALTH * math.sqrt(max(player["hp"], 0) / MAX_HP)
    return points + health + arms(player) + THREAT * targets(state, seat) + NEAR * nearby(state, seat)


def arms(player: dict) -> float:
    """What the player is armed with: its weapons and their sights and muzzles, boots, reserve items."""
    worth = 0.0
    weapons = 0
    for weapon in player["slots"]:
        if weapon is None:
            continue
        weapons += 1
        worth += WEAPON_WORTH[weapon["card"]] + (SIGHT if weapon["sight"] else 0.0) + (MUZZLE if weapon["muzzle"] else 0.0)
    if weapons == 2:
        worth += SECOND_WEAPON
    return worth + BOOT * player["boots"] + ITEM * len(player["reserve"])


def targets(state: State, seat: int) -> float:
    """The best shot the seat's weapons have: in full for a target within reach now, shrunk by the
    steps to a square in line with it otherwise (``shot_worth`` says what hitting it is worth)."""
    player = state.player(seat)
    here = player["square"]
    file, rank = PLACE[here]
    other = state.player(3 - seat)
    aims: list[tuple[str, dict | None]] = [(enemy["square"], enemy) for enemy in state.enemies if not enemy["caged_by"]]
    if not shielded(state, 3 - seat, "opponent"):
        aims.append((other["square"], None))
    best = 0.0
    for weapon in player["slots"]:
        if weapon is None:
            continue
        card = WEAPONS[weapon["card"]]
        if card.range is None:
            continue  # a one-shot weapon reaching everywhere: its worth is counted in arms
        damage = weapon_damage(state, weapon)
        if card.pattern == "spread":
            distance, squares = 1, set()
            for direction in DIRECTIONS:
                squares.update(spread(here, direction, weapon["sight"], state.obstacles))
        else:
            distance = weapon_range(weapon) or 0
            squares = set(reach(here, distance, state.obstacles))
        for square, enemy in aims:
            worth = shot_worth(enemy, damage)
            if square in squares:
                best = max(best, worth)
                continue
            tfile, trank = PLACE[square]
            across, along = abs(tfile - file), abs(trank - rank)
            steps = min(across + max(0, along - distance), along + max(0, across - distance))
            best = max(best, APPROACH * worth / (1 + steps))
    return best


def shot_worth(enemy: dict | None, damage: int) -> float:
    """What a hit of ``damage`` is worth in Victory Points: an enemy's points if it kills it, a share
    by the damage otherwise; on the other assassin (``None``), its point and the health it takes off."""
    if enemy is None:
        return 1.0 + HEALTH * damage / (2 * MAX_HP)
    points, hp = ENEMY_CARDS[enemy["kind"]].points, enemy["hp"]
    return float(points) if damage >= hp else points * damage / (2 * hp)


def nearby(state: State, seat: int) -> float:
    """The cards the seat could go and pick up, each by its worth shrunk by the steps to it: those lying
    on the board and those on its own rendezvous point."""
    player = state.player(seat)
    file, rank = PLACE[player["square"]]
    theirs = state.board.rendezvous[state.number(3 - seat)]
    best = 0.0
    for square, cards in state.cards.items():
        if not cards or square == theirs:
            continue
        worth = sum(card_worth(card, player) for card in cards)
        if worth <= 0:
            continue
        cfile, crank = PLACE[square]
        steps = abs(cfile - file) + abs(crank - rank)
        best = max(best, worth / (1 + steps))
    return best


def card_worth(card: str, player: dict) -> float:
    """What picking up the card would add to the player's standing, roughly."""
    if card == "health_pack":
        return HEALTH * (math.sqrt(min(MAX_HP, player["hp"] + 5) / MAX_HP) - math.sqrt(max(player["hp"], 0) / MAX_HP))
    if card == "boots" and player["boots"] >= 2:
        return 0.0
    if card in WEAPON_WORTH and all(player["slots"]):
        return max(0.0, WEAPON_WORTH[card] - min(WEAPON_WORTH[w["card"]] for w in player["slots"]))
    return CARD_WORTH.get(card, 0.0)
