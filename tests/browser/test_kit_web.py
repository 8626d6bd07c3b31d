"""A table kit in the browser, as a student follows the guide's page "Write your first kit"
(``tutorials/first-kit.md``): a kit file written (under 100 lines), chosen in the new-game form, played by
three seats in three browser contexts, ended by agreement, replayed step by step, and its design diary
downloaded; a kit with mistakes lists them, a line each."""

from __future__ import annotations

import json
import pathlib
import re

import pytest
from pages import (
    call,
    caught_up,
    drawn_past,
    fill_end_form,
    pick_or_press,
    replay_from_the_start,
    tab,
    version,
)
from playwright.sync_api import expect

KIT = pathlib.Path(__file__).resolve().parents[1] / "kits" / "market.yaml"
SHIPPED = pathlib.Path(__file__).resolve().parents[2] / "domain" / "games" / "table_kit" / "kits"
NAMES = ["Ann", "Ben", "Cy"]


def play(page, server: str, command: dict) -> None:
    """The command played on the page as a player would, once the page shows the game as it is now: what it
    names clicked on the board, else its button."""
    caught_up(page, server)
    before = version(page)
    offered = [json.loads(button.get_attribute("data-command")) for button in page.locator("button.command[data-command]").all()]
    assert command in offered, (command, offered[:5])
    pick_or_press(page, command, offered)
    drawn_past(page, before)
    assert page.text_content("#refusal") == "", page.text_content("#refusal")


def propose_end(page, server: str, winners: list[int], reason: str = "") -> None:
    """An end proposed on the page as a player would: the form opened, the winners ticked by name (none: a
    draw), the reason typed, then proposed."""
    caught_up(page, server)
    before = version(page)
    assert not any(json.loads(button.get_attribute("data-command") or "{}").get("type") == "end"
                   for button in page.locator("button.command").all())  # no button proposes an end by itself
    fill_end_form(page, winners, reason)
    drawn_past(page, before)


def new_kit_game(page, server: str, kit: pathlib.Path, title: str = "Market", names: list[str] = NAMES) -> tuple[str, dict[int, str]]:
    page.goto(f"{server}#/new")
    page.select_option("#ruleset", "table-kit")
    page.set_input_files("#kit-file", str(kit))
    expect(page.locator("#kit-text")).to_have_value(re.compile(f"title: {title}"))
    expect(page.locator("input[id^=seat-]")).to_have_count(2)  # the kit's own fewest seats, as its file says
    while page.locator("input[id^=seat-]").count() > len(names):
        page.get_by_role("button", name="Remove a seat").click()
    while page.locator("input[id^=seat-]").count() < len(names):
        page.get_by_role("button", name="Add a seat").click()
    for seat, name in enumerate(names, 1):
        page.fill(f"#seat-{seat}", name)
    page.click("button[type=submit]")
    page.wait_for_selector("#play-here")
    links = {int(field.get_attribute("data-seat")): field.input_value() for field in page.locator("input.link").all()}
    return links[1].split("#/play/")[1].split("/")[0], links


@pytest.mark.slow
def test_a_kit_file_is_played_by_three_seats_replayed_and_its_diary_downloaded(browser, server, screenshots, tmp_path):
    kit = tmp_path / "market.yaml"
    kit.write_text(KIT.read_text(encoding="utf-8"), encoding="utf-8")
    assert len(kit.read_text(encoding="utf-8").splitlines()) < 100
    contexts = [browser.new_context(accept_downloads=True) for _ in NAMES]
    host = tab(contexts[0], server)
    game_id, links = new_kit_game(host, server, kit)
    assert call(server, "/kits/market")["version"] == 1  # the kit is on the shelf, found by its name
    host.click("#play-here")
    seats = {1: host, 2: tab(contexts[1], links[2]), 3: tab(contexts[2], links[3])}
    for page in seats.values():
        page.wait_for_selector("#board svg")

    play(seats[1], server, {"type": "roll", "die": "d6"})
    expect(seats[2].locator("#log")).to_contain_text("Ann rolls d6")
    play(seats[1], server, {"type": "move", "piece": "pawn-1", "to": "b2"})
    play(seats[1], server, {"type": "draw", "from": "draw"})
    held = [card["card"] for zone in call(server, f"/games/{game_id}", links[1].split("/")[-1])["view"]["zones"]
            if zone["name"] == "hand:1" for card in zone["cards"]]
    assert len(held) == 3 and all(held)
    # Ann's cards are on her board by name, on the others' face down
    expect(seats[1].locator('#board g[data-id="card:hand:1:2"]')).to_have_attribute("data-ref", held[2])
    assert seats[2].locator('#board g[data-id="card:hand:1:2"]').get_attribute("data-ref") is None
    play(seats[1], server, {"type": "pass"})
    play(seats[2], server, {"type": "add", "counter": "money:2", "amount": 1})
    propose_end(seats[2], server, winners=[2], reason="most money")
    expect(seats[3].locator("#board")).to_contain_text("Ben proposes to end the game (Ben wins); waiting for Ann and Cy")
    shoot = screenshots / "table-kit-proposed.jpg"
    seats[3].screenshot(path=str(shoot), full_page=True, quality=80)
    play(seats[3], server, {"type": "agree"})
    play(seats[1], server, {"type": "agree"})
    for page in seats.values():
        expect(page.locator("#commands h2", has_text="The game is over")).to_be_visible(timeout=15000)
    final = call(server, f"/games/{game_id}")
    assert final["status"] == "over" and final["outcome"]["winners"] == [2]

    replay_from_the_start(host, server, game_id, final["version"])
    expect(host.locator("#sentence")).to_contain_text("The table is laid with the kit Market")
    host.keyboard.press("End")
    with host.expect_download() as waiting:
        host.click('#downloads button[data-format="diary"]')
    diary = waiting.value.path().read_text(encoding="utf-8")
    assert "Market" in diary and "Ben proposes to end the game: Ben wins (most money)." in diary and "Cy agrees." in diary
    for page in seats.values():
        assert page.errors == [] and page.dialogs == []
    for context in contexts:
        context.close()


