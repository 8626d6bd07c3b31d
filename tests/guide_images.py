"""The screenshots the guide's pages show (``api/guide/docs/images``). None is made by hand: each is one the
browser tests take (``tests/browser``, into their screenshots folder), and a browser test session copies
those it took that the guide shows into the guide (``tests/browser/conftest.py``), so the pictures follow
the pages they picture (``tests/test_guide_screenshots.py`` checks both)."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from tests.documentation import DOCS, pages

IMAGES = DOCS / "images"
LINK = re.compile(r"""(?:\]\(\s*<?|^\s*\[[^\]]+\]:\s*<?|\bsrc=["'])(?:\.\./)*images/([^)\s>"'#?]+)""", re.M)
"""A link to an image of the guide's folder: ``![...](../images/NAME)``, ``[...](images/NAME)``, a reference
``[name]: ../images/NAME`` or an HTML ``src="../images/NAME"``."""
ENDS = {".jpg": b"\xff\xd9", ".jpeg": b"\xff\xd9", ".png": b"IEND\xaeB`\x82"}
"""How a whole image file of each kind ends (a JPEG with its end marker, a PNG with its last chunk)."""


def shown() -> set[str]:
    """The file names of the images the guide's pages link to."""
    return {name for path, text in pages().items() if path != "README.md" for name in LINK.findall(text)}


def taken(folder: Path) -> dict[str, int]:
    """Each file in a folder, by name, with when it was last written (ns)."""
    found: dict[str, int] = {}
    for path in folder.iterdir() if folder.is_dir() else ():
        try:
            found[path.name] = path.stat().st_mtime_ns
        except FileNotFoundError:  # another test process's copy, just moved
            continue
    return found


def copy_into_guide(folder: Path, before: dict[str, int]) -> list[str]:
    """Copies into the guide each image it shows that is in ``folder`` written since ``before`` (``taken``
    then): whole files only (``ENDS``), each replacing the guide's at once, so a reader (or another test
    process copying the same shot) never sees half of one. The names copied."""
    copied, wanted = [], shown()
    for name, written in sorted(taken(folder).items()):
        if name not in wanted or before.get(name) == written:
            continue
        data = (folder / name).read_bytes()
        target = IMAGES / name
        if not data.endswith(ENDS.get(Path(name).suffix.lower(), b"")) or (target.is_file() and target.read_bytes() == data):
            continue
        # the copy is made beside the shot (not in the guide's folder, which holds only images it shows)
        handle, temporary = tempfile.mkstemp(prefix=".guide-", suffix=".part", dir=folder)
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
        copied.append(name)
    return copied
