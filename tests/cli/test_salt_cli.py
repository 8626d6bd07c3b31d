"""``ludolog new --seed S --salt HEX`` deals again the game that showed that seed and salt at its end;
a salt that cannot deal a game is refused in one line, creating nothing."""

from __future__ import annotations

import re

import pytest
from cli_runs import invoke, one_line_error

SEATS = ("--seat", "Ann", "--seat", "Ben", "--seat", "Cy")


def played(db: str, *given: str) -> str:
    """A new game of The Assassination Game Le played to its end by random bots: what ``show`` prints."""
    made = invoke("new", "assassination-le", *SEATS, *given, "--db", db)
    assert made.exit_code == 0, made.output
    game = made.output.strip()
    assert invoke("bot", game, "-q", "--seed", "0", "--db", db).exit_code == 0
    return invoke("show", game, "--db", db).output


def test_show_gives_the_seed_and_salt_that_deal_the_finished_game_again(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    first = played(db, "--seed", "7", "--salt", "0" * 32)
    shown = re.search(r"^Seed: 7, salt ([0-9a-f]{32}) \(commitment ([0-9a-f]{64})\)$", first, re.M)
    assert shown and shown[1] == "0" * 32
    again = played(db, "--seed", "7", "--salt", shown[1])
    assert again.split("game ", 1)[1].split("\n", 1)[1] == first.split("game ", 1)[1].split("\n", 1)[1]


@pytest.mark.parametrize(("given", "words"), [
    (("--salt", "5eed" * 8), "give the seed too"),
    (("--seed", "7", "--salt", "salty"), "32 lowercase hexadecimal digits"),
    (("--table", "--salt", "5eed" * 8), "give no seed or salt"),
])
def test_a_salt_that_cannot_deal_a_game_is_refused_in_one_line(tmp_path, given, words):
    db = str(tmp_path / "games.sqlite3")
    kept = invoke("new", "assassination-le", *SEATS, "--db", db).output.strip()
    assert words in one_line_error(invoke("new", "assassination-le", *SEATS, *given, "--db", db))
    listed = invoke("games", "--json", "--db", db).output
    assert kept in listed and listed.count('"id"') == 1
