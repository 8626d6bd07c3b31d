"""Notes in the design diary and the replay page: each note under the event it is on, with its glyph,
author, text, marks and bookmark; the bookmarks as links (the diary) and buttons (the page) that go to
their step; only the notes the viewer may see; whatever a note holds stays text (Markdown and HTML);
the cached diary follows the notes; and the page in a headless Chromium (skipped without one)."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

from markdown_it import MarkdownIt
from test_diary_and_page import Page, opened
from test_notes_exports import ANNS, OWNERS, PUBLIC, annotated

from domain.keeping.access import OWNER
from domain.keeping.notebook import Notebook
from replays.diary import to_markdown
from replays.page import to_html

EVIL = "<script>alert(1)</script> | *x* =1+1"
HOSTILE = [EVIL, "- a list?", "# a heading?", "    1. code?", "```", "> quote", "===", "[x](javascript:alert(1))"]
PLAIN = ["one", "two", "three", "four", "five", "six", "seven", "eight"]


def rendered(markdown):
    return MarkdownIt("commonmark").enable("table").render(markdown)


def sentence(service, game_id, number):
    return service.read_events(game_id)[number - 1].sentence


class Tags(HTMLParser):
    """Every start tag of an HTML text, with its attributes."""

    def __init__(self, text):
        super().__init__()
        self.found = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, dict(attrs)))


# -- the diary -----------------------------------------------------------------------------------


def test_the_diary_shows_each_note_under_its_event_and_links_each_bookmark_to_it(service, tmp_path):
    game_id = annotated(service)
    page = rendered(to_markdown(service, game_id, OWNER, images_dir=tmp_path))
    assert (f'<li><a id="step-3"></a>{html.escape(sentence(service, game_id, 3), quote=False)}\n<ul>\n'
            f"<li><strong>?!</strong> Note 1 by Ann, private: {ANNS[0]}<br />\nthen c3 "
            f"(marks <code>c3</code>, <code>#7</code>; bookmark \u201c{ANNS[1]}\u201d)</li>\n</ul>\n</li>") in page
    assert (f'<li><a id="step-5"></a>{html.escape(sentence(service, game_id, 5), quote=False)}\n<ul>\n'
            f"<li><strong>!!</strong> Note 2 by Ben: {PUBLIC} (bookmark \u201cBen's pick\u201d)</li>\n"
            f"<li>Note 3 by the owner, private: {OWNERS}</li>\n</ul>\n</li>") in page
    assert "<li><strong>!</strong> Note 4 by Cy: Cy, edited</li>" in page
    bookmarks = page.split("<h2>Bookmarks</h2>")[1].split("<h2>")[0]
    assert re.findall(r'<a href="(#step-\d+)">(.*?)</a>', bookmarks) == [("#step-3", ANNS[1]), ("#step-5", "Ben's pick")]
    anchors = [attrs["id"] for tag, attrs in Tags(page).found if tag == "a" and "id" in attrs]
    assert anchors == ["step-3", "step-5"]  # each bookmark's link lands on its event
    assert "<li><strong>Notes:</strong> 4, 2 of them bookmarks</li>" in page


def test_a_seats_diary_shows_only_the_notes_it_may_see(service, tmp_path):
    game_id = annotated(service)
    for viewer in (2, None):
        page = rendered(to_markdown(service, game_id, viewer, images_dir=tmp_path / str(viewer)))
        assert "Note 2 by Ben" in page and "Note 4 by Cy" in page
        assert "Note 1 " not in page and "Note 3 " not in page and "step-3" not in page
        assert re.findall(r'<a href="(#step-\d+)">', page) == ["#step-5"]


def hostile_and_plain(service):
    """Two games alike but for one note (and its bookmark): hostile text, or plain words."""
    games = []
    for lines, mark in ((HOSTILE, "[x](javascript:alert(1)) <b>"), (PLAIN, "bookmark")):
        game_id = annotated(service, seed="hostile-note")
        Notebook(service).write(game_id, 2, {"at": 6, "text": "\n".join(lines), "glyph": "??", "bookmark": mark})
        games.append(game_id)
    return games


def test_a_hostile_note_leaves_the_diary_as_a_plain_note_does(service, tmp_path):
    hostile, plain = hostile_and_plain(service)
    markdown = to_markdown(service, hostile, images_dir=tmp_path / "hostile")
    parser = MarkdownIt("commonmark").enable("table")
    tokens, reference = parser.parse(markdown), parser.parse(to_markdown(service, plain, images_dir=tmp_path / "plain"))
    assert [(t.type, t.tag, t.level) for t in tokens] == [(t.type, t.tag, t.level) for t in reference]
    inline = [child for token in tokens if token.type == "inline" for child in token.children or []]
    assert {child.content for child in inline if child.type == "html_inline"} == {
        '<a id="step-3">', '<a id="step-5">', '<a id="step-6">', "</a>"}  # the diary's own anchors only
    page = rendered(markdown)
    for line in HOSTILE:
        assert html.escape(" ".join(line.split()), quote=False) in page  # each line kept as text
    assert "<script" not in page and "<b>" not in page
    tags = Tags(page).found
    assert [attrs["href"] for tag, attrs in tags if tag == "a" and "href" in attrs] == ["#step-3", "#step-5", "#step-6"]
    assert not [tag for tag, attrs in tags if any(name.startswith("on") for name in attrs)]


def test_the_embedded_diary_follows_the_notes_written_edited_and_withdrawn(service):
    game_id = annotated(service)
    book = Notebook(service)
    before = to_markdown(service, game_id)
    assert to_markdown(service, game_id) == before  # cached
    seat = to_markdown(service, game_id, 1)
    note = book.write(game_id, 2, {"at": 7, "text": "a fresh note", "visibility": "private"})
    assert "a fresh note" in to_markdown(service, game_id) and to_markdown(service, game_id, 1) == seat
    book.edit(game_id, 2, note.id, {"text": "an edited note", "bookmark": "late", "visibility": "public"})
    for viewer in (OWNER, 1):
        edited = to_markdown(service, game_id, viewer)
        assert "an edited note" in edited and "a fresh note" not in edited and "(#step-7)" in edited
    book.withdraw(game_id, OWNER, note.id)
    assert to_markdown(service, game_id) == before


# -- the page ------------------------------------------------------------------------------------


def test_the_page_holds_each_steps_notes_and_the_bookmarks_the_viewer_sees(service):
    game_id = annotated(service)
    data = Page(to_html(service, game_id, 1)).steps()
    steps = data["steps"]
    assert steps[2]["notes"] == [{"id": 1, "by": "Ann", "glyph": "?!", "text": f"{ANNS[0]}\nthen c3", "marks": ["c3", "#7"],
                                  "bookmark": ANNS[1], "private": True}]
    assert [note["text"] for note in steps[4]["notes"]] == [PUBLIC] and steps[1]["notes"][0]["text"] == "Cy, edited"
    assert [n for n, step in enumerate(steps, 1) if "notes" in step] == [2, 3, 5]
    assert data["bookmarks"] == [{"name": ANNS[1], "step": 3, "by": "Ann"}, {"name": "Ben's pick", "step": 5, "by": "Ben"}]
    spectator = to_html(service, game_id, None)
    assert Page(spectator).steps()["bookmarks"] == [{"name": "Ben's pick", "step": 5, "by": "Ben"}]
    assert not [word for word in (*ANNS, OWNERS) if word in spectator]
    assert [note["text"] for note in Page(to_html(service, game_id)).steps()["steps"][4]["notes"]] == [PUBLIC, OWNERS]


def test_the_page_keeps_a_hostile_note_as_text(service):
    hostile, plain = hostile_and_plain(service)
    text = to_html(service, hostile)
    assert EVIL not in text and "<b>" not in text
    assert text.count("<script") == 2 and text.count("</script>") == 2  # the page's own two
    assert [tag for tag, _ in Tags(text).found] == [tag for tag, _ in Tags(to_html(service, plain)).found]
    (json_text,) = re.findall(r'<script type="application/json" id="game-steps">(.*?)</script>', text, re.DOTALL)
    assert not set("<>&") & set(json_text)
    data = Page(text).steps()
    assert data["steps"][5]["notes"][0]["text"] == "\n".join(HOSTILE)
    assert data["bookmarks"][-1] == {"name": "[x](javascript:alert(1)) <b>", "step": 6, "by": "Ben"}


# -- the page in a browser -----------------------------------------------------------------------


def test_a_bookmark_goes_to_its_step_and_the_steps_notes_show_in_chromium(browser, service, tmp_path):  # noqa: F811
    hostile, _ = hostile_and_plain(service)
    path = tmp_path / "notes.html"
    path.write_text(to_html(service, hostile, 2), encoding="utf-8")
    total = len(service.read_events(hostile))
    page = opened(browser, path)
    try:
        assert page.is_hidden("#notes")  # step 1 has none
        buttons = page.locator("#bookmarks button")
        assert buttons.all_text_contents() == ["Ben's pick", "[x](javascript:alert(1)) <b>"]
        buttons.nth(1).click()
        assert page.text_content("#position") == f"Step 6 of {total}"
        assert page.locator("#notes li").count() == 1
        assert page.inner_text("#notes .text") == "\n".join(HOSTILE)  # line breaks kept, nothing read as markup
        assert page.text_content("#notes .glyph") == "??" and "Ben" in page.text_content("#notes .by")
        buttons.nth(0).click()
        assert page.text_content("#position") == f"Step 5 of {total}"
        assert page.locator("#notes li").all_text_contents()[0].startswith("!!Ben: " + PUBLIC)
        assert page.text_content("#log li.current .noted") == "!!"
        page.keyboard.press("ArrowRight")
        assert page.text_content("#position") == f"Step 6 of {total}"
        page.keyboard.press("ArrowRight")
        assert page.is_hidden("#notes")
        assert page.evaluate("document.scripts.length") == 2
        assert page.errors == [] and page.dialogs == []
        assert all(url.startswith("file://") for url in page.requests), page.requests
    finally:
        page.close()
    linked = opened(browser, path, "#step-3")
    try:  # seat 2 sees no note on step 3 (seat 1's is private) and no bookmark to it
        assert linked.text_content("#position") == f"Step 3 of {total}" and linked.is_hidden("#notes")
        assert "SECRET" not in linked.content()
    finally:
        linked.close()
