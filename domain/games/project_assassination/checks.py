"""Why a command is refused: the limits of a turn, each command's conditions, and the choices a
collected card asks for. Each ``*_problem`` returns the rule's reason in words, or ``None`` when the
command may be played; ``legal_commands`` and ``decide`` share them so they never disagree.
"""

from __future__ import annotations

from typing import Any

from domain.engine.commands import Command
from domain.games.project_assassination.board import SQUARES, block, neighbours
from domain.games.project_assassination.cards import (
    BASE_ACTIONS,
    MAX_BOOTS,
    NAMES,
    RESERVE_LIMIT,
    WEAPONS,
)
from domain.games.project_assassination.options import option
from domain.games.project_assassination.state import State
from domain.games.project_assassination.tactics import (
    enemy_square_problem,
    enemy_squares,
    obstacle_square_problem,
    occupied,
    two_away,
)

# -- limits -------------------------------------------------------------------------------------


def action_limit(state: State, seat: int) -> int:
    """2, +1 per boot worn; with the option ``boots_take_effect`` next-turn, not those put on this turn (ruling 33)."""
    boots: int = state.player(seat)["boots"]
    if seat == state.current:
        boots -= state.fresh_boots
    return BASE_ACTIONS + min(MAX_BOOTS, boots)


def attack_limit(state: State, seat: int) -> int:
    """Two attacks when both weapon slots are filled, or were this turn (ruling 24; option ``two_attacks``)."""
    if all(state.player(seat)["slots"]):
        return 2
    armed_earlier = state.current == seat and state.armed_twice and option(state, "two_attacks") == "armed-this-turn"
    return 2 if armed_earlier else 1


# -- problems: why a command is refused, or None ------------------------------------------------


def draw_problem(state: State, seat: int, deck: str, discard: str | None) -> str | None:
    player = state.player(seat)
    if state.drew:
        return "you have drawn this turn already"
    if state.acted or state.used_item:
        return "draw at the beginning of the turn, before playing items, moving or attacking"
    if state.turns == 1:
        return "Player 1 cannot draw a card on their first turn"
    if deck == "collectible":
        if player["ambushed"]:
            return "you are ambushed: no drawing from the collectible deck this turn"
        if not state.collectible_deck:
            return "the collectible deck is empty"
        if discard is not None:
            return "discarding from the reserve is only for drawing an item into a full reserve"
        return None
    if not state.item_deck:
        return "the item deck is empty"
    if discard is None:
        if len(player["reserve"]) >= RESERVE_LIMIT:
            return f"your reserve holds {RESERVE_LIMIT} cards: name one to discard to draw another"
        return None
    if discard not in player["reserve"]:
        return f"there is no {NAMES[discard]} in your reserve to discard"
    if len(player["reserve"]) < RESERVE_LIMIT:
        return f"discard only to make room: your reserve holds {len(player['reserve'])} of {RESERVE_LIMIT}"
    return None


def draws(state: State, seat: int) -> list[Command]:
    """The draws the seat may make now: from each deck, into a full reserve naming the card to discard."""
    commands: list[Command] = []
    for deck in ("item", "collectible"):
        if draw_problem(state, seat, deck, None) is None:
            commands.append({"type": "draw", "deck": deck})
        elif deck == "item" and len(state.player(seat)["reserve"]) >= RESERVE_LIMIT:
            for card in sorted(set(state.player(seat)["reserve"])):
                if draw_problem(state, seat, deck, card) is None:
                    commands.append({"type": "draw", "deck": deck, "discard": card})
    return commands


def must_draw(state: State, seat: int) -> bool:
    """With the option ``draw`` required, a turn begins with a draw whenever one can be made (ruling 6)."""
    return option(state, "draw") == "required" and not state.pending and bool(draws(state, seat))


def item_problem(state: State, seat: int, card: str) -> str | None:
    if state.acted:
        return "items are played before moving or attacking"
    if card not in state.player(seat)["reserve"]:
        return f"you have no {NAMES[card]} in your reserve"
    return None


def movable(state: State) -> list[str]:
    """Squares of the pieces a Strategy may move: obstacles and enemies not caged."""
    return sorted(state.obstacles) + [e["square"] for e in state.enemies if not e["caged_by"]]


