"""Every chart of a game draws each seat in the colour the board draws it (``replays.seat_colours``, the one
palette): the diary's charts of the seats' numbers and the review's chance to win, seat 1 blue and seat 2
vermillion as on the board, or a seat's own colour where the board names one (Squad Combat's red squad)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

import pytest

from domain.keeping.access import OWNER
from domain.thinking.review import Estimate, Review
from replays.boards import board, colours_of
from replays.diary import to_markdown
from replays.review_chart import review_chart_svg
from replays.seat_colours import SEAT_COLOURS

SVG = "{http://www.w3.org/2000/svg}"
SALT = "5eed" * 8
GAMES = {"infection": {}, "squad-combat": {"turn_limit": 6}}
"""Infection draws its seats in their own colours; Squad Combat's seats play the red and the blue squad,
drawn red and blue (seat 1 red)."""


def played(service, ruleset: str):
    game_id = service.create_game(ruleset, ["Ann", "Ben"], GAMES[ruleset], seed="chart-colours", salt=SALT)
    for _ in service.play_bots(game_id, bot_seed=1):
        pass
    return game_id


def board_dots(service, game_id) -> list[str]:
    """The colours of the seats' dots in the board's legend, seat 1 first."""
    root = ElementTree.fromstring(board(service, game_id, OWNER)["svg"])
    return [circle.get("fill") for circle in root.findall(f"{SVG}circle")][-2:]


def series_colours(svg: bytes) -> dict[int, str]:
    """A pygal chart's colour of each series, by its index (``.color-N``'s stroke)."""
    return {int(n): colour.decode() for n, colour in re.findall(rb"\.color-(\d+),[^{]*\{stroke:(#[0-9a-f]{6})", svg)}


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_the_diary_charts_draw_seats_1_and_2_in_the_boards_colours(service, tmp_path, ruleset):
    game_id = played(service, ruleset)
    dots = board_dots(service, game_id)
    to_markdown(service, game_id, OWNER, images_dir=tmp_path / "charts")
    charts = list((tmp_path / "charts").iterdir())

    assert charts
    for chart in charts:
        colours = series_colours(chart.read_bytes())
        assert [colours[0], colours[1]] == dots, chart.name
    if ruleset == "infection":
        assert dots == list(SEAT_COLOURS[:2])  # blue, then vermillion
    else:
        assert dots == list(SEAT_COLOURS[1::-1])  # the red squad's seat red, the blue's blue


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_the_review_chart_draws_seats_1_and_2_in_the_boards_colours(service, tmp_path, ruleset):
    game_id = played(service, ruleset)
    dots = board_dots(service, game_id)
    even = {1: 0.5, 2: 0.5}
    found = Review(seats=2, eye=None, budget=1, estimates=[Estimate(0, even, even), Estimate(1, {1: 0.8, 2: 0.2}, even)])

    assert colours_of(service.game(game_id)) == dots  # what the API's and the CLI's review chart are drawn in
    colours = series_colours(review_chart_svg(found, ["Ann", "Ben"], colours=colours_of(service.game(game_id))))
    assert [colours[0], colours[3]] == dots  # each seat's line, then its interval's two lines
    assert colours[1] == colours[2] == dots[0] and colours[4] == colours[5] == dots[1]
    # in the diary too
    to_markdown(service, game_id, OWNER, images_dir=tmp_path / "charts", review=found)
    (chart,) = [path for path in (tmp_path / "charts").iterdir() if path.name.endswith("review-chance-to-win.svg")]
    colours = series_colours(chart.read_bytes())
    assert [colours[0], colours[3]] == dots


def test_a_chart_without_the_boards_colours_given_draws_the_seats_own():
    found = Review(seats=2, eye=None, budget=1, estimates=[Estimate(0, {1: 0.5, 2: 0.5}, {1: 0.1, 2: 0.1})])
    colours = series_colours(review_chart_svg(found, ["Ann", "Ben"]))
    assert [colours[0], colours[3]] == list(SEAT_COLOURS[:2])
