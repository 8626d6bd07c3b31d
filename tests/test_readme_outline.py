"""The README is a front door a reader can trust: its contents list names exactly its own sections (each
link finds its heading), and no example it quotes (a diary, a balance report) has a line an outline would
take for one of the README's headings: examples stand in fenced blocks, their headings indented."""

from __future__ import annotations

import re
from pathlib import Path

from markdown_it import MarkdownIt

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def slug(title: str) -> str:
    """A heading's anchor as GitHub makes it."""
    return re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")


def headings(level: int) -> list[str]:
    """The README's headings of that level, as a Markdown parser reads them."""
    tokens = MarkdownIt("commonmark").parse(README)
    return [tokens[index + 1].content for index, token in enumerate(tokens)
            if token.type == "heading_open" and token.tag == f"h{level}"]


def test_the_contents_list_names_every_section_and_each_link_finds_its_heading():
    (line,) = [line for line in README.splitlines() if line.startswith("**Contents:**")]
    listed = re.findall(r"\[([^\]]+)\]\(#([^)]+)\)", line)
    assert [title for title, _ in listed] == headings(2)
    assert all(anchor == slug(title) for title, anchor in listed)


def test_no_quoted_report_or_diary_has_a_line_an_outline_would_take_for_a_heading():
    """Inside a fenced block of output or Markdown (not a shell script's comments), no line starts as a
    heading does: a diary's or a report's headings are indented there."""
    fence, kind, found = None, "", []
    for number, line in enumerate(README.splitlines(), 1):
        opening = re.match(r"(```+|~~~+)(.*)", line)
        if fence is None and opening:
            fence, kind = opening.group(1), opening.group(2).strip()
        elif fence is not None and line.startswith(fence):
            fence = None
        elif fence is not None and kind in ("", "text", "markdown", "md") and re.match(r"#{1,6} ", line):
            found.append(f"{number}: {line}")
    assert found == []
    assert "Fairness by seat" not in headings(2) and "Bookmarks" not in headings(2)
