"""Squad Combat rules v2 end a game whose squads can no longer hurt each other (ruling 18) and refuse a play
that would change nothing (ruling 21). Games recorded under rules v1 go on, replay and audit under v1
(``EARLIER``): ``rules_v1_games.json`` holds three games as rules v1 played them (their seed, salt and
commands, and a digest of their facts): a random game won by the last squad standing, a random
three-player game stopped by the turn limit, and a greedy game that played on for 33 turns after its
squads could no longer hurt each other."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from domain.engine.chain import LIMITS_CHAINED
from domain.engine.errors import IllegalCommand
from domain.engine.game import Game
from domain.games.squad_combat import EARLIER, RULESET
from domain.games.squad_combat.stalemate import stalemated
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from replays.audit import audit

V1, _ = EARLIER
GAMES = json.loads((Path(__file__).parent / "rules_v1_games.json").read_text(encoding="utf-8"))


NEW_IN_V2 = ("stalemate", "no_effect_plays", "passed_edges")
"""Options a game recorded under rules v1 has no key for: its stored options are resolved as v1 resolves them."""


def _replay(rules, game: dict, commands: int | None = None) -> Game:
    """The recorded game's commands played again under ``rules``, its options stored as rules v1 stored them."""
    options = {key: value for key, value in rules.resolve_options(game["options"]).items() if key not in NEW_IN_V2}
    played = Game.start(rules, game["seats"], options, game["seed"], salt=game["salt"])
    for n, (seat, command) in enumerate(game["commands"][:commands]):
        played.play(seat, command, f"c{n}")
    return played


def _digest(game: Game) -> str:
    # the facts as rules v1 recorded them, before endings said whether they came at a limit
    facts = [[type(event).__name__, event.chained(LIMITS_CHAINED - 1)["fact"]] for event in game.pending_events
             if hasattr(event, "fact")]
    return hashlib.sha256(json.dumps(facts, sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game["seed"])
def test_a_game_recorded_under_rules_v1_replays_to_the_same_facts(game):
    replayed = _replay(V1, game)
    assert _digest(replayed) == game["digest"]
    assert replayed.outcome().reason == game["reason"]


def test_rules_v1_play_on_past_a_stalemate_and_allow_a_play_that_changes_nothing():
    [greedy] = [game for game in GAMES if game["seed"] == "v1-greedy-2"]
    assert greedy["reason"].startswith("the turn limit (60 turns)")
    game = _replay(V1, greedy, 0)
    stalemates = []
    for n, (seat, command) in enumerate(greedy["commands"]):
        game.play(seat, command, f"c{n}")
        if game.state.phase == "discard" and stalemated(game.state):
            stalemates.append(game.state.turn)
    assert sorted(set(stalemates)) == list(range(27, 60))  # from turn 27 to the turn limit
    with pytest.raises(IllegalCommand, match="Rally would change nothing: no living character of yours has a burden token"):
        _replay(RULESET, greedy)  # rules v2 refuse the 48th command


def test_a_game_recorded_under_rules_v1_loads_goes_on_and_audits_under_v1():
    [greedy] = [game for game in GAMES if game["seed"] == "v1-greedy-2"]
    service = GameService(env=store_env(None))
    game = _replay(V1, greedy, 250)
    service.save(game)
    loaded = service.game(game.id)
    assert loaded.rules is V1 and loaded.state == game.state and loaded.state.options["stalemate"] == "play-on"
    report = audit(service, game.id)
    assert report.clean, report.problems
    for _ in service.play_bots(game.id, bot_seed=3):
        pass
    assert service.status(game.id)["status"] == "over"
    assert audit(service, game.id).clean
