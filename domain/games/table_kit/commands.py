"""What a seat may do with a kit on its turn: the generic commands, checked against the table, and the
facts each causes. The table keeps the game's own rules; these keep only the table's (a card is where
it is, a counter stays in its range, a hidden card stays hidden).
"""

from __future__ import annotations

from typing import Any

from domain.errors import IllegalCommand
from domain.games.table_kit import facts as f
from domain.games.table_kit.kit import Kit
from domain.games.table_kit.layout import OFF
from domain.games.table_kit.state import State, kit_of, sees
from domain.randomness import Rng
from domain.ruleset import Command, CommandShape, Fact

_TEXT = {"type": ["string", "integer"], "minLength": 1, "maxLength": 60, "minimum": 0}
"""A name: of a space, piece, zone, card, die or counter (a number names a track's space: ``14`` is ``"14"``)."""
NAMES = ("piece", "to", "from", "card", "zone", "die", "counter")
SHAPES = (
    CommandShape("move", "Move a piece to a space (or 'off' the board).", {"piece": _TEXT, "to": _TEXT}, ("piece", "to")),
    CommandShape("draw", "Take a card into your hand: the top one, or the one named from a face-up zone.",
                 {"from": _TEXT, "card": _TEXT}, ("from",)),
    CommandShape("deal", "Deal cards from a zone to every seat's hand, seat 1 first.",
                 {"from": _TEXT, "count": {"type": "integer", "minimum": 1, "maximum": 20}}, ("from",)),
    CommandShape("play", "Put a card from your hand into a zone, face up unless you say down (a face-down zone takes it down).",
                 {"card": _TEXT, "to": _TEXT, "face": {"enum": ["up", "down"]}}, ("card", "to")),
    CommandShape("discard", "Put a card from your hand into a zone (not counted as played).", {"card": _TEXT, "to": _TEXT}, ("card", "to")),
    CommandShape("give", "Give a card from your hand to another seat's hand (only the two of you see it).",
                 {"card": _TEXT, "seat": {"type": "integer", "minimum": 1, "maximum": 8}}, ("card", "seat")),
    CommandShape("reveal", "Show everyone a card from your hand; it stays there.", {"card": _TEXT}, ("card",)),
    CommandShape("look", "Look at the top cards of a zone, alone.", {"zone": _TEXT, "count": {"type": "integer", "minimum": 1, "maximum": 20}}, ("zone",)),
    CommandShape("shuffle", "Shuffle a face-down zone: its order is decided card by card as it is drawn.", {"zone": _TEXT}, ("zone",)),
    CommandShape("gather", "Put every card of a zone onto another.", {"from": _TEXT, "to": _TEXT}, ("from", "to")),
    CommandShape("flip", "Turn over the top card of a zone, onto another zone or where it lies.", {"from": _TEXT, "to": _TEXT}, ("from",)),
    CommandShape("roll", "Roll a die, or several of it.", {"die": _TEXT, "count": {"type": "integer", "minimum": 1, "maximum": 10}}, ("die",)),
    CommandShape("set", "Set a counter.", {"counter": _TEXT, "value": {"type": "integer"}}, ("counter", "value")),
    CommandShape("add", "Add to a counter (a negative amount takes away).", {"counter": _TEXT, "amount": {"type": "integer"}}, ("counter", "amount")),
    CommandShape("pass", "End your turn: the next seat's, or the one named.", {"to": {"type": "integer", "minimum": 1, "maximum": 8}}),
    CommandShape("agree", "Agree to the proposed end of the game."),
    CommandShape("refuse", "Refuse the proposed end: the game goes on."),
    CommandShape("end", "Propose to end the game, naming the winners (none: a draw) and why; every other seat must agree.",
                 {"winners": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 8}, "maxItems": 8, "uniqueItems": True},
                  "reason": {"type": "string", "maxLength": 200}}, ("winners",)),
)


def hand(seat: int) -> str:
    return f"hand:{seat}"


def _zone(kit: Kit, state: State, name: str) -> dict[str, Any]:
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


