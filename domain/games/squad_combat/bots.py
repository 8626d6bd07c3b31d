"""What bots ask of Squad Combat: how near a seat stands to winning (``evaluate``) and a state its seat
could not tell from the real one (``determinize``).

The squads' card sets are public, and every card that leaves a hand is seen (discards are face up, hits
stay under the character they hit, an attack waits on the table for its answer). So another seat's hand
and deck together are its squad's deck list less what was seen of it: a determinization deals that pool
afresh into a hand and a deck of the sizes the seat sees. The seat's own hand and deck stay as they are.

The evaluation weighs each squad's standing: characters alive and the share of their HP left (the turn
limit's own order), an attack waiting to land on a target (under v0.5 only one whose rating can land), and
a little for dice and energy left (cards in hand count for nothing until they are played: valuing them
makes a bot hoard them). A seat's value is its standing against the mean of the other seats', squashed
into 0 to 1; with three or four players its dice and energy weigh as much against one enemy's standing as
in a duel, and an enemy that can no longer hurt counts as out where that means it can no longer win.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from domain.games.squad_combat.stalemate import hurting
from domain.games.squad_combat.state import State

ALIVE = 1.0
"""A living character, besides its HP: killing one is worth more than the damage that kills it."""
HEALTH = 2.0
"""A character's HP left, as a share of its HP."""
DIE = 0.04
"""Each die on a living character (paying dice costs), plus its face's share of a six."""
ENERGY = 0.01
"""Each point of energy left this turn."""
LANDING = 0.6
"""The chance counted for a waiting attack to land (it may yet be negated)."""
SCALE = 1.2
"""How sharply a lead in standing turns into a value near 1."""


def determinize(state: State, seat: int, rng: Any) -> State:
    """The state with every other seat's hand and deck dealt afresh from what the seat has not seen of
    that seat's squad deck (its list, less the discards, the hits under characters and the attack on the
    table), at the sizes the seat sees; the given state is left as it was."""
    if not state.players or state.phase == "over":
        return state
    new = state.copy()
    for other in range(1, state.seat_count + 1):
        if other == seat:
            continue
        player = new.player(other)
        hand_size, deck_size = len(player["hand"]), len(player["deck"])
        dealt = rng.shuffled(_unseen(state, other, hand_size + deck_size))
        player["hand"] = dealt[:hand_size]
        player["deck"] = sorted(dealt[hand_size:hand_size + deck_size])
    return new


def _unseen(state: State, seat: int, needed: int) -> list[str]:
    """The cards of the seat's squad deck that nobody has seen leave its hand or deck, in a fixed order;
    topped up from the deck list should a card set ever move cards where they cannot be followed."""
    listed = state.cards.squads[state.player(seat)["squad"]]["deck"]
    left = Counter(listed)
    left.subtract(state.player(seat)["discard"])
    for player in state.players:
        for character in player["characters"]:
            for wound in character["wounds"]:
                if wound["owner"] == seat:
                    left[wound["card"]] -= 1
    if state.attack is not None and state.attack["seat"] == seat:
        left[state.attack["card"]] -= 1
    cards = sorted((+left).elements())
    full = sorted(Counter(listed).elements())
    while len(cards) < needed and full:
        cards += full
    return cards


def search_others(seat_count: int) -> str:
    """How the search bot's tree has the other squads reply: by their best look-ahead with three or four squads
    (with three, each command's look-ahead averaged over three rolls, as the greedy bot scores it), searched
    with two. The seats take turns at almost every command here (an attack is answered by its target's reaction:
    1.2 commands a seat at a time in greedy games of three squads, where Missions has 2.3), and a search move at
    100 ms runs about 50 simulations with three squads. In the benchmark (the README's rows), one search seat
    against two of OpenSpiel's ISMCTS seats won 13 of 60 three-squad games with their replies searched, 48 of
    120 by one roll's look-ahead and 23 of 60 averaged over three; against two greedy seats 22, 21 and 52 of 120
    (30 of the first 60). With four squads one roll's look-ahead won 25 of 60 against three greedy seats (16 and
    18 searched); against three ISMCTS seats no way reached the fair share."""
    if seat_count == 3:
        return "averaged-look-ahead"
    return "look-ahead" if seat_count > 3 else "search"


