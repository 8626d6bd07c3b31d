"""The guide's keyword reference (``reference/kit-keywords.md``) against the kit format's schema
(``kit.schema.json``): its ``###`` headings, `` `at` `` or `` `at` (pieces) `` where a keyword lives in several
places, name exactly the schema's property names at every depth; each entry says where its keyword goes
(``**Where:** `pieces[].at` ``) and uses it as a mapping key in a YAML example; each whole kit shown passes
``ludolog kit check``'s checks and plays to an end; each example quoted ``From`` a kit is still in that kit."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
import yaml
from markdown_it import MarkdownIt

from domain.games.table_kit.kit_types import type_problems
from domain.games.table_kit.vocabulary.layout import SCHEMA
from domain.games.table_kit.reading.loading import read_kit
from domain.thinking.kit_trial import trial
from tests.documentation import ROOT, page

PAGE = "reference/kit-keywords.md"
KITS = ROOT / "domain" / "games" / "table_kit" / "kits"
HEADING = re.compile(r"`([A-Za-z_]+)`(?: \(([^()]+)\))?")  # the keyword, then which place of several
WHERE = re.compile(r"\*\*Where:\*\* `([^`]+)`")
QUOTED = re.compile(r"From (?:\[[^\]]+\]\(kits/([a-z0-9-]+)\.md\)|\*([^*]+)\*, the kit made for this page)")
"""What a paragraph says before an example quoted from a shipped kit, or from a whole kit on the page (its title)."""


@dataclass
class Block:
    language: str
    text: str
    intro: str  # the paragraph right before the block


@dataclass
class Entry:
    heading: str
    prose: list[str] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)

    @property
    def keyword(self) -> str:
        found = HEADING.fullmatch(self.heading)
        return found.group(1) if found else ""


def read_page() -> tuple[list[Entry], list[Block]]:
    """The page's ``###`` entries, each with its paragraphs and fenced blocks, and every fenced block of the page."""
    tokens = MarkdownIt("commonmark").parse(page(PAGE))
    entries: list[Entry] = []
    blocks: list[Block] = []
    current: Entry | None = None
    for index, token in enumerate(tokens):
        if token.type == "heading_open":
            current = Entry(tokens[index + 1].content) if token.tag == "h3" else None
            entries += [current] if current else []
        elif token.type == "inline" and tokens[index - 1].type == "paragraph_open" and current:
            current.prose.append(token.content)
        elif token.type == "fence":
            intro = tokens[index - 2].content if tokens[index - 1].type == "paragraph_close" else ""
            blocks.append(Block(token.info.strip(), token.content, intro))
            if current:
                current.blocks.append(blocks[-1])
    return entries, blocks


ENTRIES, BLOCKS = read_page()


def schema_keywords(node: Any) -> set[str]:
    """Every property name of a schema, at any depth."""
    if isinstance(node, list):
        return set().union(*map(schema_keywords, node))
    if not isinstance(node, dict):
        return set()
    named = set(node["properties"]) if isinstance(node.get("properties"), dict) else set()
    return named.union(*map(schema_keywords, node.values()))


def keys(value: Any) -> set[str]:
    """Every mapping key of a YAML document, at any depth."""
    if isinstance(value, dict):
        return {str(key) for key in value}.union(*map(keys, value.values()))
    return set().union(*map(keys, value)) if isinstance(value, list) else set()


def whole_kits() -> list[str]:
    """The examples that are whole kits: mappings holding every key a kit requires."""
    return [block.text for block in BLOCKS if isinstance(document := yaml.safe_load(block.text), dict)
            and set(SCHEMA["required"]) <= set(document)]


