"""The project's documentation as the tests read it: the README (the front door) and the guide's pages
(``api/guide/docs``, built with MkDocs), each a page with its path and text. A test that checks an example
finds it on the page that shows it."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "api" / "guide"
DOCS = GUIDE / "docs"


def page(path: str) -> str:
    """A page's text: ``README.md``, or a guide page by its path under the guide (``tutorials/first-kit.md``)."""
    return (ROOT / "README.md" if path == "README.md" else DOCS / path).read_text(encoding="utf-8")


def pages() -> dict[str, str]:
    """Every page, the README first, then the guide's in the order of their paths."""
    found = {"README.md": page("README.md")}
    for path in sorted(DOCS.rglob("*.md")):
        found[path.relative_to(DOCS).as_posix()] = path.read_text(encoding="utf-8")
    return found
