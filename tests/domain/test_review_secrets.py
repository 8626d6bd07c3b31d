"""A seat's review of a game still being played, where the other seat has secrets: choices made in secret (Rock,
paper, scissors; Sealed bids, whose bid is a card of a hidden hand) and hidden hands (Location CCG, Squad Combat).
It succeeds from either seat's eye; it never names a card that seat could not see; it is the same whatever the
other seat's unseen commands were, for it imagines them as it imagines the hidden cards (a sealed choice, one the
other seat could have made on the table it imagines) and never plays them on its imagined table."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
import secret_reviews
from played_games import played_once
from secret_reviews import (
    HIDDEN_HAND_GAMES,
    SEALED_GAMES,
    SEATS,
    options_of,
    sealed_bids,
    unseen_in,
)

from domain.engine import registry
from domain.engine.chain import plain
from domain.engine.randomness import Rng
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from domain.thinking.greedy import SimRng
from domain.thinking.review import review
from replays.reviews import moves_of, review_data, review_game, review_lines

SMALL = {"budget": 10, "seed": "secrets", "playouts": 6, "depth": 2}
"""A review small enough to run often: it is what it shows and what it plays, not how well it judges, that is tested."""


@pytest.fixture(scope="module")
def service():
    """One in-memory service for the module: its tests only read the games they play and review, so each game is
    played once a module, and each seat's review of it at a budget made once (kept until the game moves on)."""
    return GameService(env=store_env(None))


def played(service, name, seed, commands):
    """The game of ``secret_reviews.played``, played once on the module's service."""
    return played_once(service, (name, seed, commands), lambda: secret_reviews.played(service, name, seed, commands))


def review_text(found, game_id) -> str:
    """Everything a review says: its JSON and its words for the terminal."""
    return json.dumps(review_data(found)) + "\n" + "\n".join(review_lines(found, SEATS, f"game {game_id}"))


@pytest.mark.parametrize("seat", [1, 2])
def test_a_seats_review_of_a_sealed_choice_game_succeeds(service, seat):
    for name, seed, commands in SEALED_GAMES:
        game_id = played(service, name, seed, commands)
        found = review_game(service, game_id, seat, budget=10)
        assert found.eye == seat and len(found.estimates) == commands + 1, (name, seed)
        assert all(0 <= e.chance[s] <= 1 for e in found.estimates for s in (1, 2))
        assert all(m.seat == seat for m in found.mistakes)


@pytest.mark.parametrize("seat", [1, 2])
def test_a_seats_review_never_names_a_card_it_cannot_see(service, seat):
    for name, seed, commands in SEALED_GAMES + HIDDEN_HAND_GAMES:
        if name == "rock-paper-scissors":
            continue  # its secrets are numbers, which any review holds: the test below covers them
        game_id = played(service, name, seed, commands)
        found = review_game(service, game_id, seat, budget=10)
        assert unseen_in(review_text(found, game_id), service, game_id, seat) == [], (name, seed)


@pytest.mark.parametrize("name", ["rock-paper-scissors", "sealed-bids", "location-ccg", "squad-combat"])
def test_a_seats_review_is_the_same_whatever_another_seats_unseen_commands_were(service, name):
    """Each command of the other seat whose facts the seat was not shown whole (a sealed choice, a card drawn or
    put away unseen) replaced by one that was never played: the seat's review does not change."""
    rules = registry.get(options_of(name)[0])
    seed, commands = next((seed, commands) for n, seed, commands in SEALED_GAMES + HIDDEN_HAND_GAMES if n == name)
    moves = moves_of(service, played(service, name, seed, commands))
    replaced = 0
    for eye in (1, 2):
        unseen = [m.seat != eye and any(rules.redact(fact, eye) != fact for fact in m.facts) for m in moves]
        replaced += sum(unseen)
        other = [replace(m, command={"type": "act", "action": "bid", "card": "Never played"}) if hidden else m
                 for m, hidden in zip(moves, unseen)]
        mine, theirs = review(rules, moves, 2, eye=eye, **SMALL), review(rules, other, 2, eye=eye, **SMALL)
        assert plain(theirs.estimates) == plain(mine.estimates)
        assert plain(theirs.mistakes) == plain(mine.mistakes) and plain(theirs.swings) == plain(mine.swings)
    assert replaced, f"{name}: no seat made a command the other could not see"


def test_a_table_a_seat_imagines_gives_another_seats_sealed_bid_a_card_of_the_hand_it_imagines():
    rules = registry.get("table-kit")
    state = rules.new_state(2, rules.resolve_options({"kit": sealed_bids()}))
    for fact in rules.setup(state, Rng("bids", "setup")):
        state = rules.evolve(state, fact)
    for fact in rules.decide(state, 2, rules.legal_commands(state, 2)[0], Rng("bids", "1")):
        state = rules.evolve(state, fact)
    bids = set()
    for n in range(40):
        twin = rules.determinize(state, 1, SimRng(random.Random(n)))
        bid = twin.dice[":sealed:2"][0]["choices"]["card"]
        assert bid in _hand(twin, 2)  # never a card of the hand as it is, which the imagined hand need not hold
        assert rules.view(twin, 1) == rules.view(state, 1)
        bids.add(bid)
        for fact in rules.decide(twin, 1, rules.legal_commands(twin, 1)[0], SimRng(random.Random(n))):
            twin = rules.evolve(twin, fact)  # both bids revealed and carried out
        assert len(twin.zones["bids"]["cards"]) == 2
    assert len(bids) > 3


def _hand(state, seat) -> list[str]:
    return [entry["card"] for entry in state.zones[f"hand:{seat}"]["cards"]]
