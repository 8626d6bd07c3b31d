"""The table of a kit game: JSON-native, with the kit it is played by, and how each fact changes it.

``zones`` maps a zone's name to ``{"cards": [...], "pool": [...]}``: ``cards`` are the placed cards,
the top one last, each ``{"card": name, "up": face up?, "seen": [seats that know it face down]}``;
``pool`` holds, by name in sorted order, the face-down cards whose order is not decided yet (a
shuffled pile): they lie under the placed cards, and one is chosen when it is drawn, looked at or
turned over. A pile with cards put under it (``CardPutUnder``) says how many: ``"under": n``, the first
``n`` of ``cards`` lying below the pool (the key is there only while there are some). ``counters`` maps a counter's key (``money:1``, ``round``) to its value;
a kit with rules keeps two more there, never shown as counters: ``PHASE``, the index of the turn's phase once
it has left the first, and ``ASKER``, the seat whose turn it is while another answers out of turn. Both go
when the turn passes. In a turn taken together, each seat's secret choice is kept among ``dice``, under the
reserved key ``SEALED`` and the seat (``:sealed:2``), until the choices are revealed; it is never shown as a die.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from mypy_extensions import mypyc_attr

from domain.engine.chain import LIMITS_CHAINED
from domain.engine.facts import Fact
from domain.games.table_kit.board.kit_kept import BESIDE_FIELDS, noted_move
from domain.games.table_kit.reading.kit import Kit
from domain.games.table_kit.vocabulary import facts as f
from domain.games.table_kit.vocabulary.layout import ASKER, PHASE, SEALED


@mypyc_attr(native_class=False)  # a plain class even where the engine runs compiled: its copies are made by its ``__dict__``
@dataclass
class State:
    kit: dict[str, Any]
    kit_hash: str
    seats: int
    turn: int = 0
    """The seat to act (0 before setup)."""
    turns: int = 0
    """Turns begun."""
    pieces: dict[str, str] = field(default_factory=dict)
    zones: dict[str, dict[str, Any]] = field(default_factory=dict)
    counters: dict[str, int] = field(default_factory=dict)
    dice: dict[str, list[Any]] = field(default_factory=dict)
    """Each die's last roll (a hidden die's, each seat's: ``cup:2``)."""
    proposal: dict[str, Any] | None = None
    """A proposed end waiting for the other seats: ``{"by", "winners", "reason", "agreed": [seats]}``."""
    winners: list[int] | None = None
    """Set when the game is over (empty: a draw)."""
    reason: str = ""
    at_limit: bool = False
    """Whether the kit's turn limit stopped the game (``kit_rules``)."""
    parameters: dict[str, Any] = field(default_factory=dict)
    """The values of the kit's parameters in this game (kit 2: ``kit_parameters.parameter_values``)."""
    scores: list[int] | None = None
    """Each seat's score once the game is over, where the kit's ending counted them (``GameEnded.scores``)."""

    def __getstate__(self) -> dict[str, Any]:
        """The table's fields alone, for a copy or a pickle: the board the rules keep beside them (``table_board``)
        is theirs to work out again."""
        return {key: value for key, value in self.__dict__.items() if key not in BESIDE_FIELDS}


# Which fields a game hashes only from a later chain version (``domain.engine.chain``): class attributes set here,
# not in the class's body, which the engine compiled would read as fields of the dataclass.
setattr(State, "chained_since", {"at_limit": LIMITS_CHAINED, "parameters": LIMITS_CHAINED})  # noqa: B010
setattr(State, "chained_when_given", ("scores",))  # noqa: B010


_KITS: dict[str, Kit] = {}
_TABLES: dict[tuple[str, str, int], Kit] = {}
"""A kit whose board follows its parameters and seats, as each table (its hash, values and seats) plays it."""
_last_table: tuple[str, Any, int, Any] = ("", None, 0, None)
"""The kit hash, parameters (the very dict: a table's parameters are never changed in place) and seats of the
last table ``kit_of`` found for a kit whose board is sized, and that table: found again without writing the
parameters out."""


