"""Reading a kit's text: a good kit becomes its document; every mistake is one line
``source:line: field: message``, its line where the field starts in the text; whatever the text,
``read_kit`` answers and never raises."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.engine.errors import InvalidSetup
from domain.games.table_kit.reading.kit import Kit
from domain.games.table_kit.rules import shipped_kit
from domain.games.table_kit.reading.loading import LARGEST, read_kit

TINY = """\
kit: 1
name: tiny
title: Tiny
seats:
  fewest: 2
  most: 3
spaces:
  - name: board
    kind: grid
    columns: 3
    rows: 3
    links:
      - {from: a1, to: c3}
pieces:
  - kind: pawn
    owner: each
    at: a1
zones:
  - name: draw
    shows: face-down
decks:
  - name: deck
    pile: draw
    cards:
      - name: Gold
        count: 2
        text: "+1 money"
      - {name: Thief}
hands: {deal: 1, from: draw}
dice:
  - name: d6
    faces: [1, 2, 3, 4, 5, 6]
counters:
  - name: money
    start: 0
    min: 0
    max: 20
"""
"""A good kit: a 3x3 grid, a pawn a seat, a face-down pile of 3 cards, hands of 1, a d6, money a seat."""

LINE = re.compile(r"^[^:]+:\d+: ")


def tiny(**lines: str) -> str:
    """TINY with some lines replaced (``l5="..."``); "#" blanks a line and keeps the numbering."""
    text = TINY.splitlines()
    for name, line in lines.items():
        text[int(name[1:]) - 1] = line
    return "\n".join(text) + "\n"


SKIPPED = re.compile(r"^[^:]+:1: the kit: not (checked|run) until ")
"""The last line of a kit whose mistakes keep a stage of the checks from running: which, and why."""


def mistakes(text: str, source: str = "tiny.yaml") -> list[str]:
    """The lines of the kit's mistakes, without the line naming the stages they kept from running."""
    document, lines = read_kit(text, source)
    assert document is None and lines
    return [line for line in lines if not SKIPPED.match(line)]


def test_a_good_kit_reads_as_its_document_and_builds():
    document, lines = read_kit(TINY, "tiny.yaml")
    assert lines == []
    assert document == yaml.safe_load(TINY)
    kit = Kit.of(document)
    assert len(kit.spaces) == 9 and len(kit.pieces(3)) == 3 and len(kit.counters(3)) == 3


@pytest.mark.parametrize(("lines", "expected"), [
    ({"l1": "#"}, "tiny.yaml:2: the kit: 'kit' is missing"),
    ({"l2": "#"}, "tiny.yaml:1: the kit: 'name' is missing"),
    ({"l3": "#"}, "tiny.yaml:1: the kit: 'title' is missing"),
    ({"l4": "#", "l5": "#", "l6": "#"}, "tiny.yaml:1: the kit: 'seats' is missing"),
    ({"l5": "#"}, "tiny.yaml:4: seats: 'fewest' is missing"),
    ({"l6": "#"}, "tiny.yaml:4: seats: 'most' is missing"),
    ({"l8": "  -"}, "tiny.yaml:9: spaces.0: 'name' is missing"),
    ({"l9": "#"}, "tiny.yaml:8: spaces.0: 'kind' is missing"),
    ({"l10": "#"}, "tiny.yaml:8: spaces.0: 'columns' is missing"),
    ({"l11": "#"}, "tiny.yaml:8: spaces.0: 'rows' is missing"),
    ({"l9": "    kind: graph", "l10": "#", "l11": "#"}, "tiny.yaml:8: spaces.0: 'neighbours' is missing"),
    ({"l13": "      - {to: c3}"}, "tiny.yaml:13: spaces.0.links.0: 'from' is missing"),
    ({"l13": "      - {from: a1}"}, "tiny.yaml:13: spaces.0.links.0: 'to' is missing"),
    ({"l15": "  -"}, "tiny.yaml:16: pieces.0: 'kind' is missing"),
    ({"l19": "  -"}, "tiny.yaml:20: zones.0: 'name' is missing"),
    ({"l22": "  -"}, "tiny.yaml:23: decks.0: 'name' is missing"),
    ({"l23": "#"}, "tiny.yaml:22: decks.0: 'pile' is missing"),
    ({f"l{n}": "#" for n in range(24, 29)}, "tiny.yaml:22: decks.0: 'cards' is missing"),
    ({"l25": "      -"}, "tiny.yaml:26: decks.0.cards.0: 'name' is missing"),
    ({"l31": "  -"}, "tiny.yaml:32: dice.0: 'name' is missing"),
    ({"l32": "#"}, "tiny.yaml:31: dice.0: 'faces' is missing"),
    ({"l34": "  -"}, "tiny.yaml:35: counters.0: 'name' is missing"),
])
def test_a_missing_required_field_is_one_line_naming_it_where_its_mapping_starts(lines, expected):
    assert mistakes(tiny(**lines)) == [expected]


