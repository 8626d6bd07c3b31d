"""The conformance suite: properties every registered ruleset must have, proven by seeded random games.

A new game gets all of this for free by being registered.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from game_counts import counts

from domain.engine import registry
from domain.engine.errors import (
    IllegalCommand,
    LudologError,
    MalformedCommand,
    NotYourTurn,
)
from domain.engine.game import Game
from domain.keeping.service import OWNER, GameService
from domain.keeping.store import store_env
from domain.thinking.bots import RandomBot, play_random_game

RULESETS = registry.all_rulesets()
SALT = "5eed" * 8
"""The salt of games that must play alike: a game's chance comes from its seed and salt together."""
GAMES_PER_RULESET = 100
COMMANDS_PER_GAME = 100
"""Random games stop at 100 games or, for rulesets whose games are long, once 100 commands a game were played
(10,000, and at least a fifth of the games: 20), for each ruleset with its fewest and its most players and each
of its named variants. The default stage plays 20 of them (2,000 commands, at least 4 games); the slow stage
all 100 (``game_counts``)."""


CASES = [
    (rules, count, variant)
    for rules in RULESETS
    for count in sorted({rules.min_seats, rules.max_seats})
    for variant in ["", *rules.variants]
]
"""Each ruleset with its fewest and its most players, under its default rules and each named variant."""


@pytest.fixture(params=CASES, ids=lambda case: f"{case[0].name}-{case[1]}" + (f"-{case[2]}" if case[2] else ""))
def case(request):
    return request.param


@pytest.fixture
def rules(case):
    return case[0]


@pytest.fixture
def seats(case):
    """The seat names of a table of that many players."""
    return [f"P{n}" for n in range(1, case[1] + 1)]


@pytest.fixture
def variant(case):
    """The options of the case's rule variant (``{}``: the default rules)."""
    return dict(case[0].variants.get(case[2], {}))


@pytest.mark.parametrize("games", counts(20, GAMES_PER_RULESET))
def test_seeded_random_games_reach_an_outcome(rules, seats, variant, games):
    lengths = []
    for seed in range(games):
        if seed >= games // 5 and sum(lengths) >= COMMANDS_PER_GAME * games:
            break
        played = play_random_game(rules, seats, variant, f"seed-{seed}", bot_seed=seed)
        outcome = played.game.outcome()
        assert outcome is not None, f"seed {seed} did not finish in {len(played.commands)} commands"
        assert all(1 <= seat <= len(played.game.seats) for seat in outcome.winners)
        assert outcome.reason
        assert played.game.to_act() == []
        lengths.append(len(played.commands))
    assert len(set(lengths)) > 1, "different seeds should give different games"


@pytest.mark.parametrize("seeds", counts(5, 25, "seeds"))
def test_every_seat_asked_to_act_has_a_legal_command_and_every_listed_command_is_accepted(rules, seats, variant, seeds):
    checked = 0
    for seed in range(seeds):
        if seed >= seeds // 5 and checked >= 80 * seeds:  # positions whose every legal command was decided: 2,000 of 25 seeds
            break
        game = Game.start(rules, seats, rules.resolve_options(variant), f"s{seed}", salt=SALT)
        bot = RandomBot(seed)
        while game.outcome() is None:
            for seat in game.to_act():
                legal = rules.legal_commands(game.state, seat)
                assert legal, f"seat {seat} is asked to act but has no legal command"
                for command in legal:
                    rules.check_command(command)
                    rules.decide(game.state, seat, command, _rng(game))
            seat = game.to_act()[0]
            game.play(seat, bot.choose(rules, game.state, seat, game.version), "c")
            checked += 1


def _rng(game):
    from domain.engine.randomness import Rng

    return Rng(game.chance_key, game.version)


def test_evolve_never_changes_the_state_it_is_given(rules, seats, variant):
    played = play_random_game(rules, seats, variant, "pure", bot_seed=1)
    game = None
    for event in played.game.collect_events():
        if isinstance(event, Game.FactRecorded):
            before = copy.deepcopy(game.state)
            rules.evolve(game.state, event.as_fact())
            assert game.state == before
        game = event.mutate(game)


