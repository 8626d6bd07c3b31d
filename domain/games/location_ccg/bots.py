"""What bots ask of the Location CCG: how near a seat stands to winning (``evaluate``) and a state its
seat could not tell from the real one (``determinize``).

A player's deck list is its own secret (an option the other seat sees only the size of), so the other
seat's unseen cards (its hand, its deck, the cards it put under its deck and its void pile, which the
view shows only by their counts) are sampled from a public prior: the demo deck of ``cards.json``, less
the cards of that player already seen (its bank, its discard pile, its cards in play and their
modifiers), topped up with the demo deck again should a deck hold more than the prior has left. The
counts the seat sees stay as they are, and so do the seat's own secrets.

The evaluation weighs each player's standing: locations won (two of three win the game), victory point
tokens towards the locations not yet won, the characters in play (their Atk, Def and Skl, without this
turn's boosts, which go at the end of the turn), assets, resource points in the bank and cards in hand;
a mission under way adds the token its skill check would place were it made now, and costs its attacker
a little when all it may still send cannot reach the location's skill (a character sent there stays
away from the HQ it could defend); a seat's value is its standing against the other's, squashed into 0
to 1.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from domain.games.location_ccg.cards import DEMO_DECK, HAND_SIZE
from domain.games.location_ccg.checks import cost_unit, skill_at
from domain.games.location_ccg.state import State

PRIOR = DEMO_DECK
"""The public deck list an unseen deck is guessed from: the pool's demo deck (a designer's pool has its own)."""
WON = 3.0
"""A location won."""
TOKENS = 1.6
"""Victory point tokens on a location not yet won, as a share of its VP."""
CHARACTER = 0.3
"""A character in play, besides its stats."""
STATS = (0.04, 0.04, 0.08)
"""Each point of a character's Atk, Def and Skl (Skl takes locations)."""
ASSET = 0.3
BANK = 0.1
"""Each resource point in the bank, up to ``BANK_ENOUGH`` (what the dearest card costs)."""
BANK_ENOUGH = 4
BANK_MORE = 0.02
"""Each point beyond."""
HAND = 0.05
"""Each card in hand, up to the hand size (the rest are discarded at the end of the turn)."""
PROSPECT = 0.7
"""The chance counted for a mission whose skill check would succeed now to place its token."""
HOPELESS = 0.3
"""What a mission costs its attacker when all it may still send cannot reach the location's skill: a
character sent there stays away from its HQ, where it could defend."""
SCALE = 2.0
"""How sharply a lead in standing turns into a value near 1."""


def determinize(state: State, seat: int, rng: Any) -> State:
    """The state with the other player's hand, deck, cards under the deck and void pile sampled afresh
    from the prior less what was seen of that player, at the sizes the seat sees; its deck list (an
    option) becomes the prior. The given state is left as it was."""
    if len(state.players) != 2 or state.phase == "over":
        return state
    other = state.other(seat)
    new = state.copy()
    player = new.player(other)
    sizes = [len(player[zone]) for zone in ("hand", "deck", "bottom", "void")]
    dealt = rng.shuffled(_unseen(state, other, sum(sizes)))
    zones, at = [], 0
    for size in sizes:
        zones.append(dealt[at:at + size])
        at += size
    player["hand"], player["deck"], player["bottom"], player["void"] = zones[0], sorted(zones[1]), zones[2], zones[3]
    decks = list(state.options["decks"])
    decks[other - 1] = dict(state.pool.decks[PRIOR])
    new.options = {**state.options, "decks": decks}
    return new


def _unseen(state: State, seat: int, needed: int) -> list[str]:
    """The prior's cards that have not been seen of the seat, in a fixed order, at least ``needed``."""
    left = Counter(state.pool.decks[PRIOR])
    player = state.player(seat)
    left.subtract(player["bank"])
    left.subtract(player["discard"])
    for card in state.in_play.values():
        if card["owner"] == seat:
            left[card["card"]] -= 1
            left.subtract(card["modifiers"])
    cards = sorted((+left).elements())
    while len(cards) < needed:
        cards += state.pool.deck_list
    return cards


def evaluate(state: State, seat: int) -> float:
    """The seat's standing against the other player's, from 0 to 1 (½ when even)."""
    if len(state.players) != 2:
        return 0.5
    lead = _standing(state, seat) - _standing(state, state.other(seat))
    if state.mission is not None:
        lead += _prospect(state) * (1 if seat == state.current else -1)
    return 0.5 + 0.5 * math.tanh(lead / SCALE)


def _prospect(state: State) -> float:
    """What the mission under way promises its attacker: the token its skill check would place were it
    made now (and the location, if that token wins it), times the chance counted for it to hold; while
    attackers are sent, ``-HOPELESS`` if even all of them at the HQ would not reach the skill needed."""
    assert state.mission is not None
    index, attacker = state.mission["location"], state.current
    attack, defense = skill_at(state, attacker, index), skill_at(state, state.other(attacker), index)
    needed = state.location(index).skill
    if attack - defense < needed:
        if state.phase == "attackers":  # all it may still send would not be enough: a character stranded there
            more = sum(max(0, state.stat(uid, 2)) for uid in state.characters(attacker, at="hq"))
            if attack + more - defense < needed:
                return -HOPELESS
        return 0.0
    vp, tokens = state.location(index).vp, state.locations[index]["tokens"][str(attacker)]
    gain = WON - TOKENS * tokens / vp if tokens + 1 >= vp else TOKENS / vp
    return PROSPECT * gain


def _standing(state: State, seat: int) -> float:
    cards = state.pool.cards
    key = str(seat)
    total = 0.0
    for index, location in enumerate(state.locations):
        if location["won_by"] == seat:
            total += WON
        elif not location["won_by"]:
            total += TOKENS * location["tokens"][key] / state.location(index).vp
    for uid, in_play in state.in_play.items():
        if in_play["owner"] != seat:
            continue
        kind = cards[in_play["card"]].kind
        if kind == "character":
            lasting = [state.stat(uid, i) - in_play["boost"][i] for i in range(3)]  # boosts go at the end of the turn
            total += CHARACTER + sum(weight * max(0, stat) for stat, weight in zip(lasting, STATS, strict=True))
        elif kind == "asset":
            total += ASSET
    player = state.player(seat)
    if cost_unit(state) == "cards":  # ruling 3's option: a card is one resource whatever its symbols
        points = len(player["bank"])
    else:
        points = sum(len(cards[card].resources) for card in player["bank"])
    total += BANK * min(points, BANK_ENOUGH) + BANK_MORE * max(0, points - BANK_ENOUGH)
    return total + HAND * min(len(player["hand"]), HAND_SIZE)
