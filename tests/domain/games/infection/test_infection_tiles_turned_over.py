"""Infection rules v2: a face-down tile is chosen when it is turned over (RULINGS.md, ruling 3).

Each region's face-down tiles are a known composition in no order; a pick-up chooses one of those
still face down in its region, by the seed's rng or, in a table game, as the people at the table say.
Games recorded under rules v1 (the tiles shuffled into their places at setup) go on, replay and audit
as they were.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter

import pytest
from infection_table import PLACEMENT, RULES, V1, act, face_down, of_type, put, table

from domain.engine import registry
from domain.engine.chain import LIMITS_CHAINED
from domain.engine.errors import ImpossibleOutcome, OutcomeNeeded
from domain.engine.game import Game
from domain.engine.randomness import Rng, TableRng
from domain.games.infection.board import TILE_SQUARES, region_of
from domain.games.infection.facts import TilePickedUp, TilesPlaced
from domain.games.infection.state import State
from domain.thinking.bots import RandomBot
from replays.audit import audit

SALT = "5eed" * 8
"""The salt of the games recorded here: with the seed it decides a game's chance (chain version 3 on)."""

BLUE_KINDS = ["cure", "virus", "recover", "generosity", "disarm", "contagion"]


def turn_over(state, square, rng, rules=RULES):
    """Blue 1 moves onto ``square`` and picks up its tile: (the tile turned over, the state after)."""
    facts = rules.decide(state, 1, {"type": "move", "to": square}, rng)
    for fact in facts:
        state = rules.evolve(state, fact)
    picked = of_type(facts, TilePickedUp)
    return (picked[0].tile if picked else None), state


# -- Chosen when turned over ----------------------------------------------------------------------


def test_a_face_down_tile_is_chosen_from_its_region_when_it_is_turned_over():
    seen = Counter()
    for seed in range(40):
        state = table()
        tile, after = turn_over(state, "b2", Rng(f"turn-{seed}", 3))
        seen[tile] += 1
        left = Counter(state.left_face_down()["blue"])
        left[tile] -= 1
        assert after.left_face_down()["blue"] == {kind: n for kind, n in left.items() if n}
        assert "b2" not in after.tiles and after.left_face_down()["middle"] == state.left_face_down()["middle"]
    assert set(seen) <= set(BLUE_KINDS) and len(seen) >= 3  # the region's tiles, not always the same one
    assert seen["virus"] > seen["cure"]  # four viruses to one cure: as likely as a shuffle makes them


def test_a_tile_turned_over_is_one_still_face_down_in_its_region():
    state = table(tiles={"b4": "virus", "c4": "cure", "c3": "disarm"})
    put(state, 1, 1, "c2")
    turned = {turn_over(state, "c4", Rng(str(seed), 1))[0] for seed in range(20)}
    assert turned == {"virus", "cure"}  # the middle row's two tiles; never the blue side's disarm
    _, after = turn_over(state, "c4", TableRng(["cure"]))
    assert face_down(after) == {"b4": "virus", "c3": "disarm"}  # one tile left there: it is the virus


def test_a_seed_turns_over_the_same_tile_every_time():
    state = table()
    assert {turn_over(state, "b2", Rng("same", 5))[0] for _ in range(5)} == {turn_over(state, "b2", Rng("same", 5))[0]}


# -- A table game: the people at the table say which tile -----------------------------------------


def test_ruling_21_in_a_table_game_the_tile_the_table_names_is_turned_over():
    tile, after = turn_over(table(), "b2", TableRng(["cure"]))
    assert tile == "cure" and "cure" not in after.left_face_down()["blue"]
    facts, after = act(table(), 1, {"type": "move", "to": "b2"}, turned=["disarm"])
    assert [f.tile for f in of_type(facts, TilePickedUp)] == ["disarm"] and after.member(1, 1)["cannot_use_weapon"]


