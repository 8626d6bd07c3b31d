"""What a seat may do with a kit on its turn: the generic commands, checked against the table, and the
facts each causes. The table keeps the game's own rules; these keep only the table's (a piece goes to a
space there is, a counter stays in its range, an end needs every other seat's agreement). The commands
on cards are ``card_commands``'.
"""

from __future__ import annotations

from domain.engine.commands import Command, CommandShape
from domain.engine.errors import IllegalCommand
from domain.engine.facts import Fact
from domain.engine.randomness import Rng
from domain.games.table_kit.vocabulary import facts as f
from domain.games.table_kit.table.card_commands import CARD_HANDLERS
from domain.games.table_kit.reading.kit import Kit
from domain.games.table_kit.vocabulary.layout import OFF
from domain.games.table_kit.table.state import State, kit_of

_TEXT = {"type": ["string", "integer"], "minLength": 1, "maxLength": 60, "minimum": 0}
"""A name: of a space, piece, zone, card, die or counter (a number names a track's space: ``14`` is ``"14"``)."""
NAMES = ("piece", "to", "from", "card", "zone", "die", "counter")
SHAPES = (
    CommandShape("move", "Move a piece to a space (or 'off' the board).", {"piece": _TEXT, "to": _TEXT}, ("piece", "to")),
    CommandShape("draw", "Take a card into your hand: the top one, or the one named from a face-up zone.",
                 {"from": _TEXT, "card": _TEXT}, ("from",)),
    CommandShape("deal", "Deal cards from a zone to every seat's hand, seat 1 first.",
                 {"from": _TEXT, "count": {"type": "integer", "minimum": 1, "maximum": 20}}, ("from",)),
    CommandShape("play", "Put a card from your hand into a zone, face up unless you say down (a face-down zone takes it down); "
                 "under: true puts it under a face-down pile, below the cards not yet drawn.",
                 {"card": _TEXT, "to": _TEXT, "face": {"enum": ["up", "down"]}, "under": {"type": "boolean"}}, ("card", "to")),
    CommandShape("discard", "Put a card from your hand into a zone (not counted as played); under: true puts it under a face-down pile.",
                 {"card": _TEXT, "to": _TEXT, "under": {"type": "boolean"}}, ("card", "to")),
    CommandShape("give", "Give a card from your hand to another seat's hand (only the two of you see it).",
                 {"card": _TEXT, "seat": {"type": "integer", "minimum": 1, "maximum": 8}}, ("card", "seat")),
    CommandShape("reveal", "Show everyone a card from your hand; it stays there.", {"card": _TEXT}, ("card",)),
    CommandShape("look", "Look at the top cards of a zone, alone.", {"zone": _TEXT, "count": {"type": "integer", "minimum": 1, "maximum": 20}}, ("zone",)),
    CommandShape("shuffle", "Shuffle a face-down zone: its order is decided card by card as it is drawn.", {"zone": _TEXT}, ("zone",)),
    CommandShape("gather", "Put every card of a zone onto another: on top (put: top, the default), under a face-down pile "
                 "(put: bottom), or shuffled into its undecided cards (put: shuffled).",
                 {"from": _TEXT, "to": _TEXT, "put": {"enum": ["top", "bottom", "shuffled"]}}, ("from", "to")),
    CommandShape("flip", "Turn over the top card of a zone, onto another zone or where it lies.", {"from": _TEXT, "to": _TEXT}, ("from",)),
    CommandShape("roll", "Roll a die, or several of it.", {"die": _TEXT, "count": {"type": "integer", "minimum": 1, "maximum": 10}}, ("die",)),
    CommandShape("set", "Set a counter.", {"counter": _TEXT, "value": {"type": "integer"}}, ("counter", "value")),
    CommandShape("add", "Add to a counter (a negative amount takes away).", {"counter": _TEXT, "amount": {"type": "integer"}}, ("counter", "amount")),
    CommandShape("pass", "End your turn: the next seat's, or the one named.", {"to": {"type": "integer", "minimum": 1, "maximum": 8}}),
    CommandShape("agree", "Agree to the proposed end of the game."),
    CommandShape("refuse", "Refuse the proposed end: the game goes on."),
    CommandShape("act", "Take one of the actions of a kit with rules (kit 2's play), naming its choices (a space: from, to, space; a card: card, give, take; a number: number, count, face, player).",
                 {"action": _TEXT, "from": _TEXT, "to": _TEXT, "space": _TEXT, "card": _TEXT, "give": _TEXT, "take": _TEXT,
                  **{name: {"type": "integer"} for name in ("number", "count", "face", "player")}},
                 ("action",)),
    CommandShape("end", "Propose to end the game, naming the winners (none: a draw) and why; every other seat must agree.",
                 {"winners": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 8}, "maxItems": 8, "uniqueItems": True},
                  "reason": {"type": "string", "maxLength": 200}}, ("winners",)),
)


