"""The design diary as one HTML document, for reading in a browser: the Markdown diary
(``replays.diary``, its charts embedded as SVG data URIs) rendered by markdown-it (CommonMark and
tables, raw HTML off: whatever a player typed stays text, and no link but the charts' images loads
anything). The diary's appendix (the long options' JSON: a table kit's whole kit) is folded into a
``<details>`` element, closed, so the reader's first screen is the game."""

from __future__ import annotations

import re
import uuid
from html import escape
from typing import Any

from markdown_it import MarkdownIt

from domain.engine.viewing import Viewer, display_name
from domain.keeping.access import OWNER
from domain.keeping.service import GameService
from domain.thinking.review import Review
from replays.diary import APPENDIX, to_markdown

CHART = "data:image/svg+xml;base64,"
ANCHOR = re.compile(r"&lt;a id=&quot;(step-[0-9]+)&quot;&gt;&lt;/a&gt;")
"""The diary's one piece of HTML, the anchor a bookmark links to (``<a id="step-N"></a>``), as the renderer
escapes it (raw HTML is off); it is put back as the anchor, and nothing else is."""
STYLE = ("body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;color:#1d1d1d}"
         "table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.2rem .5rem;text-align:left}"
         "th.align-right,td.align-right{text-align:right}th.align-center,td.align-center{text-align:center}"
         "img{max-width:100%;height:auto}")
"""The document's style; the browser client's stylesheet (``api/web/app.css``) has the same classes."""
ALIGNED = re.compile(r"text-align:(left|right|center)")


def _renderer() -> MarkdownIt:
    renderer = MarkdownIt("commonmark", {"html": False}).enable("table")
    safe = renderer.validateLink
    renderer.validateLink = lambda url: url.startswith(CHART) or safe(url)  # type: ignore[method-assign]
    renderer.core.ruler.push("align_classes", _align_classes)
    return renderer


def _align_classes(state: Any) -> None:
    """A table column's alignment as a class (``align-right``), not the inline ``style`` attribute the
    renderer writes: the browser client's Content Security Policy allows no inline style."""
    for token in state.tokens:
        style = token.attrGet("style") if token.type in ("th_open", "td_open") else None
        if style is not None:
            found = ALIGNED.fullmatch(str(style))
            token.attrs.pop("style", None)
            if found is not None:
                token.attrSet("class", f"align-{found.group(1)}")


RENDERER = _renderer()


def diary_body(service: GameService, game_id: uuid.UUID, viewer: Viewer = OWNER, review: Review | None = None) -> str:
    """The diary rendered to HTML elements (no document around them); with the game's ``review`` when given."""
    return folded(ANCHOR.sub(r'<a id="\1"></a>', RENDERER.render(to_markdown(service, game_id, viewer, review=review))))


def folded(body: str) -> str:
    """The rendered diary with its appendix, its last section, in a closed ``<details>`` element. The
    appendix's heading is the last ``<h2>`` of that text: nothing a player typed can write one (raw HTML is
    off, and every ``<`` they typed is escaped)."""
    heading = f"<h2>{escape(APPENDIX)}</h2>\n"
    at = body.rfind(heading)
    if at < 0:
        return body
    return (f'{body[:at]}<details class="appendix">\n<summary>{escape(APPENDIX)}</summary>\n'
            f"{body[at + len(heading):]}</details>\n")


def to_html(service: GameService, game_id: uuid.UUID, viewer: Viewer = OWNER, review: Review | None = None) -> str:
    """The diary as a whole HTML document, as ``viewer`` may see the game (with its ``review``)."""
    title = escape(f"Design diary: {display_name(service.game(game_id))}")
    return (f'<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{title}</title>\n'
            f'<meta name="referrer" content="no-referrer">\n<style>{STYLE}</style>\n</head>\n<body>\n'
            f'<main class="diary">\n{diary_body(service, game_id, viewer, review)}</main>\n</body>\n</html>\n')
