"""The commands a kit's actions offer are made once a table (``kit_offers``): a command among them is decided as it
was offered, one not among them (another type of value, a key more, another order) is checked in full and refused
as before, a changed list of commands changes nothing the rules offer, and a rule that fails while the commands
are made fails again, with the same message, each time they are asked for."""

from __future__ import annotations

import copy

import pytest

from domain.engine import registry
from domain.engine.errors import IllegalCommand
from domain.engine.randomness import TableRng
from domain.games.table_kit.kit_engine import compiled_now
from domain.games.table_kit.rules import kit_rules_of, shipped_kit

RULES = registry.get("table-kit")
TIC_TAC_TOE = shipped_kit("tic-tac-toe")
PIG = shipped_kit("pig")


def table(kit, seats=2):
    state = RULES.new_state(seats, RULES.resolve_options({"kit": kit}))
    for fact in RULES.setup(state, TableRng()):
        state = RULES.evolve(state, fact)
    return state


def test_an_offered_command_is_decided_and_the_next_seat_is_offered_the_spaces_left():
    state = table(TIC_TAC_TOE)
    legal = RULES.legal_commands(state, 1)
    assert legal[0] == {"type": "act", "action": "mark", "to": "a1"}
    for fact in RULES.decide(state, 1, legal[0], TableRng()):
        state = RULES.evolve(state, fact)
    assert state.pieces and "a1" in state.pieces.values()
    assert {"type": "act", "action": "mark", "to": "a1"} not in RULES.legal_commands(state, 2)
    assert len(RULES.legal_commands(state, 2)) == 8


def test_a_command_not_offered_as_it_stands_is_refused_as_before():
    state = table(TIC_TAC_TOE)
    RULES.legal_commands(state, 1)
    with pytest.raises(IllegalCommand, match="mark chooses to; not extra"):
        RULES.decide(state, 1, {"type": "act", "action": "mark", "to": "a1", "extra": 1}, TableRng())
    with pytest.raises(IllegalCommand, match="mark: to 'z9' is not allowed: it must be a space that is empty"):
        RULES.decide(state, 1, {"type": "act", "action": "mark", "to": "z9"}, TableRng())
    for fact in RULES.decide(state, 1, {"type": "act", "action": "mark", "to": "b2"}, TableRng()):
        state = RULES.evolve(state, fact)
    RULES.legal_commands(state, 2)
    with pytest.raises(IllegalCommand, match="mark: to 'b2' is not allowed: it must be a space that is empty"):
        RULES.decide(state, 2, {"to": "b2", "action": "mark", "type": "act"}, TableRng())  # keys in another order


def test_changing_the_commands_handed_out_changes_nothing_the_rules_offer():
    state = table(TIC_TAC_TOE)
    legal = RULES.legal_commands(state, 1)
    offered = [dict(command) for command in legal]
    legal[0]["to"] = "z9"
    legal.clear()
    with pytest.raises(IllegalCommand, match="mark: to 'z9' is not allowed"):
        RULES.decide(state, 1, {"type": "act", "action": "mark", "to": "z9"}, TableRng())
    again = RULES.legal_commands(state, 1)
    assert again == offered and again[0]["to"] == "a1"
    again[1]["to"] = "z9"
    assert RULES.legal_commands(state, 1) == offered


def test_a_rule_that_fails_while_the_commands_are_made_fails_each_time_they_are_asked_for():
    kit = copy.deepcopy(PIG)
    kit["play"]["actions"][1]["when"] = "turn_total / turn_total == 1"  # hold: the seat may still roll
    state = table(kit)
    for _ in range(2):
        with pytest.raises(IllegalCommand, match="the kit's rules fail here: 'turn_total / turn_total == 1' could not be worked out: division by zero"):
            RULES.legal_commands(state, 1)


def test_a_look_ahead_decides_each_of_a_tables_commands_as_offered_though_each_makes_new_tables(monkeypatch):
    """A bot tries every command of one table in turn, each making tables of its own: the commands handed out stay kept
    (``kit_offers.handed_out``), so none is checked in full again."""
    _stood_in_for_only_as_written()
    from domain.games.table_kit.play.kit_rules import KitRules

    state = table(TIC_TAC_TOE)
    legal = RULES.legal_commands(state, 1)
    checked = []
    real = KitRules._checked
    monkeypatch.setattr(KitRules, "_checked", lambda self, *given: checked.append(given[3]) or real(self, *given))
    for command in legal:
        after = state
        for fact in RULES.decide(state, 1, command, TableRng()):
            after = RULES.evolve(after, fact)
        assert RULES.outcome(after) is None and RULES.to_act(after) == [2]  # the table after it, made and asked about
    assert len(legal) == 9 and checked == []