def _land(kit: Kit, state: State, seat: int, to: str, seen: list[int], up: bool | None = None) -> tuple[bool, list[int]]:
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
    """The top card of a zone: its top placed card, else one chosen now from its undecided ones."""
    found = state.zones[zone]
    if found["cards"]:
        return found["cards"][-1]["card"], len(found["cards"]) - 1
    if not found["pool"]:
        raise IllegalCommand(f"{zone!r} holds no card")
    return rng.choice(found["pool"], ask, seat, secret=secret), -1


def asked(state: State) -> list[int]:
    """The seats yet to answer a proposed end."""
    if state.proposal is None:
        return []
    return [seat for seat in range(1, state.seats + 1) if seat not in state.proposal["agreed"]]


def decide(state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
    kit = kit_of(state)
    kind = command["type"]
    command = {key: str(value) if key in NAMES and not (kind == "pass" and key == "to") else value for key, value in command.items()}
    if state.proposal is not None:
        if kind not in ("agree", "refuse"):
            raise IllegalCommand("an end of the game is proposed: every other seat agrees or refuses first")
        if kind == "refuse":
            return [f.EndRefused(seat)]
        proposal = state.proposal
        done = [f.GameEnded(proposal["by"], proposal["winners"], proposal["reason"])] if asked(state) == [seat] else []
        return [f.EndAgreed(seat), *done]
    if kind in ("agree", "refuse"):
        raise IllegalCommand("no end of the game is proposed")
    if kind == "move":
        piece, to = command["piece"], command["to"]
        if piece not in state.pieces:
            raise IllegalCommand(f"no piece named {piece!r}; pieces: {', '.join(state.pieces)}")
        if to != OFF and to not in kit.space_set:
            raise IllegalCommand(f"no space named {to!r}")
        if state.pieces[piece] == to:
            raise IllegalCommand(f"{piece} is already on {to}")
        return [f.PieceMoved(seat, piece, state.pieces[piece], to)]
    if kind == "draw":
        origin = command["from"]
        zone = _zone(kit, state, origin)
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
                _, seen = _land(kit, state, seat, hand(seat), list(range(1, state.seats + 1)))
                return [f.CardMoved(seat, "draw", card, origin, index, hand(seat), False, seen)]
        else:
            card, index = _top(state, origin, rng, seat, True, "{seat} draws a card: which one?")
        _, seen = _land(kit, state, seat, hand(seat), [seat])
        return [f.CardMoved(seat, "draw", card, origin, index, hand(seat), False, seen)]
    if kind == "deal":
        origin, count = command["from"], command.get("count", 1)
        _zone(kit, state, origin)
        if kit.zone_shows(origin, state.seats) != "face-down":
            raise IllegalCommand(f"cards are dealt from a face-down zone; {origin!r} is {kit.zone_shows(origin, state.seats)}")
        return deal(state, seat, origin, count, rng)
    if kind in ("play", "discard"):
        to = command["to"]
        _zone(kit, state, to)
        if to == hand(seat):
            raise IllegalCommand("the card is in your hand already")
        if to.startswith("hand:"):
            raise IllegalCommand("another seat's hand takes a card only by 'give'")
        _not_theirs(kit, state, seat, to, "puts cards into")
        index = _holding(state, seat, command["card"])
        up, seen = _land(kit, state, seat, to, [seat], None if command.get("face") is None else command["face"] == "up")
        return [f.CardMoved(seat, kind, command["card"], hand(seat), index, to, up, seen)]
    if kind == "give":
        other = command["seat"]
        if not 1 <= other <= state.seats or other == seat:
            raise IllegalCommand(f"give to another seat, 1 to {state.seats}")
        index = _holding(state, seat, command["card"])
        return [f.CardMoved(seat, "give", command["card"], hand(seat), index, hand(other), False, sorted({seat, other}))]
    if kind == "reveal":
        index = _holding(state, seat, command["card"])
        cards = state.zones[hand(seat)]["cards"]
        unshown = [i for i, entry in enumerate(cards) if entry["card"] == command["card"] and len(entry["seen"]) < state.seats]
        if not unshown:
            raise IllegalCommand(f"every seat has seen your {command['card']!r} already")
        index = unshown[-1]
        return [f.CardRevealed(seat, hand(seat), index, command["card"])]
    if kind == "look":
        zone_name, count = command["zone"], command.get("count", 1)
        zone = _zone(kit, state, zone_name)
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
    if kind == "shuffle":
        zone_name = command["zone"]
        _zone(kit, state, zone_name)
        if kit.zone_shows(zone_name, state.seats) != "face-down":
            raise IllegalCommand(f"only a face-down zone is shuffled; {zone_name!r} is {kit.zone_shows(zone_name, state.seats)}")
        if len(state.zones[zone_name]["cards"]) + len(state.zones[zone_name]["pool"]) < 2:
            raise IllegalCommand(f"{zone_name!r} holds fewer than 2 cards")
        return [f.PileShuffled(seat, zone_name)]
    if kind == "gather":
        origin, to = command["from"], command["to"]
        zone = _zone(kit, state, origin)
        _zone(kit, state, to)
        _not_theirs(kit, state, seat, origin, "gathers")
        _not_theirs(kit, state, seat, to, "puts cards into")
        if to.startswith("hand:"):
            raise IllegalCommand("cards go into a hand one by one: draw or give them")
        if origin == to or not (zone["cards"] or zone["pool"]):
            raise IllegalCommand(f"nothing to gather from {origin!r} onto {to!r}")
        if kit.zone_shows(to, state.seats) != "face-down" and zone["pool"]:
            raise IllegalCommand(f"{origin!r} holds cards no one has seen: they go only onto a face-down zone")
        return [f.PileGathered(seat, origin, to)]
    if kind == "flip":
        origin = command["from"]
        to = command.get("to", origin)
        _zone(kit, state, origin)
        _zone(kit, state, to)
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
    if kind == "roll":
        die, count = command["die"], command.get("count", 1)
        if die not in kit.dice:
            raise IllegalCommand(f"no die named {die!r}; dice: {', '.join(kit.dice) or 'none'}")
        return [f.DiceRolled(seat, die, [rng.choice(kit.dice[die], f"{{seat}} rolls {die}: which face?", seat) for _ in range(count)])]
    if kind in ("set", "add"):
        key = command["counter"]
        counter = kit.counter_map(state.seats).get(key)
        if counter is None:
            raise IllegalCommand(f"no counter named {key!r}; counters: {', '.join(state.counters) or 'none'}")
        value = command["value"] if kind == "set" else state.counters[key] + command["amount"]
        if (counter.low is not None and value < counter.low) or (counter.high is not None and value > counter.high):
            raise IllegalCommand(f"{key} ranges {'' if counter.low is None else counter.low}..{'' if counter.high is None else counter.high}; {value} is outside")
        return [f.CounterChanged(seat, key, value, None if kind == "set" else command["amount"])]
    if kind == "pass":
        to = command.get("to", seat % state.seats + 1)
        if not 1 <= to <= state.seats or (to == seat and state.seats > 1):
            raise IllegalCommand(f"pass to another seat, from 1 to {state.seats}")
        return [f.TurnPassed(seat, to)]
    if kind == "end":
        winners = sorted(command["winners"])
        if any(not 1 <= winner <= state.seats for winner in winners):
            raise IllegalCommand(f"winners are seats from 1 to {state.seats}")
        proposed = f.EndProposed(seat, winners, command.get("reason", ""))
        return [proposed] if state.seats > 1 else [proposed, f.GameEnded(seat, winners, proposed.reason)]
    raise IllegalCommand(f"unknown command {kind!r}")


def deal(state: State, seat: int | None, origin: str, count: int, rng: Rng) -> list[Fact]:
    """Deal ``count`` cards from the top of a zone to every seat's hand, seat 1 first, round by round."""
    kit = kit_of(state)
    zone = state.zones[origin]
    placed, pool = list(zone["cards"]), list(zone["pool"])
    if count * state.seats > len(placed) + len(pool):
        raise IllegalCommand(f"{origin!r} holds {len(placed) + len(pool)} cards, not {count} for each of {state.seats} seats")
    out: list[Fact] = []
    for _ in range(count):
        for receiver in range(1, state.seats + 1):
            if placed:
                card, index = placed.pop()["card"], len(placed)
            else:
                card, index = rng.choice(pool, "{seat} is dealt a card: which one?", receiver, secret=True), -1
                pool.remove(card)
            _, seen = _land(kit, state, receiver, hand(receiver), [])
            out.append(f.CardMoved(seat, "deal", card, origin, index, hand(receiver), False, seen))
    return out