@pytest.mark.parametrize(("lines", "expected"), [
    ({"l3": "title: 5"}, "tiny.yaml:3: title: 5 is not of type 'string'"),
    ({"l5": "  fewest: two"}, "tiny.yaml:5: seats.fewest: 'two' is not of type 'integer'"),
    ({"l32": "    faces: 3"}, "tiny.yaml:32: dice.0.faces: 3 is not of type 'array'"),
    ({"l35": "    start: [x]"}, "tiny.yaml:35: counters.0.start: ['x'] is not of type 'integer'"),
    ({"l10": "    columns: 27"}, "tiny.yaml:10: spaces.0.columns: 27 is greater than the maximum of 26"),
])
def test_a_field_of_the_wrong_type_is_one_line_naming_it(lines, expected):
    assert mistakes(tiny(**lines)) == [expected]


@pytest.mark.parametrize(("lines", "expected"), [
    ({"l16": "    colour: red"}, "tiny.yaml:16: pieces.0: unknown field ('colour' was unexpected)"),
    ({"l1": "kit: 1\nauthor: me"}, "tiny.yaml:2: the kit: unknown field ('author' was unexpected)"),
])
def test_an_unknown_field_is_one_line_at_the_unknown_key(lines, expected):
    assert mistakes(tiny(**lines)) == [expected]


@pytest.mark.parametrize(("lines", "expected"), [
    ({"l23": "    pile: discard"}, "tiny.yaml:23: decks.0.pile: no zone named 'discard'"),
    ({"l17": "    at: x9"}, "tiny.yaml:17: pieces.0.at: no space named 'x9'"),
    ({"l35": "    start: 30"}, "tiny.yaml:35: counters.0.start: 30 is outside the range 0..20"),
    ({"l29": "hands: {deal: 2, from: draw}"}, "tiny.yaml:29: hands.deal: 2 cards for each of 3 seats, but 'draw' holds 3"),
    ({"l13": "      - {from: a1, to: z9}"}, "tiny.yaml:13: spaces.0.links.0.to: no space named 'z9'"),
])
def test_a_name_that_points_nowhere_or_a_number_out_of_range_is_refused_at_its_field(lines, expected):
    assert expected in mistakes(tiny(**lines))


def test_every_mistake_in_a_kit_is_its_own_line_in_the_order_of_the_text():
    lines = mistakes(tiny(l3="title: 5", l16="    colour: red", l35="    start: [x]"))
    assert [line.split(": ")[0] for line in lines] == ["tiny.yaml:3", "tiny.yaml:16", "tiny.yaml:35"]