def asked(state: State) -> list[int]:
    """The seats yet to answer a proposed end."""
    if state.proposal is None:
        return []
    return [seat for seat in range(1, state.seats + 1) if seat not in state.proposal["agreed"]]


def _move(kit: Kit, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
    piece, to = command["piece"], command["to"]
    if piece not in state.pieces:
        raise IllegalCommand(f"no piece named {piece!r}; pieces: {', '.join(state.pieces)}")
    if to != OFF and to not in kit.space_set:
        raise IllegalCommand(f"no space named {to!r}")
    if state.pieces[piece] == to:
        raise IllegalCommand(f"{piece} is already on {to}")
    return [f.PieceMoved(seat, piece, state.pieces[piece], to)]


def _roll(kit: Kit, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
    die, count = command["die"], command.get("count", 1)
    if die not in kit.dice:
        raise IllegalCommand(f"no die named {die!r}; dice: {', '.join(kit.dice) or 'none'}")
    return [roll(kit, seat, die, count, rng)]


def roll(kit: Kit, seat: int, die: str, count: int, rng: Rng) -> Fact:
    """The seat's roll of the die (``count`` of it); behind a screen for a hidden die: its faces are the seat's secret."""
    hidden = die in kit.hidden_dice
    faces = [rng.choice(kit.dice[die], f"{{seat}} rolls {die}: which face?", seat, secret=hidden) for _ in range(count)]
    return (f.HiddenDiceRolled if hidden else f.DiceRolled)(seat, die, faces)


def _set_or_add(kit: Kit, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
    kind = command["type"]
    key = command["counter"]
    counter = kit.counter_map(state.seats).get(key)
    if counter is None:
        raise IllegalCommand(f"no counter named {key!r}; counters: {', '.join(state.counters) or 'none'}")
    value = command["value"] if kind == "set" else state.counters[key] + command["amount"]
    if (counter.low is not None and value < counter.low) or (counter.high is not None and value > counter.high):
        raise IllegalCommand(f"{key} ranges {'' if counter.low is None else counter.low}..{'' if counter.high is None else counter.high}; {value} is outside")
    by = None if kind == "set" else command["amount"]
    if counter.private:
        return [f.PrivateCounterChanged(seat, key, value, by, counter.seat)]
    return [f.CounterChanged(seat, key, value, by)]


def _pass(kit: Kit, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
    to = command.get("to", seat % state.seats + 1)
    if not 1 <= to <= state.seats or (to == seat and state.seats > 1):
        raise IllegalCommand(f"pass to another seat, from 1 to {state.seats}")
    return [f.TurnPassed(seat, to)]


def _end(kit: Kit, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
    winners = sorted(command["winners"])
    if any(not 1 <= winner <= state.seats for winner in winners):
        raise IllegalCommand(f"winners are seats from 1 to {state.seats}")
    proposed = f.EndProposed(seat, winners, command.get("reason", ""))
    return [proposed] if state.seats > 1 else [proposed, f.GameEnded(seat, winners, proposed.reason)]


def decide(state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
    """The facts a seat's command causes, or ``IllegalCommand`` saying why the table refuses it."""
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
    handler = HANDLERS.get(kind)
    if handler is None:
        raise IllegalCommand(f"unknown command {kind!r}")
    return handler(kit, state, seat, command, rng)


HANDLERS = {"move": _move, "roll": _roll, "set": _set_or_add, "add": _set_or_add, "pass": _pass, "end": _end, **CARD_HANDLERS}
"""Each generic command's decision, by the command's type (an end's answers are decided above)."""
