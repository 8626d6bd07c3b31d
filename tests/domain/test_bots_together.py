"""Bots in a turn taken together (seats choosing at once, in secret): each seat's command is judged through the
reveal, the other seats' choices imagined whether they are still to be made or already sealed, so the seat that
happens to choose first and the seat that chooses last bid alike. Goofspiel (``tests/kits/goofspiel.yaml``): both
players hold One to Four, so a round's first and last choosers hold mirrored hands."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from domain.engine import registry
from domain.games.table_kit.reading.loading import read_kit
from domain.games.table_kit.rules import shipped_kit
from domain.thinking.greedy import GreedyBot, SimRng
from domain.thinking.search import SearchBot

RULES = registry.get("table-kit")
GOOFSPIEL = read_kit((Path(__file__).resolve().parents[1] / "kits" / "goofspiel.yaml").read_text(encoding="utf-8"), "goofspiel.yaml")[0]
RANK = {"One": 1, "Two": 2, "Three": 3, "Four": 4}


def first_round(seed: int):
    """A goofspiel table set up on the seed, before anyone bids: the table, the first chooser and the last."""
    rng = SimRng(random.Random(seed))
    state = RULES.new_state(2, RULES.resolve_options({"kit": GOOFSPIEL}))
    for fact in RULES.setup(state, rng):
        state = RULES.evolve(state, fact)
    first, last = RULES.to_act(state)
    return state, first, last, rng


def bids(make_bot, setups: int) -> tuple[Counter, Counter]:
    """The bids of the seat choosing first and of the seat choosing last (after the first has sealed a bid at
    random), over that many set-ups."""
    first_bids, last_bids = Counter(), Counter()
    for seed in range(setups):
        state, first, last, rng = first_round(seed)
        bot = make_bot(seed)
        first_bids[RANK[bot.choose(RULES, state, first, 10)["card"]]] += 1
        sealed = state
        for fact in RULES.decide(state, first, rng.choice(RULES.legal_commands(state, first)), rng):
            sealed = RULES.evolve(sealed, fact)
        assert RULES.to_act(sealed) == [last] and RULES.chosen_together(sealed)
        last_bids[RANK[bot.choose(RULES, sealed, last, 10)["card"]]] += 1
    return first_bids, last_bids


def test_the_rules_say_when_seats_choose_together_and_a_game_without_such_turns_never_does():
    state, *_ = first_round(0)
    assert RULES.chosen_together(state)
    assert not registry.get("infection").chosen_together(registry.get("infection").new_state(2, registry.get("infection").resolve_options({})))


def test_the_greedy_bots_first_and_last_choosers_bid_alike_with_mirrored_hands():
    first_bids, last_bids = bids(lambda seed: GreedyBot(seed), 20)
    # the highest bid for the prize is the best against any bid imagined: both make it nearly always (a first
    # chooser that saw no reveal in its look-ahead bid at random: 3 fours in 30 set-ups, the last chooser 24)
    assert first_bids[4] >= 16 and last_bids[4] >= 16, (first_bids, last_bids)
    assert abs(first_bids[4] - last_bids[4]) <= 4, (first_bids, last_bids)


@pytest.mark.slow
def test_the_search_bots_first_and_last_choosers_bid_alike_with_mirrored_hands():
    first_bids, last_bids = bids(lambda seed: SearchBot(seed, simulations=40), 40)
    # a first chooser whose tree let the other seat answer its sealed bid bid Four 39 times in 40, the last 24
    assert abs(first_bids[4] - last_bids[4]) <= 8, (first_bids, last_bids)


@pytest.mark.parametrize("seat", [1, 2])
def test_a_bot_choosing_second_judges_its_command_on_the_first_seats_choice_imagined_never_read(seat):
    # rock, paper, scissors: whatever the other seat sealed, the greedy bot's answer is the same as if it had sealed another
    rps = shipped_kit("rock-paper-scissors")
    state = RULES.new_state(2, RULES.resolve_options({"kit": rps}))
    for fact in RULES.setup(state, SimRng(random.Random(0))):
        state = RULES.evolve(state, fact)
    answers = set()
    for sign in (1, 2, 3):
        sealed = state
        for fact in RULES.decide(state, seat, {"type": "act", "action": "show", "number": sign}, SimRng(random.Random(0))):
            sealed = RULES.evolve(sealed, fact)
        answers.add(GreedyBot(7).choose(RULES, sealed, 3 - seat, 4)["number"])
        answers.add(SearchBot(7, simulations=20).choose(RULES, sealed, 3 - seat, 4)["number"] * 10)
    assert len(answers) == 2, answers


def test_a_search_bots_bid_in_a_turn_taken_together_is_the_same_for_the_same_seed():
    state, first, last, _ = first_round(5)
    chosen = {json.dumps(SearchBot(11, simulations=20).choose(RULES, state, first, 10), sort_keys=True) for _ in range(3)}
    assert len(chosen) == 1
