"""The browser client, tried in Chromium: for every ruleset, a game created on the page (the short turn
limit of ``quick_games.QUICK`` typed in its options, where the ruleset has one), played to its end by two
seats in two browser contexts (each through its own link, clicking the board where the command names what
is drawn there, else the command's button), watched live from a third context, and replayed step by step; and the lobby, the links' privacy, refusals shown in place and hostile names kept as text.
Each ruleset's board is saved as a screenshot for review (``conftest.SCREENSHOTS``)."""

from __future__ import annotations

import json
import pathlib
import re
import time

import pytest
from pages import (
    call,
    drawn_past,
    fill_end_form,
    pick_or_press,
    replay_from_the_start,
    tab,
    version,
)
from playwright.sync_api import expect
from quick_games import QUICK

from domain.engine import registry

RULESETS = registry.all_rulesets()
HOSTILE = "<img src=x onerror=alert(1)>"
NAMES = ["Ann", "Ben", "Cy"]
"""The players of the games played here: ordinary names, as the screenshots left for review show them
(names and notes that try to be markup are the subject of their own test, below)."""
MOST_COMMANDS = 700
TABLE_ENDS_AFTER = 12
"""A table kit's game (no rules end it) is ended by its players once this many commands are played: the seat to
act proposes an end through the page's form, naming itself the winner, and the others agree on theirs (greedy
bots left to it refuse each other's ends for hundreds of commands)."""
KIT = pathlib.Path(__file__).resolve().parents[1] / "kits" / "market.yaml"
SALT = "5eed" * 8
"""The salt every game here is created with, typed in the form as a seed is: with it, a seed deals one game."""
SEEDS = {"table-kit": "browser-table-kit-6", "location-ccg": "browser-location-ccg-10", "squad-combat": "browser-squad-combat-1", "infection": "browser-infection-3",
         "assassination-le": "browser-assassination-le-8", "missions": "browser-missions-1",
         "project-assassination": "browser-project-assassination-10"}
"""Game seeds whose game (with ``SALT``), the greedy bot choosing each command (its seed the game's version), is
among the shortest of a dozen, to keep the run short; other rulesets play ``browser-<name>``."""


def create(page, rules, seed: str, bots: dict[int, str] | None = None) -> tuple[str, dict[int, str]]:
    """Fills in the new-game form for ``rules`` (its fewest seats; ``bots``: the seats bots play, by strategy)
    and creates the game: its id and each person's seat link."""
    page.goto(page.url.split("#")[0] + "#/new")
    page.select_option("#ruleset", rules.name)
    if rules.name == "table-kit":  # the test kit, with hands: the kit file pasted into the form (its 2 seats to start)
        page.fill("#kit-text", KIT.read_text(encoding="utf-8"))
    names = NAMES[: max(2, rules.min_seats)]
    while page.locator("input[id^=seat-]").count() < len(names):
        page.get_by_role("button", name="Add a seat").click()
    for seat, name in enumerate(names, 1):
        page.fill(f"#seat-{seat}", name)
    for seat, strategy in (bots or {}).items():
        page.select_option(f"#who-{seat}", strategy)
    for option, value in QUICK.get(rules.name, {}).items():  # a short turn limit, typed in the options
        if option != "kit":
            page.fill(f"#option-{option}", str(value))
    page.fill("#seed", seed)
    page.fill("#salt", SALT)
    page.click("button[type=submit]")
    page.wait_for_selector("#play-here")
    links = {int(field.get_attribute("data-seat")): field.input_value() for field in page.locator("input.link").all()}
    game_id = links[1].split("#/play/")[1].split("/")[0]
    return game_id, links


def shoot(page, path) -> None:
    """A screenshot of the whole page, for review."""
    page.screenshot(path=str(path), full_page=True, quality=80)


def holds_a_card(view: dict, seat: int) -> bool:
    """Whether the seat holds something only it sees: in a table kit, a card in its hand or its own
    zones (a seat that has played them all sees what a spectator sees); in the other games, always."""
    if "zones" not in view or "kit" not in view:
        return True
    return any(card["card"] for zone in view["zones"] if zone["owner"] == seat for card in zone["cards"])


def finished(page) -> bool:
    return page.locator("#commands h2", has_text="The game is over").count() > 0