def checked(text: str) -> list[str]:
    """What ``ludolog kit check`` finds wrong in a kit's text: the mistakes it reads (``loading.read_kit``, with the
    type checks of the rules), else, for a kit with rules, two of its random games that fail, do not end or tell
    a secret (a clock that never moves: only the command cap stops a game). Empty for a kit that plays."""
    document, mistakes = read_kit(text, "example.yaml", more=lambda found: type_problems(found) if "play" in found else [])
    if document is None or "play" not in document:
        return mistakes
    found = trial(document, 2, clock=lambda: 0.0)
    return [what for _, _, what in found.failed + found.stuck + found.telling] + ([] if found.ended == 2 else ["a game did not end"])


def test_the_headings_name_exactly_the_keywords_of_the_schema():
    assert page(PAGE).startswith("# The kit language: every keyword\n") and "kit.schema.json" in page(PAGE).split("\n\n")[1]
    assert [entry.heading for entry in ENTRIES if not entry.keyword] == []
    named = {entry.keyword for entry in ENTRIES}
    wanted = schema_keywords(SCHEMA)
    assert sorted(wanted - named) == [], "keywords of kit.schema.json the page has no entry for"
    assert sorted(named - wanted) == [], "entries for keywords kit.schema.json does not have"
    assert len(wanted) > 90  # the walk found the nested keywords, not only the top level's


def test_each_heading_is_unique_and_a_keyword_in_several_places_says_which():
    assert [heading for heading, count in Counter(entry.heading for entry in ENTRIES).items() if count > 1] == []
    counts = Counter(entry.keyword for entry in ENTRIES)
    assert [entry.heading for entry in ENTRIES if counts[entry.keyword] > 1 and "(" not in entry.heading] == []


def test_every_example_on_the_page_is_yaml():
    assert {block.language for block in BLOCKS} == {"yaml"}  # a guide page's shell blocks are run by another test


@pytest.mark.parametrize("entry", ENTRIES, ids=[entry.heading for entry in ENTRIES])
def test_each_entry_says_where_its_keyword_goes_and_shows_it_in_a_yaml_example(entry: Entry):
    paths = [path for text in entry.prose for path in WHERE.findall(text)]
    assert len(paths) == 1, f"{entry.heading}: one **Where:** line, with the keyword's path"
    assert re.split(r"[.\[\]]+", paths[0].strip(".[]"))[-1] == entry.keyword, f"{entry.heading}: the path is {paths[0]}"
    examples = [yaml.safe_load(block.text) for block in entry.blocks if block.language == "yaml"]
    assert any(entry.keyword in keys(example) for example in examples), f"no example of {entry.heading} uses it as a key"


def test_every_whole_kit_shown_passes_the_kit_checks_and_plays_to_an_end():
    kits = whole_kits()
    assert len(kits) >= 4  # tic-tac-toe, a loop, a graph, and the card game made for the page
    found = {yaml.safe_load(text)["name"]: checked(text) for text in kits}
    assert {name: mistakes for name, mistakes in found.items() if mistakes} == {}
    broken = kits[0].replace("seats: {fewest: 2, most: 2}", "seats: {fewest: 2, most: 9}")
    assert broken != kits[0] and checked(broken) != []  # the checks do refuse a kit with a mistake


def quoted_lines(found: re.Match[str]) -> set[str]:
    """The lines, stripped, of the kit an example is quoted from: a shipped kit's file, or a whole kit on the page."""
    if found.group(1):
        kit = KITS / f"{found.group(1)}.yaml"
        assert kit.is_file(), f"no shipped kit {kit.name}"
        text = kit.read_text(encoding="utf-8")
    else:
        (text,) = [kit for kit in whole_kits() if yaml.safe_load(kit)["title"] == found.group(2)]
    return {line.strip() for line in text.splitlines()}


def test_every_example_quoted_from_a_kit_is_still_in_it():
    quoted = [(found, block.text) for block in BLOCKS if (found := QUOTED.match(block.intro))]
    assert len(quoted) > 120 and any(found.group(2) for found, _ in quoted)
    for found, text in quoted:
        lines = quoted_lines(found)
        assert [line for line in text.splitlines() if line.strip() and line.strip() not in lines] == [], found.group(0)
