"""How near a player stands to winning, read from the state: the bots' evaluation.

Missions is a race to the target, so each player's standing is the rounds it should still take them
to get there: the money they lack at what a turn earns at their rank (a higher rank completes missions
more often), plus the turns they are to miss and the wait for their next roll, less what that roll
promises from the space they stand on (each face of the die, the better way round) and what the turn
under way still brings (the roll to move, the trade, the snitch). The cards held count beyond their
money: the cheapest is what a snitch or a fine takes. The race is then read as a contest: each
player's chance is ``exp(-rounds / spread)`` over everyone's, the spread narrowing as the finish
nears (fewer turns left, less luck left to turn it), so the chances add up to 1.

Cheap enough for thousands of calls a move: a few sums per player; the board's figures are worked out
once per board and rules.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from domain.games.missions.board import MISSION_LEVEL, step
from domain.games.missions.cards import CARDS, DIE, RANKS, needed, value
from domain.games.missions.checks import destinations
from domain.games.missions.state import State

SPREAD = 0.9
"""The spread of the contest, times the square root of the turns left on average (plus one)."""
SNITCH_GAIN = CARDS[1].value
"""What a snitch earns when another player's number comes up: a level 1 card."""
LOSS_CHANCE = 0.25
"""How likely a held card is to be taken before the game ends (snitches, fines): the cheapest goes."""
LOST_TURN = 5000.0
"""What a lost turn costs in working out a turn's earnings (about what a turn earns at rank 0)."""


@dataclass(frozen=True)
class Figures:
    """What a board and its rules promise, worked out once: a turn's earnings at each rank, and from
    each space, for each face of the die, the kinds of space the piece may end on."""

    rates: tuple[float, ...]
    landings: tuple[tuple[tuple[str, ...], ...], ...]


def evaluate(state: State, seat: int) -> float:
    """The seat's chance of winning as the race stands, in [0, 1] (the game must go on)."""
    figures = figures_of(state)
    stocked = {level: state.pile_size(level) > 0 for level in (1, 2, 3)}
    turns = [turns_left(state, other, figures, stocked) for other in range(1, state.seat_count + 1)]
    spread = SPREAD * math.sqrt(sum(turns) / len(turns) + 1.0)
    best = min(turns)
    weights = [math.exp((best - t) / spread) for t in turns]
    return weights[seat - 1] / sum(weights)


def turns_left(state: State, seat: int, figures: Figures, stocked: dict[int, bool]) -> float:
    """The rounds the seat should still need to reach the target, as it stands: from its next roll on,
    what it lacks (less what that roll promises and what its turn under way still brings) at its
    rank's earnings a turn. ``stocked``: whether each level's pile still holds a card."""
    lacking = state.options["target"] - state.money(seat)
    if lacking <= 0:
        return 0.0
    count = state.seat_count
    rank = state.ranks[seat - 1]
    cheapest = min((value(card) for card in state.hands[seat - 1]), default=0)
    lacking += cheapest * LOSS_CHANCE
    if state.phase == "lose" and seat == state.demanded:
        lacking += cheapest
    worth = landing_worths(state, rank, cheapest, figures, stocked, lacking)
    # rounds from the start of the mover's turn to the seat's next roll: the mover's own next roll is a
    # round away once its turn is under way (what the turn still brings is counted now)
    if seat == state.mover and state.phase != "roll":
        ahead = 1.0
        lacking -= pending(state, seat, worth)
    else:
        ahead = (seat - state.mover) % count / count
        lacking += at_risk(state, seat, cheapest)
    promised = sum(max(worth[kind] for kind in kinds) for kinds in figures.landings[state.positions[seat - 1]]) / len(DIE)
    return max(lacking - promised, 0.0) / figures.rates[rank] + state.skips[seat - 1] + ahead


def pending(state: State, seat: int, worth: dict[str, float]) -> float:
    """What the mover's turn under way should still bring: the better way to move the roll, the best
    trade with the player landed on and the space's mission, or the snitch."""
    phase = state.phase
    if phase == "move":
        ways = destinations(state, seat, state.rolled)
        return max((arrival_worth(state, seat, to, worth) for to in ways.values()), default=0.0)
    if phase == "rob":
        here = state.positions[seat - 1]
        return max(rob_gain(state, seat, here), 0.0) + worth[state.spaces[here]]
    if phase == "snitch":
        return worth["police"]
    return 0.0


