"""Seeded random games of every shipped kit play exactly as they did when their digests were recorded: the same
legal commands in the same order, the same facts with the same values, the same tables after each fact, and the
search bot choosing the same commands. A change that makes a kit's play faster must leave all of it as it was.

The digests were recorded from the code before the play was made faster; to see a kit's figures after a change
that is meant to change its play, run ``game_digest`` (and say why in the commit)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from typing import Any

import pytest

from domain.engine import registry
from domain.games.table_kit.rules import KITS, shipped_kit
from domain.thinking.greedy import SimRng
from domain.thinking.search import SearchBot

RULES = registry.get("table-kit")
MOST_COMMANDS = 250
"""The most commands a digested game plays (a kit without rules may go on for ever)."""
SHORTEST = 100
"""The fewest commands a kit's digested games at its fewest seats play together (a game of Kuhn poker is short)."""
SEARCHED = (3, 11)
"""The positions of a game where the search bot chooses, where its seat has a choice."""

DIGESTS = {
    'assassination-game-le': '7d583d18187ee250',
    'breakthrough': '33c29e1da7a1e9a4',
    'connect-four': 'ae30a9d528e6dc72',
    'kuhn-poker': '32dfed26779beb70',
    'liars-dice': '95aa76939d6b3bb4',
    'missions-with-rules': 'ebedcb850d2740cf',
    'missions': '74d4f62fba6564db',
    'pig': '44bf5c8e53c20918',
    'rock-paper-scissors': 'df6a4b019ed781f6',
    'snakes-and-ladders-with-rules': '4cdf288050efce5a',
    'snakes-and-ladders': '69fc8bb17db3b8fa',
    'tic-tac-toe': 'b72abf55b9e32261',
}
"""Each kit's digest (``kit_digest``), as the code before the play was made faster gave them."""


def _table(state: Any) -> str:
    """The table as it stands, all but its kit (the same dict from start to end): its fields, not what the rules keep
    beside them (its board)."""
    return json.dumps({field.name: getattr(state, field.name) for field in dataclasses.fields(state) if field.name != "kit"},
                      sort_keys=True, default=str)


def game_digest(name: str, seats: int, seed: int) -> tuple[str, int]:
    """The digest of one seeded random game of the kit, and the commands it played: each position's seat, legal
    commands and the search bot's choice where it chooses, each fact (its class and fields) and the table after
    it, and the game's outcome."""
    digest = hashlib.sha256()
    source = random.Random(f"unchanged-{name}-{seats}-{seed}")
    rng = SimRng(source)
    state = RULES.new_state(seats, RULES.resolve_options({"kit": shipped_kit(name)}))

    def apply(facts: list[Any]) -> Any:
        table = state
        for fact in facts:
            digest.update(f"{type(fact).__name__}{json.dumps(fact.to_data(), sort_keys=True)}".encode())
            table = RULES.evolve(table, fact)
            digest.update(_table(table).encode())
        return table

    state = apply(RULES.setup(state, rng))
    for number in range(MOST_COMMANDS):
        if RULES.outcome(state) is not None:
            break
        acting = RULES.to_act(state)
        seat = acting[0]
        legal = RULES.legal_commands(state, seat)
        digest.update(json.dumps([acting, legal], sort_keys=True).encode())
        if number in SEARCHED and len(legal) > 1:
            chosen = SearchBot(seed, simulations=24).choose(RULES, state, seat, number)
            digest.update(json.dumps(chosen, sort_keys=True).encode())
        state = apply(RULES.decide(state, seat, legal[source.randrange(len(legal))], rng))
    outcome = RULES.outcome(state)
    digest.update(json.dumps(None if outcome is None else outcome.to_data(), sort_keys=True).encode())
    return digest.hexdigest()[:16], number


def kit_digest(name: str) -> str:
    """The kit's digest, of seeded games at its fewest seats until ``SHORTEST`` commands are played (two at least),
    then one at its most."""
    fewest, most = (shipped_kit(name)["seats"][end] for end in ("fewest", "most"))
    digests, played = [], 0
    while len(digests) < 2 or played < SHORTEST:
        digest, commands = game_digest(name, fewest, len(digests))
        digests.append(digest)
        played += commands
    digests.append(game_digest(name, most, len(digests))[0])
    return hashlib.sha256(" ".join(digests).encode()).hexdigest()[:16]


@pytest.mark.parametrize("name", sorted(path.stem for path in KITS.glob("*.yaml")))
def test_a_shipped_kit_plays_as_recorded(name):
    assert kit_digest(name) == DIGESTS[name]


def test_every_shipped_kit_has_its_digests():
    assert set(DIGESTS) == {path.stem for path in KITS.glob("*.yaml")}