@pytest.mark.parametrize(("text", "expected"), [
    ("kit: 1\nname: a: b\n", "tiny.yaml:2: not valid YAML: mapping values are not allowed here"),
    ("kit: 1\ntitle: [a, b\n", "tiny.yaml:3: not valid YAML: expected ',' or ']', but got '<stream end>'"),
    ("kit: 1\n\tname: x\n", "tiny.yaml:2: not valid YAML: found character '\\t' that cannot start any token"),
    ("kit: 1\ntitle: a\x00b\n", "tiny.yaml:2: not valid YAML: character #x0000: special characters are not allowed"),
    ("kit: 1\n---\nkit: 2\n", "tiny.yaml:2: not valid YAML: expected a single document in the stream, but found another document"),
    ("", "tiny.yaml:1: the kit is empty: it needs at least kit, name, title and seats"),
    ("# only a comment\n\n", "tiny.yaml:1: the kit is empty: it needs at least kit, name, title and seats"),
    ("\n- kit\n- name\n", "tiny.yaml:2: the kit must be a mapping of fields (kit, name, title, seats, ...), not a list"),
    ("just words\n", "tiny.yaml:1: the kit must be a mapping of fields (kit, name, title, seats, ...), not a text"),
    ("kit: 1\nname: &n tiny\ntitle: *n\n", "tiny.yaml:3: *n: aliases are not allowed: write the value out again"),
    ("kit: 1\nkit: 1\n", "tiny.yaml:2: the kit: key 'kit' is given twice"),
    ("kit: 1\nseats: {most: 2, most: 3}\n", "tiny.yaml:2: seats: key 'most' is given twice"),
    ("kit: 1\n3: x\n", "tiny.yaml:2: the kit: the key 3 is not text: put it in quotes"),
    ("kit: 1\n? [a, b]\n: x\n", "tiny.yaml:2: the kit: the key a list or mapping is not text: put it in quotes"),
    ("kit: 1\n<<: {name: x}\n", "tiny.yaml:2: the kit: merge keys (<<) are not allowed"),
    ("kit: 1\ntitle: 2024-05-01\n", "tiny.yaml:2: title: 2024-05-01 reads as a date: put it in quotes to mean the text"),
    ("kit: 1\nseats: {most: .inf}\n", "tiny.yaml:2: seats.most: .inf is not a finite number"),
    ("kit: 1\nseats: {most: .nan}\n", "tiny.yaml:2: seats.most: .nan is not a finite number"),
    ("kit: 1\ntitle: !!binary aGk=\n", "tiny.yaml:2: title: a binary value is not allowed: use text, numbers, true/false, lists and mappings"),
    ("kit: 1\ntitle: !mine x\n", "tiny.yaml:2: title: a !mine value is not allowed: use text, numbers, true/false, lists and mappings"),
    ("kit: 1\nseats: " + "[" * 70 + "]" * 70 + "\n", "tiny.yaml:2: nested more than 64 levels deep"),
])
def test_text_that_is_no_kit_document_is_one_line_saying_why(text, expected):
    assert mistakes(text) == [expected]


def test_an_int_too_long_to_convert_is_refused():
    assert mistakes("kit: 1\nseats: {most: " + "9" * 5000 + "}\n") == ["tiny.yaml:2: seats.most: the number 99999999999999999999... is too long"]


def test_an_alias_bomb_is_refused_at_its_first_alias_without_expanding_it():
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + n)}: &{chr(98 + n)} [{', '.join([f'*{chr(97 + n)}'] * 9)}]\n" for n in range(9))
    assert mistakes(bomb) == ["tiny.yaml:2: *a: aliases are not allowed: write the value out again"]


def test_a_text_of_more_than_a_megabyte_is_refused_unread():
    assert mistakes("kit: 1\nrules: " + "x" * LARGEST + "\n") == [f"tiny.yaml:1: the kit is larger than {LARGEST:,} bytes: a kit is a few kilobytes"]


def test_ints_stay_ints_a_whole_float_becomes_its_int_and_others_are_left_for_the_schema():
    document, _ = read_kit(tiny(l6="  most: 3.0", l29="hands: {deal: 1.0, from: draw}"))
    assert document is not None and type(document["seats"]["most"]) is int and type(document["hands"]["deal"]) is int
    assert Kit.of(document).most == 3
    assert mistakes(tiny(l6="  most: 2.5")) == ["tiny.yaml:6: seats.most: 2.5 is not of type 'integer'"]
    document, _ = read_kit(json.dumps({**GOOD, "seats": {"fewest": 2.0, "most": 3}}), "tiny.json")
    assert document is not None and type(document["seats"]["fewest"]) is int


def test_the_format_is_guessed_from_the_suffix_and_yaml_otherwise():
    as_json = json.dumps(yaml.safe_load(TINY), indent=2)
    assert read_kit(as_json, "tiny.json")[1] == []
    assert read_kit(as_json, "tiny.kit")[1] == []  # JSON is YAML
    assert mistakes("kit = 1\n", "tiny.kit") == ["tiny.kit:1: the kit must be a mapping of fields (kit, name, title, seats, ...), not a text"]
    assert read_kit("kit = 1\n", "tiny.kit", format="toml")[1][0].startswith("tiny.kit:1: the kit: 'name' is missing")
    with pytest.raises(ValueError, match="unknown kit format 'xml'"):
        read_kit(TINY, format="xml")


