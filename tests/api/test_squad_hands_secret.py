"""Squad Combat's hands are secret through every way out: seat 1 never learns a card in seat 2's hand
or deck before it is played or discarded, across a whole random game.

Seat 1 plays the red squad and seat 2 the blue one. Some cards are in the blue deck only (Jimbo's
Grudge, Riposte, Rally, Sap, Disrupt): until such a card has been played, discarded or attached in
public, none of what seat 1 can get names it: the game's state, its legal commands, the event log,
the event stream and every export format through the API (seat 1's token), and ``show --as``, ``log
--as``, ``replay --as`` and ``export --as`` in every format through the CLI. The spectator gets the
same check. A control proves the check can fail: the owner's outputs do name those cards."""

from __future__ import annotations

import re
import uuid

import pytest
from ways_out import SETTINGS, api_outputs, cli_outputs

from api import create_app
from domain.engine.game import Game
from domain.games.squad_combat.cards import demo_set_data
from domain.keeping.service import GameService
from domain.keeping.store import store_env

BLUE_ONLY = ("grudge", "riposte", "rally", "sap", "disrupt")
SALT = "5a17" * 8
"""A fixed salt: with the seed it makes the same game on every run, so the count of checks is the same."""
SEEDS = {"v1": "hands-16", "v0.5": "hands-9"}
"""Seeds whose games (bot seed 3) are among the shortest of each rules version: 143 and 159 commands, with 4 and
5 checks while a blue-only card is still hidden (hands-9 under v1 played 260, with 7)."""
NAMES = {card["id"]: card["name"] for card in demo_set_data()["cards"]}


def public_cards(service: GameService, game_id) -> set[str]:
    """The cards shown to everyone so far: played, discarded, attached, healed off."""
    shown: set[str] = set()
    for fact in (event.as_fact() for event in service.events.get(game_id) if isinstance(event, Game.FactRecorded)):
        data = fact.to_data()
        if isinstance(data.get("card"), str):
            shown.add(data["card"])
        shown.update(data.get("discarded", []))
        if type(fact).__name__ == "CardsDiscarded":
            shown.update(data["cards"])
    return shown


def named(text: str, cards) -> set[str]:
    """The cards the text names, by id or by name."""
    return {card for card in cards
            if re.search(rf"\b{re.escape(card)}\b", text) or re.search(rf"\b{re.escape(NAMES[card])}\b", text)}


@pytest.mark.parametrize("rules", ["v1", "v0.5"])
def test_seat_1_never_learns_a_card_in_seat_2s_hand_or_deck_before_it_is_played(tmp_path, rules):
    db = str(tmp_path / "games.sqlite3")
    service = GameService(env=store_env(db))
    app = create_app({"LUDOLOG_DATABASE_URL": db, **SETTINGS}, service=service)
    client = app.test_client()
    created = client.post("/games", json={"ruleset": "squad-combat", "seats": ["Ann", "Ben"], "seed": SEEDS[rules],
                                          "salt": SALT, "options": {"rules": rules}}).get_json()
    game_id, url = uuid.UUID(created["id"]), f"/games/{created['id']}"
    tokens = {s["seat"]: {"Authorization": f"Bearer {s['token']}"} for s in created["seats"]}
    owner = {"Authorization": f"Bearer {created['owner_token']}"}

    checked, secret_seen_by_owner = 0, False
    for step, _ in enumerate(service.play_bots(game_id, bot_seed=3)):
        game = service.game(game_id)
        if game.outcome() is not None:
            break
        if step % 20:
            continue
        hidden = set(BLUE_ONLY) - public_cards(service, game_id)
        held = set(game.state.player(2)["hand"]) | set(game.state.player(2)["deck"])
        if not hidden & held:
            continue  # every blue-only card has been shown
        for viewer, headers in (("seat 1", tokens[1]), ("a spectator", {})):
            leaked = named(api_outputs(client, url, headers, game.version), hidden)
            assert not leaked, f"step {step}: the API tells {viewer} of {leaked}"
        leaked = named(cli_outputs(db, str(game_id), "1", tmp_path), hidden)
        assert not leaked, f"step {step}: the CLI tells seat 1 of {leaked}"
        in_hand = set(game.state.player(2)["hand"]) & hidden
        if in_hand and named(api_outputs(client, url, owner, game.version), in_hand):
            secret_seen_by_owner = True  # the check can see a card in a hand when it is there
        checked += 1
    assert checked >= 3
    assert secret_seen_by_owner
    service.close()
