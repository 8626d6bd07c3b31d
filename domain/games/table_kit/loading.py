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
from pathlib import PurePath
from typing import Any

import yaml

from domain.games.table_kit.checks import Problem, problems

LARGEST = 1_000_000
"""The most bytes a kit's text may hold (the largest shipped kit is a few kilobytes)."""
DEEPEST = 64
"""The most levels of lists and mappings a kit may nest (the format needs five)."""
MOST_LINES = 100
"""The most mistakes told, the last line saying how many more there are."""
FORMATS = {".yaml": "yaml", ".yml": "yaml", ".toml": "toml", ".json": "json"}

Locate = Callable[[Problem], int]
"""The line of the text where a problem's field starts."""

_TAG = "tag:yaml.org,2002:"
_UNEXPECTED = re.compile(r"\((.*) (?:was|were) unexpected\)")


class _Refused(Exception):
    """The text cannot become a document: each (line, message) says why."""

    def __init__(self, lines: list[tuple[int, str]]) -> None:
        super().__init__(lines)
        self.lines = lines


def guess_format(source: str) -> str:
    """The format a file's name says (``.yaml``, ``.yml``, ``.toml``, ``.json``); YAML otherwise."""
    return FORMATS.get(PurePath(source).suffix.lower(), "yaml")


def read_kit(text: str, source: str = "kit", format: str | None = None) -> tuple[dict[str, Any] | None, list[str]]:
    """The kit document in ``text`` and no lines, or ``None`` and a line for each mistake in it."""
    kind = format or guess_format(source)
    if kind not in FORMATS.values():
        raise ValueError(f"unknown kit format {kind!r}: yaml, toml or json")
    try:
        if len(text.encode("utf-8", "surrogatepass")) > LARGEST:
            raise _Refused([(1, f"the kit is larger than {LARGEST:,} bytes: a kit is a few kilobytes")])
        if not text.strip():
            raise _Refused([(1, "the kit is empty: it needs at least kit, name, title and seats")])
        document, locate = {"yaml": _from_yaml, "toml": _from_toml, "json": _from_json}[kind](text)
        if not isinstance(document, dict):
            raise _Refused([(locate(Problem((), "")), f"the kit must be a mapping of fields (kit, name, title, seats, ...), not {_kind_of(document)}")])
    except _Refused as refused:
        return None, _told(source, refused.lines)
    found = sorted(((locate(problem), f"{problem.where()}: {problem.message}") for problem in problems(document)), key=lambda found: found[0])
    return (None, _told(source, found)) if found else (document, [])


def _told(source: str, mistakes: list[tuple[int, str]]) -> list[str]:
    """The lines that tell the mistakes: at most ``MOST_LINES``, each cut to a readable length (a
    message may quote a whole value)."""
    told = [f"{source}:{line}: {message if len(message) <= 200 else message[:120] + ' ... ' + message[-60:]}"
            for line, message in mistakes[:MOST_LINES]]
    if len(mistakes) > MOST_LINES:
        told[-1] = f"{source}:{mistakes[MOST_LINES - 1][0]}: and {len(mistakes) - MOST_LINES + 1:,} more mistakes"
    return told


def _kind_of(value: Any) -> str:
    return {list: "a list", str: "a text", type(None): "null"}.get(type(value), f"the value {value!r}")


# YAML: the node tree, with each node's line, is walked into the document.

