"""The review in the design diary: ``export --format md --review`` adds a "Review" section with the chart,
the mistakes, the swings and the lead changes; names stay text; the review goes only in a diary. A fork's
diary says where it came from."""

from __future__ import annotations

import base64

import pytest
from played_games import played_once

from domain.engine.errors import InvalidSetup
from domain.thinking.bots import RandomBot
from replays.exports import export
from replays.reviews import review_game


@pytest.fixture
def service(module_store_service):
    """One store of each kind for the module: each finished game is played once and read by every test."""
    return module_store_service


def finished(service, seats=("Ana", "Ben")):
    def play():
        # a whole game of 5 rounds (the default is 25): a fifth as much to review
        game_id = service.create_game("infection", list(seats), {"round_limit": 5}, seed="diary-review")
        bot = RandomBot("d")
        while (game := service.game(game_id)).outcome() is None:
            seat = game.to_act()[0]
            service.submit(game_id, seat, bot.choose(game.rules, game.state, seat, game.version))
        return game_id
    return played_once(service, tuple(seats), play)


def test_the_diary_holds_the_review_when_asked(service):
    game_id = finished(service)
    plain = export(service, game_id, "owner", "md")
    reviewed = export(service, game_id, "owner", "md", review_budget=10)
    assert "## Review" not in plain and "## Review" in reviewed
    found = review_game(service, game_id, "owner", 10)
    section = reviewed[reviewed.index("## Review"):reviewed.index("## Turn by turn")]
    for mistake in found.mistakes:
        assert f"Step {mistake.step}, " in section
    assert section.count("takes the lead") == len(found.lead_changes)
    chart = section.split("](data:image/svg+xml;base64,")[1].split(")")[0]
    assert b"Chance to win" in base64.b64decode(chart)
    html = export(service, game_id, "owner", "diary", review_budget=10)
    assert "<h2>Review</h2>" in html and "<script" not in html


def test_names_in_the_review_stay_text(service):
    game_id = finished(service, seats=("*Ana*", "Ben <b>"))
    reviewed = export(service, game_id, "owner", "md", review_budget=10)
    section = reviewed[reviewed.index("## Review"):reviewed.index("## Turn by turn")]
    assert "*Ana*" not in section.replace("\\*Ana\\*", "") and "<b>" not in section.replace("\\<b\\>", "")


def test_a_review_goes_only_in_a_diary(service):
    game_id = finished(service)
    for form in ("ndjson", "json", "csv", "html"):
        with pytest.raises(InvalidSetup, match="design diary"):
            export(service, game_id, "owner", form, review_budget=10)


def test_a_forks_diary_says_where_it_came_from(service):
    game_id = finished(service)
    fork_id, _ = service.fork_game(game_id, 10, seed="f")
    diary = export(service, fork_id, "owner", "md")
    assert f"- **Forked from:** game `{game_id}` after its step 10, seeing everything" in diary
    assert "Forked from" not in export(service, game_id, "owner", "md")
