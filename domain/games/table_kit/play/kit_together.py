"""Turns taken together (``play.together``): every seat chooses its action at once, in secret, as players write
their bids behind a screen or hold out a closed fist.

In the phase the kit names (or in every turn, where it names none), each seat that has an action it may take
chooses one, in any order: the choice is checked as any action is, then kept sealed (``ChoiceSealed``), its
action and choices blank in what any other seat sees, and the seat has acted. Once no seat is left to choose,
the choices are revealed (``ChoicesRevealed``) and carried out, each as its seat, in seat order from the seat
whose turn it is; then the kit's ``revealed`` steps are taken, as that seat (who wins the round, passing the
turn). A seat with no action it may take does not choose; where none can, the stuck rule is taken as in any
turn.

The kit may reveal less (``together.reveal``): ``none``, or an expression (who won the round). Then the choices are
carried out as before, but kept (``ChoicesKept``): every seat is told the expression's value, read once the choices
are carried out and before the ``revealed`` steps, and sees its own choice alone until the game is over (the owner
and the audit see all). Such an action's steps must keep the choice hidden (``shown_before_reveal``): cards played
face down or to a zone only their seat sees, which the rules read. A bot imagining the table does not know another seat's sealed choice: it imagines one the seat could have made
on the table it imagines, from the hand it imagines that seat holds (``imagined_tables.determinize``).
"""

from __future__ import annotations

from typing import Any

from domain.engine.facts import Fact
from domain.engine.randomness import Rng
from domain.games.table_kit.vocabulary import facts as f
from domain.games.table_kit.play.kit_bounds import StepBudget
from domain.games.table_kit.play.kit_steps import Run
from domain.games.table_kit.vocabulary.layout import PHASE, SEALED


def sealed(state: Any) -> dict[int, dict[str, Any]]:
    """Each seat's sealed choice (``{"action", "choices"}``), by seat, in a turn taken together."""
    return {int(key[len(SEALED):]): faces[0] for key, faces in state.dice.items() if key.startswith(SEALED)}


def imagined(rules: Any, state: Any, seat: int, rng: Any) -> tuple[dict[str, list[Any]], bool]:
    """The table's dice and sealed choices as ``seat`` may imagine them on ``state``, a table already dealt as
    it imagines it: each other seat's sealed choice one of the commands it could have made there, at random
    (the seat knows that it has chosen, not what); and whether every such seat could have made one (one that
    could not is left as not having chosen, and the table is better dealt again)."""
    dice = dict(state.dice)
    whole = True
    for other in sealed(state):
        if other != seat:
            allowed = rules.allowed(state, other)
            if not allowed:
                del dice[f"{SEALED}{other}"]
                whole = False
                continue
            command = rng.choice(allowed)
            dice[f"{SEALED}{other}"] = [{"action": command["action"],
                                         "choices": {key: value for key, value in command.items() if key not in ("type", "action")}}]
    return dice, whole


def from_turn(state: Any) -> list[int]:
    """Every seat in order, from the seat whose turn it is."""
    return [(state.turn + n - 1) % state.seats + 1 for n in range(state.seats)]


def taken_together(rules: Any, state: Any) -> bool:
    """Whether the table is in a turn the kit takes together (all seats choosing at once)."""
    if rules.together is None or state.winners is not None or not state.turn:
        return False
    phase = rules.together[0]
    return phase is None or state.counters.get(PHASE, 0) == phase


def reveal(rules: Any, state: Any, rng: Rng, evolve: Any, table: Any, budget: StepBudget | None = None) -> tuple[list[Fact], Any]:
    """The facts (and the table after them) of revealing the sealed choices and carrying each out as its seat, in seat order from the seat
    whose turn it is, then the kit's ``revealed`` steps, its ``whenever`` rules and its endings: all counted as the last
    seat's action's steps (``budget``)."""
    choices = sealed(state)
    lead = state.turn
    order = [seat for seat in from_turn(state) if seat in choices]
    run = Run(rules, state, lead, rng, evolve, table, budget=budget)
    before = rules.conditions_before(run)
    made = [{"seat": seat, "action": choices[seat]["action"], "choices": dict(choices[seat]["choices"])} for seat in order]
    reveals = rules.together[2]
    if reveals == "all":
        run.emit(f.ChoicesRevealed(lead, made))
    for seat in order:
        run.act_as(seat, choices[seat]["choices"])
        run.steps(rules.actions[choices[seat]["action"]]["effects"])
        if run.state.winners is not None:
            break
    run.act_as(lead, {})
    if reveals != "all":
        run.emit(f.ChoicesKept(lead, None if reveals == "none" or run.state.winners is not None else run.value(reveals), made))
    if run.state.winners is not None:
        return run.facts, run.state
    run.steps(rules.together[1])
    rules.after_action(run, before)
    return run.facts, run.state


SHOWING = {"set": "set a counter every seat sees", "add": "add to a counter every seat sees", "roll": "roll a die every seat sees",
           "place": "place a piece every seat sees", "move": "move a piece every seat sees", "capture": "capture a piece every seat sees",
           "give": "give a card to another seat", "reveal": "show a card to every seat", "take": "take a card every seat sees taken",
           "shuffle": "shuffle a pile every seat sees", "gather": "gather a pile every seat sees", "flip": "turn a card face up",
           "deal": "deal cards every seat sees dealt", "end": "end the game", "repeat": "repeat steps every seat sees taken"}
"""What each step an action kept secret may not take would show every seat, as a kit's mistake says it."""


def shown_before_reveal(steps: list[Any], defined: dict[str, list[Any]], shows: dict[str, str],
                        seen: frozenset[str] = frozenset()) -> tuple[str, Any] | None:
    """The first step among an action's ``steps`` (inside ``if`` and named steps too) that would show its seat's
    choice to the others before the kit reveals it, with what it would do: every step but a card played or
    discarded face down to a zone that does not lie face up (``shows``: each zone's, by name) and a card drawn;
    ``None`` if none would."""
    for kind, spec, at in steps:
        if kind in ("play", "discard"):
            zone = spec["to"].rsplit(":", 1)[0] if ":" in spec["to"] else spec["to"]
            if spec.get("face") == "up" or (shows.get(zone, "face-up") == "face-up" and spec.get("face") != "down"):
                return f"{kind} a card face up", at
        elif kind == "if":
            found = shown_before_reveal(spec[1], defined, shows, seen) or shown_before_reveal(spec[2], defined, shows, seen)
            if found is not None:
                return found
        elif kind == "do":
            found = None if spec in seen else shown_before_reveal(defined[spec], defined, shows, seen | {spec})
            if found is not None:
                return found
        elif kind != "draw":
            return SHOWING.get(kind, f"take a {kind} step every seat sees"), at
    return None
