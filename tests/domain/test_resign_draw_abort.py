"""A seat resigns, the seats agree to a draw, a seat aborts (``domain.engine.early_endings`` through
``domain.keeping.ending``): the game's own events, stored under fixed topics, hash-chained, audited,
exported and imported, stepped through by replays, the seed revealed at the end and not before, and every
refusal writing nothing."""

from __future__ import annotations

import pytest
from paper_games import paper_game

from domain.engine import early_endings, registry
from domain.engine.errors import Forbidden, GameOver, IllegalCommand, UnknownSeat
from domain.engine.game import first_broken_link
from domain.keeping.ending import Endings
from domain.keeping.service import OWNER, GameService
from domain.keeping.store import store_env
from domain.thinking.balance.compare import table_games
from replays import records
from replays.audit import audit
from replays.cursor import Cursor

TWO = ("correction", ["Ann", "Ben"])
THREE = ("assassination-le", ["Ann", "Ben", "Cy"])


@pytest.fixture
def service(store_service):
    return store_service


def new(service, game=TWO, seed="7"):
    ruleset, seats = game
    return service.create_game(ruleset, seats, {}, seed, salt="5eed" * 8)


def play_one(service, game_id):
    """The seat to act plays its first legal command; that seat."""
    game = service.game(game_id)
    seat = game.to_act()[0]
    service.submit(game_id, seat, game.rules.legal_commands(game.state, seat)[0])
    return seat


def stored_topics(service, game_id):
    return [stored.topic for stored in service.recorder.select_events(game_id)]


def test_a_resignation_ends_a_two_seat_game_for_the_other_seat_and_reveals_the_seed(service):
    game_id = new(service)
    assert service.status(game_id, 1)["seed"] is None
    answer = Endings(service).resign(game_id, "Ben")
    assert [event.type for event in answer.events] == ["Resigned", "SeedRevealed"]
    assert (answer.status, answer.to_act) == ("over", [])
    game = service.game(game_id)
    assert game.outcome().to_data() == {"winners": [1], "reason": "Ben resigned", "at_limit": False, "ended_by": "resignation"}
    assert service.status(game_id, 1)["seed"] == "7"
    assert stored_topics(service, game_id)[-2:] == ["ludolog:Game.Resigned", "ludolog:Game.SeedRevealed"]
    stored = list(service.events.get(game_id))
    assert first_broken_link(stored) is None
    report = audit(service, game_id)
    assert report.clean, report.problems


def test_in_a_game_of_three_the_others_win_together_unless_the_ruling_says_nobody_does(service, monkeypatch):
    game_id = new(service, THREE)
    Endings(service).resign(game_id, 2)
    assert service.game(game_id).outcome().winners == [1, 3]
    monkeypatch.setattr(type(registry.get("assassination-le")), "resignation", early_endings.NOBODY_WINS)
    other = new(service, THREE, seed="8")
    Endings(service).resign(other, 2)
    assert service.game(other).outcome().winners == []
    assert audit(service, other).clean
    monkeypatch.undo()  # the rules as they are now would decide the second game otherwise: the audit says so
    problems = audit(service, other).problems
    assert problems and "the rules decide Resigned" in problems[0]


def test_a_draw_needs_every_seat_and_a_command_withdraws_the_offer(service):
    game_id = new(service, THREE)
    endings = Endings(service)
    assert [e.type for e in endings.offer_draw(game_id, 1).events] == ["DrawOffered"]
    assert [e.type for e in endings.offer_draw(game_id, 2).events] == ["DrawOffered"]
    assert service.game(game_id).draw_offer == [1, 2]
    play_one(service, game_id)
    assert service.game(game_id).draw_offer is None
    for seat in (3, 1):
        endings.offer_draw(game_id, seat)
    answer = endings.offer_draw(game_id, 2)
    assert [e.type for e in answer.events] == ["DrawAgreed", "SeedRevealed"]
    outcome = service.game(game_id).outcome()
    assert (outcome.winners, outcome.ended_by, outcome.reason) == ([], "agreement", "a draw agreed by every seat")
    assert audit(service, game_id).clean


