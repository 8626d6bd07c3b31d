"""The conditions of the Location CCG: what a card costs a seat now, who may play what in which
window, what a card may target, and who may challenge and oppose in a mission."""

from __future__ import annotations

from typing import Any

from domain.games.location_ccg.cards import Card, Cost, cheapest_payment, covers
from domain.games.location_ccg.state import State

SURPRISE_WINDOWS = {"production": "current", "mission": "current", "attackers": "current", "defenders": "other",
                    "tricks": "priority", "before_check": "priority", "deploy": "current", "response": "other"}
"""The windows in which surprises and abilities may be played (ruling 24), and whose they are;
``before_check`` opens only with the option ``windows: before-skill-check``."""
PRIORITY_WINDOWS = ("tricks", "before_check")
"""The windows both players share, taking turns: two passes in a row end them."""


def windows(state: State) -> str:
    """The option ``windows`` (ruling 24); games recorded before it have the fixed windows."""
    return str(state.options.get("windows", "fixed"))
DEPLOY_KINDS = ("character", "modifier", "asset")


def cost_for(state: State, seat: int, card: Card) -> Cost:
    """What the card costs the seat to play now: Mob takes 1 off for each visible copy, each Black
    Market (a passive ``cost_reduction``) the seat has in play takes its amount off, never below 1."""
    reduction = sum(state.card(uid).passive.get("cost_reduction", 0) for uid in state.assets(seat))
    if card.has("mob"):
        reduction += state.visible_copies(card.id)
    return card.cost.reduced(reduction)


def cost_unit(state: State) -> str:
    """The option ``cost_unit`` (ruling 3): costs counted in resource points, or in cards."""
    return str(state.options.get("cost_unit", "points"))


def can_pay(state: State, seat: int, cost: Cost) -> bool:
    if cost.production:
        return state.phase == "production" and seat == state.current and state.production > 0
    return covers(state.player(seat)["bank"], cost, cost_unit(state), state.pool)


def payment(state: State, seat: int, cost: Cost, named: list[str] | None) -> list[str] | str:
    """The bank cards spent on the cost: those named (checked), or the cheapest; a reason when not."""
    bank = state.player(seat)["bank"]
    if named is None:
        spent = cheapest_payment(bank, cost, cost_unit(state), state.pool)
        return spent if spent is not None else f"your bank cannot pay {cost} (bank: {_bank_text(state, bank)})"
    left = list(bank)
    for card in named:
        if card not in left:
            return f"there is no {card!r} (left) in your bank to pay with"
        left.remove(card)
    if not covers(named, cost, cost_unit(state), state.pool):
        counted = f"{cost.points} cards, each typed symbol on a card of its own" if cost_unit(state) == "cards" \
            else f"{cost.points} points, typed symbols paid by their own type"
        return f"{', '.join(named) or 'nothing'} does not pay {cost}: {counted}"
    return list(named)


def _bank_text(state: State, bank: list[str]) -> str:
    return " ".join(state.pool.cards[card].resources for card in bank) or "empty"


def window_owner(state: State) -> int:
    """The seat that may play surprises and abilities in the current window, or 0."""
    who = SURPRISE_WINDOWS.get(state.phase)
    if windows(state) == "own-turn" and (who == "other" or (who == "priority" and state.priority != state.current)):
        return 0  # the other player has no window
    if who == "current":
        return state.current
    if who == "other":
        return state.other(state.current)
    return state.priority if who == "priority" else 0


def surprise_problem(state: State, seat: int, card: Card) -> str | None:
    """Why the seat may not play this surprise now, or None."""
    if window_owner(state) != seat:
        return "surprises are played in your own phases, when you declare defenders, before combat damage, " \
               "or at the end of your opponent's deploy phase"
    production = card.phase == "production" or card.cost.production
    if production and (state.phase != "production" or seat != state.current):
        return f"{card.name} is played in your production phase"
    if card.phase == "mission" and state.mission is None:
        return f"{card.name} is played during a mission"
    return None


def deploy_problem(state: State, seat: int, card: Card) -> str | None:
    if state.phase != "deploy" or seat != state.current:
        return f"{card.kind}s are played in your deploy phase"
    return None