def _with(state: State, **changes: Any) -> State:
    """A copy of the table with ``changes`` (``dataclasses.replace`` without its ``__init__``: evolve's hot path)."""
    found = object.__new__(State)
    table = state.__dict__.copy()
    table.update(changes)
    found.__dict__ = table
    return found


def kit_of(state: State) -> Kit:
    """The state's kit, built once for each content: as this table plays it, where its board's sizes follow the
    parameters and seats (``Kit.at_table``)."""
    found = _KITS.get(state.kit_hash)
    if found is None:
        found = _KITS.setdefault(state.kit_hash, Kit.of(state.kit))
    if not found.board_sized:
        return found
    global _last_table
    hash_, parameters, seats, table = _last_table
    if hash_ == state.kit_hash and parameters is state.parameters and seats == state.seats:
        return table  # the same game's tables share their parameters: every fact leaves them as they were
    key = (state.kit_hash, json.dumps(state.parameters, sort_keys=True), state.seats)
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) >= 256:
            _TABLES.clear()  # kept for the tables in play, never growing past a bound
        table = _TABLES.setdefault(key, Kit.at_table(state.kit, state.parameters, state.seats))
    _last_table = (state.kit_hash, state.parameters, state.seats, table)
    return table


def sees(entry: dict[str, Any], seat: int | None) -> bool:
    """Whether a seat (``None``: a spectator) may see a placed card."""
    return entry["up"] or (seat is not None and seat in entry["seen"])


def _zones(state: State, *names: str) -> dict[str, dict[str, Any]]:
    """A copy of the zones with the named ones copied as deep as ``evolve`` changes them: the zone, its list of
    cards and its pool. Each card's entry is shared with the table before: it is never changed in place, but
    replaced by a new one where a fact changes it (``_seen_by``)."""
    zones = dict(state.zones)
    for name in names:
        zone = zones[name]
        zones[name] = {**zone, "cards": list(zone["cards"]), "pool": list(zone["pool"])}
    return zones


def _seen_by(entry: dict[str, Any], seen: list[int]) -> dict[str, Any]:
    """A placed card's entry, now known face down to ``seen`` (a new entry: the old one is the table's before)."""
    return {**entry, "seen": seen}


def _take(zone: dict[str, Any], index: int) -> dict[str, Any]:
    """The placed card at ``index`` taken from the zone (one of those put under the pool counted out)."""
    under = zone.get("under", 0)
    if index < under:
        if under == 1:
            del zone["under"]
        else:
            zone["under"] = under - 1
    return zone["cards"].pop(index)


def evolve(state: State, fact: Fact) -> State:
    """The state after the fact; the given state is left as it was. Only what the fact changes is copied (a
    counter's change copies the counters, a card's move the two zones' lists); the rest is shared. The same
    table and fact, met again, give the table they gave (``_EVOLVED``)."""
    key = id(fact)
    known = _EVOLVED.get(key)
    if known is not None and known[1] is fact and known[0] is state:
        return known[2]
    found = _EVOLVE.get(type(fact))
    if found is None:
        found = _EVOLVE[type(fact)] = next((_EVOLVE[kind] for kind in type(fact).__mro__ if kind in _EVOLVE), _unchanged)
    after = found(state, fact)
    if len(_EVOLVED) >= 64:
        _EVOLVED.clear()
    _EVOLVED[key] = (state, fact, after)
    return after


_EVOLVED: dict[int, tuple[State, Fact, State]] = {}
"""The last tables made, by the fact they were made from, with the table it was applied to (both kept, so their ids
stay theirs; a fact applied to another table is applied afresh, and kept in its place):
the facts a kit's rules decide are applied as they are made (``kit_steps``), then applied again by whoever
records them, and a table is never changed once made, so the second time finds the first's table."""