def test_a_seat_declines_the_offer_and_the_game_goes_on(service):
    game_id = new(service)
    endings = Endings(service)
    endings.offer_draw(game_id, 1)
    answer = endings.decline_draw(game_id, 2)
    assert [e.sentence for e in answer.events] == ["Ben declined the draw offered."] and answer.status == "active"
    assert service.game(game_id).draw_offer is None and service.game(game_id).outcome() is None
    play_one(service, game_id)  # the game goes on
    assert audit(service, game_id).clean


def test_an_abort_is_allowed_until_every_seat_has_played(service):
    endings = Endings(service)
    game_id = new(service)
    played = {play_one(service, game_id)}
    answer = endings.abort(game_id, 2)
    assert [e.type for e in answer.events] == ["Aborted", "SeedRevealed"]
    assert service.game(game_id).outcome().to_data()["ended_by"] == "abort"
    assert audit(service, game_id).clean
    late = new(service, seed="9")
    while played != {1, 2}:
        played.add(play_one(service, late))
    before = service.game(late).version
    with pytest.raises(IllegalCommand, match="too late to abort"):
        endings.abort(late, 1)
    assert service.game(late).version == before


@pytest.mark.parametrize(("act", "error"), [
    (lambda e, g: e.resign(g, 1), GameOver),
    (lambda e, g: e.offer_draw(g, 2), GameOver),
    (lambda e, g: e.abort(g, 2), GameOver),
    (lambda e, g: e.decline_draw(g, 2), GameOver),
])
def test_after_the_end_nothing_more_is_taken_and_nothing_written(service, act, error):
    game_id = new(service)
    game = service.game(game_id)
    seat = game.to_act()[0]
    command = game.rules.legal_commands(game.state, seat)[0]
    Endings(service).resign(game_id, 2)
    before = service.game(game_id).version
    with pytest.raises(error):
        act(Endings(service), game_id)
    with pytest.raises(GameOver):
        service.submit(game_id, seat, command)
    assert service.game(game_id).version == before


def test_refusals_say_why_and_write_nothing(service, monkeypatch):
    game_id = new(service)
    endings = Endings(service)
    before = service.game(game_id).version
    with pytest.raises(IllegalCommand, match="no draw offer stands"):
        endings.decline_draw(game_id, 1)
    with pytest.raises(UnknownSeat):
        endings.resign(game_id, "Cy")
    monkeypatch.setattr(type(registry.get("correction")), "draws_agreed", False)
    with pytest.raises(IllegalCommand, match="takes no draw by agreement"):
        endings.offer_draw(game_id, 1)
    monkeypatch.undo()
    endings.offer_draw(game_id, 1)
    with pytest.raises(IllegalCommand, match="has offered a draw already"):
        endings.offer_draw(game_id, 1)
    assert service.game(game_id).version == before + 1


def test_a_bot_seat_neither_acts_so_nor_agrees_to_a_draw():
    rules = registry.get("correction")
    players = [{"kind": "person"}, {"kind": "bot", "strategy": "random"}]
    refused = early_endings.refusal(early_endings.RESIGN, 2, rules, ["Ann", "Bot"], players, False, None, [1, 2])
    assert isinstance(refused, Forbidden)
    refused = early_endings.refusal(early_endings.OFFER_DRAW, 1, rules, ["Ann", "Bot"], players, False, None, [1, 2])
    assert isinstance(refused, IllegalCommand) and "agrees to no draw" in str(refused)
    assert early_endings.refusal(early_endings.RESIGN, 1, rules, ["Ann", "Bot"], players, False, None, [1, 2]) is None


def test_an_act_the_rules_would_not_decide_so_is_found_by_the_audit(service):
    """A log whose chain holds but whose resignation names the wrong winner: the audit decides it again."""
    game_id = new(service)
    game = service.game(game_id)
    early_endings._trigger(game, early_endings.Resigned, None, seat=2, winners=[2], reason="Ben resigned")
    game.reveal_seed(None)
    service.save(game)
    assert first_broken_link(list(service.events.get(game_id))) is None
    problems = audit(service, game_id).problems
    assert problems and problems[0].startswith(f"event {game.version - 1}: the rules decide Resigned")


