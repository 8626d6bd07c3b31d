"""The diary's numbers: a number that never changes is one sentence instead of a chart, one that
changes (even for one seat only) keeps its chart; and the embedded diary (what the API serves) is
built once per game version and viewer, then served from a bounded cache."""

from __future__ import annotations

import itertools
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from cachetools import LRUCache
from quick_games import quick_options

from domain.engine import registry
from domain.keeping.access import OWNER
from replays import diary
from replays.diary import to_markdown

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

RULESETS = registry.all_rulesets()
SEED = "numbers-and-cache"
IMAGE_ALT = re.compile(r"!\[([^\]]*)\]")


@pytest.fixture(params=RULESETS, ids=lambda rules: rules.name)
def rules(request):
    return request.param


def names(rules):
    return ["Ana", *[f"Seat{n}" for n in range(2, rules.min_seats + 1)]]


def played(service, rules, commands=None):
    game_id = service.create_game(rules.name, names(rules), seed=SEED, options=quick_options(rules.name), salt=SALT)
    for _ in itertools.islice(service.play_bots(game_id, bot_seed=1), commands):
        pass
    return game_id


def charts(markdown):
    return markdown.split("## Charts\n", 1)[1]


def with_numbers(monkeypatch, rules, extra):
    """The ruleset's own numbers, and ``extra(seat, state)`` added to every seat's."""
    own = rules.seat_numbers
    monkeypatch.setattr(rules, "seat_numbers", lambda state: {
        seat: {**numbers, **extra(seat, state)} for seat, numbers in own(state).items()})


def test_a_number_that_never_changes_is_one_sentence_and_no_chart(service, rules, monkeypatch, tmp_path):
    game_id = played(service, rules)
    plain = to_markdown(service, game_id, images_dir=tmp_path / "plain")
    with_numbers(monkeypatch, rules, lambda seat, state: {"spare": 0, "gold": seat})
    markdown = to_markdown(service, game_id, images_dir=tmp_path / "charts")

    section = charts(markdown)
    assert "\nspare stayed at 0 for every seat.\n" in "\n" + section
    seats = names(rules)
    each = "; ".join(f"{name}'s stayed at {seat}" for seat, name in enumerate(seats, 1) if seat > 1)
    assert f"\n{seats[0]}'s gold stayed at 1; {each}.\n" in "\n" + section
    assert not [alt for alt in IMAGE_ALT.findall(section) if alt.startswith(("spare", "gold"))]
    written = list((tmp_path / "charts").iterdir()) if (tmp_path / "charts").exists() else []  # no chart, no folder
    assert not [path for path in written if "spare" in path.name or "gold" in path.name]
    # the numbers that change keep their charts; the table still shows every number
    assert IMAGE_ALT.findall(section) == IMAGE_ALT.findall(charts(plain))
    assert "Ana: spare" in markdown and "Ana: gold" in markdown


def test_a_number_that_changes_for_one_seat_only_keeps_its_chart(service, rules, monkeypatch, tmp_path):
    game_id = played(service, rules)
    with_numbers(monkeypatch, rules, lambda seat, state: {"gold": rules.turn_number(state) if seat == 2 else 7})
    section = charts(to_markdown(service, game_id, images_dir=tmp_path))
    assert "gold of each seat by turn" in IMAGE_ALT.findall(section)
    assert "gold stayed" not in section
    assert [path.name for path in tmp_path.iterdir() if path.name.endswith("-gold.svg")] == [f"{game_id}-gold.svg"]


def test_the_same_game_gives_the_same_chart_files(service, rules, tmp_path):
    game_id = played(service, rules)
    first = to_markdown(service, game_id, images_dir=tmp_path / "first", image_prefix="charts/")
    again = to_markdown(service, game_id, images_dir=tmp_path / "again", image_prefix="charts/")
    assert first == again
    files = sorted(path.name for path in (tmp_path / "first").iterdir())
    assert files and files == sorted(path.name for path in (tmp_path / "again").iterdir())
    for name in files:
        assert (tmp_path / "first" / name).read_bytes() == (tmp_path / "again" / name).read_bytes()


# -- the cache -----------------------------------------------------------------------------------


@pytest.fixture
def builds(monkeypatch):
    """How many diaries were built (not served from the cache)."""
    count = [0]
    build = diary.course

    def counted(cursor):
        count[0] += 1
        return build(cursor)

    monkeypatch.setattr(diary, "course", counted)
    return count


@pytest.mark.parametrize("rules", [registry.get("project-assassination")], ids=lambda rules: rules.name)
def test_the_embedded_diary_is_built_once_per_game_version_and_viewer(service, rules, builds, tmp_path):
    game_id = played(service, rules, commands=4)
    first = to_markdown(service, game_id)
    assert builds[0] == 1
    assert to_markdown(service, game_id) == first and to_markdown(service, game_id, OWNER) == first
    assert builds[0] == 1

    seat = to_markdown(service, game_id, 1)
    assert builds[0] == 2 and seat != first
    assert to_markdown(service, game_id, 1) == seat and builds[0] == 2
    to_markdown(service, game_id, None)
    assert builds[0] == 3

    # the game moves on: a new diary, with the new event
    version = service.game(game_id).version
    for _ in itertools.islice(service.play_bots(game_id, bot_seed=2), 1):
        pass
    later = to_markdown(service, game_id)
    assert builds[0] == 4 and later != first
    assert f"{service.game(game_id).version}. " in later and f"{version + 1}. " not in first

    # a diary written with chart files is built (and its files written) every time
    for n in (1, 2):
        to_markdown(service, game_id, images_dir=tmp_path / str(n))
        assert builds[0] == 4 + n


@pytest.mark.parametrize("rules", [registry.get("correction")], ids=lambda rules: rules.name)
def test_requests_at_once_all_get_the_whole_diary(service, rules):
    game_id = played(service, rules)
    expected = to_markdown(service, game_id, 2)
    diary._CACHE.clear()
    with ThreadPoolExecutor(max_workers=6) as pool:
        found = list(pool.map(lambda viewer: to_markdown(service, game_id, viewer), [2, None, 2, None, 2, None]))
    assert found[0::2] == [expected] * 3
    assert len(set(found[1::2])) == 1 and found[1] != expected


@pytest.mark.parametrize("rules", [registry.get("infection")], ids=lambda rules: rules.name)
def test_a_diary_larger_than_the_cache_is_served_but_not_kept(service, rules, builds, monkeypatch):
    monkeypatch.setattr(diary, "_CACHE", LRUCache(maxsize=1_000, getsizeof=len))
    game_id = played(service, rules)
    assert to_markdown(service, game_id) == to_markdown(service, game_id)
    assert builds[0] == 2 and len(diary._CACHE) == 0


@pytest.mark.parametrize("rules", [registry.get("infection")], ids=lambda rules: rules.name)
def test_the_cache_keeps_the_most_recently_used_diaries_within_its_size(service, rules, builds, monkeypatch):
    game_id = played(service, rules, commands=3)
    size = len(to_markdown(service, game_id))
    monkeypatch.setattr(diary, "_CACHE", LRUCache(maxsize=int(2.5 * size), getsizeof=len))
    for viewer in (OWNER, 1, 2):  # three diaries of about the same size: the first is dropped
        to_markdown(service, game_id, viewer)
    assert builds[0] == 4
    to_markdown(service, game_id, 2)
    to_markdown(service, game_id, 1)
    assert builds[0] == 4
    to_markdown(service, game_id, OWNER)
    assert builds[0] == 5
