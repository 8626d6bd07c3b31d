"""The design diary as one HTML document, for reading in a browser: the Markdown diary
(``replays.diary``, its charts embedded as SVG data URIs) rendered by markdown-it (CommonMark and
tables, raw HTML off: whatever a player typed stays text, and no link but the charts' images loads
anything)."""

from __future__ import annotations

import re
import uuid
from html import escape

from markdown_it import MarkdownIt

from domain.access import OWNER
from domain.review import Review
from domain.service import GameService
from domain.viewing import Viewer, display_name
from replays.diary import to_markdown

CHART = "data:image/svg+xml;base64,"
ANCHOR = re.compile(r"&lt;a id=&quot;(step-[0-9]+)&quot;&gt;&lt;/a&gt;")
"""The diary's one piece of HTML, the anchor a bookmark links to (``<a id="step-N"></a>``), as the renderer
escapes it (raw HTML is off); it is put back as the anchor, and nothing else is."""
STYLE = ("body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;color:#1d1d1d}"
         "table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.2rem .5rem;text-align:left}"
         "img{max-width:100%;height:auto}")


def _renderer() -> MarkdownIt:
    renderer = MarkdownIt("commonmark", {"html": False}).enable("table")
    safe = renderer.validateLink
    renderer.validateLink = lambda url: url.startswith(CHART) or safe(url)  # type: ignore[method-assign]
    return renderer


RENDERER = _renderer()


def diary_body(service: GameService, game_id: uuid.UUID, viewer: Viewer = OWNER, review: Review | None = None) -> str:
    """The diary rendered to HTML elements (no document around them); with the game's ``review`` when given."""
    return ANCHOR.sub(r'<a id="\1"></a>', RENDERER.render(to_markdown(service, game_id, viewer, review=review)))


def to_html(service: GameService, game_id: uuid.UUID, viewer: Viewer = OWNER, review: Review | None = None) -> str:
    """The diary as a whole HTML document, as ``viewer`` may see the game (with its ``review``)."""
    title = escape(f"Design diary: {display_name(service.game(game_id))}")
    return (f'<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{title}</title>\n'
            f'<meta name="referrer" content="no-referrer">\n<style>{STYLE}</style>\n</head>\n<body>\n'
            f'<main class="diary">\n{diary_body(service, game_id, viewer, review)}</main>\n</body>\n</html>\n')
