"""A phone reads and taps every board: on a 390×844 touch screen the play page of Missions, of two other games
and of a kit's game shows the board zoomed in to read (no text on it under 11 CSS px), panning in its own view
and turned to the things the seat may tap, each of which takes a tap 44×44 CSS px at least (its drawing and
the tap area around it: a tap there, beside the drawing, chooses the thing and plays nothing); the first
command is in view and the page never scrolls sideways; See the whole board fits the board to the screen, and
pressed again zooms it in; a 1280-pixel window draws the board as before. And a page whose seat the game's
owner freed says what happened and how to get back in, plays nothing, and goes on as a spectator's page."""

from __future__ import annotations

import pathlib
import urllib.request

import pytest
from pages import call, tab
from playwright.sync_api import expect

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
KITS = pathlib.Path(__file__).resolve().parents[2] / "domain" / "games" / "table_kit" / "kits"
SALT = "5eed" * 8

BOARD = """() => {
  const svg = document.querySelector('#board svg');
  const scale = svg.getScreenCTM().a;
  const texts = [...svg.querySelectorAll('text')].map((text) => parseFloat(getComputedStyle(text).fontSize) * scale);
  const view = document.querySelector('#board .board-view').getBoundingClientRect();
  const shown = (area) => getComputedStyle(area).display !== 'none';
  const targets = [...svg.querySelectorAll('g.pickable[data-ref]')].map((item) => {
    const rects = [item.getBoundingClientRect(), ...[...svg.querySelectorAll('rect.tap-area')]
      .filter((area) => area.dataset.tapFor === item.dataset.id && shown(area)).map((area) => area.getBoundingClientRect())];
    const left = Math.min(...rects.map((r) => r.left)), right = Math.max(...rects.map((r) => r.right));
    const top = Math.min(...rects.map((r) => r.top)), bottom = Math.max(...rects.map((r) => r.bottom));
    const seen = right > view.left && left < view.right && bottom > view.top && top < view.bottom;
    return [item.dataset.id, right - left, bottom - top, seen];
  });
  return { smallestText: Math.min(...texts), targets };
}"""

BESIDE_A_THING = """() => {
  // a point of a tap area, beside its thing's drawing, where a finger would land on that area: [ref, x, y]
  const view = document.querySelector('#board .board-view').getBoundingClientRect();
  for (const area of document.querySelectorAll('#board rect.tap-area')) {
    const item = document.querySelector(`#board g.pickable[data-id="${CSS.escape(area.dataset.tapFor)}"]`);
    const a = area.getBoundingClientRect(), t = item.getBoundingClientRect();
    const middle = [(t.left + t.right) / 2, (t.top + t.bottom) / 2];
    for (const [x, y] of [[a.left + 2, middle[1]], [a.right - 2, middle[1]], [middle[0], a.top + 2], [middle[0], a.bottom - 2]]) {
      const outside = x < t.left || x > t.right || y < t.top || y > t.bottom;
      const inView = x > view.left && x < view.right && y > view.top && y < view.bottom && y < innerHeight;
      if (outside && inView && document.elementFromPoint(x, y) === area) return [item.dataset.ref, x, y];
    }
  }
  return null;
}"""


def new_game(server: str, kind: str, seats: list[str]) -> dict:
    if kind.endswith(".yaml"):  # a kit on the shelf, added to the service's kits as the new game form does
        kind = call(server, "/kits", body={"text": (KITS / kind).read_text(encoding="utf-8"), "format": "yaml"})["name"]
    return call(server, "/games", body={"ruleset": kind, "seats": seats, "seed": "phone boards", "salt": SALT})


def seat_with_things_to_tap(server: str, game: dict) -> str:
    """The token of the seat to act once a command of theirs names things on the board (bots play before)."""
    for _ in range(30):
        seat = call(server, f"/games/{game['id']}")["to_act"][0]
        token = game["seats"][seat - 1]["token"]
        legal = call(server, f"/games/{game['id']}/legal-commands", token)
        if any(field for refs in legal["refs"] for field in refs.values()):
            return token
        call(server, f"/games/{game['id']}/bot-move", game["owner_token"], {"strategy": "greedy", "seed": "1"})
    raise AssertionError("no command of the seat to act names a thing on the board")


def the_version(server: str, game_id: str) -> int:
    return call(server, f"/games/{game_id}")["version"]


