"""Applying a fact to the state of the Location CCG: a new state each time, the given one untouched.
Never fails and never rolls: every random outcome is in the fact."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.engine.facts import Fact
from domain.games.location_ccg import facts as f
from domain.games.location_ccg.cards import PRODUCTION_POINTS, parse_cost
from domain.games.location_ccg.state import State


def apply(state: State, fact: Fact) -> State:
    new = state.copy()
    _APPLY[type(fact)](new, fact)
    return new


def apply_in_place(state: State, fact: Fact) -> None:
    """The fact applied to the given state, which it changes (a decision's own copy)."""
    _APPLY[type(fact)](state, fact)


def _table_set_up(s: State, fact: f.TableSetUp) -> None:
    s.first = fact.first
    s.current = fact.first
    s.phase = "locations"
    s.players = [
        {"brought": list(brought), "hand": [], "deck": sorted(card for card, n in deck.items() for _ in range(n)),
         "bottom": [], "bank": [], "discard": [], "void": []}
        for brought, deck in zip(fact.brought, s.options["decks"], strict=True)
    ]


def _location_placed(s: State, fact: f.LocationPlaced) -> None:
    s.player(fact.seat)["brought"].remove(fact.location)
    s.locations.append({"id": fact.location, "placed_by": fact.seat, "tokens": {"1": 0, "2": 0}, "won_by": 0})
    s.current = s.other(fact.seat)


def _cards_drawn(s: State, fact: f.CardsDrawn) -> None:
    player = s.player(fact.seat)
    for card in fact.cards:
        (player["deck"] if card in player["deck"] else player["bottom"]).remove(card)
        player["hand"].append(card)
    if fact.reason == "production":
        s.production -= 1


def _cards_put_under(s: State, fact: f.CardsPutUnder) -> None:
    player = s.player(fact.seat)
    for card in fact.cards:
        player["hand"].remove(card)
    player["bottom"].extend(fact.cards)


def _deck_reshuffled(s: State, fact: f.DeckReshuffled) -> None:
    player = s.player(fact.seat)
    player["deck"] = sorted(player["discard"])
    player["discard"] = []


def _turn_began(s: State, fact: f.TurnBegan) -> None:
    s.current, s.turn, s.attacked = fact.seat, fact.turn, False


def _phase_began(s: State, fact: f.PhaseBegan) -> None:
    s.phase, s.priority, s.passes = fact.phase, fact.seat, 0
    s.production = PRODUCTION_POINTS if fact.phase == "production" else 0


def _characters_returned(s: State, fact: f.CharactersReturned) -> None:
    for uid in fact.characters:
        s.in_play[uid]["at"] = "hq"


def _upkeep_due(s: State, fact: f.UpkeepDue) -> None:
    s.upkeep_due = list(fact.cards)


def _upkeep_paid(s: State, fact: f.UpkeepPaid) -> None:
    s.upkeep_due.remove(fact.uid)


def _resources_spent(s: State, fact: f.ResourcesSpent) -> None:
    player = s.player(fact.seat)
    for card in fact.cards:
        player["bank"].remove(card)
    player["discard"].extend(fact.cards)


def _card_banked(s: State, fact: f.CardBanked) -> None:
    player = s.player(fact.seat)
    player["hand"].remove(fact.card)
    player["bank"].append(fact.card)
    s.production -= 1


def _card_played(s: State, fact: f.CardPlayed) -> None:
    player = s.player(fact.seat)
    player["hand"].remove(fact.card)
    card = s.pool.cards[fact.card]
    if card.kind in ("character", "asset"):
        s.in_play[fact.uid] = {"uid": fact.uid, "card": fact.card, "owner": fact.seat, "at": "hq", "damage": 0,
                               "wounds": 0, "modifiers": [], "boost": [0, 0, 0], "used": 0}
        s.next_uid = int(fact.uid) + 1
    elif card.kind == "modifier":
        s.in_play[fact.target]["modifiers"].append(fact.card)
    else:
        player["discard"].append(fact.card)
        if card.cost.production:
            s.production -= 1
        _answered(s, fact.seat)


def _ability_used(s: State, fact: f.AbilityUsed) -> None:
    s.in_play[fact.uid]["used"] = s.turn
    if parse_cost(s.card(fact.uid).ability["cost"]).production:  # a designer's "*" ability: a production point
        s.production -= 1
    _answered(s, fact.seat)


def _answered(s: State, seat: int) -> None:
    """A surprise or ability in a window both players share: the other player may answer it (not with
    the option ``windows: own-turn``, where the window is the active player's alone)."""
    if s.phase in ("tricks", "before_check") and s.options.get("windows", "fixed") != "own-turn":
        s.passes = 0
        s.priority = s.other(seat)


def _stats_boosted(s: State, fact: f.StatsBoosted) -> None:
    boost = s.in_play[fact.uid]["boost"]
    s.in_play[fact.uid]["boost"] = [a + b for a, b in zip(boost, fact.bonus, strict=True)]


def _modifier_removed(s: State, fact: f.ModifierRemoved) -> None:
    character = s.in_play[fact.uid]
    character["modifiers"].remove(fact.card)
    s.player(character["owner"])[fact.to].append(fact.card)


def _card_left_play(s: State, fact: f.CardLeftPlay) -> None:
    del s.in_play[fact.uid]
    s.player(fact.owner)[fact.to].append(fact.card)
    if fact.uid in s.upkeep_due:
        s.upkeep_due.remove(fact.uid)


def _damage_dealt(s: State, fact: f.DamageDealt) -> None:
    s.in_play[fact.uid]["damage"] += fact.amount


def _wound_counter_placed(s: State, fact: f.WoundCounterPlaced) -> None:
    s.in_play[fact.uid]["damage"] = 0
    s.in_play[fact.uid]["wounds"] += 1


def _attack_declared(s: State, fact: f.AttackDeclared) -> None:
    s.attacked = True
    s.mission = {"location": fact.location, "attackers": [], "defenders": [], "pairs": [], "gangs": {}}


def _character_sent(s: State, fact: f.CharacterSent) -> None:
    assert s.mission is not None
    character = s.in_play[fact.uid]
    character["at"] = fact.location
    s.mission["attackers" if character["owner"] == s.current else "defenders"].append(fact.uid)


def _challenged(s: State, fact: f.Challenged) -> None:
    assert s.mission is not None
    s.mission["pairs"].append({"seat": fact.seat, "challenger": fact.uid, "opposers": []})


def _opposed(s: State, fact: f.Opposed) -> None:
    assert s.mission is not None
    s.mission["pairs"][-1]["opposers"].append(fact.uid)


def _gang_joined(s: State, fact: f.GangJoined) -> None:
    assert s.mission is not None
    s.mission["gangs"][fact.uid] = fact.to


def _passed(s: State, fact: f.Passed) -> None:
    s.passes += 1
    s.priority = s.other(fact.seat)


def _victory_token_placed(s: State, fact: f.VictoryTokenPlaced) -> None:
    s.locations[fact.location]["tokens"][str(fact.seat)] += 1


def _location_won(s: State, fact: f.LocationWon) -> None:
    location = s.locations[fact.location]
    location["won_by"] = fact.seat
    location["tokens"] = {"1": 0, "2": 0}


def _mission_ended(s: State, fact: f.MissionEnded) -> None:
    s.mission = None


def _card_discarded(s: State, fact: f.CardDiscarded) -> None:
    player = s.player(fact.seat)
    player["hand"].remove(fact.card)
    player["discard"].append(fact.card)


def _turn_ended(s: State, fact: f.TurnEnded) -> None:
    for character in s.in_play.values():
        character["damage"] = 0
        character["boost"] = [0, 0, 0]


def _game_ended(s: State, fact: f.GameEnded) -> None:
    s.phase = "over"
    s.winners = list(fact.winners)
    s.reason, s.at_limit = fact.reason, fact.at_limit
    s.mission = None


def _nothing(s: State, fact: Any) -> None:
    """Facts that only tell (a skill check's numbers)."""


_APPLY: dict[type, Callable[[State, Any], None]] = {
    f.TableSetUp: _table_set_up, f.LocationPlaced: _location_placed, f.CardsDrawn: _cards_drawn,
    f.CardsPutUnder: _cards_put_under, f.DeckReshuffled: _deck_reshuffled, f.TurnBegan: _turn_began,
    f.PhaseBegan: _phase_began, f.CharactersReturned: _characters_returned, f.UpkeepDue: _upkeep_due,
    f.UpkeepPaid: _upkeep_paid, f.ResourcesSpent: _resources_spent, f.CardBanked: _card_banked,
    f.CardPlayed: _card_played, f.AbilityUsed: _ability_used, f.StatsBoosted: _stats_boosted,
    f.ModifierRemoved: _modifier_removed, f.CardLeftPlay: _card_left_play, f.DamageDealt: _damage_dealt,
    f.WoundCounterPlaced: _wound_counter_placed, f.AttackDeclared: _attack_declared,
    f.CharacterSent: _character_sent, f.Challenged: _challenged, f.Opposed: _opposed,
    f.GangJoined: _gang_joined, f.Passed: _passed, f.SkillChecked: _nothing,
    f.VictoryTokenPlaced: _victory_token_placed, f.LocationWon: _location_won, f.MissionEnded: _mission_ended,
    f.CardDiscarded: _card_discarded, f.TurnEnded: _turn_ended, f.GameEnded: _game_ended,
}