def test_json_mistakes_have_their_lines():
    document: Any = yaml.safe_load(TINY)
    document["pieces"][0]["at"] = "x9"
    text = json.dumps(document, indent=2)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if '"x9"' in row)
    assert mistakes(text, "tiny.json") == [f"tiny.json:{line}: pieces.0.at: no space named 'x9'"]
    assert mistakes('{"kit": 1,\n "kit": 1}', "tiny.json")[0] == "tiny.json:1: the kit: key 'kit' is given twice"
    assert mistakes('{"kit": 1,\n "title": NaN}', "tiny.json") == ["tiny.json:2: title: nan is not a finite number"]
    assert mistakes('{"kit": 1,\n "title": }', "tiny.json") == ["tiny.json:2: not valid JSON: Expecting value"]


TOML = """\
kit = 1
name = "tiny"
title = "Tiny"
seats = { fewest = 2, most = 3 }

[[spaces]]
name = "board"
kind = "grid"
columns = 3
rows = 3

[[pieces]]
kind = "pawn"
at = "a1"

[[pieces]]
kind = "rook"
owner = "none"
at = "b2"

[[counters]]
name = "money"
start = 0
"""


def test_a_toml_kit_reads_and_its_mistakes_are_found_by_their_keys():
    assert read_kit(TOML, "tiny.toml")[1] == []
    assert mistakes(TOML.replace('at = "b2"', 'at = "x9"'), "tiny.toml") == ["tiny.toml:19: pieces.1.at: no space named 'x9'"]
    assert mistakes(TOML.replace("columns = 3", "columns = 3\ncolour = 1"), "tiny.toml") == ["tiny.toml:10: spaces.0: unknown field ('colour' was unexpected)"]
    assert mistakes(TOML.replace("start = 0", "start = nan"), "tiny.toml") == ["tiny.toml:23: counters.0.start: nan is not a finite number"]
    assert mistakes(TOML.replace('title = "Tiny"', "title = 1979-05-27"), "tiny.toml") == [
        "tiny.toml:3: title: 1979-05-27 reads as a date or time: put it in quotes to mean the text"]
    assert mistakes(TOML.replace('kind = "rook"', 'kind = rook'), "tiny.toml") == ["tiny.toml:17: not valid TOML: Invalid value"]
    assert mistakes(TOML.replace('name = "tiny"\n', ""), "tiny.toml") == ["tiny.toml:1: the kit: 'name' is missing"]


# Fuzzing: whatever the text, an answer and never an exception.

def answers_well(text: str, source: str = "fuzz.yaml") -> None:
    document, lines = read_kit(text, source)
    if document is None:
        assert lines and all(LINE.match(line) for line in lines), lines
    else:
        assert lines == []
        kit = Kit.of(document)
        kit.pieces(kit.most), kit.zones(kit.most), kit.counters(kit.most)


@pytest.mark.parametrize("source", ["fuzz.yaml", "fuzz.toml", "fuzz.json"])
@settings(max_examples=150, deadline=None)
@given(text=st.text())
def test_any_text_is_answered_with_lines_never_an_exception(source, text):
    answers_well(text, source)


@settings(max_examples=150, deadline=None)
@given(text=st.text(alphabet="kit:name -[]{}&*!|>'\"#\n\t,?1.", max_size=60))
def test_any_text_of_yaml_punctuation_is_answered(text):
    answers_well(text)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(value=JSON_VALUES)
def test_any_json_value_as_yaml_is_answered(value):
    answers_well(yaml.safe_dump(value))
    answers_well(json.dumps(value), "fuzz.json")


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``value``."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
    return [prefix] + [path for key, item in items for path in paths(item, (*prefix, key))]


GOOD = yaml.safe_load(TINY)
DELETE = object()
PLAUSIBLE = st.integers(-1, 9) | st.booleans() | st.sampled_from(
    ["a1", "c3", "x9", "draw", "deck", "hand", "each", "none", "random", "grid", "track", "loop", "zone", "graph",
     "face-up", "face-down", "holder", "Gold", "money", "d6"]) | st.builds(
    dict, st.lists(st.tuples(st.sampled_from(["name", "kind", "count", "names", "at", "from", "to", "each", "shows",
                                              "pile", "cards", "neighbours", "faces", "min", "max", "start", "deal"]),
                             st.integers(0, 4) | st.sampled_from(["a1", "draw", "graph", "track"]) | st.lists(st.sampled_from(["1", 2, "a1"]))),
                   max_size=4))
"""Values a kit's fields take, to get past the schema to the names and ranges more often than any JSON does."""


