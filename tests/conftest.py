"""Shared fixtures: game services on memory, on a SQLite file, and on each store the service runs on
(``store``, ``store_service``: SQLite and PostgreSQL, see ``stores.py``), with a clock freezegun can
freeze; and a line in the run's summary saying why PostgreSQL cases were skipped and how to run them.

The default run is spread over one worker process per CPU (pytest-xdist: ``-n auto --dist
worksteal`` in pyproject.toml): each worker starts on an equal share of the tests, in file order, and one
that runs out takes tests from the end of the longest queue. Every test's store is its own (a SQLite
file under the worker's ``tmp_path``, a PostgreSQL schema with a random name) and servers listen on
ports the system picks, so no two workers share either. A module-scoped fixture is made once in each
worker that runs a test of the module. A run that selects the load tests (``-m load``) stays in one
process, one test after the other: they measure servers that use every CPU themselves.

A test run on each store for each ruleset (a ``store`` or ``module_store_service`` case crossed with a
``rules`` or ``ruleset`` case) runs each ruleset on one store in the default stage, the rulesets taking the
stores in turn, so that each store and each ruleset is still tested; the rest of the matrix is marked slow
(``pytest -m slow`` runs it). Without PostgreSQL (its cases skipped) every SQLite case stays in the default
stage."""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Iterator

import pytest
from browser_needed import missing
from chromium_path import chromium_missing_reason, find_chromium
from eventsourcing.persistence import DatetimeAsISO, JSONTranscoder
from freezegun.api import FakeDatetime
from stores import POSTGRES_URL, SKIP_REASON, STORES, fresh_store

from domain.engine import registry
from domain.keeping.service import GameService
from domain.keeping.store import store_env


class FakeDatetimeAsISO(DatetimeAsISO):
    """Stores freezegun's FakeDatetime exactly as a datetime (same stored JSON)."""

    type = FakeDatetime


class TestService(GameService):
    """The game service, able to save events stamped under freezegun."""

    name = GameService.name  # the settings prefix stays LUDOLOG_

    def register_transcodings(self, transcoder: JSONTranscoder) -> None:
        super().register_transcodings(transcoder)
        transcoder.register(FakeDatetimeAsISO())


@pytest.fixture
def service() -> Iterator[GameService]:
    """An in-memory game service."""
    yield TestService(env=store_env(None))


@pytest.fixture
def db_path(tmp_path) -> str:
    return str(tmp_path / "games.sqlite3")


@pytest.fixture
def sqlite_service(db_path) -> Iterator[GameService]:
    """A game service on a fresh SQLite file."""
    yield TestService(env=store_env(db_path))


@pytest.fixture(params=STORES)
def store(request, tmp_path) -> Iterator[str]:
    """A fresh, empty store of each kind the service runs on, as the string that names it."""
    with fresh_store(request.param, tmp_path, pool_size="1", max_overflow="8") as location:
        yield location


@pytest.fixture
def store_service(store) -> Iterator[GameService]:
    """A game service on a fresh store of each kind; closed afterwards (its connections with it)."""
    service = TestService(env=store_env(store))
    yield service
    service.close()


@pytest.fixture(scope="module", params=STORES)
def module_store_service(request, tmp_path_factory) -> Iterator[GameService]:
    """A game service on a store of each kind, shared by the tests of one module: for tests that only read
    the games they play (a diary, a page), so that each game is played once a module (``played_games``),
    not once a test."""
    with fresh_store(request.param, tmp_path_factory.mktemp("store"), pool_size="1", max_overflow="8") as location:
        service = TestService(env=store_env(location))
        yield service
        service.close()