@pytest.mark.parametrize("seeds", counts(3, 10, "seeds"))
def test_rebuilding_from_stored_events_equals_the_live_state_at_every_step(rules, seats, variant, seeds):
    service = GameService(env=store_env(None))
    events = 0
    for seed in range(seeds):
        if seed >= seeds // 3 and events >= 300 * seeds:  # long games: fewer of them (3,000 events of 10 seeds)
            break
        game_id = service.create_game(rules.name, seats, seed=f"rebuild-{seed}", options=variant, salt=SALT)
        live = {}
        game = service.game(game_id)
        live[game.version] = copy.deepcopy(game.state)
        for _ in service.play_bots(game_id, bot_seed=seed):
            game = service.game(game_id)
            live[game.version] = copy.deepcopy(game.state)
        rebuilt = None
        for event in service.events.get(game_id):
            rebuilt = event.mutate(rebuilt)
            if rebuilt.version in live:
                assert rebuilt.state == live[rebuilt.version], f"seed {seed}, version {rebuilt.version}"
        for version in list(live)[::7]:
            assert service.game_at(game_id, version).state == live[version]  # nearest snapshot + newer events
        events += game.version


def test_an_illegal_command_is_refused_and_nothing_is_stored(rules, seats, variant):
    service = GameService(env=store_env(None))
    game_id = service.create_game(rules.name, seats, seed="illegal", options=variant, salt=SALT)
    seen: list[dict] = []
    refused = 0
    for _ in service.play_bots(game_id, bot_seed=3):
        game = service.game(game_id)
        if game.outcome() is not None:
            break
        for seat in range(1, len(game.seats) + 1):
            legal = rules.legal_commands(game.state, seat)
            candidates = [c for c in seen if c not in legal] + [{"type": "no-such-command"}, "not an object"]
            for command in candidates[-6:]:
                with pytest.raises(LudologError) as refusal:
                    service.submit(game_id, seat, command)
                assert isinstance(refusal.value, (IllegalCommand, MalformedCommand, NotYourTurn))
                assert refusal.value.message
                assert list(service.events.get(game_id, gt=game.version)) == []
                assert service.game(game_id).state == game.state
                refused += 1
            seen.extend(c for c in legal if c not in seen)
    assert refused > 0


def test_views_are_json_for_every_viewer_at_every_step(rules, seats, variant):
    played = play_random_game(rules, seats, variant, "views", bot_seed=2)
    game = None
    for event in played.game.collect_events():
        game = event.mutate(game)
        for seat in [None, *range(1, len(game.seats) + 1)]:
            view = rules.view(game.state, seat)
            assert json.loads(json.dumps(view)) == view
            assert isinstance(rules.render(view, game.seats), str)
        assert json.loads(json.dumps(rules.owner_view(game.state))) == rules.owner_view(game.state)


def test_every_fact_is_described_in_a_sentence(rules, seats, variant):
    played = play_random_game(rules, seats, variant, "describe", bot_seed=4)
    for event in played.game.collect_events():
        if isinstance(event, Game.FactRecorded):
            for seat in [None, *range(1, len(played.game.seats) + 1)]:
                sentence = rules.describe(rules.redact(event.as_fact(), seat), played.game.seats)
                assert isinstance(sentence, str) and sentence.strip()


def test_the_same_seed_and_salt_and_commands_give_identical_events(rules, seats, variant):
    first = play_random_game(rules, seats, variant, "same", bot_seed=5, salt=SALT)
    second = Game.start(rules, seats, rules.resolve_options(variant), "same", salt=SALT)
    for seat, command in first.commands:
        second.play(seat, command, "c")
    facts = _facts(first.game)
    assert _facts(second) == facts
    other = play_random_game(rules, seats, variant, "other", bot_seed=5, salt=SALT)
    assert _facts(other.game) != facts
    resalted = (play_random_game(rules, seats, variant, "same", bot_seed=5, salt=digit * 32) for digit in "0123")
    assert any(_facts(played.game) != facts for played in resalted)  # the seed alone no longer decides the game


