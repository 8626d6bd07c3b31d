"""The design diary as an HTML document: the Markdown diary rendered with raw HTML off, so a name or a
note that looks like markup stays text; its charts are embedded images; its bookmarks link to their
events' anchors, which are the only markup the diary itself writes."""

from __future__ import annotations

import re

from domain.notebook import Notebook
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
