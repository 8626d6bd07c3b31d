"""Every board can be read at 1280 px and on a phone: for each ruleset, a game some moves in, seen by a seat
on its play page in a 1280-pixel window (and in a phone's, where the board is zoomed in to read, panning in
its view, and See the whole board fits it to the screen's width): no text on the board is drawn below 11 CSS
pixels, each gold "changed" outline holds the whole of what it frames, no two things a command may pick
share a ref while being different kinds of thing (a square and the pieces on it are one), the list of seats
wears the colours the board draws them in, and the words of a card (its whole text) show in a readable box
when the pointer rests on it, as they do when it is tapped or reached with the keyboard."""

from __future__ import annotations

import pytest
from pages import call, tab
from playwright.sync_api import expect

from domain.engine import registry

SALT = "5eed" * 8
MOVES = 12

TEXT_SIZES = """() => {
  const svg = document.querySelector('#board svg');
  const scale = svg.getScreenCTM().a;
  return [...svg.querySelectorAll('text')].map((text) => [Number(text.getAttribute('font-size')) * scale, text.textContent]);
}"""

NO_SIDEWAYS_SCROLL = "() => document.documentElement.scrollWidth <= window.innerWidth"

OUTLINES = """() => {
  const svg = document.querySelector('#board svg');
  return [...svg.querySelectorAll('rect.changed')].map((rect) => {
    const outline = rect.getBBox();
    const item = svg.querySelector(`g[data-id="${CSS.escape(rect.dataset.changed)}"]`).getBBox();
    return [rect.dataset.changed, item.x - outline.x, outline.x + outline.width - item.x - item.width,
            item.y - outline.y, outline.y + outline.height - item.y - item.height];
  });
}"""


CLICKABLE_KINDS = """() => {
  const svg = document.querySelector('#board svg');
  const squares = new Set([...svg.querySelectorAll('g.space[data-id]')].map((item) => item.dataset.id));
  const kinds = {};
  for (const item of svg.querySelectorAll('g.pickable[data-ref]')) {
    const kind = squares.has(item.dataset.ref) ? 'square' : item.dataset.id.split(':')[0];
    (kinds[item.dataset.ref] ||= new Set()).add(kind);
  }
  return Object.entries(kinds).map(([ref, found]) => [ref, [...found].sort()]);
}"""

SEAT_DOTS = """() => {
  const drawn = JSON.parse(document.querySelector('#board svg').getAttribute('data-seat-colours') || '{}');
  return [...document.querySelectorAll('.seats-list li')].map((item) => {
    const seat = [...item.classList].find((name) => /^seat-\\d+$/.test(name)).slice(5);
    return [seat, drawn[seat] || null, getComputedStyle(item, '::before').color];
  });
}"""


def rgb(hex_colour: str) -> str:
    return "rgb({}, {}, {})".format(*(int(hex_colour[n:n + 2], 16) for n in (1, 3, 5)))


def game_some_moves_in(base: str, rules) -> dict:
    seats = ["Ann", "Ben", "Cy", "Dee"][: max(2, rules.min_seats)]
    game = call(base, "/games", body={"ruleset": rules.name, "seats": seats, "seed": "legible", "salt": SALT})
    for _ in range(MOVES):
        if call(base, f"/games/{game['id']}")["status"] == "over":
            break
        call(base, f"/games/{game['id']}/bot-move", game["owner_token"], {"strategy": "greedy", "seed": "1"})
    return game


DEFAULT_STAGE = ("table-kit",)
"""The rulesets whose boards are measured in the default stage (a kit: its board is drawn from any kit's parts); the
others' in the slow stage (``-m slow``): every board is measured on every full run."""


@pytest.mark.parametrize("rules", [pytest.param(rules, id=rules.name, marks=() if rules.name in DEFAULT_STAGE else pytest.mark.slow)
                                   for rules in registry.all_rulesets()])
def test_every_text_on_the_board_is_11_pixels_at_least_and_each_outline_holds_what_it_frames(browser, server, screenshots, rules):
    game = game_some_moves_in(server, rules)
    to_act = call(server, f"/games/{game['id']}")["to_act"]
    seat = to_act[0] if to_act else 1  # the seat to act, whose board offers things to pick
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = tab(context, f"{server}#/play/{game['id']}/{game['seats'][seat - 1]['token']}")
    page.wait_for_selector("#board svg")

    sizes = page.evaluate(TEXT_SIZES)
    assert sizes, "the board has no text"
    small = [(round(size, 1), text) for size, text in sizes if size < 11]
    assert small == [], f"{rules.name}: texts below 11 px at 1280 px: {small[:5]}"

    outlines = page.evaluate(OUTLINES)
    short = [(item, [round(gap, 3) for gap in gaps]) for item, *gaps in outlines if min(gaps) < -0.01]
    assert short == [], f"{rules.name}: outlines narrower than what they frame (item, gaps left right top bottom): {short}"

    legal = call(server, f"/games/{game['id']}/legal-commands", game["seats"][seat - 1]["token"])
    if any(field for refs in legal["refs"] for field in refs.values()):  # some command names things drawn
        expect(page.locator("#board g.pickable").first).to_be_visible()
        kinds = page.evaluate(CLICKABLE_KINDS)
        assert kinds and [(ref, found) for ref, found in kinds if len(found) > 1] == [], f"{rules.name}: refs of two kinds"

    dots = page.evaluate(SEAT_DOTS)
    assert len(dots) == len(game["seats"])
    assert all(colour == rgb(drawn) for _, drawn, colour in dots if drawn), f"{rules.name}: seats listed in colours not drawn: {dots}"

    card = page.locator("#board g.card[data-id]").filter(has=page.locator("title")).first
    if card.count():  # the pointer resting on it (board items let the pointer through to the board)
        box = card.bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 6)  # on its top edge, where its name is
        expect(page.locator("#detail")).to_be_visible()
        assert page.locator("#detail").text_content() == card.locator("title").text_content()
        assert float(page.eval_on_selector("#detail", "box => parseFloat(getComputedStyle(box).fontSize)")) >= 14
        page.screenshot(path=str(screenshots / f"{rules.name}-detail.jpg"), quality=80)
    assert page.errors == []
    context.close()

    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = tab(phone, f"{server}#/play/{game['id']}/{game['seats'][0]['token']}")
    page.wait_for_selector("#board svg")  # on a phone the board is zoomed in to read, panning in its view
    small = [(round(size, 1), text) for size, text in page.evaluate(TEXT_SIZES) if size < 11]
    assert small == [], f"{rules.name}: texts below 11 px on a phone: {small[:5]}"
    assert page.evaluate(NO_SIDEWAYS_SCROLL), f"{rules.name}: the zoomed board makes the phone's page scroll sideways"
    box = page.locator("#board").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, f"{rules.name}: the board's box is wider than the phone ({box})"
    page.locator("#board-size").tap()  # See the whole board: fitted to the screen's width
    expect(page.locator("#board-size")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate(NO_SIDEWAYS_SCROLL), f"{rules.name}: the phone's page scrolls sideways"
    for item in ("#board", "#board svg"):
        box = page.locator(item).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, f"{rules.name}: {item} is wider than the phone ({box})"
    assert page.errors == []
    phone.close()
