"""A phone plays safely: in a 390×844 touch screen every page fits its width (the lobby, the new game form,
the play page of a board game, a card game and a kit game, the replay page), the commands show without
scrolling past the board, and a tap on the board only selects a move, saying so in words: a second tap
on the same thing, or Confirm, plays it; Cancel, or a tap elsewhere on the board, plays nothing."""

from __future__ import annotations

import json
import pathlib

import pytest
from pages import call, drawn_past, tab
from playwright.sync_api import expect

from domain.engine import registry

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
KITS = pathlib.Path(__file__).resolve().parents[2] / "domain" / "games" / "table_kit" / "kits"
SALT = "5eed" * 8
NAMES = ["Annabelle Longname", "Benedict Longername", "Cy", "Dee"]
"""The players: long names, as a class types them, which must wrap rather than widen the page."""

WIDER_THAN_THE_SCREEN = """(scope) => {
  const width = document.documentElement.clientWidth;
  const panned = (item) => {  // a phone's board, zoomed in to read, pans inside its own view, which clips it
    const view = item.closest('.board-view');
    return view && view !== item && getComputedStyle(view).overflowX !== 'visible';
  };
  const hidden = (item) => item.closest('thead') || !item.checkVisibility() || panned(item);
  return [...document.querySelectorAll(scope)].filter((item) => !hidden(item)).map((item) => [item, item.getBoundingClientRect()])
    .filter(([, box]) => box.width > 0 && (box.left < -0.5 || box.right > width + 0.5))
    .map(([item, box]) => `${item.tagName}${item.id ? '#' + item.id : ''}.${item.className.baseVal ?? item.className}`
      + ` ${Math.round(box.left)}..${Math.round(box.right)}`);
}"""

TEXT_SIZES = """() => {
  const svg = document.querySelector('#board svg');
  const scale = svg.getScreenCTM().a;
  return [...svg.querySelectorAll('text')].map((text) => Number(text.getAttribute('font-size')) * scale);
}"""


def assert_fits(page, what: str) -> None:
    """Nothing on the page needs a sideways scroll: the page is no wider than the screen, and no element of
    it (the board's box included, and a table in a box of its own) reaches past the screen's edges; the board
    zoomed in to read pans inside its box, which clips it."""
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), \
        f"{what}: the page scrolls sideways ({page.evaluate('() => document.documentElement.scrollWidth')} px)"
    wide = page.evaluate(WIDER_THAN_THE_SCREEN, "main, main *")
    assert wide == [], f"{what}: elements past the screen's edges: {wide[:6]}"


def kit_game(server: str, kit: str) -> dict:
    """A game of a kit on the shelf (its text added to the service's kits, as the new game form does)."""
    added = call(server, "/kits", body={"text": (KITS / kit).read_text(encoding="utf-8"), "format": "yaml"})
    return call(server, "/games", body={"ruleset": added["name"], "seats": NAMES[:2], "seed": "phone", "salt": SALT})


def new_game(server: str, kind: str, name: str | None = None) -> dict:
    if kind.endswith(".yaml"):
        return kit_game(server, kind)
    seats = NAMES[: registry.get(kind).min_seats]
    return call(server, "/games", body={"ruleset": kind, "seats": seats, "seed": "phone", "salt": SALT, **({"name": name} if name else {})})


def seat_to_act(server: str, game: dict) -> tuple[int, str]:
    """The seat to act and its token, once a command of theirs names something on the board (before that,
    the game is played on by a bot: Missions opens with a roll, which names nothing)."""
    for _ in range(30):
        seat = call(server, f"/games/{game['id']}")["to_act"][0]
        token = game["seats"][seat - 1]["token"]
        legal = call(server, f"/games/{game['id']}/legal-commands", token)
        if any(field for refs in legal["refs"] for field in refs.values()):
            return seat, token
        call(server, f"/games/{game['id']}/bot-move", game["owner_token"], {"strategy": "greedy", "seed": "1"})
    raise AssertionError("no command of the seat to act names a thing on the board")


def the_version(server: str, game: dict) -> int:
    return call(server, f"/games/{game['id']}")["version"]


def commands_played(server: str, game: dict) -> int:
    """How many commands the game has taken (a command may record several events: its version counts those)."""
    events = call(server, f"/games/{game['id']}/events?limit=1000")["events"]
    return len({event["command_id"] for event in events if event["command_id"]})


def select_on_the_board(page, server: str, game: dict) -> str:
    """The first command that names things on the board, selected by tapping them in turn: no tap plays
    anything; the last one tapped (which the page now names in words) is returned."""
    before = the_version(server, game)
    named = [json.loads(button.get_attribute("data-refs")) for button in page.locator("button.command[data-refs]").all()]
    refs = next(found for found in named if found and page.locator(f'#board g.pickable[data-ref="{found[0]}"]').count())
    for ref in dict.fromkeys(refs):
        if page.locator("#selection").count():
            break
        page.locator(f'#board g.pickable[data-ref="{ref}"]').last.tap()
        expect(page.locator(f'#board g[data-ref="{ref}"][aria-pressed="true"]').first,
               f"the tap on {ref} chose nothing, or played the move").to_be_attached()
        assert the_version(server, game) == before, "a tap on the board played a move"
    expect(page.locator("#selection")).to_contain_text("Selected: ")
    expect(page.locator("#confirm-move")).to_be_visible()
    assert the_version(server, game) == before
    return ref


