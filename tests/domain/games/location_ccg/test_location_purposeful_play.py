"""The Location CCG played with purpose ends the way the text says (random play proves little): a player
who banks to afford characters, deploys the strongest it can and attacks with everything at the
weakest location not yet won takes two of the three locations and wins at once (LC-59), long before
the turn limit, whichever seat it has; two passive players who never deploy nor attack reach the turn
limit with nothing between them, a draw (ruling 30), and at the turn limit the player with more
locations won, then more victory point tokens, wins (ruling 30)."""

from __future__ import annotations

import pytest

from domain.engine.game import Game
from domain.games.location_ccg import RULESET as RULES
from domain.games.location_ccg.cards import covers, pool
from domain.games.location_ccg.checks import cost_for

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

SEEDS = [f"purpose-{n}" for n in range(6)]


def strength(card_id: str) -> int:
    return sum(pool().cards[card_id].stats)


def purposeful(state, seat: int) -> dict:
    """Keep the hand; in production bank what the strongest character in hand still needs, else draw;
    attack with every character at the HQ, at the location not won with the lowest Skl (then the
    fewest tokens still needed); deploy the strongest character the bank pays for; pay upkeep;
    challenge and oppose with the hardest hitter; at the end of the turn discard what is not a
    character first."""
    legal = RULES.legal_commands(state, seat)
    phase, player = state.phase, state.player(seat)
    if phase == "mulligan":
        return {"type": "mulligan", "cards": []}
    if phase == "production":
        helper = _card_to_bank(state, seat)
        if helper:
            return {"type": "bank", "card": helper}
        return {"type": "draw"} if {"type": "draw"} in legal else {"type": "pass"}
    if phase == "mission":
        def weakness(command):
            index = command["location"] - 1
            return state.location(index).skill, state.location(index).vp - state.locations[index]["tokens"][str(seat)]
        target = min((c for c in legal if c["type"] == "attack"), key=weakness)
        return {**target, "characters": state.characters(seat, at="hq")}
    if phase == "deploy":
        characters = [c for c in legal if c["type"] == "play" and pool().cards[c["card"]].kind == "character"]
        return max(characters, key=lambda c: strength(c["card"])) if characters else {"type": "pass"}
    if phase in ("challenge", "oppose"):
        return max(legal, key=lambda c: state.stat(c["character"], 0))
    if phase == "upkeep":
        return next((c for c in legal if c["pay"]), legal[0])
    if phase == "gang":
        return legal[0]
    if phase == "discard":
        return {"type": "discard", "card": min(player["hand"], key=_keep_value)}
    return {"type": "pass"} if {"type": "pass"} in legal else legal[0]


def _card_to_bank(state, seat: int) -> str | None:
    """The card to bank for the strongest character in hand the bank cannot pay yet but could with the
    rest of the hand: the one whose symbols it lacks, else the one of least use."""
    hand, bank = state.player(seat)["hand"], state.player(seat)["bank"]
    wanted = sorted({c for c in hand if pool().cards[c].kind == "character"}, key=lambda c: (-strength(c), c))
    for character in wanted:
        cost = cost_for(state, seat, pool().cards[character])
        rest = list(hand)
        rest.remove(character)
        if covers(bank, cost) or not covers(bank + rest, cost):
            continue
        symbols = "".join(pool().cards[card].resources for card in bank)
        lacking = [s for s in set(cost.typed) if symbols.count(s) < cost.typed.count(s)]
        helpers = [card for card in rest if set(pool().cards[card].resources) & set(lacking)] or rest
        return min(helpers, key=_keep_value)
    return None


def _keep_value(card_id: str) -> tuple[int, int]:
    """Characters are kept before anything else, the stronger first."""
    card = pool().cards[card_id]
    return (card.kind == "character", strength(card_id))


def passive(state, seat: int) -> dict:
    """Keeps the hand and passes whenever it may: never draws, banks, deploys, attacks or defends."""
    if state.phase == "mulligan":
        return {"type": "mulligan", "cards": []}
    legal = RULES.legal_commands(state, seat)
    return {"type": "pass"} if {"type": "pass"} in legal else legal[0]


def play_to_the_end(players, seed: str, **options) -> Game:
    game = Game.start(RULES, ["Ann", "Ben"], RULES.resolve_options(options), seed, salt=SALT)
    while game.outcome() is None:
        seat = game.to_act()[0]
        game.play(seat, players[seat - 1](game.state, seat), f"c{game.version}")
        assert game.version < 20_000, "the game does not end"
    return game


@pytest.mark.parametrize("seat", [1, 2])
def test_rule_lc_59_a_purposeful_player_wins_two_of_three_locations_against_a_passive_one(seat):
    players = [passive, passive]
    players[seat - 1] = purposeful
    for seed in SEEDS:
        game = play_to_the_end(players, seed)
        outcome, state = game.outcome(), game.state
        assert outcome.winners == [seat], (seed, outcome)
        assert outcome.reason == "won 2 of the 3 locations", (seed, outcome.reason)
        assert state.won(seat) == 2 and state.won(3 - seat) == 0
        assert state.turn < state.options["turn_limit"]
        won = [loc for loc in state.locations if loc["won_by"]]
        assert all(loc["tokens"] == {"1": 0, "2": 0} for loc in won)  # LC-58: a won location's tokens are taken off


def test_ruling_30_two_passive_players_reach_the_turn_limit_and_draw():
    for limit in (None, 7):
        options = {} if limit is None else {"turn_limit": limit}
        game = play_to_the_end([passive, passive], "passive", **options)
        outcome, state = game.outcome(), game.state
        assert outcome.winners == []
        assert "turn limit" in outcome.reason and "draw" in outcome.reason
        assert state.turn == state.options["turn_limit"] == (limit or RULES.resolve_options({})["turn_limit"])
        assert not state.in_play and state.won(1) == state.won(2) == state.tokens(1) == state.tokens(2) == 0


def test_ruling_30_at_the_turn_limit_more_locations_won_then_more_tokens_wins():
    endings = []
    for seed in SEEDS:
        for limit in (4, 6, 8, 10):
            game = play_to_the_end([purposeful, passive], seed, turn_limit=limit)
            outcome, state = game.outcome(), game.state
            if not outcome.reason.startswith("the turn limit"):
                continue
            endings.append(outcome.reason)
            if state.won(1) != state.won(2):
                assert outcome.winners == [1] and state.won(1) > state.won(2)
                assert outcome.reason.endswith("more locations won")
            elif state.tokens(1) != state.tokens(2):
                assert outcome.winners == [1] and state.tokens(1) > state.tokens(2)
                assert outcome.reason.endswith("more victory point tokens on locations not yet won")
            else:
                assert outcome.winners == [] and outcome.reason.endswith("a draw")
    assert any(reason.endswith("more locations won") for reason in endings)
    assert any(reason.endswith("more victory point tokens on locations not yet won") for reason in endings)
