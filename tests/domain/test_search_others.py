"""The search bot's ``others``: how its tree has the other seats reply. ``"search"`` searches
their replies by their own interest; ``"look-ahead"`` has each play its best look-ahead, as a greedy seat
would, so no simulation goes to another reply; ``"averaged-look-ahead"`` scores each seat's commands as the mean
of three rolls of their chance, as the greedy bot does, rather than by one roll. By default, the game says which
(``Ruleset.search_others``)."""

from __future__ import annotations

import pytest
from search_positions import correction_position

from domain.engine import registry
from domain.engine.facts import Outcome
from domain.engine.game import Game
from domain.thinking.greedy import GreedyBot
from domain.thinking.search import Node, SearchBot


def replies(tree: Node, seat: int) -> tuple[int, int]:
    """The other seats' nodes of a tree with replies searched, and those among them where a reply searched is
    not their best look-ahead (a command whose prior is below the best there)."""
    nodes = wrong = 0
    stack = [tree]
    while stack:
        node = stack.pop()
        stack.extend(node.children.values())
        if node.actor not in (None, seat) and node.children:
            nodes += 1
            best = max(node.prior.values())
            wrong += any(node.prior[key] < best - 1e-6 for key in node.children)
    return nodes, wrong


def visits(tree: Node) -> list[tuple[str, int]]:
    """The tree's shape: each node's commands from the root and its visits."""
    found, stack = [], [("", tree)]
    while stack:
        path, node = stack.pop()
        found.append((path, node.visits))
        stack.extend((f"{path}/{key}", child) for key, child in node.children.items())
    return sorted(found)


@pytest.fixture(scope="module")
def position():
    return correction_position()


def test_with_others_as_look_ahead_the_tree_plays_only_the_other_seats_best_look_ahead(position):
    rules, state, seat, version = position
    bot = SearchBot("s", simulations=60, others="look-ahead")
    command = bot.choose(rules, state, seat, version)
    assert command in rules.legal_commands(state, seat)
    nodes, wrong = replies(bot.last.tree, seat)
    assert nodes > 0 and wrong == 0


def test_by_default_the_tree_searches_the_other_seats_other_replies_too(position):
    rules, state, seat, version = position
    bot = SearchBot("s", simulations=60)
    assert bot.others is None and rules.search_others(2) == "search"  # the game's: Correction searches them
    bot.choose(rules, state, seat, version)
    assert replies(bot.last.tree, seat)[1] > 0


def test_an_unknown_way_for_the_others_is_refused():
    with pytest.raises(ValueError, match="others is one of search, look-ahead, averaged-look-ahead, not 'greedy'"):
        SearchBot("s", others="greedy")


def test_by_default_the_tree_has_the_others_reply_as_the_game_says():
    rules = registry.get("squad-combat")
    assert [rules.search_others(seats) for seats in (2, 3, 4)] == ["search", "averaged-look-ahead", "look-ahead"]
    game = Game.start(rules, ["A", "B", "C"], rules.resolve_options({}), "5", salt="5eed" * 8)  # the same game each run
    while len(rules.legal_commands(game.state, game.to_act()[0])) < 3:
        seat = game.to_act()[0]
        game.play(seat, GreedyBot("g").choose(rules, game.state, seat, game.version), f"c{game.version}")
    seat = game.to_act()[0]
    bots = {others: SearchBot("s", simulations=60, others=others)
            for others in (None, "averaged-look-ahead", "look-ahead", "search")}
    for bot in bots.values():
        bot.choose(rules, game.state, seat, game.version)
    shape = {others: visits(bot.last.tree) for others, bot in bots.items()}
    assert shape[None] == shape["averaged-look-ahead"] != shape["search"]
    assert shape["look-ahead"] != shape["averaged-look-ahead"]


def test_a_game_that_names_no_known_way_for_the_others_is_told_so(position):
    rules, state, seat, version = position

    class Odd(type(rules)):
        def search_others(self, seat_count):
            return "paranoid"

    with pytest.raises(ValueError, match="correction's search_others is one of search, look-ahead, averaged-look-ahead, not 'paranoid'"):
        SearchBot("s", simulations=5).choose(Odd(), state, seat, version)


class SafeOrGamble:
    """A stand-in for a ruleset of three seats, each acting once in turn. Seat 2 chooses between ``safe``
    (worth 0.6 to it) and ``gamble`` (a coin: worth 1 or 0, 0.5 on average); seats 1 and 3 choose nothing that
    matters."""

    name = "safe-or-gamble"

    def seat_count(self, state):
        return 3

    def to_act(self, state):
        return [len(state["played"]) + 1]

    def legal_commands(self, state, seat):
        return [{"type": "safe"}, {"type": "gamble"}] if seat == 2 else [{"type": "a"}, {"type": "b"}]

    def decide(self, state, seat, command, rng):
        worth = {"safe": 0.6, "gamble": float(rng.randint(0, 1))}.get(command["type"], 0.5)
        return [(seat, command["type"], worth)]

    def evolve(self, state, fact):
        seat, played, worth = fact
        return {"played": [*state["played"], played], "worth": {**state["worth"], seat: worth}}

    def outcome(self, state):
        return Outcome([2], "played") if len(state["played"]) == 3 else None

    def evaluate(self, state, seat):
        return state["worth"].get(seat, 0.5)

    def determinize(self, state, seat, rng):
        return state


def second_seat_replies(tree: Node) -> set[str]:
    """The commands the tree's second seat played."""
    return {key for child in tree.children.values() if child.actor == 2 for key in child.children}


def test_with_averaged_look_ahead_the_other_seats_score_a_chancy_command_by_three_rolls_not_one():
    rules, start = SafeOrGamble(), {"played": [], "worth": {}}
    averaged = [SearchBot(str(seed), simulations=20, others="averaged-look-ahead") for seed in range(12)]
    rolled = [SearchBot(str(seed), simulations=20, others="look-ahead") for seed in range(12)]
    gamble = '{"type":"gamble"}'

    def gambles(bots):
        """The gamble's prior at every node of the second seat, over the bots' trees."""
        return [child.prior[gamble] for bot in bots for child in bot.last.tree.children.values() if child.actor == 2]

    for bot in averaged + rolled:
        bot.choose(rules, start, 1, 0)
    assert set(gambles(rolled)) <= {0.0, 1.0}  # one roll: heads or tails
    assert all(prior * 3 == pytest.approx(round(prior * 3)) for prior in gambles(averaged))  # thirds: three rolls
    assert any(0 < prior < 1 for prior in gambles(averaged))  # three rolls that fell both ways
    for bot in averaged:  # the safe command's prior is its worth; the gamble is played where its rolls beat it
        for child in bot.last.tree.children.values():
            assert child.prior['{"type":"safe"}'] == 0.6
            assert set(child.children) == {'{"type":"safe"}' if child.prior[gamble] < 0.6 else gamble}