def play_one(page, base: str, game_id: str, token: str, agree: bool = False) -> bool:
    """If the page offers commands: the greedy bot's choice for the seat, played through the page: what it
    names clicked on the board until it is the one command left (the page then sends it), else its button;
    a choice of several things (a mulligan's cards) opened, each thing clicked on the board, then confirmed;
    whether a command was played."""
    buttons = page.locator("button.command")
    if buttons.count() == 0:
        return False
    before = version(page)
    if call(base, f"/games/{game_id}", token)["version"] != before:
        return False  # the page has not drawn the last event yet (another seat's answer): its buttons are old
    offered = [json.loads(text) for text in page.locator("button.command[data-command]").evaluate_all("bs => bs.map(b => b.dataset.command)")]
    groups = [json.loads(text) for text in page.locator("button.choice-group").evaluate_all("bs => bs.map(b => b.dataset.commands)")]
    ask = {"strategy": "greedy", "play": False, "seed": f"browser:{before}"}
    wanted = call(base, f"/games/{game_id}/bot-move", token, ask)["bot"]["command"]
    if agree and {"type": "agree"} in offered:  # the table's players agree to the end proposed
        wanted = {"type": "agree"}
    legal = call(base, f"/games/{game_id}/legal-commands", token)
    refs = legal["refs"][legal["commands"].index(wanted)]
    chosen = next((n for n, members in enumerate(groups) if wanted in members), None)
    if wanted["type"] == "end" and "winners" in wanted:  # a table's end: its own form, the winners ticked, the reason typed
        fill_end_form(page, wanted["winners"], wanted.get("reason", ""))
    elif chosen is not None:
        choose_several(page, wanted, refs, groups[chosen], chosen)
    else:
        assert wanted in offered
        pick_or_press(page, wanted, offered)
    drawn_past(page, before)
    assert page.text_content("#refusal") == "", page.text_content("#refusal")
    return True


def choose_several(page, wanted: dict, refs: dict[str, list[str]], members: list[dict], group: int) -> None:
    """The group's button, each thing the wanted command picks (its refs) clicked on the board (one item a
    copy), then the one button that confirms."""
    field = next(key for key, value in wanted.items() if isinstance(value, list) and any(m[key] != value for m in members))
    page.locator("button.choice-group").nth(group).click()
    expect(page.locator("#choice-confirm")).to_be_visible()
    for ref in refs[field]:
        page.locator(f'#board g.pickable:not(.picked)[data-ref="{ref}"]').first.click()
        expect(page.locator("#choice-hint")).to_contain_text("Chosen")
    expect(page.locator("#choice-confirm")).to_be_enabled()
    page.click("#choice-confirm")


