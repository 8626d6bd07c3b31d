"""A game ended on the play page by its players, not its rules (``api/web/concede.js``): two seats of a game of
Correction in two browser contexts (seat 2 on a phone-sized touch screen), a watcher in a third. A seat resigns
after confirming; a draw is offered, shown to the other seat with Accept and Decline, declined, offered again and
accepted; a game is aborted after confirming (a stray tap taken back sends nothing) before every seat has played, and once each has, Abort is no longer offered; a Squad
Combat seat knocked out sees an offer as a watcher does. Every
page says how the game ended, as ``GET /games/{id}``'s outcome (``ended_by``) has it."""

from __future__ import annotations

from pages import call, caught_up, tab
from playwright.sync_api import expect

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SALT = "5eed" * 8


def open_game(browser, server: str, seed: str, watch: bool = False):
    """A fresh game of Correction for Ann and Ben: its id, its seats' tokens, and the pages of seat 1 (a wide
    window), seat 2 (a phone) and, with ``watch``, a watcher; each page showing the game."""
    game = call(server, "/games", body={"ruleset": "correction", "seats": ["Ann", "Ben"], "seed": seed, "salt": SALT})
    tokens = {seat["seat"]: seat["token"] for seat in game["seats"]}
    contexts = [browser.new_context(), browser.new_context(**PHONE)] + ([browser.new_context()] if watch else [])
    pages = [tab(contexts[0], f"{server}#/play/{game['id']}/{tokens[1]}"), tab(contexts[1], f"{server}#/play/{game['id']}/{tokens[2]}")]
    if watch:
        pages.append(tab(contexts[2], f"{server}#/watch/{game['id']}"))
    for page in pages:
        page.wait_for_selector("#board svg")
    return game["id"], tokens, pages, contexts


def play_a_command(server: str, game_id: str, tokens: dict[int, str]) -> int:
    """The seat to act plays its first legal command, from another client: which seat played."""
    seat = call(server, f"/games/{game_id}")["to_act"][0]
    legal = call(server, f"/games/{game_id}/legal-commands", tokens[seat])["commands"]
    call(server, f"/games/{game_id}/commands", tokens[seat], {"command": legal[0]})
    return seat


def press(page, selector: str) -> None:
    """A button pressed as the page's player would: tapped on the phone (seat 2), clicked elsewhere."""
    button = page.locator(selector)
    button.tap(timeout=15000) if page.viewport_size["width"] < 500 else button.click(timeout=15000)


def close(contexts, pages) -> None:
    for page in pages:
        assert page.errors == [], page.errors
    for context in contexts:
        context.close()


def test_a_seat_resigns_after_confirming_and_every_page_says_so(browser, server, screenshots):
    game_id, _, pages, contexts = open_game(browser, server, "ending-resign", watch=True)
    ann, ben, watcher = pages
    expect(watcher.locator("#resign")).to_have_count(0)  # a watcher plays no seat
    ben.locator("#resign").tap()
    expect(ben.locator("#resign-ask")).to_contain_text("Resign this game?")
    ben.screenshot(path=str(screenshots / "resign-asked-phone.jpg"), full_page=True, quality=80)  # for review
    assert ben.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")  # fits the phone
    ben.locator("#resign-cancel").tap()  # a second thought: nothing is sent
    expect(ben.locator("#resign-ask")).to_have_count(0)
    assert call(server, f"/games/{game_id}")["status"] == "active"
    ben.locator("#resign").tap()
    ben.locator("#resign-confirm").tap()
    for page in pages:
        expect(page.locator("#status")).to_have_text("Ended by resignation: 2 Ben resigned, so 1 Ann wins", timeout=15000)
        expect(page.locator("#resign")).to_have_count(0)
    outcome = call(server, f"/games/{game_id}")["outcome"]
    assert outcome["ended_by"] == "resignation" and outcome["winners"] == [1]
    expect(ann.locator("#commands")).to_contain_text("Ended by resignation")
    ann.screenshot(path=str(screenshots / "resigned.jpg"), full_page=True, quality=80)  # for review
    assert ann.locator("#refusal").text_content() == ""
    close(contexts, pages)


def test_a_draw_offered_is_declined_then_offered_again_and_accepted(browser, server, screenshots):
    game_id, _, pages, contexts = open_game(browser, server, "ending-draw")
    ann, ben = pages
    ann.click("#offer-draw")
    expect(ann.locator("#draw-offer")).to_contain_text("You offered a draw")
    expect(ann.locator("#offer-draw")).to_have_count(0)
    expect(ben.locator("#draw-offer")).to_contain_text("1 Ann offers a draw.", timeout=15000)
    assert call(server, f"/games/{game_id}")["draw_offer"] == [1]
    ben.screenshot(path=str(screenshots / "draw-offered-phone.jpg"), full_page=True, quality=80)  # for review
    ben.locator("#draw-decline").tap()
    for page in pages:
        expect(page.locator("#draw-offer")).to_have_count(0, timeout=15000)
    assert call(server, f"/games/{game_id}")["draw_offer"] == []
    caught_up(ann, server)
    ann.click("#offer-draw")
    ben.locator("#draw-accept").tap(timeout=15000)
    for page in pages:
        expect(page.locator("#status")).to_have_text("Drawn by agreement: a draw agreed by Ann and Ben", timeout=15000)
        expect(page.locator("#draw-offer")).to_have_count(0)
    outcome = call(server, f"/games/{game_id}")["outcome"]
    assert outcome["ended_by"] == "agreement" and outcome["winners"] == []
    close(contexts, pages)


