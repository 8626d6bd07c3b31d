"""A class in a room, end to end: a game of three seats, one of them a bot the service plays, opened for joining;
two phones open its one join link, each claims a seat under its name, and the game is played to its end on those
two pages alone (no other page is open: the bot's moves come from the service), each page fitting a 390×844
screen with the command bar in view."""

from __future__ import annotations

import json
import pathlib
import re
import time

import pytest
import yaml
from pages import call, drawn_past
from playwright.sync_api import expect

pytestmark = pytest.mark.slow

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
PIG = yaml.safe_load((pathlib.Path(__file__).resolve().parents[2] / "domain" / "games" / "table_kit" / "kits" / "pig.yaml")
                     .read_text(encoding="utf-8"))


def fits_the_phone(page) -> None:
    """No sideways scroll, and the first command in view without scrolling past the board."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    expect(page.locator("button.command[data-command]").first).to_be_in_viewport(ratio=1)


def test_two_phones_join_from_one_link_and_play_a_game_with_a_bot_seat_to_its_end(browser, server):
    bot = {"kind": "bot", "strategy": "greedy"}
    made = call(server, "/games", body={"ruleset": "table-kit", "seats": ["Ann", "Ben", "Cy"],
                                        "options": {"kit": PIG, "parameters": {"target": 20}},
                                        "players": [{"kind": "person"}, {"kind": "person"}, bot], "bot_pace_ms": 200})
    game_id = made["id"]
    opened = call(server, f"/games/{game_id}/joining", made["owner_token"], body={})
    pages, contexts = {}, []
    for name in ("Zoé", "Max"):
        context = browser.new_context(**PHONE)
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error, page=page: page.errors.append(str(error)))
        page.goto(opened["link"])
        page.fill("#join-name", name)
        page.click("#join button[type=submit]")
        expect(page).to_have_url(re.compile(rf"#/play/{game_id}$"), timeout=15000)
        page.wait_for_selector("#board svg")
        token = page.evaluate("(game) => sessionStorage.getItem(`ludolog:token:${game}`)", game_id)
        pages[call(server, f"/games/{game_id}", token)["viewer"]] = (page, token)
    assert sorted(pages) == [1, 2]  # one open seat each; the bot's seat is not offered

    played, bot_moves, deadline = 0, 0, time.monotonic() + 240
    while (status := call(server, f"/games/{game_id}"))["status"] != "over":
        assert time.monotonic() < deadline, f"no end after {played} commands from the phones"
        seat = status["to_act"][0]
        if seat == 3:
            time.sleep(0.05)  # the service plays the bot's seat: nothing on any page does
            continue
        page, token = pages[seat]
        expect(page.locator("#board")).to_have_attribute("data-version", str(status["version"]), timeout=15000)
        expect(page.locator("button.command").first).to_be_visible()
        fits_the_phone(page)
        wanted = call(server, f"/games/{game_id}/bot-move", token, {"strategy": "greedy", "play": False, "seed": str(played)})["bot"]["command"]
        offered = [json.loads(button.get_attribute("data-command")) for button in page.locator("button.command[data-command]").all()]
        page.locator("button.command[data-command]").nth(offered.index(wanted)).tap()
        drawn_past(page, status["version"])
        played += 1
    events = call(server, f"/games/{game_id}/events?limit=1000", made["owner_token"])["events"]
    bot_moves = len({event.get("command_id") for event in events if event["seat"] == 3 and event.get("command_id")})
    assert played > 0 and bot_moves > 0
    for page, _ in pages.values():
        expect(page.locator("#commands h2", has_text="The game is over")).to_be_visible(timeout=15000)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert page.errors == []
    for context in contexts:
        context.close()