@settings(max_examples=200, deadline=None)
@given(mutations=st.lists(st.tuples(st.sampled_from(paths(GOOD)[1:]), st.just(DELETE) | PLAUSIBLE | JSON_VALUES), min_size=1, max_size=3))
def test_a_good_kit_with_a_field_deleted_or_replaced_is_answered(mutations):
    document = json.loads(json.dumps(GOOD))
    for path, value in mutations:
        parent = document
        for part in path[:-1]:
            if not isinstance(parent, (dict, list)) or (isinstance(parent, dict) and part not in parent) or (
                    isinstance(parent, list) and not (isinstance(part, int) and part < len(parent))):
                break
            parent = parent[part]
        else:
            last = path[-1]
            if isinstance(parent, dict) or (isinstance(parent, list) and isinstance(last, int) and last < len(parent)):
                if value is DELETE:
                    if isinstance(parent, dict):
                        parent.pop(last, None)
                    else:
                        del parent[last]
                else:
                    parent[last] = value
    answers_well(yaml.safe_dump(document))


def test_thousands_of_mistakes_are_told_in_a_hundred_lines_the_last_counting_the_rest():
    lines = read_kit(tiny(l17="    at: a1" + "\n  - {}" * 3000), "tiny.yaml")[1]
    assert len(lines) == 100  # the stages skipped counted among them
    assert lines[:2] == ["tiny.yaml:18: pieces.1: 'kind' is missing", "tiny.yaml:19: pieces.2: 'kind' is missing"]
    assert lines[-2:] == ["tiny.yaml:116: and 2,902 more mistakes",
                          "tiny.yaml:1: the kit: not checked until it fits the schema: names and ranges"]


def test_a_message_quoting_a_long_value_is_cut_to_a_readable_line():
    [line] = mistakes(tiny(l3="title: [" + "1, " * 500 + "1]"))
    assert line.startswith("tiny.yaml:3: title: [1, 1, 1,") and line.endswith("1, 1, 1] is not of type 'string'")
    assert " ... " in line and len(line) < 220


def test_a_missing_field_is_told_beside_a_mistake_in_another():
    document, lines = read_kit("kit: 1\nname: Bad Name\nseats: {fewest: 2}\n", "k.yaml")
    assert document is None
    assert lines == ["k.yaml:1: the kit: 'title' is missing",
                     "k.yaml:2: name: 'Bad Name' is not a kit name: 2 to 40 lowercase letters, digits and dashes, a letter first",
                     "k.yaml:3: seats: 'most' is missing",
                     "k.yaml:1: the kit: not checked until it fits the schema: names and ranges"]


def test_a_track_names_its_spaces_by_a_count_or_by_names_not_both():
    text = "kit: 1\nname: ab\ntitle: T\nseats: {fewest: 1, most: 2}\nspaces:\n  - {name: t, kind: track}\n  - {name: u, kind: track, count: 3, names: [a, b]}\n"
    assert read_kit(text, "k.yaml")[1] == ["k.yaml:6: spaces.0: 'count' or 'names' is missing",
                                           "k.yaml:7: spaces.1: give 'count' or 'names', not both",
                                           "k.yaml:1: the kit: not checked until it fits the schema: names and ranges"]


def test_yes_no_on_and_off_are_words_not_true_and_false():
    text = "kit: 1\nname: ab\ntitle: T\nseats: {fewest: 1, most: 2}\nspaces: [{name: b, kind: grid, columns: 2, rows: 2}]\npieces: [{kind: p, at: off}, {kind: q, at: yes}]\n"
    assert read_kit(text, "k.yaml")[1] == ["k.yaml:6: pieces.1.at: no space named 'yes'"]


def test_a_long_message_is_cut_between_words_saying_how_many_were_left_out():
    from domain.games.table_kit.vocabulary.kit_mistakes import LONGEST, shortened

    words = " ".join(f"word{n}" for n in range(100))
    cut = shortened(words)
    assert len(cut) <= LONGEST + 30 and re.fullmatch(r"(word\d+ )+\.\.\. \(\d+ more words\) \.\.\. (word\d+ ?)+", cut), cut
    kept = re.findall(r"word\d+", cut)
    assert set(kept) <= set(words.split())  # every word kept whole
    assert len(kept) + int(re.search(r"\((\d+) more words\)", cut).group(1)) == 100
    names = "no zone named 'pil'; the kit's zones: " + ", ".join(f"pile{n}" for n in range(60))
    cut = shortened(names)
    assert re.fullmatch(r"no zone named 'pil'; the kit's zones: (pile\d+, )*pile\d+ \.\.\. \(\d+ more\) \.\.\. (pile\d+, )*pile59", cut), cut
    assert len(re.findall(r"pile\d+", cut)) + int(re.search(r"\((\d+) more\)", cut).group(1)) == 60
    assert shortened("short enough") == "short enough"