def _unchanged(state: State, fact: Fact) -> State:
    return state  # KitLaid: the kit is in the state from the start


def _turn_passed(state: State, fact: f.TurnPassed) -> State:
    if PHASE in state.counters or ASKER in state.counters:  # a new turn: its first phase, nobody asked
        counters = state.counters.copy()  # the others in their order, copied without a loop over them
        counters.pop(PHASE, None)
        counters.pop(ASKER, None)
        return _with(state, turn=fact.to, turns=state.turns + 1, counters=counters)
    return _with(state, turn=fact.to, turns=state.turns + 1)


def _piece_moved(state: State, fact: f.PieceMoved) -> State:
    pieces = {**state.pieces, fact.piece: fact.to}
    # the board kept beside the fields let go, and the move noted to carry it over (``kit_kept.BESIDE_FIELDS``)
    return _with(state, pieces=pieces, _board=None, _moved=noted_move(state.__dict__, pieces, fact.piece, fact.to))



def _card_put_under(state: State, fact: f.CardPutUnder) -> State:
    zones = _zones(state, fact.origin, fact.to)
    seen = _take(zones[fact.origin], fact.index)["seen"]
    pile = zones[fact.to]
    pile["cards"].insert(0, {"card": fact.card, "up": False, "seen": sorted(set(seen) | set(fact.seen))})
    pile["under"] = pile.get("under", 0) + 1
    return _with(state, zones=zones)


def _card_moved(state: State, fact: f.CardMoved) -> State:
    zones = _zones(state, fact.origin, fact.to)
    origin = zones[fact.origin]
    if fact.index < 0:
        origin["pool"].remove(fact.card)
        seen: list[int] = []
    else:
        seen = _take(origin, fact.index)["seen"]
    zones[fact.to]["cards"].append({"card": fact.card, "up": fact.up, "seen": sorted(set(seen) | set(fact.seen))})
    return _with(state, zones=zones)


def _card_revealed(state: State, fact: f.CardRevealed) -> State:
    zones = _zones(state, fact.zone)
    cards = zones[fact.zone]["cards"]
    cards[fact.index] = _seen_by(cards[fact.index], list(range(1, state.seats + 1)))
    return _with(state, zones=zones)


def _cards_looked_at(state: State, fact: f.CardsLookedAt) -> State:
    zones = _zones(state, fact.zone)
    zone = zones[fact.zone]
    for card in fact.decided:
        zone["pool"].remove(card)
    above = zone.get("under", 0)  # decided cards lie where the pool was: above any put under it
    cards = zone["cards"]
    cards[above:above] = [{"card": card, "up": False, "seen": []} for card in fact.decided]
    for index in range(len(cards))[-fact.count:]:
        cards[index] = _seen_by(cards[index], sorted(set(cards[index]["seen"]) | {fact.seat}))
    return _with(state, zones=zones)


def _pile_shuffled(state: State, fact: f.PileShuffled) -> State:
    zones = _zones(state, fact.zone)
    zone = zones[fact.zone]
    zone["pool"] = sorted(zone["pool"] + [entry["card"] for entry in zone["cards"]])
    zone["cards"] = []
    zone.pop("under", None)
    return _with(state, zones=zones)


def _pile_gathered(state: State, fact: f.PileGathered) -> State:
    zones = _zones(state, fact.origin, fact.to)
    origin, to = zones[fact.origin], zones[fact.to]
    face_down = kit_of(state).zone_shows(fact.to, state.seats) == "face-down"
    to["cards"] += _turned_down(origin["cards"], state.seats) if face_down else origin["cards"]
    to["pool"] = sorted(to["pool"] + origin["pool"])
    zones[fact.origin] = {"cards": [], "pool": []}
    return _with(state, zones=zones)


