"""Reading a kit from its text: YAML, TOML or JSON parsed into a JSON-native document, then checked.

``read_kit(text, source)`` gives ``(document, [])`` for a kit that can be played, else ``(None,
lines)``: one line a mistake, ``"{source}:{line}: {field}: {message}"``, as compilers and linters
write them, so an editor can jump to it. The line is where the field starts in the text (for a
missing field, where the mapping that lacks it starts). YAML's lines are exact (PyYAML's marks);
TOML has none, so its lines are found by searching the text for the field's key, and are a best
guess. What a JSON document cannot hold, or what would cost too much to read, is refused with its
line: dates, keys that are not text, NaN and infinite numbers, a key given twice, YAML aliases, more
than ``DEEPEST`` levels or ``LARGEST`` bytes. A whole float (``3.0``) becomes its int, as in JSON.
At most ``MOST_LINES`` mistakes are told.
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from collections.abc import Callable
from dataclasses import replace
from pathlib import PurePath
from typing import Any

import yaml

from domain.games.table_kit.reading.checks import Problem, problems
from domain.games.table_kit.vocabulary.kit_mistakes import shortened
from domain.games.table_kit.reading.yaml_nodes import (
    DEEPEST,
    Locate,
    Refused,
    compose,
    from_yaml,
    integral,
    node_line,
    node_value,
    unexpected,
)

LARGEST = 256_000
"""The most bytes a kit's text may hold (the largest shipped kit is a few kilobytes; a kit at every
limit of ``checks`` about 130,000)."""
MOST_LINES = 100
"""The most mistakes told, the last line saying how many more there are."""
FORMATS = {".yaml": "yaml", ".yml": "yaml", ".toml": "toml", ".json": "json"}




def guess_format(source: str) -> str:
    """The format a file's name says (``.yaml``, ``.yml``, ``.toml``, ``.json``); YAML otherwise."""
    return FORMATS.get(PurePath(source).suffix.lower(), "yaml")


def read_kit(text: str, source: str = "kit", format: str | None = None,
             more: Callable[[dict[str, Any]], list[Problem]] | None = None,
             later: tuple[str, ...] = ()) -> tuple[dict[str, Any] | None, list[str]]:
    """The kit document in ``text`` and no lines, or ``None`` and a line for each mistake in it, of every stage
    of the checks it reaches, then a line (on the kit's first) for each stage skipped and why. ``more``
    finds further mistakes in a kit that has none of its own (``kit check``'s, placed on their lines alike);
    ``later`` names the stages a caller runs on a clean kit's rules: for a kit with rules and mistakes, each is
    told as skipped."""
    kind = format or guess_format(source)
    if kind not in FORMATS.values():
        raise ValueError(f"unknown kit format {kind!r}: yaml, toml or json")
    try:
        if len(text.encode("utf-8", "surrogatepass")) > LARGEST:
            raise Refused([(1, f"the kit is larger than {LARGEST:,} bytes: a kit is a few kilobytes")])
        if not text.strip():
            raise Refused([(1, "the kit is empty: it needs at least kit, name, title and seats")])
        document, locate = {"yaml": from_yaml, "toml": _from_toml, "json": _from_json}[kind](text)
        if not isinstance(document, dict):
            raise Refused([(locate(Problem((), "")), f"the kit must be a mapping of fields (kit, name, title, seats, ...), not {_kind_of(document)}")])
    except Refused as refused:
        return None, _told(source, refused.lines)
    found_problems = problems(document)
    if not found_problems and more is not None:
        found_problems = more(document)
    elif found_problems and "play" in document:
        found_problems = _skipping(found_problems, later)
    found = sorted(((locate(problem), f"{problem.where()}: {problem.message}") for problem in found_problems if not problem.skipped),
                   key=lambda found: found[0])
    skipped = [(1, f"{problem.where()}: {problem.message}") for problem in found_problems if problem.skipped]
    return (None, _told(source, found, skipped)) if found_problems else (document, [])


def _skipping(found: list[Problem], later: tuple[str, ...]) -> list[Problem]:
    """The problems, the ``later`` stages told as skipped: beside those the checks skipped, or for the mistakes."""
    if not later:
        return found
    noted = next((problem for problem in found if problem.skipped), None)
    if noted is not None:
        return [problem if problem is not noted else replace(noted, message=f"{noted.message}, {', '.join(later)}") for problem in found]
    return [*found, Problem((), f"not run until its mistakes are mended: {', '.join(later)}", skipped=True)]


def _told(source: str, mistakes: list[tuple[int, str]], skipped: list[tuple[int, str]] | None = None) -> list[str]:
    """The lines that tell the mistakes, then the stages ``skipped``: at most ``MOST_LINES`` in all, each cut
    between words to a readable length (a message may quote a whole value), saying how much was left out."""
    room = MOST_LINES - len(skipped or [])
    told = [f"{source}:{line}: {shortened(message)}" for line, message in mistakes[:room]]
    if len(mistakes) > room:
        told[-1] = f"{source}:{mistakes[room - 1][0]}: and {len(mistakes) - room + 1:,} more mistakes"
    return told + [f"{source}:{line}: {message}" for line, message in skipped or []]


