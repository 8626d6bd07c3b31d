"""Texts in the drawings (``replays.drawing``): escaped for SVG, never smaller than the picture format's
``smallest_text`` for the drawing under way, cut short or wrapped to fit a width, and numbers written short.
"""

from __future__ import annotations

import re
from contextvars import ContextVar
from typing import Any
from xml.sax.saxutils import escape as _xml_escape
from xml.sax.saxutils import quoteattr as _xml_quoteattr

INK = "#222222"

NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters no XML document may hold, even escaped: a name with one (from a game recorded before names
were checked) would make the whole drawing unreadable, so each is drawn as U+FFFD instead."""


def escape(text: str) -> str:
    return _xml_escape(NOT_XML.sub("\ufffd", text))


def quoteattr(text: str) -> str:
    return _xml_quoteattr(NOT_XML.sub("\ufffd", text))


smallest: ContextVar[float] = ContextVar("smallest_text", default=0.0)


def size_of(size: float) -> float:
    """A text size raised to the smallest the drawing under way allows."""
    return max(size, smallest.get())


def text_element(text: Any, x: float, y: float, size: float, bold: bool = False, anchor: str = "start",
           colour: str = INK, opacity: float = 1.0) -> str:
    if not text:
        return ""
    size = size_of(size)
    weight = ' font-weight="700"' if bold else ""
    anchoring = f' text-anchor="{anchor}"' if anchor != "start" else ""
    faded = f' fill-opacity="{opacity}"' if opacity < 1 else ""
    return (f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" fill="{colour}"{weight}{anchoring}{faded} '
            f'pointer-events="none">{escape(str(text))}</text>')


def cut(text: str, width: float, size: float, wide: bool = False) -> str:
    """The text cut short with "…" to fit ``width`` units at font ``size`` (``wide``: bold or fixed-width)."""
    fits = max(1, int(width / (size * (0.62 if wide else 0.56))))
    return text if len(text) <= fits else text[: max(0, fits - 1)].rstrip() + "…"


def wrap(text: str, width: float, size: float) -> list[str]:
    """The text in lines that fit ``width`` units at font ``size`` (words never split unless too long)."""
    fits = max(4, int(width / (size_of(size) * 0.6)))
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            while len(word) > fits:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[: fits - 1] + "-")
                word = word[fits - 1:]
            if line and len(line) + 1 + len(word) > fits:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        lines.append(line)
    return [line for line in lines if line] or []


def num(value: float) -> str:
    """A coordinate, short: no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return text if text not in ("-0", "") else "0"
