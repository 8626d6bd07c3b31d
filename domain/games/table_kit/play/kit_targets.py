"""What a kit's rules compile besides their actions and steps: named values (``play.let``, ``kit_lets``), keyed
counters (``counters[].keys``: the keys of one at a table, its value as expressions read it, the key a step
names) and a piece kind worked out as a step is taken; and the widths the values of these give expressions
(``wide_sizes``), by which what an expression may cost is priced.

``CompiledRules`` (``kit_compile``) takes these as its own (``Targets``); each mistake is a ``RuleMistake``
at its place in the document, as every other mistake in the rules is (``kit_rule_mistakes``).
"""

from __future__ import annotations

from typing import Any

from domain.games.table_kit.language import kit_lets
from domain.games.table_kit.language.expressions import Expression
from domain.games.table_kit.vocabulary.kit_mistakes import did_you_mean
from domain.games.table_kit.vocabulary.kit_parameters import LONGEST_LIST
from domain.games.table_kit.vocabulary.kit_rule_mistakes import RuleMistake
from domain.games.table_kit.language.kit_sizes import MOST_KEYS, counter_keys, stored_key

Path_ = tuple[str | int, ...]


def wide_sizes(document: dict[str, Any], largest: int, seats: int) -> list[tuple[str, int]]:
    """The names whose values hold more than a seat's worth of entries: a keyed counter (its keys, times the
    seats for one each seat has), a list parameter (up to ``LONGEST_LIST``) and a named value (a list as wide as
    the widest the kit gives)."""
    keyed = [(spec["name"], (len(spec["keys"]) if isinstance(spec["keys"], list) else spec["keys"] if isinstance(spec["keys"], int) else MOST_KEYS)
              * (seats if spec.get("each", True) else 1)) for spec in document.get("counters", []) if "keys" in spec]
    lists = [(name, LONGEST_LIST) for name, spec in document.get("parameters", {}).items() if isinstance(spec["default"], list)]
    widest = max([largest, *(width for _, width in (*keyed, *lists))])
    lets = [(name, widest) for name in document.get("play", {}).get("let", {})]
    return [*keyed, *lists, *lets]


class Targets:
    """The named values, keyed counters and worked-out kinds of a kit's rules (mixed into ``CompiledRules``)."""

    lets: dict[str, Expression]
    let_sources: dict[str, Any]
    counters: dict[str, dict[str, Any]]
    kinds: frozenset[str]
    names: frozenset[str]
    sizes: Any
    _let_costs: dict[str, int]
    _fixed_keys: dict[str, list[Any]]
    _keys_known: dict[str, tuple[Any, int, list[Any]]]
    """Each keyed counter's keys worked out last (``keys_of``): the game's parameters (the very dict), its seats, the keys."""
    _keyed_known: dict[str, tuple[Any, list[Any], int, dict[Any, Any]]]
    """Each keyed counter's map made last (``keyed``): the table's counters (the very dict), the keys, the seats, the map."""

    def _expr(self, source: Any, path: Path_, names: frozenset[str] | None = None) -> Expression:
        raise NotImplementedError

    def _told(self, mistake: RuleMistake) -> None:
        raise NotImplementedError

    def _compile_lets(self) -> None:
        """``play.let`` compiled: each named value's expression, no cycle among them, each priced (a mistake told
        as ``_told`` does: raised, or kept with the others when every one is gathered)."""
        for name, source in self.let_sources.items():
            try:
                self.lets[name] = self._expr(source, ("play", "let", name))
            except RuleMistake as mistake:
                self._told(mistake)
        loop = kit_lets.cycle(self.lets)
        if loop is not None:
            self._told(RuleMistake(("play", "let", loop[0]), f"the named values read each other round in a cycle ({' -> '.join(loop)}): "
                                                          "none of them could be worked out"))
            return
        self._let_costs = kit_lets.costs(self.lets, self.sizes)
        for name, found in self.lets.items():
            problem = kit_lets.cost_problem(self.lets, self._let_costs, found, self.sizes)
            if problem is not None:
                self._told(RuleMistake(("play", "let", name), problem))

    def keys_of(self, name: str, state: Any) -> list[Any]:
        """A keyed counter's keys at a table (worked out from its parameters and seats where written so: once a game,
        its parameters being one dict all game long, never changed in place)."""
        fixed = self._fixed_keys.get(name)
        if fixed is not None:
            return fixed
        known = self._keys_known.get(name)
        if known is not None and known[0] is state.parameters and known[1] == state.seats:
            return known[2]
        keys = counter_keys(self.counters[name], ("counters", list(self.counters).index(name)), state.parameters, state.seats)
        self._keys_known[name] = (state.parameters, state.seats, keys)
        return keys

    def keyed(self, name: str, state: Any) -> dict[Any, Any]:
        """A keyed counter as expressions read it: a map by key; a seat's, a map by seat of those (made once for a
        table's counters, which are never changed in place: a fact that changes one makes new ones)."""
        counters, keys = state.counters, self.keys_of(name, state)
        known = self._keyed_known.get(name)
        if known is not None and known[0] is counters and known[1] is keys and known[2] == state.seats:
            return known[3]
        if not self.counters[name].get("each", True):
            found: dict[Any, Any] = {key: counters[stored_key(name, key, None)] for key in keys}
        else:
            found = {seat: {key: counters[stored_key(name, key, seat)] for key in keys} for seat in range(1, state.seats + 1)}
        self._keyed_known[name] = (counters, keys, state.seats, found)
        return found

    def _counter_key(self, counter: str, spec: dict[str, Any], at: Path_, expr: Any) -> Expression | None:
        """The key a step on a keyed counter names (``key: number``): needed for one, refused for another;
        a key written as a constant is checked against keys written out."""
        keyed = "keys" in self.counters[counter]
        if keyed != ("key" in spec):
            raise RuleMistake((*at, "key") if "key" in spec else at, f"{counter} has keys: say which one (key: ...)" if keyed
                           else f"{counter} has no keys (a counter with keys: ... has)")
        if not keyed:
            return None
        found = expr(spec["key"], (*at, "key"))
        fixed, constant = self._fixed_keys.get(counter), None if found.names or found.functions else found.shortcut
        if fixed is not None and constant is not None and not isinstance(constant, bool) and constant not in fixed:
            raise RuleMistake((*at, "key"), f"{counter} has no key {constant!r}{did_you_mean(str(constant), [str(k) for k in fixed])}; its keys: {', '.join(map(str, fixed))}")
        return found

    def _kind_expression(self, source: Any, at: Path_, expr: Any) -> Expression:
        """A piece kind worked out as the step is taken (``kind: "n % 2 == 0 ? 'red' : 'blue'"``): a name that is
        no kind and reads none of the kit's names is a kind misspelt."""
        known = f"; the kit's pieces: {', '.join(sorted(self.kinds))}" if self.kinds else ""
        if not isinstance(source, str) or source.isidentifier() and source not in self.names:
            raise RuleMistake(at, f"no piece of kind {source!r}{did_you_mean(source, self.kinds)}{known}")
        try:
            found = expr(source, at)
        except RuleMistake as mistake:
            said = mistake.message
            raise RuleMistake(at, f"no piece of kind {source!r}{known}, nor an expression giving one: {said}") from None
        if not found.names and not found.functions and found.shortcut not in self.kinds:
            raise RuleMistake(at, f"no piece of kind {found.shortcut!r}{known}")
        return found

