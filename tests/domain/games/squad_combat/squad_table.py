"""Tables for Squad Combat scenario tests: a game right after setup (the first player's action phase),
changed to fit the scenario, a loaded rng, and a one-line helper to play a command::

    state = table(hands=[["strike"], ["dodge"]], dice={(1, 1): [3, 5]})
    facts, after = act(state, 1, {"type": "play", "card": "strike", "performer": 1, "target": [2, 1]})

Seat 1 plays the red squad (Bruiser, Marksman, Medic), seat 2 the blue one (Jimbo, Duelist, Captain),
seats 3 and 4 red and blue again, unless ``options["squads"]`` says otherwise. A character is
``(seat, place)``; the facts name it ``[seat, place, id]`` (``ref``).
"""

from __future__ import annotations

from scenarios import Loaded, act_with, kinds, refuse_with  # noqa: F401 - Loaded and kinds are the tests' too

from domain.games.squad_combat import RULESET as RULES
from domain.games.squad_combat.facts import DiceSet, PhaseStarted, TableSetUp
from domain.games.squad_combat.state import State

SEATS = ["Ann", "Ben", "Cy", "Dee"]
RED = ["bruiser", "marksman", "medic"]
BLUE = ["jimbo", "duelist", "captain"]
DEFAULT_DICE = [2, 4, 6]
"""Every character's dice unless a test gives its own (a die for each cost of the demo set)."""


def ref(state: State, seat: int, place: int) -> list:
    """How facts name a character: ``[seat, place, id]``."""
    return [seat, place, state.player(seat)["characters"][place - 1]["id"]]


def table(seats: int = 2, *, options=None, squads=None, first: int = 1, current: int | None = None, turn: int = 1,
          dice=None, hands=None, burden=None, wounds=None, dead=(), passed=(), out=(), decks=None,
          discards=None) -> State:
    """The table after setup, ``current`` (the first player by default) in its action phase of
    ``turn``; seat 1 red, seat 2 blue (or ``squads``, or the option); every character holds
    ``DEFAULT_DICE`` and nothing else unless given:

    - ``dice``, ``burden``: ``{(seat, place): value}``;
    - ``wounds``: ``{(seat, place): [(card, damage, owner), ...]}``;
    - ``hands``: each seat's hand (taken out of its deck), seat 1 first; ``decks`` / ``discards``:
      each seat's deck and discard pile as given (``None`` in the list: left as it is);
    - ``dead``, ``passed``, ``out``: characters ``(seat, place)`` / seats.
    """
    state = RULES.new_state(seats, RULES.resolve_options(options or {}))
    squads = squads or state.options["squads"] or ["red", "blue", "red", "blue"][:seats]
    state = RULES.evolve(state, TableSetUp(first=first, squads=list(squads)))
    for seat in range(1, seats + 1):
        for place in range(1, 4):
            faces = (dice or {}).get((seat, place), DEFAULT_DICE)
            state = RULES.evolve(state, DiceSet(seat=seat, character=place, dice=list(faces)))
    state = RULES.evolve(state, PhaseStarted(seat=current or first, turn=turn))
    state = state.copy()
    for seat, hand in enumerate(hands or [], 1):
        player = state.player(seat)
        for card in hand:
            player["deck"].remove(card)
        player["hand"] = list(hand)
    for seat, deck in enumerate(decks or [], 1):
        if deck is not None:
            state.player(seat)["deck"] = list(deck)
    for seat, pile in enumerate(discards or [], 1):
        if pile is not None:
            state.player(seat)["discard"] = list(pile)
    for (seat, place), tokens in (burden or {}).items():
        state.character([seat, place])["burden"] = tokens
    for (seat, place), cards in (wounds or {}).items():
        state.character([seat, place])["wounds"] = [{"card": c, "damage": d, "owner": o} for c, d, o in cards]
    for seat, place in dead:
        character = state.character([seat, place])
        character["dead"], character["dice"], character["burden"] = True, [], 0
    for seat in passed:
        state.player(seat)["passed"] = True
    for seat in out:
        state.player(seat)["out"] = True
    return state


def act(state: State, seat: int, command: dict, *outcomes):
    """Decide and apply one command with exactly the given random outcomes; the facts and the state after."""
    return act_with(RULES, state, seat, command, *outcomes)


def refuse(state: State, seat: int, command: dict):
    """Decide a command that must be refused (pair with ``pytest.raises``)."""
    return refuse_with(RULES, state, seat, command)
