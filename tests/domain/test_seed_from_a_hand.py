"""A seat cannot find a short seed the owner chose from its own hand.

The attack an outside audit ran: a Squad Combat game created with the seed "4242"; seat 2 knows its
own dealt hand, and the engine is public, so it dealt games locally with the seeds "0", "1", ... until
one dealt it that hand, then read seat 1's hidden hand from that deal. A game's chance is now keyed by
its secret salt as well as its seed (``domain.engine.randomness.chance_key``): the same search finds nothing.
The control plays the same attack against a game whose chance is keyed by its seed alone (chain
version 2, as every game was before) and finds the seed, so the attack here is the real one.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.engine import registry
from domain.engine.errors import LudologError
from domain.engine.game import Game
from domain.engine.randomness import Rng, chance_key, new_salt

CHOSEN_SEED = "4242"
TRIES = 5_000
"""The attacker's candidate seeds: "0" to "4999", the chosen seed among them."""
RULESETS = ("squad-combat", "location-ccg")
SEATS = ["Ann", "Ben"]


def holds_cards(view: dict[str, Any], seat: int) -> bool:
    return bool(view["players"][seat - 1]["hand"])


def play_until_seat_2_holds_cards(game: Game) -> list[tuple[int, dict[str, Any]]]:
    """Play each turn's first legal command (public: every seat reads it in the log) until seat 2 holds
    cards (Squad Combat deals them at the setup, the Location CCG after the locations are placed); the
    commands played, in order."""
    played: list[tuple[int, dict[str, Any]]] = []
    while not holds_cards(game.rules.view(game.state, 2), 2):
        seat = game.to_act()[0]
        command = game.rules.legal_commands(game.state, seat)[0]
        game.play(seat, command, f"c{len(played) + 1}")
        played.append((seat, command))
    return played


def dealt(rules: Any, key: str, commands: list[tuple[int, dict[str, Any]]], seat: int) -> dict[str, Any] | None:
    """What the seat sees after the setup and the commands, the game's chance drawn from ``key`` as the
    public engine draws it (``None``: that deal refuses one of the commands)."""
    state = rules.new_state(len(SEATS), rules.resolve_options({}))
    facts = rules.setup(state, Rng(key, "setup"))
    version = 1
    try:
        for acting, command in [(None, None), *commands]:
            if acting is not None:
                facts = rules.decide(state, acting, command, Rng(key, version))
            for fact in facts:
                state = rules.evolve(state, fact)
            version += len(facts)
    except LudologError:
        return None
    return rules.view(state, seat)


def seeds_dealing(rules: Any, commands: list[tuple[int, dict[str, Any]]], seen: dict[str, Any]) -> list[str]:
    """Every candidate seed whose deal shows seat 2 exactly what it sees, as the attacker searches: with
    the seed as the key, the only key it can compute without the game's salt."""
    return [str(n) for n in range(TRIES) if dealt(rules, str(n), commands, 2) == seen]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_seat_cannot_find_a_chosen_seed_from_its_own_hand(service, ruleset):
    game_id = service.create_game(ruleset, SEATS, seed=CHOSEN_SEED)
    commands = play_until_seat_2_holds_cards(service.game(game_id))
    for number, (seat, command) in enumerate(commands, 1):
        service.submit(game_id, seat, command, command_id=f"c{number}")
    seen = service.status(game_id, 2)["view"]
    assert holds_cards(seen, 2)
    assert seeds_dealing(registry.get(ruleset), commands, seen) == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_attack_finds_the_seed_of_a_game_keyed_by_its_seed_alone(ruleset):
    rules = registry.get(ruleset)
    game = Game.start(rules, SEATS, rules.resolve_options({}), CHOSEN_SEED, salt=new_salt(), chain_version=2)
    commands = play_until_seat_2_holds_cards(game)
    found = seeds_dealing(rules, commands, rules.view(game.state, 2))
    assert found == [CHOSEN_SEED]
    assert dealt(rules, found[0], commands, 1) == rules.view(game.state, 1)  # seat 1's hidden hand, read
    assert holds_cards(rules.view(game.state, 1), 1)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_seed_and_its_salt_deal_the_same_game_and_the_seed_alone_another(service, ruleset):
    first = service.create_game(ruleset, SEATS, seed=CHOSEN_SEED)
    salt = service.game(first).salt
    again = service.create_game(ruleset, SEATS, seed=CHOSEN_SEED, salt=salt)
    others = [service.create_game(ruleset, SEATS, seed=CHOSEN_SEED) for _ in range(3)]
    owner_views = []
    for game_id in (first, again, *others):
        game = service.game(game_id)
        play_until_seat_2_holds_cards(game)  # in memory: the Location CCG deals after the locations
        owner_views.append(game.rules.owner_view(game.state))
    assert owner_views[1] == owner_views[0]
    assert any(view != owner_views[0] for view in owner_views[2:])
    assert service.game(first).chance_key == chance_key(CHOSEN_SEED, salt, 3) != CHOSEN_SEED
