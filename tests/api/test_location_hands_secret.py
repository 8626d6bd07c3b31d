"""The Location CCG's hidden cards stay secret through every way out (ruling 38): across a whole random
game, seat 1 never learns a card in seat 2's hand, deck or cards put under it before the card is made
public (played, banked, spent, discarded, or destroyed or KO'd from play).

Seat 1 plays a legal deck without Colossus, Shadow Master, Windfall and Safehouse; seat 2 the demo
deck, which has them (the option ``decks``). Until such a card has been shown, none of what seat 1 can
get names it: the game's state, its legal commands, the event log, the event stream and every export
format through the API (seat 1's token), and ``show --as``, ``log --as``, ``replay --as`` and ``export
--as`` in every format through the CLI. The spectator gets the same check through the API. A control
proves the check can fail: the owner's outputs do name those cards while seat 2 holds them.

The deck lists given as the option ``decks`` are written in the game's options, which every seat and
spectator gets with the state and the log; ``public_text`` leaves those ``{card: copies}`` entries out
of the main check, and ``test_ruling_38_seat_1_is_not_told_what_seat_2s_deck_holds_by_the_options``
checks them on their own.

Whether a whole game plays through the API with one token per seat is proved for every ruleset, this
one included, by ``tests/api/test_api_play.py::test_every_ruleset_plays_to_its_outcome_through_the_api``.
"""

from __future__ import annotations

import json
import re
import uuid

from ways_out import SETTINGS, api_outputs, cli_outputs

from api import create_app
from domain.engine.game import Game
from domain.games.location_ccg.cards import pool
from domain.keeping.service import GameService
from domain.keeping.store import store_env

BEN_ONLY = ("colossus", "shadow_master", "windfall", "safehouse")
DEMO = dict(pool().decks["demo"])
ANN_DECK = {**{card: n for card, n in DEMO.items() if card not in BEN_ONLY},
            "phoenix_monk": 3, "katana": 3, "body_armor": 3, "disguise": 3, "ambush": 3, "dojo": 3, "arrest": 3}
OPTIONS = {"decks": [ANN_DECK, DEMO], "turn_limit": 10}
DECK_ENTRY = re.compile(r'"{1,2}(?:' + "|".join(pool().cards) + r')"{1,2}: ?\d+')
"""A ``card: copies`` entry of a deck list, as JSON (``"colossus": 2``) or inside CSV (``""colossus"": 2``)."""
SHOWN = {"CardPlayed": "card", "CardBanked": "card", "CardDiscarded": "card", "CardLeftPlay": "card",
         "ModifierRemoved": "card", "ResourcesSpent": "cards"}
"""The facts that show a card to everyone, and the field that names it."""


def public_cards(service: GameService, game_id) -> set[str]:
    """The cards shown to everyone so far."""
    shown: set[str] = set()
    for fact in (event.as_fact() for event in service.events.get(game_id) if isinstance(event, Game.FactRecorded)):
        field = SHOWN.get(type(fact).__name__)
        if field:
            value = getattr(fact, field)
            shown.update([value] if isinstance(value, str) else value)
    return shown


def public_text(text: str) -> str:
    """The text less the deck lists of the option ``decks`` (``"card": copies``, quoted as JSON or as CSV)."""
    return DECK_ENTRY.sub("", text)


def named(text: str, cards) -> set[str]:
    """The cards the text names, by id or by name."""
    return {card for card in cards
            if re.search(rf"\b{re.escape(card)}\b", text) or re.search(rf"\b{re.escape(pool().cards[card].name)}\b", text)}


SALT = "5eed" * 8
"""The salt of the game here: with it, the seed "hands-9" deals one game."""