def test_ruling_21_in_a_table_game_a_tile_no_longer_face_down_in_the_region_is_impossible():
    state = table(tiles={"b2": "virus", "c2": "recover", "c4": "cure"})
    with pytest.raises(ImpossibleOutcome) as refusal:
        turn_over(state, "b2", TableRng(["cure"]))  # the cure lies in the middle row
    assert refusal.value.given == "cure" and refusal.value.values == ["virus", "recover"]
    assert "turns over the tile on b2: which tile?" in refusal.value.question


def test_ruling_21_in_a_table_game_a_tile_turned_over_unsaid_asks_which_of_the_possible_tiles():
    with pytest.raises(OutcomeNeeded) as asked:
        turn_over(table(), "b2", TableRng())
    assert asked.value.values == BLUE_KINDS and asked.value.seat == 1
    assert asked.value.question == "{seat} turns over the tile on b2: which tile?"


def test_ruling_21_where_one_kind_of_tile_is_left_face_down_in_a_region_nothing_is_asked():
    rng = TableRng()
    tile, _ = turn_over(table(tiles={"b2": "virus", "c2": "virus"}), "b2", rng)
    assert tile == "virus" and rng.used == 0


def test_ruling_21_a_table_game_of_infection_is_set_up_and_played_with_the_tiles_the_table_turns_over():
    game = Game.start(RULES, ["Ana", "Ben"], RULES.resolve_options({}), "unused", table=True, salt=SALT)
    with pytest.raises(OutcomeNeeded) as asked:
        game.play(1, {"type": "move", "to": "b2"}, "c1")
    assert asked.value.question == "Ana turns over the tile on b2: which tile?"
    with pytest.raises(ImpossibleOutcome):
        game.play(1, {"type": "move", "to": "b2"}, "c1", outcomes=["joker"])
    game.play(1, {"type": "move", "to": "b2"}, "c1", outcomes=["disarm"])
    assert game.state.member(1, 1)["cannot_use_weapon"] and "disarm" not in game.state.left_face_down()["blue"]
    game.play(2, {"type": "move", "to": "b5"}, "c2", outcomes=["cure"])
    assert game.state.member(2, 1)["cure"]


# -- Rules v1: the placement laid at setup --------------------------------------------------------


def test_rules_v1_are_kept_for_the_games_recorded_under_them():
    assert registry.get("infection").version == 2 and registry.get("infection", 1) is V1
    assert registry.has("infection", 1) and registry.has("infection", 2)


def test_under_rules_v1_a_pick_up_reveals_the_tile_laid_there():
    state = table(rules=V1)  # PLACEMENT: b2 holds a virus, a2 the blue side's cure
    for rng in (Rng("any", 1), Rng("other", 2), TableRng()):
        assert turn_over(state, "b2", rng, rules=V1)[0] == "virus"
    assert V1.owner_view(state)["hidden_tiles"] == dict(zip(TILE_SQUARES, PLACEMENT))


def test_a_state_stored_before_rules_v2_loads_as_a_v1_state():
    fields = {key: value for key, value in vars(table(rules=V1)).items() if key not in ("unturned", "chosen_when_turned")}
    old = State(**fields)  # a snapshot taken before the fields existed
    assert not old.chosen_when_turned and old.tiles == dict(zip(TILE_SQUARES, PLACEMENT))
    assert old.left_face_down()["middle"] == {"cure": 1, "virus": 2, "generosity": 1, "contagion": 1}
    assert turn_over(old, "b2", Rng("x", 1))[0] == "virus"


def test_a_game_recorded_under_rules_v1_plays_as_it_did():
    # chain version 2: its chance keyed by the seed alone, as games were recorded then
    game = Game.start(V1, ["Ana", "Ben"], V1.resolve_options({}), "old-1", salt=SALT, chain_version=2)
    bot = RandomBot("old-1")
    while game.outcome() is None:
        seat = game.to_act()[0]
        game.play(seat, bot.choose(V1, game.state, seat, game.version), f"c{game.version}")
    # the facts as rules v1 recorded them, before endings said whether they came at a limit
    facts = [[type(e).__name__, e.chained(LIMITS_CHAINED - 1)["fact"]] for e in game.pending_events if hasattr(e, "fact")]
    assert {"TilesPlaced", "TilePickedUp"} <= {kind for kind, _ in facts} and len(facts) == 260
    digest = hashlib.sha256(json.dumps(facts, sort_keys=True).encode()).hexdigest()
    assert digest == "1de900354845019937813ef3ecfeeb32e732eba6e02fe08e482ac80f1f76f146"  # as rules v1 recorded it