GUIDE_SHOWN = "correction"
"""The ruleset whose new-game form and games list the guide shows."""


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULESETS, ids=lambda rules: rules.name)
def test_a_whole_game_is_played_watched_and_replayed_in_the_browser(browser, server, screenshots, rules):
    contexts = [browser.new_context() for _ in range(max(2, rules.min_seats) + 1)]
    host = tab(contexts[0], server)
    game_id, links = create(host, rules, seed=SEEDS.get(rules.name, f"browser-{rules.name}"))
    if rules.name == GUIDE_SHOWN:  # the guide's shots of the form and the list, of one game always
        shoot(host, screenshots / "new-game.jpg")
    tokens = {seat: link.split("/")[-1] for seat, link in links.items()}
    host.click("#play-here")
    seats = {1: host, **{seat: tab(contexts[seat - 1], links[seat]) for seat in links if seat > 1}}
    watching = tab(contexts[-1], f"{server}#/watch/{game_id}")
    for page in [*seats.values(), watching]:
        page.wait_for_selector("#board svg")
    assert all("#/play/" in page.url and tokens[seat] not in page.url for seat, page in seats.items())  # out of the address bar

    played, shot, still, proposed = 0, False, time.monotonic(), False
    while not all(finished(page) for page in seats.values()):
        if rules.name == "table-kit" and played >= TABLE_ENDS_AFTER and not proposed:
            (seat, *_) = call(server, f"/games/{game_id}")["to_act"]
            expect(seats[seat].locator("#board")).to_have_attribute("data-version", str(call(server, f"/games/{game_id}")["version"]))
            before = version(seats[seat])
            fill_end_form(seats[seat], [seat], "the table calls it a day")
            drawn_past(seats[seat], before)
            proposed = True
        moved = any(play_one(page, server, game_id, tokens[seat], agree=proposed) for seat, page in seats.items())
        played += moved
        if moved:
            still = time.monotonic()
        else:
            assert time.monotonic() - still < 20, "nothing to play for 20 s: " + " | ".join(p.text_content("#commands") for p in seats.values())
            host.wait_for_timeout(50)
        assert played < MOST_COMMANDS, f"{rules.name}: no end after {played} commands"
        if played == 6 and not shot:
            shot = True
            now = call(server, f"/games/{game_id}")["version"]
            for seat, page in seats.items():  # each seat's page draws what that seat may see
                expect(page.locator("#board")).to_have_attribute("data-version", str(now))
                seen = call(server, f"/games/{game_id}/board", tokens[seat])["svg"]
                assert set(page.locator("#board g[data-id]").evaluate_all("gs => gs.map(g => g.dataset.id)")) == set(re.findall(r'data-id="([^"]+)"', seen))
            expect(watching.locator("#log li")).to_have_count(now, timeout=15000)  # watched live
            shoot(host, screenshots / f"{rules.name}-play.jpg")
            shoot(watching, screenshots / f"{rules.name}-watch.jpg")
            if rules.private_hands:
                spectator = call(server, f"/games/{game_id}/board")["svg"]
                assert all(call(server, f"/games/{game_id}/board", tokens[seat])["svg"] != spectator
                           for seat in seats if holds_a_card(call(server, f"/games/{game_id}", tokens[seat])["view"], seat))

    final = call(server, f"/games/{game_id}")
    assert final["status"] == "over"
    expect(watching.locator("#log li")).to_have_count(final["version"], timeout=15000)
    said = r"^Stopped at its limit, " if final["outcome"]["at_limit"] else r"^(Won|A draw)"  # a stopped game is no win
    expect(watching.locator("#status")).to_have_text(re.compile(said), timeout=15000)
    seed = SEEDS.get(rules.name, f"browser-{rules.name}")
    assert (final["seed"], final["seed_salt"]) == (seed, SALT)  # the seed and salt typed in the form
    expect(host.locator("#deal")).to_have_text(f"Seed {seed}, salt {SALT}: give both to a new game to deal this one again.")
    shoot(host, screenshots / f"{rules.name}-over.jpg")
    host.goto(server)
    expect(host.locator("table.games")).to_contain_text(rules.title)
    if rules.name == GUIDE_SHOWN:
        shoot(host, screenshots / "games.jpg")

    note = call(server, f"/games/{game_id}/notes", tokens[1], {"at": 3, "text": "look here", "bookmark": "the opening"})
    total = final["version"]
    replay_from_the_start(watching, server, game_id, total)
    watching.click("#forward")
    expect(watching.locator("#board")).to_have_attribute("data-step", "3")
    assert "look here" in watching.text_content("#notes")
    watching.click("#last")
    expect(watching.locator("#board")).to_have_attribute("data-step", str(total))
    watching.click(".bookmarks button")
    expect(watching.locator("#board")).to_have_attribute("data-step", str(note["at"]))
    middle = total // 2
    watching.locator("#log li button").nth(middle - 1).click()
    expect(watching.locator("#board")).to_have_attribute("data-step", str(middle))
    assert watching.text_content("#sentence") == call(server, f"/games/{game_id}/events?after={middle - 1}&limit=1")["events"][0]["sentence"]
    shoot(watching, screenshots / f"{rules.name}-replay.jpg")

    for page in [*seats.values(), watching]:
        assert page.errors == [] and page.dialogs == []
        for url, referer in page.seen:
            assert url.startswith(server) and not referer
            assert not any(token in url for token in tokens.values()), "a token went into a request line"
    for context in contexts:
        context.close()


