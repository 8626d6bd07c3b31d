"""The generic commands on cards: draw, deal, play, discard, give, reveal, look, shuffle, gather and flip,
each checked against the table (a card is where it is, a hidden card stays hidden, a seat reaches only
into the zones it may) and turned into the facts it causes. A face-down pile's order is decided card by
card, by the game's chance, as its cards are drawn, dealt, looked at or turned over."""

from __future__ import annotations

from typing import Any

from domain.engine.commands import Command
from domain.engine.errors import IllegalCommand
from domain.engine.facts import Fact
from domain.engine.randomness import Rng
from domain.games.table_kit.vocabulary import facts as f
from domain.games.table_kit.reading.kit import Kit
from domain.games.table_kit.vocabulary.layout import hand
from domain.games.table_kit.table.state import State, kit_of, sees


def _draw(kit: Kit, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
    origin = command["from"]
    zone = _zone(state, origin)
    if origin == hand(seat):
        raise IllegalCommand("that is your own hand")
    _not_theirs(kit, state, seat, origin, "draws from")
    if "card" in command:
        if kit.zone_shows(origin, state.seats) == "face-down":
            raise IllegalCommand(f"the cards of face-down {origin!r} are drawn from the top: name none")
        index = next((i for i in range(len(zone["cards"]) - 1, -1, -1)
                      if zone["cards"][i]["card"] == command["card"] and sees(zone["cards"][i], seat)), None)
        if index is None:
            raise IllegalCommand(f"{origin!r} shows no {command['card']!r}")
        card = command["card"]
        if zone["cards"][index]["up"]:  # it lay face up: everyone saw it go
            _, seen = _land(kit, state, hand(seat), list(range(1, state.seats + 1)))
            return [f.CardMoved(seat, "draw", card, origin, index, hand(seat), False, seen)]
    else:
        card, index = _top(state, origin, rng, seat, True, "{seat} draws a card: which one?")
    _, seen = _land(kit, state, hand(seat), [seat])
    return [f.CardMoved(seat, "draw", card, origin, index, hand(seat), False, seen)]


def _deal(kit: Kit, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
    origin, count = command["from"], command.get("count", 1)
    _zone(state, origin)
    if kit.zone_shows(origin, state.seats) != "face-down":
        raise IllegalCommand(f"cards are dealt from a face-down zone; {origin!r} is {kit.zone_shows(origin, state.seats)}")
    return deal(state, seat, origin, count, rng)


def _play_or_discard(kit: Kit, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
    kind = command["type"]
    to = command["to"]
    _zone(state, to)
    if to == hand(seat):
        raise IllegalCommand("the card is in your hand already")
    if to.startswith("hand:"):
        raise IllegalCommand("another seat's hand takes a card only by 'give'")
    _not_theirs(kit, state, seat, to, "puts cards into")
    index = _holding(state, seat, command["card"])
    if command.get("under"):
        if kit.zone_shows(to, state.seats) != "face-down":
            raise IllegalCommand(f"a card goes under a face-down pile; {to!r} is {kit.zone_shows(to, state.seats)}")
        if command.get("face") == "up":
            raise IllegalCommand("a card put under a pile lies face down")
        _, seen = _land(kit, state, to, [seat, *state.zones[hand(seat)]["cards"][index]["seen"]])
        return [f.CardPutUnder(seat, kind, command["card"], hand(seat), index, to, seen)]
    up, seen = _land(kit, state, to, [seat], None if command.get("face") is None else command["face"] == "up")
    return [f.CardMoved(seat, kind, command["card"], hand(seat), index, to, up, seen)]


def _give(kit: Kit, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
    other = command["seat"]
    if not 1 <= other <= state.seats or other == seat:
        raise IllegalCommand(f"give to another seat, 1 to {state.seats}")
    index = _holding(state, seat, command["card"])
    return [f.CardMoved(seat, "give", command["card"], hand(seat), index, hand(other), False, sorted({seat, other}))]


def _reveal(kit: Kit, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
    index = _holding(state, seat, command["card"])
    cards = state.zones[hand(seat)]["cards"]
    unshown = [i for i, entry in enumerate(cards) if entry["card"] == command["card"] and len(entry["seen"]) < state.seats]
    if not unshown:
        raise IllegalCommand(f"every seat has seen your {command['card']!r} already")
    index = unshown[-1]
    return [f.CardRevealed(seat, hand(seat), index, command["card"])]


def _look(kit: Kit, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
    zone_name, count = command["zone"], command.get("count", 1)
    zone = _zone(state, zone_name)
    _not_theirs(kit, state, seat, zone_name, "looks into")
    if count > len(zone["cards"]) + len(zone["pool"]):
        raise IllegalCommand(f"{zone_name!r} holds {len(zone['cards']) + len(zone['pool'])} cards")
    if count <= len(zone["cards"]) and all(sees(entry, seat) for entry in zone["cards"][-count:]):
        raise IllegalCommand(f"you see the top {count} of {zone_name!r} already")
    pool, decided = list(zone["pool"]), []
    for _ in range(count - len(zone["cards"])):
        card = rng.choice(pool, "{seat} looks at a card: which one?", seat, secret=True)
        pool.remove(card)
        decided.insert(0, card)
    return [f.CardsLookedAt(seat, zone_name, count, decided)]


def _shuffle(kit: Kit, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
    zone_name = command["zone"]
    _zone(state, zone_name)
    if kit.zone_shows(zone_name, state.seats) != "face-down":
        raise IllegalCommand(f"only a face-down zone is shuffled; {zone_name!r} is {kit.zone_shows(zone_name, state.seats)}")
    if len(state.zones[zone_name]["cards"]) + len(state.zones[zone_name]["pool"]) < 2:
        raise IllegalCommand(f"{zone_name!r} holds fewer than 2 cards")
    return [f.PileShuffled(seat, zone_name)]


def _gather(kit: Kit, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
    origin, to = command["from"], command["to"]
    zone = _zone(state, origin)
    _zone(state, to)
    _not_theirs(kit, state, seat, origin, "gathers")
    _not_theirs(kit, state, seat, to, "puts cards into")
    if to.startswith("hand:"):
        raise IllegalCommand("cards go into a hand one by one: draw or give them")
    if origin == to or not (zone["cards"] or zone["pool"]):
        raise IllegalCommand(f"nothing to gather from {origin!r} onto {to!r}")
    if kit.zone_shows(to, state.seats) != "face-down" and zone["pool"]:
        raise IllegalCommand(f"{origin!r} holds cards no one has seen: they go only onto a face-down zone")
    put = command.get("put", "top")
    if put == "top":
        return [f.PileGathered(seat, origin, to)]
    if kit.zone_shows(to, state.seats) != "face-down":
        raise IllegalCommand(f"cards go under or are shuffled into a face-down pile; {to!r} is {kit.zone_shows(to, state.seats)}")
    return [(f.PileSlidUnder if put == "bottom" else f.PileShuffledIn)(seat, origin, to)]


def _flip(kit: Kit, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
    origin = command["from"]
    to = command.get("to", origin)
    _zone(state, origin)
    _zone(state, to)
    _not_theirs(kit, state, seat, origin, "turns over")
    _not_theirs(kit, state, seat, to, "puts cards into")
    if origin.startswith("hand:") or to.startswith("hand:"):
        raise IllegalCommand("a hand is not a pile: play, discard or give its cards")
    card, index = _top(state, origin, rng, seat, False, "{seat} turns a card over: which one?")
    was_up = index >= 0 and state.zones[origin]["cards"][index]["up"]
    seen = state.zones[origin]["cards"][index]["seen"] if index >= 0 else []
    up = not was_up
    if kit.zone_shows(to, state.seats) == "face-down" and up:
        up = False
    return [f.CardMoved(seat, "flip", card, origin, index, to, up, list(range(1, state.seats + 1)) if was_up else seen)]


def _zone(state: State, name: str) -> dict[str, Any]:
    if name not in state.zones:
        raise IllegalCommand(f"no zone named {name!r}; zones: {', '.join(state.zones)}")
    return state.zones[name]


def _holding(state: State, seat: int, card: str, zone: str | None = None) -> int:
    """Where the seat's hand (or zone) holds the card: the last such entry's index."""
    cards = state.zones[zone or hand(seat)]["cards"]
    for index in range(len(cards) - 1, -1, -1):
        if cards[index]["card"] == card:
            return index
    raise IllegalCommand(f"your hand holds no {card!r}")


def _land(kit: Kit, state: State, to: str, seen: list[int], up: bool | None = None) -> tuple[bool, list[int]]:
    """How a card lies where it lands: face up or down, and who knows it."""
    zone = kit.zone_map(state.seats)[to]
    if up is None:
        up = zone.shows == "face-up"
    if zone.shows == "face-down":
        up = False
    known = set(seen) | ({zone.owner} if zone.owner is not None else set())
    return up, sorted(known)


def _not_theirs(kit: Kit, state: State, seat: int, zone: str, doing: str) -> None:
    """Refuse a seat's reach into a zone only another seat sees."""
    found = kit.zone_map(state.seats)[zone]
    if found.shows == "holder" and found.owner != seat:
        raise IllegalCommand(f"only seat {found.owner} sees {zone!r}: no one else {doing} it")


def _top(state: State, zone: str, rng: Rng, seat: int, secret: bool, ask: str) -> tuple[str, int]:
    """The top card of a zone: its top placed card above its undecided ones, else one chosen now from those,
    else the top of the cards put under them."""
    found = state.zones[zone]
    if len(found["cards"]) > found.get("under", 0) or (found["cards"] and not found["pool"]):
        return found["cards"][-1]["card"], len(found["cards"]) - 1
    if not found["pool"]:
        raise IllegalCommand(f"{zone!r} holds no card")
    return rng.choice(found["pool"], ask, seat, secret=secret), -1


def deal(state: State, seat: int | None, origin: str, count: int, rng: Rng, start: int = 1, packets: bool = False) -> list[Fact]:
    """Deal ``count`` cards from the top of a zone to every seat's hand, seat ``start`` first (seat 1 unless the kit's
    ``hands.start`` says), round by round, or each seat's ``count`` at once (``packets``: ``hands.order``)."""
    kit = kit_of(state)
    zone = state.zones[origin]
    placed, pool = list(zone["cards"]), list(zone["pool"])
    if count * state.seats > len(placed) + len(pool):
        raise IllegalCommand(f"{origin!r} holds {len(placed) + len(pool)} cards, not {count} for each of {state.seats} seats")
    out: list[Fact] = []
    seats = [(start - 1 + step) % state.seats + 1 for step in range(state.seats)]
    receivers = [receiver for receiver in seats for _ in range(count)] if packets else [receiver for _ in range(count) for receiver in seats]
    for receiver in receivers:
        if placed:
            card, index = placed.pop()["card"], len(placed)
        else:
            card, index = rng.choice(pool, "{seat} is dealt a card: which one?", receiver, secret=True), -1
            pool.remove(card)
        _, seen = _land(kit, state, hand(receiver), [])
        out.append(f.CardMoved(seat, "deal", card, origin, index, hand(receiver), False, seen))
    return out


CARD_HANDLERS = {"draw": _draw, "deal": _deal, "play": _play_or_discard, "discard": _play_or_discard, "give": _give,
                 "reveal": _reveal, "look": _look, "shuffle": _shuffle, "gather": _gather, "flip": _flip}
"""Each command on cards' decision, by the command's type."""
