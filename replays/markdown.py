"""Markdown that nothing a player typed can restructure: literal text on one line, inline code
spans, fenced code blocks and link targets, for the design diary (``replays.diary``).

Each holds its text whatever it is: a seat name with line breaks, backticks, ``<img ...>``, a
leading ``- `` or ``1.``, or four leading spaces stays words in its paragraph, list item, table
cell or heading, or stays inside its code block, as CommonMark (and GitHub's tables) read it.
"""

from __future__ import annotations

import re

_SPECIAL = re.compile(r"([\\`*_\[\]<>|#~&])")
"""Punctuation that Markdown or inline HTML would read anywhere in a line."""
_BLOCK_START = re.compile(r"[-+=]|\d{1,9}(?=[.)])")
"""What opens a list, underlines a heading or opens an ordered list at the start of a line."""


def escape_markdown(text: str) -> str:
    """``text`` as literal Markdown on one line, wherever it is put (even at the start of a line or
    of a list item): every run of white space (line breaks, tabs) becomes one space, punctuation that
    Markdown or inline HTML would read is backslash-escaped, and a leading ``-``, ``+``, ``=`` or
    ``1.`` cannot start a list or underline a heading."""
    escaped = _SPECIAL.sub(r"\\\1", " ".join(str(text).split()))
    match = _BLOCK_START.match(escaped)
    if match is None:
        return escaped
    if match.group().isdigit():  # "1." or "1)": escape the dot or the parenthesis
        return f"{escaped[:match.end()]}\\{escaped[match.end():]}"
    return "\\" + escaped


def code_span(text: str) -> str:
    """``text`` as an inline code span, fenced with more backticks than it holds, on one line."""
    text = " ".join(text.splitlines())
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def fenced(text: str, language: str) -> list[str]:
    """``text``, verbatim, as the lines of a fenced code block whose fence no line of it can close
    (longer than any run of backticks in it)."""
    fence = "`" * max(3, max((len(run) + 1 for run in re.findall(r"`{3,}", text)), default=3))
    return [f"{fence}{language}", *text.removesuffix("\n").split("\n"), fence]


def link_target(target: str) -> str:
    """A link destination, in angle brackets when it holds spaces or brackets."""
    if re.search(r"[\s()<>]", target):
        return "<" + target.replace("<", "%3C").replace(">", "%3E") + ">"
    return target
