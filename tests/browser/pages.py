"""What the browser tests share: the API called as a second client (not the page), a page that records
its requests, dialogs and script errors, and a command played on a page as a player would."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

from playwright.sync_api import expect


def call(base: str, path: str, token: str | None = None, body: dict | None = None, method: str | None = None) -> dict:
    """The API, as a second client (not the page): the JSON answer; a 429 (too many costly requests at once
    from this address, the pages' included) is tried again after its ``Retry-After``, as the page does."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base.rstrip("/") + path, data=data, headers=headers, method=method)
    for attempt in range(5):
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            # a costly request (a bot move, a board) while the pages hold the process's share: wait as told
            if error.code != 429 or attempt == 4:
                raise
            time.sleep(float(error.headers.get("Retry-After", "1")))
    raise AssertionError("unreachable")


def tab(context, url: str):
    """A page on ``url`` that records its requests, dialogs and script errors."""
    page = context.new_page()
    page.seen, page.dialogs, page.errors = [], [], []
    page.on("request", lambda request: page.seen.append((request.url, request.headers.get("referer"))))
    page.on("dialog", lambda dialog: (page.dialogs.append(dialog.message), dialog.dismiss()))
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(url)
    return page


def version(page) -> int:
    return int(page.get_attribute("#board", "data-version") or 0)


def drawn_past(page, before: int, timeout: float = 15000) -> None:
    """Waits until the page's board is drawn at another version than ``before``: checked at each frame the
    page paints (``expect`` checks again only after 100, 250, 500 ms, a quarter of a second a command)."""
    page.wait_for_function("before => document.querySelector('#board')?.dataset.version !== before", arg=str(before),
                           timeout=timeout)


def buttons_left(page, count: int) -> None:
    """Waits until the page offers ``count`` command buttons, checked at each frame the page paints."""
    page.wait_for_function("count => document.querySelectorAll('button.command').length === count", arg=count, timeout=5000)


def caught_up(page, server: str) -> None:
    """Waits until the play page shows the game as the API has it now (another seat's last command streamed in)."""
    game_id = page.url.split("#/play/")[1].split("/")[0]
    now = call(server, f"/games/{game_id}")["version"]
    expect(page.locator("#board")).to_have_attribute("data-version", str(now), timeout=15000)


def pick_or_press(page, wanted: dict, offered: list[dict]) -> None:
    """What the wanted command names (its button's refs) clicked on the board until it is the one left."""
    named = [json.loads(text) for text in page.locator("button.command[data-command]").evaluate_all("bs => bs.map(b => b.dataset.refs)")]
    picked: list[str] = []
    left = offered
    for ref in dict.fromkeys(named[offered.index(wanted)]):
        if len(left) == 1 or page.locator(f'#board g.pickable[data-ref="{ref}"]').count() == 0:
            continue
        page.locator(f'#board g.pickable[data-ref="{ref}"]').last.click()  # the one on top
        picked.append(ref)
        left = [command for command, refs in zip(offered, named, strict=True) if all(value in refs for value in picked)]
        if len(left) > 1:
            buttons_left(page, len(left))
    if len(left) > 1 or not picked:
        page.locator("button.command[data-command]").nth(left.index(wanted)).click()


def replay_from_the_start(page, server: str, game_id: str, total: int) -> None:
    """The game's replay opened on the page (at its last step, ``total``), then taken to its first step
    with Home and on to the second with the right arrow, as a reader steps through it."""
    page.goto(f"{server}#/replay/{game_id}")
    page.wait_for_selector("#board svg")
    assert page.text_content("#position") == f"Step {total} of {total}"
    page.keyboard.press("Home")
    expect(page.locator("#board")).to_have_attribute("data-step", "1")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#board")).to_have_attribute("data-step", "2")
    assert page.text_content("#position") == f"Step 2 of {total}"


def fill_end_form(page, winners: list[int], reason: str = "") -> None:
    """A table game's end proposed on the page as a player would: the form opened, the winners ticked by name
    (none: a draw), the reason typed, then proposed."""
    form = page.locator("#end-form")
    if form.get_attribute("open") is None:
        form.locator("summary").click()
    boxes = form.locator("input[type=checkbox]")
    for index in range(boxes.count()):
        boxes.nth(index).set_checked(index + 1 in winners)
    if reason:
        page.fill("#end-reason", reason)
    page.click("#end-propose")
