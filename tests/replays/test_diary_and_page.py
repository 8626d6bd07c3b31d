"""The design diary (Markdown with charts) and the replay page (one HTML file), for every registered
ruleset: their facts, every event as the viewer saw it, the numbers and the charts (a sentence for
a number that never changes), what a seat may not see, escaping, and the page stepping in a real
headless Chromium (skipped without one)."""

from __future__ import annotations

import base64
import itertools
import json
import pathlib
import re
import xml.etree.ElementTree as ElementTree
from html.parser import HTMLParser

import pytest
from played_games import played_once
from quick_games import quick_options

from domain.engine import registry
from domain.engine.errors import UnknownSeat
from domain.engine.picture import changed
from domain.keeping.access import OWNER
from replays.cursor import Cursor
from replays.diary import to_markdown
from replays.markdown import escape_markdown
from replays.page import to_html
from replays.page_steps import expand

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

RULESETS = registry.all_rulesets()
SEED = "diary-s3cr3t-seed"
EVIL = "<script>alert(1)</script>"
IMAGE = re.compile(r"!\[[^\]]*\]\((<[^>]*>|[^)\s]+)\)")
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(params=RULESETS, ids=lambda rules: rules.name)
def rules(request):
    return request.param


def names(rules, first="Ana"):
    return [first, *[f"Seat{n}" for n in range(2, rules.min_seats + 1)]]


@pytest.fixture
def service(module_store_service):
    """One store of each kind for the module: each finished game is played once and read by every test."""
    return module_store_service


def finished(service, rules, seats=None):
    def play():
        game_id = service.create_game(rules.name, seats or names(rules), quick_options(rules.name), seed=SEED, salt=SALT)
        for _ in service.play_bots(game_id, bot_seed=1):
            pass
        assert service.status(game_id)["status"] == "over"
        return game_id
    return played_once(service, (rules.name, tuple(seats or names(rules))), play)


def titled(rules) -> str:
    """The title of the games played here: the ruleset's, or a table kit's own."""
    return rules.game_title(rules.resolve_options(quick_options(rules.name)))


def in_progress(service, rules, commands=6):
    game_id = service.create_game(rules.name, names(rules), seed=SEED, salt=SALT)
    for _ in itertools.islice(service.play_bots(game_id, bot_seed=1), commands):
        pass
    assert service.status(game_id)["status"] == "active"
    return game_id


def walk(service, game_id, viewer=OWNER):
    """Every step of a fresh cursor: (event, turn, state), and the cursor at the end."""
    cursor = Cursor(service, game_id, viewer)
    steps = [(cursor.event(n), cursor.goto(n).turn, cursor.state) for n in range(1, cursor.total + 1)]
    return steps, cursor


def groups_of(steps):
    """The steps grouped where the turn number changes: [(turn, [steps])]."""
    return [(turn, list(group)) for turn, group in itertools.groupby(steps, key=lambda step: step[1])]


def section(markdown, title):
    """The text under a ``## title`` heading, up to the next ``## `` heading."""
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", markdown, re.DOTALL | re.MULTILINE)
    assert match, f"no section {title!r}"
    return match.group(1)


def table(markdown):
    """The numbers table: header cells and rows of cells."""
    lines = [line for line in section(markdown, "Key numbers").splitlines() if line.startswith("|")]
    split = [[cell.strip() for cell in line.strip("|").split(" | ")] for line in lines]
    assert set(lines[1]) <= set("|-: ")
    return split[0], split[2:]


def check_svg(data: bytes, seats) -> ElementTree.Element:
    """A whole SVG document with at least two lines drawn, every seat named as text, and no script."""
    root = ElementTree.fromstring(data)
    assert root.tag == f"{SVG}svg"
    assert not list(root.iter(f"{SVG}script")), "a script in a chart"
    assert len([path for path in root.iter(f"{SVG}path") if "line" in (path.get("class") or "")]) >= 2
    texts = " ".join("".join(element.itertext()) for element in root.iter(f"{SVG}text"))
    for number, name in enumerate(seats, 1):
        assert f"{number} {name}" in texts
    return root


