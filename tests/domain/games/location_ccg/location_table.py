"""Tables for Location CCG scenario tests: a game after setup, in a step of a turn, changed to fit the
scenario, a loaded rng, and one-line helpers to play a command::

    state = table(hands=[["sniper"], []], banks=[["sniper", "sniper"], []])
    facts, after = act(state, 1, {"type": "draw"}, "fixer")

The three locations in play are Docks (place 1, Skl 1, VP 3, placed by seat 1), Casino (place 2, Skl 2,
VP 3, placed by seat 2) and Downtown (place 3, Skl 2, VP 2, placed by seat 1); their indexes in the
state (and in facts) are 0, 1, 2. Seat 1 is the active player unless ``current`` says otherwise, in
the step ``phase`` (``production`` with 3 points by default). Cards in play are given as
``{"uid": (card, owner)}`` or ``{"uid": (card, owner, at)}`` with ``at`` ``"hq"`` or a location
index; ``damage``, ``wounds``, ``modifiers`` and ``boost`` change them after. With a designer's pool
(the option ``card_pool``) the locations are its own, placed in the same order: seat 1's first, seat 2's
first, seat 1's second.
"""

from __future__ import annotations

from scenarios import Loaded, act_with, kinds, refuse_with  # noqa: F401 - Loaded and kinds are the tests' too

from domain.games.location_ccg import RULESET as RULES
from domain.games.location_ccg.facts import LocationPlaced, TableSetUp
from domain.games.location_ccg.state import State

SEATS = ["Ann", "Ben"]
DOCKS, CASINO, DOWNTOWN = 0, 1, 2


def setup_state(options=None, first: int = 1) -> State:
    """The table right after ``setup``: the first player chooses a location."""
    state = RULES.new_state(2, RULES.resolve_options(options or {}))
    for fact in RULES.setup(state, Loaded(first)):
        state = RULES.evolve(state, fact)
    return state


def table(*, options=None, first: int = 2, current: int = 1, turn: int = 1, phase: str = "production",
          production: int = 3, hands=None, banks=None, decks=None, bottoms=None, discards=None, voids=None,
          in_play=None, damage=None, wounds=None, modifiers=None, boost=None, mission=None, tokens=None,
          won=None, priority: int | None = None, used=None) -> State:
    """The table in ``phase`` of ``current``'s turn ``turn`` (seat 2 chose locations first, so seat 1
    has the first turn). Each seat's hand, bank, deck, bottom, discard and void pile are as given
    (lists, seat 1 first; a deck not given is the demo deck less the hand), empty otherwise.

    - ``in_play``: ``{"1": ("sniper", 1), "2": ("colossus", 2, 0)}``; ``damage``, ``wounds``:
      ``{uid: n}``; ``modifiers``: ``{uid: [card, ...]}``; ``boost``: ``{uid: [a, d, s]}``;
      ``used``: uids whose ability was used this turn;
    - ``mission``: the mission dict (``location``, ``attackers``, ``defenders``, ``pairs``, ``gangs``:
      missing keys empty); ``tokens``: ``{index: {seat: n}}``; ``won``: ``{index: seat}``;
    - ``priority``: who acts in a step that is not the active player's (defenders, pairing, tricks).
    """
    state = RULES.new_state(2, RULES.resolve_options(options or {}))
    brought = [list(triple) for triple in state.pool.brought]  # the demo's: as above
    state = RULES.evolve(state, TableSetUp(first=first, brought=brought))
    for seat, location in ((1, brought[0][0]), (2, brought[1][0]), (1, brought[0][1])):
        state = RULES.evolve(state, LocationPlaced(seat=seat, location=location))
    state = state.copy()
    for seat in (1, 2):
        player = state.player(seat)
        hand = list((hands or [[], []])[seat - 1])
        deck = list(player["deck"])
        for card in hand:
            if card in deck:
                deck.remove(card)
        player["hand"] = hand
        player["deck"] = sorted(decks[seat - 1]) if decks and decks[seat - 1] is not None else deck
        for key, given in (("bank", banks), ("bottom", bottoms), ("discard", discards), ("void", voids)):
            player[key] = list(given[seat - 1]) if given else []
    for uid, spec in (in_play or {}).items():
        card, owner, at = (*spec, "hq")[:3]
        state.in_play[uid] = {"uid": uid, "card": card, "owner": owner, "at": at, "damage": 0, "wounds": 0,
                              "modifiers": [], "boost": [0, 0, 0], "used": 0}
        state.next_uid = max(state.next_uid, int(uid) + 1)
    for key, given in (("damage", damage), ("wounds", wounds), ("modifiers", modifiers), ("boost", boost)):
        for uid, value in (given or {}).items():
            state.in_play[uid][key] = list(value) if isinstance(value, list) else value
    for uid in used or []:
        state.in_play[uid]["used"] = turn
    if mission is not None:
        state.mission = {"attackers": [], "defenders": [], "pairs": [], "gangs": {}, **mission}
    for index, by_seat in (tokens or {}).items():
        for seat, n in by_seat.items():
            state.locations[index]["tokens"][str(seat)] = n
    for index, seat in (won or {}).items():
        state.locations[index]["won_by"] = seat
    state.current, state.turn, state.phase = current, turn, phase
    state.priority = current if priority is None else priority
    state.production = production if phase == "production" else 0
    state.attacked = mission is not None
    return state


def act(state: State, seat: int, command: dict, *outcomes):
    """Decide and apply one command with exactly the given random outcomes; the facts and the state after."""
    return act_with(RULES, state, seat, command, *outcomes)


def refuse(state: State, seat: int, command: dict):
    """Decide a command that must be refused (pair with ``pytest.raises``)."""
    return refuse_with(RULES, state, seat, command)


def of(facts, kind: str) -> list:
    """The facts of one type."""
    return [fact for fact in facts if type(fact).__name__ == kind]
