"""The Tune page (``#/tune``, linked beside the balance report): a kit file from this computer tuned by the service
(``POST /tunings``), the page following the job to its end and showing the report in place, its chart as an image,
nothing of it running; a value the game does not have is refused in place, and nothing starts."""

from __future__ import annotations

import pathlib

import pytest
from pages import tab
from playwright.sync_api import expect

DICE_RACE = pathlib.Path(__file__).resolve().parents[1] / "kits" / "dice-race.yaml"


@pytest.mark.slow
def test_a_kit_file_is_tuned_in_the_page_and_its_report_shown(browser, server, screenshots):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = tab(context, f"{server}#/balance")
    page.get_by_role("navigation").get_by_role("link", name="Tune a rule").click()
    expect(page.locator("h1")).to_have_text("Tune a rule")
    page.select_option("#tune-game", "kit file")
    page.set_input_files("#kit-file", str(DICE_RACE))
    page.fill("#tune-vary", "speed=1..3")
    page.fill("#tune-goals", "seats")
    page.select_option("#tune-bot", "random")
    page.fill("#tune-most-games", "30")
    page.fill("#tune-confirm", "0")
    page.click("#tune-start")
    expect(page.locator("#tune-error")).to_contain_text("has no option 'speed' to vary; it has: finish")
    expect(page.locator("#tune-progress")).to_be_empty()
    page.fill("#tune-vary", "head_start=0,2,6")
    page.click("#tune-start")
    expect(page.locator("#tune-state")).to_contain_text("Done: 90 games", timeout=60_000)
    expect(page.locator("#tune-error")).to_be_empty()
    expect(page.locator("#report h1")).to_contain_text("Dice race")
    expect(page.locator("#report")).to_contain_text("Recommended: head_start = 2.")
    page.wait_for_function("() => [...document.querySelectorAll('#report img.chart')].some(i => i.complete && i.naturalWidth > 0)")
    assert page.locator("#report svg, #report script, #report a").count() == 0
    page.screenshot(path=str(screenshots / "tune.jpg"), quality=80)
    assert page.errors == []
    context.close()
