"""No screenshot in the guide is made by hand: every image its pages show is in ``api/guide/docs/images`` and
is one a browser test takes (a path into its ``screenshots`` folder, by its name or by an f-string whose
pattern covers it, as ``f"{rules.name}-play.jpg"`` covers ``correction-play.jpg``), which the browser test
session copies into the guide (``tests/guide_images.py``); and the folder holds no image no page shows."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from guide_images import IMAGES, shown

BROWSER_TESTS = Path(__file__).resolve().parent / "browser"


def shot_patterns() -> set[str]:
    """Each name a browser test writes a screenshot under (``screenshots / NAME``), as a pattern (an
    f-string's field matches letters, digits, ``_`` and ``-``)."""
    found = set()
    for path in sorted(BROWSER_TESTS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div)
                    and isinstance(node.left, ast.Name) and node.left.id == "screenshots"):
                continue
            if isinstance(node.right, ast.Constant) and isinstance(node.right.value, str):
                pattern = re.escape(node.right.value)
            elif isinstance(node.right, ast.JoinedStr):
                pattern = "".join(re.escape(part.value) if isinstance(part, ast.Constant) else r"[\w-]+"
                                  for part in node.right.values)
            else:
                continue
            found.add(pattern)
    return found


def test_every_image_the_guide_shows_is_in_its_folder_and_taken_by_a_browser_test():
    names = shown()
    assert names, "the guide shows no image: its links are not read"
    missing = sorted(name for name in names if not (IMAGES / name).is_file())
    assert missing == [], f"the guide shows images its folder lacks: {missing}"
    patterns = shot_patterns()
    untaken = sorted(name for name in names if not any(re.fullmatch(pattern, name) for pattern in patterns))
    assert untaken == [], f"no browser test takes these screenshots the guide shows (screenshots / NAME): {untaken}"


def test_the_guides_image_folder_holds_only_images_its_pages_show():
    unshown = sorted({path.name for path in IMAGES.iterdir()} - shown())
    assert unshown == [], f"images no page of the guide shows: {unshown}"
