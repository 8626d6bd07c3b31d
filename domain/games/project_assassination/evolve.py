"""Applying facts: ``apply(state, fact)`` returns the state after the fact, the given one untouched.

Never fails and never rolls: every number it needs is in the fact.
"""

from __future__ import annotations

from typing import Any

from domain.engine.facts import Fact
from domain.games.project_assassination import decks
from domain.games.project_assassination import facts as f
from domain.games.project_assassination.cards import ENEMY_CARDS, WEAPONS
from domain.games.project_assassination.collected import (
    COLLECTED_HANDLERS,
    apply_hits,
    discard_weapon,
)
from domain.games.project_assassination.options import option
from domain.games.project_assassination.state import State, new_player


def apply(state: State, fact: Fact) -> State:
    new = state.copy()
    handler = _HANDLERS[type(fact)]
    handler(new, fact)
    return new


def apply_in_place(state: State, fact: Fact) -> None:
    """The fact applied to the given state, which it changes (a decision's own copy)."""
    _HANDLERS[type(fact)](state, fact)


def _table_set_up(s: State, fact: f.TableSetUp) -> None:
    """Rules v1: the decks in the order recorded, top card first."""
    _lay(s, fact.first)
    s.item_deck, s.collectible_deck, s.enemy_deck = list(fact.item_deck), list(fact.collectible_deck), list(fact.enemy_deck)
    s.ordered = True


def _table_laid(s: State, fact: f.TableLaid) -> None:
    _lay(s, fact.first)
    decks.lay(s)


def _lay(s: State, first: int) -> None:
    board = s.board
    s.order = [first, 3 - first]
    s.players = [new_player(board.spawns[s.order.index(seat) + 1]) for seat in (1, 2)]
    s.obstacles = list(board.preset["obstacle"])
    s.cards = {square: [card] for card in ("sniper", "boots", "uzi") for square in board.preset[card]}
    s.enemies = [_enemy("grunt", square) for square in board.preset["grunt"]]


def _enemy(kind: str, square: str) -> dict[str, Any]:
    return {"kind": kind, "square": square, "hp": ENEMY_CARDS[kind].hp, "caged_by": 0, "paralysed_by": 0}


def _turn_started(s: State, fact: f.TurnStarted) -> None:
    _expire(s, fact.seat)
    s.phase, s.current, s.round = "turn", fact.seat, fact.round
    s.turns += 1
    s.drew = s.acted = s.used_item = s.healed = False
    s.actions = s.attacks = s.fresh_boots = 0
    s.armed_twice = all(s.player(fact.seat)["slots"])
    s.pending = []


def _turn_skipped(s: State, fact: f.TurnSkipped) -> None:
    _expire(s, fact.seat)
    s.current, s.round = fact.seat, fact.round
    s.turns += 1
    player = s.player(fact.seat)
    player["paralysed"] = player["ambushed"] = False


def _expire(s: State, seat: int) -> None:
    """What lasts "until the start of your next turn": cages, paralysed enemies, cover."""
    for enemy in s.enemies:
        if enemy["caged_by"] == seat:
            _cage_turn_passes(enemy)
        if enemy["paralysed_by"] == seat:
            enemy["paralysed_by"] = 0
    s.player(seat)["covered"] = False


def _cage_turn_passes(enemy: dict[str, Any]) -> None:
    """The caging player's turn begins: a cage of one turn opens; a longer one has a turn less to go
    (``cage_turns``: absent is one turn, 0 is for the rest of the game; option ``cage_turns``)."""
    left = enemy.get("cage_turns", 1)
    if left == 1:
        enemy.pop("cage_turns", None)
        enemy["caged_by"] = 0
    elif left > 1:
        enemy["cage_turns"] = left - 1


def _card_drawn(s: State, fact: f.CardDrawn) -> None:
    s.drew = True
    player = s.player(fact.seat)
    decks.take(s, fact.deck, fact.card)
    if fact.deck == "item":
        if fact.discarded:
            player["reserve"].remove(fact.discarded)
            s.item_discard.append(fact.discarded)
        player["reserve"].append(fact.card)
    else:
        point = s.board.rendezvous[s.number(fact.seat)]
        s.cards.setdefault(point, []).append(fact.card)


def _use_item(s: State, seat: int, card: str, discard: bool = True) -> None:
    s.used_item = True
    s.player(seat)["reserve"].remove(card)
    if discard:
        s.item_discard.append(card)


def _obstacle_placed(s: State, fact: f.ObstaclePlaced) -> None:
    _use_item(s, fact.seat, "obstacle", discard=False)
    s.obstacles.append(fact.square)


def _strategy_played(s: State, fact: f.StrategyPlayed) -> None:
    _use_item(s, fact.seat, "strategy")
    if fact.piece == "obstacle":
        s.obstacles[s.obstacles.index(fact.start)] = fact.to
    else:
        enemy = s.enemy_at(fact.start)
        assert enemy is not None
        enemy["square"] = fact.to


def _ambush_set(s: State, fact: f.AmbushSet) -> None:
    _use_item(s, fact.seat, "ambush")
    s.player(fact.target)["ambushed"] = True


