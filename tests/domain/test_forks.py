"""Forks (``domain.keeping.forking``): a game started from any step of another. A fork replays its trunk's first
steps exactly and then goes its own way on its own chance; its audit names its trunk; a seat's fork of a
game being played starts from what that seat knew, its hidden cards dealt afresh by the fork's seed; a
family of games exports and imports whole."""

from __future__ import annotations

import dataclasses
import json
import random
import uuid

import pytest
from quick_games import quick_options

from domain.engine import registry
from domain.engine.chain import plain
from domain.engine.errors import Forbidden, InvalidSetup
from domain.engine.randomness import Rng
from domain.keeping.access import OWNER
from domain.keeping.forking import fork_chance, fork_seal, fork_start
from domain.keeping.store import store_env
from domain.thinking.bots import RandomBot
from domain.thinking.greedy import SimRng
from replays import records
from replays.audit import audit
from replays.cursor import Cursor
from replays.fork_audit import fork_note, trunk_problems
from replays.importing import import_games

SALT = "5eed" * 8
"""The salt of the games here dealt by a chosen seed: with it, the seed deals one game, every run."""


def play(service, game_id, bot_seed="b", most=400, until=None):
    """Random commands until the game is over (or has ``until`` events, or ``most`` commands were played)."""
    bot = RandomBot(bot_seed)
    for _ in range(most):
        game = service.game(game_id)
        if game.outcome() is not None or (until is not None and game.version >= until):
            return game
        seat = game.to_act()[0]
        service.submit(game_id, seat, bot.choose(game.rules, game.state, seat, game.version))
    return service.game(game_id)


def forkable_steps(service, game_id):
    cursor = Cursor(service, game_id)
    rules = cursor.rules
    return [n for n in range(1, cursor.total + 1)
            if rules.outcome(cursor.state_at(n)) is None and rules.to_act(cursor.state_at(n))]


def test_a_fork_at_every_step_replays_the_trunk_exactly_then_goes_its_own_way(service):
    # a game of 8 rounds (the default is 25): every kind of step still comes, in a third of the steps
    trunk_id = service.create_game("infection", ["Ana", "Ben"], options={"round_limit": 8}, seed="trunk")
    trunk = play(service, trunk_id)
    assert trunk.outcome() is not None
    whole = Cursor(service, trunk_id)
    trunk_steps = [(whole.goto(number).event.to_data(), whole.step.view) for number in range(1, whole.total + 1)]
    steps = forkable_steps(service, trunk_id)
    assert len(steps) > 20
    for step in steps:
        fork_id, tokens = service.fork_game(trunk_id, step, seed=f"fork-{step}")
        fork = play(service, fork_id, bot_seed=f"f{step}", most=4)
        cursor = Cursor(service, fork_id, with_trunk=True)
        assert cursor.parted == step and cursor.total == step + fork.version
        for number in range(1, step + 1):
            assert (cursor.goto(number).event.to_data(), cursor.step.view) == trunk_steps[number - 1]
        assert cursor.goto(step + 1).event.type == "GameForked"
        assert plain(cursor.state) == plain(whole.state_at(step))
        assert fork.version > 1 and len(tokens.seats) == 2
        report = audit(service, fork_id)
        assert report.clean, report.problems
        assert any(str(trunk_id) in note and f"step {step}" in note for note in report.notes)
    assert service.game(trunk_id).version == trunk.version  # the trunk never moved
    assert len(service.forks_of(trunk_id)) == len(steps)


def test_a_fork_plays_its_own_chance_not_its_trunks(service):
    """The trunk's next roll says nothing of the fork's: two forks of one step on two seeds part."""
    trunk_id = service.create_game("assassination-le", ["Ana", "Ben", "Cy"], seed="dice")
    trunk = play(service, trunk_id, until=12)
    firsts = []
    for seed in ("one", "two", "three"):
        fork_id, _ = service.fork_game(trunk_id, trunk.version, seed=seed)
        fork = service.game(fork_id)
        rolled = [e for e in service.read_events(fork_id) if e.type != "GameForked"]
        while not rolled:
            seat = fork.to_act()[0]
            service.submit(fork_id, seat, fork.rules.legal_commands(fork.state, seat)[0])
            fork = service.game(fork_id)
            rolled = [e for e in service.read_events(fork_id) if e.type != "GameForked"]
        firsts.append(rolled[0].data)
    play(service, trunk_id, until=trunk.version + 1)
    firsts.append(service.read_events(trunk_id, after=trunk.version)[0].data)
    assert len({repr(first) for first in firsts}) > 1