def _v1_game(service, seed):
    """A game begun under rules v1 with some random commands, saved, then played on to its end through
    the service by a random bot."""
    game = Game.start(V1, ["Ana", "Ben"], V1.resolve_options({"round_limit": 6}), seed, salt=SALT)
    bot = RandomBot(seed)
    for number in range(10):
        seat = game.to_act()[0]
        game.play(seat, bot.choose(V1, game.state, seat, game.version), f"v1-{number}")
    service.save(game)
    for _ in service.play_bots(game.id, bot_seed=seed):
        pass
    return game.id


@pytest.mark.parametrize("seed", ["v1-a", "v1-b"])
def test_a_game_recorded_under_rules_v1_replays_and_audits_under_v1(service, seed):
    game_id = _v1_game(service, seed)
    game = service.game(game_id)
    assert game.ruleset_version == 1 and game.rules is V1 and game.outcome() is not None
    events = service.read_events(game_id)
    placement = dict(zip(TILE_SQUARES, next(e for e in events if e.type == "TilesPlaced").data["placement"]))
    picked = [e.data for e in events if e.type == "TilePickedUp"]
    assert picked and all(p["tile"] == placement[p["square"]] for p in picked)  # each reveals the tile laid there
    report = audit(service, game_id)
    assert report.clean, report.problems
    assert any("played under rules v1; the current rules v2" in note for note in report.notes)
    stored = list(service.events.get(game_id))
    replayed = Game.start(V1, game.seats, game.options, game.seed, salt=game.salt,
                          chain_version=game.chain_version)  # re-deciding under v1: the same facts
    for cause in [e.cause for e in stored if getattr(e, "cause", None)]:
        if replayed.answer(cause["command_id"]) is None:
            replayed.play(cause["seat"], cause["command"], cause["command_id"])
    facts = [(type(e).__name__, e.fact) for e in stored if isinstance(e, Game.FactRecorded)]
    assert [(type(e).__name__, e.fact) for e in replayed.collect_events() if isinstance(e, Game.FactRecorded)] == facts


def test_a_v1_games_setup_is_redacted_and_a_v2_games_is_not():
    placed = TilesPlaced(placement=list(PLACEMENT))
    assert V1.redact(placed, 1) == TilesPlaced(placement=["?"] * 25) == RULES.redact(placed, None)
    laid = RULES.setup(RULES.new_state(2, RULES.resolve_options({})), TableRng())[0]
    assert RULES.redact(laid, 1) == laid == RULES.redact(laid, None)


# -- Bots -----------------------------------------------------------------------------------------


def test_a_bots_commands_never_depend_on_which_tile_lies_face_down_where():
    placed = table(rules=V1)
    put(placed, 1, 1, "c2")
    twin = table(rules=V1)
    put(twin, 1, 1, "c2")
    for region in ("blue", "middle", "red"):  # each region's tiles turned round among its squares
        squares = [s for s in TILE_SQUARES if region_of(s) == region]
        tiles = [twin.tiles[s] for s in squares]
        twin.tiles.update(zip(squares, tiles[1:] + tiles[:1]))
    unplaced = table()
    put(unplaced, 1, 1, "c2")
    assert twin.tiles != placed.tiles
    commands = RULES.legal_commands(placed, 1)
    assert V1.legal_commands(twin, 1) == commands == RULES.legal_commands(unplaced, 1)
    for seed in range(5):
        choices = {str(RandomBot(seed).choose(rules, state, 1, 2)) for rules, state in ((V1, placed), (V1, twin), (RULES, unplaced))}
        assert len(choices) == 1
