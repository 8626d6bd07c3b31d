"""An ending says whether it came at the game's turn or round limit (``Outcome.at_limit``, a field of the
stored ending fact), and the readers of limits read that field, never the reason's words. Games stored
before the field existed (version-1 endings, fork starts and snapshots without it) read the same, keep their
hash chains, audit clean and import."""

from __future__ import annotations

import json

import pytest
from eventsourcing.persistence import StoredEvent

from domain.engine import registry
from domain.engine.chain import CHAIN_VERSION, LIMITS_CHAINED
from domain.engine.endings import Ending
from domain.engine.facts import Outcome
from domain.engine.game import Game
from domain.keeping.forking import new_fork
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from domain.thinking.balance.study import ending_of
from domain.thinking.bots import RandomBot
from replays import records
from replays.audit import audit

LIMITS = [(rules.name, key) for rules in registry.all_rulesets() for key in rules.options_schema["properties"]
          if key in ("turn_limit", "round_limit")]
ENDINGS = [(name, key) for name, key in LIMITS if any(issubclass(fact, Ending) for fact in registry.get(name).facts)]
SALT = "limits"


def played_to_the_end(ruleset: str, options: dict, seed: str, chain_version: int = CHAIN_VERSION) -> Game:
    rules = registry.get(ruleset)
    game = Game.start(rules, ["Ana", "Ben"], rules.resolve_options(options), seed, salt=SALT, chain_version=chain_version)
    bot = RandomBot(seed)
    while game.outcome() is None:
        seat = game.to_act()[0]
        game.play(seat, bot.choose(rules, game.state, seat, game.version), f"move-{game.version}")
    return game


def stored_as_before(service: GameService, game: Game) -> list[StoredEvent]:
    """The game's events in the shape they had before endings said whether they came at a limit: every
    ``at_limit`` left out (of an ending fact, of a fork's start), and an ending at its class version 1."""
    stored = []
    for event in game.pending_events:
        record = service.mapper.to_stored_event(event)
        state = json.loads(record.state)
        state = _without_at_limit(state)
        if record.topic.endswith(":GameEnded"):
            assert state.pop("class_version") == 2
        stored.append(StoredEvent(record.originator_id, record.originator_version, record.topic, json.dumps(state).encode()))
    return stored


def _without_at_limit(value):
    if isinstance(value, dict):
        return {key: _without_at_limit(item) for key, item in value.items() if key != "at_limit"}
    if isinstance(value, list):
        return [_without_at_limit(item) for item in value]
    return value


@pytest.mark.parametrize(("ruleset", "key"), LIMITS)
def test_a_game_stopped_by_its_limit_says_so_in_its_outcome_and_its_status(ruleset, key):
    game = played_to_the_end(ruleset, {key: 1}, "at-the-limit")
    assert game.outcome().at_limit
    endings = [event.as_fact() for event in game.pending_events if issubclass(getattr(event, "fact_type", type), Ending)]
    assert all(ending.at_limit for ending in endings)  # the stored fact says so (Missions ends by a limit fact of its own)
    service = GameService(env=store_env(None))
    service.save(game)
    assert service.status(game.id, None)["outcome"]["at_limit"] is True


def test_the_balance_study_reads_the_ending_fact_not_its_words():
    assert ending_of(Outcome([1], "time ran out, in whatever words a kit uses", at_limit=True), ["Ana", "Ben"])["at_limit"]
    assert not ending_of(Outcome([1], "the turn limit (3) of an opponent's patience", at_limit=False), ["Ana", "Ben"])["at_limit"]


@pytest.mark.parametrize(("ruleset", "key"), ENDINGS)
def test_an_ending_stored_before_it_said_so_reads_it_off_its_words_keeps_its_chain_and_imports(ruleset, key):
    service = GameService(env=store_env(None))
    for limit, seed in ((1, "old-limit"), (500, "old-natural")):
        game = played_to_the_end(ruleset, {key: limit}, seed, chain_version=LIMITS_CHAINED - 1)
        assert game.outcome().at_limit == (limit == 1)  # these seeds end the long games by a win the rules name
        service.recorder.insert_events(stored_as_before(service, game))
        loaded = service.game(game.id)
        assert loaded.outcome() == game.outcome()  # at_limit read off the version-1 words
        report = audit(service, game.id)
        assert report.clean, report.problems
        elsewhere = GameService(env=store_env(None))
        imported = records.import_game(elsewhere, records.to_ndjson(service, game.id))
        assert elsewhere.game(imported).outcome() == game.outcome() and audit(elsewhere, imported).clean


