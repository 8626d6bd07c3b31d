"""Reading the benchmark runners' Markdown output in their tests: each ``## `` section's table."""

from __future__ import annotations


def sections(text: str) -> dict[str, list[dict[str, str]]]:
    """Each ``## `` section's Markdown table, as rows of cells by column header."""
    found: dict[str, list[dict[str, str]]] = {}
    title, headers = "", []
    for line in text.splitlines():
        if line.startswith("## "):
            title, headers = line[3:], []
            found[title] = []
        elif line.startswith("|") and title:
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            if not headers:
                headers = cells
            elif not set(line) <= set("|-"):
                assert len(cells) == len(headers), line
                found[title].append(dict(zip(headers, cells)))
    return found
