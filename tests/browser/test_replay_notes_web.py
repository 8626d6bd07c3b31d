"""Annotating and exporting from the replay page: a seat writes notes on three steps (a glyph, a
bookmark, squares marked by clicking the board), edits one and withdraws another; the marks are drawn
on the board; what was written is what the CLI's ``notes`` lists and what the NDJSON export holds; each
export downloads for the eye chosen and parses; a spectator's eye writes nothing."""

from __future__ import annotations

import csv
import io
import json
import re

from cli_runs import invoke
from pages import call, tab
from playwright.sync_api import expect

SALT = "5eed" * 8


def played_game(base: str, commands: int) -> dict:
    """A Correction game the owner's bots played ``commands`` commands of."""
    game = call(base, "/games", body={"ruleset": "correction", "seats": ["Ann", "Ben"], "seed": "notes-web", "salt": SALT})
    for _ in range(commands):
        call(base, f"/games/{game['id']}/bot-move", game["owner_token"], {"strategy": "random", "seed": "1"})
    return game


def go_to(page, step: int) -> None:
    page.fill("#goto", str(step))
    page.press("#goto", "Enter")
    expect(page.locator("#board")).to_have_attribute("data-step", str(step))


def write(page, step: int, text: str, glyph: str = "", bookmark: str = "", marks: int = 0) -> list[str]:
    """Writes a note on ``step`` through the form, marking the first ``marks`` markable items; the marks."""
    go_to(page, step)
    page.click("#write-note")
    page.fill("#note-text", text)
    page.select_option("#note-glyph", glyph)
    page.fill("#note-bookmark", bookmark)
    marked = []
    for index in range(marks):
        item = page.locator("#board g.pickable").nth(index * 3)
        marked.append(item.get_attribute("data-ref"))
        item.click()
        expect(page.locator("#note-marks")).to_contain_text(marked[-1])
    page.click("#note-save")
    expect(page.locator("#note-form")).to_have_count(0)  # written (a refusal would keep the form, saying why)
    return marked


def test_a_seat_annotates_three_steps_in_the_replay_and_the_cli_and_the_export_hold_them(browser, server, tmp_path, screenshots):
    game = played_game(server, 6)
    seat = game["seats"][0]
    context = browser.new_context(accept_downloads=True, viewport={"width": 1280, "height": 900})
    page = tab(context, f"{server}#/play/{game['id']}/{seat['token']}")
    page.wait_for_selector("#board svg")
    page.goto(f"{server}#/replay/{game['id']}")
    page.wait_for_selector("#board svg")
    expect(page.locator("#see-as option:checked")).to_have_text(re.compile(r"^1 Ann .*\(your seat\)$"))

    marks = write(page, 3, "Why not b2? <b>Ben</b> was open.", glyph="?!", bookmark="the first mistake", marks=2)
    expect(page.locator("#board g.marked")).to_have_count(2)
    write(page, 5, "A good answer", glyph="!")
    write(page, 7, "written by mistake")
    page.locator("#notes li", has_text="written by mistake").locator("button.withdraw-note").click()
    expect(page.locator("#notes li")).to_have_count(0)
    write(page, 6, "The turning point")
    go_to(page, 5)
    page.locator("#notes li button.edit-note").click()
    page.fill("#note-text", "A good answer, the only one")
    page.click("#note-save")
    expect(page.locator("#notes li")).to_contain_text("A good answer, the only one")
    go_to(page, 3)
    expect(page.locator("#notes li")).to_contain_text("Why not b2? <b>Ben</b> was open.")  # text, not markup
    expect(page.locator("#board g.marked")).to_have_count(2)
    page.click(".bookmarks button")
    expect(page.locator("#board")).to_have_attribute("data-step", "3")
    page.screenshot(path=str(screenshots / "replay-notes.jpg"), quality=80)

    listed = invoke("notes", game["id"], "--json", "--db", str(tmp_path / "games.sqlite3"))
    assert listed.exit_code == 0, listed.output
    written = {note["at"]: note for note in json.loads(listed.output)}
    assert sorted(written) == [3, 5, 6]
    assert (written[3]["glyph"], written[3]["bookmark"], written[3]["marks"], written[3]["author"]) == ("?!", "the first mistake", marks, 1)
    assert written[5]["text"] == "A good answer, the only one" and written[5]["edited"]

    downloaded = {}
    for format_ in ("md", "html", "diary", "ndjson", "json", "csv"):
        with page.expect_download() as download:
            page.click(f"#downloads button[data-format={format_}]")
        downloaded[format_] = open(download.value.path(), encoding="utf-8").read()
        extension = "diary.html" if format_ == "diary" else format_
        assert download.value.suggested_filename == f"game-{game['id'][:8]}.{extension}"
    records = [json.loads(line) for line in downloaded["ndjson"].splitlines()]
    noted = [record["note"] for record in records if "note" in record]
    assert {note["at"]: note["marks"] for note in noted} == {3: marks, 5: [], 6: []}
    assert json.loads(downloaded["json"])["events"]
    rows = list(csv.DictReader(io.StringIO(downloaded["csv"])))
    assert any("the first mistake" in json.dumps(row) for row in rows)
    assert "Why not b2?" in downloaded["md"] and downloaded["html"].lstrip().lower().startswith("<!doctype html>")
    assert "Why not b2? &lt;b&gt;Ben&lt;/b&gt; was open." in downloaded["diary"]  # the note's text, as text

    page.click("#read-diary")  # the diary as a page, as this eye sees the game
    expect(page.locator("#diary h1")).to_be_visible()
    expect(page.locator("#diary")).to_contain_text("Why not b2? <b>Ben</b> was open.")
    charts = page.locator("#diary img")
    assert charts.count() > 0
    assert all(chart.evaluate("image => image.complete && image.naturalWidth > 0") for chart in charts.all())
    page.screenshot(path=str(screenshots / "diary.jpg"), quality=80, full_page=False)
    page.click("text=Back to the replay")
    page.wait_for_selector("#board svg")

    page.select_option("#see-as", label="a spectator")
    expect(page.locator("#writing")).to_contain_text("A spectator's eye writes no notes")
    expect(page.locator("#write-note")).to_have_count(0)
    assert page.errors == [] and page.dialogs == []
    context.close()