def test_a_long_message_is_told_cut_between_list_items():
    [line] = mistakes(tiny(l3="title: [" + ", ".join(["1234567"] * 80) + "]"))
    assert line.startswith("tiny.yaml:3: title: [1234567, ") and line.endswith("1234567] is not of type 'string'")
    assert re.search(r"1234567 \.\.\. \(\d+ more\) \.\.\. 1234567,", line) and "123456 " not in line, line


@pytest.mark.parametrize(("lines", "expected"), [
    ({"l16": "    ownr: each"}, "tiny.yaml:16: pieces.0: unknown field ('ownr' was unexpected) (did you mean \"owner\"?)"),
    ({"l20": "    shows: face-dwn"}, "tiny.yaml:20: zones.0.shows: 'face-dwn' is not one of ['face-up', 'face-down', 'holder'] "
                                     "(did you mean \"face-down\"?)"),
    ({"l23": "    pile: drew", "l29": "hands: {deal: 1, from: drew}"}, "tiny.yaml:23: decks.0.pile: no zone named 'drew' (did you mean \"draw\"?)"),
    ({"l29": "hands: {deal: 1, from: drwa}"}, "tiny.yaml:29: hands.from: no deck starts in a zone named 'drwa' (did you mean \"draw\"?)"),
    ({"l13": "      - {from: a1, to: c33}"}, "tiny.yaml:13: spaces.0.links.0.to: no space named 'c33' (did you mean \"c3\"?)"),
])
def test_a_misspelt_name_gets_did_you_mean(lines, expected):
    assert mistakes(tiny(**lines)) == [expected]  # a field, a choice of the schema, a zone, a deck's pile, a space


def test_a_misspelt_name_in_the_rules_gets_did_you_mean():
    rules = (TINY.replace("kit: 1", "kit: 2") + "play:\n  phases: [draw, spend]\n  define: {gain: [{add: money, value: 1}]}\n"
             "  actions:\n    - name: go\n      phase: sepnd\n      effects:\n        - {do: gian}\n        - {draw: drw}\n"
             "        - {roll: d66}\n        - {place: {kind: pwan, to: '\"a1\"'}}\n        - {pass: next}\n"
             "      when: monye[seat] < 3 && sizee(hand(seat)) < 9\n")
    told = [re.sub(r"^tiny\.yaml:\d+: ", "", line) for line in read_kit(rules, "tiny.yaml")[1]]
    assert told == [
        "play.actions.0.phase: no phase named 'sepnd' (did you mean \"spend\"?); the kit's phases: draw, spend",
        "play.actions.0.effects.0.do: no steps named 'gian' in play.define (did you mean \"gain\"?); the named steps: gain",
        "play.actions.0.effects.1.draw: no zone named 'drw' (did you mean \"draw\"?); the kit's zones: draw",
        "play.actions.0.effects.2.roll: no die named 'd66' (did you mean \"d6\"?)",
        "play.actions.0.effects.3.place.kind: no piece of kind 'pwan' (did you mean \"pawn\"?); the kit's pieces: pawn",
        "play.actions.0.when: 'monye[seat] < 3 && sizee(hand(seat)) < 9' reads 'monye', which this kit does not name here "
        "(did you mean \"money\"?)"]


def test_a_control_character_is_told_beside_the_schemas_mistakes():
    assert mistakes(tiny(l3='title: "Ti\\u001bny"', l6="  most: three")) == [
        "tiny.yaml:3: title: holds the control character U+001B; kit texts are plain text",
        "tiny.yaml:6: seats.most: 'three' is not of type 'integer'"]


def test_a_document_changed_in_place_to_an_equal_value_of_another_type_is_read_again():
    document = copy.deepcopy(shipped_kit("pig"))
    document["seats"]["fewest"] = 1
    assert Kit.of(document).fewest == 1
    document["seats"]["fewest"] = True  # equal to 1 for Python, not an integer for the kit
    with pytest.raises(InvalidSetup, match="seats.fewest"):
        Kit.of(document)
    document["seats"]["fewest"] = 1
    assert Kit.of(document).fewest == 1
