"""A bot seat in the browser: the new-game form sends who plays each seat, the service (not the creating
tab) plays the bot seat, and a player's page says which bot is thinking while its move waits."""

from __future__ import annotations

import time

from pages import call, tab
from playwright.sync_api import expect

SEATS = ["Ann", "Ben", "Cy"]
PERSON = {"kind": "person"}


def test_a_players_page_says_which_bot_is_thinking(browser, server):
    bot = {"kind": "bot", "strategy": "greedy"}
    for _ in range(20):  # the first seat is drawn by chance: a game whose first move is a bot's
        game = call(server, "/games", body={"ruleset": "missions", "seats": SEATS, "players": [bot, bot, PERSON],
                                            "bot_pace_ms": 60_000})  # a minute a move: the page is read while the bot waits
        seat = call(server, f"/games/{game['id']}")["to_act"][0]
        if seat != 3:
            break
    assert seat != 3
    page = tab(browser.new_context(), f"{server}#/play/{game['id']}/{game['seats'][2]['token']}")
    expect(page.locator("#waiting")).to_have_text(f"{SEATS[seat - 1]}, a greedy bot, is thinking.")
    expect(page.locator("#status")).to_have_text(f"{SEATS[seat - 1]}, a greedy bot, is thinking")


def test_the_form_makes_a_game_whose_bot_seat_the_service_plays_with_the_creating_tab_closed(browser, server):
    context = browser.new_context()
    page = tab(context, f"{server}#/new")
    page.select_option("#ruleset", "missions")
    page.fill("#seat-1", "Ann")
    page.fill("#seat-2", "Ben")
    page.fill("#seat-3", "Cy")  # Missions seats three at least: Ann and Cy are people, Ben a bot
    page.select_option("#who-2", "random")
    page.get_by_role("button", name="Create the game").click()
    expect(page.locator("#play-here")).to_be_visible()
    links = {seat: page.locator(f"input.link[data-seat='{seat}']").input_value() for seat in (1, 3)}
    page.close()  # no tab shows the game: the service plays Ben's seat all the same
    game_id = links[1].split("#/play/")[1].split("/")[0]
    tokens = {seat: link.split("/")[-1] for seat, link in links.items()}
    status = call(server, f"/games/{game_id}", tokens[1])
    assert status["players"][1] == {"seat": 2, "name": "Ben", "kind": "bot", "strategy": "random", "budget": None, "pace_ms": 1000}
    assert status["players"][0] == {"seat": 1, "name": "Ann", "kind": "person"}
    assert status["players"][2] == {"seat": 3, "name": "Cy", "kind": "person"}
    for _ in range(300):  # the people play through the API; Ben's seat answers by itself, a second a move
        events = call(server, f"/games/{game_id}/events?limit=1000", tokens[1])["events"]
        if any(event["seat"] == 2 for event in events):
            break
        to_act = [seat for seat in call(server, f"/games/{game_id}", tokens[1])["to_act"] if seat in tokens]
        for seat in to_act:
            legal = call(server, f"/games/{game_id}/legal-commands", tokens[seat])
            call(server, f"/games/{game_id}/commands", tokens[seat], {"command": legal["commands"][0]})
        if not to_act:
            time.sleep(0.1)
    assert any(event["seat"] == 2 for event in events)
    context.close()
