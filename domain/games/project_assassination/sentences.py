"""What players read of a game: one sentence for each fact (``describe``) and for each command
(``describe_command``), with the seats' names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.engine.commands import Command
from domain.engine.facts import Fact
from domain.games.project_assassination import facts as f
from domain.games.project_assassination.board import DIRECTIONS
from domain.games.project_assassination.cards import NAMES, a_card


def a(card: str) -> str:
    return a_card(card)


def _hits(hits: list[dict[str, Any]], seats: Sequence[str]) -> str:
    parts = []
    for hit in hits:
        if hit["target"] == "obstacle":
            parts.append(f"destroyed the obstacle on {hit['square']}")
        elif hit["target"] == "enemy":
            parts.append(f"hit the {NAMES[hit['kind']]} on {hit['square']} for {hit['damage']} ({hit['hp']} HP left)")
        else:
            who = seats[hit["seat"] - 1]
            if hit["damage"] == 0:
                parts.append(f"hit {who} on {hit['square']}, who was under cover")
            else:
                parts.append(f"hit {who} on {hit['square']} for {hit['damage']} ({hit['hp']} HP left)")
    return "; ".join(parts) if parts else "hit nothing"


def _coin_flip(fact: f.TableSetUp | f.TableLaid, seats: Sequence[str]) -> str:
    first, second = seats[fact.first - 1], seats[2 - fact.first]
    return f"{seats[0]} called {fact.call}; the coin showed {fact.coin}. {first} is Player 1 and {second} Player 2."


def describe(fact: Fact, seats: Sequence[str]) -> str:
    def n(seat: int) -> str:
        return seats[seat - 1]

    match fact:
        case f.TableSetUp():
            return (
                f"{_coin_flip(fact, seats)} The item ({len(fact.item_deck)} cards), collectible "
                f"({len(fact.collectible_deck)}) and enemy ({len(fact.enemy_deck)}) decks are shuffled."
            )
        case f.TableLaid():
            return (
                f"{_coin_flip(fact, seats)} The item, collectible and enemy decks lie shuffled face down: "
                "each card is known when it is drawn."
            )
        case f.TurnStarted():
            return f"Round {fact.round}: {n(fact.seat)}'s turn."
        case f.TurnSkipped():
            return f"Round {fact.round}: {n(fact.seat)} is paralysed and loses the turn."
        case f.CardDrawn():
            made_room = f" (discarding {a(fact.discarded)} to make room)" if fact.discarded else ""
            where = "into the reserve" if fact.deck == "item" else "and put it on the rendezvous point"
            return f"{n(fact.seat)} drew {a(fact.card)} from the {fact.deck} deck {where}{made_room}."
        case f.ObstaclePlaced():
            return f"{n(fact.seat)} played an Obstacle on {fact.square}."
        case f.StrategyPlayed():
            return f"{n(fact.seat)} played a Strategy: the {fact.piece} on {fact.start} moves to {fact.to}."
        case f.AmbushSet():
            return f"{n(fact.seat)} played an Ambush on {n(fact.target)}'s rendezvous point for their next turn."
        case f.CoverTaken():
            return f"{n(fact.seat)} took Cover until their next turn."
        case f.PlayerMoved():
            return f"{n(fact.seat)} moved from {fact.start} to {fact.to}."
        case f.TunnelTaken():
            return f"{n(fact.seat)} went through the tunnel from {fact.entry} to {fact.exit}."
        case f.HealPointUsed():
            return f"{n(fact.seat)} healed on the heal point {fact.square}: {fact.hp} HP."
        case f.CardsCollected():
            cards = ", ".join(NAMES[c] for c in fact.cards)
            return f"{n(fact.seat)} collected {cards} on {fact.square}."
        case f.PlayerTeleported():
            return f"{n(fact.seat)} teleported from the rendezvous point {fact.start} back to spawn {fact.to}."
        case f.WeaponEquipped():
            return f"{n(fact.seat)} put the {NAMES[fact.card]} in weapon slot {fact.slot}."
        case f.WeaponDropped():
            if fact.slot == 0:
                return f"{n(fact.seat)} turned down the {NAMES[fact.card]}."
            return f"{n(fact.seat)} dropped the weapon in slot {fact.slot} for the {NAMES[fact.card]}."
        case f.BootsWorn():
            return f"{n(fact.seat)} put on Boots: {fact.boots} worn, {2 + fact.boots} actions a turn."
        case f.HealthPackUsed():
            return f"{n(fact.seat)} used a Health Pack: {fact.hp} HP."
        case f.LootTaken():
            cards = " and ".join(a(c) for c in fact.cards)
            return f"{n(fact.seat)} opened a Loot Crate: {cards} from the item discard into the reserve."
        case f.AttachmentFitted():
            return f"{n(fact.seat)} fitted {a(fact.card)} to the weapon in slot {fact.slot}."
        case f.EnemyCaged():
            return f"{n(fact.seat)} caged the {NAMES[fact.kind]} on {fact.square}."
        case f.GrenadeThrown():
            return f"{n(fact.seat)} threw a Grenade at the 2x2 area from {fact.corner}: {_hits(fact.hits, seats)}."
        case f.CollectibleDiscarded():
            return f"{n(fact.seat)} discarded {a(fact.card)}: {fact.reason}."
        case f.ReserveDiscarded():
            return f"{n(fact.seat)} discarded {a(fact.card)} from the reserve."
        case f.ShotFired():
            aim = fact.aim if fact.aim in DIRECTIONS else f"at {fact.aim}"
            return f"{n(fact.seat)} fired the {NAMES[fact.weapon]} {aim}: {_hits(fact.hits, seats)}."
        case f.EnemyParalysed():
            return f"The {NAMES[fact.kind]} on {fact.square} is paralysed until {n(fact.seat)}'s next turn."
        case f.PlayerParalysed():
            return f"{n(fact.target)} is paralysed and will lose their next turn."
        case f.EnemyKilled():
            return f"{n(fact.seat)} killed the {NAMES[fact.kind]} on {fact.square}."
        case f.PointsScored():
            return f"{n(fact.seat)} scored {fact.points} Victory Point{'s' if fact.points > 1 else ''} ({fact.reason}): {fact.total} in all."
        case f.EnemyStruck():
            return f"The {NAMES[fact.kind]} on {fact.square} struck {n(fact.seat)} for {fact.damage}: {fact.hp} HP left."
        case f.EnemiesHealed():
            healed = ", ".join(f"the {NAMES[h['kind']]} on {h['square']} to {h['hp']} HP" for h in fact.heals)
            return f"Medics healed {healed}."
        case f.TurnEnded():
            return f"{n(fact.seat)} ended the turn."
        case f.PlacementStarted():
            why = {"fewer points": "has fewer Victory Points", "lower health": "has less health"}.get(fact.reason)
            because = why or f"won the coin flip ({fact.coin})"
            return f"Enemy placement: {n(fact.seat)} {because} and places the next enemy."
        case f.EnemyDrawn():
            if fact.to_bottom:
                return f"{n(fact.seat)} drew the Boss with fewer than five enemies out: it goes to the bottom of the deck."
            return f"{n(fact.seat)} drew {a(fact.card)} from the enemy deck."
        case f.EnemyPlaced():
            return f"{n(fact.seat)} placed the {NAMES[fact.card]} on {fact.square}."
        case f.EnemyRemoved():
            return f"The {NAMES[fact.card]} has no square it may go to and leaves the game."
        case f.GameEnded():
            if not fact.winners:
                return f"The game is over: {fact.reason}."
            return f"{' and '.join(n(s) for s in fact.winners)} won: {fact.reason}."
    return type(fact).__name__


def describe_command(command: Command) -> str:
    kind = command["type"]
    if kind == "draw":
        extra = f", discarding {a(command['discard'])}" if command.get("discard") else ""
        return f"draw from the {command['deck']} deck{extra}"
    if kind == "attack":
        return f"attack {command['aim']} with slot {command['slot']}"
    if kind == "strategy":
        return f"strategy: move {command['from']} to {command['to']}"
    if kind == "drop":
        return "turn down the new weapon" if command["slot"] == 0 else f"drop slot {command['slot']} for the new weapon"
    details = " ".join(str(v) for k, v in command.items() if k != "type")
    return f"{kind} {details}".strip()