class _Loader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing aliases (a few lines can expand to gigabytes) and deep nesting."""

    depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise _Refused([(event.start_mark.line + 1, f"*{event.anchor}: aliases are not allowed: write the value out again")])
        self.depth += 1
        try:
            if self.depth > DEEPEST:
                raise _Refused([(event.start_mark.line + 1, f"nested more than {DEEPEST} levels deep")])
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def _compose(text: str) -> tuple[yaml.Node | None, _Loader]:
    loader = _Loader(text)
    try:
        return loader.get_single_node(), loader
    finally:
        loader.dispose()


def _from_yaml(text: str) -> tuple[Any, Locate]:
    try:
        root, loader = _compose(text)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        said = f"{error.context}, {error.problem}" if (error.problem or "").startswith("but") else error.problem or error.context
        raise _Refused([(mark.line + 1 if mark else 1, f"not valid YAML: {said}")]) from None
    except yaml.reader.ReaderError as error:
        line = text.count("\n", 0, error.position) + 1
        raise _Refused([(line, f"not valid YAML: character #x{error.character:04x}: {error.reason}")]) from None
    except (yaml.YAMLError, RecursionError) as error:
        raise _Refused([(1, f"not valid YAML: {error}")]) from None
    if root is None:
        raise _Refused([(1, "the kit is empty: it needs at least kit, name, title and seats")])
    mistakes: list[tuple[int, str]] = []
    document = _node_value(root, (), loader, mistakes)
    if mistakes:
        raise _Refused(mistakes)
    return document, lambda problem: _node_line(root, problem)


def _node_value(node: yaml.Node, path: tuple[Any, ...], loader: _Loader, mistakes: list[tuple[int, str]]) -> Any:
    """The JSON-native value of a node; what JSON cannot hold is added to ``mistakes``."""
    line, where = node.start_mark.line + 1, Problem(path, "").where()
    tag = node.tag.removeprefix(_TAG)
    if isinstance(node, yaml.MappingNode) and tag == "map":
        out: dict[str, Any] = {}
        for key, value in node.value:
            key_line = key.start_mark.line + 1
            if not (isinstance(key, yaml.ScalarNode) and key.tag == _TAG + "str"):
                shown = key.value if isinstance(key, yaml.ScalarNode) else "a list or mapping"
                mistakes.append((key_line, f"{where}: the key {shown} is not text: put it in quotes"
                                 if key.tag != _TAG + "merge" else f"{where}: merge keys (<<) are not allowed"))
            elif key.value in out:
                mistakes.append((key_line, f"{where}: key {key.value!r} is given twice"))
            else:
                out[key.value] = _node_value(value, (*path, key.value), loader, mistakes)
        return out
    if isinstance(node, yaml.SequenceNode) and tag == "seq":
        return [_node_value(item, (*path, index), loader, mistakes) for index, item in enumerate(node.value)]
    if isinstance(node, yaml.ScalarNode) and tag == "bool" and node.value.lower() not in ("true", "false"):
        return node.value  # yes, no, on, off are words (a piece goes "off" the board), as in YAML 1.2
    if isinstance(node, yaml.ScalarNode) and tag in ("str", "null", "bool", "int", "float"):
        try:
            value = loader.construct_object(node)
        except ValueError:  # an int of more digits than Python converts
            mistakes.append((line, f"{where}: the number {node.value[:20]}... is too long"))
            return None
        if isinstance(value, float) and not math.isfinite(value):
            mistakes.append((line, f"{where}: {node.value} is not a finite number"))
        return _integral(value)
    if tag == "timestamp":
        mistakes.append((line, f"{where}: {node.value} reads as a date: put it in quotes to mean the text"))
    else:
        mistakes.append((line, f"{where}: a {tag} value is not allowed: use text, numbers, true/false, lists and mappings"))
    return None


def _integral(value: Any) -> Any:
    """A whole float (``3.0``) as its int: the schema's integers take it, and the kit counts with it."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _node_line(root: yaml.Node, problem: Problem) -> int:
    """The line of the problem's field, or of the nearest enclosing node that exists."""
    node, line = root, root.start_mark.line + 1
    for part in problem.path:
        if isinstance(node, yaml.MappingNode) and isinstance(part, str):
            found = next(((key, value) for key, value in node.value if key.value == part), None)
            if found is None:
                break
            line, node = found[0].start_mark.line + 1, found[1]
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
            node = node.value[part]
            line = node.start_mark.line + 1
        else:
            break
    unknown = _unexpected(problem.message)
    if isinstance(node, yaml.MappingNode) and unknown:
        line = next((key.start_mark.line + 1 for key, _ in node.value if key.value in unknown), line)
    return line


def _unexpected(message: str) -> list[str]:
    """The unknown fields an "unknown field ('x' was unexpected)" message names."""
    found = _UNEXPECTED.search(message)
    return re.findall(r"'([^']*)'", found.group(1)) if found else []


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
        raise _Refused([(line, f"not valid TOML: {re.sub(r' ?[(]at .*[)]$', '', message)}")]) from None
    except RecursionError:
        raise _Refused([(1, f"not valid TOML: nested more than {DEEPEST} levels deep")]) from None
    return _checked(document, text), lambda problem: _searched_line(text, problem)


def _from_json(text: str) -> tuple[Any, Locate]:
    try:
        document = json.loads(text, object_pairs_hook=_pairs)
    except json.JSONDecodeError as error:
        raise _Refused([(error.lineno, f"not valid JSON: {error.msg}")]) from None
    except (ValueError, RecursionError) as error:  # an int too long to convert; too deep for the parser
        raise _Refused([(1, f"not valid JSON: {error if isinstance(error, ValueError) else 'nested too deeply'}")]) from None
    document = _checked(document, text)
    try:  # JSON is YAML: its nodes give exact lines, when PyYAML reads it as json did
        root, loader = _compose(text)
        mistakes: list[tuple[int, str]] = []
        if root is not None and _node_value(root, (), loader, mistakes) == document and not mistakes:
            return document, lambda problem: _node_line(root, problem)
    except (yaml.YAMLError, _Refused, RecursionError):
        pass
    return document, lambda problem: _searched_line(text, problem)


def _checked(document: Any, text: str) -> Any:
    """The document as plain JSON values, or ``_Refused`` naming what JSON cannot hold."""
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
            return _integral(value)
        if not isinstance(value, (str, int, float, bool, type(None))):
            mistakes.append(Problem(path, f"{value} reads as a date or time: put it in quotes to mean the text"))
        return value

    out = plain(document, ())
    if mistakes:
        raise _Refused([(_searched_line(text, mistake), f"{mistake.where()}: {mistake.message}") for mistake in mistakes])
    return out


def _searched_line(text: str, problem: Problem) -> int:
    """The first line, after the line of each enclosing key, that names the problem's last key; for
    an index into a TOML array of tables, its own ``[[...]]`` header. A best guess: line 1 if none."""
    lines = text.splitlines()
    at, header = 0, None
    for part in [*problem.path, *_unexpected(problem.message)[:1]]:
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
