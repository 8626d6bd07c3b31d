"""Joining a single game from the owner's page: the tab that made the game in the web form opens joining on
the game's page and shows the QR code and the link under it; a phone opens the link, reads which game it
joins, joins, and the owner's list names it; the owner frees the seat, and the phone's page, reloaded, no
longer plays. A device that joined and opens the link again is offered "Back to your seat" and claims no
second seat, also after its tab was closed or when it presses Join in a tab opened before. Served as users
serve it (the browser tests' ``server``)."""

from __future__ import annotations

import re
import urllib.error

import pytest
from pages import call
from playwright.sync_api import expect

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
NO_LONGER_PLAYS = """() => {
  const lost = document.querySelector('#seat-lost');  // the page says the seat was lost, else shows the refusal
  return lost ? !lost.hidden : document.querySelector('#refusal').textContent !== '';
}"""


def recording(context, url: str):
    """A page on ``url`` that records its script errors and accepts every question it asks (the owner's)."""
    page = context.new_page()
    page.errors, page.dialogs = [], []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("dialog", lambda dialog: (page.dialogs.append(dialog.message), dialog.accept()))
    page.goto(url)
    return page


def joined(server: str, game_id: str, owner: str) -> list[tuple[int, str]]:
    return [(j["seat"], j["name"]) for j in call(server, f"/games/{game_id}/joining", owner)["joined"]]


def viewer_of(server: str, game_id: str, token: str):
    try:
        return call(server, f"/games/{game_id}", token)["viewer"]
    except urllib.error.HTTPError as error:
        return error.code


def kept_token(page, game_id: str) -> str | None:
    return page.evaluate("(game) => sessionStorage.getItem(`ludolog:token:${game}`)", game_id)


def test_the_owner_opens_joining_on_the_games_page_lists_who_joined_and_frees_the_seat(browser, server):
    owner_context = browser.new_context()
    owner_page = recording(owner_context, f"{server}#/new")
    owner_page.select_option("#ruleset", "correction")
    owner_page.fill("#game-name", "Table 1")
    owner_page.click("#new-game button[type=submit]")
    owner_page.wait_for_selector("#created h2")
    owner_page.get_by_role("link", name="Watch").click()
    (game,) = call(server, "/games")["games"]
    game_id = game["id"]
    owner = owner_page.evaluate("(game) => JSON.parse(sessionStorage.getItem(`ludolog:host:${game}`)).owner", game_id)

    panel = owner_page.locator("#joining-panel")
    expect(panel).to_be_visible()
    expect(owner_page.locator("#joining-status")).to_have_text(re.compile("^Joining is closed"))
    panel.locator("summary").click()
    owner_page.click("#open-joining")
    link = owner_page.locator("#join-link")
    expect(link).to_have_text(re.compile(rf"^{re.escape(server)}#/join/[\w-]{{22}}$"))
    link_text = link.text_content()
    qr = owner_page.locator("#join-qr")
    assert qr.get_attribute("src").startswith("data:image/svg+xml")
    assert qr.evaluate("image => image.complete && image.naturalWidth > 0")  # the QR code is drawn, the policy allowing it
    assert qr.bounding_box()["width"] > 300  # large, not the SVG's own 164 px
    expect(owner_page.locator("#joining-status")).to_have_text("Joining is open: 2 of 2 seats open.")

    phone = browser.new_context(**PHONE)
    student = recording(phone, link_text)
    expect(student.locator("#join-title")).to_have_text("Join Table 1")
    expect(student.locator("#join-about")).to_have_text("Correction: 2 of 2 seats open")
    student.fill("#join-name", "Zoé")
    student.click("#join button[type=submit]")
    expect(student).to_have_url(re.compile(rf"#/play/{game_id}$"), timeout=15000)
    first_token = kept_token(student, game_id)
    assert viewer_of(server, game_id, first_token) == 1

    seat_one = owner_page.locator("#joined-list li[data-seat='1']")
    expect(seat_one.locator(".joined-name")).to_have_text("Zoé", timeout=10000)  # beside the seat as the page names it
    expect(owner_page.locator("#joining-status")).to_have_text("Joining is open: 1 of 2 seats open.", timeout=10000)

    seat_one.locator("button.free-seat").click()
    (asked,) = owner_page.dialogs
    assert asked.startswith("Free 1 ") and asked.endswith(", joined by Zoé? Its page stops playing, and the next device to "
                                                          "join gets the seat.")
    expect(owner_page.locator("#joined-list")).to_have_text("Nobody yet.")
    assert joined(server, game_id, owner) == []

    student.reload()
    student.wait_for_function(NO_LONGER_PLAYS, timeout=15000)
    assert student.locator("button.command").count() == 0
    assert viewer_of(server, game_id, first_token) == 401

    # the phone opens the link again: its seat was freed, it says so, and it joins anew
    student.goto(link_text)
    expect(student.locator("#join-freed")).to_contain_text("no longer plays")
    student.fill("#join-name", "Zoé")
    student.click("#join button[type=submit]")
    expect(student).to_have_url(re.compile(rf"#/play/{game_id}$"), timeout=15000)
    assert viewer_of(server, game_id, kept_token(student, game_id)) == 1
    assert joined(server, game_id, owner) == [(1, "Zoé")]

    owner_page.click("#close-joining")
    expect(owner_page.locator("#joining-status")).to_have_text(re.compile("^Joining is closed"))
    late = recording(browser.new_context(), link_text)
    expect(late.locator("#join-error")).to_have_text("joining this game is closed: ask its owner for the new link")
    assert late.locator("#join-name").count() == 0

    assert owner_page.errors == student.errors == late.errors == []
    phone.close()
    owner_context.close()