def _facts(game):
    return [(type(e).__name__, e.fact) for e in game.collect_events() if isinstance(e, Game.FactRecorded)]


def test_a_round_trip_through_the_sqlite_store_gives_the_same_views(rules, seats, variant, tmp_path):
    path = str(tmp_path / "round-trip.sqlite3")
    writer = GameService(env=store_env(path))
    game_id = writer.create_game(rules.name, seats, seed="sqlite", options=variant, salt=SALT)
    views_before = []
    for step, _ in enumerate(writer.play_bots(game_id, bot_seed=6)):
        if step % 50 == 0:
            views_before.append((writer.game(game_id).version, _all_views(writer, game_id)))
    views_before.append((writer.game(game_id).version, _all_views(writer, game_id)))
    reader = GameService(env=store_env(path))  # a fresh process's view of the file: no cache
    for version, views in views_before:
        game = reader.game_at(game_id, version)
        assert _all_views(reader, game_id, game) == views
    assert reader.status(game_id, OWNER) == writer.status(game_id, OWNER)


def _all_views(service, game_id, game=None):
    game = game or service.game(game_id)
    return [service.status(game_id, viewer, game)["view"] for viewer in [None, OWNER, *range(1, len(game.seats) + 1)]]


TABLES = [(rules, count) for rules in RULESETS for count in sorted({rules.min_seats, rules.max_seats})]


@pytest.mark.parametrize("rules", RULESETS, ids=lambda rules: rules.name)
def test_options_schema_gives_a_default_for_every_option(rules):
    properties = rules.options_schema.get("properties", {})
    assert all("default" in prop for prop in properties.values())
    assert rules.resolve_options({}) == {key: prop["default"] for key, prop in properties.items()}


def test_every_named_variant_is_made_of_options_in_the_schema():
    for rules in RULESETS:
        for name, options in rules.variants.items():
            resolved = rules.resolve_options(options)
            assert {key: resolved[key] for key in options} == options, f"{rules.name} {name}"


@pytest.mark.parametrize(("rules", "count"), TABLES, ids=lambda value: getattr(value, "name", str(value)))
def test_every_option_value_in_the_schema_plays_to_an_outcome(rules, count):
    seats = [f"P{n}" for n in range(1, count + 1)]
    for key, prop in rules.options_schema.get("properties", {}).items():
        values = prop.get("enum") or ([True, False] if prop.get("type") == "boolean" else [prop["default"]])
        for value in values:
            played = play_random_game(rules, seats, {key: value}, f"option-{key}", bot_seed=random.Random(key).random())
            assert played.game.outcome() is not None


class _AsksNothing:
    """An rng that fails the test if the rules ask it anything."""

    def __getattr__(self, name):
        raise AssertionError(f"a game of perfect information asked its rng for {name} after setup")


@pytest.mark.parametrize("rules", [r for r in RULESETS if r.perfect_information], ids=lambda rules: rules.name)
def test_a_game_of_perfect_information_hides_nothing_and_leaves_nothing_to_chance_after_setup(rules):
    """``Ruleset.perfect_information`` (which the search bot reads its look-ahead as minimax values by) holds:
    at every step of random games, ``determinize`` gives the state back and ``decide`` asks its rng nothing."""
    for count in sorted({rules.min_seats, rules.max_seats}):
        for seed in range(5):
            game = Game.start(rules, [f"P{n}" for n in range(1, count + 1)], rules.resolve_options({}), f"p{seed}", salt=SALT)
            bot = RandomBot(seed)
            while game.outcome() is None:
                for seat in game.to_act():
                    assert rules.determinize(game.state, seat, _AsksNothing()) == game.state
                    for command in rules.legal_commands(game.state, seat):
                        rules.decide(game.state, seat, command, _AsksNothing())
                seat = game.to_act()[0]
                game.play(seat, bot.choose(rules, game.state, seat, game.version), "c")