def quick_bot(route) -> None:
    """The page's new game sent with its bot seats moving 20 ms after each command, not the page's second
    (the wait is the page's choice of pace, kept for people to follow; the test follows the board)."""
    if route.request.method != "POST":
        route.continue_()
        return
    body = json.loads(route.request.post_data or "{}")
    assert body.get("bot_pace_ms") == 1000, body  # the page's own pace, replaced
    route.continue_(post_data=json.dumps({**body, "bot_pace_ms": 20}))


@pytest.mark.slow
def test_a_game_against_a_bot_is_played_from_one_browser(browser, server):
    context = browser.new_context()
    page = tab(context, server)
    page.route("**/games", quick_bot)
    rules = registry.get("correction")
    game_id, links = create(page, rules, seed="browser-bot", bots={2: "greedy"})
    assert set(links) == {1}  # the bot's seat gets no link
    page.click("#play-here")
    page.wait_for_selector("#board svg")
    token = links[1].split("/")[-1]
    played = 0
    while not finished(page):
        assert played < MOST_COMMANDS, f"no end after {played} commands"
        before = version(page)
        if play_one(page, server, game_id, token):
            played += 1
        elif not finished(page):  # the bot's seat (or the page's news of it) is awaited: the board's next version
            drawn_past(page, before)
    events = call(server, f"/games/{game_id}/events?limit=1000")["events"]
    assert call(server, f"/games/{game_id}")["status"] == "over"
    assert any(event["seat"] == 2 for event in events) and any(event["seat"] == 1 for event in events)
    assert page.errors == [] and page.dialogs == []
    context.close()


def test_a_refused_command_says_why_where_it_was_tried_and_changes_nothing(browser, server):
    context = browser.new_context()
    page = tab(context, server)
    game_id, links = create(page, registry.get("correction"), seed="browser-refused")
    tokens = {seat: link.split("/")[-1] for seat, link in links.items()}
    first = call(server, f"/games/{game_id}")["to_act"][0]
    page.route("**/events/stream*", lambda route: route.abort())  # the page hears of no new event: its buttons go stale
    page.goto(links[first])
    page.wait_for_selector("button.command")
    stale = page.locator("button.command").first
    legal = call(server, f"/games/{game_id}/legal-commands", tokens[first])["commands"]
    call(server, f"/games/{game_id}/commands", tokens[first], {"command": legal[-1]})  # the same seat, from elsewhere
    moved_on = call(server, f"/games/{game_id}")["version"]
    stale.click()
    expect(page.locator("#refusal")).to_have_text("The game moved on before your command arrived: look again.")
    assert call(server, f"/games/{game_id}")["version"] == moved_on
    expect(page.locator("#board")).to_have_attribute("data-version", str(moved_on))
    context.close()


def test_the_board_is_played_with_the_keyboard_and_fits_a_phone(browser, server, screenshots):
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = tab(phone, server)
    game_id, links = create(page, registry.get("correction"), seed="browser-keys")
    first = call(server, f"/games/{game_id}")["to_act"][0]
    page.goto(links[first])
    page.wait_for_selector("button.command")
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    for item in ("#board", "#board .board-view"):  # the board's box fits the phone's width (zoomed in, it pans inside)
        box = page.locator(item).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (item, box)
    shoot(page, screenshots / "phone.jpg")
    offered = page.locator("button.command").count()
    for _ in range(80):  # Tab through the page to the board's first square a command names
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('#board g.pickable')"):
            break
    else:
        raise AssertionError("no square of the board is reached with Tab")
    ref = page.evaluate("() => document.activeElement.dataset.ref")
    page.keyboard.press("Enter")
    expect(page.locator(f'#board g[data-ref="{ref}"][aria-pressed="true"]').first).to_be_visible()
    narrowed = page.locator("button.command").count()
    assert 0 < narrowed < offered
    assert all(ref in json.loads(button.get_attribute("data-refs")) for button in page.locator("button.command").all())
    page.click("button.clear")
    expect(page.locator("button.command")).to_have_count(offered)
    phone.close()


