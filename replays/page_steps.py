"""A replay page's steps, stored small: what the page needs to draw any step when it is shown.

One forward pass of a ``Cursor`` reads each step as the viewer saw it: its sentence, its turn, the
ruleset's ``picture`` of the view and its ``render`` (the board as text). Nothing is drawn here: the
page's script draws a step's picture (``replays.page_drawing``, the port of ``replays.drawing``) when
the step is shown. Most of a board stays the same from one step to the next, so

- each distinct picture item (its JSON) and each distinct line of the board as text is stored once, in
  ``items`` and ``lines``, and a step's picture and board are lists of their numbers (tokens);
- a step stores only how its lists differ from the step before's, as splices ``[start, removed,
  token...]`` applied in order; every ``every``-th step (1, 1 + every, ...) is a key step whose splices
  start from an empty list, so the page rebuilds any step from at most ``every`` of them;
- a picture's size and seat colours (``frames``) are stored once each, and each step names its own.

An item equal to the one with its id the step before keeps its token, so the page finds what an event
changed (``changed`` of ``domain.engine.picture``) by comparing tokens. ``expand`` rebuilds every step
from the stored form, in Python, for the tests and any reader of the page's data.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from itertools import compress, count, islice
from operator import ne
from typing import Any

from domain.engine.picture import changed
from replays.cursor import Cursor

EVERY = 64
"""A key step every this many steps: showing a step applies at most this many steps' splices."""


_json = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode


class _Table:
    """Distinct values, each numbered once in the order first met, found by their ``key`` (an item's
    ``repr``, quicker than its JSON; a line itself) and kept as ``text`` makes them (``texts``)."""

    def __init__(self, key: Callable[[Any], str] = str, text: Callable[[Any], str] = str) -> None:
        self.numbers: dict[str, int] = {}
        self.texts: list[str] = []
        self.key, self.text = key, text

    def number(self, value: Any) -> int:
        key = self.key(value)
        found = self.numbers.get(key)
        if found is None:
            found = self.numbers[key] = len(self.texts)
            self.texts.append(self.text(value))
        return found


def splices(values: Sequence[Any], before: Sequence[Any], before_tokens: list[int],
            token: Callable[[Any, int | None], int]) -> tuple[list[int], list[list[int]]]:
    """The tokens of ``values`` and the splices that turn ``before_tokens`` into them: values equal to the
    one at their place before keep its token (compared in C: most of a board stays); ``token(value,
    place_before)`` numbers the others. Same lengths: one splice a changed place; else the common
    beginning and end are kept and what lies between them is one splice."""
    if len(values) == len(before):
        differ = list(compress(count(), map(ne, values, before)))
        if not differ:
            return before_tokens, []
        tokens = before_tokens.copy()
        for place in differ:
            tokens[place] = token(values[place], place)
        return tokens, [[place, 1, tokens[place]] for place in differ]
    common = min(len(values), len(before))
    start = next(compress(count(), map(ne, islice(values, common), islice(before, common))), common)
    room = common - start
    end = next(compress(count(), islice(map(ne, reversed(values), reversed(before)), room)), room)
    middle = [token(value, None) for value in values[start:len(values) - end]]
    tokens = before_tokens[:start] + middle + before_tokens[len(before) - end:]
    return tokens, [[start, len(before) - start - end, *middle]]


