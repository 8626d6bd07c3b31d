"""The replay page of a long game in Chromium, on a phone-sized page (390 x 844): it opens on step 1 with
one board drawn, and each step's board is drawn only when the step is shown, the same SVG as the one
renderer (``replays.drawing``) draws for that step, what its event changed outlined; steps go by keys,
buttons, the log and ``#step-N``; the page is no wider than the phone; seat names and a note's text that
look like markup stay text. A log longer than a block (1,000 steps) is written a block at a time after
the first board is shown, and a step asked for by ``#step-N`` beyond the first block is there at once."""

from __future__ import annotations

import itertools

import pytest
from played_games import steady_game

from domain.engine.picture import changed
from domain.keeping.access import OWNER
from domain.keeping.notebook import Notebook
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from replays.cursor import Cursor
from replays.drawing import to_svg
from replays.page import to_html
from replays.page_steps import EVERY

PHONE = {"width": 390, "height": 844}
EVIL = "<img src=x onerror=1>&"

SERIALISED = """expected => {
  const serialise = svg => new XMLSerializer().serializeToString(svg);
  const parsed = new DOMParser().parseFromString(expected, "image/svg+xml").documentElement;
  parsed.removeAttribute("width");
  parsed.removeAttribute("height");
  return [serialise(document.querySelector("#drawing svg")), serialise(document.importNode(parsed, true))];
}"""
"""The board the page drew and the one renderer's SVG for the same step, each serialised as the page holds it."""


@pytest.fixture(scope="module")
def service():
    found = GameService(env=store_env(None))
    yield found
    found.close()


@pytest.fixture(scope="module")
def long_game(service):
    """A Project Assassination game of about 1,200 events, played as the benchmarks play it."""
    return steady_game(service, [EVIL, "Ben"], 300, "replay-page-web")


def opened(browser, path, fragment=""):
    page = browser.new_page(viewport=PHONE)
    page.errors, page.requests = [], []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("request", lambda request: page.requests.append(request.url))
    page.goto(path.as_uri() + fragment)
    return page


def python_drawn(cursor: Cursor, number: int) -> str:
    rules, seats = cursor.rules, cursor.seats
    before = rules.picture(cursor.goto(number - 1).view, seats) if number > 1 else None
    picture = rules.picture(cursor.goto(number).view, seats)
    return to_svg(picture, seats, changed(before, picture), label=f"{rules.title} after step {number}")


def test_each_board_is_drawn_when_its_step_is_shown_as_the_one_renderer_draws_it(browser, service, long_game, tmp_path):
    path = tmp_path / "long.html"
    path.write_text(to_html(service, long_game), encoding="utf-8")
    cursor = Cursor(service, long_game)
    total = cursor.total
    page = opened(browser, path)
    try:
        assert page.text_content("#position") == f"Step 1 of {total}"
        assert page.evaluate("document.querySelectorAll('svg').length") == 1  # one board drawn, not every step's
        page.wait_for_function(f"document.querySelectorAll('#log li').length === {total}")  # the rest of the log, written after
        drawn, expected = page.evaluate(SERIALISED, python_drawn(cursor, 1))
        assert drawn == expected
        page.keyboard.press("ArrowRight")
        drawn, expected = page.evaluate(SERIALISED, python_drawn(cursor, 2))
        assert drawn == expected and 'class="changed"' in drawn  # what the event changed, outlined
        for number in (EVERY, EVERY + 1, total // 2, total):  # both sides of a key step, the middle, the end
            page.locator("#log li button").nth(number - 1).click()
            assert page.text_content("#position") == f"Step {number} of {total}"
            assert page.text_content("#board") == cursor.render(number)
            assert page.text_content("#log li.current .number") == str(number)
            drawn, expected = page.evaluate(SERIALISED, python_drawn(cursor, number))
            assert drawn == expected, number
            assert page.evaluate("document.querySelectorAll('svg').length") == 1
        page.keyboard.press("Home")
        assert page.text_content("#position") == f"Step 1 of {total}"
        page.click("#last")
        assert page.text_content("#position") == f"Step {total} of {total}"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing wider than the phone
        assert page.errors == [] and all(url.startswith("file://") for url in page.requests), (page.errors, page.requests)
    finally:
        page.close()
    late = total - 5  # beyond the log's first block
    linked = opened(browser, path, f"#step-{late}")
    try:
        assert total > 1000 and linked.text_content("#position") == f"Step {late} of {total}"
        assert linked.text_content("#log li.current .number") == str(late)
        drawn, expected = linked.evaluate(SERIALISED, python_drawn(cursor, late))
        assert drawn == expected
    finally:
        linked.close()


def test_a_hostile_name_and_note_stay_text_on_the_drawn_board_and_under_the_step(browser, service, tmp_path):
    game_id = service.create_game("assassination-le", [EVIL, "Ben", "Cy"], seed="replay-page-web")
    for _ in itertools.islice(service.play_bots(game_id, bot_seed=1), 8):
        pass
    Notebook(service).write(game_id, OWNER, {"at": 4, "text": f"{EVIL}\n<b>bold?</b>", "bookmark": EVIL})
    path = tmp_path / "hostile.html"
    path.write_text(to_html(service, game_id), encoding="utf-8")
    page = opened(browser, path)
    try:
        legend = page.locator("#drawing svg text").all_text_contents()
        assert f"1 {EVIL}" in legend  # the seat's name in the legend, as text
        page.locator("#bookmarks button").first.click()
        assert page.text_content("#position").startswith("Step 4 of ")
        assert page.inner_text("#notes .text") == f"{EVIL}\n<b>bold?</b>"
        assert page.evaluate("document.querySelectorAll('img, b, script').length") == 2  # the page's own two scripts
        assert page.errors == []
    finally:
        page.close()
