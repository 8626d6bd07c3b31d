"""A turn taken together that reveals less than every choice (``play.together.reveal``): goofspiel with its bids
kept secret (``tests/kits/goofspiel-imp-info.yaml``), the table told only who won each round. A seat never sees
the other's bid while the game goes on, in its view or in the facts as it reads them; the owner and the audit see
every bid; once the game is over, all see all. Goofspiel itself (``goofspiel.yaml``) reveals every bid, as every
kit without ``reveal`` does."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from domain.engine import registry
from domain.engine.viewers import OWNER
from domain.games.table_kit.vocabulary import facts as f
from domain.games.table_kit.reading.loading import read_kit
from domain.thinking.greedy import SimRng

RULES = registry.get("table-kit")
KITS = Path(__file__).resolve().parents[2] / "kits"
SEATS = ["Ann", "Ben"]


def kit(name: str) -> dict:
    document, mistakes = read_kit((KITS / f"{name}.yaml").read_text(encoding="utf-8"), f"{name}.yaml")
    assert document is not None, mistakes
    return document


GOOFSPIEL, SECRET_BIDS = kit("goofspiel"), kit("goofspiel-imp-info")


def played(document: dict, seed: int):
    """A game of the kit played to its end by random seats: each table and the facts that led to it, in order."""
    rng = SimRng(random.Random(seed))
    state = RULES.new_state(2, RULES.resolve_options({"kit": document}))
    steps = []
    for fact in RULES.setup(state, rng):
        state = RULES.evolve(state, fact)
        steps.append((fact, state))
    while RULES.outcome(state) is None:
        seat = RULES.to_act(state)[0]
        for fact in RULES.decide(state, seat, rng.choice(RULES.legal_commands(state, seat)), rng):
            state = RULES.evolve(state, fact)
            steps.append((fact, state))
    return steps


def last_bid(state, seat: int) -> int:
    return {"One": 1, "Two": 2, "Three": 3, "Four": 4}[state.zones[f"bid:{seat}"]["cards"][-1]["card"]]


def test_a_kit_without_reveal_shows_every_choice_as_before():
    facts = [fact for fact, _ in played(GOOFSPIEL, 1)]
    shown = [fact for fact in facts if isinstance(fact, f.ChoicesRevealed)]
    assert len(shown) == 4 and not any(isinstance(fact, f.ChoicesKept) for fact in facts)
    assert all(RULES.redact(fact, seat) == fact for fact in shown for seat in (1, 2, None))


def test_with_a_reveal_expression_the_choices_are_kept_and_the_table_told_its_value_who_won_the_round():
    steps = played(SECRET_BIDS, 2)
    kept = [(fact, state) for fact, state in steps if isinstance(fact, f.ChoicesKept)]
    assert len(kept) == 4 and not any(isinstance(fact, f.ChoicesRevealed) for fact, _ in steps)
    for fact, state in kept:
        first, second = last_bid(state, 1), last_bid(state, 2)
        assert fact.shown == (1 if first > second else 2 if second > first else 0)
        assert sorted(choice["seat"] for choice in fact.choices) == [1, 2]
        assert {choice["seat"]: choice["choices"]["card"] for choice in fact.choices} == {
            seat: state.zones[f"bid:{seat}"]["cards"][-1]["card"] for seat in (1, 2)}


def test_a_seat_never_sees_the_other_seats_bid_in_its_view_or_in_the_facts_as_it_reads_them():
    for seed in range(6):
        for fact, state in played(SECRET_BIDS, seed):
            if RULES.outcome(state) is not None:
                break
            for seat, other in ((1, 2), (2, 1)):
                view = RULES.view(state, seat)
                zones = {zone["name"]: zone for zone in view["zones"]}
                assert all(card["card"] is None for card in zones[f"bid:{other}"]["cards"] + zones[f"hand:{other}"]["cards"])
                assert all("action" not in chosen for chosen in view["chosen"] if chosen["seat"] == other)
                seen = RULES.redact(fact, seat)
                if isinstance(seen, f.ChoicesKept):
                    assert [choice for choice in seen.choices if choice["seat"] == other] == [{"seat": other, "action": "", "choices": {}}]
                    assert [choice for choice in seen.choices if choice["seat"] == seat] == [c for c in fact.choices if c["seat"] == seat]
                if isinstance(seen, f.CardMoved) and seen.origin == f"hand:{other}":
                    assert (seen.card, seen.index) == ("", -1)  # not even where it lay in the hand, dealt in a known order
                if isinstance(seen, f.ChoiceSealed) and seen.seat == other:
                    assert (seen.action, seen.choices) == ("", {})
                assert not isinstance(seen, f.ChoicesRevealed)


def test_the_owner_and_the_audit_see_every_bid_and_once_the_game_is_over_every_seat_does(service):
    game_id = service.create_game("table-kit", SEATS, {"kit": SECRET_BIDS}, seed="bids", salt="0" * 32)
    rng = random.Random(3)
    while (game := service.game(game_id)).outcome() is None:
        seat = game.rules.to_act(game.state)[0]
        service.submit(game_id, seat, rng.choice(game.rules.legal_commands(game.state, seat)))
        if game.rules.turn_number(service.game(game_id).state) == 2:  # the first round over: the game goes on
            break
    going = {viewer: [e for e in service.read_events(game_id, viewer=viewer) if e.type == "ChoicesKept"] for viewer in (1, 2, OWNER)}
    assert len(going[OWNER]) == 1 and all(choice["action"] == "bid" for choice in going[OWNER][0].data["choices"])
    for seat in (1, 2):
        assert [bool(choice["action"]) for choice in going[seat][0].data["choices"]] == [c["seat"] == seat for c in going[OWNER][0].data["choices"]]
        assert going[seat][0].data["shown"] == going[OWNER][0].data["shown"]
    owner_zones = {zone["name"]: zone for zone in service.status(game_id, OWNER)["view"]["zones"]}
    assert all(card["card"] for seat in (1, 2) for card in owner_zones[f"bid:{seat}"]["cards"])
    while (game := service.game(game_id)).outcome() is None:
        seat = game.rules.to_act(game.state)[0]
        service.submit(game_id, seat, rng.choice(game.rules.legal_commands(game.state, seat)))
    for seat in (1, 2):
        kept = [e for e in service.read_events(game_id, viewer=seat) if e.type == "ChoicesKept"]
        assert len(kept) == 4 and all(choice["action"] == "bid" for e in kept for choice in e.data["choices"])
        zones = {zone["name"]: zone for zone in service.status(game_id, seat)["view"]["zones"]}
        assert len(zones["bid:1"]["cards"]) == len(zones["bid:2"]["cards"]) == 4
        assert all(card["card"] for other in (1, 2) for card in zones[f"bid:{other}"]["cards"])


def test_with_reveal_none_the_table_is_told_nothing():
    document = copy.deepcopy(SECRET_BIDS)
    document["play"]["together"]["reveal"] = "none"
    kept = [fact for fact, _ in played(document, 4) if isinstance(fact, f.ChoicesKept)]
    assert len(kept) == 4 and all(fact.shown is None for fact in kept)
    assert "told" not in RULES.describe(RULES.redact(kept[0], 1), SEATS)


def test_a_kept_choice_is_told_in_words_with_the_seats_own_choice_alone():
    fact = f.ChoicesKept(1, 2, [{"seat": 1, "action": "bid", "choices": {"card": "Four"}},
                                {"seat": 2, "action": "bid", "choices": {"card": "One"}}])
    assert RULES.describe(RULES.redact(fact, 1), SEATS) == ("The secret choices are carried out and stay secret (Ann: bid card Four). "
                                                            "The table is told: 2.")
    assert "One" not in RULES.describe(RULES.redact(fact, None), SEATS)


def refused(document: dict) -> str:
    found, mistakes = read_kit(json.dumps(document), "kit.json")
    assert found is None
    return "\n".join(mistakes)


@pytest.mark.parametrize(("step", "shows"), [({"play": "card", "to": "bid"}, "face-up"), ({"play": "card", "to": "bid", "face": "up"}, "holder"),
                                             ({"set": "stake", "to": 1}, "holder")])
def test_an_action_kept_secret_whose_step_would_show_its_choice_is_a_mistake_named_at_that_step(step, shows):
    document = copy.deepcopy(SECRET_BIDS)
    document["zones"] = [{**zone, "shows": shows} if zone["name"] == "bid" else zone for zone in document["zones"]]
    document["play"]["actions"][0]["effects"] = [{"play": "card", "to": "bid", "face": "down"}, step]
    said = refused(document)
    assert "play.actions[0].effects[1]" in said or "play.actions.0.effects.1" in said, said
    assert "kept secret (together.reveal)" in said


def test_the_same_action_kept_secret_by_playing_face_down_is_accepted():
    document = copy.deepcopy(SECRET_BIDS)
    document["zones"] = [{**zone, "shows": "face-up"} if zone["name"] == "bid" else zone for zone in document["zones"]]
    document["play"]["actions"][0]["effects"] = [{"play": "card", "to": "bid", "face": "down"}]
    assert read_kit(json.dumps(document), "kit.json")[0] is not None


def test_a_reveal_that_is_not_all_none_or_an_expression_is_a_mistake_named_at_its_place():
    document = copy.deepcopy(SECRET_BIDS)
    document["play"]["together"]["reveal"] = "card(("
    assert "together" in refused(document) and "reveal" in refused(document)