def encode(cursor: Cursor) -> dict[str, Any]:
    """Every step of the cursor's game as its viewer saw it, in the stored form (the module's docstring);
    ``items`` holds the items' JSON texts."""
    rules, seats = cursor.rules, cursor.seats
    items, lines, frames = _Table(repr, _json), _Table(), _Table(repr, _json)
    sentences: list[str] = []
    turns: list[int] = []
    frame_of: list[int] = []
    pictures: list[list[list[int]]] = []
    boards: list[list[list[int]]] = []
    old_items: list[dict[str, Any]] = []
    old_item_tokens: list[int] = []
    old_lines: list[str] = []
    old_line_tokens: list[int] = []
    by_id: dict[str, int] | None = None
    old_frame: tuple[Any, ...] | None = None
    number = 0

    def item_token(item: dict[str, Any], place: int | None) -> int:
        nonlocal by_id
        key = item.get("id")
        if key is not None and (place is None or old_items[place].get("id") != key):
            if by_id is None:
                by_id = {old.get("id"): n for n, old in enumerate(old_items)}
            was = by_id.get(key)
            if was is not None and old_items[was] == item:
                return old_item_tokens[was]
        return items.number(item)

    step = cursor.first()
    while True:
        view = step.view
        picture = rules.picture(view, seats)
        board = rules.render(view, seats).split("\n")
        sentences.append(step.event.sentence)
        turns.append(step.turn)
        frame = (picture["width"], picture["height"], picture.get("colours"))
        if frame != old_frame:
            old_frame, number = frame, frames.number({key: picture[key] for key in ("width", "height", "colours") if key in picture})
        frame_of.append(number)
        by_id = None
        tokens, found = splices(picture["items"], old_items, old_item_tokens, item_token)
        line_tokens, board_found = splices(board, old_lines, old_line_tokens, lambda line, _: lines.number(line))
        if (step.number - 1) % EVERY == 0:  # a key step: from an empty list
            found, board_found = [[0, 0, *tokens]], [[0, 0, *line_tokens]]
        pictures.append(found)
        boards.append(board_found)
        old_items, old_item_tokens, old_lines, old_line_tokens = picture["items"], tokens, board, line_tokens
        if step.number >= step.total:
            break
        step = cursor.next()
    return {"every": EVERY, "sentences": sentences, "turn": turns, "frame": frame_of, "frames": frames.texts,
            "items": items.texts, "lines": lines.texts, "pictures": pictures, "boards": boards}


def as_json(stored: dict[str, Any]) -> str:
    """The stored form as one JSON object, the items' and frames' texts written as they are."""
    rest = {key: value for key, value in stored.items() if key not in ("items", "frames")}
    text = _json(rest)
    return f'{text[:-1]},"frames":[{",".join(stored["frames"])}],"items":[{",".join(stored["items"])}]}}'


def _rebuilt(entries: Sequence[Sequence[Sequence[int]]], every: int) -> list[list[int]]:
    found: list[list[int]] = []
    tokens: list[int] = []
    for number, entry in enumerate(entries, 1):
        if (number - 1) % every == 0:
            tokens = []
        tokens = tokens.copy()
        for start, removed, *added in entry:
            tokens[start:start + removed] = added
        found.append(tokens)
    return found


def expand(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every step of a page's data (parsed), whole: its number, total, sentence, turn, board as text,
    picture, the ids its event changed (``changed``) and its notes (when it has any)."""
    total, notes = len(data["sentences"]), data.get("notes", {})
    found, before = [], None
    boards = _rebuilt(data["boards"], data["every"])
    for number, tokens in enumerate(_rebuilt(data["pictures"], data["every"]), 1):
        picture = {**data["frames"][data["frame"][number - 1]], "items": [data["items"][token] for token in tokens]}
        step = {"number": number, "total": total, "sentence": data["sentences"][number - 1], "turn": data["turn"][number - 1],
                "board": "\n".join(data["lines"][token] for token in boards[number - 1]), "picture": picture,
                "changed": changed(before, picture)}
        if str(number) in notes:
            step["notes"] = notes[str(number)]
        found.append(step)
        before = picture
    return found


STEPS_SCRIPT = r"""
function Steps(data) {  // the stored form read back (replays.page_steps): a step's picture and board, rebuilt when asked
  var every = data.every;
  function tokens(entries, number) {
    var list = [];
    for (var n = number - (number - 1) % every; n <= number; n++) {
      entries[n - 1].forEach(function (splice) { list.splice.apply(list, splice); });
    }
    return list;
  }
  this.count = data.sentences.length;
  this.picture = function (number) {
    var frame = data.frames[data.frame[number - 1]];
    var picture = {width: frame.width, height: frame.height, items: tokens(data.pictures, number).map(function (token) { return data.items[token]; })};
    if (frame.colours) picture.colours = frame.colours;
    return picture;
  };
  this.board = function (number) {
    return tokens(data.boards, number).map(function (token) { return data.lines[token]; }).join("\n");
  };
}
"""
"""The page's reader of the stored form: ``new Steps(data)``, its ``picture(n)`` and ``board(n)``."""
