"""The search bot's ``leaf``: how a new position of its tree is scored. ``"look-ahead"`` (the default) scores
every command there at once (its priors) and takes what the actor's best one leads to; ``"position"`` scores
the position as it stands, and its commands' priors wait for the next simulation through it."""

from __future__ import annotations

import pytest
from search_positions import correction_position

from domain.engine import registry
from domain.engine.game import Game
from domain.thinking.search import Node, SearchBot


def nodes_below_the_root(tree: Node) -> list[Node]:
    found, stack = [], list(tree.children.values())
    while stack:
        node = stack.pop()
        stack.extend(node.children.values())
        found.append(node)
    return found


@pytest.fixture(scope="module")
def position():
    return correction_position()


def test_with_leaf_as_position_a_position_seen_once_has_no_priors_and_one_seen_again_has_them(position):
    rules, state, seat, version = position
    bot = SearchBot("s", simulations=80, leaf="position")
    assert bot.choose(rules, state, seat, version) in rules.legal_commands(state, seat)
    nodes = nodes_below_the_root(bot.last.tree)
    once = [node for node in nodes if node.visits == 1 and not node.children]
    again = [node for node in nodes if node.visits > 1 and node.actor is not None]
    assert once and again
    assert all(not node.prior for node in once)
    assert all(node.prior and node.children for node in again)


def test_by_default_every_position_reached_has_its_priors_from_the_first_simulation(position):
    rules, state, seat, version = position
    bot = SearchBot("s", simulations=80)
    assert bot.leaf == "look-ahead"
    bot.choose(rules, state, seat, version)
    leaves = [node for node in nodes_below_the_root(bot.last.tree) if node.visits == 1 and node.actor is not None]
    assert leaves and all(node.prior for node in leaves)


def test_leaf_as_position_scores_fewer_commands_in_as_many_simulations():
    rules = registry.get("correction")
    game = Game.start(rules, ["A", "B"], rules.resolve_options({}), "5", salt="5eed" * 8)
    seat = game.to_act()[0]
    looked = SearchBot("s", simulations=40)
    looked.choose(rules, game.state, seat, game.version)
    plain = SearchBot("s", simulations=40, leaf="position")
    plain.choose(rules, game.state, seat, game.version)
    scored = sum(len(node.prior) for node in nodes_below_the_root(looked.last.tree))
    assert sum(len(node.prior) for node in nodes_below_the_root(plain.last.tree)) < scored  # the cost saved


def test_an_unknown_leaf_is_refused():
    with pytest.raises(ValueError, match="leaf is one of look-ahead, position, not 'rollout'"):
        SearchBot("s", leaf="rollout")
