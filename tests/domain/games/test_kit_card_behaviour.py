"""Card behaviour stated and chosen (domain/games/table_kit/RULINGS.md, rulings 21 to 23): where gathered cards go
(``put: top | bottom | shuffled``), whom the hands are dealt from and how (``hands.start``, ``hands.order``), a forced
outcome not asked of a table, and card games recorded before these replay, import and audit as they were."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from domain.engine import registry
from domain.engine.errors import IllegalCommand, InvalidSetup, OutcomeNeeded
from domain.engine.game import Game
from domain.engine.randomness import Rng, TableRng
from domain.games.table_kit.vocabulary import facts as f
from domain.keeping.access import OWNER
from domain.keeping.service import GameService
from replays import records
from replays.audit import audit

RULES = registry.get("table-kit")
SALT = "5eed" * 8
OLD_GAMES = Path(__file__).parent / "old_card_games"
"""Two games of one kit exported by the code before these rulings (``recorded_before.py.txt`` made them): one
seeded, one told at a table, every forced outcome told as tables then were asked."""
EIGHTS = {"kit": 1, "name": "eights", "title": "Eights", "seats": {"fewest": 2, "most": 4},
          "zones": [{"name": "deck", "shows": "face-down"}, {"name": "discard", "shows": "face-up"}],
          "decks": [{"name": "cards", "pile": "deck", "cards": [{"name": name} for name in ("A", "B", "C", "D", "E", "F", "G", "H")]}]}
"""Eight different cards in a shuffled deck, and a face-up discard pile."""


def table(kit=EIGHTS, seats=2, rng=None):
    state = RULES.new_state(seats, RULES.resolve_options({"kit": kit}))
    for fact in RULES.setup(state, rng or Rng("eights", "setup")):
        state = RULES.evolve(state, fact)
    return state


def command(state, seat, rng=None, **given):
    facts = RULES.decide(state, seat, RULES.check_command(given), rng or Rng("eights", len(state.zones["discard"]["cards"])))
    for fact in facts:
        state = RULES.evolve(state, fact)
    return facts, state


def discarded(seed="eights"):
    """Every card of the deck turned over onto the discard pile, one by one, the first of them ``A``'s place decided
    by ``seed``: the table and the order they came in."""
    state = table(rng=Rng(seed, "setup"))
    for number in range(8):
        _, state = command(state, 1, Rng(seed, number), type="flip", **{"from": "deck", "to": "discard"})
    return state, [entry["card"] for entry in state.zones["discard"]["cards"]]


def test_gather_put_top_lays_the_cards_on_top_as_before_and_the_next_flip_finds_the_last_discard():
    state, order = discarded()
    facts, state = command(state, 1, type="gather", **{"from": "discard", "to": "deck"})
    assert [type(fact) for fact in facts] == [f.PileGathered]  # the default: the fact recorded before
    facts, state = command(state, 1, type="flip", **{"from": "deck", "to": "discard"})
    assert facts[0].card == order[-1] and facts[0].index == 7  # the card just discarded comes up again: no chance


def test_gather_put_bottom_slides_the_cards_under_the_pile_below_its_undecided_cards():
    state = table()
    _, state = command(state, 1, type="flip", **{"from": "deck", "to": "discard"})
    _, state = command(state, 1, type="flip", **{"from": "deck", "to": "discard"})
    order = [entry["card"] for entry in state.zones["discard"]["cards"]]
    facts, state = command(state, 1, type="gather", put="bottom", **{"from": "discard", "to": "deck"})
    assert facts == [f.PileSlidUnder(1, "discard", "deck")]
    deck = state.zones["deck"]
    assert len(deck["pool"]) == 6 and deck["under"] == 2
    assert deck["cards"] == [{"card": card, "up": False, "seen": [1, 2]} for card in order]  # face down, known to all
    drawn = []
    for number in range(8):
        facts, state = command(state, 1, Rng("under", number), type="flip", **{"from": "deck", "to": "discard"})
        drawn.append(facts[0].card)
    assert drawn[-2:] == order[::-1]  # they come up only after every undecided card, the top of them first
    assert RULES.describe(f.PileSlidUnder(1, "discard", "deck"), ["Ann", "Ben"]) == "Ann puts every card of discard under deck."


def test_gather_put_shuffled_makes_the_next_flip_chance_not_the_same_cards():
    firsts = set()
    for seed in ("s1", "s2", "s3", "s4", "s5", "s6"):
        state, order = discarded("eights")
        facts, state = command(state, 1, type="gather", put="shuffled", **{"from": "discard", "to": "deck"})
        assert facts == [f.PileShuffledIn(1, "discard", "deck")]
        assert state.zones["deck"] == {"cards": [], "pool": sorted(order)} and state.zones["discard"] == {"cards": [], "pool": []}
        flipped, _ = command(state, 1, Rng(seed, 99), type="flip", **{"from": "deck", "to": "discard"})
        assert flipped[0].index == -1  # chosen from the undecided cards, by this command's chance
        firsts.add(flipped[0].card)
    assert len(firsts) > 1  # over seeds, different first cards: the order was not kept
    again = RULES.evolve(RULES.evolve(state, f.PileShuffledIn(1, "discard", "deck")), f.PileShuffledIn(1, "discard", "deck"))
    assert again.zones["deck"]["pool"] == sorted(order)  # applying it rolls nothing: the same table every time


def test_gather_put_bottom_or_shuffled_goes_only_onto_a_face_down_pile_and_put_only_with_gather():
    _, state = command(table(), 1, type="draw", **{"from": "deck"})
    for put in ("bottom", "shuffled"):
        with pytest.raises(IllegalCommand, match="a face-down pile; 'discard' is face-up"):
            command(state, 1, type="gather", put=put, **{"from": "hand:1", "to": "discard"})
    facts, _ = command(state, 1, type="gather", put="top", **{"from": "hand:1", "to": "discard"})
    assert facts == [f.PileGathered(1, "hand:1", "discard")]
    kit = {**copy.deepcopy(EIGHTS), "kit": 2, "play": {"actions": [{"name": "turn", "effects": [{"flip": "deck", "to": "discard", "put": "bottom"}]}]}}
    with pytest.raises(InvalidSetup, match="flip does not read 'put'"):
        Game.start(RULES, ["Ann", "Ben"], RULES.resolve_options({"kit": kit}), "x", salt=SALT)


def test_a_kits_gather_step_with_put_shuffled_shuffles_the_discards_back_in():
    kit = {**copy.deepcopy(EIGHTS), "kit": 2, "play": {"actions": [
        {"name": "turn", "when": 'size(cards("deck")) > 0', "effects": [{"flip": "deck", "to": "discard"}]},
        {"name": "reshuffle", "when": 'size(cards("deck")) == 0', "effects": [{"gather": "discard", "to": "deck", "put": "shuffled"}]}]}}
    state = table(kit)
    for number in range(8):
        for fact in RULES.decide(state, 1, {"type": "act", "action": "turn"}, Rng("step", number)):
            state = RULES.evolve(state, fact)
    facts = RULES.decide(state, 1, {"type": "act", "action": "reshuffle"}, Rng("step", 9))
    assert facts == [f.PileShuffledIn(1, "discard", "deck")]


def dealt(kit, seed, seats=3):
    state = RULES.new_state(seats, RULES.resolve_options({"kit": kit}))
    made = RULES.setup(state, Rng(seed, "setup"))
    receivers = [int(fact.to.split(":")[1]) for fact in made if isinstance(fact, f.CardMoved) and fact.how == "deal"]
    first = next(fact.to for fact in made if isinstance(fact, f.TurnPassed))
    return receivers, first


def test_the_deal_order_follows_the_first_player_once_first_random_is_drawn():
    kit = {**copy.deepcopy(EIGHTS), "first": "random", "hands": {"deal": 2, "from": "deck", "start": "first"}}
    firsts = set()
    for seed in ("a", "b", "c", "d", "e", "f"):
        receivers, first = dealt(kit, seed)
        after = [(first - 1 + step) % 3 + 1 for step in range(3)]
        assert receivers == after * 2  # one card at a time round the table, beginning with the first player
        firsts.add(first)
    assert len(firsts) > 1
    receivers, first = dealt({**kit, "hands": {"deal": 2, "from": "deck", "start": "after-first"}}, "a")
    assert receivers[0] == first % 3 + 1 and receivers[2] == first  # the first player deals: dealt last
    receivers, first = dealt({**kit, "hands": {"deal": 2, "from": "deck", "start": "first", "order": "packets"}}, "a")
    assert receivers == [seat for seat in [(first - 1 + step) % 3 + 1 for step in range(3)] for _ in range(2)]


def test_a_kit_that_names_no_deal_order_deals_from_seat_1_before_first_is_drawn_as_before():
    kit = {**copy.deepcopy(EIGHTS), "first": "random", "hands": {"deal": 2, "from": "deck"}}
    state = RULES.new_state(3, RULES.resolve_options({"kit": kit}))
    with pytest.raises(OutcomeNeeded, match="Ann is dealt a card|seat 1 is dealt a card"):
        RULES.setup(state, TableRng())  # the first question is seat 1's card, not who plays first
    receivers, _ = dealt(kit, "a")
    assert receivers == [1, 2, 3, 1, 2, 3]
    ordered = {**kit, "hands": {**kit["hands"], "start": "first"}}
    with pytest.raises(OutcomeNeeded, match="who takes the first turn"):
        RULES.setup(RULES.new_state(3, RULES.resolve_options({"kit": ordered})), TableRng())


def told_game(kit=EIGHTS):
    return Game.start(RULES, ["Ann", "Ben"], RULES.resolve_options({"kit": kit}), "", salt=SALT, table=True)


def test_a_forced_flip_is_not_asked_of_the_table_and_a_two_card_pile_still_is():
    game = told_game()
    for number, card in enumerate("ABCDEF"):
        game.play(1, {"type": "flip", "from": "deck", "to": "discard"}, f"c{number}", outcomes=[card])
    with pytest.raises(OutcomeNeeded, match="turns a card over: which one. .one of: G, H."):
        game.play(1, {"type": "flip", "from": "deck", "to": "discard"}, "two-left")  # two cards: chance, asked
    game.play(1, {"type": "flip", "from": "deck", "to": "discard"}, "c6", outcomes=["H"])
    game.play(1, {"type": "flip", "from": "deck", "to": "discard"}, "c7")  # one card left: forced, nothing asked
    assert game.state.zones["discard"]["cards"][-1]["card"] == "G"
    same = {**copy.deepcopy(EIGHTS), "decks": [{"name": "cards", "pile": "deck", "cards": [{"name": "Gold", "count": 3}]}]}
    gold = told_game(same)
    gold.play(1, {"type": "draw", "from": "deck"}, "d")  # three cards of one name: forced too
    assert [entry["card"] for entry in gold.state.zones["hand:1"]["cards"]] == ["Gold"]


def test_a_forced_outcome_told_as_tables_told_it_before_is_still_taken():
    game = told_game()
    for number, card in enumerate("ABCDEFH"):
        game.play(1, {"type": "flip", "from": "deck", "to": "discard"}, f"c{number}", outcomes=[card])
    game.play(1, {"type": "flip", "from": "deck", "to": "discard"}, "c7", outcomes=["G"])  # told, as every outcome was
    assert game.state.zones["discard"]["cards"][-1]["card"] == "G"
    with pytest.raises(IllegalCommand):
        told_game().play(1, {"type": "flip", "from": "deck", "to": "discard"}, "x", outcomes=["Z"])


@pytest.mark.parametrize("name", ["seeded", "told"])
def test_old_card_games_replay_import_and_audit_identically(name):
    text = (OLD_GAMES / f"{name}.ndjson").read_text(encoding="utf-8")
    service = GameService(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    try:
        game_id = records.import_game(service, text)  # every command decided again and its facts' chain compared
        report = audit(service, game_id)
        assert report.clean, report.problems
        again = [line for line in records.to_ndjson(service, game_id, OWNER).splitlines()[1:]]
        assert again == text.splitlines()[1:]  # the very events, their chain hashes included
    finally:
        service.close()