STORE_PARAMS = ("store", "module_store_service")
RULESET_PARAMS = ("rules", "ruleset")


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects by the marks
def pytest_configure(config: pytest.Config) -> None:
    """Stop at once where a compiled kit engine is out of date with its source (``ludolog kit engine``): its tests
    would test other code than the source's."""
    from cli.kit_engine import stale

    why = stale()
    if why is not None:
        pytest.exit(f"the compiled kit engine is out of date: {why}; run 'ludolog kit engine build' again, or "
                    "'ludolog kit engine clean'", returncode=1)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The store-by-ruleset matrices: in each test function crossed with both, the i-th of its rulesets (in
    the registry's order) runs in the default stage on SQLite if i is even, on PostgreSQL if odd; its case on
    the other store is marked slow. Only when PostgreSQL is there to run its half."""
    if not POSTGRES_URL:
        _default_rulesets(items)
        return
    order = [rules.name for rules in registry.all_rulesets()]
    cases: dict[object, list[tuple[pytest.Item, str, str]]] = {}
    for item in items:
        crossed = _store_and_ruleset(item, order)
        if crossed is not None:
            cases.setdefault(getattr(item, "function", item), []).append((item, *crossed))
    for crossed in cases.values():
        rulesets = sorted({ruleset for _, _, ruleset in crossed}, key=order.index)
        if len(rulesets) < 2:  # one ruleset: both stores stay
            continue
        for item, store, ruleset in crossed:
            if store != STORES[rulesets.index(ruleset) % len(STORES)]:
                item.add_marker(pytest.mark.slow)
    _one_store_a_function(items, set(cases))
    _default_rulesets(items)


def _default_rulesets(items: list[pytest.Item]) -> None:
    """A test marked ``default_rulesets(*names)`` runs its cases of those rulesets in the default stage; its cases of
    the others are marked slow (a browser's whole game of every ruleset: a few stand for all by default)."""
    for item in items:
        marker = item.get_closest_marker("default_rulesets")
        params = getattr(getattr(item, "callspec", None), "params", {})
        named = [getattr(params[key], "name", params[key]) for key in RULESET_PARAMS if key in params]
        if marker is not None and named and named[0] not in marker.args:
            item.add_marker(pytest.mark.slow)


STORE_SUBJECTS = ("store", "postgres", "retries", "concurren", "stream")
"""Words in the names of the modules whose subject is the store itself (its schema, its retries, its concurrent
writers, its streams): their tests run on both stores in the default stage."""


def _one_store_a_function(items: list[pytest.Item], crossed: set[object]) -> None:
    """The tests run on both stores but not crossed with the rulesets: in each module, the i-th such test function
    (in the order collected) runs in the default stage on SQLite if i is even, on PostgreSQL if odd, so both
    stores are met in every module; its cases on the other store are marked slow (the slow stage runs them).
    A module whose subject is the store itself (``STORE_SUBJECTS``) keeps both."""
    chosen: dict[object, str] = {}
    counted: dict[str, int] = {}
    for item in items:
        function = getattr(item, "function", item)
        params = getattr(getattr(item, "callspec", None), "params", {})
        stores = [params[key] for key in STORE_PARAMS if params.get(key) in STORES]
        module = item.nodeid.split("::")[0]
        if not stores or function in crossed or any(word in module.rsplit("/", 1)[-1] for word in STORE_SUBJECTS):
            continue
        if function not in chosen:
            chosen[function] = STORES[counted.get(module, 0) % len(STORES)]
            counted[module] = counted.get(module, 0) + 1
        if stores[0] != chosen[function]:
            item.add_marker(pytest.mark.slow)


def _store_and_ruleset(item: pytest.Item, rulesets: list[str]) -> tuple[str, str] | None:
    """The store and the ruleset's name of a case crossed with both (``None`` for any other)."""
    params = getattr(getattr(item, "callspec", None), "params", {})
    stores = [params[key] for key in STORE_PARAMS if params.get(key) in STORES]
    named = [getattr(params[key], "name", params[key]) for key in RULESET_PARAMS if key in params]
    names = [name for name in named if isinstance(name, str) and name in rulesets]
    return (stores[0], names[0]) if stores and names else None


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto``: no workers (the run stays in this process, in order) when the mark expression
    selects the load tests; otherwise pytest-xdist's own count, one per CPU."""
    return 0 if _selects(config.getoption("markexpr"), "load") else None


def _selects(markexpr: str, mark: str) -> bool:
    """Whether ``-m markexpr`` selects a test that has only ``mark``."""
    if not markexpr.strip():
        return True
    try:
        from _pytest.mark.expression import Expression  # what -m itself evaluates with
    except ImportError:  # a pytest that moved it: read the expression's words
        words = markexpr.replace("(", " ").replace(")", " ").split()
        return any(word == mark and (i == 0 or words[i - 1] != "not") for i, word in enumerate(words))
    try:
        return bool(Expression.compile(markexpr).evaluate(lambda name, **_: name == mark))
    except Exception:  # noqa: BLE001 - a malformed expression: pytest itself says what is wrong with it
        return False


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:  # noqa: ARG001 - pytest's hook
    """Say in every run's summary (not only with ``-rs``) how many PostgreSQL cases were skipped,
    why, and the command that runs them. Under pytest-xdist the controlling process says it: its
    stats hold every worker's reports (a skip's reason comes back as the same tuple)."""
    if hasattr(config, "workerinput"):  # a pytest-xdist worker: its summary is not shown
        return
    skipped = sum(1 for report in terminalreporter.stats.get("skipped", []) if _skip_reason(report) == SKIP_REASON)
    if skipped:
        cases = "case" if skipped == 1 else "cases"
        terminalreporter.write_line(
            f"{skipped} PostgreSQL {cases} skipped: LUDOLOG_TEST_POSTGRES is not set; "
            "run: LUDOLOG_TEST_POSTGRES=postgresql://user@host:port/dbname python -m pytest", yellow=True)


def _skip_reason(report: pytest.TestReport) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")
    return ""


@pytest.fixture(autouse=True, scope="session")
def no_process_left_behind() -> Iterator[None]:
    """The suite leaves no process behind: at the end of each test process's session the bot workers'
    pool (``api.thinking``) is closed, and no child process of it may still be running."""
    yield
    thinking = sys.modules.get("api.thinking")
    if thinking is not None:
        thinking.close_pool()
    left = multiprocessing.active_children()
    assert not left, f"the tests left {len(left)} processes running: {left}"


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="session")
def chromium_browser():
    """The system's Chromium (``find_chromium``) driven by Playwright (``.ci/run`` installs both), started once a
    worker process (starting Playwright and Chromium takes seconds); without either, the test skips, saying why, or
    fails under ``CI=true`` (``missing``). Tests take it through ``browser``."""
    chromium = find_chromium()
    if chromium is None:
        missing(chromium_missing_reason())
    try:
        import playwright.sync_api as sync_api
    except ImportError:
        missing("Playwright's Python package is not installed")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(chromium), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def browser(chromium_browser):
    """The worker's Chromium for one test: every context (and page) the test opened is closed when it ends, so no
    page of one test, nor its event streams to a server gone, lives on into the next."""
    before = set(chromium_browser.contexts)
    yield chromium_browser
    for context in chromium_browser.contexts:
        if context not in before:
            context.close()
