"""Nothing a player typed changes the design diary's structure, read by a real CommonMark parser
(markdown-it-py, with GitHub's tables), nor the replay page's: a seat name with a line break, three
backticks and raw HTML, one that starts like a list item, like an ordered list item after four
spaces, like a heading. New games refuse such names, but games stored before that rule (made here
with ``Game.start``, as an import does) keep them, so the diary holds them safely by itself."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from html.parser import HTMLParser

import pytest
from markdown_it import MarkdownIt
from played_games import played_once
from quick_games import quick_options

from domain.engine import registry
from domain.engine.game import Game
from domain.keeping.access import OWNER
from replays.cursor import Cursor
from replays.diary import APPENDIX, to_markdown
from replays.page import to_html

RULESETS = registry.all_rulesets()
HOSTILE = ["Ann\n```\n<img src=x onerror=alert(1)>", "- Ben\n===", "    1. Cy\r\n# Dee"]
PLAIN = ["Ann", "Ben", "Cy"]
SEED = "hostile-names"
SALT = "5eed" * 8
"""With the seed, what makes the hostile-named game and the plain-named one the same game."""
HEADINGS = ["Outcome", "The final board", "Turn by turn", "Key numbers", "Charts"]


@pytest.fixture(params=RULESETS, ids=lambda rules: rules.name)
def rules(request):
    return request.param


@pytest.fixture
def service(module_store_service):
    """One store of each kind for the module: each game is played once and read by every test."""
    return module_store_service


def stored_game(service, rules, seats):
    """A finished game whose seats have these names, stored without the rule new games follow."""
    def play():
        game = Game.start(rules, seats[:rules.min_seats], rules.resolve_options(quick_options(rules.name)), SEED, salt=SALT)
        service.save_imported(game)
        for _ in service.play_bots(game.id, bot_seed=1):
            pass
        return game.id
    return played_once(service, (rules.name, tuple(seats)), play)


def parsed(markdown):
    return MarkdownIt("commonmark").enable("table").parse(markdown)


def blocks(tokens):
    """The document's structure: every block token's type, tag and depth, in order."""
    return [(token.type, token.tag, token.level) for token in tokens]


def headings(tokens):
    return [(token.tag, tokens[n + 1].content) for n, token in enumerate(tokens) if token.type == "heading_open"]


def inline_children(tokens):
    return [child for token in tokens if token.type == "inline" for child in token.children or []]


class Tags(HTMLParser):
    """Every start tag of an HTML text, with its attributes."""

    def __init__(self, text):
        super().__init__()
        self.found = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, dict(attrs)))


def test_a_hostile_seat_name_leaves_the_diary_as_a_plain_names_diary_is(service, rules, tmp_path):
    hostile, plain = stored_game(service, rules, HOSTILE), stored_game(service, rules, PLAIN)
    markdown = to_markdown(service, hostile, OWNER, images_dir=tmp_path / "hostile", image_prefix="hostile/")
    tokens, reference = parsed(markdown), parsed(to_markdown(service, plain, OWNER, images_dir=tmp_path / "plain"))

    assert blocks(tokens) == blocks(reference)
    assert headings(tokens)[1:] == headings(reference)[1:]  # the first names the game by its id
    appendix = [APPENDIX] if rules.name == "table-kit" else []  # the kit's document, in full at the end
    assert [text for tag, text in headings(tokens) if tag == "h2"] == HEADINGS + appendix
    assert not [t for t in tokens + inline_children(tokens) if t.type in {"html_block", "html_inline", "code_block"}]
    # one code block besides a long option's JSON (a kit), the board, holding the names exactly as
    # the board draws them (CommonMark reads a carriage return as a line ending)
    (board,) = [token for token in tokens if token.type == "fence" and token.info != "json"]
    drawn = Cursor(service, hostile).render(Cursor(service, hostile).total)
    assert board.content == drawn.replace("\r\n", "\n").replace("\r", "\n") + "\n"
    assert HOSTILE[0] in board.content
    # every name is words wherever it is written: in the seats' list, one line each
    text = " ".join(child.content for child in inline_children(tokens) if child.type == "text")
    for name in HOSTILE[:rules.min_seats]:
        assert " ".join(name.split()) in text
    # the only images are the charts; no tag the names wrote
    html = MarkdownIt("commonmark").enable("table").render(markdown)
    tags = Tags(html).found
    assert [attrs["src"].split("/")[0] for tag, attrs in tags if tag == "img"] == ["hostile"] * markdown.count("](hostile/")
    assert not [(tag, attrs) for tag, attrs in tags if any(name.startswith("on") for name in attrs)]
    # the charts name the seats as XML text, and hold no script
    for chart in (tmp_path / "hostile").iterdir():
        root = ElementTree.fromstring(chart.read_bytes())
        assert not [element for element in root.iter() if element.tag.endswith("script")]
        legend = " ".join("".join(element.itertext()) for element in root.iter() if element.tag.endswith("text"))
        assert f"1 {HOSTILE[0]}" in legend


def test_a_hostile_seat_name_in_a_heading_stays_in_its_heading(service, rules, tmp_path, monkeypatch):
    """Told command by command, the narrative's headings name the seat that gave the command."""
    hostile, plain = stored_game(service, rules, HOSTILE), stored_game(service, rules, PLAIN)
    monkeypatch.setattr(rules, "turn_number", lambda state: 0)
    tokens = parsed(to_markdown(service, hostile, images_dir=tmp_path / "hostile"))
    reference = parsed(to_markdown(service, plain, images_dir=tmp_path / "plain"))
    assert blocks(tokens) == blocks(reference)
    named = [text for tag, text in headings(tokens) if tag == "h3" and " by " in text]
    assert named and all(" by " in text for tag, text in headings(reference) if tag == "h3" and text.startswith("Command"))
    assert any("Ann \\`\\`\\` \\<img src=x onerror=alert(1)\\>" in text for text in named)


def test_the_replay_page_keeps_a_hostile_seat_name_as_text(service, rules):
    hostile, plain = stored_game(service, rules, HOSTILE), stored_game(service, rules, PLAIN)
    page, reference = to_html(service, hostile), to_html(service, plain)
    assert [tag for tag, _ in Tags(page).found] == [tag for tag, _ in Tags(reference).found]
    assert "<img" not in page and "\n```\n<img" not in page
    assert "Ann\n```\n&lt;img src=x onerror=alert(1)&gt;" in page  # the title and heading, escaped