def test_the_tab_that_created_a_game_replays_it_with_any_eye_it_holds(browser, server):
    context = browser.new_context()
    page = tab(context, server)
    game_id, links = create(page, registry.get("squad-combat"), seed="browser-eyes")
    owner = page.evaluate(f"() => JSON.parse(sessionStorage.getItem('ludolog:host:{game_id}')).owner")
    tokens = {seat: link.split("/")[-1] for seat, link in links.items()}
    page.goto(f"{server}#/replay/{game_id}")
    page.wait_for_selector("#board svg")
    labels = page.locator("#see-as option").all_text_contents()
    seats = {seat["seat"]: f"{seat['seat']} {seat['name']}" + (f" ({seat['role']})" if seat.get("role") else "")
             for seat in call(server, f"/games/{game_id}")["seats"]}
    assert labels == [seats[1], seats[2], "the owner: everything", "a spectator"]  # each seat by its name
    assert page.locator("#see-as option:checked").text_content() == "the owner: everything"  # the creator's tab
    total = call(server, f"/games/{game_id}")["version"]
    for label, token in ((seats[2], tokens[2]), ("the owner: everything", owner), ("a spectator", None), (seats[1], tokens[1])):
        page.select_option("#see-as", label=label)
        expect(page.locator("#see-as option:checked")).to_have_text(label)
        page.wait_for_selector("#board svg")
        seen = call(server, f"/games/{game_id}/board?at={total}", token)["svg"]
        ids = set(page.locator("#board g[data-id]").evaluate_all("gs => gs.map(g => g.dataset.id)"))
        assert ids == set(re.findall(r'data-id="([^"]+)"', seen)), label
    assert page.errors == []
    context.close()


def test_names_and_notes_that_look_like_markup_stay_text_on_every_page(browser, server):
    names = ["Ann & <b>Co</b>", HOSTILE]
    game = call(server, "/games", body={"ruleset": "correction", "seats": names, "seed": "markup", "salt": SALT})
    for _ in range(4):
        call(server, f"/games/{game['id']}/bot-move", game["owner_token"], {"strategy": "random", "seed": "1"})
    call(server, f"/games/{game['id']}/notes", game["seats"][0]["token"], {"at": 3, "text": f"look {HOSTILE}", "bookmark": "<i>x</i>"})
    context = browser.new_context()
    page = tab(context, server)
    expect(page.locator("table.games")).to_contain_text(HOSTILE)
    page.goto(f"{server}#/watch/{game['id']}")
    page.wait_for_selector("#board svg")
    assert all(name in page.text_content(".seats-list") for name in names)
    page.goto(f"{server}#/replay/{game['id']}")
    page.wait_for_selector("#board svg")
    page.click(".bookmarks button")
    expect(page.locator("#notes")).to_contain_text(f"look {HOSTILE}")
    assert names[0] in page.text_content(".table-head")  # "After step 3: waiting for 1 Ann & <b>Co</b>"
    for tag in ("img", "b", "i"):  # nothing a player typed became an element
        assert page.locator(f"#page {tag}").count() == 0, tag
    assert page.errors == [] and page.dialogs == []
    context.close()


def test_a_player_whose_tab_closed_is_told_the_way_back_and_the_creators_tab_shows_the_links(browser, server):
    host_context, lost_context = browser.new_context(), browser.new_context()
    host = tab(host_context, server)
    game_id, links = create(host, registry.get("correction"), seed="browser-way-back")
    host.click("#play-here")
    host.wait_for_selector("#board svg")
    host.click("#seat-links summary")
    shown = host.locator("#seat-links input.link").evaluate_all("fields => fields.map(f => f.value)")
    assert shown == [links[1], links[2]]
    lost = tab(lost_context, f"{server}#/play/{game_id}")  # the link's token is gone with the tab
    lost.wait_for_selector("#board svg")
    expect(lost.locator("#no-seat")).to_contain_text("your seat's own link again")
    lost.goto(shown[1])
    expect(lost.locator(".seats-list .me")).to_contain_text("(you)")
    assert host.errors == [] and lost.errors == []
    host_context.close()
    lost_context.close()


