"""The browser's join page (``#/join/<code>``): a phone opening a game's join link gives a name, gets one
open seat and lands on that seat's play page holding its token; the next phone gets the next seat; when
every seat is taken the page says so and holds no token. Served as users serve it (``ludolog serve`` in a
process of its own); the browser is the shared ``browser`` fixture."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture
def server(tmp_path) -> Iterator[str]:
    log = tmp_path / "serve.log"
    with open(log, "wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-c", "from cli.main import main; main()", "serve", "--port", "0", "--threads", "4",
             "--db", str(tmp_path / "games.sqlite3")],
            stdout=output, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=ROOT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        deadline = time.monotonic() + 60
        while (found := re.search(r"on (http://[\d.]+:\d+)", log.read_text(errors="replace"))) is None:
            assert process.poll() is None and time.monotonic() < deadline, f"the server did not start:\n{log.read_text()}"
            time.sleep(0.05)
        yield found.group(1)
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert "Traceback" not in log.read_text(errors="replace"), log.read_text(errors="replace")


def call(base: str, path: str, token: str | None = None, body: dict | None = None, method: str = "GET") -> dict:
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    request = urllib.request.Request(base + path, data=None if body is None else json.dumps(body).encode(), method=method,
                                     headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def join_on_a_phone(browser, link: str, name: str):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(link)
    page.fill("#join-name", name)
    page.click("#join button[type=submit]")
    return context, page, errors


def kept_token(page, game_id: str) -> str | None:
    return page.evaluate("(game) => sessionStorage.getItem(`ludolog:token:${game}`)", game_id)


def test_phones_join_from_one_link_each_to_its_own_seat(browser, server):
    made = call(server, "/games", body={"ruleset": "project-assassination", "seats": ["Ana", "Ben"]}, method="POST")
    opened = call(server, f"/games/{made['id']}/joining", token=made["owner_token"], method="POST")
    assert opened["link"] == f"{server}/#/join/{opened['code']}"

    seats = []
    for name in ("Zoé", "<b>Max</b>"):
        context, page, errors = join_on_a_phone(browser, opened["link"], name)
        expect(page).to_have_url(re.compile(rf"#/play/{made['id']}$"), timeout=15000)
        token = kept_token(page, made["id"])
        seats.append(call(server, f"/games/{made['id']}", token=token)["viewer"])
        assert errors == []
        context.close()
    assert seats == [1, 2]
    joined = call(server, f"/games/{made['id']}/joining", token=made["owner_token"])["joined"]
    assert [(j["seat"], j["name"]) for j in joined] == [(1, "Zoé"), (2, "<b>Max</b>")]

    context, page, errors = join_on_a_phone(browser, opened["link"], "Kim")
    expect(page.locator("#join-error")).to_have_text("every seat of this game has been taken: ask its owner to free one")
    assert "#/join/" in page.url and kept_token(page, made["id"]) is None and errors == []
    context.close()