def test_a_kit_with_mistakes_lists_each_with_its_line_and_creates_nothing(browser, server):
    page = tab(browser.new_context(), server)
    page.goto(f"{server}#/new")
    page.select_option("#ruleset", "table-kit")
    broken = KIT.read_text(encoding="utf-8").replace("pile: draw", "pile: drew").replace("at: a1", "at: z9")
    page.fill("#kit-text", broken)
    page.click("button[type=submit]")
    expect(page.locator("#kit-mistakes li")).to_have_count(3)
    lines = page.locator("#kit-mistakes li").all_text_contents()
    assert re.match(r"kit:\d+: pieces\.0\.at: no space named 'z9'$", lines[0]), lines
    assert re.match(r"kit:\d+: decks\.0\.pile: no zone named 'drew' \(did you mean \"draw\"\?\)$", lines[1]), lines
    assert re.match(r"kit:\d+: hands\.from: no deck starts in a zone named 'draw' \(did you mean \"drew\"\?\)$", lines[2]), lines
    assert "the kit has 3 mistakes" in page.text_content("#form-error")
    assert call(server, "/games")["games"] == [] and call(server, "/kits")["kits"] == []


def test_a_kit_with_rules_offers_only_its_actions_as_buttons_and_plays_them(browser, server, tmp_path):
    kit = tmp_path / "pig.yaml"
    kit.write_text((pathlib.Path(__file__).resolve().parents[2] / "domain" / "games" / "table_kit" / "kits" / "pig.yaml")
                   .read_text(encoding="utf-8"), encoding="utf-8")
    contexts = [browser.new_context() for _ in NAMES]
    host = tab(contexts[0], server)
    _, links = new_kit_game(host, server, kit, title="Pig")
    host.click("#play-here")
    second = tab(contexts[1], links[2])
    for shown in (host, second):
        shown.wait_for_selector("#board svg")
    caught_up(host, server)
    offered = [json.loads(button.get_attribute("data-command")) for button in host.locator("button.command[data-command]").all()]
    assert offered == [{"type": "act", "action": "roll"}, {"type": "act", "action": "hold"}]  # the kit's actions, no generic ones
    expect(host.locator("button.command[data-command]").first).to_have_text(re.compile("roll"))
    play(host, server, {"type": "act", "action": "hold"})
    expect(second.locator("#log")).to_contain_text("Ann passes the turn to Ben")
    play(second, server, {"type": "act", "action": "roll"})
    expect(host.locator("#log")).to_contain_text("Ben rolls die")


def test_a_board_kit_is_played_by_clicking_its_squares_to_a_win(browser, server, tmp_path):
    kit = tmp_path / "tic-tac-toe.yaml"
    kit.write_text((SHIPPED / "tic-tac-toe.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    contexts = [browser.new_context() for _ in range(2)]
    host = tab(contexts[0], server)
    game_id, links = new_kit_game(host, server, kit, title="Tic-tac-toe", names=NAMES[:2])
    host.click("#play-here")
    second = tab(contexts[1], links[2])
    pages = {1: host, 2: second}
    for shown in pages.values():
        shown.wait_for_selector("#board svg")
    for played, (seat, square) in enumerate([(1, "a1"), (2, "a2"), (1, "b1"), (2, "b2"), (1, "c1")]):
        page = pages[seat]
        caught_up(page, server)
        before = version(page)
        assert page.locator("#board g.pickable").count() >= 9 - played  # each empty square offered
        page.locator(f'#board g.pickable[data-ref="{square}"]').last.click()  # one click: the square names the move
        drawn_past(page, before)
        assert page.text_content("#refusal") == "", page.text_content("#refusal")
    outcome = call(server, f"/games/{game_id}")
    assert outcome["status"] == "over" and outcome["outcome"]["winners"] == [1], outcome
    assert outcome["outcome"]["reason"] == "three in a row"
    expect(second.locator("#log")).to_contain_text("three in a row")
    for context in contexts:
        context.close()


def test_a_turn_taken_together_is_chosen_on_both_pages_each_seeing_only_that_the_other_has_chosen(browser, server, tmp_path):
    kit = tmp_path / "rock-paper-scissors.yaml"
    kit.write_text((SHIPPED / "rock-paper-scissors.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    contexts = [browser.new_context() for _ in range(2)]
    host = tab(contexts[0], server)
    _, links = new_kit_game(host, server, kit, title="Rock, paper, scissors", names=NAMES[:2])
    host.click("#play-here")
    second = tab(contexts[1], links[2])
    for shown in (host, second):
        shown.wait_for_selector("#board svg")
    play(second, server, {"type": "act", "action": "show", "number": 1})  # Ben first: both were to act
    expect(host.locator("ul.seats-list")).to_contain_text("has chosen, in secret")
    expect(host.locator("#log")).to_contain_text("Ben chooses in secret.")
    expect(host.locator("#log")).not_to_contain_text("show number 1")
    play(host, server, {"type": "act", "action": "show", "number": 2})
    expect(second.locator("#log")).to_contain_text("The secret choices are shown: Ann: show number 2; Ben: show number 1.")
    expect(second.locator("ul.seats-list")).not_to_contain_text("has chosen")
