"""What each seat sees of a kit game: its view, the facts as it may read them, the sentence for each
fact (the tables a bot may imagine from a seat: ``imagined_tables``). A card is seen when it lies face up or the
seat knows it (its own hand, a card it looked at, was given or was shown); every other card is shown
as a card and nothing more, and the undecided cards of a shuffled pile only as a number.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from domain.engine.facts import Fact
from domain.games.table_kit.vocabulary import facts as f
from domain.games.table_kit.play.kit_together import sealed, taken_together
from domain.games.table_kit.vocabulary.layout import HAND, OFF, PHASE, space_name
from domain.games.table_kit.shown.present_text import scores_in_words
from domain.games.table_kit.table.private_counters import public_numbers, redacted, shown_counter
from domain.games.table_kit.table.state import State, kit_of, sees


def _groups(state: State) -> list[dict[str, Any]]:
    """The kit's space groups with every space named as commands name it (a text)."""
    out = []
    for group in kit_of(state).groups:
        shown = dict(group)
        for key in ("names",):
            if key in shown:
                shown[key] = [space_name(name) for name in shown[key]]
        if "neighbours" in shown:
            shown["neighbours"] = {name: [space_name(n) for n in near] for name, near in shown["neighbours"].items()}
        if "links" in shown:
            shown["links"] = [{**link, "from": space_name(link["from"]), "to": space_name(link["to"])} for link in shown["links"]]
        out.append(shown)
    return out


def view(state: State, viewer: int | None, everything: bool = False) -> dict[str, Any]:
    """The table as ``viewer`` sees it (``None``: a spectator); with ``everything``, every card."""
    kit = kit_of(state)
    zones = []
    for zone in kit.zones(state.seats):
        placed = state.zones[zone.name]
        cards = [{"card": entry["card"] if everything or sees(entry, viewer) else None, "up": entry["up"]}
                 for entry in placed["cards"]]
        shown = {"name": zone.name, "shows": zone.shows, "owner": zone.owner, "cards": cards,
                 "hidden": len(placed["pool"]), "count": len(cards) + len(placed["pool"])}
        if placed.get("under"):
            shown["under"] = placed["under"]  # the first of its cards lie under the hidden ones
        if everything:
            shown["undecided"] = list(placed["pool"])
        zones.append(shown)
    return {
        "kit": {"name": kit.name, "title": kit.title, "hash": kit.hash},
        "seats": state.seats,
        "turn": state.turn if state.winners is None else None,
        "turns": state.turns,
        "spaces": _groups(state),
        "pieces": [{"id": piece.id, "kind": piece.kind, "owner": piece.owner, "at": state.pieces[piece.id], "label": piece.label}
                   for piece in kit.pieces(state.seats)],
        "zones": zones,
        "cards": {name: {"text": card.get("text", ""), "fields": dict(card.get("fields", {}))} for name, card in kit.cards.items()},
        "dice": _dice(state, viewer, everything),
        "counters": [shown_counter(c, state.counters[c.key], viewer, everything) for c in kit.counters(state.seats, state.parameters)],
        "proposal": None if state.proposal is None else dict(state.proposal),
        "outcome": None if state.winners is None else {"winners": list(state.winners), "reason": state.reason,
                                                       **({} if state.scores is None else {"scores": list(state.scores)})},
        **({} if kit.rules is None or not kit.rules.phases else {"phase": kit.rules.phases[state.counters.get(PHASE, 0)]}),
        **({} if kit.rules is None or kit.rules.together is None else {"together": taken_together(kit.rules, state),
                                                                       "chosen": _chosen(state, viewer, everything)}),
    }


def _chosen(state: State, viewer: int | None, everything: bool) -> list[dict[str, Any]]:
    """The seats that have made their secret choice in a turn taken together, each with its choice where the viewer
    may see it (its own; every one, with ``everything``)."""
    return [{"seat": seat, **({"action": choice["action"], "choices": dict(choice["choices"])} if everything or seat == viewer else {})}
            for seat, choice in sorted(sealed(state).items())]


def _dice(state: State, viewer: int | None, everything: bool) -> list[dict[str, Any]]:
    """Each die's last roll; a hidden die's, one for each seat: its faces shown to that seat alone (``hidden``
    when rolled and not shown)."""
    kit = kit_of(state)
    out: list[dict[str, Any]] = []
    for name, faces in kit.dice.items():
        if name not in kit.hidden_dice:
            out.append({"name": name, "faces": list(faces), "last": state.dice.get(name)})
            continue
        for seat in range(1, state.seats + 1):
            last = state.dice.get(f"{name}:{seat}")
            shown = everything or viewer == seat
            out.append({"name": name, "faces": list(faces), "seat": seat, "last": last if shown else None,
                        "hidden": last is not None and not shown})
    return out


