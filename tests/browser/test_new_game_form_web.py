"""The new-game form keeps what was typed: each seat's name and who plays it stay when seats are added or
removed, or the game is changed; and a table kit's seats start at the kit's own fewest, a shelved kit's
as its file's, so a 2-player kit keeps the two names typed."""

from __future__ import annotations

import pathlib

from pages import call, tab
from playwright.sync_api import expect

SHIPPED = pathlib.Path(__file__).resolve().parents[2] / "domain" / "games" / "table_kit" / "kits"


def seats(page) -> list[tuple[str, str]]:
    """Each seat of the form: its name and who plays it."""
    rows = page.locator("fieldset.seats .seat-row")
    return [(rows.nth(n).locator("input").input_value(), rows.nth(n).locator("select").input_value()) for n in range(rows.count())]


def test_the_new_game_form_keeps_what_was_typed_when_seats_are_added_or_removed(browser, server):
    page = tab(browser.new_context(), f"{server}#/new")
    page.select_option("#ruleset", "squad-combat")  # 2 to 4 players
    expect(page.locator("fieldset.seats .seat-row")).to_have_count(2)
    page.fill("#seat-1", "Zoe")
    page.fill("#seat-2", "Yan")
    page.select_option("#who-2", "greedy")
    page.get_by_role("button", name="Add a seat").click()
    assert seats(page) == [("Zoe", "person"), ("Yan", "greedy"), ("Player 3", "person")]
    page.fill("#seat-3", "Xia")
    page.select_option("#who-3", "random")
    page.get_by_role("button", name="Add a seat").click()
    page.fill("#seat-4", "Wen")
    page.get_by_role("button", name="Remove a seat").click()
    page.get_by_role("button", name="Remove a seat").click()
    assert seats(page) == [("Zoe", "person"), ("Yan", "greedy")]
    page.get_by_role("button", name="Add a seat").click()  # a seat taken away and given back keeps its name
    assert seats(page) == [("Zoe", "person"), ("Yan", "greedy"), ("Xia", "random")]
    # on paper every seat is a person's; unticked, the bots chosen are back
    page.check("#table")
    assert seats(page) == [("Zoe", "person"), ("Yan", "person"), ("Xia", "person")]
    page.get_by_role("button", name="Remove a seat").click()
    page.uncheck("#table")
    assert seats(page) == [("Zoe", "person"), ("Yan", "greedy")]
    page.select_option("#ruleset", "correction")  # another game: the names stay
    assert seats(page) == [("Zoe", "person"), ("Yan", "greedy")]
    page.click("button[type=submit]")
    page.wait_for_selector("#created h2")
    (game,) = call(server, "/games")["games"]
    assert [seat["name"] for seat in game["seats"]] == ["Zoe", "Yan"] and game["ruleset"] == "correction"
    assert page.errors == [] and page.dialogs == []


def test_a_table_kits_seats_start_at_the_kits_own_and_keep_the_names(browser, server, tmp_path):
    added = call(server, "/kits", body={"text": (SHIPPED / "tic-tac-toe.yaml").read_text(encoding="utf-8"), "format": "yaml"})
    assert added["name"] == "tic-tac-toe"
    page = tab(browser.new_context(), f"{server}#/new")
    page.select_option("#ruleset", "correction")
    page.fill("#seat-1", "Zoe")
    page.fill("#seat-2", "Yan")
    page.select_option("#ruleset", "tic-tac-toe")  # a shelved kit for 2: its own seats
    assert seats(page) == [("Zoe", "person"), ("Yan", "person")]
    expect(page.get_by_role("button", name="Add a seat")).to_be_disabled()
    page.select_option("#ruleset", "table-kit")  # a kit from a file: the default kit's 3 seats, until a file says
    assert [name for name, _ in seats(page)] == ["Zoe", "Yan", "Player 3"]
    kit = tmp_path / "pig.yaml"
    kit.write_text((SHIPPED / "pig.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    page.set_input_files("#kit-file", str(kit))  # Pig: 2 to 4 players
    expect(page.locator("fieldset.seats .seat-row")).to_have_count(2)
    assert seats(page) == [("Zoe", "person"), ("Yan", "person")]
    expect(page.get_by_role("button", name="Remove a seat")).to_be_disabled()
    for _ in range(2):
        page.get_by_role("button", name="Add a seat").click()
    expect(page.get_by_role("button", name="Add a seat")).to_be_disabled()  # at the kit's most, 4
    page.get_by_role("button", name="Remove a seat").click()
    page.get_by_role("button", name="Remove a seat").click()
    page.click("button[type=submit]")
    page.wait_for_selector("#play-here")
    (game,) = call(server, "/games")["games"]
    assert [seat["name"] for seat in game["seats"]] == ["Zoe", "Yan"] and game["name"].startswith("Pig")
    assert page.errors == [] and page.dialogs == []


def test_the_form_offers_openspiels_bots_for_a_seat_and_the_game_records_them(browser, server):
    page = tab(browser.new_context(), f"{server}#/new")
    page.select_option("#ruleset", "correction")
    offered = page.locator("#who-2 option").evaluate_all("options => options.map(o => o.value)")
    assert offered == ["person", "greedy", "random", "search", "openspiel-ismcts", "openspiel-mcts"]
    page.fill("#seat-1", "Zoe")
    page.fill("#seat-2", "Yan")
    page.select_option("#who-2", "openspiel-mcts")
    page.click("button[type=submit]")
    page.wait_for_selector("#created h2")
    (game,) = call(server, "/games")["games"]
    players = call(server, f"/games/{game['id']}")["players"]
    assert players[1]["kind"] == "bot" and players[1]["strategy"] == "openspiel-mcts"
    assert page.errors == [] and page.dialogs == []
