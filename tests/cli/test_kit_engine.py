"""``ludolog kit engine``: which engine runs, the compiled one refused once its sources change, ``clean`` and ``build``.

The build itself (a minute of mypyc) is run in a copy of the project by the slow test at the end; the others play
the folder a build leaves behind (a compiled module, the list of its sources) in a folder of their own."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import kit_engine
from cli.main import cli
from domain.games.table_kit.kit_engine import COMPILED, compiled_now

PROJECT = Path(__file__).resolve().parents[2]


@pytest.fixture
def built(tmp_path, monkeypatch):
    """A folder like the project's after a build: a module of ``domain``, a compiled module beside it and the list of
    what it was built from; ``cli.kit_engine`` looks there."""
    source = tmp_path / "domain" / "games" / "table_kit" / "play" / "kit_steps.py"
    source.parent.mkdir(parents=True)
    source.write_text("STEPS = 1\n", encoding="utf-8")
    (source.parent / f"kit_steps{kit_engine.SUFFIX}").write_bytes(b"\x7fELF compiled")
    (source.parents[1] / f"engine__mypyc{kit_engine.SUFFIX}").write_bytes(b"\x7fELF library")
    monkeypatch.setattr(kit_engine, "ROOT", tmp_path)
    monkeypatch.setattr(kit_engine, "BUILT", tmp_path / "domain" / "games" / "table_kit" / "kit_engine.built")
    kit_engine.BUILT.write_text(json.dumps(kit_engine.sources()), encoding="utf-8")
    return source


def test_the_engine_says_whether_it_runs_compiled_or_as_written():
    result = CliRunner().invoke(cli, ["kit", "engine"])
    assert result.exit_code == 0
    found = compiled_now()
    said = f"the kit engine runs compiled: {len(found)} of its {len(COMPILED)} modules" if found else "the kit engine runs as written"
    assert said in result.output


def test_a_build_whose_sources_are_unchanged_may_run(built):
    assert kit_engine.stale() is None


def test_a_source_changed_since_the_build_stops_every_command_in_one_line_naming_it(built):
    built.write_text("STEPS = 2\n", encoding="utf-8")
    assert kit_engine.stale() == "domain/games/table_kit/play/kit_steps.py changed since it was built"
    for command in (["rulesets"], ["kit", "list"], ["kit", "engine"]):
        result = CliRunner().invoke(cli, command, standalone_mode=True)
        assert result.exit_code == 1
        said = ("Error: the compiled kit engine is out of date: domain/games/table_kit/play/kit_steps.py changed since it "
                "was built; run 'ludolog kit engine build' again, or 'ludolog kit engine clean' to run it as written")
        assert result.output.strip().splitlines() == [said]


def test_a_compiled_module_without_the_list_of_its_sources_is_refused(built):
    kit_engine.BUILT.unlink()
    assert kit_engine.stale() == "it was built without a list of its sources"


def test_clean_removes_the_compiled_modules_and_their_list_even_when_out_of_date(built):
    built.write_text("STEPS = 2\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["kit", "engine", "clean"])
    assert result.exit_code == 0
    assert "removed 2 compiled files: the kit engine runs as written" in result.output
    assert kit_engine.compiled_files() == [] and not kit_engine.BUILT.exists()
    assert kit_engine.stale() is None
    assert "no compiled kit engine to remove" in CliRunner().invoke(cli, ["kit", "engine", "clean"]).output


def test_a_build_without_mypy_says_what_to_install_and_changes_nothing(built, monkeypatch):
    monkeypatch.setitem(sys.modules, "mypyc.build", None)  # not importable
    result = CliRunner().invoke(cli, ["kit", "engine", "build"])
    assert result.exit_code == 1
    assert "compiling the kit engine needs mypy: pip install -e '.[engine]'" in result.output
    assert kit_engine.stale() is None and len(kit_engine.compiled_files()) == 2


GAMES = """
import sys
from domain.engine import registry
from domain.games.table_kit.rules import shipped_kit
from domain.thinking.greedy import SimRng
import random
rules = registry.get("table-kit")
for name in sys.argv[1:]:
    kit = shipped_kit(name)
    for seed in range(3):
        source = random.Random(f"{name}-{seed}")
        state = rules.new_state(kit["seats"]["fewest"], rules.resolve_options({"kit": kit}))
        for fact in rules.setup(state, SimRng(source)):
            state = rules.evolve(state, fact)
            print(repr(fact))
        while rules.outcome(state) is None:
            seat = rules.to_act(state)[0]
            legal = rules.legal_commands(state, seat)
            print(seat, legal)
            for fact in rules.decide(state, seat, legal[source.randrange(len(legal))], SimRng(source)):
                state = rules.evolve(state, fact)
                print(repr(fact))
