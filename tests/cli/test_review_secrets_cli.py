"""``ludolog review GAME --as SEAT`` of a game with choices made in secret (Rock, paper, scissors; Sealed bids, a
bid being a card of a hidden hand): from either seat's eye it prints the review, its JSON and its bookmarks (exit
0, never a one-line mistake), and nothing it prints names a card the seat could not see."""

from __future__ import annotations

import json

import pytest
from secret_reviews import SEALED_GAMES, SEATS, played, unseen_in


@pytest.mark.parametrize("seat", [1, 2])
def test_a_seats_review_of_a_sealed_choice_game_prints_and_never_names_a_card_it_cannot_see(run, sqlite_service, seat):
    for name, seed, commands in SEALED_GAMES:
        game_id = played(sqlite_service, name, seed, commands)
        printed = []
        for extra in ([], ["--json"], ["--json", "--bookmark"]):
            result = run("review", str(game_id), "--as", SEATS[seat - 1], "--budget", "10", *extra)
            assert result.exit_code == 0, (name, seed, result.output)
            printed.append(result.output)
        assert f"as {SEATS[seat - 1]} saw it" in printed[0] and json.loads(printed[1])["eye"] == seat
        notes = run("notes", str(game_id), "--as", SEATS[seat - 1], "--json")
        assert notes.exit_code == 0, notes.output
        assert unseen_in("\n".join([*printed, notes.output]), sqlite_service, game_id, seat) == [], (name, seed)