KINDS = ["infection", "squad-combat", "missions", "tic-tac-toe.yaml"]
"""A board game of each shape (a grid, squads on a map), a card game and a kit's game."""


@pytest.mark.parametrize("kind", [kind if kind in ("infection", "tic-tac-toe.yaml") else pytest.param(kind, marks=pytest.mark.slow)
                                  for kind in KINDS])  # a grid and a kit in the default stage, the others in -m slow
def test_a_phone_plays_a_move_with_two_taps_and_never_with_one(browser, server, screenshots, kind):
    game = new_game(server, kind)
    _, token = seat_to_act(server, game)
    phone = browser.new_context(**PHONE)
    page = tab(phone, f"{server}#/play/{game['id']}/{token}")
    page.wait_for_selector("#board svg")
    expect(page.locator("button.command").first).to_be_visible()
    assert_fits(page, f"{kind} play page")
    box = page.locator("button.command").first.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 844, f"{kind}: the first command is below the fold ({box})"
    page.screenshot(path=str(screenshots / f"phone-{kind.removesuffix('.yaml')}.jpg"), quality=80)

    before, offered = the_version(server, game), page.locator("button.command").count()
    select_on_the_board(page, server, game)
    page.tap("#cancel-move")  # Cancel: nothing selected, every command offered again
    expect(page.locator("#selection")).to_have_count(0)
    expect(page.locator("#board g.picked")).to_have_count(0)
    expect(page.locator("button.command")).to_have_count(offered)
    select_on_the_board(page, server, game)
    board = page.locator("#board").bounding_box()
    page.touchscreen.tap(board["x"] + 2, board["y"] + 2)  # a tap on the board's edge, on no thing
    expect(page.locator("#selection")).to_have_count(0)
    expect(page.locator("button.command")).to_have_count(offered)
    assert the_version(server, game) == before

    played = commands_played(server, game)
    ref = select_on_the_board(page, server, game)
    page.locator(f'#board g.pickable[data-ref="{ref}"]').last.tap()  # the second tap on the same thing plays it
    drawn_past(page, before)
    assert the_version(server, game) > before and commands_played(server, game) == played + 1
    assert page.text_content("#refusal") == "", page.text_content("#refusal")
    assert page.errors == []
    phone.close()


def test_confirm_plays_the_move_selected_and_the_replay_fits_a_phone(browser, server, screenshots):
    game = new_game(server, "infection")
    _, token = seat_to_act(server, game)
    phone = browser.new_context(**PHONE)
    page = tab(phone, f"{server}#/play/{game['id']}/{token}")
    page.wait_for_selector("button.command")
    before, played = the_version(server, game), commands_played(server, game)
    select_on_the_board(page, server, game)
    page.tap("#confirm-move")
    drawn_past(page, before)
    after = the_version(server, game)
    assert after > before and commands_played(server, game) == played + 1

    page.goto(f"{server}#/replay/{game['id']}")
    page.wait_for_selector("#board svg")
    expect(page.locator("#position")).to_have_text(f"Step {after} of {after}")
    assert_fits(page, "replay page")
    page.screenshot(path=str(screenshots / "phone-replay.jpg"), quality=80)
    # the board reads at first (zoomed in, every text 11 px at least, panning in its view); See the whole board
    # fits it to the screen's width, and pressed again zooms it in again
    assert page.locator("#board svg").bounding_box()["width"] >= 800
    assert min(page.evaluate(TEXT_SIZES)) >= 11
    page.click("#board-size")
    expect(page.locator("#board-size")).to_have_attribute("aria-pressed", "true")
    assert page.locator("#board svg").bounding_box()["width"] <= 390
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    page.click("#board-size")
    assert min(page.evaluate(TEXT_SIZES)) >= 11
    assert page.errors == []
    phone.close()


def test_the_lobby_and_the_new_game_form_fit_a_phone(browser, server, screenshots):
    for kind in ("missions", "squad-combat"):
        new_game(server, kind, name=f"{kind} after lunch, table four by the window")
    phone = browser.new_context(**PHONE)
    page = tab(phone, server)
    expect(page.locator("tr[data-game]")).to_have_count(2)
    assert_fits(page, "lobby")
    for link in page.locator("td.links a").all():  # each game's Watch and Replay, in view without a sideways scroll
        expect(link).to_be_visible()
        box = link.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (link.text_content(), box)
    page.screenshot(path=str(screenshots / "phone-games.jpg"), quality=80, full_page=True)

    page.goto(f"{server}#/new")
    page.wait_for_selector("#ruleset")
    for kind in ("squad-combat", "missions", "table-kit"):
        page.select_option("#ruleset", kind)
        assert_fits(page, f"new game form for {kind}")
    assert page.errors == []
    phone.close()