def targets(state: State, seat: int, kind: str) -> list[str]:
    """What an effect of the seat may target: ``character`` (any), ``own`` (the seat's), ``contested``
    (at the mission's location), ``away`` (not at an HQ). Shielded characters of the other seat are
    never targets; ``""`` for an effect without one."""
    if not kind:
        return [""]
    if kind == "own":
        return state.characters(seat)
    found = state.characters()
    if kind == "contested":
        found = state.characters(at=state.mission["location"]) if state.mission else []
    elif kind == "away":
        found = [uid for uid in found if state.in_play[uid]["at"] != "hq"]
    return [uid for uid in found if state.in_play[uid]["owner"] == seat or not state.card(uid).has("shielded")]


def card_target_kind(card: Card) -> str:
    if card.kind == "modifier":
        return "own"
    return str(card.effect.get("target", ""))


def ability_ready(state: State, seat: int, uid: str) -> str | None:
    """Why the seat may not use this card's ability now, or None."""
    if uid not in state.in_play or state.in_play[uid]["owner"] != seat:
        return f"you have no card {uid} in play"
    card = state.card(uid)
    if not card.ability:
        return f"{card.name} has no ability"
    if window_owner(state) != seat:
        return "abilities are used in the same windows as surprises"
    if state.in_play[uid]["used"] == state.turn:
        return f"{card.name}'s ability was used this turn: once a turn"
    return None


# -- missions --------------------------------------------------------------------------------------


def giant(state: State, uid: str) -> int:
    return state.card(uid).has("giant") if uid in state.in_play else 0


def opposers_needed(state: State, pair: dict[str, Any]) -> int:
    """How many opposers the pair's challenger must have: Giant X needs X, if the other side has that
    many who may oppose; any other character 1."""
    return giant(state, pair["challenger"]) or 1


def may_oppose(state: State, seat: int) -> list[str]:
    """The seat's characters that may oppose the waiting challenger: free ones, and a Giant that
    opposes fewer than X challengers already (and is not a challenger itself)."""
    mission = state.mission
    assert mission is not None
    pending = mission["pairs"][-1]
    found = [uid for uid in state.free(seat) if uid not in pending["opposers"]]
    for uid in (mission["attackers"] if seat == state.current else mission["defenders"]):
        if uid in found or uid in pending["opposers"] or uid not in state.in_play or not giant(state, uid):
            continue
        opposing = sum(1 for pair in mission["pairs"] if uid in pair["opposers"])
        challenging = any(pair["challenger"] == uid for pair in mission["pairs"])
        if 0 < opposing < giant(state, uid) and not challenging:
            found.append(uid)
    return found


def in_combat(state: State) -> list[str]:
    assert state.mission is not None
    fighting = [uid for pair in state.mission["pairs"] for uid in [pair["challenger"], *pair["opposers"]]
                if uid in state.in_play and pair["opposers"]]
    return list(dict.fromkeys(fighting))  # a Giant opposing two challengers is in two pairs


def foes(state: State, uid: str) -> list[str]:
    """The characters this one is in combat with, in the order they were paired."""
    assert state.mission is not None
    found: list[str] = []
    for pair in state.mission["pairs"]:
        if pair["challenger"] == uid:
            found += pair["opposers"]
        elif uid in pair["opposers"]:
            found.append(pair["challenger"])
    return [foe for foe in found if foe in state.in_play]


def unopposed_gangs(state: State, seat: int) -> list[str]:
    """The seat's Gang characters in the mission, not in combat, not yet joined to anyone."""
    assert state.mission is not None
    fighting = set(in_combat(state))
    party = state.mission["attackers"] if seat == state.current else state.mission["defenders"]
    return [uid for uid in party if uid in state.in_play and uid not in fighting
            and state.card(uid).has("gang") and uid not in state.mission["gangs"]]


def skill_at(state: State, seat: int, location: int) -> int:
    """LC-57: the Skl of the seat's characters at the location (any that are there, in combat or not;
    with the option ``skill_count: parties``, only the mission's parties there, ruling 28)."""
    uids = state.characters(seat, at=location)
    mission = state.mission
    if state.options.get("skill_count", "all-there") == "parties" and mission is not None and mission["location"] == location:
        uids = [uid for uid in uids if uid in mission["attackers"] or uid in mission["defenders"]]
    return sum(max(0, state.stat(uid, 2)) for uid in uids)


def strikes_at_once(state: State, uid: str) -> bool:
    """Whether this character in combat dealt its damage as it was paired (Long Range, ruling 22): always
    when paired, or with the option ``long_range: when-opposed`` only as a challenger that was opposed."""
    if not state.card(uid).has("long_range"):
        return False
    if state.options.get("long_range", "paired") == "paired":
        return True
    assert state.mission is not None
    return any(pair["challenger"] == uid and pair["opposers"] for pair in state.mission["pairs"])
