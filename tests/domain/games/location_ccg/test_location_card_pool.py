"""Location CCG: a designer's own card pool (the option ``card_pool``, ruling 2; LC-1 "each player may use
ANY of the cards in the set"): it replaces the demo pool for the game it is given to, is checked against
the rulebook with each problem named by its field, is stored with the game in its options (so games
recorded without it play the demo pool as before), and the view, the picture, the terminal table and the
commands' labels show its cards by their own names."""

from __future__ import annotations

import json

import pytest
from designer_pool import SOLDIERS
from designer_pool import pool as designer_pool
from location_table import DOCKS, act, table

from domain.engine.errors import InvalidSetup
from domain.engine.game import Game
from domain.engine.randomness import Rng
from domain.games.location_ccg import RULESET as RULES
from domain.games.location_ccg import bots
from domain.games.location_ccg.cards import pool
from domain.games.location_ccg.facts import CardsDrawn, PhaseBegan, TableSetUp
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from domain.thinking.greedy import GreedyBot

SALT = "5eed" * 8
OWN = {"card_pool": designer_pool()}


def _bad(change):
    """The test pool changed by ``change(pool)``; the message refusing it."""
    data = designer_pool()
    change(data)
    with pytest.raises(InvalidSetup) as refused:
        RULES.resolve_options({"card_pool": data})
    return refused.value.message


def test_ruling_02_the_demo_pool_is_the_default_and_games_recorded_before_the_option_play_it():
    assert RULES.resolve_options({})["card_pool"] is None
    before = {key: value for key, value in RULES.resolve_options({}).items() if key != "card_pool"}
    state = RULES.new_state(2, before)
    assert state.pool is pool() and state.pool_json == "" and state.options["decks"] == [pool().decks["demo"]] * 2


def test_ruling_02_a_designers_pool_deals_its_own_demo_deck_and_brings_its_own_locations():
    game = Game.start(RULES, ["Ann", "Ben"], RULES.resolve_options(OWN), "own-pool", salt=SALT)
    assert game.options["card_pool"] == designer_pool()  # stored with the game
    state = game.state
    assert state.options["locations"] == [["bridge", "tower", "harbor"], ["vault", "market", "gate"]]
    assert sorted(state.player(1)["deck"]) == sorted(state.pool.deck_list)
    assert set(state.pool.cards) == set(designer_pool()["cards"]) and "ninja_adept" not in state.pool.cards
    assert [p["brought"] for p in state.players] == [["bridge", "tower", "harbor"], ["vault", "market", "gate"]]


def test_rule_lc_01_a_designers_pool_plays_to_an_end_and_rebuilds_alike_from_its_stored_events():
    service = GameService(env=store_env(None))
    for seed in ("own-1", "own-2"):
        game_id = service.create_game(RULES.name, ["Ann", "Ben"], seed=seed, options={**OWN, "turn_limit": 12}, salt=SALT)
        for _ in service.play_bots(game_id, bot_seed=seed):
            pass
        live = service.game(game_id)
        assert live.outcome() is not None and live.options["card_pool"] == designer_pool()
        rebuilt = None
        for event in service.events.get(game_id):
            rebuilt = event.mutate(rebuilt)
        assert rebuilt.state == live.state
        cards = {card for p in live.state.players for zone in ("hand", "deck", "bank", "discard", "void", "bottom")
                 for card in p[zone]} | {c["card"] for c in live.state.in_play.values()}
        assert cards <= set(designer_pool()["cards"])