def _kind_of(value: Any) -> str:
    return {list: "a list", str: "a text", type(None): "null"}.get(type(value), f"the value {value!r}")


# TOML and JSON: parsed by the standard library, then checked for what JSON cannot hold.

class _Pairs(dict[str, Any]):
    """A JSON object, with the keys it gave twice."""

    twice: list[str]


def _pairs(pairs: list[tuple[str, Any]]) -> _Pairs:
    out = _Pairs()
    out.twice = []
    for key, value in pairs:
        if key in out:
            out.twice.append(key)
        out[key] = value
    return out


def _from_toml(text: str) -> tuple[Any, Locate]:
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        at = re.search(r"\s*\(at line (\d+), column \d+\)", message)
        line = int(at.group(1)) if at else len(text.splitlines()) if "end of document" in message else 1
        raise Refused([(line, f"not valid TOML: {re.sub(r' ?[(]at .*[)]$', '', message)}")]) from None
    except RecursionError:
        raise Refused([(1, f"not valid TOML: nested more than {DEEPEST} levels deep")]) from None
    return _checked(document, text), lambda problem: _searched_line(text, problem)


def _from_json(text: str) -> tuple[Any, Locate]:
    try:
        document = json.loads(text, object_pairs_hook=_pairs)
    except json.JSONDecodeError as error:
        raise Refused([(error.lineno, f"not valid JSON: {error.msg}")]) from None
    except (ValueError, RecursionError) as error:  # an int too long to convert; too deep for the parser
        raise Refused([(1, f"not valid JSON: {error if isinstance(error, ValueError) else 'nested too deeply'}")]) from None
    document = _checked(document, text)
    lines: list[Locate] = []

    def locate(problem: Problem) -> int:
        """The problem's line: from the YAML nodes, read only when a kit has a mistake to place."""
        if not lines:
            lines.append(lambda problem: _searched_line(text, problem))
            try:  # JSON is YAML: its nodes give exact lines, when PyYAML reads it as json did
                root, loader = compose(text)
                mistakes: list[tuple[int, str]] = []
                if root is not None and node_value(root, (), loader, mistakes) == document and not mistakes:
                    lines[0] = lambda problem: node_line(root, problem)
            except (yaml.YAMLError, Refused, RecursionError):
                pass
        return lines[0](problem)

    return document, locate


def _checked(document: Any, text: str) -> Any:
    """The document as plain JSON values, or ``Refused`` naming what JSON cannot hold."""
    mistakes: list[Problem] = []

    def plain(value: Any, path: tuple[Any, ...]) -> Any:
        if len(path) >= DEEPEST:
            mistakes.append(Problem(path, f"nested more than {DEEPEST} levels deep"))
            return None
        if isinstance(value, dict):
            mistakes.extend(Problem(path, f"key {key!r} is given twice") for key in getattr(value, "twice", []))
            return {key: plain(item, (*path, key)) for key, item in value.items()}
        if isinstance(value, list):
            return [plain(item, (*path, index)) for index, item in enumerate(value)]
        if isinstance(value, float) and not math.isfinite(value):
            mistakes.append(Problem(path, f"{value} is not a finite number"))
            return value
        if isinstance(value, float):
            return integral(value)
        if not isinstance(value, (str, int, float, bool, type(None))):
            mistakes.append(Problem(path, f"{value} reads as a date or time: put it in quotes to mean the text"))
        return value

    out = plain(document, ())
    if mistakes:
        raise Refused([(_searched_line(text, mistake), f"{mistake.where()}: {mistake.message}") for mistake in mistakes])
    return out


def _searched_line(text: str, problem: Problem) -> int:
    """The first line, after the line of each enclosing key, that names the problem's last key; for
    an index into a TOML array of tables, its own ``[[...]]`` header. A best guess: line 1 if none."""
    lines = text.splitlines()
    at, header = 0, None
    for part in [*problem.path, *unexpected(problem.message)[:1]]:
        if isinstance(part, int):
            headers = [n for n in range(at, len(lines)) if header and header.match(lines[n])]
            if header and part < len(headers):
                at = headers[part]
            continue
        key = re.escape(part)
        names = re.compile(rf"(?:^|[\s{{,.\[])(?:\"{key}\"|'{key}'|{key})\s*[=:.\]]")
        found = next((n for n in range(at, len(lines)) if names.search(lines[n])), None)
        if found is None:
            break
        at, header = found, re.compile(rf"^\s*\[\[\s*(?:[\w.-]+\.)?[\"']?{key}[\"']?\s*\]\]")
    return at + 1