def strategy_problem(state: State, start: str, to: str) -> str | None:
    enemy = state.enemy_at(start)
    if enemy is None and start not in state.obstacles:
        return f"there is no enemy or obstacle on {start}"
    if to not in two_away(start):
        return f"a Strategy moves a piece exactly two squares: {to} is not two squares from {start}"
    # the piece leaves ``start``, which is never ``to``: what stands on ``to`` and the lines of fire
    # are the same with or without it, so the squares are judged on the state as it is
    if enemy is not None:
        if enemy["caged_by"]:
            return f"the {NAMES[enemy['kind']]} on {start} is caged and cannot move"
        return enemy_square_problem(state, enemy["kind"], to)
    return obstacle_square_problem(state, to)


def strategy_moves(state: State) -> list[tuple[str, str]]:
    """Every (from, to) a Strategy may play, in the order of ``movable`` and ``two_away``: those
    ``strategy_problem`` allows, each kind of enemy's squares worked out once."""
    allowed: dict[str, set[str]] = {}
    moves = []
    for start in movable(state):
        enemy = state.enemy_at(start)
        for to in two_away(start):
            if enemy is None:
                if obstacle_square_problem(state, to) is None:
                    moves.append((start, to))
                continue
            if enemy["kind"] not in allowed:
                allowed[enemy["kind"]] = set(enemy_squares(state, enemy["kind"]))
            if to in allowed[enemy["kind"]]:
                moves.append((start, to))
    return moves


def step_problem(state: State, seat: int, to: str) -> str | None:
    player = state.player(seat)
    if to not in neighbours(player["square"]):
        return f"move one square north, east, south or west of {player['square']} (no diagonal movement)"
    taken = occupied(state, to)
    if taken and taken != "cards":
        return f"{to} is taken by {taken}"
    other = state.opponent(seat)
    board = state.board
    if to == board.spawns[state.number(other)]:
        return f"{to} is the other player's spawn point"
    if to == board.rendezvous[state.number(other)]:
        return f"{to} is the other player's rendezvous point"
    if to == board.rendezvous[state.number(seat)] and player["ambushed"]:
        return "your rendezvous point is ambushed this turn"
    return None


def pending_kind(state: State) -> str:
    card = state.pending[0]
    if card in WEAPONS:
        return "weapon"
    return card


PENDING_COMMANDS = {
    "weapon": ("drop",),
    "sight": ("attach",),
    "muzzle": ("attach",),
    "cage": ("cage",),
    "grenade": ("grenade",),
    "discard": ("discard",),
}


CHOICE_COMMANDS = {"drop", "attach", "cage", "grenade", "discard"}


def pending_prompt(state: State, seat: int) -> str:
    card = state.pending[0]
    kind = pending_kind(state)
    if kind == "weapon":
        return f"you hold three weapons: drop one ('drop' slot 1 or 2, or 0 for the new {NAMES[card]}) first"
    if kind in ("sight", "muzzle"):
        return f"fit the {NAMES[card]} to a weapon ('attach' with its slot) first"
    if kind == "cage":
        return "choose the enemy to cage ('cage' with its square) first"
    if kind == "grenade":
        return "throw the Grenade ('grenade' with the lower-left square of the 2x2 area) first"
    return f"your reserve is over {RESERVE_LIMIT} cards: 'discard' one first"


def fits(weapon: dict[str, Any] | None, attachment: str) -> bool:
    if weapon is None or weapon[attachment]:
        return False
    card = WEAPONS[weapon["card"]]
    return card.takes_sight if attachment == "sight" else card.takes_muzzle


def choices(state: State, seat: int) -> list[Command]:
    kind = pending_kind(state)
    slots = state.player(seat)["slots"]
    if kind == "weapon":
        return [{"type": "drop", "slot": slot} for slot in (0, 1, 2)]
    if kind in ("sight", "muzzle"):
        return [{"type": "attach", "slot": n} for n, w in enumerate(slots, 1) if fits(w, kind)]
    if kind == "cage":
        return [{"type": "cage", "square": e["square"]} for e in state.enemies if not e["caged_by"]]
    if kind == "grenade":
        return [{"type": "grenade", "corner": s} for s in SQUARES if block(s)]
    return [{"type": "discard", "card": card} for card in sorted(set(state.player(seat)["reserve"]))]
