"""A table kit's game in its design diary: the ``kit`` option (the whole kit document) is named in a few
words where the options are listed and given in full in an appendix at the diary's end, folded into a
closed ``<details>`` element in the HTML diary; the kit's title stays data wherever it is written. A kit
with rules (Pig) is reviewed, and its diary holds the review as the seven games' do."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from markdown_it import MarkdownIt

from domain.games.table_kit.reading.kit import content_hash
from domain.keeping.access import OWNER
from replays.diary import APPENDIX, to_markdown
from replays.diary_html import to_html
from replays.reviews import review_game

KITS = Path(__file__).parents[2] / "domain" / "games" / "table_kit" / "kits"
SALT = "5eed" * 8


def pig(title: str = "Pig") -> dict:
    kit = yaml.safe_load((KITS / "pig.yaml").read_text(encoding="utf-8"))
    kit["title"] = title
    kit["parameters"]["target"]["default"] = 20  # a short game
    return kit


def played(service, kit: dict) -> str:
    game_id = service.create_game("table-kit", ["Ann", "Ben"], {"kit": kit}, seed="kit-diary", salt=SALT)
    for _ in service.play_bots(game_id, bot_seed=1):
        pass
    return game_id


def test_a_kit_games_diary_names_its_kit_briefly_and_opens_with_the_game(service, tmp_path):
    kit = pig()
    markdown = to_markdown(service, played(service, kit), OWNER, images_dir=tmp_path)
    facts = markdown.split("## Outcome")[0]
    options = next(line for line in facts.splitlines() if line.startswith("- **Options:**"))

    assert f"`kit`: Pig (pig, {content_hash(kit)[:12]}…), in full in the appendix" in options
    assert "`parameters` = `{}`" in options
    assert "```" not in facts and '"play"' not in facts  # no JSON before the game
    assert len(facts.splitlines()) < 20


def test_a_kit_games_diary_holds_the_whole_kit_in_its_appendix_at_the_end(service, tmp_path):
    kit = pig()
    markdown = to_markdown(service, played(service, kit), OWNER, images_dir=tmp_path)
    tokens = MarkdownIt("commonmark").enable("table").parse(markdown)
    headings = [tokens[n + 1].content for n, token in enumerate(tokens) if token.type == "heading_open" and token.tag == "h2"]

    assert headings[-1] == APPENDIX
    assert headings.index("Charts") == len(headings) - 2
    appendix = markdown.split(f"## {APPENDIX}")[1]
    (block,) = [token for token in MarkdownIt("commonmark").parse(appendix) if token.type == "fence"]
    assert block.info == "json"
    assert json.loads(block.content) == kit  # nothing lost


def test_a_kit_games_html_diary_folds_the_kit_into_a_closed_details_at_its_end(service):
    kit = pig()
    page = to_html(service, played(service, kit), OWNER)
    body = page.split('<main class="diary">')[1].split("</main>")[0]

    assert body.count("<details") == 1
    assert body.rstrip().endswith("</details>")
    details = body[body.index("<details"):]
    assert details.startswith(f'<details class="appendix">\n<summary>{APPENDIX}</summary>')
    assert " open" not in details.split(">")[0]
    assert "language-json" in details and "language-json" not in body[:body.index("<details")]
    assert body.index("<h2>Outcome</h2>") < body.index("<details")


def test_a_game_without_long_options_has_no_appendix(service, tmp_path):
    game_id = service.create_game("infection", ["Ann", "Ben"], {}, seed="kit-diary", salt=SALT)
    markdown = to_markdown(service, game_id, OWNER, images_dir=tmp_path)

    assert APPENDIX not in markdown
    assert "<details" not in to_html(service, game_id, OWNER)


@pytest.mark.parametrize("title", ["</summary><img src=x onerror=alert(1)>", "``` ## Appendix: the options in full <details open>"])
def test_a_hostile_kit_title_stays_text_in_the_options_and_the_appendix(service, tmp_path, title):
    kit = pig(title)
    game_id = played(service, kit)
    markdown = to_markdown(service, game_id, OWNER, images_dir=tmp_path)
    tokens = MarkdownIt("commonmark").enable("table").parse(markdown)
    inline = [child for token in tokens for child in (token.children or [])]

    assert not [t for t in tokens + inline if t.type in {"html_block", "html_inline", "code_block"}]
    assert [t.content for t in tokens if t.type == "inline" and t.content == APPENDIX] == [APPENDIX]
    (block,) = [token for token in tokens if token.type == "fence" and token.info == "json"]
    assert json.loads(block.content)["title"] == title
    body = to_html(service, game_id, OWNER).split('<main class="diary">')[1]
    assert body.count("<details") == 1 and body.count("<summary>") == 1
    assert not re.search(r"<img src=x", body) and "<details open" not in body


def test_a_kit_with_rules_diary_holds_its_review_like_the_seven_games(service, tmp_path):
    game_id = played(service, pig())
    markdown = to_markdown(service, game_id, OWNER, images_dir=tmp_path / "charts", review=review_game(service, game_id, OWNER, 10))
    review = markdown.split("## Review")[1].split("## Turn by turn")[0]

    assert "choices were judged by the search bot at 10 simulations" in review
    assert "### Mistakes" in review and "### Lead changes" in review
    assert any(path.name.endswith("review-chance-to-win.svg") for path in (tmp_path / "charts").iterdir())