@pytest.mark.parametrize("ruleset", ["squad-combat", "location-ccg"])
def test_a_seats_fork_of_a_game_in_play_never_shows_it_a_card_it_could_not_see(service, ruleset):
    """Over whole random games, every few steps, each seat forks the game being played: the fork starts
    from what that seat saw there, and from nothing it could not see (the same fork comes of any table the
    seat could not tell from the real one: its opponents' hands and the decks dealt otherwise), and
    another seed deals the hidden cards otherwise."""
    rules = registry.get(ruleset)
    for game_seed in ("a", "b"):
        trunk_id = service.create_game(ruleset, ["Ana", "Ben"], quick_options(ruleset), seed=game_seed, salt=SALT)
        bot, dealt_otherwise, forks = RandomBot(game_seed), 0, 0
        while (trunk := service.game(trunk_id)).outcome() is None:
            if trunk.version % 6 == 0 and trunk.to_act():
                for seat in (1, 2):
                    fork_id, _ = service.fork_game(trunk_id, trunk.version, viewer=seat)
                    fork, forks = service.game(fork_id), forks + 1
                    assert fork.fork["eye"] == seat and rules.view(fork.state, seat) == rules.view(trunk.state, seat)
                    for other in range(3):
                        imagined = rules.determinize(trunk.state, seat, SimRng(random.Random(other)))
                        assert plain(fork_start(rules, imagined, seat, fork_chance(fork.seed, fork.salt))) == plain(fork.state)
                    again = fork_start(rules, trunk.state, seat, fork_chance("another seed", fork.salt))
                    dealt_otherwise += plain(again) != plain(fork.state)
            seat = trunk.to_act()[0]
            service.submit(trunk_id, seat, bot.choose(trunk.rules, trunk.state, seat, trunk.version))
        assert forks > 10 and dealt_otherwise > forks // 2


def test_a_seats_fork_is_dealt_from_its_own_eye_while_the_trunk_is_played(service):
    trunk_id = service.create_game("location-ccg", ["Ana", "Ben"], quick_options("location-ccg"), seed="hands")
    trunk = play(service, trunk_id, until=30)
    assert trunk.outcome() is None
    fork_id, _ = service.fork_game(trunk_id, trunk.version, viewer=2, seed="mine")
    fork = service.game(fork_id)
    rules = fork.rules
    link = {"game": str(trunk_id), "step": trunk.version, "hash": trunk.chain, "eye": 2}
    assert fork.fork == {**link, "seal": fork_seal(trunk.salt, fork_id, link)}
    assert rules.view(fork.state, 2) == rules.view(trunk.state, 2)
    assert plain(fork.state) == plain(rules.determinize(trunk.state, 2, fork_chance("mine", fork.salt)))
    cursor = Cursor(service, fork_id, viewer=1, with_trunk=True)  # another seat of the fork reads the trunk's steps as a spectator
    assert cursor.goto(trunk.version).view == rules.view(trunk.state, None)
    assert Cursor(service, fork_id, viewer=OWNER, with_trunk=True).goto(trunk.version).view == rules.view(trunk.state, 2)
    assert audit(service, fork_id).clean


def test_who_may_fork_and_where(service):
    trunk_id = service.create_game("infection", ["Ana", "Ben"], seed="who")
    trunk = play(service, trunk_id, until=10)
    with pytest.raises(Forbidden, match="spectator"):
        service.fork_game(trunk_id, 5, viewer=None)
    for wrong in (0, trunk.version + 1, -1, "3", True):
        with pytest.raises(InvalidSetup, match="not in this game"):
            service.fork_game(trunk_id, wrong)
    with pytest.raises(InvalidSetup, match="being set up"):
        service.fork_game(trunk_id, 1)
    finished = play(service, trunk_id)
    with pytest.raises(InvalidSetup, match="over at step"):
        service.fork_game(trunk_id, finished.version)
    fork_id, _ = service.fork_game(trunk_id, 5, viewer=None)  # anyone may fork a game that is over, seeing everything
    assert service.game(fork_id).fork["eye"] is None
    assert len(service.list_games()) == 2


