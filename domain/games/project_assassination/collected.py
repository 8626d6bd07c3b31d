"""Applying the facts of collected cards: how a card picked up from the board (a weapon, boots, a
health pack, a loot crate, an attachment, a cage, a grenade) or a card discarded changes the state.

Part of ``evolve``: never fails and never rolls; every number it needs is in the fact.
"""

from __future__ import annotations

from typing import Any

from domain.engine.facts import Fact
from domain.games.project_assassination import facts as f
from domain.games.project_assassination.cards import RESERVE_LIMIT
from domain.games.project_assassination.options import option
from domain.games.project_assassination.state import State

PENDING_ORDER = ("uzi", "shotgun", "sniper", "paralysis_pistol", "boots", "health_pack", "loot_crate", "sight", "muzzle", "cage", "grenade")
"""Collected cards are used in this order: weapons first, so sights and muzzles can go on them."""


def _cards_collected(s: State, fact: f.CardsCollected) -> None:
    left = list(s.cards.get(fact.square, []))
    for card in fact.cards:
        left.remove(card)
    if left:
        s.cards[fact.square] = left
    else:
        s.cards.pop(fact.square, None)
    s.pending = sorted(s.pending + list(fact.cards), key=_pending_rank)


def _pending_rank(card: str) -> int:
    return -1 if card == "discard" else PENDING_ORDER.index(card)


def _weapon_equipped(s: State, fact: f.WeaponEquipped) -> None:
    s.pending.pop(0)
    s.player(fact.seat)["slots"][fact.slot - 1] = {"card": fact.card, "sight": False, "muzzle": False}
    s.armed_twice = s.armed_twice or all(s.player(fact.seat)["slots"])


def _weapon_dropped(s: State, fact: f.WeaponDropped) -> None:
    s.pending.pop(0)
    if fact.slot == 0:
        discard_weapon(s, {"card": fact.card, "sight": False, "muzzle": False})
        return
    slots = s.player(fact.seat)["slots"]
    discard_weapon(s, slots[fact.slot - 1])
    slots[fact.slot - 1] = {"card": fact.card, "sight": False, "muzzle": False}


def discard_weapon(s: State, weapon: dict[str, Any]) -> None:
    if weapon["card"] == "sniper":
        s.sniper_discard.append("sniper")
    elif weapon["card"] != "pistol":
        s.collectible_discard.append(weapon["card"])
    s.collectible_discard.extend(a for a in ("sight", "muzzle") if weapon[a])


def _boots_worn(s: State, fact: f.BootsWorn) -> None:
    s.pending.pop(0)
    player = s.player(fact.seat)
    if option(s, "boots_take_effect") == "next-turn":
        s.fresh_boots += fact.boots - player["boots"]
    player["boots"] = fact.boots


def _health_pack_used(s: State, fact: f.HealthPackUsed) -> None:
    s.pending.pop(0)
    s.player(fact.seat)["hp"] = fact.hp
    s.collectible_discard.append("health_pack")


def _loot_taken(s: State, fact: f.LootTaken) -> None:
    s.pending.pop(0)
    s.collectible_discard.append("loot_crate")
    reserve = s.player(fact.seat)["reserve"]
    for card in fact.cards:
        s.item_discard.pop()
        reserve.append(card)
    s.pending[:0] = ["discard"] * max(0, len(reserve) - RESERVE_LIMIT)


def _attachment_fitted(s: State, fact: f.AttachmentFitted) -> None:
    s.pending.pop(0)
    weapon = s.player(fact.seat)["slots"][fact.slot - 1]
    weapon[fact.card] = True


def _enemy_caged(s: State, fact: f.EnemyCaged) -> None:
    s.pending.pop(0)
    s.collectible_discard.append("cage")
    enemy = s.enemy_at(fact.square)
    assert enemy is not None
    enemy["caged_by"] = fact.seat
    turns = option(s, "cage_turns")
    if turns != 1:
        enemy["cage_turns"] = turns


def _grenade_thrown(s: State, fact: f.GrenadeThrown) -> None:
    s.pending.pop(0)
    s.collectible_discard.append("grenade")
    apply_hits(s, fact.hits)


def _collectible_discarded(s: State, fact: f.CollectibleDiscarded) -> None:
    s.pending.pop(0)
    s.collectible_discard.append(fact.card)


def _reserve_discarded(s: State, fact: f.ReserveDiscarded) -> None:
    if s.pending and s.pending[0] == "discard":
        s.pending.pop(0)
    s.player(fact.seat)["reserve"].remove(fact.card)
    s.item_discard.append(fact.card)


def apply_hits(s: State, hits: list[dict[str, Any]]) -> None:
    for hit in hits:
        if hit["target"] == "obstacle":
            s.obstacles.remove(hit["square"])
            s.item_discard.append("obstacle")
        elif hit["target"] == "enemy":
            enemy = s.enemy_at(hit["square"])
            if enemy is not None:
                enemy["hp"] = hit["hp"]
        else:
            s.player(hit["seat"])["hp"] = hit["hp"]


COLLECTED_HANDLERS: dict[type[Fact], Any] = {
    f.CardsCollected: _cards_collected,
    f.WeaponEquipped: _weapon_equipped,
    f.WeaponDropped: _weapon_dropped,
    f.BootsWorn: _boots_worn,
    f.HealthPackUsed: _health_pack_used,
    f.LootTaken: _loot_taken,
    f.AttachmentFitted: _attachment_fitted,
    f.EnemyCaged: _enemy_caged,
    f.GrenadeThrown: _grenade_thrown,
    f.CollectibleDiscarded: _collectible_discarded,
    f.ReserveDiscarded: _reserve_discarded,
}
"""The handler of each collected card's fact."""
