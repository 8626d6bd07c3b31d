"""A walk's ``through`` answers kept by space and owner (``kit_sift.OpenBySpace``): looked up only where the
condition reads the board's owners at the space tried, and only for spaces and owners seen before."""

from domain.games.table_kit.language.expression_syntax import parsed
from domain.games.table_kit.language.expressions import compile_expression
from domain.games.table_kit.play.kit_sift import OpenBySpace, _owners_at

THROUGH = 'to != "c3" && (seat != victim || !(to in owners) || owners[to] == seat)'
SPACES = ("a1", "b1", "c3")


def _through(text: str):
    return compile_expression(text, ("to", "seat", "victim", "owners"))


def test_only_reads_of_the_space_tried_are_taken():
    assert _owners_at(parsed(THROUGH), "to")
    assert _owners_at(parsed("to in owners ? owners[to] == seat : true"), "to")
    for text in ("size(owners) > 1", "[1].exists(to, owners[to] == 1)", "owners[from] == 1",
                 '{"a": owners}["a"][to] == 1', "owners.exists(s, s == to)"):
        assert not _owners_at(parsed(text), "to"), text
    assert not OpenBySpace(_through("size(owners) > 1 && to != seat"), "to").usable


def test_spaces_are_looked_up_by_their_owner_and_the_values_read():
    kept = OpenBySpace(_through(THROUGH), "to")
    assert kept.usable
    table = {"seat": 1, "victim": 1, "owners": {"a1": 2}}
    assert kept.open_spaces(table, SPACES) is None
    kept.learn(table, SPACES, frozenset({"b1"}))
    assert kept.open_spaces(table, SPACES) == {"b1"}
    assert kept.open_spaces({**table, "owners": {"a1": 2, "b1": 2}}, SPACES) is None  # b1 held: not seen yet
    kept.learn({**table, "owners": {"b1": 2}}, SPACES, frozenset({"a1"}))
    assert kept.open_spaces({**table, "owners": {"a1": 2, "b1": 2}}, SPACES) == set()
    assert kept.open_spaces({**table, "owners": {"a1": 1}}, SPACES) is None  # a1 held by seat 1: not seen yet
    assert kept.open_spaces({**table, "victim": 2}, SPACES) is None
    assert kept.open_spaces({**table, "victim": True}, SPACES) is None  # true is not 1
