"""Project Assassination: each deck is a known composition in unknown order, and a card is chosen when
it is drawn (ruling 32); games recorded under rules v1, which shuffled the decks at setup, go on,
replay and audit as they were played.

Scenario tables come from ``table.py``; table games use ``TableRng``, whose outcomes are what the
people at the table say came up.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter

import pytest
from table import RULES, enemy, table

from domain.engine.chain import LIMITS_CHAINED
from domain.engine.errors import ImpossibleOutcome, OutcomeNeeded
from domain.engine.game import Game
from domain.engine.randomness import Rng, TableRng
from domain.games.project_assassination import EARLIER
from domain.games.project_assassination.cards import (
    COLLECTIBLES,
    ENEMIES,
    ITEMS,
    deck_cards,
)
from domain.games.project_assassination.facts import (
    CardDrawn,
    EnemyDrawn,
    TableLaid,
    TableSetUp,
)
from domain.games.project_assassination.state import State
from domain.keeping.service import OWNER, GameService
from domain.keeping.store import store_env
from domain.thinking.bots import RandomBot
from replays.audit import audit

[V1] = EARLIER
SEATS = ["Ana", "Ben"]
SALT = "5eed" * 8
"""The salt of a game recorded here: its chance was keyed by the seed alone before chain version 3."""


def set_up(rules, rng):
    """A real setup on the default board: (facts, state)."""
    state = rules.new_state(2, rules.resolve_options({}))
    facts = rules.setup(state, rng)
    for fact in facts:
        state = rules.evolve(state, fact)
    return facts, state


def decide(state, seat, command, rng):
    """Decide and apply one command with the given rng: (facts, state)."""
    facts = RULES.decide(state, seat, RULES.check_command(command), rng)
    for fact in facts:
        state = RULES.evolve(state, fact)
    return facts, state


def ending_player_2s_turn(enemy_deck, enemy_bottom=()):
    """Player 2 (seat 2) on turn at the end of round 2, level with Player 1: a coin decides the placer."""
    state = table(current=2, turns=4, enemies=[enemy("grunt", "b5")], obstacles=[], cards={}, enemy_deck=list(enemy_deck))
    state.enemy_bottom = list(enemy_bottom)
    return state


class Asking(Rng):
    """A seeded rng that checks every choice comes with a table game's question for a seat, and
    keeps the questions in ``asked``."""

    asked: list[str] = []

    def choice(self, options, ask="which outcome?", seat=None):
        assert ask.endswith("?") and "{seat}" in ask and seat in (1, 2), (ask, seat)
        self.asked.append(ask)
        return super().choice(options, ask, seat)


# -- Rules v2: a card is chosen when it is drawn --------------------------------------------------


def test_the_setup_fact_holds_no_deck_order():
    facts, state = set_up(RULES, Rng("seed", "setup"))
    assert isinstance(facts[0], TableLaid)
    assert facts[0].to_data() == {"call": "heads", "coin": facts[0].coin, "first": facts[0].first}
    assert not state.ordered and state.enemy_bottom == []
    assert Counter(state.item_deck) == Counter(deck_cards(ITEMS))
    assert Counter(state.collectible_deck) == Counter(deck_cards(COLLECTIBLES))
    assert Counter(state.enemy_deck) == Counter(deck_cards(ENEMIES))


@pytest.mark.parametrize("deck", ["item", "collectible"])
def test_a_card_is_chosen_from_the_deck_when_it_is_drawn(deck):
    drawn = set()
    for n in range(30):
        state = table()
        before = list(state.deck(deck))
        facts, after = decide(state, 1, {"type": "draw", "deck": deck}, Asking("draws", n))
        [fact] = facts
        assert fact.card in before
        assert Counter(before) - Counter(after.deck(deck)) == Counter([fact.card])
        drawn.add(fact.card)
    assert drawn == set(before)  # any card still in the deck may come up


def test_a_table_game_draws_the_card_the_table_names():
    state = table(item_deck=["obstacle", "strategy", "cover"])
    facts, after = decide(state, 1, {"type": "draw", "deck": "item"}, TableRng(["cover"]))
    assert facts == [CardDrawn(seat=1, deck="item", card="cover", discarded=None)]
    assert sorted(after.item_deck) == ["obstacle", "strategy"]


def test_a_table_game_naming_a_card_no_longer_in_the_deck_is_refused():
    state = table(collectible_deck=["uzi", "boots", "uzi"])
    with pytest.raises(ImpossibleOutcome) as refusal:
        decide(state, 1, {"type": "draw", "deck": "collectible"}, TableRng(["sniper"]))
    assert refusal.value.values == ["uzi", "boots"] and refusal.value.seat == 1


def test_a_table_game_draw_without_the_card_named_asks_for_it_among_the_cards_left():
    state = table(item_deck=["cover", "ambush", "cover"])
    with pytest.raises(OutcomeNeeded) as needed:
        decide(state, 1, {"type": "draw", "deck": "item"}, TableRng([]))
    assert needed.value.values == ["cover", "ambush"]
    assert needed.value.question == "{seat} draws from the item deck: which card?" and needed.value.seat == 1


def test_a_table_game_names_the_coin_of_setup_and_never_shuffles():
    facts, state = set_up(RULES, TableRng(["tails"]))
    assert facts[0] == TableLaid(call="heads", coin="tails", first=2) and state.order == [2, 1]
    with pytest.raises(OutcomeNeeded) as needed:
        set_up(RULES, TableRng([]))
    assert needed.value.values == ["heads", "tails"] and needed.value.seat == 1


def test_the_boss_goes_under_the_deck_when_fewer_than_five_enemies():
    state = ending_player_2s_turn(["boss", "heavy", "medic"])
    facts, state = decide(state, 2, {"type": "end"}, TableRng(["heads", "boss", "medic"]))
    assert [f for f in facts if isinstance(f, EnemyDrawn)] == [
        EnemyDrawn(seat=1, card="boss", to_bottom=True),
        EnemyDrawn(seat=1, card="medic", to_bottom=False),
    ]
    assert (state.enemy_deck, state.enemy_bottom, state.enemy_in_hand) == (["heavy"], ["boss"], "medic")
    assert RULES.view(state, 1)["decks"]["enemy"] == 2 and RULES.view(state, 1)["enemy_bottom"] == ["boss"]
    assert "enemy 2 (Boss at the bottom)" in RULES.render(RULES.view(state, 1), SEATS)


def test_the_boss_under_the_deck_cannot_be_named_while_unseen_cards_are_left():
    state = ending_player_2s_turn(["heavy", "medic"], enemy_bottom=["boss"])
    with pytest.raises(ImpossibleOutcome) as refusal:
        decide(state, 2, {"type": "end"}, TableRng(["heads", "boss"]))
    assert refusal.value.values == ["heavy", "medic"]


def test_the_boss_under_the_deck_is_drawn_once_no_unseen_card_is_left():
    state = ending_player_2s_turn([], enemy_bottom=["boss"])
    rng = TableRng(["heads"])  # the coin only: no card to choose
    facts, state = decide(state, 2, {"type": "end"}, rng)
    assert [f for f in facts if isinstance(f, EnemyDrawn)] == [EnemyDrawn(seat=1, card="boss", to_bottom=False)]
    assert rng.used == 1 and state.enemies_left == 0 and state.enemy_in_hand == "boss"


def test_every_chance_in_a_game_is_asked_with_a_question():
    Asking.asked = []
    state = set_up(RULES, Asking("setup", 0))[1]
    bot = RandomBot(4)
    for version in range(2, 1000):
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        facts, state = decide(state, seat, bot.choose(RULES, state, seat, version), Asking("game", version))
    assert RULES.outcome(state) is not None
    asked = {ask.split(": ")[0] for ask in Asking.asked}
    assert asked == {"{seat} calls heads for Player 1", "{seat} calls heads to place the next enemy",
                     "{seat} draws from the item deck", "{seat} draws from the collectible deck", "{seat} draws an enemy"}


# -- Rules v1: the decks shuffled at setup, their orders recorded ----------------------------------


def test_rules_v1_shuffled_each_deck_at_setup_and_recorded_its_order():
    facts_a, state_a = set_up(V1, Rng("a", "setup"))
    facts_b, _ = set_up(V1, Rng("b", "setup"))
    table_a, table_b = facts_a[0], facts_b[0]
    assert isinstance(table_a, TableSetUp) and state_a.ordered
    assert (state_a.item_deck, state_a.collectible_deck, state_a.enemy_deck) == (
        table_a.item_deck, table_a.collectible_deck, table_a.enemy_deck)
    assert (table_a.item_deck, table_a.collectible_deck, table_a.enemy_deck) != (
        table_b.item_deck, table_b.collectible_deck, table_b.enemy_deck)
    assert set_up(V1, Rng("a", "setup"))[0][0] == table_a  # a seed always deals the same decks


def test_under_rules_v1_a_draw_takes_the_top_of_the_recorded_order():
    state = table(ordered=True, item_deck=["strategy", "cover", "strategy"])
    facts, state = decide(state, 1, {"type": "draw", "deck": "item"}, TableRng([]))  # nothing to choose
    assert facts == [CardDrawn(seat=1, deck="item", card="strategy", discarded=None)]
    assert state.item_deck == ["cover", "strategy"]


def test_under_rules_v1_the_boss_goes_to_the_bottom_of_the_recorded_order():
    state = table(ordered=True, current=2, turns=4, enemies=[enemy("grunt", "b5")], obstacles=[], cards={},
                  enemy_deck=["boss", "heavy", "medic"])
    facts, state = decide(state, 2, {"type": "end"}, TableRng(["heads"]))
    assert [f.card for f in facts if isinstance(f, EnemyDrawn)] == ["boss", "heavy"]
    assert (state.enemy_deck, state.enemy_bottom) == (["medic", "boss"], [])


def test_a_game_recorded_under_rules_v1_plays_as_it_did():
    # chain version 2: its chance keyed by the seed alone, as games were recorded then
    game = Game.start(V1, SEATS, V1.resolve_options({}), "old-1", salt=SALT, chain_version=2)
    bot = RandomBot("old-1")
    while game.outcome() is None:
        seat = game.to_act()[0]
        game.play(seat, bot.choose(V1, game.state, seat, game.version), f"c{game.version}")
    # the facts as rules v1 recorded them, before endings said whether they came at a limit
    facts = [[type(e).__name__, e.chained(LIMITS_CHAINED - 1)["fact"]] for e in game.pending_events if hasattr(e, "fact")]
    assert {"TableSetUp", "CardDrawn", "PlacementStarted", "EnemyDrawn"} <= {kind for kind, _ in facts}
    digest = hashlib.sha256(json.dumps(facts, sort_keys=True).encode()).hexdigest()
    assert digest == "6843909ba2692e82a53d3d1982d2484ab6d07674506a974433b57b232eb424a9"  # as rules v1 recorded it


def test_a_game_recorded_under_rules_v1_replays_and_audits_under_v1():
    service = GameService(env=store_env(None))
    game = Game.start(V1, SEATS, V1.resolve_options({}), "v1-game", salt=SALT)
    bot = RandomBot(7)
    for n in range(12):
        seat = game.to_act()[0]
        game.play(seat, bot.choose(V1, game.state, seat, game.version), f"v1-{n}")
    service.save(game)
    loaded = service.game(game.id)
    assert loaded.rules is V1 and loaded.state == game.state and loaded.state.ordered
    report = audit(service, game.id)
    assert report.clean, report.problems
    assert any("played under rules v1" in note for note in report.notes)
    for _ in service.play_bots(game.id, bot_seed=3):
        pass
    assert service.status(game.id)["status"] == "over"
    report = audit(service, game.id)
    assert report.clean, report.problems
    state = V1.new_state(2, dict(game.options))
    for event in service.events.get(game.id):
        if hasattr(event, "as_fact"):
            fact = event.as_fact()
            if isinstance(fact, CardDrawn):
                assert fact.card == state.deck(fact.deck)[0]  # the top of the order recorded at setup
            state = V1.evolve(state, fact)
    assert state == service.game(game.id).state


def test_under_rules_v1_only_the_owner_sees_the_decks_order_and_seats_see_it_hidden_in_the_setup_event():
    service = GameService(env=store_env(None))
    game = Game.start(V1, SEATS, V1.resolve_options({}), "s", salt=SALT)
    service.save(game)
    owner = service.status(game.id, OWNER)["view"]
    [owners] = [e for e in service.read_events(game.id, viewer=OWNER) if e.type == "TableSetUp"]
    assert owners.data["item_deck"] == owner["deck_order"]["item"] and owners.data["enemy_deck"] == owner["deck_order"]["enemy"]
    for viewer in (1, 2, None):
        view = service.status(game.id, viewer)["view"]
        assert view == {key: value for key, value in owner.items() if key != "deck_order"}
        [setup] = [e for e in service.read_events(game.id, viewer=viewer) if e.type == "TableSetUp"]
        for deck in ("item_deck", "collectible_deck", "enemy_deck"):
            assert setup.data[deck] == ["?"] * len(owners.data[deck])


def test_a_state_stored_before_rules_v2_loads_with_its_decks_in_order():
    _, state = set_up(V1, Rng("a", "setup"))
    stored = {key: value for key, value in vars(state).items() if key not in ("ordered", "enemy_bottom")}
    loaded = State(**stored)
    assert loaded == state and loaded.ordered and loaded.enemy_bottom == []
