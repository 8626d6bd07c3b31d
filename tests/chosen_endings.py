"""The endings the players choose (``domain.engine.early_endings``), played in each game the same way: the
check each game's ruling on them runs with its own seats and winners."""

from __future__ import annotations

from typing import Any

from domain.keeping.ending import Endings


def check_chosen_endings(service: Any, ruleset: str, seats: list[str], salt: str, resigner: int,
                         winners: list[int]) -> None:
    """Three fresh games of ``ruleset``: in the first ``resigner`` resigns and ``winners`` win; in the second
    every other seat offers a draw, the game goes on until ``resigner`` agrees last, and it ends drawn; in the
    third the seat to act plays a command and then aborts: the game ends with no result."""
    endings = Endings(service)
    resigned, drawn, aborted = (service.create_game(ruleset, seats, seed=f"end-{n}", salt=salt) for n in range(3))
    endings.resign(resigned, resigner)
    assert service.game(resigned).outcome().to_data() == {
        "winners": winners, "reason": f"{seats[resigner - 1]} resigned", "at_limit": False, "ended_by": "resignation"}
    for seat in range(1, len(seats) + 1):
        if seat != resigner:
            endings.offer_draw(drawn, seat)
    assert service.game(drawn).outcome() is None  # the last seat has not agreed yet
    endings.offer_draw(drawn, resigner)
    outcome = service.game(drawn).outcome()
    assert (outcome.winners, outcome.ended_by) == ([], "agreement")
    game = service.game(aborted)
    seat = game.to_act()[0]
    service.submit(aborted, seat, game.rules.legal_commands(game.state, seat)[0])
    endings.abort(aborted, seat)
    outcome = service.game(aborted).outcome()
    assert (outcome.winners, outcome.ended_by) == ([], "abort")