def test_a_tables_commands_are_let_go_once_another_tables_are_handed_out(monkeypatch):
    _stood_in_for_only_as_written()
    from domain.games.table_kit.play.kit_rules import KitRules

    state = table(TIC_TAC_TOE)
    legal = RULES.legal_commands(state, 1)
    for _ in range(2):
        RULES.legal_commands(table(TIC_TAC_TOE), 1)
    checked = []
    real = KitRules._checked
    monkeypatch.setattr(KitRules, "_checked", lambda self, *given: checked.append(given[3]) or real(self, *given))
    facts = RULES.decide(state, 1, legal[4], TableRng())
    assert checked == [legal[4]]  # let go: checked in full, and decided as before
    assert any(getattr(fact, "to", None) == "b2" for fact in facts)


def _stood_in_for_only_as_written() -> None:
    """A test that counts the calls of ``KitRules._checked`` runs where the rules run as written: compiled, a method's
    calls from the compiled rules are beyond a patch's reach (``ludolog kit engine build``)."""
    if "domain.games.table_kit.play.kit_rules" in compiled_now():
        pytest.skip("the kit engine runs compiled: KitRules._checked is beyond a patch's reach")


def _looked_ahead(times: int = 4) -> None:
    """A bot's look-ahead: each of the first seat's nine tic-tac-toe commands tried, the next seat asked whether it
    may act (the stuck rule asks) and none of its commands asked for, ``times`` over."""
    for _ in range(times):
        state = table(TIC_TAC_TOE)
        for command in RULES.legal_commands(state, 1):
            RULES.decide(state, 1, command, TableRng())


def _lookahead_then_table(ask_after: bool):
    """Tic-tac-toe tables, each after one of the first seat's nine commands, the next seat asked whether it may act
    (the stuck rule asks), its commands asked for after (``ask_after``: a random game) or not (a bot's look-ahead);
    then a new table asked the same: its offers, and the commands asked for at last."""
    from domain.games.table_kit.play import kit_offers

    rules = kit_rules_of(table(TIC_TAC_TOE))
    kit_offers.asked_after()[:] = [0, 0]  # whatever was asked before
    for _ in range(4):
        state = table(TIC_TAC_TOE)
        for command in RULES.legal_commands(state, 1):
            after = state
            for fact in RULES.decide(state, 1, command, TableRng()):
                after = RULES.evolve(after, fact)
            if ask_after:
                RULES.legal_commands(after, 2)
    state = table(TIC_TAC_TOE)
    assert rules.can_act(state, 1)
    offers = kit_offers._found(rules, state)[2][1]
    made_first = (len(offers.made), offers.rest is None)
    return made_first, RULES.legal_commands(state, 1)


def test_a_seat_asked_whether_it_may_act_has_every_command_made_at_once_where_they_are_asked_for_next():
    made_first, legal = _lookahead_then_table(ask_after=True)
    assert made_first == (9, True) and len(legal) == 9


def test_where_a_look_ahead_asks_for_no_commands_after_the_first_alone_is_made_then_the_rest_when_asked():
    made_first, legal = _lookahead_then_table(ask_after=False)
    assert made_first == (1, False)  # the first alone, the rest waiting
    assert legal == [{"type": "act", "action": "mark", "to": space} for space in
                     ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")]


def test_a_look_ahead_in_another_thread_leaves_this_threads_random_game_making_every_command_at_once():
    import threading

    from domain.games.table_kit.play import kit_offers

    _lookahead_then_table(ask_after=True)  # this thread: a random game's way, every table's commands asked for next
    bot = threading.Thread(target=_looked_ahead, args=(8,))
    bot.start()
    bot.join()
    rules, state = kit_rules_of(table(TIC_TAC_TOE)), table(TIC_TAC_TOE)
    assert rules.can_act(state, 1)
    offers = kit_offers._found(rules, state)[2][1]
    assert (len(offers.made), offers.rest is None) == (9, True)  # made at once, as before the other thread looked ahead
    asked, answered = kit_offers.asked_after()
    assert 2 * answered >= asked