def at_risk(state: State, seat: int, cheapest: int) -> float:
    """What the mover's turn under way may still take from another seat: the card the mover would rob
    from it (its dearest, for the mover's cheapest, if no one on the space holds a dearer one), or its
    cheapest card should the snitch's die name it."""
    if state.phase == "snitch":
        return cheapest / len(DIE)
    if state.phase != "rob" or not state.hands[seat - 1]:
        return 0.0
    here = state.positions[state.mover - 1]
    if state.positions[seat - 1] != here:
        return 0.0
    dearest = max(value(card) for card in state.hands[seat - 1])
    if any(value(card) > dearest for other in state.pieces_on(here, besides=state.mover) for card in state.hands[other - 1]):
        return 0.0
    return max(0.0, dearest - min((value(card) for card in state.hands[state.mover - 1]), default=dearest))


def arrival_worth(state: State, seat: int, to: int, worth: dict[str, float]) -> float:
    """What ending a move on the space brings: a trade with a player there (not on a police space), and
    the space's own worth."""
    kind = state.spaces[to]
    return worth[kind] + (max(rob_gain(state, seat, to), 0.0) if kind != "police" else 0.0)


def rob_gain(state: State, seat: int, space: int) -> float:
    """The most a rob on the space could gain: the dearest card held there for the seat's cheapest."""
    if state.options["landing_on_player"] != "rob" or not state.hands[seat - 1]:
        return 0.0
    dearest = max((value(card) for other in state.pieces_on(space, besides=seat) for card in state.hands[other - 1]), default=0)
    return dearest - min(value(card) for card in state.hands[seat - 1]) if dearest else 0.0


def landing_worths(state: State, rank: int, cheapest: int, figures: Figures, stocked: dict[int, bool],
                   lacking: float) -> dict[str, float]:
    """What landing on each kind of space is worth to a player of the rank, in money: a mission's chance
    of its money and of the turns a higher rank saves, less its chance of a lost turn (a turn's
    earnings); a snitch's chance of a level 1 card, less its chance of losing one's cheapest card."""
    rate = figures.rates[rank]
    options = state.options
    if options["police"] == "fine":
        police = -rate - cheapest
    else:
        police = ((SNITCH_GAIN * (state.seat_count - 1) if stocked[1] else 0.0) - cheapest) / len(DIE)
    worth = {"start": 0.0, "police": police}
    for kind, level in MISSION_LEVEL.items():
        if not stocked[level]:
            worth[kind] = 0.0
            continue
        card = CARDS[level]
        chance = needed(level, rank) / len(DIE)
        worth[kind] = chance * card.value
        if rank < RANKS[-1] and card.ranks_up and (level == 3 or options["level2_ranks_up"]):
            worth[kind] += chance * max(0.0, lacking - lacking * rate / figures.rates[rank + 1])
        if card.failure:
            worth[kind] -= (1 - chance) * rate
    return worth


def figures_of(state: State) -> Figures:
    options = state.options
    return _figures(tuple(state.spaces), state.seat_count, options["police"], options["movement"])


@functools.lru_cache(maxsize=64)
def _figures(spaces: tuple[str, ...], seat_count: int, police: str, movement: str) -> Figures:
    """A board's figures. A turn's earnings at a rank: over every space of the board and every face of
    the die, the better way round (the missions' money less a lost turn's share; no rank gained)."""
    size = len(spaces)
    ways = ("cw", "ccw") if movement == "choose" else ("cw",)
    landings = tuple(
        tuple(tuple(sorted({spaces[step(here, face, way, size)] for way in ways})) for face in DIE) for here in range(size)
    )
    rates = []
    for rank in RANKS:
        worth = {"start": 0.0, "police": SNITCH_GAIN * (seat_count - 1) / len(DIE) if police == "snitch" else -LOST_TURN}
        for kind, level in MISSION_LEVEL.items():
            chance = needed(level, rank) / len(DIE)
            worth[kind] = chance * CARDS[level].value - (1 - chance) * (LOST_TURN if CARDS[level].failure else 0.0)
        total = sum(max(worth[kind] for kind in kinds) for faces in landings for kinds in faces)
        rates.append(max(total / (size * len(DIE)), 1000.0))
    return Figures(tuple(rates), landings)
