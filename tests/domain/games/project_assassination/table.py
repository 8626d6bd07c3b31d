"""Tables for Project Assassination scenario tests: a state built from the default layout, changed
to fit the scenario, and one-line helpers to play a command on it.

``table()`` is the board right after setup with seat 1 as Player 1 on d1 and seat 2 on d7, on the
third turn (so drawing is allowed), seat 1 to play, no actions spent::

    state = table(enemies=[enemy("heavy", "d4")], obstacles=[], cards={})
    state.player(1).update(square="c4", hp=7)
    facts, after = act(state, 1, {"type": "move", "to": "c5"})

Its decks hold the cards a test lists (a few of each kind by default). A deck has no order under the
rules (a card is chosen when it is drawn), but the tests stack it: ``Stacked``, the rng ``act`` uses,
draws the first card still listed, and flips the coins the test names, in turn. ``ordered=True`` sets
the table as rules v1 did instead, the decks in the order listed (``TableSetUp``).
"""

from __future__ import annotations

import pytest

from domain.engine.errors import IllegalCommand
from domain.games.project_assassination import RULESET as RULES
from domain.games.project_assassination.cards import COIN, ENEMY_CARDS
from domain.games.project_assassination.facts import TableLaid, TableSetUp, TurnStarted
from domain.games.project_assassination.state import State

ITEMS = ["obstacle", "strategy", "ambush", "cover", "obstacle"]
COLLECTIBLES = ["uzi", "boots", "health_pack", "shotgun", "sight"]
ENEMY_DECK = ["heavy", "medic", "boss", "heavy", "medic"]


class Stacked:
    """The rng of a scenario: each coin flip comes out as the test names, in turn; each card drawn is
    the first one still listed in its deck, as though the test had stacked the deck. Every choice
    must come with the question a table game would be asked."""

    def __init__(self, *coins: str) -> None:
        self.coins = list(coins)

    def choice(self, options, ask="", seat=None):
        assert ask.endswith("?") and "{seat}" in ask and seat in (1, 2), f"no question for a choice among {options!r}"
        if tuple(options) != COIN:
            return options[0]
        assert self.coins, f"an unexpected coin flip: {ask}"
        coin = self.coins.pop(0)
        assert coin in COIN, f"{coin!r} is not a side of the coin"
        return coin

    def shuffled(self, items):
        return list(items)


Coin = Stacked
"""The same rng under the name the setup tests give it: ``set_up(rng=Coin("tails"))``."""


def enemy(kind: str, square: str, hp: int | None = None, caged_by: int = 0, paralysed_by: int = 0) -> dict:
    return {"kind": kind, "square": square, "hp": ENEMY_CARDS[kind].hp if hp is None else hp,
            "caged_by": caged_by, "paralysed_by": paralysed_by}


def weapon(card: str, sight: bool = False, muzzle: bool = False) -> dict:
    return {"card": card, "sight": sight, "muzzle": muzzle}


def table(*, first: int = 1, enemies=None, obstacles=None, cards=None, item_deck=None, collectible_deck=None,
          enemy_deck=None, turns: int = 3, current: int | None = None, round_limit: int = 40, options=None,
          ordered: bool = False) -> State:
    """The default board after setup (presets in place unless replaced), ``current`` on turn, the
    decks holding the cards listed (stacked in that order for ``Stacked``; recorded so, rules v1, if
    ``ordered``)."""
    state = RULES.new_state(2, RULES.resolve_options({"round_limit": round_limit, **(options or {})}))
    coin = "heads" if first == 1 else "tails"
    decks = {
        "item_deck": list(ITEMS if item_deck is None else item_deck),
        "collectible_deck": list(COLLECTIBLES if collectible_deck is None else collectible_deck),
        "enemy_deck": list(ENEMY_DECK if enemy_deck is None else enemy_deck),
    }
    if ordered:
        state = RULES.evolve(state, TableSetUp(call="heads", coin=coin, first=first, **decks))
    else:
        state = RULES.evolve(state, TableLaid(call="heads", coin=coin, first=first))
        state.item_deck, state.collectible_deck, state.enemy_deck = decks.values()
    seat = current or first
    state = RULES.evolve(state, TurnStarted(seat=seat, round=2))
    state.turns = turns
    if enemies is not None:
        state.enemies = [dict(e) for e in enemies]
    if obstacles is not None:
        state.obstacles = list(obstacles)
    if cards is not None:
        state.cards = {square: list(c) for square, c in cards.items()}
    return state


def act(state: State, seat: int, command: dict, *coins: str):
    """Decide and apply one command (``coins``: the coin flips it will make); returns (facts, new state)."""
    RULES.check_command(command)
    assert seat in RULES.to_act(state), f"seat {seat} is not asked to act"
    facts = RULES.decide(state, seat, command, Stacked(*coins))
    for fact in facts:
        state = RULES.evolve(state, fact)
    return facts, state


def refused(state: State, seat: int, command: dict) -> str:
    """The reason a command is refused (failing the test if it is accepted); checks it is not listed as legal."""
    RULES.check_command(command)
    with pytest.raises(IllegalCommand) as refusal:
        RULES.decide(state, seat, command, Stacked())
    assert command not in RULES.legal_commands(state, seat)
    return str(refusal.value)


def of_type(facts, kind):
    """The facts of one type, in order."""
    return [fact for fact in facts if isinstance(fact, kind)]