def redact(fact: Fact, seat: int | None) -> Fact:
    if isinstance(fact, f.HiddenDiceRolled) and seat != fact.seat:
        return replace(fact, faces=["" for _ in fact.faces])
    if isinstance(fact, f.CardMoved) and not (fact.up or (seat is not None and seat in fact.seen)):
        hidden_place = fact.origin.startswith(f"{HAND}:") and fact.origin != f"{HAND}:{seat}"  # where it lay in a hand tells which it is
        return replace(fact, card="", **({"index": -1} if hidden_place else {}))
    if isinstance(fact, f.CardPutUnder) and not (seat is not None and seat in fact.seen):
        return replace(fact, card="")
    if isinstance(fact, f.CardsLookedAt) and seat != fact.seat:
        return replace(fact, decided=["" for _ in fact.decided])
    if isinstance(fact, f.ChoiceSealed) and seat != fact.seat:
        return replace(fact, action="", choices={})
    if isinstance(fact, f.ChoicesKept):
        return replace(fact, choices=[choice if choice["seat"] == seat else {"seat": choice["seat"], "action": "", "choices": {}}
                                      for choice in fact.choices])
    return redacted(fact, seat)


def _who(seat: int | None, seats: Sequence[str]) -> str:
    return "The table" if seat is None else seats[seat - 1]


def _names(winners: Sequence[int], seats: Sequence[str]) -> str:
    names = [seats[w - 1] for w in winners]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _zone(name: str, seats: Sequence[str]) -> str:
    """A zone in words: a hand by its holder's name."""
    stem, _, number = name.rpartition(":")
    if stem and number.isdigit() and 1 <= int(number) <= len(seats):
        return f"{seats[int(number) - 1]}'s {stem}"
    return name


def describe(fact: Fact, seats: Sequence[str]) -> str:
    if isinstance(fact, f.KitLaid):
        return f"The table is laid with the kit {fact.title} ({fact.hash[:12]})."
    if isinstance(fact, f.TurnPassed):
        return f"{seats[fact.to - 1]} takes the turn." if fact.seat is None else f"{seats[fact.seat - 1]} passes the turn to {seats[fact.to - 1]}."
    if isinstance(fact, f.PieceMoved):
        where = "off the board" if fact.to == OFF else f"to {fact.to}"
        return f"{seats[fact.seat - 1]} moves {fact.piece} from {fact.origin} {where}."
    if isinstance(fact, f.CardMoved):
        card = fact.card or "a card"
        who, origin, to = _who(fact.seat, seats), _zone(fact.origin, seats), _zone(fact.to, seats)
        face = "face up" if fact.up else "face down"
        return {
            "lay": f"{card} is laid {face} on {to}.",
            "deal": f"{who} deals {card} from {origin} to {to}.",
            "draw": f"{who} draws {card} from {origin}.",
            "play": f"{who} plays {card} {face} to {to}.",
            "discard": f"{who} discards {card} to {to}.",
            "give": f"{who} gives {card} to {to}.",
            "take": f"{who} takes {card} from {origin}.",
            "flip": f"{who} turns over {card} from {origin} {face} onto {to}.",
        }.get(fact.how, f"{who} moves {card} from {origin} to {to}.")
    if isinstance(fact, f.CardPutUnder):
        return f"{seats[fact.seat - 1]} puts {fact.card or 'a card'} under {_zone(fact.to, seats)}."
    if isinstance(fact, f.CardRevealed):
        return f"{seats[fact.seat - 1]} shows everyone {fact.card}."
    if isinstance(fact, f.CardsLookedAt):
        known = [card for card in fact.decided if card]
        return f"{seats[fact.seat - 1]} looks at the top {fact.count} of {_zone(fact.zone, seats)}" + (f" ({', '.join(known)} among them)." if known and len(known) == fact.count else ".")
    if isinstance(fact, f.PileShuffled):
        return f"{seats[fact.seat - 1]} shuffles {_zone(fact.zone, seats)}."
    if isinstance(fact, f.PileGathered):
        return f"{seats[fact.seat - 1]} puts every card of {_zone(fact.origin, seats)} onto {_zone(fact.to, seats)}."
    if isinstance(fact, f.PileSlidUnder):
        return f"{seats[fact.seat - 1]} puts every card of {_zone(fact.origin, seats)} under {_zone(fact.to, seats)}."
    if isinstance(fact, f.PileShuffledIn):
        return f"{seats[fact.seat - 1]} shuffles every card of {_zone(fact.origin, seats)} into {_zone(fact.to, seats)}."
    if isinstance(fact, f.HiddenDiceRolled):
        if all(face == "" for face in fact.faces):
            return f"{seats[fact.seat - 1]} rolls {fact.die} behind a screen."
        return f"{seats[fact.seat - 1]} rolls {fact.die} behind a screen: {', '.join(str(face) for face in fact.faces)}."
    if isinstance(fact, f.DiceRolled):
        return f"{seats[fact.seat - 1]} rolls {fact.die}: {', '.join(str(face) for face in fact.faces)}."
    if isinstance(fact, f.PrivateCounterChanged) and fact.value is None:
        return f"{seats[fact.seat - 1]} changes {_zone(fact.counter, seats)} (private)."
    if isinstance(fact, f.CounterChanged):
        how = f"sets {_zone(fact.counter, seats)} to {fact.value}" if fact.by is None else f"{'adds' if fact.by >= 0 else 'takes'} {abs(fact.by)} {'to' if fact.by >= 0 else 'from'} {_zone(fact.counter, seats)} ({fact.value})"
        return f"{seats[fact.seat - 1]} {how}."
    if isinstance(fact, f.PhaseBegun):
        return f"{seats[fact.seat - 1]} goes on to the {fact.phase} phase."
    if isinstance(fact, f.AnswerAsked):
        return f"{seats[fact.seat - 1]} asks {seats[fact.to - 1]} to answer."
    if isinstance(fact, f.ChoiceSealed):
        chose = f": {_choice(fact.action, fact.choices)}" if fact.action else ""
        return f"{seats[fact.seat - 1]} chooses in secret{chose}."
    if isinstance(fact, f.ChoicesRevealed):
        shown = "; ".join(f"{seats[choice['seat'] - 1]}: {_choice(choice['action'], choice['choices'])}" for choice in fact.choices)
        return f"The secret choices are shown: {shown}."
    if isinstance(fact, f.ChoicesKept):
        told = "" if fact.shown is None else f" The table is told: {json.dumps(fact.shown, ensure_ascii=False)}."
        known = "; ".join(f"{seats[choice['seat'] - 1]}: {_choice(choice['action'], choice['choices'])}" for choice in fact.choices if choice["action"])
        return "The secret choices are carried out and stay secret" + (f" ({known})" if known else "") + "." + told
    if isinstance(fact, f.EndProposed):
        result = "a draw" if not fact.winners else f"{_names(fact.winners, seats)} {'wins' if len(fact.winners) == 1 else 'win'}"
        return f"{seats[fact.seat - 1]} proposes to end the game: {result}" + (f" ({fact.reason})." if fact.reason else ".")
    if isinstance(fact, f.EndAgreed):
        return f"{seats[fact.seat - 1]} agrees."
    if isinstance(fact, f.EndRefused):
        return f"{seats[fact.seat - 1]} refuses: the game goes on."
    if isinstance(fact, f.GameEnded):
        result = "a draw" if not fact.winners else f"{_names(fact.winners, seats)} {'wins' if len(fact.winners) == 1 else 'win'}"
        scores = scores_in_words(fact.scores, seats)
        return f"The game is over: {result}" + (f" ({fact.reason})." if fact.reason else ".") + (f" Scores: {scores}." if scores else "")
    return type(fact).__name__


