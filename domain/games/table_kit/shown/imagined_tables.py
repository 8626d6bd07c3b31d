"""The tables a bot may imagine of a kit game from one seat (``determinize``): every card the seat cannot see dealt
afresh, every other seat's screened roll rolled afresh, its private counters and, in a turn taken together, its
sealed choice imagined to fit; never anything the seat could not know (``present`` says what it does know).
"""

from __future__ import annotations

from dataclasses import replace

from domain.engine.randomness import Rng
from domain.games.table_kit.play.kit_together import imagined
from domain.games.table_kit.table.private_counters import imagined_counters
from domain.games.table_kit.table.state import State, kit_of, sees
from domain.games.table_kit.vocabulary.layout import SEALED

MOST_DEALS = 20
"""How many tables a bot imagining a turn taken together deals, at most, for one on which each other seat that has
chosen could have made a choice (a hand that must follow suit may hold no card that does); on the last one dealt, a
seat that could have made none is imagined not to have chosen yet."""


def determinize(state: State, seat: int, rng: Rng) -> State:
    """A table the seat could not tell from this one: every card it cannot see dealt afresh among the
    places that hold such cards, each card staying with its own deck (a deck's back shows), every other
    seat's roll behind a screen rolled afresh, every other seat's private counter worked out from its imagined
    hand or at its start (``private_counters``), and in a turn taken together every other seat's sealed choice
    one it could have made on the table so dealt (never one made on the table as it is, which could name a
    card in its hand that the imagined hand does not hold). The deal depends only on what the seat sees: a
    fork dealt by it, its seed revealed, tells nothing of the table it came from."""
    kit = kit_of(state)
    table = _dealt(state, seat, rng)
    if kit.rules is None or kit.rules.together is None:
        return table
    dice, whole = imagined(kit.rules, table, seat, rng)
    for _ in range(MOST_DEALS - 1):
        if whole:
            break
        table = _dealt(state, seat, rng)
        dice, whole = imagined(kit.rules, table, seat, rng)
    return replace(table, dice=dice)


def _dealt(state: State, seat: int, rng: Rng) -> State:
    """The table with every card the seat cannot see dealt afresh and every other seat's hidden roll rolled
    afresh (the sealed choices as they are)."""
    kit = kit_of(state)
    deck_of = kit.deck_of
    slots: dict[int, list[tuple[str, int]]] = {}
    for name, zone in state.zones.items():
        for index, entry in enumerate(zone["cards"]):
            if not sees(entry, seat):
                slots.setdefault(deck_of[entry["card"]], []).append((name, index))
        for index, card in enumerate(zone["pool"]):
            slots.setdefault(deck_of[card], []).append((name, -1 - index))
    zones = {name: {**zone, "cards": [dict(entry) for entry in zone["cards"]], "pool": list(zone["pool"])} for name, zone in state.zones.items()}
    for places in slots.values():
        unseen = [state.zones[name]["cards"][i]["card"] if i >= 0 else state.zones[name]["pool"][-1 - i] for name, i in places]
        cards = rng.shuffled(sorted(unseen))  # sorted first: the deal says nothing of where each card was
        for (name, index), card in zip(places, cards, strict=True):
            if index >= 0:
                zones[name]["cards"][index]["card"] = card
            else:
                zones[name]["pool"][-1 - index] = card
    for zone in zones.values():
        zone["pool"].sort()
    dice = dict(state.dice)
    for key in sorted(state.dice):
        if key.startswith(SEALED):  # a secret choice: imagined once the table is dealt
            continue
        die, _, owner = key.partition(":")
        if owner and int(owner) != seat:
            dice[key] = [rng.choice(kit.dice[die]) for _ in state.dice[key]]
    dealt = replace(state, zones=zones, dice=dice)
    return replace(dealt, counters=imagined_counters(dealt, kit, seat))