def test_an_audit_finds_a_fork_whose_start_or_trunk_changed(service):
    trunk_id = service.create_game("location-ccg", ["Ana", "Ben"], quick_options("location-ccg"), seed="audit")
    play(service, trunk_id, until=25)
    fork_id, _ = service.fork_game(trunk_id, 20, viewer=1, seed="x")
    (forked,) = service.events.get(fork_id, lte=1)
    assert trunk_problems(service, forked) == []
    at_step = service.game_at(trunk_id, 20)
    edited = dataclasses.replace(forked, start=fork_start(at_step.rules, at_step.state, 1, fork_chance("y", "0" * 32)))
    assert plain(edited.start) != plain(forked.start)
    assert "start was edited" in trunk_problems(service, edited)[0]
    moved = dataclasses.replace(forked, fork={**forked.fork, "hash": "0" * 64})
    assert "rewritten" in trunk_problems(service, moved)[0]
    lost = dataclasses.replace(forked, fork={**forked.fork, "game": str(uuid.uuid4())})
    assert trunk_problems(service, lost) == []  # a seat's fork may be imported without its trunk
    assert "not in this store" in fork_note(service, lost)
    lost_seeing_all = dataclasses.replace(forked, fork={**lost.fork, "eye": None})
    assert "not in this store" in trunk_problems(service, lost_seeing_all)[0]


def test_a_trunk_with_two_forks_exports_and_imports_whole(store_service, service):
    trunk_id = store_service.create_game("squad-combat", ["Ana", "Ben"], quick_options("squad-combat"), seed="family", salt=SALT)
    play(store_service, trunk_id, until=40)
    first, _ = store_service.fork_game(trunk_id, 20, seed="first")
    second, _ = store_service.fork_game(trunk_id, 30, viewer=1, seed="second")
    play(store_service, first, most=15)
    play(store_service, second, most=15)
    text = records.to_ndjson(store_service, trunk_id)
    assert text.count('"format": "ludolog-game"') == 3
    assert import_games(service, text) == [trunk_id, first, second]
    for game_id in (trunk_id, first, second):
        assert audit(service, game_id).clean
        assert records.to_ndjson(service, game_id) == records.to_ndjson(store_service, game_id)
        assert Cursor(service, game_id).last().view == Cursor(store_service, game_id).last().view
    alone = records.to_ndjson(store_service, first)  # a fork's export brings its trunk, not its sibling
    assert alone.count('"format": "ludolog-game"') == 2
    only_the_fork = "".join(alone.splitlines(keepends=True)[1 + _lines_of_first(alone):])
    with pytest.raises(InvalidSetup, match="neither in the file nor in this store"):
        import_games(type(service)(env=store_env(None)), only_the_fork)


def test_a_seats_fork_exports_its_trunk_as_that_seat_saw_it_and_imports_without_it(store_service):
    """The leak an audit found: a seat's fork of a game in play exported its trunk's owner section (seed,
    salt, every hidden card). Its family now holds the trunk as the seat's own export of it does, and the
    fork imports alone, its audit clean and saying its trunk is not there to check against."""
    trunk_id = store_service.create_game("squad-combat", ["Ana", "Ben"], quick_options("squad-combat"), seed="leak-check")
    trunk = play(store_service, trunk_id, until=12)
    fork_id, _ = store_service.fork_game(trunk_id, trunk.version, viewer=1, seed="mine")
    play(store_service, fork_id, most=10)
    text = records.to_ndjson(store_service, fork_id)
    assert "leak-check" not in text and trunk.salt not in text
    trunk_section, fork_section = _sections(text)
    assert trunk_section == records.to_ndjson(store_service, trunk_id, viewer=1)
    assert fork_section == records.to_ndjson(store_service, fork_id, viewer=OWNER).removeprefix(trunk_section)
    elsewhere = type(store_service)(env=store_env(None))
    assert import_games(elsewhere, text) == [fork_id]
    report = audit(elsewhere, fork_id)
    assert report.clean and any("not in this store" in note for note in report.notes)
    assert records.to_ndjson(elsewhere, fork_id) == fork_section
    assert Cursor(elsewhere, fork_id).last().view == Cursor(store_service, fork_id).last().view


def _sections(text):
    """A family export's sections, each a text from its header on."""
    lines, sections = text.splitlines(keepends=True), []
    for line in lines:
        if line.startswith('{') and '"format": "ludolog-game"' in line:
            sections.append("")
        sections[-1] += line
    return sections


def _lines_of_first(text):
    """How many lines follow the first game's header in a family's export."""
    head = json.loads(text.splitlines()[0])
    return head["events"] + head.get("note_events", 0)


@pytest.mark.parametrize("rules", registry.all_rulesets(), ids=lambda rules: rules.name)
def test_a_deal_from_a_seats_eye_depends_only_on_what_it_sees(rules):
    """What a fork (and a bot) deals a seat's unknowns from says nothing of where they really were."""
    from test_bots import positions

    for state, seat, _ in positions(rules, every=3, most=12):
        imagined = rules.determinize(state, seat, SimRng(random.Random(5)))
        dealt = rules.determinize(state, seat, Rng("k", "fork"))
        assert plain(rules.determinize(imagined, seat, Rng("k", "fork"))) == plain(dealt)