def test_a_game_is_aborted_after_confirming_before_every_seat_has_played(browser, server):
    game_id, tokens, pages, contexts = open_game(browser, server, "ending-abort")
    played = play_a_command(server, game_id, tokens)  # one seat has played: the other has not, so abort still may
    for page in pages:
        caught_up(page, server)
        expect(page.locator("#abort")).to_be_visible()
    aborting = pages[2 - played]  # the seat that has not played
    press(aborting, "#abort")
    expect(aborting.locator("#abort-ask")).to_contain_text("Abort this game? It ends at once with no result")
    assert aborting.evaluate("() => document.activeElement.id") == "abort-cancel"  # the safe answer first
    press(aborting, "#abort-cancel")  # a stray tap, taken back: nothing is sent
    expect(aborting.locator("#abort-ask")).to_have_count(0)
    assert call(server, f"/games/{game_id}")["status"] == "active"
    press(aborting, "#abort")
    press(aborting, "#abort-confirm")
    for page in pages:
        expect(page.locator("#status")).to_contain_text("Aborted, no result", timeout=15000)
    outcome = call(server, f"/games/{game_id}")["outcome"]
    assert outcome["ended_by"] == "abort" and outcome["winners"] == []
    close(contexts, pages)


def test_abort_is_no_longer_offered_once_every_seat_has_played(browser, server):
    game_id, tokens, pages, contexts = open_game(browser, server, "ending-no-abort")
    for page in pages:
        expect(page.locator("#abort")).to_be_visible()
    played = {play_a_command(server, game_id, tokens)}
    while len(played) < 2:
        played.add(play_a_command(server, game_id, tokens))
    for page in pages:
        caught_up(page, server)
        expect(page.locator("#abort")).to_have_count(0)
        expect(page.locator("#resign")).to_be_visible()
    problem = None
    try:
        call(server, f"/games/{game_id}/abort", tokens[1], method="POST")
    except Exception as error:  # the API agrees: too late
        problem = error
    assert problem is not None and getattr(problem, "code", None) == 422
    close(contexts, pages)


def knocked_out(server: str) -> tuple[dict, dict]:
    """A game of Squad Combat for Ann, Ben and Cy, played by greedy bots until one squad is out and two play on
    (the first of a few seeded games where that happens): the game as created and as it stands. The search starts
    at the second seed: the first plays a whole game with all three squads to its end."""
    for number in range(1, 11):
        game = call(server, "/games", body={"ruleset": "squad-combat", "seats": ["Ann", "Ben", "Cy"],
                                            "seed": f"ending-out-{number}", "salt": SALT})
        status = call(server, f"/games/{game['id']}")
        while len(status["seats_in_play"]) == 3 and status["status"] == "active":
            call(server, f"/games/{game['id']}/bot-move", game["owner_token"], {"strategy": "greedy", "seed": "out"})
            status = call(server, f"/games/{game['id']}")
        if status["status"] == "active":
            return game, status
    raise AssertionError("no game of ten left a squad out with two playing on")


def test_a_seat_knocked_out_sees_a_draw_offer_as_a_watcher_does(browser, server):
    game, status = knocked_out(server)
    game_id, tokens = game["id"], {seat["seat"]: seat["token"] for seat in game["seats"]}
    assert len(status["seats_in_play"]) == 2
    (out,) = {1, 2, 3} - set(status["seats_in_play"])
    first, last = status["seats_in_play"]
    context = browser.new_context()
    page = tab(context, f"{server}#/play/{game_id}/{tokens[out]}")
    page.wait_for_selector("#board svg")
    expect(page.locator("#resign")).to_have_count(0)  # nothing left to resign
    expect(page.locator("#offer-draw")).to_have_count(0)
    call(server, f"/games/{game_id}/draw-offers", tokens[first], {}, method="POST")
    names = {1: "1 Ann", 2: "2 Ben", 3: "3 Cy"}
    expect(page.locator("#draw-offer")).to_have_text(f"{names[first]} offered a draw; it waits for {names[last]}.",
                                                     timeout=15000)
    expect(page.locator("#draw-accept")).to_have_count(0)  # no say in it
    call(server, f"/games/{game_id}/draw-offers", tokens[last], {}, method="POST")  # the last seat still in agrees
    expect(page.locator("#status")).to_contain_text("Drawn by agreement", timeout=15000)
    assert call(server, f"/games/{game_id}")["outcome"]["ended_by"] == "agreement"
    close([context], [page])
