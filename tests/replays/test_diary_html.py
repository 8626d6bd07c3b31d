"""The design diary as an HTML document: the Markdown diary rendered with raw HTML off, so a name or a
note that looks like markup stays text; its charts are embedded images; its bookmarks link to their
events' anchors, which are the only markup the diary itself writes."""

from __future__ import annotations

import re
from pathlib import Path

from domain.keeping.notebook import Notebook
from replays.diary_html import to_html

SALT = "5eed" * 8
HOSTILE = "<img src=x onerror=alert(1)>"


def test_the_diary_document_keeps_what_players_typed_as_text_and_links_its_bookmarks(service):
    game_id = service.create_game("correction", ["Ann & <b>Co</b>", "Ben"], seed="diary", salt=SALT, name=f"Night {HOSTILE}")
    for _ in service.play_bots(game_id, bot_seed=2):
        pass
    Notebook(service).write(game_id, "owner", {"at": 3, "text": f"look {HOSTILE}", "bookmark": "the opening"})
    page = to_html(service, game_id)
    assert page.startswith("<!doctype html>") and "<title>Design diary: Night &lt;img" in page
    assert "<img src=x" not in page and "<b>Co</b>" not in page
    assert "look &lt;img src=x onerror=alert(1)&gt;" in page and "Ann &amp; &lt;b&gt;Co&lt;/b&gt;" in page
    assert '<a href="#step-3">the opening</a>' in page and '<a id="step-3"></a>' in page
    charts = re.findall(r'<img src="(data:image/svg\+xml;base64,[^"]+)"', page)
    assert charts and "<script" not in page


def test_the_diary_has_no_inline_style_the_pages_policy_would_block(service):
    """The browser client's Content Security Policy allows no inline style: the diary's table columns are
    aligned by classes its stylesheet and the page's have, not by ``style`` attributes."""
    game_id = service.create_game("infection", ["Ann", "Ben"], seed="aligned", salt=SALT)
    for _ in service.play_bots(game_id, bot_seed=1):
        pass
    page = to_html(service, game_id)
    assert not re.search(r"<[^>]+\sstyle=", page)
    right = re.findall(r'<t[hd] class="align-right">', page)
    assert right and "td.align-right{text-align:right}" in page
    stylesheet = Path(__file__).resolve().parents[2] / "api" / "web" / "app.css"
    assert ".diary td.align-right { text-align: right; }" in stylesheet.read_text(encoding="utf-8")