def changing_and_constant(rules, states):
    """The ruleset's numbers split into those some seat's value of changes over ``states``, and the rest."""
    series = {}
    for state in states:
        for seat, numbers in rules.seat_numbers(state).items():
            for key, value in numbers.items():
                series.setdefault(key, {}).setdefault(seat, set()).add(value)
    changing = [key for key, seats in series.items() if any(len(values) > 1 for values in seats.values())]
    return changing, [key for key in series if key not in changing]


class Page(HTMLParser):
    """The parts of an HTML page the tests look at: every tag with its attributes, the scripts, the title."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self.title = ""
        self._open: str | None = None
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._open = tag
        if tag == "script":
            self.scripts.append((dict(attrs), ""))

    def handle_endtag(self, tag):
        self._open = None

    def handle_data(self, data):
        if self._open == "script":
            attrs, text = self.scripts[-1]
            self.scripts[-1] = (attrs, text + data)
        elif self._open == "title":
            self.title += data

    def steps(self) -> dict:
        """The page's data, with every step rebuilt whole from its stored form (``replays.page_steps.expand``)."""
        (found,) = [text for attrs, text in self.scripts if attrs.get("type") == "application/json"]
        data = json.loads(found)
        return {**data, "steps": expand(data)}


# -- the diary -----------------------------------------------------------------------------------


def test_a_finished_games_diary_has_its_facts_outcome_every_event_by_turn_the_numbers_and_linked_charts(service, rules, tmp_path):
    game_id = finished(service, rules)
    status = service.status(game_id, OWNER)
    steps, cursor = walk(service, game_id)
    images = tmp_path / "diary-charts"
    markdown = to_markdown(service, game_id, OWNER, images_dir=images, image_prefix="diary-charts/")
    (tmp_path / "diary.md").write_text(markdown, encoding="utf-8")

    assert markdown.startswith(f"# Design diary: {titled(rules)}")
    facts = markdown.split("## Outcome")[0]
    for fact in (titled(rules), f"rules v{rules.version}", *names(rules), SEED, status["seed_commitment"],
                 status["created"], status["updated"], f"{cursor.total} events",
                 f"{rules.turn_number(cursor.state)} turns", str(game_id)):
        assert fact in facts, fact
    for option in status["options"]:
        assert f"`{option}`" in facts
    outcome = status["outcome"]
    assert outcome["reason"] in section(markdown, "Outcome")
    assert " and ".join(names(rules)[s - 1] for s in outcome["winners"]) in section(markdown, "Outcome")
    assert "Still being played" not in markdown
    assert cursor.render(cursor.total) in section(markdown, "The final board")

    # every event's sentence, in order, under the heading of its turn
    narrative = section(markdown, "Turn by turn")
    headings = re.findall(r"^### (.*)$", narrative, re.MULTILINE)
    grouped = groups_of(steps)
    assert len(headings) == len(grouped)
    at = 0
    for heading, (turn, members) in zip(headings, grouped, strict=True):
        assert heading.startswith(f"Turn {turn} (" if turn else "Before the first turn (")
        for event, _, _ in members:
            line = f"{event.number}. {escape_markdown(event.sentence)}\n"
            found = narrative.find(line, at)
            assert found >= at, f"event {event.number} is missing or out of order"
            at = found + len(line)
    assert narrative.count("\n") >= len(steps)

    # the numbers at the end of each turn, one column per seat and number
    header, rows = table(markdown)
    numbers = rules.seat_numbers(cursor.state)
    keys = list(numbers[1])
    assert header == ["turn", *[f"{name}: {key}" for name in names(rules) for key in keys]]
    assert [int(row[0]) for row in rows] == [turn for turn, _ in grouped]
    for row, (_, members) in zip(rows, grouped, strict=True):
        at_end = rules.seat_numbers(members[-1][2])
        assert [float(cell) for cell in row[1:]] == [float(at_end[s][k]) for s in range(1, len(names(rules)) + 1) for k in keys]

    # one chart per number that changes, written as an SVG and linked by a relative path; a sentence
    # for each number that never changes
    changing, constant = changing_and_constant(rules, [members[-1][2] for _, members in grouped])
    charts = section(markdown, "Charts")
    links = IMAGE.findall(charts)
    assert len(links) == len(changing) > 0
    files = sorted(images.iterdir())
    assert len(files) == len(changing)
    for link, key in zip(links, changing, strict=True):
        assert link.startswith("diary-charts/") and ":" not in link and not link.startswith("/")
        target = tmp_path / link
        assert target.is_file() and str(game_id) in target.name and target.suffix == ".svg"
        root = check_svg(target.read_bytes(), names(rules))
        assert key in "".join(root.itertext())
    for key in constant:
        assert f"{escape_markdown(key)} stayed at" in charts


