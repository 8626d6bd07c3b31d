"""The README is a front door read in five minutes: at most 250 lines, every link it gives into the guide
finds its page, and it links every page of the guide's navigation but the home page, so a reader from the
top finds each tutorial, how-to guide, reference and explanation. No page quotes an example (a diary, a
balance report) with a line an outline would take for one of the page's headings: examples stand in fenced
blocks, their headings indented."""

from __future__ import annotations

import re

import yaml

from tests.documentation import DOCS, GUIDE, ROOT, page, pages

MOST_LINES = 250


def readme_links() -> list[str]:
    return re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page("README.md"))


def nav_pages(node) -> list[str]:
    """Every page path in the guide's navigation."""
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [path for value in node.values() for path in nav_pages(value)]
    return [path for item in node for path in nav_pages(item)]


def test_the_readme_is_short():
    assert len(page("README.md").splitlines()) <= MOST_LINES


def test_every_link_of_the_readme_finds_its_file():
    local = [link for link in readme_links() if not re.match(r"[a-z]+:", link)]
    assert local, "the README links into the guide"
    assert [link for link in local if not (ROOT / link).exists()] == []


def test_the_readme_links_every_page_of_the_guide_s_navigation():
    config = yaml.load((GUIDE / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    linked = {link.removeprefix("api/guide/docs/") for link in readme_links() if link.startswith("api/guide/docs/")}
    generated = {"reference/rest-operations.md", "reference/kits/index.md", "reference/rulings/index.md"}
    assert [path for path in nav_pages(config["nav"]) if path not in linked | generated | {"index.md"}] == []
    assert all((DOCS / path).is_file() for path in linked)


def test_no_quoted_report_or_diary_has_a_line_an_outline_would_take_for_a_heading():
    """Inside a fenced block of output or Markdown (not a shell script's comments), no line starts as a
    heading does: a diary's or a report's headings are indented there."""
    found = []
    for path, text in pages().items():
        fence, kind = None, ""
        for number, line in enumerate(text.splitlines(), 1):
            opening = re.match(r"(```+|~~~+)(.*)", line)
            if fence is None and opening:
                fence, kind = opening.group(1), opening.group(2).strip()
            elif fence is not None and line.startswith(fence):
                fence = None
            elif fence is not None and kind in ("", "text", "markdown", "md") and re.match(r"#{1,6} ", line):
                found.append(f"{path}:{number}: {line}")
    assert found == []
