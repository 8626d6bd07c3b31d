"""A kit is a stranger's text: Python written into any string it holds (a name, a title, a text, an
expression, a parameter's value) is refused where the kit is read, or kept as text and played as text; it
never runs. Each shipped kit is tried with each of its strings replaced in turn, read, checked and played; and a
YAML tag that would build a Python object is refused."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from domain.games.table_kit.reading.loading import read_kit
from domain.games.table_kit.rules import shipped_kit
from domain.thinking.kit_trial import trial

from kit_documents import with_text

Path_ = tuple[Any, ...]


def strings(document: Any, path: Path_ = ()) -> Iterator[Path_]:
    """The place of every string in a document, keys of mappings aside."""
    if isinstance(document, str):
        yield path
    elif isinstance(document, dict):
        for key, value in document.items():
            yield from strings(value, (*path, key))
    elif isinstance(document, list):
        for n, value in enumerate(document):
            yield from strings(value, (*path, n))


def payloads(sentinel: Path) -> list[str]:
    """Python that would leave ``sentinel`` behind if it ran: as it stands, and inside a CEL text."""
    command = f"touch {sentinel}"
    return [f'__import__("os").system("{command}")', f"\"{{__import__('os').system('{command}')}}\""]


def tried(name: str, sentinel: Path) -> tuple[int, int]:
    """How many variants of the kit were tried, and how many were read clean and played."""
    document = shipped_kit(name)
    variants = played = 0
    for path in strings(document):
        for payload in payloads(sentinel):
            variant = with_text(document, path, payload)
            variants += 1
            read, mistakes = read_kit(yaml.safe_dump(variant, allow_unicode=True), f"{name}.yaml")
            assert (read is None) == bool(mistakes)
            if read is not None and "play" in read:
                trial(read, games=1, clock=time.monotonic)
                played += 1
    return variants, played


@pytest.mark.parametrize("name", ["pig", "kuhn-poker"])
def test_python_in_any_string_of_a_kit_is_refused_or_kept_as_text(name: str, tmp_path: Path) -> None:
    sentinel = tmp_path / "ran"
    variants, played = tried(name, sentinel)
    assert not sentinel.exists()
    assert variants > 20 and played > 0  # the payloads reached the rules too, not only the reader


@pytest.mark.slow
@pytest.mark.parametrize("name", ["connect-four", "liars-dice", "assassination-game-le"])
def test_python_in_any_string_of_a_larger_kit_is_refused_or_kept_as_text(name: str, tmp_path: Path) -> None:
    sentinel = tmp_path / "ran"
    variants, played = tried(name, sentinel)
    assert not sentinel.exists()
    assert variants > 20 and played > 0


def test_a_yaml_tag_that_builds_a_python_object_is_refused(tmp_path: Path) -> None:
    sentinel = tmp_path / "ran"
    text = (f'kit: 1\nname: !!python/object/apply:os.system ["touch {sentinel}"]\ntitle: x\n'
            "seats: {fewest: 2, most: 2}\n")
    read, mistakes = read_kit(text, "tagged.yaml")
    assert read is None and mistakes
    assert not sentinel.exists()