def open_game(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    service = GameService(env=store_env(db))
    client = create_app({"LUDOLOG_DATABASE_URL": db, **SETTINGS}, service=service).test_client()
    created = client.post("/games", json={"ruleset": "location-ccg", "seats": ["Ann", "Ben"], "seed": "hands-9", "salt": SALT,
                                          "options": OPTIONS})
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    tokens = {s["seat"]: {"Authorization": f"Bearer {s['token']}"} for s in body["seats"]}
    return db, service, client, uuid.UUID(body["id"]), tokens, {"Authorization": f"Bearer {body['owner_token']}"}


def test_seat_1_never_learns_a_card_in_seat_2s_hand_deck_or_under_before_it_is_shown(tmp_path):
    db, service, client, game_id, tokens, owner = open_game(tmp_path)
    url = f"/games/{game_id}"
    checked, under_checked, secret_seen_by_owner = 0, False, False
    for step, events in enumerate(service.play_bots(game_id, bot_seed=3)):
        game = service.game(game_id)
        if game.outcome() is not None:
            break
        ben = game.state.player(2)
        put_under = any(e.type == "CardsPutUnder" and e.seat == 2 for e in events) and bool(ben["bottom"])
        if step % 20 and not put_under:
            continue
        hidden = set(BEN_ONLY) - public_cards(service, game_id)
        if not hidden & set(ben["hand"] + ben["deck"] + ben["bottom"]):
            continue  # every card only seat 2 has has been shown
        for viewer, headers in (("seat 1", tokens[1]), ("a spectator", {})):
            leaked = named(public_text(api_outputs(client, url, headers, game.version)), hidden)
            assert not leaked, f"step {step}: the API tells {viewer} of {leaked}"
        leaked = named(public_text(cli_outputs(db, str(game_id), "1", tmp_path)), hidden)
        assert not leaked, f"step {step}: the CLI tells seat 1 of {leaked}"
        in_hand = set(ben["hand"] + ben["bottom"]) & hidden
        if in_hand and not secret_seen_by_owner and named(public_text(api_outputs(client, url, owner, game.version)), in_hand):
            secret_seen_by_owner = True  # the check sees a card in a hand or under a deck when it is there
        checked, under_checked = checked + 1, under_checked or bool(hidden & set(ben["bottom"]))
    assert checked >= 3 and under_checked  # some checks met secret cards under seat 2's deck
    assert secret_seen_by_owner
    service.close()


def test_ruling_38_seat_1_is_not_told_what_seat_2s_deck_holds_by_the_options(tmp_path):
    """The option ``decks`` names every card of seat 2's deck: while the game goes on, neither seat 1
    nor a spectator may read it (deck contents are the game owner's secret)."""
    _, service, client, game_id, tokens, owner = open_game(tmp_path)
    url = f"/games/{game_id}"
    assert named(api_outputs(client, url, owner, service.game(game_id).version), BEN_ONLY) == set(BEN_ONLY)
    for viewer, headers in (("seat 1", tokens[1]), ("a spectator", {})):
        state = client.get(url, headers=headers).get_json()
        created = client.get(f"{url}/events", headers=headers).get_json()["events"][0]
        told = json.dumps([state["options"], state["view"]["options"], created["data"]])
        assert not named(told, BEN_ONLY), f"{viewer} reads seat 2's deck list in the game's options"
    service.close()


def test_ruling_38_each_seat_reads_its_own_deck_list_and_the_size_of_the_others(tmp_path):
    """Hidden is not lost: seat 2 reads its own deck list, seat 1 and the spectator only how many
    cards it has, the owner all of it."""
    _, service, client, game_id, tokens, owner = open_game(tmp_path)
    url = f"/games/{game_id}"
    decks = client.get(url, headers=owner).get_json()["options"]["decks"]
    as_ben = client.get(url, headers=tokens[2]).get_json()["options"]["decks"]
    assert as_ben == [f"hidden: {sum(decks[0].values())} cards", decks[1]]
    for headers in (tokens[1], {}):
        shown = client.get(url, headers=headers).get_json()["options"]["decks"]
        assert shown[1] == f"hidden: {sum(decks[1].values())} cards"
    service.close()


def test_ruling_38_the_deck_lists_are_public_once_the_game_is_over():
    service = GameService(env=store_env(None))
    game_id = service.create_game("location-ccg", ["Ann", "Ben"], seed="over", options=OPTIONS, salt=SALT)
    for _ in service.play_bots(game_id, bot_seed=1):
        pass
    assert service.status(game_id, 1)["options"]["decks"] == OPTIONS["decks"]
    assert service.status(game_id, None)["options"]["decks"] == OPTIONS["decks"]
