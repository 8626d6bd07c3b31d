"""Squad Combat played with purpose ends the way the text says: the last player with characters
alive wins, long before the turn limit, under both rule versions and with 2 to 4 players."""

from __future__ import annotations

import pytest

from domain.engine.game import Game
from domain.games.squad_combat import RULESET as RULES


def fighter(state, seat):
    """A player who fights: the hardest-hitting attack on the weakest enemy, a reaction whenever one
    is possible, the attack die as high as it goes; with no attack to play, any other card, else a
    refresh of a character short of dice; at the end of the turn, the cards no living character can
    use, then those that are not attacks, go (two at the most)."""
    legal = RULES.legal_commands(state, seat)
    cards = state.cards.cards

    def hurt(command):
        target = command["target"]
        return state.stats(target).hp - state.wounds(target)

    attacks = [c for c in legal if c["type"] == "play" and cards[c["card"]].kind == "attack"]
    if attacks:
        return max(attacks, key=lambda c: (cards[c["card"]].effect["damage"], -hurt(c), c.get("attack_die", 0)))
    reactions = [c for c in legal if c["type"] == "react"]
    if reactions:
        return reactions[0]
    defences = [c for c in legal if c["type"] == "defend"]
    if defences:
        return max(defences, key=lambda c: c["die"])
    others = [c for c in legal if c["type"] in ("play", "edge")]
    if others:  # heal, recharge, power up: and the card makes room for a new one
        return others[0]
    refreshes = [c for c in legal if c["type"] == "refresh"
                 and len(state.character([seat, c["character"]])["dice"]) < len(state.stats([seat, c["character"]]).pool)]
    if refreshes:
        return min(refreshes, key=lambda c: sum(state.character([seat, c["character"]])["dice"]))
    for kind in ("allow", "pass"):
        if {"type": kind} in legal:
            return {"type": kind}
    def keep(card_id):
        card = cards[card_id]
        usable = any((not card.traits or set(card.traits) & set(state.stats([seat, p]).traits))
                     and card.character in (None, state.stats([seat, p]).id) for p in state.living(seat))
        return usable, card.kind == "attack", card_id

    hand = sorted(state.player(seat)["hand"], key=keep)
    return {"type": "discard", "cards": [card for card in hand[:2] if not keep(card)[0] or keep(card)[1] is False]}


SALT = "5eed" * 8
"""The salt of the games played here: with a seed it decides a game's chance, so each seed plays one game."""


def play_to_the_end(seats, options, seed):
    game = Game.start(RULES, [f"P{n}" for n in range(1, seats + 1)], RULES.resolve_options(options), seed, salt=SALT)
    while game.outcome() is None:
        seat = game.to_act()[0]
        game.play(seat, fighter(game.state, seat), "c")
    return game


@pytest.mark.parametrize(("seats", "options"), [
    (2, {"rules": "v0.5"}), (4, {"rules": "v0.5"}), (2, {"dead_wounds": "discard"}), (4, {"dead_wounds": "discard"}),
])
def test_purposeful_play_ends_with_the_last_squad_standing(seats, options):
    winners = set()
    for seed in range(24):  # at least 8 games, then on until a second seat wins (one may win most)
        if seed >= 8 and len(winners) > 1:
            break
        game = play_to_the_end(seats, options, f"fight-{seed}")
        outcome = game.outcome()
        assert outcome.reason == "the last player with characters alive", (seed, outcome.reason)
        (winner,) = outcome.winners
        assert game.state.living(winner) and all(not game.state.living(s) for s in range(1, seats + 1) if s != winner)
        winners.add(winner)
    assert len(winners) > 1


def test_ruling_dead_wounds_stay_under_the_dead_by_default_and_can_drain_a_deck_of_attacks():
    """With the v1 text read literally, attack cards that killed a character stay under it for good:
    most two-player games still end with the last squad standing, but a player can run out of attacks
    (a finding for the designer, RULINGS.md ruling 14): a stalemate then ends the game (ruling 18), which
    went on to the turn limit under rules v1 (``stalemate: play-on``)."""
    endings = [play_to_the_end(2, {}, f"fight-{seed}").outcome().reason for seed in range(8)]
    assert endings.count("the last player with characters alive") >= 4
    drained = [seed for seed, reason in enumerate(endings) if "stalemate" in reason.split(":")[0]]
    assert drained, "some purposeful two-player games run out of attacks"
    played_on = play_to_the_end(2, {"stalemate": "play-on"}, f"fight-{drained[0]}").outcome().reason
    assert played_on.startswith("the turn limit")
