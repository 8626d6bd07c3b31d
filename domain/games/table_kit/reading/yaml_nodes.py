"""A kit's YAML text as a tree of nodes, each with its line (``loading`` reads a kit from it).

libyaml composes the tree where PyYAML has it (some twenty times faster than PyYAML's own Python), its
events read first for aliases (a few lines can expand to gigabytes) and nesting; PyYAML's Python loader
does it otherwise, and words the mistake of a text that is not YAML. ``node_value`` makes the tree a
JSON-native document, adding what JSON cannot hold to its mistakes; ``node_line`` finds a problem's line.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

import yaml

from domain.games.table_kit.reading.checks import Problem

DEEPEST = 64
"""The most levels of lists and mappings a kit may nest (the format needs five)."""

Locate = Callable[[Problem], int]
"""The line of the text where a problem's field starts."""

_TAG = "tag:yaml.org,2002:"
_UNEXPECTED = re.compile(r"\((.*) (?:was|were) unexpected\)")


class Refused(Exception):
    """The text cannot become a document: each (line, message) says why."""

    def __init__(self, lines: list[tuple[int, str]]) -> None:
        super().__init__(lines)
        self.lines = lines


class _Loader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing aliases (a few lines can expand to gigabytes) and deep nesting."""

    depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise Refused([(event.start_mark.line + 1, f"*{event.anchor}: aliases are not allowed: write the value out again")])
        self.depth += 1
        try:
            if self.depth > DEEPEST:
                raise Refused([(event.start_mark.line + 1, f"nested more than {DEEPEST} levels deep")])
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def compose(text: str) -> tuple[yaml.Node | None, Any]:
    """The text's node tree (each node with its line) and the loader that made it: libyaml's where
    PyYAML has it (some twenty times faster), its events read first for aliases and depth; else, or
    for text that is not YAML (whose mistake PyYAML's own reader words best), ``_Loader``."""
    if yaml.__with_libyaml__:
        try:
            return _compose_fast(text)
        except yaml.YAMLError:
            pass
    loader = _Loader(text)
    try:
        return loader.get_single_node(), loader
    finally:
        loader.dispose()


def _compose_fast(text: str) -> tuple[yaml.Node | None, Any]:
    depth = 0
    for event in yaml.parse(text, Loader=yaml.CSafeLoader):
        if isinstance(event, yaml.AliasEvent):
            raise Refused([(event.start_mark.line + 1, f"*{event.anchor}: aliases are not allowed: write the value out again")])
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > DEEPEST:
                raise Refused([(event.start_mark.line + 1, f"nested more than {DEEPEST} levels deep")])
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1
    loader = yaml.CSafeLoader(text)
    try:
        return loader.get_single_node(), loader
    finally:
        loader.dispose()


def from_yaml(text: str) -> tuple[Any, Locate]:
    try:
        root, loader = compose(text)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        said = f"{error.context}, {error.problem}" if (error.problem or "").startswith("but") else error.problem or error.context
        raise Refused([(mark.line + 1 if mark else 1, f"not valid YAML: {said}")]) from None
    except yaml.reader.ReaderError as error:
        line = text.count("\n", 0, error.position) + 1
        raise Refused([(line, f"not valid YAML: character #x{error.character:04x}: {error.reason}")]) from None
    except (yaml.YAMLError, RecursionError) as error:
        raise Refused([(1, f"not valid YAML: {error}")]) from None
    if root is None:
        raise Refused([(1, "the kit is empty: it needs at least kit, name, title and seats")])
    mistakes: list[tuple[int, str]] = []
    document = node_value(root, (), loader, mistakes)
    if mistakes:
        raise Refused(mistakes)
    return document, lambda problem: node_line(root, problem)


def node_value(node: yaml.Node, path: tuple[Any, ...], loader: Any, mistakes: list[tuple[int, str]]) -> Any:
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
                out[key.value] = node_value(value, (*path, key.value), loader, mistakes)
        return out
    if isinstance(node, yaml.SequenceNode) and tag == "seq":
        return [node_value(item, (*path, index), loader, mistakes) for index, item in enumerate(node.value)]
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
        return integral(value)
    if tag == "timestamp":
        mistakes.append((line, f"{where}: {node.value} reads as a date: put it in quotes to mean the text"))
    else:
        mistakes.append((line, f"{where}: a {tag} value is not allowed: use text, numbers, true/false, lists and mappings"))
    return None


def integral(value: Any) -> Any:
    """A whole float (``3.0``) as its int: the schema's integers take it, and the kit counts with it."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def node_line(root: yaml.Node, problem: Problem) -> int:
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
    unknown = unexpected(problem.message)
    if isinstance(node, yaml.MappingNode) and unknown:
        line = next((key.start_mark.line + 1 for key, _ in node.value if key.value in unknown), line)
    return line


def unexpected(message: str) -> list[str]:
    """The unknown fields an "unknown field ('x' was unexpected)" message names."""
    found = _UNEXPECTED.search(message)
    return re.findall(r"'([^']*)'", found.group(1)) if found else []