def test_ruling_02_the_options_decks_and_locations_are_checked_against_the_designers_pool():
    demo_deck = dict(pool().decks["demo"])
    with pytest.raises(InvalidSetup, match="bad option decks: seat 1's deck: no card 'ninja_adept' in the pool"):
        RULES.resolve_options({**OWN, "decks": [demo_deck, designer_pool()["decks"]["demo"]]})
    with pytest.raises(InvalidSetup, match=r"bad option locations: seat 2: no location 'docks' in the pool.*bridge"):
        RULES.resolve_options({**OWN, "locations": [["bridge", "tower", "gate"], ["docks", "vault", "market"]]})
    own_deck = {**{soldier: 3 for soldier in SOLDIERS}, "scout": 3, "titan": 3, "katana": 3, "medkit": 1}
    assert RULES.resolve_options({**OWN, "decks": [own_deck, own_deck]})["decks"] == [own_deck, own_deck]


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["cards"]["scout"].update(typeline="Spell- quick"),
     "card_pool.cards.scout.typeline: 'Spell- quick' names no card type"),
    (lambda d: d["cards"]["scout"].update(cost="2x"), "card_pool.cards.scout.cost: '2x' is not a cost"),
    (lambda d: d["cards"]["scout"].update(cost="*"), "card_pool.cards.scout.cost: * (a production point) is for surprises"),
    (lambda d: d["cards"]["scout"].update(resources="$z"), "card_pool.cards.scout.resources: '$z' holds a symbol"),
    (lambda d: d["cards"]["scout"].pop("stats"), "card_pool.cards.scout.stats: a character has Atk/Def/Skl"),
    (lambda d: d["cards"]["medkit"].update(stats=[1, 1, 1]), "card_pool.cards.medkit.stats: only a character has stats"),
    (lambda d: d["cards"]["titan"]["keywords"].update(giant=0), "card_pool.cards.titan.keywords.giant: Giant X takes a number"),
    (lambda d: d["cards"]["titan"]["keywords"].update(flying=True), "card_pool.cards.titan.keywords.flying: no such keyword"),
    (lambda d: d["cards"]["medkit"].update(keywords={"gang": True}),
     "card_pool.cards.medkit.keywords.gang: Gang is for characters"),
    (lambda d: d["cards"]["rally"].update(typeline="Surprise- deploy"),
     "card_pool.cards.rally.typeline: a surprise names the phase"),
    (lambda d: d["cards"]["rally"].update(effect={"target": "own"}), "card_pool.cards.rally.effect: it does nothing"),
    (lambda d: d["cards"]["zap"]["effect"].pop("target"), "card_pool.cards.zap.effect.target: damage needs a target"),
    (lambda d: d["cards"]["medkit"].update(passive={"cost_reduction": 1}), "card_pool.cards.medkit.passive: only assets"),
    (lambda d: d["cards"]["katana"].update(name="Big Sword"),
     "card_pool.cards.katana.name: 'Big Sword' is not the demo's 'Katana'"),
    (lambda d: d["cards"]["scout"].update(name="Sc\u202eout"), "card_pool.cards.scout.name 'Sc\\u202eout'"),
    (lambda d: d["locations"]["bridge"].update(name=" Bridge"), "card_pool.locations.bridge.name ' Bridge'"),
    (lambda d: d["locations"].update(scout={"name": "Scout Hill", "skill": 1, "vp": 1}),
     "card_pool.locations.scout: a card has the same id"),
    (lambda d: d["decks"]["demo"].update(titan=4), "card_pool.decks.demo: 4 copies of 'titan': at most 3"),
    (lambda d: d["decks"].update(small={"scout": 3}), "card_pool.decks.small: 3 cards: a deck holds at least 40"),
    (lambda d: d["brought"][1].__setitem__(0, "docks"), "card_pool.brought.1 (seat 2): no location 'docks' in the pool"),
    (lambda d: d["decks"].pop("demo"), "bad option card_pool.decks: 'demo' is a required property"),
    (lambda d: d["cards"]["titan"].update(stats=[6, 9]), "bad option card_pool.cards.titan.stats"),
    (lambda d: d["locations"]["gate"].update(vp=0), "bad option card_pool.locations.gate.vp"),
])
def test_ruling_02_a_designers_pool_that_breaks_the_rulebook_is_refused_naming_the_field(change, message):
    assert message in _bad(change)


def test_ruling_02_every_problem_of_a_pool_is_named_at_once():
    with pytest.raises(InvalidSetup) as refused:
        data = designer_pool()
        data["cards"]["scout"]["cost"] = "x"
        data["cards"]["medkit"]["stats"] = [0, 0, 0]
        RULES.resolve_options({"card_pool": data})
    assert "card_pool.cards.scout.cost" in refused.value.message and "card_pool.cards.medkit.stats" in refused.value.message


def test_ruling_02_a_designers_pool_is_public_and_the_deck_lists_stay_secret():
    options = RULES.resolve_options({**OWN, "decks": [designer_pool()["decks"]["demo"]] * 2})
    shown = RULES.redact_options(options, 2)
    assert shown["card_pool"] == designer_pool() and shown["decks"][0].startswith("hidden")