def _cover_taken(s: State, fact: f.CoverTaken) -> None:
    _use_item(s, fact.seat, "cover")
    s.player(fact.seat)["covered"] = True


def _player_moved(s: State, fact: f.PlayerMoved) -> None:
    s.player(fact.seat)["square"] = fact.to
    s.actions += 1
    s.acted = True


def _tunnel_taken(s: State, fact: f.TunnelTaken) -> None:
    s.player(fact.seat)["square"] = fact.exit


def _heal_point_used(s: State, fact: f.HealPointUsed) -> None:
    s.player(fact.seat)["hp"] = fact.hp
    s.healed = True


def _player_teleported(s: State, fact: f.PlayerTeleported) -> None:
    s.player(fact.seat)["square"] = fact.to


def _shot_fired(s: State, fact: f.ShotFired) -> None:
    s.actions += 1
    s.attacks += 1
    s.acted = True
    apply_hits(s, fact.hits)
    slots = s.player(fact.seat)["slots"]
    weapon = slots[fact.slot - 1]
    if weapon is not None and _spent(s, weapon):
        discard_weapon(s, weapon)
        slots[fact.slot - 1] = None


def _spent(s: State, weapon: dict[str, Any]) -> bool:
    """Whether the weapon just fired is spent: a one-use weapon is, a Paralysis Pistol once it has fired
    the option's number of shots (``paralysis_shots``: 0 never; ruling 16)."""
    if not WEAPONS[weapon["card"]].single_use:
        return False
    if weapon["card"] != "paralysis_pistol":
        return True
    shots = option(s, "paralysis_shots")
    if shots == 1:
        return True
    weapon["shots"] = weapon.get("shots", 0) + 1
    return bool(shots) and weapon["shots"] >= shots


def _enemy_paralysed(s: State, fact: f.EnemyParalysed) -> None:
    enemy = s.enemy_at(fact.square)
    if enemy is not None:
        enemy["paralysed_by"] = fact.seat


def _player_paralysed(s: State, fact: f.PlayerParalysed) -> None:
    s.player(fact.target)["paralysed"] = True


def _enemy_killed(s: State, fact: f.EnemyKilled) -> None:
    s.enemies = [e for e in s.enemies if e["square"] != fact.square]
    s.enemy_discard.append(fact.kind)


def _points_scored(s: State, fact: f.PointsScored) -> None:
    s.player(fact.seat)["vp"] = fact.total


def _enemy_struck(s: State, fact: f.EnemyStruck) -> None:
    s.player(fact.seat)["hp"] = fact.hp


def _enemies_healed(s: State, fact: f.EnemiesHealed) -> None:
    for heal in fact.heals:
        enemy = s.enemy_at(heal["square"])
        if enemy is not None:
            enemy["hp"] = heal["hp"]


def _turn_ended(s: State, fact: f.TurnEnded) -> None:
    s.player(fact.seat)["ambushed"] = False


def _placement_started(s: State, fact: f.PlacementStarted) -> None:
    s.phase, s.current = "placement", fact.seat


def _enemy_drawn(s: State, fact: f.EnemyDrawn) -> None:
    decks.take(s, "enemy", fact.card)
    if fact.to_bottom:
        decks.put_under(s, fact.card)
    else:
        s.enemy_in_hand = fact.card


def _enemy_placed(s: State, fact: f.EnemyPlaced) -> None:
    s.enemies.append(_enemy(fact.card, fact.square))
    s.enemy_in_hand = ""


def _enemy_removed(s: State, fact: f.EnemyRemoved) -> None:
    s.enemy_discard.append(fact.card)
    s.enemy_in_hand = ""


def _game_ended(s: State, fact: f.GameEnded) -> None:
    s.phase, s.current = "over", 0
    s.winners, s.reason, s.at_limit = list(fact.winners), fact.reason, fact.at_limit
    s.pending = []


_HANDLERS: dict[type[Fact], Any] = {
    **COLLECTED_HANDLERS,
    f.TableSetUp: _table_set_up,
    f.TableLaid: _table_laid,
    f.TurnStarted: _turn_started,
    f.TurnSkipped: _turn_skipped,
    f.CardDrawn: _card_drawn,
    f.ObstaclePlaced: _obstacle_placed,
    f.StrategyPlayed: _strategy_played,
    f.AmbushSet: _ambush_set,
    f.CoverTaken: _cover_taken,
    f.PlayerMoved: _player_moved,
    f.TunnelTaken: _tunnel_taken,
    f.HealPointUsed: _heal_point_used,
    f.PlayerTeleported: _player_teleported,
    f.ShotFired: _shot_fired,
    f.EnemyParalysed: _enemy_paralysed,
    f.PlayerParalysed: _player_paralysed,
    f.EnemyKilled: _enemy_killed,
    f.PointsScored: _points_scored,
    f.EnemyStruck: _enemy_struck,
    f.EnemiesHealed: _enemies_healed,
    f.TurnEnded: _turn_ended,
    f.PlacementStarted: _placement_started,
    f.EnemyDrawn: _enemy_drawn,
    f.EnemyPlaced: _enemy_placed,
    f.EnemyRemoved: _enemy_removed,
    f.GameEnded: _game_ended,
}