def test_a_mulligan_is_chosen_on_the_board_and_confirmed_with_one_button(browser, server):
    game = call(server, "/games", body={"ruleset": "location-ccg", "seats": ["Ann", "Ben"], "seed": "mulligan", "salt": SALT})
    owner, tokens = game["owner_token"], {seat["seat"]: seat["token"] for seat in game["seats"]}
    for _ in range(20):  # the locations are chosen first
        seat = call(server, f"/games/{game['id']}")["to_act"][0]
        legal = call(server, f"/games/{game['id']}/legal-commands?seat={seat}", owner)["commands"]
        if legal[0]["type"] == "mulligan":
            break
        call(server, f"/games/{game['id']}/bot-move", owner, {"strategy": "random", "seed": "1"})
    assert len(legal) > 100  # every subset of the hand
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = tab(context, f"{server}#/play/{game['id']}/{tokens[seat]}")
    page.wait_for_selector("#board svg")
    expect(page.locator("button.command")).to_have_count(1)  # one choice, not one button per subset
    page.click("button.choice-group")
    cards = page.locator("#board g.pickable")
    assert cards.count() == 7
    chosen = [cards.nth(n).get_attribute("data-ref").removeprefix("card:") for n in (1, 4)]  # a card in hand is card:<id>
    cards.nth(1).click()
    cards.nth(4).click()
    expect(page.locator("#choice-confirm")).to_be_enabled()
    page.click("#choice-confirm")
    expect(page.locator("#choice-confirm")).to_have_count(0)
    events = call(server, f"/games/{game['id']}/events?limit=1000", owner)["events"]
    under = next(event for event in reversed(events) if event["type"] == "CardsPutUnder")
    assert under["seat"] == seat and sorted(under["data"]["cards"]) == sorted(chosen)
    assert page.errors == []
    context.close()


def test_the_lobby_shows_each_games_name_and_date_and_filters_by_game_and_status(browser, server):
    context = browser.new_context()
    page = tab(context, f"{server}#/new")
    page.select_option("#ruleset", "correction")
    page.fill("#game-name", "Tuesday group, playtest 3")
    page.fill("#seat-1", "Ann")
    page.fill("#seat-2", "Ben")
    page.click("button[type=submit]")
    expect(page.locator("#created h2")).to_have_text("Tuesday group, playtest 3 is ready")
    other = call(server, "/games", body={"ruleset": "missions", "seats": ["Ann", "Ben", "Cy"]})
    page.goto(server)
    expect(page.locator("table.games .game-name")).to_have_count(2)
    names = page.locator("table.games .game-name").all_text_contents()
    assert "Tuesday group, playtest 3" in names and other["name"] in names and other["name"].startswith("Missions · Ann, Ben, Cy · ")
    expect(page.locator(f"tr[data-game='{other['id']}'] time")).to_have_count(1)
    page.select_option("#filter-ruleset", "correction")
    expect(page.locator("table.games tbody tr")).to_have_count(1)
    expect(page.locator("table.games .game-name")).to_have_text("Tuesday group, playtest 3")
    page.select_option("#filter-status", "over")
    expect(page.locator("table.games")).to_have_count(0)
    expect(page.locator("#page")).to_contain_text("No game of this choice.")
    page.select_option("#filter-status", "")
    page.select_option("#filter-ruleset", "")
    expect(page.locator("table.games tbody tr")).to_have_count(2)
    assert page.errors == []
    context.close()


def test_a_balance_report_written_by_the_cli_is_read_in_the_page_with_its_charts(browser, server, tmp_path, screenshots):
    from cli_runs import invoke

    written = tmp_path / "report.html"
    made = invoke("balance", "correction", "--games", "6", "--skill", "0", "--workers", "1", "--no-keep", "-q",
                  "--format", "html", "-o", str(written), "--db", str(tmp_path / "balance.sqlite3"))
    assert made.exit_code == 0, made.output
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = tab(context, f"{server}#/balance")
    page.set_input_files("#report-file", str(written))
    expect(page.locator("#report h1")).to_contain_text("Correction")
    expect(page.locator("#report table").first).to_be_visible()
    charts = page.locator("#report img.chart")
    assert charts.count() >= 1
    page.wait_for_function("() => [...document.querySelectorAll('#report img.chart')].every(i => i.complete && i.naturalWidth > 0)")
    assert page.locator("#report svg, #report script, #report a").count() == 0
    page.screenshot(path=str(screenshots / "balance.jpg"), quality=80)
    page.set_input_files("#report-file", files=[{"name": "notes.html", "mimeType": "text/html", "buffer": b"<p>hello</p>"}])
    expect(page.locator("#report-error")).to_contain_text("is not a balance report")
    assert page.errors == []
    context.close()
