"""A table kit's replay page and its review: a kit that holds no rules has no review, and the page says why
in one line where the review would be; a kit with rules (Pig) is reviewed like the seven games are."""

from __future__ import annotations

import pathlib

import yaml
from pages import call, tab
from playwright.sync_api import expect

KITS = pathlib.Path(__file__).resolve().parents[1] / "kits"
SHIPPED = pathlib.Path(__file__).resolve().parents[2] / "domain" / "games" / "table_kit" / "kits"
SALT = "5eed" * 8


def kit_game(server: str, kit: pathlib.Path, options: dict | None = None) -> dict:
    document = yaml.safe_load(kit.read_text(encoding="utf-8"))
    return call(server, "/games", body={"ruleset": "table-kit", "seats": ["Ann", "Ben"], "seed": "kit-review",
                                        "salt": SALT, "options": {"kit": document, **(options or {})}})


def test_a_kit_without_rules_replay_says_in_one_line_why_it_has_no_review(browser, server):
    game = kit_game(server, KITS / "market.yaml")
    page = tab(browser.new_context(viewport={"width": 1280, "height": 900}), f"{server}#/replay/{game['id']}")
    page.wait_for_selector("#board svg")

    expect(page.locator("#review h2")).to_have_text("Review")
    expect(page.locator("#no-review")).to_have_text(
        "No review: this kit holds no rules for a bot to judge its moves by (a kit 1, or a kit without play): "
        "the people at the table keep them.")
    expect(page.locator("#review-game")).to_have_count(0)
    assert page.errors == []


def test_a_kit_with_rules_replay_is_reviewed_like_the_seven_games(browser, server):
    game = kit_game(server, SHIPPED / "pig.yaml", {"parameters": {"target": 20}})
    while call(server, f"/games/{game['id']}")["status"] != "over":
        call(server, f"/games/{game['id']}/bot-move", game["owner_token"], {"strategy": "greedy", "seed": "1"})
    page = tab(browser.new_context(viewport={"width": 1280, "height": 900}), f"{server}#/replay/{game['id']}")
    page.wait_for_selector("#board svg")

    expect(page.locator("#no-review")).to_have_count(0)
    page.click("#review-game")
    expect(page.locator("#review-chart")).to_be_visible(timeout=60000)
    review = call(server, f"/games/{game['id']}/review")
    assert page.locator("#mistakes li").count() == len(review["mistakes"])
    assert page.locator("#lead-changes li").count() == len(review["lead_changes"])
    assert page.errors == []