def evaluate(state: State, seat: int) -> float:
    """The seat's standing against its enemies', from 0 to 1 (½ when even): against the mean of the other
    seats' (a seat out counts 0), which with two players is the one enemy's.

    Three and four greedy squads measured against their strongest enemy alone found a hit on any other
    worth nothing: they hit the leader only, evened each other out and reached the turn limit (ruling 18).
    Against the mean, a hit on one of three enemies moves the value a third as much as in a duel; the
    seat's dice and energy are weighed by that share too (``means``), or an attack would seldom be worth
    its cost."""
    means = 1.0 / (state.seat_count - 1)
    standings = [_standing(state, other, means) for other in range(1, state.seat_count + 1)]
    if state.seat_count > 2 and _harmless_cannot_win(state):  # a squad that can no longer hurt cannot win
        able = set(hurting(state, [other for other, value in enumerate(standings, 1) if value]))
        standings = [value if not value or other in able else 0.0 for other, value in enumerate(standings, 1)]
    mine = standings[seat - 1]
    enemies = [value for other, value in enumerate(standings, 1) if other != seat]
    return 0.5 + 0.5 * math.tanh((mine - sum(enemies) / len(enemies)) / SCALE)


def _harmless_cannot_win(state: State) -> bool:
    """Whether a squad that can no longer hurt another can no longer win (ruling 18): the game ends when at
    most one squad can still hurt (``stalemate: one-sided``) and that squad wins (``stalemate_winner: able``),
    as under rules v3's defaults. Then, with three or four players, such a squad counts as out. An enemy: hitting
    it brings the end no nearer, and the bots that kept hitting it played four-player games to the turn limit.
    The seat's own: spending its last attack that could ever be performed leaves it nothing to win with, and
    the squads that spent theirs soonest lost the one-sided stalemates to those that kept one."""
    options = state.options
    return options.get("stalemate", "play-on") == "one-sided" and options.get("stalemate_winner", "standing") == "able"


def _standing(state: State, seat: int, means: float = 1.0) -> float:
    """The seat's characters alive and their HP left, and ``means`` times the weight of its dice and energy."""
    player = state.player(seat)
    if player["out"]:
        return 0.0
    characters = state.cards.characters
    waiting = _waiting_damage(state)
    total = 0.0  # cards in hand count for nothing until played: valuing them makes a bot hoard them
    for place, character in enumerate(player["characters"], 1):
        if character["dead"]:
            continue
        stats = characters[character["id"]]
        left = stats.hp - sum(wound["damage"] for wound in character["wounds"])
        value = ALIVE + HEALTH * left / stats.hp
        if waiting is not None and waiting[0] == seat and waiting[1] == place:  # it may yet land
            after, landing = left - waiting[2], _landing(state)
            value = (1 - landing) * value + landing * (ALIVE + HEALTH * after / stats.hp if after > 0 else 0.0)
        dice = character["dice"]
        total += (value + means * DIE * (len(dice) + sum(dice) / 6)
                  + means * ENERGY * max(0, stats.energy - character["burden"]))
    return total


def _waiting_damage(state: State) -> tuple[int, int, int] | None:
    """The seat and place of the character an attack waits to hit, and the damage it would deal."""
    attack = state.attack
    if attack is None:
        return None
    card = state.cards.cards[attack["card"]]
    damage = max(0, int(card.effect.get("damage", 0)) + attack["bonus"] - attack["resist"])
    return attack["target"][0], attack["target"][1], damage


def _landing(state: State) -> float:
    """The chance counted for the waiting attack to land: ``LANDING`` under v1. Under v0.5 the defender
    answers with a die of the defender's (ruling 20), so an attack whose rating (its attack die plus the
    card's hit modifier) falls short of the defender's highest die plus the defense already added can be
    stopped for the price of a die: it counts for nothing. Counted at ``LANDING`` whatever its rating, a
    named attack die was only a die lost: the bots named none, missed nearly every time, and v0.5 games ran
    to the turn limit."""
    if not state.v05:
        return LANDING
    attack = state.attack
    rating = attack["attack_die"] + int(state.cards.cards[attack["card"]].v05.get("hit", 0))
    defense = max(state.character(attack["target"])["dice"], default=0) + attack["defense"]
    return LANDING if rating >= defense else 0.0