def test_a_command_recorded_after_a_resignation_is_found_by_the_audit(service):
    game_id = new(service)
    game = service.game(game_id)
    seat = game.to_act()[0]
    command = game.rules.legal_commands(game.state, seat)[0]
    early_endings._trigger(game, early_endings.Resigned, None, seat=2, winners=[1], reason="Ben resigned")
    game.ending = None  # as a tampered store would hold it: the command is recorded after the end
    game.play(seat, command, "after")
    service.save(game)
    problems = audit(service, game_id).problems
    assert problems and "a command was recorded after the game was over" in problems[0]


def test_the_export_holds_the_acts_and_imports_whole(service, tmp_path):
    game_id = new(service, THREE)
    endings = Endings(service)
    endings.offer_draw(game_id, 1)
    play_one(service, game_id)
    endings.offer_draw(game_id, 3)
    endings.decline_draw(game_id, 1)
    endings.resign(game_id, 3)
    text = records.to_ndjson(service, game_id)
    types = [record["type"] for record in records.events(service, game_id)]
    assert types[-4:] == ["DrawOffered", "DrawDeclined", "Resigned", "SeedRevealed"] and "DrawOffered" in types[:-4]
    other = GameService(env=store_env(str(tmp_path / "copy.sqlite3")))
    try:
        assert records.import_game(other, text) == game_id
        assert other.game(game_id).chain == service.game(game_id).chain
        assert other.game(game_id).outcome() == service.game(game_id).outcome()
        assert audit(other, game_id).clean
    finally:
        other.close()
    csv = records.to_csv(service, game_id)
    assert "Cy resigned; Ann and Ben won." in csv


def test_replays_step_through_the_acts_and_show_secrets_only_from_the_end(service):
    game_id = service.create_game("location-ccg", ["Ann", "Ben"], {}, "7", salt="5eed" * 8)
    endings = Endings(service)
    endings.offer_draw(game_id, 1)
    endings.resign(game_id, 1)
    cursor = Cursor(service, game_id, viewer=2)
    steps = [cursor.goto(n) for n in range(1, cursor.total + 1)]
    assert [step.event.type for step in steps][-3:] == ["DrawOffered", "Resigned", "SeedRevealed"]
    assert [step.over for step in steps][-3:] == [False, True, True]
    assert cursor.ended_at == cursor.total - 1
    assert steps[-3].view == cursor.rules.view(steps[-3].state, 2)  # before the end: the seat's own view
    assert steps[-2].view == cursor.rules.owner_view(steps[-2].state)  # from the end on: everything
    during = service.read_events(game_id, viewer=2)
    assert during[-2].sentence == "Ann resigned; Ben won."


def test_a_seat_sees_no_seed_until_the_end(service):
    game_id = new(service)
    Endings(service).offer_draw(game_id, 1)
    assert service.status(game_id, 2)["seed"] is None
    assert all(event.type != "SeedRevealed" for event in service.read_events(game_id, viewer=2))
    assert records.header(service, game_id, viewer=2)["seed"] is None
    Endings(service).offer_draw(game_id, 2)
    assert records.header(service, game_id, viewer=2)["seed"] == "7"
    assert service.status(game_id, OWNER)["outcome"]["ended_by"] == "agreement"


def test_balance_studies_leave_out_a_table_game_not_ended_by_its_rules(service):
    from cli.balance import paper_games

    rules = registry.get("correction")
    script = paper_game(rules, ["Ann", "Ben"], {}, seed="table-1")
    game_id = service.create_game("correction", script.seats, script.options, table=True, outcomes=script.setup_outcomes)
    Endings(service).resign(game_id, 1)
    found = paper_games(service, "correction", 2)
    assert [(game["winners"], game["ended_by"]) for game in found] == [([2], "resignation")]
    bots = {"fairness": {"seats": [{"seat": s, "rate": 0.5, "low": 0.4, "high": 0.6, "count": 50, "of": 100} for s in (1, 2)]},
            "length": {"turns": {"median": 10}}}
    compared = table_games(found, bots, 2)
    assert (compared["games"], compared["decided"], compared["not_by_rules"]) == (0, 0, 1)


def test_the_events_are_stored_under_their_fixed_topics():
    assert [cls.TOPIC for cls in early_endings.STORED] == [
        "ludolog:Game.Resigned", "ludolog:Game.DrawOffered", "ludolog:Game.DrawDeclined", "ludolog:Game.DrawAgreed",
        "ludolog:Game.Aborted"]
    assert set(early_endings.EVENT_TYPES) <= set(registry.get("correction").event_types())
