"""The Location CCG from the command line: a game made and played to its outcome by the bot and audited
clean, ``show --as`` drawing the table as one seat sees it (the locations with their tokens and the
characters there, each HQ and bank, its own hand, and only counts of the other hand and the decks),
and mistakes (an illegal command, a bad deck or location list) told in one line, never a traceback."""

from __future__ import annotations

import json

from cli_runs import invoke, one_line_error

from domain.games.location_ccg import RULESET as RULES
from domain.games.location_ccg.cards import pool
from domain.keeping.service import GameService
from domain.keeping.store import store_env

BEN_ONLY = ("colossus", "shadow_master", "windfall", "safehouse")
DEMO = dict(pool().decks["demo"])
ANN_DECK = {**{card: n for card, n in DEMO.items() if card not in BEN_ONLY},
            "phoenix_monk": 3, "katana": 3, "body_armor": 3, "disguise": 3, "ambush": 3, "dojo": 3, "arrest": 3}


SALT = "5eed" * 8
"""The salt of every game here: with it, the seed "4" deals one game."""


def new_game(db: str, *options: str) -> str:
    made = invoke("new", "location-ccg", "--seat", "A", "--seat", "B", "--seed", "4", "--salt", SALT,
                  *[arg for option in options for arg in ("--option", option)], "--db", db)
    assert made.exit_code == 0, made.output
    return made.output.strip()


def test_a_game_is_played_to_its_outcome_by_the_bot_and_audits_clean(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    game = new_game(db)
    played = invoke("bot", game, "--db", db)
    assert played.exit_code == 0, played.output
    assert "Game over." in played.output
    service = GameService(env=store_env(db))
    outcome = service.game(service.find_game(game)).outcome()
    assert outcome is not None and outcome.reason in played.output
    audited = invoke("audit", game, "--db", db)
    assert audited.exit_code == 0 and "clean" in audited.output, audited.output


def test_show_as_a_seat_draws_the_table_as_that_seat_sees_it(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    game = new_game(db, f"decks={json.dumps([ANN_DECK, DEMO])}")
    service = GameService(env=store_env(db))
    game_id = service.find_game(game)
    for _ in service.play_bots(game_id, bot_seed="show"):  # until characters are out and seat 2 holds a secret
        state = service.game(game_id).state
        public = {c["card"] for c in state.in_play.values()} | {card for p in state.players for card in p["bank"] + p["discard"]}
        ben_secrets = set(state.player(2)["hand"]) & set(BEN_ONLY) - public
        if state.characters(1) and state.characters(2) and ben_secrets:
            break
    else:
        raise AssertionError("the game ended before both players had characters out")
    assert ben_secrets and state.phase != "over"
    shown = invoke("show", game, "--as", "1", "--db", db).output
    lines = shown.splitlines()
    view = RULES.view(state, 1)
    assert RULES.render(view, ["A", "B"]) in shown
    for place, loc in enumerate(state.locations, 1):
        where = state.location(place - 1)
        line = next(line for line in lines if line.startswith(f"  location {place} {where.name} "))
        assert f"(Skl {where.skill}, VP {where.vp})" in line
        assert f"tokens A {loc['tokens']['1']}, B {loc['tokens']['2']}" in line or "won by" in line
    for uid in state.characters():
        assert f"#{uid} {state.card(uid).name}" in shown
    ann = state.player(1)
    hand = ", ".join(pool().cards[card].name for card in ann["hand"]) or "empty"
    assert any(line.endswith(f"1 A: hand {hand}") for line in lines)
    assert any(line.endswith(f"2 B: hand {len(state.player(2)['hand'])} cards, hidden") for line in lines)
    points = "".join(pool().cards[card].resources for card in ann["bank"])
    assert any(line.startswith(f"    deck {state.deck_size(1)}") and line.endswith(f"bank {points or 'empty'}") for line in lines)
    assert any(line.startswith(f"    deck {state.deck_size(2)}") for line in lines)
    assert all(pool().cards[card].name not in shown for card in ben_secrets)
    as_ben = invoke("show", game, "--as", "B", "--db", db).output
    assert all(pool().cards[card].name in as_ben for card in ben_secrets)


def test_an_illegal_command_is_one_line_and_exit_1(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    game = new_game(db)
    service = GameService(env=store_env(db))
    state = service.game(service.find_game(game)).state
    chooser, other = state.current, 3 - state.current
    assert "turn" in one_line_error(invoke("act", game, "--seat", str(other), '{"type": "draw"}', "--db", db))
    not_brought = state.player(other)["brought"][0]
    message = one_line_error(invoke("act", game, "--seat", str(chooser),
                                    json.dumps({"type": "choose_location", "location": not_brought}), "--db", db))
    assert "choose one of the locations you brought" in message
    assert "draw is not possible now" in one_line_error(invoke("act", game, "--seat", str(chooser), '{"type": "draw"}', "--db", db))
    assert one_line_error(invoke("act", game, "--seat", str(chooser), '{"type": "choose_location"}', "--db", db))
    assert service.game(service.find_game(game)).version == 3  # nothing was recorded


def test_an_illegal_command_typed_in_hot_seat_play_is_refused_and_asked_again(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    game = new_game(db)
    played = invoke("play", game, "--db", db, stdin="\nplay card=colossus\n9\nq\n")
    assert played.exit_code == 0 and "Traceback" not in played.output
    assert "Refused: play is not possible now: it is the locations step (choose_location)" in played.output
    assert "Pick a number from 1 to 3, or type a command." in played.output


def test_a_bad_deck_or_location_list_is_one_line_and_exit_1_and_makes_no_game(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    new_game(db)
    short = one_line_error(invoke("new", "location-ccg", "--seat", "A", "--seat", "B", "--option",
                                  'decks=[{"sniper": 10}, {"sniper": 3}]', "--db", db))
    assert "bad option decks: seat 1's deck" in short and "at least 40" in short and "at most 3" in short
    unknown = one_line_error(invoke("new", "location-ccg", "--seat", "A", "--seat", "B", "--option",
                                    f"decks={json.dumps([DEMO, {**DEMO, 'dragon': 1}])}", "--db", db))
    assert "seat 2's deck" in unknown and "no card 'dragon'" in unknown
    assert "bad option decks" in one_line_error(invoke("new", "location-ccg", "--seat", "A", "--seat", "B",
                                                       "--option", 'decks=[{"colossus": 3}]', "--db", db))
    twice = one_line_error(invoke("new", "location-ccg", "--seat", "A", "--seat", "B", "--option",
                                  'locations=[["docks", "docks", "casino"], ["casino", "embassy", "old_temple"]]', "--db", db))
    assert "bad option locations: seat 1" in twice and "3 different locations" in twice
    assert len(GameService(env=store_env(db)).list_games()) == 1