@pytest.mark.slow
def test_a_device_that_joined_is_offered_its_seat_again_and_never_claims_a_second(browser, server):
    made = call(server, "/games", body={"ruleset": "missions", "seats": ["Ana", "Ben", "Cy"], "name": "Missions room"})
    game_id, owner = made["id"], made["owner_token"]
    link = call(server, f"/games/{game_id}/joining", owner, {})["link"]
    phone = browser.new_context(**PHONE)
    before = recording(phone, link)  # a tab that shows the form, opened before the device joins
    expect(before.locator("#join-name")).to_be_visible()

    page = recording(phone, link)
    expect(page.locator("#join-about")).to_have_text("Missions: 3 of 3 seats open")
    page.fill("#join-name", "Zoé")
    page.click("#join button[type=submit]")
    expect(page).to_have_url(re.compile(rf"#/play/{game_id}$"), timeout=15000)
    token = kept_token(page, game_id)
    page.close()  # the tab is closed

    again = recording(phone, link)
    expect(again.locator("#join-back")).to_have_text("Back to your seat")
    expect(again.locator("#join-held")).to_have_text("This device already holds seat 1 Ana of this game, joined as Zoé: it gets no second seat.")
    expect(again.locator("#join-about")).to_have_text("Missions: 2 of 3 seats open")
    assert again.locator("#join-name").count() == 0
    again.click("#join-back")
    expect(again).to_have_url(re.compile(rf"#/play/{game_id}$"))
    assert kept_token(again, game_id) == token
    assert viewer_of(server, game_id, token) == 1
    expect(again.locator("#joining-panel")).to_have_count(0)  # a seat's page has no owner's panel

    # the tab opened before: pressing Join there goes back to the seat this device holds
    before.fill("#join-name", "Zoé again")
    before.click("#join button[type=submit]")
    expect(before).to_have_url(re.compile(rf"#/play/{game_id}$"), timeout=15000)
    assert kept_token(before, game_id) == token
    assert joined(server, game_id, owner) == [(1, "Zoé")]

    # another device still joins, to the next seat
    other = recording(browser.new_context(**PHONE), link)
    other.fill("#join-name", "Max")
    other.click("#join button[type=submit]")
    expect(other).to_have_url(re.compile(rf"#/play/{game_id}$"), timeout=15000)
    assert joined(server, game_id, owner) == [(1, "Zoé"), (2, "Max")]
    assert before.errors == again.errors == other.errors == []


@pytest.mark.slow
@pytest.mark.parametrize("path", ["watch", "play"])
def test_a_tab_without_the_owners_token_shows_no_joining_panel(browser, server, path):
    made = call(server, "/games", body={"ruleset": "correction", "seats": ["Ann", "Ben"]})
    page = recording(browser.new_context(), f"{server}#/{path}/{made['id']}/{made['seats'][0]['token']}"
                     if path == "play" else f"{server}#/watch/{made['id']}")
    page.wait_for_selector("#board svg")
    expect(page.locator("#joining-panel")).to_have_count(0)
    owner = recording(browser.new_context(), f"{server}#/play/{made['id']}/{made['owner_token']}")
    expect(owner.locator("#joining-panel")).to_be_visible()  # the owner's own link: the panel too
    assert page.errors == owner.errors == []