def _pile_slid_under(state: State, fact: f.PileSlidUnder) -> State:
    zones = _zones(state, fact.origin, fact.to)
    origin, to = zones[fact.origin], zones[fact.to]
    below = _turned_down(origin["cards"], state.seats)
    to["cards"][0:0] = below
    if below:
        to["under"] = to.get("under", 0) + len(below)
    to["pool"] = sorted(to["pool"] + origin["pool"])
    zones[fact.origin] = {"cards": [], "pool": []}
    return _with(state, zones=zones)


def _pile_shuffled_in(state: State, fact: f.PileShuffledIn) -> State:
    zones = _zones(state, fact.origin, fact.to)
    origin, to = zones[fact.origin], zones[fact.to]
    to["pool"] = sorted(to["pool"] + origin["pool"] + [entry["card"] for entry in origin["cards"]])
    zones[fact.origin] = {"cards": [], "pool": []}
    return _with(state, zones=zones)


def _end_agreed(state: State, fact: f.EndAgreed) -> State:
    if state.proposal is None:
        return state
    return _with(state, proposal={**state.proposal, "agreed": sorted({*state.proposal["agreed"], fact.seat})})


def _game_ended(state: State, fact: f.GameEnded) -> State:
    ended = _with(state, winners=list(fact.winners), reason=fact.reason, at_limit=fact.at_limit, turn=0, proposal=None)
    return ended if fact.scores is None else _with(ended, scores=list(fact.scores))


_EVOLVE: dict[type, Any] = {
    f.TurnPassed: _turn_passed, f.PieceMoved: _piece_moved, f.CardPutUnder: _card_put_under, f.CardMoved: _card_moved,
    f.CardRevealed: _card_revealed, f.CardsLookedAt: _cards_looked_at, f.PileShuffled: _pile_shuffled,
    f.PileGathered: _pile_gathered, f.PileSlidUnder: _pile_slid_under, f.PileShuffledIn: _pile_shuffled_in,
    f.DiceRolled: lambda state, fact: _with(state, dice={**state.dice, fact.die: list(fact.faces)}),
    f.HiddenDiceRolled: lambda state, fact: _with(state, dice={**state.dice, f"{fact.die}:{fact.seat}": list(fact.faces)}),
    f.CounterChanged: lambda state, fact: _with(state, counters={**state.counters, fact.counter: fact.value}),
    f.PhaseBegun: lambda state, fact: _with(state, counters={**state.counters, PHASE: _phases(state).index(fact.phase)}),
    f.AnswerAsked: lambda state, fact: _with(state, turn=fact.to, counters={**state.counters, ASKER: state.counters.get(ASKER, state.turn)}),
    f.ChoiceSealed: lambda state, fact: _with(state, dice={**state.dice, f"{SEALED}{fact.seat}": [{"action": fact.action, "choices": dict(fact.choices)}]}),
    f.ChoicesRevealed: lambda state, fact: _with(state, dice={key: faces for key, faces in state.dice.items() if not key.startswith(SEALED)}),
    f.EndProposed: lambda state, fact: _with(state, proposal={"by": fact.seat, "winners": list(fact.winners), "reason": fact.reason, "agreed": [fact.seat]}),
    f.EndAgreed: _end_agreed, f.EndRefused: lambda state, fact: _with(state, proposal=None), f.GameEnded: _game_ended,
}
"""How each fact changes the table, by its class (a subclass as its first listed ancestor: a private counter's
change as a counter's); a fact not listed (``KitLaid``) changes nothing."""
_EVOLVE[f.ChoicesKept] = _EVOLVE[f.ChoicesRevealed]


def _phases(state: State) -> list[str]:
    """The phases of a turn in the table's kit (a phase begins only in a kit with rules that has them)."""
    rules = kit_of(state).rules
    assert rules is not None
    return rules.phases


def _turned_down(cards: list[dict[str, Any]], seats: int) -> list[dict[str, Any]]:
    """Cards as they lie once put face down on a pile: a face-up one turned down, every seat having seen it."""
    everyone = list(range(1, seats + 1))
    return [entry if not entry["up"] else {"card": entry["card"], "up": False, "seen": everyone} for entry in cards]
