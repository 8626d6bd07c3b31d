"""A table game in the browser: a paper game of Missions, written down as a script (``paper_games``), is
transcribed on the page (New game "played on paper", each chance outcome the table saw picked where the
page asks it: a die's faces as buttons, a card from a list narrowed down by typing), and records the very
facts the same script gives through the CLI. The lobby marks the game as played on paper."""

from __future__ import annotations

import json

import pytest
from cli_runs import invoke
from pages import call, drawn_past, tab
from paper_games import paper_game
from playwright.sync_api import expect

from domain.engine import registry
from domain.keeping.service import GameService
from domain.keeping.store import store_env

pytestmark = pytest.mark.slow

SEATS = ["Ann", "Ben", "Cy"]
SCRIPT_SEED = "browser-paper-2"
"""A seed whose scripted Missions game is among the shortest of a dozen (52 commands, 57 outcomes)."""


def tell(page, value, index: int) -> None:
    """Answers the page's question for outcome ``index`` (from 0, of a setup or a command) with
    ``value``: its button, after typing it into the search box where the list is long."""
    expect(page.locator(f"#outcome-question[data-index='{index}']")).to_be_visible()
    if page.locator("#outcome-search").count():
        page.fill("#outcome-search", str(value))
    page.locator(f"button.outcome[data-value='{json.dumps(value)}']").click()


def facts(events: list[dict]) -> list[dict]:
    return [{"type": event["type"], **event["data"]} for event in events if event["type"] not in ("GameCreated", "SeedRevealed")]


def cli_facts(tmp_path, script) -> list[dict]:
    """The same script typed into the CLI: ``new --table --outcome ...`` then ``act --outcome ...``."""
    db = str(tmp_path / "cli.sqlite3")
    seats = [arg for name in SEATS for arg in ("--seat", name)]
    told = [arg for value in script.setup_outcomes for arg in ("--outcome", str(value))]
    made = invoke("new", "missions", *seats, "--table", *told, "--db", db)
    assert made.exit_code == 0, made.output
    game = made.output.strip().splitlines()[-1].split()[-1]
    for move in script.moves:
        told = [arg for value in move.outcomes for arg in ("--outcome", str(value))]
        acted = invoke("act", game, json.dumps(move.command), "--seat", str(move.seat), *told, "--db", db)
        assert acted.exit_code == 0, acted.output
    service = GameService(env=store_env(db))
    events = service.read_events(service.find_game(game), viewer="owner")
    return facts([{"type": event.type, "data": event.data} for event in events])


def test_a_paper_game_of_missions_is_transcribed_in_the_page_with_the_facts_the_cli_records(browser, server, tmp_path, screenshots):
    script = paper_game(registry.get("missions"), SEATS, {}, seed=SCRIPT_SEED)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = tab(context, f"{server}#/new")
    page.select_option("#ruleset", "missions")
    for seat, name in enumerate(SEATS, 1):
        page.fill(f"#seat-{seat}", name)
    page.check("#table")
    expect(page.locator("#seed")).to_be_disabled()
    expect(page.locator("#who-1")).to_be_disabled()
    page.click("button[type=submit]")
    for index, value in enumerate(script.setup_outcomes):
        tell(page, value, index)
    page.click("#play-here")
    page.wait_for_selector("#board svg")
    game_id = page.url.split("#/play/")[1]
    owner = page.evaluate(f"sessionStorage.getItem('ludolog:token:{game_id}')")

    asked_a_card = False
    for number, move in enumerate(script.moves):
        before = int(page.get_attribute("#board", "data-version"))
        name = SEATS[move.seat - 1]
        expect(page.locator("#commands h2")).to_have_text(f"{move.seat} {name} to act")
        page.locator(f"button.command[data-command='{json.dumps(move.command, separators=(',', ':'))}']").click()
        for index, value in enumerate(move.outcomes):
            expect(page.locator(f"#outcome-question[data-index='{index}']")).to_be_visible()
            if not asked_a_card and page.locator("#outcome-search").count():
                asked_a_card = True
                page.screenshot(path=str(screenshots / "missions-transcribe.jpg"), quality=80)
            tell(page, value, index)
        drawn_past(page, before)
        assert page.text_content("#refusal") == ""
    expect(page.locator("#commands h2")).to_have_text("The game is over")
    assert asked_a_card, "no card was picked from a searched list"

    events = call(server, f"/games/{game_id}/events?limit=1000", owner)["events"]
    assert facts(events) == script.facts == cli_facts(tmp_path, script)
    assert call(server, f"/games/{game_id}")["table"] is True
    page.goto(server)
    expect(page.locator(f"tr[data-game='{game_id}'] .tag")).to_have_text("on paper")
    assert page.errors == [] and page.dialogs == []
    context.close()