def test_the_embedded_diary_holds_its_charts_as_data_uris_and_writes_no_file(service, rules, tmp_path, monkeypatch):
    game_id = finished(service, rules)
    written = to_markdown(service, game_id, images_dir=tmp_path / "charts", image_prefix="charts/")
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    embedded = to_markdown(service, game_id)
    assert list(work.iterdir()) == []
    assert "charts/" not in embedded
    links = IMAGE.findall(embedded)
    assert len(links) == len(IMAGE.findall(written)) > 0
    for link in links:
        assert link.startswith("data:image/svg+xml;base64,")
        check_svg(base64.b64decode(link.split(",", 1)[1], validate=True), names(rules))
    # the same diary but for the images' addresses
    assert IMAGE.sub("IMAGE", embedded) == IMAGE.sub("IMAGE", written)


def test_a_seats_diary_of_a_game_in_progress_holds_only_what_the_seat_sees(service, rules, tmp_path):
    game_id = in_progress(service, rules)
    owner = to_markdown(service, game_id, OWNER)
    assert SEED in owner
    assert "Still being played: waiting for" in section(owner, "Outcome")
    for viewer in [*range(1, rules.min_seats + 1), None]:
        markdown = to_markdown(service, game_id, viewer, images_dir=tmp_path / str(viewer))
        assert SEED not in markdown
        assert "secret until the game is over" in markdown
        assert "Still being played" in markdown
        # its sentences are the seat's, redacted as the service redacts them now
        sentences = [escape_markdown(e.sentence) for e in service.read_events(game_id, viewer=viewer)]
        assert re.findall(r"^\d+\. (.*)$", section(markdown, "Turn by turn"), re.MULTILINE) == sentences
        # the numbers are public: the same table as the owner's
        assert table(markdown) == table(owner)
        if rules.name == "project-assassination":
            assert "deck_contents" not in markdown


def test_once_the_game_is_over_a_seats_diary_shows_the_seed(service, rules):
    game_id = finished(service, rules)
    assert SEED in to_markdown(service, game_id, 1)


def test_a_ruleset_without_turns_or_numbers_is_told_by_command_without_charts(service, rules, tmp_path, monkeypatch):
    game_id = finished(service, rules)
    monkeypatch.setattr(rules, "turn_number", lambda state: 0)
    monkeypatch.setattr(rules, "seat_numbers", lambda state: {})
    markdown = to_markdown(service, game_id, images_dir=tmp_path / "charts")
    events = service.read_events(game_id)
    commands = list(dict.fromkeys(e.command_id for e in events if e.command_id))
    narrative = section(markdown, "Command by command")
    headings = re.findall(r"^### (.*)$", narrative, re.MULTILINE)
    assert headings[0].startswith("Setting up")
    assert len(headings) == 1 + len(commands)
    for n, command_id in enumerate(commands, 1):
        first = next(e for e in events if e.command_id == command_id)
        assert headings[n].startswith(f"Command {n} by {names(rules)[first.seat - 1]} (")
    assert re.findall(r"^\d+\. (.*)$", narrative, re.MULTILINE) == [escape_markdown(e.sentence) for e in events]
    assert f"{len(commands)} commands" in markdown
    assert "charts no numbers" in markdown and "![" not in markdown
    assert not (tmp_path / "charts").exists() or list((tmp_path / "charts").iterdir()) == []


