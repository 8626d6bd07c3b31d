"""The commands a kit game offers a seat on its turn, in a fixed order, for menus and bots.

Every command listed is accepted. A few are offered in one form only, to keep menus short: counters
by +1 and -1 (any amount or value may be typed), cards played face up where the zone shows them so,
one card looked at, turned over or dealt at a time.
"""

from __future__ import annotations

from domain.engine.commands import Command
from domain.games.table_kit.table.commands import asked
from domain.games.table_kit.vocabulary.layout import OFF, hand
from domain.games.table_kit.table.state import State, kit_of, sees


def legal_commands(state: State, seat: int) -> list[Command]:
    if state.proposal is not None:
        return [{"type": "agree"}, {"type": "refuse"}] if seat in asked(state) else []
    if state.winners is not None or seat != state.turn:
        return []
    kit = kit_of(state)
    zones = kit.zone_map(state.seats)
    out: list[Command] = []
    for piece in kit.pieces(state.seats):
        out += [{"type": "move", "piece": piece.id, "to": space}
                for space in [*kit.spaces, OFF] if space != state.pieces[piece.id]]
    own = hand(seat)
    tables = [name for name, zone in zones.items() if not (zone.shows == "holder" and zone.owner != seat) and name != own]
    for name in tables:
        pile = state.zones[name]
        if pile["cards"] or pile["pool"]:
            out.append({"type": "draw", "from": name})
        if zones[name].shows != "face-down":
            shown = sorted({entry["card"] for entry in pile["cards"] if sees(entry, seat)})
            out += [{"type": "draw", "from": name, "card": card} for card in shown]
    for name in tables:
        pile = state.zones[name]
        if zones[name].shows == "face-down" and len(pile["cards"]) + len(pile["pool"]) >= state.seats:
            out.append({"type": "deal", "from": name, "count": 1})
    held = sorted({entry["card"] for entry in state.zones[own]["cards"]})
    for card in held:
        out += [{"type": "play", "card": card, "to": name} for name in tables]
        out += [{"type": "discard", "card": card, "to": name} for name in tables]
        out += [{"type": "discard", "card": card, "to": name, "under": True} for name in tables
                if zones[name].shows == "face-down"]
        out += [{"type": "give", "card": card, "seat": other} for other in range(1, state.seats + 1) if other != seat]
    for card in held:
        if any(entry["card"] == card and len(entry["seen"]) < state.seats for entry in state.zones[own]["cards"]):
            out.append({"type": "reveal", "card": card})
    for name in tables:
        pile = state.zones[name]
        if (pile["cards"] and not sees(pile["cards"][-1], seat)) or (not pile["cards"] and pile["pool"]):
            out.append({"type": "look", "zone": name, "count": 1})
        if zones[name].shows == "face-down" and len(pile["cards"]) + len(pile["pool"]) >= 2:
            out.append({"type": "shuffle", "zone": name})
    for origin in [own, *tables]:
        pile = state.zones[origin]
        if not (pile["cards"] or pile["pool"]):
            continue
        out += [{"type": "gather", "from": origin, "to": to} for to in tables
                if to != origin and (zones[to].shows == "face-down" or not pile["pool"])]
        if origin == own:
            continue
        out.append({"type": "flip", "from": origin})
        out += [{"type": "flip", "from": origin, "to": to} for to in tables if to != origin and zones[to].shows == "face-up"]
    out += [{"type": "roll", "die": die} for die in kit.dice]
    for counter in kit.counters(state.seats, state.parameters):
        if counter.private and counter.seat != seat:
            continue  # another seat's private counter: whether it sits at a bound is its secret
        value = state.counters[counter.key]
        for amount in (1, -1):
            if (counter.low is None or value + amount >= counter.low) and (counter.high is None or value + amount <= counter.high):
                out.append({"type": "add", "counter": counter.key, "amount": amount})
    out.append({"type": "pass"})
    out += [{"type": "pass", "to": other} for other in range(1, state.seats + 1) if other != seat]
    out += [{"type": "end", "winners": [winner]} for winner in range(1, state.seats + 1)]
    out.append({"type": "end", "winners": []})
    return out
