"""Squad Combat from the command line: a game made and played to its outcome by the bot in both rule
versions, ``show --as`` showing a seat its own hand and only the size of the other's, and hot-seat
play asking the next player to take the keyboard before it shows their hand."""

from __future__ import annotations

import pytest
from cli_runs import invoke

from domain.keeping.service import GameService
from domain.keeping.store import store_env


@pytest.mark.parametrize("rules", ["v1", "v0.5"])
def test_a_game_is_played_to_its_outcome_by_the_bot(tmp_path, rules):
    db = str(tmp_path / "games.sqlite3")
    game = invoke("new", "squad-combat", "--seat", "A", "--seat", "B", "--seed", "9", "--option", f"rules={rules}",
                  "--db", db).output.strip()
    played = invoke("bot", game, "--db", db)
    assert played.exit_code == 0, played.output
    assert "Game over." in played.output
    assert invoke("audit", game, "--db", db).exit_code == 0


def test_show_as_a_seat_shows_its_own_hand_and_the_size_of_the_others(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    game = invoke("new", "squad-combat", "--seat", "Ann", "--seat", "Ben", "--seed", "9", "--db", db).output.strip()
    state = GameService(env=store_env(db)).game(GameService(env=store_env(db)).find_game(game)).state
    ann, ben = state.player(1)["hand"], state.player(2)["hand"]
    shown = invoke("show", game, "--as", "1", "--db", db).output
    ann_line = next(line for line in shown.splitlines() if "1 Ann" in line)
    ben_line = next(line for line in shown.splitlines() if "2 Ben" in line)
    assert "hand 5 cards, hidden" in ben_line
    assert "hidden" not in ann_line and ann_line.count(",") >= len(ann) - 1
    as_ben = invoke("show", game, "--as", "Ben", "--json", "--db", db).output
    assert '"hand": null' in as_ben and str(ben[0]) in as_ben


def test_hot_seat_play_asks_the_next_player_to_take_the_keyboard_before_showing_a_hand(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    game = invoke("new", "squad-combat", "--seat", "Ann", "--seat", "Ben", "--seed", "9", "--db", db).output.strip()
    first = GameService(env=store_env(db)).game(GameService(env=store_env(db)).find_game(game)).state.first
    name = ["Ann", "Ben"][first - 1]
    out = invoke("play", game, "--db", db, stdin="\npass\n\nq\n").output
    ask = out.index(f"{name} (seat {first}), take the keyboard")
    assert ask < out.index("hand ") and ask < out.index("your move")
    other = ["Ann", "Ben"][2 - first]
    assert f"{other} (seat {3 - first}), take the keyboard" in out[out.index("passed"):]
