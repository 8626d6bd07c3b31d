"""A room's pages drawn (quick): the projector's QR code large with the code and the link under it and a live
list of who joined at which table; the teacher's dashboard opened on another device from its token link (the
token kept, out of the address bar), its request let in, its waiting tables started; names shown as text, never
as markup; and the projector, the dashboard and a student's page fitting a 390×844 phone (no sideways scroll,
no text under 11 px, every button a finger's height)."""

from __future__ import annotations

import pathlib
import zipfile

import yaml
from pages import call, tab
from playwright.sync_api import expect

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
PIG = yaml.safe_load((pathlib.Path(__file__).resolve().parents[2] / "domain" / "games" / "table_kit" / "kits" / "pig.yaml")
                     .read_text(encoding="utf-8"))


def open_room(server: str, **choices) -> dict:
    body = {"ruleset": "table-kit", "options": {"kit": PIG, "parameters": {"target": 10}}, "seats_per_table": 3,
            "fill": {"strategy": "greedy", "pace_ms": 50}, "start": "teacher", "name": "Maths 4B", **choices}
    return call(server, "/rooms", body=body)


def students(server: str, code: str) -> int:
    return call(server, f"/rooms/{code}")["students"]


def fits_a_phone(page) -> None:
    """No sideways scroll; every text at least 11 px; every button, link-button and field at least 44 px tall."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"
    small = page.evaluate("""() => [...document.querySelectorAll('main *')]
        .filter((e) => e.offsetParent !== null && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
        .filter((e) => parseFloat(getComputedStyle(e).fontSize) < 11).map((e) => e.textContent.trim().slice(0, 40))""")
    assert small == [], f"text under 11 px: {small}"
    short = page.evaluate("""() => [...document.querySelectorAll('main button, main .button, main select, main input:not([type=radio]):not([type=checkbox])')]
        .filter((e) => e.offsetParent !== null && e.getBoundingClientRect().height < 43.5)
        .map((e) => `${e.tagName} ${e.textContent.trim() || e.id} ${e.getBoundingClientRect().height}`)""")
    assert short == [], f"targets under 44 px: {short}"


def test_the_projector_and_the_dashboard_show_the_room_live_and_fit_a_phone(browser, server):
    room = open_room(server)
    code, teacher = room["code"], room["teacher_token"]
    for name in ("Ann", "<b>Ben</b>", "Cy", "Dee"):
        call(server, f"/rooms/{code}/students", body={"name": name})
    asked = call(server, f"/rooms/{code}/students", body={"name": "Ann", "ask_teacher": True})
    context = browser.new_context(viewport={"width": 1280, "height": 800})

    projector = tab(context, f"{server}#/room/{code}/projector")
    expect(projector.locator("#projector-code")).to_have_text(code)
    expect(projector.locator("#projector-link")).to_have_text(room["link"])
    qr = projector.locator("#projector-qr")
    assert qr.get_attribute("src").startswith("data:image/svg+xml")
    assert qr.bounding_box()["height"] >= 0.6 * 800, "the QR code fills most of the screen's height"
    expect(projector.locator('[data-table="1"]')).to_contain_text("Ann, <b>Ben</b>, Cy")  # a name is text, not markup
    assert projector.locator("#projector-tables b").count() == 0
    call(server, f"/rooms/{code}/students", body={"name": "Eve"})
    expect(projector.locator('[data-table="2"]')).to_contain_text("Dee, Eve · 1 seat free", timeout=6000)  # live
    expect(projector.locator("#projector-count")).to_have_text("5 joined")

    dashboard = tab(context, f"{server}#/room/{code}/teacher/{teacher}")
    expect(dashboard).to_have_url(f"{server}#/room/{code}/teacher")  # the token out of the address bar and history
    assert teacher in dashboard.evaluate("(code) => localStorage.getItem(`ludolog:room-teacher:${code}`)", code)
    expect(dashboard.locator('.room-card[data-table="1"]')).to_contain_text("<b>Ben</b>")
    assert dashboard.locator(".room-card b").count() == 0
    request = dashboard.locator("#room-requests li[data-request]")
    expect(request).to_contain_text("Ann")
    request.locator('[data-action="let-in"]').click()
    expect(dashboard.locator("#room-requests li")).to_have_count(0)
    assert call(server, f"/rooms/{code}/me", asked["device_token"])["name"] == "Ann"

    def student(name):
        return dashboard.locator(".room-students li", has=dashboard.locator(".room-student-name", has_text=name))

    student("Eve").locator("select").select_option("new")  # Eve to a table of her own, Cy freed, Ben removed
    student("Eve").locator('[data-action="move"]').click()
    expect(dashboard.locator("#room-note")).to_have_text("Eve moved to a new table.")
    student("Cy").locator('[data-action="free"]').click()
    expect(dashboard.locator('.room-card[data-table="waiting"]')).to_contain_text("Cy")
    student("<b>Ben</b>").locator('[data-action="remove"]').click()
    assert students(server, code) == 5  # asked, not yet done
    dashboard.locator('[data-action="confirm-remove"]').click()
    expect(dashboard.locator("#room-note")).to_have_text("<b>Ben</b> was removed from the room.")
    room_now = call(server, f"/rooms/{code}")
    assert room_now["students"] == 4 and room_now["waiting"] == ["Cy"]
    assert [table["names"] for table in room_now["tables"]] == [["Ann", None, None], ["Dee", None, None], ["Eve", None, None]]
    dashboard.click("#room-start")
    expect(dashboard.locator("#room-note")).to_have_text("Every table with someone seated has started.")
    for table in ("1", "2", "3"):
        card = dashboard.locator(f'.room-card[data-table="{table}"]')
        expect(card.locator(".room-state")).to_have_text("playing")
        expect(card.locator("a[data-watch]")).to_have_attribute("href", f"#/watch/{call(server, f'/rooms/{code}')['tables'][int(table) - 1]['game_id']}")
    expect(dashboard.locator('.room-card[data-table="2"] .room-seats')).to_contain_text("Greedy bot")
    with dashboard.expect_download() as downloaded:  # every table's games, sent with the teacher's token
        dashboard.click("#room-download")
    assert downloaded.value.suggested_filename == f"room-{code}-games.zip"
    with zipfile.ZipFile(downloaded.value.path()) as archive:
        assert "room.json" in archive.namelist()
    assert projector.errors == [] and dashboard.errors == []
    context.close()

    phone = browser.new_context(**PHONE)
    for path in (f"#/room/{code}/projector", f"#/room/{code}/teacher/{teacher}", "#/new-room", f"#/room/{code}"):
        page = tab(phone, f"{server}{path}")
        page.wait_for_selector("#projector-qr, .room-card, #new-room, #room-name")
        fits_a_phone(page)
        assert page.errors == []
    page.fill("#room-name", "Fay")  # the student's page once joined: the personal code shown, the place
    page.click("#room-join-button")
    expect(page.locator("#room-table")).to_have_text("Table 4: nobody else there yet")
    expect(page.locator("#room-personal-code-shown")).to_be_visible()
    fits_a_phone(page)
    assert page.errors == []
    phone.close()
