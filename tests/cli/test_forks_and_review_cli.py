"""``ludolog fork``, ``ludolog review`` and what they change elsewhere in the CLI: ``games`` lists a fork under
its game, ``replay --with-trunk`` shows the trunk's steps before the fork's, ``replay --review`` marks the key
moments, ``export`` and ``import`` carry a whole family, and every mistake is one line and exit 1."""

from __future__ import annotations

import json

import pytest
from cli_runs import one_line_error

SALT = "5eed" * 8


@pytest.fixture
def game(run):
    """A whole game played by a bot, of 6 rounds rather than the default's 24: some 70 steps, enough to fork at
    20 and 25 and to review with key moments, in a quarter of the time."""
    game = run("new", "infection", "--seat", "Ana", "--seat", "Ben", "--seed", "3", "--salt", SALT,
               "--option", "round_limit=6").output.strip()
    assert run("bot", game, "-q", "--seed", "0").exit_code == 0
    return game


def test_fork_prints_the_new_game_and_games_lists_it_under_its_trunk(run, game):
    forked = run("fork", game[:8], "--at", "20", "--seed", "7")
    assert forked.exit_code == 0, forked.output
    fork_id = forked.output.strip()
    listing = run("games").output.splitlines()
    trunk_line = next(i for i, line in enumerate(listing) if line.startswith(game))
    assert listing[trunk_line + 1].startswith(f"  {fork_id}") and f"(fork of {game[:8]} at step 20)" in listing[trunk_line + 1]
    assert "fork at step 20" in listing[trunk_line + 1]
    as_json = json.loads(run("fork", game, "--at", "25", "--json", "--name", "What if").output)
    assert as_json["fork"] == {"game": game, "step": 25, "hash": as_json["fork"]["hash"], "eye": None}
    assert len(as_json["seats"]) == 2 and as_json["owner_token"]
    assert run("bot", fork_id, "-q", "--seed", "1").exit_code == 0
    assert "a fork of game" in run("audit", fork_id).output


def test_a_bad_fork_is_one_line_and_changes_nothing(run, game):
    before = run("games").output
    assert "not in this game" in one_line_error(run("fork", game, "--at", "9999"))
    assert "being set up" in one_line_error(run("fork", game, "--at", "1"))
    assert "no seat" in one_line_error(run("fork", game, "--at", "20", "--as", "Cy"))
    assert "no game" in one_line_error(run("fork", "ffffffff", "--at", "20"))
    assert run("games").output == before


def test_replay_with_trunk_shows_the_games_steps_then_the_forks(run, game):
    fork_id = run("fork", game, "--at", "20", "--seed", "7").output.strip()
    run("bot", fork_id, "-q", "--seed", "1")
    whole = run("replay", fork_id, "--with-trunk").output
    own = run("replay", fork_id).output
    total = own.count("\nstep ") + 20
    assert f"step 1 of {total}" in whole and "Forked from game" in whole
    assert whole.index(f"step 20 of {total}") < whole.index("Forked from game") < whole.index(f"step 22 of {total}")
    assert "Forked from game" in own and own.count("\nstep ") + 20 == whole.count("\nstep ")


def test_review_prints_the_chances_mistakes_swings_and_lead_changes(run, game, tmp_path):
    reviewed = run("review", game, "--budget", "10", "--chart", str(tmp_path / "chart.svg"))
    assert reviewed.exit_code == 0, reviewed.output
    text = reviewed.output
    for heading in ("Chance to win", "Mistakes", "The largest swings of chance", "Lead changes"):
        assert heading in text
    assert "seeing everything" in text and "judged by the search at 10 simulations" in text
    svg = (tmp_path / "chart.svg").read_bytes()
    assert svg.startswith(b"<?xml") and b"<script" not in svg and b"Ana" in svg
    data = json.loads(run("review", game, "--budget", "10", "--json").output)
    assert data["budget"] == 10 and len(data["estimates"][0]["chance"]) == 2 and data["key_moments"]


def test_review_bookmarks_its_key_moments_and_the_replay_jumps_to_them(run, game):
    data = json.loads(run("review", game, "--budget", "10", "--json", "--bookmark").output)
    assert data["bookmarked"] == len(data["key_moments"]) > 0
    notes = json.loads(run("notes", game, "--json").output)
    assert sorted(note["at"] for note in notes) == sorted(moment["step"] for moment in data["key_moments"])
    replayed = run("replay", game, "--review", "--budget", "10").output
    assert replayed.count("Key moment (k/K next/previous):") == len({m["step"] for m in data["key_moments"]})


def test_a_bad_review_is_one_line(run, game, tmp_path, monkeypatch):
    assert "budget" in one_line_error(run("review", game, "--budget", "0"))
    kit = run("new", "tests/kits/market.yaml", "--seat", "Ana", "--seat", "Ben").output.strip()
    assert "table kit" in one_line_error(run("review", kit))
    # a chart that cannot be written where it is asked for is refused before anything is reviewed
    monkeypatch.setattr("replays.reviews.review_game", lambda *args, **kwargs: pytest.fail("the game was reviewed"))
    (tmp_path / "a-file").write_text("")
    for chart in (tmp_path / "no" / "c.svg", tmp_path / "a-file" / "c.svg"):
        assert "cannot write the chart" in one_line_error(run("review", game, "--budget", "5", "--bookmark", "--chart", str(chart)))
        assert not chart.parent.is_dir()
    assert json.loads(run("notes", game, "--json").output) == []


def test_export_of_a_fork_holds_its_trunk_and_import_recreates_both(run, game, tmp_path):
    fork_id = run("fork", game, "--at", "20", "--seed", "7").output.strip()
    run("bot", fork_id, "-q", "--seed", "1")
    exported = tmp_path / "fork.ndjson"
    assert run("export", fork_id, "--format", "ndjson", "--output", str(exported)).exit_code == 0
    other = str(tmp_path / "other.sqlite3")
    imported = run("import", str(exported), db=other)
    assert imported.exit_code == 0, imported.output
    assert imported.output.split() == [game, fork_id]
    assert run("audit", fork_id, db=other).exit_code == 0


def test_export_puts_the_review_in_the_diary(run, game, tmp_path):
    written = tmp_path / "diary.md"
    assert run("export", game, "--format", "md", "--review", "--budget", "5", "-o", str(written)).exit_code == 0
    text = written.read_text(encoding="utf-8")
    assert "## Review" in text and "diary-charts/" in text
    assert (tmp_path / "diary-charts").is_dir()
    assert "add --review" in one_line_error(run("export", game, "--format", "md", "--budget", "5"))
    assert "design diary" in one_line_error(run("export", game, "--format", "csv", "--review"))