def no_sideways_scroll(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("kind", ["missions", *(pytest.param(kind, marks=pytest.mark.slow) for kind in ("correction", "squad-combat", "tic-tac-toe.yaml"))])  # the others: -m slow
def test_a_phone_reads_the_board_at_11_px_and_taps_each_thing_in_44_px_with_the_commands_in_view(browser, server, screenshots, kind):
    game = new_game(server, kind, ["Ann", "Ben", "Cy"] if kind == "missions" else ["Ann", "Ben"])
    token = seat_with_things_to_tap(server, game)
    phone = browser.new_context(**PHONE)
    page = tab(phone, f"{server}#/play/{game['id']}/{token}")
    page.wait_for_selector("#board g.pickable")
    expect(page.locator("button.command").first).to_be_in_viewport(ratio=1)  # the first command, whole, on screen
    assert no_sideways_scroll(page), f"{kind}: the page scrolls sideways"
    board = page.evaluate(BOARD)
    assert board["smallestText"] >= 11, f"{kind}: board text at {board['smallestText']:.1f} px on a phone"
    small = [(item, round(width), round(height)) for item, width, height, _ in board["targets"] if min(width, height) < 44]
    assert board["targets"] and small == [], f"{kind}: things to tap smaller than 44×44 px: {small[:5]}"
    assert any(seen for *_, seen in board["targets"]), f"{kind}: the zoomed board shows none of the things to tap"
    page.screenshot(path=str(screenshots / f"phone-board-{kind.removesuffix('.yaml')}.jpg"), quality=80)

    before = the_version(server, game["id"])
    beside = page.evaluate(BESIDE_A_THING)
    assert beside or not page.locator("#board rect.tap-area").count(), f"{kind}: no tap area takes a tap beside its thing"
    if beside is not None:  # a thing drawn smaller than 44 px: a tap beside its drawing, on its tap area, chooses it
        ref, x, y = beside
        page.touchscreen.tap(x, y)
        expect(page.locator(f'#board g[data-ref="{ref}"][aria-pressed="true"]').first).to_be_attached()
        assert the_version(server, game["id"]) == before, f"{kind}: one tap played a move"
        expect(page.locator("button.command, #confirm-move").first).to_be_in_viewport(ratio=1)

    page.tap("#board-size")  # See the whole board: fitted to the screen's width
    expect(page.locator("#board-size")).to_have_attribute("aria-pressed", "true")
    assert page.locator("#board svg").bounding_box()["width"] <= 390
    assert no_sideways_scroll(page)
    page.tap("#board-size")  # and zoomed in to read again
    assert page.evaluate(BOARD)["smallestText"] >= 11
    assert no_sideways_scroll(page)
    assert page.errors == []
    phone.close()


@pytest.mark.slow
def test_a_wide_window_draws_the_board_fitted_as_before(browser, server):
    game = new_game(server, "missions", ["Ann", "Ben", "Cy"])
    token = seat_with_things_to_tap(server, game)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = tab(context, f"{server}#/play/{game['id']}/{token}")
    page.wait_for_selector("#board g.pickable")
    fitted = page.evaluate("""() => {
      const view = document.querySelector('#board .board-view'), svg = view.querySelector('svg');
      return [view.scrollWidth <= view.clientWidth, view.scrollHeight <= view.clientHeight + 1,
              svg.getBoundingClientRect().width <= view.getBoundingClientRect().width + 0.5];
    }""")
    assert fitted == [True, True, True]
    assert page.evaluate("() => [...document.querySelectorAll('#board rect.tap-area')].every((a) => getComputedStyle(a).display === 'none')")
    expect(page.locator("#board-size")).to_be_hidden()
    assert page.errors == []
    context.close()


def free_seat(server: str, game: dict, seat: int) -> None:
    request = urllib.request.Request(f"{server.rstrip('/')}/games/{game['id']}/joining/seats/{seat}", method="DELETE",
                                     headers={"Authorization": f"Bearer {game['owner_token']}"})
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status == 204


FREED = "This seat was freed or given to another device; this page's token no longer plays it."


def test_a_freed_seats_page_says_what_happened_and_how_to_get_back_in_and_plays_nothing(browser, server, screenshots):
    game = new_game(server, "infection", ["Ann", "Ben"])
    opened = call(server, f"/games/{game['id']}/joining", game["owner_token"], body={})
    claimed = call(server, f"/join/{opened['code']}", body={"name": "Zoé"})
    while call(server, f"/games/{game['id']}")["to_act"] != [claimed["seat"]]:  # the other seat's moves, by a bot
        call(server, f"/games/{game['id']}/bot-move", game["owner_token"], {"strategy": "greedy", "seed": "1"})
    phone = browser.new_context(**PHONE)
    page = tab(phone, f"{server}#/play/{game['id']}/{claimed['token']}")
    expect(page.locator(".seats-list .me")).to_contain_text("(you)")
    expect(page.locator("button.command").first).to_be_visible()
    expect(page.locator("#seat-lost")).to_be_hidden()

    free_seat(server, game, claimed["seat"])  # the teacher frees it: the page's token no longer plays it
    before = the_version(server, game["id"])
    page.locator("button.command").first.tap()  # the student, not knowing, plays on
    lost = page.locator("#seat-lost")
    expect(lost).to_be_visible()
    expect(lost).to_contain_text(FREED)
    expect(lost).to_contain_text("open the join link you were given, or type the room code")
    expect(lost).to_contain_text("ask the teacher")
    expect(page.locator("#commands h2")).to_have_text("Watching")  # the game goes on, seen as a spectator sees it
    expect(page.locator("button.command")).to_have_count(0)
    assert the_version(server, game["id"]) == before, "the freed seat's page played a move"
    assert page.text_content("#refusal") == ""
    text = page.text_content("main")
    assert "ludolog tokens" not in text and "tab that created" not in text and "the token is not one of" not in text
    page.screenshot(path=str(screenshots / "phone-seat-freed.jpg"), quality=80)

    page.reload()  # the page opened again with the token it kept: told at once, with nothing tapped
    expect(page.locator("#seat-lost")).to_contain_text(FREED)
    expect(page.locator("#board svg")).to_be_attached()
    assert page.errors == []

    other = tab(phone, f"{server}#/watch/{game['id']}")  # a page with no seat: how a student who joined gets one
    hint = other.locator("#no-seat")
    expect(hint).to_contain_text("open the join link or your seat's own link again, or type the room code")
    assert "ludolog tokens" not in hint.text_content() and "tab that created" not in hint.text_content()
    assert other.errors == []
    phone.close()
