"""Forks and reviews in the browser: a reader forks a finished game at a replay step, gets the fork's seat
links, plays it on, and sees it beside its trunk (the step where they part marked, one game on both sides
before it, two after); the replay page reviews the game, draws the chart, lists the mistakes, swings and
lead changes, jumps to each key moment and bookmarks them all in one click."""

from __future__ import annotations

import pytest
from pages import call, tab
from playwright.sync_api import expect

SALT = "5eed" * 8


def finished_game(base: str) -> dict:
    """An Infection game the owner's bots played to its end."""
    game = call(base, "/games", body={"ruleset": "infection", "seats": ["Ann", "Ben"], "seed": "fork-web", "salt": SALT})
    while call(base, f"/games/{game['id']}")["status"] != "over":
        call(base, f"/games/{game['id']}/bot-move", game["owner_token"], {"strategy": "greedy", "seed": "1"})
    return game


def test_a_reader_forks_a_finished_game_plays_it_on_and_sees_it_beside_the_game(browser, server, screenshots):
    game = finished_game(server)
    total = call(server, f"/games/{game['id']}")["version"]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = tab(context, f"{server}#/replay/{game['id']}")  # a spectator: the game is over, so anyone may fork it
    page.wait_for_selector("#board svg")
    page.fill("#goto", "12")
    page.press("#goto", "Enter")
    expect(page.locator("#board")).to_have_attribute("data-step", "12")
    page.click("#fork-here")
    expect(page.locator("#fork-made")).to_contain_text("Forked at step 12")
    links = page.locator("input.link")
    expect(links).to_have_count(2)
    fork_id = links.first.get_attribute("value").split("#/play/")[1].split("/")[0]
    fork = call(server, f"/games/{fork_id}")
    assert fork["fork"]["game"] == game["id"] and fork["fork"]["step"] == 12
    owner = page.evaluate(f"JSON.parse(sessionStorage.getItem('ludolog:host:{fork_id}')).owner")
    for _ in range(8):
        call(server, f"/games/{fork_id}/bot-move", owner, {"strategy": "random", "seed": "2"})
    page.click("#see-beside")
    expect(page.locator("#parting")).to_contain_text("after step 12")
    expect(page.locator("#position")).to_contain_text("Step 13 of")
    expect(page.locator("#branch-sentence")).to_contain_text("Forked from game")
    page.click("#back")
    expect(page.locator("#position")).to_contain_text("Step 12 of")
    expect(page.locator("#branch-sentence")).to_contain_text("As the game it was forked from")
    assert page.text_content("#branch-sentence").endswith(page.text_content("#trunk-sentence"))
    expect(page.locator("#trunk-board svg")).to_have_count(1)
    expect(page.locator("#branch-board svg")).to_have_count(1)
    page.click("#forward")
    page.click("#forward")
    expect(page.locator("#position")).to_contain_text("Step 14 of")
    expect(page.locator("#branch-board")).to_have_attribute("data-step", "14")
    page.screenshot(path=str(screenshots / "branches.jpg"), full_page=True, quality=80)
    page.click("#last")
    expect(page.locator("#position")).to_contain_text(f"Step {max(total, 12 + 9)} of")
    page.goto(f"{server}#/")
    expect(page.locator(f'tr[data-game="{fork_id}"] a.tag')).to_contain_text(f"fork of {game['id'][:8]} at step 12")
    assert page.errors == []


@pytest.mark.slow
def test_the_replay_page_reviews_the_game_and_jumps_to_its_key_moments(browser, server, screenshots):
    game = finished_game(server)
    seat = next(s for s in game["seats"] if s["seat"] == 1)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = tab(context, f"{server}#/play/{game['id']}/{seat['token']}")
    page.goto(f"{server}#/replay/{game['id']}")
    page.wait_for_selector("#board svg")
    page.click("#review-game")
    expect(page.locator("#review-chart")).to_be_visible(timeout=60000)
    review = call(server, f"/games/{game['id']}/review")
    assert page.locator("#mistakes li").count() == len(review["mistakes"])
    assert page.locator("#lead-changes li").count() == len(review["lead_changes"])
    moments = sorted({moment["step"] for moment in review["key_moments"]})
    assert moments
    page.keyboard.press("Home")
    expect(page.locator("#board")).to_have_attribute("data-step", "1")
    page.click("#next-moment")
    expect(page.locator("#board")).to_have_attribute("data-step", str(moments[0]))
    page.locator("#review button.moment").last.click()
    last = page.locator("#review button.moment").last.get_attribute("data-step")
    expect(page.locator("#board")).to_have_attribute("data-step", last)
    page.click("#bookmark-moments")
    expect(page.locator("#review")).to_contain_text(f"{len(review['key_moments'])} key moment")
    expect(page.locator("#bookmarks button")).to_have_count(len(review["key_moments"]))
    page.locator("#review").screenshot(path=str(screenshots / "review.jpg"), quality=80)
    assert page.errors == []
