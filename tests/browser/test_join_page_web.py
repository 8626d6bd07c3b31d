"""The browser's join page (``#/join/<code>``): a phone opening a game's join link gives a name, gets one
open seat and lands on that seat's play page holding its token; the next phone gets the next seat; when
every seat is taken the page says so and holds no token. Served as users serve it (the browser tests'
``server``: ``ludolog serve`` in a process of its own)."""

from __future__ import annotations

import re

from pages import call
from playwright.sync_api import expect

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def join_on_a_phone(browser, link: str, name: str):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(link)
    page.fill("#join-name", name)
    page.click("#join button[type=submit]")
    return context, page, errors


def kept_token(page, game_id: str) -> str | None:
    return page.evaluate("(game) => sessionStorage.getItem(`ludolog:token:${game}`)", game_id)


def test_phones_join_from_one_link_each_to_its_own_seat(browser, server):
    made = call(server, "/games", body={"ruleset": "project-assassination", "seats": ["Ana", "Ben"]})
    opened = call(server, f"/games/{made['id']}/joining", made["owner_token"], {})
    assert opened["link"] == f"{server}#/join/{opened['code']}"

    seats = []
    for name in ("Zoé", "<b>Max</b>"):
        context, page, errors = join_on_a_phone(browser, opened["link"], name)
        expect(page).to_have_url(re.compile(rf"#/play/{made['id']}$"), timeout=15000)
        token = kept_token(page, made["id"])
        seats.append(call(server, f"/games/{made['id']}", token)["viewer"])
        assert errors == []
        context.close()
    assert seats == [1, 2]
    joined = call(server, f"/games/{made['id']}/joining", made["owner_token"])["joined"]
    assert [(j["seat"], j["name"]) for j in joined] == [(1, "Zoé"), (2, "<b>Max</b>")]

    context, page, errors = join_on_a_phone(browser, opened["link"], "Kim")
    expect(page.locator("#join-error")).to_have_text("every seat of this game has been taken: ask its owner to free one")
    assert "#/join/" in page.url and kept_token(page, made["id"]) is None and errors == []
    context.close()