def _choice(action: str, choices: dict[str, Any]) -> str:
    return command_label({"type": "act", "action": action, **choices})


def seat_numbers(state: State) -> dict[int, dict[str, float]]:
    """Each seat's counters, for charts."""
    out: dict[int, dict[str, float]] = {seat: {} for seat in range(1, state.seats + 1)}
    for counter in public_numbers(kit_of(state).counters(state.seats, state.parameters), state.winners is not None):
        if counter.seat is not None:
            out[counter.seat][counter.name if counter.index is None else f"{counter.name}[{counter.index}]"] = state.counters[counter.key]
    return out


def command_label(command: dict[str, Any]) -> str:
    """A command in a few words, for menus: ``move pawn-1 to 14``, ``add 1 to money:2``."""
    kind, get = command["type"], command.get
    count = get("count", 1)
    labels = {
        "move": lambda: f"move {get('piece')} " + ("off the board" if get("to") == OFF else f"to {get('to')}"),
        "draw": lambda: f"draw {get('card')} from {get('from')}" if "card" in command else f"draw from {get('from')}",
        "deal": lambda: f"deal {count} each from {get('from')}",
        "play": lambda: f"play {get('card')} to {get('to')}" + (f" face {get('face')}" if "face" in command else ""),
        "discard": lambda: f"discard {get('card')} to {get('to')}",
        "give": lambda: f"give {get('card')} to seat {get('seat')}",
        "reveal": lambda: f"reveal {get('card')}",
        "look": lambda: f"look at the top {count} of {get('zone')}",
        "shuffle": lambda: f"shuffle {get('zone')}",
        "gather": lambda: f"gather {get('from')} onto {get('to')}",
        "flip": lambda: f"turn over the top of {get('from')}" + (f" onto {get('to')}" if "to" in command else ""),
        "roll": lambda: f"roll {get('die')}" + (f" ×{count}" if count != 1 else ""),
        "add": lambda: f"add {get('amount')} to {get('counter')}" if get("amount", 0) >= 0 else f"take {-get('amount')} from {get('counter')}",
        "set": lambda: f"set {get('counter')} to {get('value')}",
        "pass": lambda: f"pass the turn to seat {get('to')}" if "to" in command else "pass the turn",
        "end": lambda: "propose the end: " + (f"seat {', '.join(map(str, get('winners')))} win{'s' if len(get('winners')) == 1 else ''}"
                                               if get("winners") else "a draw"),
        "agree": lambda: "agree to the end",
        "refuse": lambda: "refuse the end",
        "act": lambda: " ".join([str(get("action"))] + [f"{key} {get(key)}" for key in ("player", "give", "take", "card", "from", "to",
                                                                                                 "space", "number", "count", "face")
                                                         if key in command]),
    }
    return labels[kind]() if kind in labels else kind