def test_a_view_of_a_designers_pool_brings_the_faces_of_the_cards_it_names_and_no_others():
    state = table(options=OWN, hands=[["titan", "rally"], ["zap", "forge"]], banks=[["scout"], []],
                  in_play={"1": ("soldier_1", 1), "2": ("soldier_2", 2, DOCKS)}, modifiers={"1": ["medkit"]})
    faces = RULES.view(state, 1)["card_pool"]
    assert set(faces["cards"]) == {"titan", "rally", "scout", "soldier_1", "soldier_2", "medkit"}  # not seat 2's hand
    assert faces["cards"]["titan"] == designer_pool()["cards"]["titan"]
    assert set(faces["locations"]) == {"bridge", "vault", "tower", "harbor", "market", "gate"}  # placed, set aside (ruling 11)
    assert "zap" not in json.dumps(RULES.view(state, 1)) and "forge" not in json.dumps(RULES.view(state, None))
    assert RULES.view(table(), 1)["card_pool"] is None  # the demo pool's faces are known to whoever draws them


def test_the_picture_and_the_terminal_table_of_a_designers_pool_name_its_cards():
    state = table(options=OWN, hands=[["titan", "rally"], []], in_play={"1": ("soldier_1", 1)}, modifiers={"1": ["medkit"]})
    view = RULES.view(state, 1)
    items = {item["id"]: item for item in RULES.picture(view, ["Ann", "Ben"])["items"]}
    assert items["hand:1:titan:1"]["name"] == "Titan" and "Giant 3" in items["hand:1:titan:1"]["lines"]
    assert items["hand:1:rally:1"]["title"].startswith("Rally in Ann's hand: Surprise, cost !")
    assert "Medkit" in items["play:1"]["lines"] and items["loc:1"]["name"] == "Bridge"
    text = RULES.render(view, ["Ann", "Ben"])
    assert "hand Titan, Rally" in text and "Soldier 1 2/4/1 [Medkit]" in text and "Bridge" in text


def test_the_labels_of_commands_name_a_designers_cards_by_their_own_names():
    state = table(options=OWN, phase="deploy", hands=[["titan", "medkit"], []], banks=[["scout", "titan", "zap", "katana"], []],
                  in_play={"1": ("soldier_1", 1)})
    labels = [RULES.label_command(state, 1, command) for command in RULES.legal_commands(state, 1)]
    assert "play Titan" in labels and "play Medkit on #1" in labels


def test_a_production_point_ability_of_a_designers_card_spends_a_point():
    state = table(options=OWN, in_play={"1": ("forge", 1)})
    assert {"type": "activate", "card": "1"} in RULES.legal_commands(state, 1)
    facts, state = act(state, 1, {"type": "activate", "card": 1}, "soldier_3")
    assert [f for f in facts if isinstance(f, CardsDrawn)] == [CardsDrawn(seat=1, cards=["soldier_3"], reason="forge")]
    assert state.production == 2
    state = act(act(state, 1, {"type": "draw"}, "soldier_4")[1], 1, {"type": "draw"}, "soldier_5")[1]
    assert state.phase != "production"


def test_bots_guess_an_unseen_deck_from_the_designers_demo_deck():
    state = table(options=OWN, hands=[["titan"], ["zap", "zap"]], phase="deploy")
    world = bots.determinize(state, 1, Rng("guess", 1))
    hidden = world.player(2)["hand"] + world.player(2)["deck"]
    assert set(hidden) <= set(designer_pool()["cards"]) and len(world.player(2)["hand"]) == 2
    assert GreedyBot(1).choose(RULES, state, 1, 1)["type"] in ("play", "pass")


def test_setup_with_a_designers_pool_names_its_locations():
    state = RULES.new_state(2, RULES.resolve_options(OWN))
    facts = RULES.setup(state, Rng("own-setup", 0))
    assert facts[0] == TableSetUp(first=facts[0].first, brought=[["bridge", "tower", "harbor"], ["vault", "market", "gate"]])
    assert facts[1] == PhaseBegan(phase="locations", seat=facts[0].first)
    assert RULES.legal_commands(RULES.evolve(RULES.evolve(state, facts[0]), facts[1]), facts[0].first)[0]["location"] in (
        "bridge", "tower", "harbor", "vault", "market", "gate")