"""
KITS = ("connect-four", "missions-with-rules", "assassination-game-le", "breakthrough", "liars-dice", "kuhn-poker")


def _ludolog(folder: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cli.main", *arguments], cwd=folder, capture_output=True, text=True,
                          check=False, timeout=600)


@pytest.mark.slow
def test_the_compiled_engine_plays_every_command_and_fact_as_written_and_is_refused_once_its_source_changes(tmp_path):
    pytest.importorskip("mypyc.build")
    for part in ("domain", "cli"):
        shutil.copytree(PROJECT / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__", "*.so", "kit_engine.built"))
    built = _ludolog(tmp_path, "kit", "engine", "build")
    assert built.returncode == 0, built.stderr
    assert _ludolog(tmp_path, "kit", "engine").stdout.strip() == f"the kit engine runs compiled: {len(COMPILED)} of its {len(COMPILED)} modules"

    def games(folder: Path) -> str:
        return subprocess.run([sys.executable, "-c", GAMES, *KITS], cwd=folder, capture_output=True, text=True, check=True).stdout

    assert games(tmp_path) == games(PROJECT)  # every legal command and fact of 18 seeded games, compiled and as written
    checked = _ludolog(tmp_path, "kit", "check", "domain/games/table_kit/kits/assassination-game-le.yaml")
    assert checked.returncode == 0 and ": ok" in checked.stdout

    steps = tmp_path / "domain" / "games" / "table_kit" / "play" / "kit_steps.py"
    steps.write_text(steps.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    refused = _ludolog(tmp_path, "rulesets")
    assert refused.returncode == 1
    assert "the compiled kit engine is out of date: domain/games/table_kit/play/kit_steps.py changed" in refused.stderr
    assert _ludolog(tmp_path, "kit", "engine", "clean").returncode == 0
    assert _ludolog(tmp_path, "kit", "engine").stdout.strip().startswith("the kit engine runs as written")


def test_a_build_that_cannot_be_put_in_place_says_so_in_one_line(built, monkeypatch):
    pytest.importorskip("mypyc.build")

    def compiled(arguments, cwd, **_):  # the compiler's work done at once: a compiled module in the copy
        (Path(cwd) / "domain" / "games" / "table_kit" / "play" / f"kit_steps{kit_engine.SUFFIX}").write_bytes(b"\x7fELF")
        return subprocess.CompletedProcess(arguments, 0, "", "")

    def refused(*_):
        raise PermissionError("[Errno 13] Permission denied")

    monkeypatch.setattr(subprocess, "run", compiled)
    monkeypatch.setattr(shutil, "copy2", refused)
    result = CliRunner().invoke(cli, ["kit", "engine", "build"])
    assert result.exit_code == 1
    assert result.output.strip().splitlines()[-1] == ("Error: the compiled kit engine could not be put beside its source: "
                                                      "[Errno 13] Permission denied; 'ludolog kit engine clean' removes what was")


def test_a_build_that_compiles_but_does_not_load_changes_nothing_and_says_why_in_one_line(built, monkeypatch):
    pytest.importorskip("mypyc.build")
    ran = []

    def compiled_then_failing(arguments, cwd, **_):  # the compiler's work done at once; the modules then fail to load
        ran.append(arguments)
        if len(ran) == 1:
            (Path(cwd) / "domain" / "games" / "table_kit" / "play" / f"kit_steps{kit_engine.SUFFIX}").write_bytes(b"\x7fELF")
            return subprocess.CompletedProcess(arguments, 0, "", "")
        return subprocess.CompletedProcess(arguments, 1, "", "Traceback (most recent call last):\n  ...\n"
                                                             "ValueError: mutable default <class 'dict'> for field x\n")

    monkeypatch.setattr(subprocess, "run", compiled_then_failing)
    before = {path: path.read_bytes() for path in kit_engine.compiled_files()}
    result = CliRunner().invoke(cli, ["kit", "engine", "build"])
    assert result.exit_code == 1 and len(ran) == 2 and ran[1][1:2] == ["-c"]
    assert result.output.strip().splitlines()[-1] == ("Error: the kit engine compiled, but does not load: ValueError: mutable "
                                                      "default <class 'dict'> for field x; nothing was changed")
    assert {path: path.read_bytes() for path in kit_engine.compiled_files()} == before and kit_engine.stale() is None


def test_the_load_check_names_a_module_left_uncompiled(tmp_path):
    shutil.copytree(PROJECT / "domain", tmp_path / "domain", ignore=shutil.ignore_patterns("__pycache__", "*.so", "kit_engine.built"))
    done = subprocess.run([sys.executable, "-c", kit_engine.LOADS], cwd=tmp_path, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines()[-1] == f"{min(COMPILED)} was not compiled"


def test_the_how_to_shows_the_build_of_as_many_modules_as_the_engine_compiles():
    said = (PROJECT / "api" / "guide" / "docs" / "how-to" / "compiled-engine.md").read_text(encoding="utf-8")
    modules = len(COMPILED)
    assert f"# compiling {modules} modules of the kit engine (a minute or two)..." in said
    assert f"# the kit engine is compiled: {modules} modules and their library, beside their source" in said
    assert f"# the kit engine runs compiled: {modules} of its {modules} modules" in said
    assert f"# removed {modules + 1} compiled files: the kit engine runs as written" in said
