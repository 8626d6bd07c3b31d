"""A bot keeps its figures of a command by ``greedy.key_of``: the command as sorted, compact JSON, kept once made for
a command met again. A value's type counts as it does in JSON (``1`` is not ``true``), the keys' order does not, and a
command holding a list is keyed as well."""

from __future__ import annotations

import json

from domain.thinking import greedy
from domain.thinking.greedy import key_of


def written(command):
    return json.dumps(command, sort_keys=True, separators=(",", ":"))


def test_a_commands_key_is_its_sorted_compact_json_whatever_the_order_of_its_keys():
    command = {"type": "act", "action": "advance", "from": "b2", "to": "c3"}
    assert key_of(command) == written(command)
    assert key_of({"to": "c3", "from": "b2", "action": "advance", "type": "act"}) == written(command)
    assert key_of(dict(command)) == key_of(command)  # met again: the same key


def test_one_and_true_and_one_point_oh_are_three_keys_as_in_json():
    keys = [key_of({"type": "act", "action": "bid", "count": value}) for value in (1, True, 1.0, 1)]
    assert keys == [written({"type": "act", "action": "bid", "count": value}) for value in (1, True, 1.0, 1)]
    assert len(set(keys)) == 3


def test_a_command_holding_a_list_or_a_map_is_keyed_too():
    command = {"type": "roll", "keep": [1, 3], "as": {"b": 1, "a": [True]}}
    assert key_of(command) == written(command)
    assert key_of(command) == written(command)


def test_the_keys_kept_are_let_go_past_their_bound():
    for number in range(greedy.MOST_KEYED + 10):
        assert key_of({"type": "act", "n": number}) == f'{{"n":{number},"type":"act"}}'
    assert len(greedy._KEYED) <= greedy.MOST_KEYED
