"""Every terminal output escaped: what the CLI writes to standard output and standard error passes through
``EscapingWriter``, which shows each character a terminal would act on as its escape (``\\x1b``,
``\\x07``, ``\\u202e``), whatever the text's source: a name, a note, a kit's title or rules, a card's text,
an export written to the terminal. Line breaks and tabs stay; the carriage return stays on standard error
only (the progress bar redraws its line with it); the zero-width joiner of emoji sequences stays. The few
sequences the CLI itself writes on purpose (``click.clear``, the progress bar's cursor) pass when a write is
exactly one of them. Bytes (``click.echo(b"...")``) go to the stream's buffer untouched."""

from __future__ import annotations

import contextlib
import io
import sys
import unicodedata
from collections.abc import Iterator
from typing import Any

from domain.engine.seating import ALLOWED_FORMAT, REFUSED_CATEGORIES, escape_char

OWN_SEQUENCES = frozenset({"\033[2J\033[1;1H", "\033[?25l", "\033[?25h", "\033[?25h\n"})
"""What the CLI writes on purpose: ``click.clear``'s and the progress bar's cursor hidden and shown."""


def escaped(text: str, keep: str = "\n\t") -> str:
    """``text`` with every character a terminal acts on shown as its escape, but those in ``keep``."""
    if text.isprintable():
        return text
    out = []
    for char in text:
        if char in keep or char in ALLOWED_FORMAT or unicodedata.category(char) not in REFUSED_CATEGORIES:
            out.append(char)
        else:
            out.append(escape_char(char))
    return "".join(out)


class EscapingWriter(io.TextIOBase):
    """A text stream that escapes what is written to it, then writes it to ``inner``."""

    def __init__(self, inner: Any, keep: str) -> None:
        self.inner, self.keep = inner, keep

    def write(self, text: str) -> int:  # type: ignore[override]
        if not isinstance(text, str):
            raise TypeError("write() argument must be str")  # so click sends bytes to ``buffer``
        self.inner.write(text if text in OWN_SEQUENCES else escaped(text, self.keep))
        return len(text)

    def flush(self) -> None:
        self.inner.flush()

    def isatty(self) -> bool:
        return bool(self.inner.isatty())

    def fileno(self) -> int:
        return int(self.inner.fileno())

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> Any:  # type: ignore[override]
        return getattr(self.inner, "encoding", None)

    @property
    def errors(self) -> Any:  # type: ignore[override]
        return getattr(self.inner, "errors", None)

    @property
    def buffer(self) -> Any:
        return self.inner.buffer


@contextlib.contextmanager
def escaped_output() -> Iterator[None]:
    """Standard output and standard error escaped while the block runs."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = EscapingWriter(out, "\n\t"), EscapingWriter(err, "\n\t\r")
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
