"""The service plays a game's bot seats itself, as soon as one is to act: exactly one move a turn, however
many triggers or services race for it, and a person cannot move for a bot seat."""

from __future__ import annotations

import threading

import pytest

from domain.engine.errors import Forbidden
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from domain.thinking.bots import RandomBot

SEATS = ["Ann", "Ben", "Cy"]
PERSON = {"kind": "person"}


def bot_commands(service: GameService, game_id) -> list[str]:
    """The command ids of the game's recorded bot-seat commands, one per command."""
    ids = [event.cause["command_id"] for event in service.events.get(game_id) if getattr(event, "cause", None)]
    return sorted({command_id for command_id in ids if command_id.startswith("bot-seat:")})


def test_two_people_play_and_the_bot_seat_answers_by_itself():
    service = GameService(env=store_env(None))
    game_id = service.create_game("missions", SEATS, seed="4", players=[PERSON, PERSON, {"kind": "bot", "strategy": "greedy"}])
    people = RandomBot("people")
    bot_turns = 0
    for _ in range(40):
        service.wait_for_bot_seats()
        game = service.game(game_id)
        if game.outcome() is not None:
            break
        assert game.to_act() != [3]  # never left waiting for the bot alone
        seat = next(seat for seat in game.to_act() if seat != 3)
        service.submit(game_id, seat, people.choose(game.rules, game.state, seat, game.version))
        bot_turns += 3 in service.game(game_id).to_act()
    service.wait_for_bot_seats()
    assert bot_turns > 0
    assert len(bot_commands(service, game_id)) >= bot_turns


def test_a_game_of_bot_seats_plays_itself_to_its_end_from_its_creation():
    service = GameService(env=store_env(None))
    game_id = service.create_game("missions", SEATS, seed="4", players=[{"kind": "bot", "strategy": "random"}] * 3)
    service.wait_for_bot_seats()
    status = service.status(game_id, 1)
    assert status["status"] == "over" and status["thinking"] is None
    assert len(bot_commands(service, game_id)) > 3


class Unscheduled(GameService):
    """A service that plays its bot seats only when told (``play_bot_seat``), for racing it by hand."""

    name = "ludolog"  # the store's settings and tables are the service's

    def schedule_bot_seat(self, game):
        return False


def test_racing_triggers_in_two_services_on_one_store_record_one_move(tmp_path):
    store = str(tmp_path / "games.sqlite")
    first, second = Unscheduled(env=store_env(store)), Unscheduled(env=store_env(store))
    game_id = first.create_game("missions", SEATS, seed="4", players=[{"kind": "bot", "strategy": "greedy"}] * 3)
    seat = first.game(game_id).to_act()[0]
    assert first.status(game_id, 2)["thinking"] == {"seat": seat, "name": SEATS[seat - 1], "strategy": "greedy",
                                                     "sentence": f"{SEATS[seat - 1]}, a greedy bot, is thinking"}
    both_chose = threading.Barrier(2)

    class ChoosesThenWaits:
        def __init__(self, bot):
            self.bot = bot

        def choose(self, *arguments):
            command = self.bot.choose(*arguments)
            both_chose.wait(timeout=60)  # each trigger chose at the same version before either submits
            return command

    results = []
    threads = []
    for service in (first, second):
        service.bot_thinker = ChoosesThenWaits
    for service in (first, second):
        threads.append(threading.Thread(target=lambda s=service: results.append(s.play_bot_seat(game_id))))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False, True]
    assert len(bot_commands(first, game_id)) == 1 and bot_commands(first, game_id) == bot_commands(second, game_id)
    assert first.game(game_id).version == second.game(game_id).version > 3


def test_a_person_cannot_move_for_a_bot_seat():
    service = Unscheduled(env=store_env(None))
    game_id = service.create_game("missions", SEATS, seed="4", players=[{"kind": "bot", "strategy": "greedy"}] * 3)
    game = service.game(game_id)
    seat = game.to_act()[0]
    command = RandomBot(1).choose(game.rules, game.state, seat, game.version)
    with pytest.raises(Forbidden, match=f"{SEATS[seat - 1]}, a greedy bot, plays seat {seat}: the service plays its moves"):
        service.submit(game_id, seat, command)
    assert service.game(game_id).version == game.version
