"""Why a command is refused: each ``*_problem`` returns the rule's reason in words, or ``None`` when
the command may be played. ``legal_commands`` and ``decide`` share them so they never disagree.

The villager acting is always the one on turn (``state.current``, ``state.villager``).
"""

from __future__ import annotations

from domain.games.infection.board import (
    COLOURS,
    RANGE_WORDS,
    REACH,
    STEAL_RANK,
    coords,
    in_village,
    moves,
    plus,
    steps,
)
from domain.games.infection.cards import NAMES
from domain.games.infection.state import State, hand_cards, played_cards


def villager_name(seat: int, number: int) -> str:
    """``Blue 1``, ``Red 2``."""
    return f"{COLOURS[seat].capitalize()} {number}"


def _distance(start: str, to: str) -> int:
    (f1, r1), (f2, r2) = coords(start), coords(to)
    return abs(f1 - f2) + abs(r1 - r2)


def _no_card(state: State, seat: int, card: str) -> str | None:
    side = state.side(seat)
    if side["hand"][card] > 0:
        return None
    if card == "steal" and side["steal_used"]:
        return "your Steal is used: it can be played once a game"
    if side["played"][card] > 0:
        return f"your {NAMES[card]} cards are played: reset to get them back"
    return f"you have no {NAMES[card]} card in hand"


def destination_problem(state: State, seat: int, to: str) -> str | None:
    """Why the villager on turn may not end a move on ``to``."""
    enemy = 3 - seat
    if in_village(to, enemy) and state.enemy_village != "open":
        return f"{to} is in the {COLOURS[enemy]} village: a villager enters only its own village"
    taken = state.villager_at(to)
    if taken is not None:
        return f"{to} is taken by {villager_name(*taken)}: one villager to a tile"
    return None


def move_problem(state: State, seat: int, to: str) -> str | None:
    problem = _no_card(state, seat, "move")
    if problem:
        return problem
    name = villager_name(seat, state.villager)
    if state.turn_cannot_move:
        return f"{name} was hit by an Arrow: it cannot move this turn"
    here = state.on_turn()["square"]
    if to not in moves(here):
        return (f"a Move & Pick-up goes 1 or 2 tiles, a diagonal counting as 2: {to} is "
                f"{_distance(here, to)} tiles from {name} on {here}")
    return destination_problem(state, seat, to)


def step_problem(state: State, seat: int, step: str) -> str | None:
    """Why the villager on turn may not move 1 tile to ``step`` before a weapon or Steal."""
    if state.side(seat)["hand"]["move"] < 1:
        return "moving before a weapon or Steal takes a Move & Pick-up card, and you have none in hand"
    name = villager_name(seat, state.villager)
    if state.turn_cannot_move:
        return f"{name} was hit by an Arrow: it cannot move this turn"
    here = state.on_turn()["square"]
    if step not in steps(here):
        return f"with a weapon or Steal a villager moves only 1 tile north, east, south or west: {step} is not next to {here}"
    return destination_problem(state, seat, step)


def weapon_problem(state: State, seat: int, card: str, target: str, step: str | None) -> str | None:
    problem = _no_card(state, seat, card)
    if problem:
        return problem
    if state.turn_cannot_use_weapon:
        return f"{villager_name(seat, state.villager)} cannot use a weapon this turn (Grenade or Disarm)"
    if step is not None:
        problem = step_problem(state, seat, step)
        if problem:
            return problem
    origin = step or state.on_turn()["square"]
    if target not in REACH[card](origin):
        return f"{target} is out of the {NAMES[card]}'s range from {origin}: it reaches {RANGE_WORDS[card]}"
    if card == "grenade":
        if not any(_enemy_at(state, seat, square) for square in plus(target)):
            return f"no enemy villager is in the Grenade's area around {target}: it must have a target"
        return None
    taken = state.villager_at(target)
    if taken is None:
        return f"there is no villager on {target} to hit"
    if taken[0] == seat:
        return f"{villager_name(*taken)} on {target} is on your side: weapons hit enemy villagers only"
    return None


def _enemy_at(state: State, seat: int, square: str) -> bool:
    taken = state.villager_at(square)
    return taken is not None and taken[0] != seat


def steal_problem(state: State, seat: int, target: str, step: str | None) -> str | None:
    problem = _no_card(state, seat, "steal")
    if problem:
        return problem
    if state.turn_cannot_use_weapon and state.steal_under_disarm == "forbidden":
        return f"{villager_name(seat, state.villager)} cannot use a weapon this turn (Grenade or Disarm), nor the Steal"
    if step is not None:
        problem = step_problem(state, seat, step)
        if problem:
            return problem
    origin = step or state.on_turn()["square"]
    name = villager_name(seat, state.villager)
    if state.on_turn()["cure"]:
        return f"{name} already carries a cure: a villager carries one cure at most"
    enemy = 3 - seat
    if target == "village":
        if origin[1] != STEAL_RANK[seat]:
            return (f"steal from the {COLOURS[enemy]} village from the row next to it (rank {STEAL_RANK[seat]}): "
                    f"{name} would be on {origin}")
        if state.side(enemy)["village"] < 1:
            return f"the {COLOURS[enemy]} village has no cure to steal"
        return None
    if target not in steps(origin):
        return f"Steal reaches 1 tile north, east, south or west (not diagonally): {target} is not next to {origin}"
    taken = state.villager_at(target)
    if taken is None or taken[0] == seat:
        return f"there is no enemy villager on {target} to steal from"
    if not state.member(*taken)["cure"]:
        return f"{villager_name(*taken)} on {target} carries no cure"
    return None


def discard_options(state: State) -> list[str]:
    """The cards the killer may discard from the victim's hand."""
    return hand_cards(state.side(state.pending[0]["victim"]))


def recover_options(state: State) -> list[str]:
    """The played cards the chooser may take back."""
    return played_cards(state.side(state.pending[0]["seat"]))


def pending_prompt(state: State) -> str:
    choice = state.pending[0]
    if choice["kind"] == "discard":
        victim = COLOURS[choice["victim"]].capitalize()
        return f"first discard a card from {victim}'s hand ('discard' with the card): the price of the kill"
    return f"first choose a played card to take back for the {NAMES[choice['tile']]} tile ('recover' with the card)"
