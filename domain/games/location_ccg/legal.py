"""Every legal command of the Location CCG for the seat to act, in a fixed order. Costs are listed
without ``pay`` (the engine then spends the cheapest way) and modifiers without ``keep``; uids are
strings. A play that can change nothing this turn is not listed (``purpose.py``, ruling 39) unless the
option ``no_effect_plays`` allows it."""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Any

from domain.games.location_ccg.cards import parse_cost
from domain.games.location_ccg.checks import (
    DEPLOY_KINDS,
    ability_ready,
    can_pay,
    card_target_kind,
    cost_for,
    deploy_problem,
    in_combat,
    may_oppose,
    surprise_problem,
    targets,
    unopposed_gangs,
)
from domain.games.location_ccg.combat import attackable
from domain.games.location_ccg.purpose import why_empty
from domain.games.location_ccg.state import State

Command = dict[str, Any]
WINDOW = ("play", "activate", "pass")
PHASE_COMMANDS = {
    "locations": ("choose_location",), "mulligan": ("mulligan",), "upkeep": ("upkeep",),
    "production": ("draw", "bank", *WINDOW), "mission": ("attack", *WINDOW), "attackers": ("send", *WINDOW),
    "defenders": ("send", *WINDOW), "challenge": ("challenge",), "oppose": ("oppose",), "tricks": WINDOW, "before_check": WINDOW,
    "gang": ("gang", "pass"), "deploy": WINDOW, "response": WINDOW, "discard": ("discard",),
}
"""The commands each step takes."""


def legal_commands(state: State, seat: int) -> list[Command]:
    phase = state.phase
    player = state.player(seat)
    hand = sorted(set(player["hand"]))
    if phase == "locations":
        return [{"type": "choose_location", "location": loc} for loc in sorted(set(player["brought"]))]
    if phase == "mulligan":
        return [{"type": "mulligan", "cards": cards} for cards in _sub_multisets(player["hand"])]
    if phase == "upkeep":
        commands = []
        for uid in state.upkeep_due:
            if can_pay(state, seat, parse_cost(str(state.card(uid).has("upkeep")))):
                commands.append({"type": "upkeep", "card": uid, "pay": True})
            commands.append({"type": "upkeep", "card": uid, "pay": False})
        return commands
    if phase == "challenge":
        return [{"type": "challenge", "character": uid} for uid in state.free(seat)]
    if phase == "oppose":
        return [{"type": "oppose", "character": uid} for uid in may_oppose(state, seat)]
    if phase == "gang":
        mine = [uid for uid in in_combat(state) if state.in_play[uid]["owner"] == seat]
        return [{"type": "gang", "character": g, "to": to} for g, to in product(unopposed_gangs(state, seat), mine)] \
            + [{"type": "pass"}]
    if phase == "discard":
        return [{"type": "discard", "card": card} for card in hand]
    commands: list[Command] = []
    if phase == "production":
        if state.deck_size(seat) or player["discard"]:
            commands.append({"type": "draw"})
        commands += [{"type": "bank", "card": card} for card in hand]
    if phase == "mission":
        commands += [{"type": "attack", "location": index + 1} for index in attackable(state)]
    if phase in ("attackers", "defenders"):
        commands += [{"type": "send", "character": uid} for uid in state.characters(seat, at="hq")]
    commands += _plays(state, seat, hand) + _abilities(state, seat)
    if phase != "attackers" or state.mission["attackers"] or not state.characters(seat, at="hq"):
        commands.append({"type": "pass"})
    return commands


def _plays(state: State, seat: int, hand: list[str]) -> list[Command]:
    commands: list[Command] = []
    for card_id in hand:
        card = state.pool.cards[card_id]
        if card.kind == "surprise":
            if surprise_problem(state, seat, card):
                continue
        elif card.kind not in DEPLOY_KINDS or deploy_problem(state, seat, card):
            continue
        if not can_pay(state, seat, cost_for(state, seat, card)):
            continue
        for target in targets(state, seat, card_target_kind(card)):
            if why_empty(state, card, card.effect, target):
                continue  # ruling 39: a play that can change nothing
            commands.append({"type": "play", "card": card_id, **({"target": target} if target else {})})
    return commands


def _abilities(state: State, seat: int) -> list[Command]:
    commands: list[Command] = []
    for uid, c in state.in_play.items():
        if c["owner"] != seat or ability_ready(state, seat, uid):
            continue
        ability = state.card(uid).ability
        if not can_pay(state, seat, parse_cost(ability["cost"])):
            continue
        for target in targets(state, seat, str(ability.get("target", ""))):
            if why_empty(state, state.card(uid), ability, target):
                continue  # ruling 39
            commands.append({"type": "activate", "card": uid, **({"target": target} if target else {})})
    return commands


def _sub_multisets(hand: list[str]) -> list[list[str]]:
    """Every different choice of cards from the hand, sorted (copies of a card are alike)."""
    counts = sorted(Counter(hand).items())
    picks: list[list[str]] = [[]]
    for card, count in counts:
        picks = [pick + [card] * n for pick in picks for n in range(count + 1)]
    return sorted(picks, key=lambda pick: (len(pick), pick))
