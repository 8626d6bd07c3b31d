"""Applying facts: ``apply(state, fact)`` returns the state after the fact, the given one untouched.

Never fails and never rolls: every number it needs is in the fact or follows from the state (a
Recover or Generosity waits for a choice only from a player with a played card to take back; a kill
by a weapon waits for the killer's discard only when the victim's hand holds a card).
"""

from __future__ import annotations

from typing import Any

from domain.engine.facts import Fact
from domain.games.infection import facts as f
from domain.games.infection.board import TILE_SQUARES, region_of
from domain.games.infection.cards import MAX_HP
from domain.games.infection.state import (
    FACE_DOWN,
    State,
    hand_cards,
    new_side,
    played_cards,
)


def apply(state: State, fact: Fact) -> State:
    new = state.copy()
    _HANDLERS[type(fact)](new, fact)
    return new


def apply_in_place(state: State, fact: Fact) -> None:
    """The fact applied to the given state, which it changes (a decision's own copy)."""
    _HANDLERS[type(fact)](state, fact)


def _play(s: State, seat: int, card: str) -> None:
    side = s.side(seat)
    side["hand"][card] -= 1
    side["played"][card] += 1


def _tiles_placed(s: State, fact: f.TilesPlaced) -> None:
    s.sides = [new_side(1), new_side(2)]
    s.tiles = dict(zip(TILE_SQUARES, fact.placement))


def _tiles_laid(s: State, fact: f.TilesLaid) -> None:
    s.sides = [new_side(1), new_side(2)]
    s.tiles = dict.fromkeys(TILE_SQUARES, FACE_DOWN)
    s.unturned = {region: dict(counts) for region, counts in fact.regions.items()}
    s.chosen_when_turned = True


def _turn_started(s: State, fact: f.TurnStarted) -> None:
    s.phase, s.current, s.villager, s.round = "turn", fact.seat, fact.villager, fact.round
    s.turns += 1
    s.turn_cannot_move, s.turn_cannot_use_weapon = fact.cannot_move, fact.cannot_use_weapon
    villager = s.member(fact.seat, fact.villager)
    villager["cannot_move"] = villager["cannot_use_weapon"] = False
    s.pending = []


def _villager_moved(s: State, fact: f.VillagerMoved) -> None:
    _play(s, fact.seat, "move")
    s.member(fact.seat, fact.villager)["square"] = fact.to


def _villager_healed(s: State, fact: f.VillagerHealed) -> None:
    s.member(fact.seat, fact.villager)["hp"] = fact.hp


def _cure_delivered(s: State, fact: f.CureDelivered) -> None:
    s.member(fact.seat, fact.villager)["cure"] = False
    s.side(fact.seat)["village"] = fact.village


def _tile_picked_up(s: State, fact: f.TilePickedUp) -> None:
    s.tiles.pop(fact.square, None)
    if s.chosen_when_turned:
        left = s.unturned.get(region_of(fact.square), {})
        if left.get(fact.tile, 0) > 1:
            left[fact.tile] -= 1
        else:
            left.pop(fact.tile, None)
    _hurt(s, fact.hits)
    if fact.tile == "cure":
        s.cures[fact.square] = s.cures.get(fact.square, 0) + 1
    elif fact.tile == "disarm":
        s.member(fact.seat, fact.villager)["cannot_use_weapon"] = True
    elif fact.tile in ("recover", "generosity"):
        choosers = (fact.seat,) if fact.tile == "recover" else (fact.seat, 3 - fact.seat)
        for seat in choosers:
            if played_cards(s.side(seat)):
                s.pending.append({"seat": seat, "kind": "recover", "tile": fact.tile})


def _hurt(s: State, hits: list[dict[str, Any]]) -> None:
    for hit in hits:
        s.member(hit["seat"], hit["villager"])["hp"] = hit["hp"]


def _cure_taken(s: State, fact: f.CureTaken) -> None:
    left = s.cures.get(fact.square, 0) - 1
    if left > 0:
        s.cures[fact.square] = left
    else:
        s.cures.pop(fact.square, None)
    s.member(fact.seat, fact.villager)["cure"] = True


def _weapon_used(s: State, fact: f.WeaponUsed) -> None:
    _play(s, fact.seat, fact.card)
    if fact.card in ("axe", "gun"):
        _hurt(s, fact.hits)
    else:
        debuff = "cannot_move" if fact.card == "arrow" else "cannot_use_weapon"
        for hit in fact.hits:
            s.member(hit["seat"], hit["villager"])[debuff] = True


def _cure_stolen(s: State, fact: f.CureStolen) -> None:
    side = s.side(fact.seat)
    side["hand"]["steal"] -= 1
    side["steal_used"] = True
    s.member(fact.seat, fact.villager)["cure"] = True
    if fact.victim:
        s.member(fact.victim_seat, fact.victim)["cure"] = False
    else:
        s.side(fact.victim_seat)["village"] -= 1


def _villager_died(s: State, fact: f.VillagerDied) -> None:
    villager = s.member(fact.seat, fact.villager)
    villager.update(square=fact.home, hp=MAX_HP, cure=False)
    if fact.cure_dropped:
        s.cures[fact.square] = s.cures.get(fact.square, 0) + 1
    if fact.killer and hand_cards(s.side(fact.seat)):
        s.pending.insert(0, {"seat": fact.killer, "kind": "discard", "victim": fact.seat})


def _card_discarded(s: State, fact: f.CardDiscarded) -> None:
    if s.pending:
        s.pending.pop(0)
    _play(s, fact.victim_seat, fact.card)


def _card_taken_back(s: State, fact: f.CardTakenBack) -> None:
    if s.pending:
        s.pending.pop(0)
    side = s.side(fact.seat)
    side["played"][fact.card] -= 1
    side["hand"][fact.card] += 1


def _cards_reset(s: State, fact: f.CardsReset) -> None:
    side = s.side(fact.seat)
    for card in fact.cards:
        side["played"][card] -= 1
        side["hand"][card] += 1


def _game_ended(s: State, fact: f.GameEnded) -> None:
    s.phase, s.current, s.villager = "over", 0, 0
    s.winners, s.reason, s.at_limit = list(fact.winners), fact.reason, fact.at_limit
    s.pending = []


_HANDLERS: dict[type[Fact], Any] = {
    f.TilesPlaced: _tiles_placed,
    f.TilesLaid: _tiles_laid,
    f.TurnStarted: _turn_started,
    f.VillagerMoved: _villager_moved,
    f.VillagerHealed: _villager_healed,
    f.CureDelivered: _cure_delivered,
    f.TilePickedUp: _tile_picked_up,
    f.CureTaken: _cure_taken,
    f.WeaponUsed: _weapon_used,
    f.CureStolen: _cure_stolen,
    f.VillagerDied: _villager_died,
    f.CardDiscarded: _card_discarded,
    f.CardTakenBack: _card_taken_back,
    f.CardsReset: _cards_reset,
    f.GameEnded: _game_ended,
}