def test_the_diary_escapes_seat_names(service, rules, tmp_path):
    game_id = finished(service, rules, seats=[EVIL, *names(rules)[1:-1], "A|B *c* _d_ `e`"])
    markdown = to_markdown(service, game_id, images_dir=tmp_path)
    outside_code = re.sub(r"^```.*?^```$", "", markdown, flags=re.DOTALL | re.MULTILINE)
    assert "```text\n" in markdown and EVIL in markdown.split("```text\n")[1]  # the board, a code block, shows it as is
    assert "<script>" not in outside_code and "\\<script\\>alert(1)\\</script\\>" in outside_code
    header, rows = table(markdown)
    assert all(len(row) == len(header) for row in rows)
    assert any(cell.startswith("A\\|B \\*c\\* \\_d\\_ \\`e\\`: ") for cell in header)


def test_the_diary_and_page_refuse_a_seat_the_game_does_not_have(service, rules):
    game_id = in_progress(service, rules, commands=1)
    with pytest.raises(UnknownSeat):
        to_markdown(service, game_id, rules.min_seats + 1)
    with pytest.raises(UnknownSeat):
        to_html(service, game_id, rules.min_seats + 1)


# -- the page ------------------------------------------------------------------------------------


def test_the_page_is_self_contained_and_holds_every_step_as_the_viewer_saw_it(service, rules):
    game_id = finished(service, rules)
    text = to_html(service, game_id, 1)
    loose = text.replace('xmlns="http://www.w3.org/2000/svg"', "")  # the drawings' namespace (in the script): a name, never fetched
    assert "http://" not in loose and "https://" not in loose and "src=" not in text and "url(" not in text
    page = Page(text)
    for tag, attrs in page.tags:
        assert tag not in {"link", "img", "iframe", "object", "embed", "base", "form", "source", "audio", "video"}
        assert not {"src", "href", "srcset", "action", "poster", "data"} & set(attrs), f"<{tag}> loads something"
    assert len(page.scripts) == 2 and all("src" not in attrs for attrs, _ in page.scripts)
    assert page.title == f"{titled(rules)}: {', '.join(names(rules))} (game {str(game_id)[:8]})"

    steps = page.steps()["steps"]
    cursor = Cursor(service, game_id, 1)
    assert [step["number"] for step in steps] == list(range(1, cursor.total + 1))
    assert {step["total"] for step in steps} == {cursor.total}
    before = None
    for step in steps:  # each picture drawn by the page as the one renderer draws it: tests/replays/test_page_drawing.py
        n = step["number"]
        assert step["sentence"] == cursor.event(n).sentence
        assert step["board"] == cursor.render(n)
        assert step["turn"] == cursor.goto(n).turn
        picture = rules.picture(cursor.goto(n).view, cursor.seats)
        assert step["picture"] == picture and step["changed"] == changed(before, picture)
        before = picture


def test_a_seats_page_of_a_game_in_progress_holds_no_secret(service, rules):
    game_id = in_progress(service, rules)
    for viewer in [*range(1, rules.min_seats + 1), None]:
        text = to_html(service, game_id, viewer)
        steps = Page(text).steps()["steps"]
        assert [s["sentence"] for s in steps] == [e.sentence for e in service.read_events(game_id, viewer=viewer)]
        assert SEED not in text
        if rules.name == "project-assassination":
            assert "deck_contents" not in text
    assert SEED not in to_html(service, game_id, OWNER)  # still secret: no event says it yet


def test_the_page_escapes_seat_names_and_sentences(service, rules):
    game_id = finished(service, rules, seats=[EVIL, *names(rules)[1:]])
    text = to_html(service, game_id)
    assert EVIL not in text
    assert text.count("<script") == 2 and text.count("</script>") == 2  # the page's own two
    (json_text,) = re.findall(r'<script type="application/json" id="game-steps">(.*?)</script>', text, re.DOTALL)
    assert not set("<>&") & set(json_text)
    assert "\\u003cscript\\u003e" in json_text
    page = Page(text)
    assert EVIL in page.title
    assert any(EVIL in step["sentence"] for step in page.steps()["steps"])
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text


