"""Applying Missions' facts to the state: never validates, never fails, never rolls."""

from __future__ import annotations

from domain.engine.facts import Fact
from domain.games.missions import facts as f
from domain.games.missions.cards import CARDS, LEVEL_OF, LEVELS
from domain.games.missions.checks import landing_phase
from domain.games.missions.state import State


def apply(state: State, fact: Fact) -> State:
    """The state after the fact (a new one: the given state is left as it was)."""
    new = state.copy()
    _APPLY[type(fact)](new, fact)
    return new


def _table_set_up(state: State, fact: f.TableSetUp) -> None:
    n = state.seat_count
    state.positions = list(fact.spaces)
    state.ranks = [fact.rank] * n
    state.hands = [[] for _ in range(n)]
    state.skips = [0] * n
    state.unseen = {str(level): list(CARDS[level].names) for level in LEVELS}
    state.bottom = {str(level): [] for level in LEVELS}
    state.first = fact.first


def _turn_begun(state: State, fact: f.TurnStarted | f.TurnSkipped) -> None:
    state.round = fact.round
    state.turns += 1
    if isinstance(fact, f.TurnSkipped):
        state.skips[fact.seat - 1] -= 1
        return
    state.mover, state.phase, state.rolled = fact.seat, "roll", 0


def _die_rolled(state: State, fact: f.DieRolled) -> None:
    state.rolled, state.phase = fact.face, "move"


def _piece_moved(state: State, fact: f.PieceMoved) -> None:
    state.positions[fact.seat - 1] = fact.to
    state.phase = landing_phase(state, fact.seat)


def _cards_traded(state: State, fact: f.CardsTraded) -> None:
    _swap(state.hands[fact.robber - 1], fact.give, fact.take)
    _swap(state.hands[fact.robbed - 1], fact.take, fact.give)
    state.phase = "landed"  # a rob never happens on a police space: the space acts at once


def _rob_declined(state: State, fact: f.RobDeclined) -> None:
    state.phase = "landed"


def _swap(hand: list[str], out: str, into: str) -> None:
    hand[hand.index(out)] = into


def _mission_drawn(state: State, fact: f.MissionDrawn) -> None:
    _take_from_pile(state, fact.card)


def _mission_rolled(state: State, fact: f.MissionRolled) -> None:
    if fact.success:
        state.hands[fact.seat - 1].append(fact.card)
    else:
        state.bottom[str(LEVEL_OF[fact.card])].append(fact.card)


def _rank_changed(state: State, fact: f.RankChanged) -> None:
    state.ranks[fact.seat - 1] = fact.rank


def _turn_lost(state: State, fact: f.TurnLost) -> None:
    state.skips[fact.seat - 1] += 1


def _card_gained(state: State, fact: f.CardGained) -> None:
    if fact.card:
        _take_from_pile(state, fact.card)
        state.hands[fact.seat - 1].append(fact.card)


def _card_demanded(state: State, fact: f.CardDemanded) -> None:
    state.phase, state.demanded, state.demand_reason = "lose", fact.seat, fact.reason


def _card_lost(state: State, fact: f.CardLost) -> None:
    state.hands[fact.seat - 1].remove(fact.card)
    state.bottom[str(LEVEL_OF[fact.card])].append(fact.card)
    state.demanded, state.demand_reason = 0, ""


def _game_won(state: State, fact: f.GameWon) -> None:
    _over(state, [fact.seat], f"reached ${fact.money:,}")


def _round_limit_reached(state: State, fact: f.RoundLimitReached) -> None:
    _over(state, list(fact.winners), f"the most money after {fact.rounds} rounds (the round limit)")
    state.at_limit = True


def _over(state: State, winners: list[int], reason: str) -> None:
    state.phase, state.mover, state.demanded, state.rolled = "over", 0, 0, 0
    state.winners, state.reason = winners, reason


def _take_from_pile(state: State, card: str) -> None:
    """A drawn card leaves its pile: from the unseen cards, else from the top of those put back."""
    level = str(LEVEL_OF[card])
    if card in state.unseen[level]:
        state.unseen[level].remove(card)
    else:
        state.bottom[level].remove(card)


def _nothing(state: State, fact: Fact) -> None:
    """Facts that only narrate (the space's effect follows in the same command)."""


_APPLY = {
    f.TableSetUp: _table_set_up,
    f.TurnStarted: _turn_begun,
    f.TurnSkipped: _turn_begun,
    f.DieRolled: _die_rolled,
    f.PieceMoved: _piece_moved,
    f.MoveBlocked: _nothing,
    f.CardsTraded: _cards_traded,
    f.RobDeclined: _rob_declined,
    f.MissionDrawn: _mission_drawn,
    f.PileEmpty: _nothing,
    f.MissionRolled: _mission_rolled,
    f.RankChanged: _rank_changed,
    f.TurnLost: _turn_lost,
    f.SnitchRolled: _nothing,
    f.SnitchDeclined: _nothing,
    f.CardGained: _card_gained,
    f.CardDemanded: _card_demanded,
    f.NothingLost: _nothing,
    f.CardLost: _card_lost,
    f.GameWon: _game_won,
    f.RoundLimitReached: _round_limit_reached,
}