@pytest.mark.parametrize(("ruleset", "key"), ENDINGS[:2])
def test_a_new_games_at_limit_is_covered_by_its_chain(ruleset, key):
    service = GameService(env=store_env(None))
    game = played_to_the_end(ruleset, {key: 1}, "tampered")
    stored = []
    for event in game.pending_events:
        record = service.mapper.to_stored_event(event)
        if record.topic.endswith(":GameEnded"):
            state = json.loads(record.state)
            state["fact"]["at_limit"] = False  # a designer's stalled game passed off as a finished one
            record = StoredEvent(record.originator_id, record.originator_version, record.topic, json.dumps(state).encode())
        stored.append(record)
    service.recorder.insert_events(stored)
    assert not service.game(game.id).outcome().at_limit
    assert any("chain hash" in problem or "hash" in problem for problem in audit(service, game.id).problems)


@pytest.mark.parametrize(("ruleset", "key"), LIMITS)
def test_a_state_stored_before_at_limit_reads_it_off_its_reason(ruleset, key):
    service = GameService(env=store_env(None))
    game = played_to_the_end(ruleset, {key: 1}, "snapshot")
    transcoder = service.mapper.transcoder
    stored = json.loads(transcoder.encode(game.state))
    old = json.dumps(_without_at_limit(stored)).encode()
    assert b"at_limit" not in old
    assert transcoder.decode(old) == game.state and transcoder.decode(old).at_limit


def test_a_fork_made_before_at_limit_keeps_its_chain_and_audits_clean():
    service = GameService(env=store_env(None))
    trunk_id = service.create_game("infection", ["Ana", "Ben"], {}, seed="trunk")
    bot = RandomBot("trunk")
    while (trunk := service.game(trunk_id)).version < 20:
        seat = trunk.to_act()[0]
        service.submit(trunk_id, seat, bot.choose(trunk.rules, trunk.state, seat, trunk.version))
    fork = new_fork(trunk, None, "old-fork", salt=SALT, chain_version=LIMITS_CHAINED - 1)
    stored = stored_as_before(service, fork)
    assert b"at_limit" not in stored[0].state and b'"start"' in stored[0].state
    service.recorder.insert_events(stored)
    loaded = service.game(fork.id)
    assert loaded.chain_version == LIMITS_CHAINED - 1 and loaded.state == fork.state
    report = audit(service, fork.id)
    assert report.clean, report.problems


def test_the_diary_and_the_terminal_call_a_game_stopped_at_its_limit_no_win():
    from cli.terminal import format_status
    from replays.diary import outcome_text

    service = GameService(env=store_env(None))
    stopped, won = (played_to_the_end("squad-combat", {"turn_limit": limit}, "told") for limit in (1, 500))
    service.save(stopped, won)
    for game, says, never in ((stopped, "Stopped at its limit, ", " won: "), (won, " won: ", "at its limit")):
        status = service.status(game.id, None)
        sentence = outcome_text(status["outcome"], game.seats, [])
        assert says in sentence and never not in sentence and game.outcome().reason in sentence
        screen = format_status(status, game.rules)
        assert "Game over." in screen
        assert ("Stopped at its limit, not by a win the rules name" in screen) == game.outcome().at_limit


def test_a_table_kit_end_stored_before_at_limit_reads_as_agreed_not_stopped_and_audits_clean():
    from domain.games.table_kit.rules import shipped_kit

    rules = registry.get("table-kit")
    options = rules.resolve_options({"kit": shipped_kit("snakes-and-ladders")})
    game = Game.start(rules, ["Ana", "Ben"], options, "agreed", salt=SALT, chain_version=LIMITS_CHAINED - 1)
    game.play(1, {"type": "end", "winners": [1], "reason": "Ana reached 100"}, "end")
    game.play(2, {"type": "agree"}, "agree")
    assert game.outcome().winners == [1] and not game.outcome().at_limit
    service = GameService(env=store_env(None))
    service.recorder.insert_events(stored_as_before(service, game))
    assert service.game(game.id).outcome() == game.outcome()
    report = audit(service, game.id)
    assert report.clean, report.problems