# -- the page in a browser -----------------------------------------------------------------------


def opened(browser, path: pathlib.Path, fragment: str = ""):
    """A new tab on the file, with every request and dialog it makes recorded."""
    page = browser.new_page()
    page.requests, page.dialogs, page.errors = [], [], []
    page.on("request", lambda request: page.requests.append(request.url))
    page.on("dialog", lambda dialog: (page.dialogs.append(dialog.message), dialog.dismiss()))
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(path.as_uri() + fragment)
    return page


def shown(page) -> tuple[str, str, str]:
    return page.text_content("#position"), page.text_content("#sentence"), page.text_content("#board")


@pytest.mark.default_rulesets("infection", "squad-combat")  # the other rulesets' pages: the slow stage
def test_the_page_steps_through_the_game_in_chromium(browser, service, rules, tmp_path):
    game_id = finished(service, rules)
    path = tmp_path / "replay.html"
    path.write_text(to_html(service, game_id, 1), encoding="utf-8")
    steps = Page(path.read_text(encoding="utf-8")).steps()["steps"]
    total = len(steps)

    def at(n):
        return (f"Step {n} of {total}", steps[n - 1]["sentence"], steps[n - 1]["board"])

    page = opened(browser, path)
    try:
        assert page.title() == f"{titled(rules)}: {', '.join(names(rules))} (game {str(game_id)[:8]})"
        assert shown(page) == at(1)
        assert page.locator("#log li").count() == total
        assert page.is_disabled("#first") and page.is_disabled("#previous")
        page.keyboard.press("ArrowRight")
        assert shown(page) == at(2)
        page.keyboard.press("ArrowLeft")
        assert shown(page) == at(1)
        page.keyboard.press("End")
        assert shown(page) == at(total)
        assert page.is_disabled("#next") and page.is_disabled("#last")
        page.keyboard.press("Home")
        assert shown(page) == at(1)
        page.click("#next")
        assert shown(page) == at(2)
        page.keyboard.press("n")
        page.keyboard.press("Space")
        assert shown(page) == at(4)
        page.keyboard.press("p")
        assert shown(page) == at(3)
        page.click("#last")
        assert shown(page) == at(total)
        page.click("#previous")
        assert shown(page) == at(total - 1)
        page.click("#first")
        assert shown(page) == at(1)
        middle = total // 2
        page.locator("#log li button").nth(middle - 1).click()
        assert shown(page) == at(middle)
        current = page.locator("#log li.current")
        assert current.count() == 1 and steps[middle - 1]["sentence"] in current.text_content()
        assert page.errors == [] and page.dialogs == []
        assert all(url.startswith("file://") for url in page.requests), page.requests
    finally:
        page.close()

    linked = opened(browser, path, "#step-3")
    try:
        assert shown(linked) == at(3)
    finally:
        linked.close()


@pytest.mark.default_rulesets("location-ccg")
def test_a_hostile_seat_name_stays_text_in_chromium(browser, service, rules, tmp_path):
    game_id = finished(service, rules, seats=[EVIL, *names(rules)[1:]])
    path = tmp_path / "evil.html"
    path.write_text(to_html(service, game_id), encoding="utf-8")
    page = opened(browser, path)
    try:
        assert EVIL in page.title()
        assert EVIL in page.text_content("#sentence")  # "New game of ... for <script>...": shown as text
        page.keyboard.press("End")
        assert page.evaluate("document.scripts.length") == 2
        assert page.dialogs == [] and page.errors == []
        assert all(url.startswith("file://") for url in page.requests), page.requests
    finally:
        page.close()


def test_the_chart_checker_refuses_a_chart_with_a_script():
    chart = (f'<svg xmlns="{SVG[1:-1]}"><script>alert(1)</script><path class="line" d="M0 0"/>'
             '<path class="line" d="M0 1"/><text>1 Ana</text></svg>')
    with pytest.raises(AssertionError, match="a script"):
        check_svg(chart.encode(), ["Ana"])
