"""``ludolog kit engine``: the kit engine compiled with mypyc (``build``), removed again (``clean``), or asked which it
runs (the group alone).

The build copies the ``domain`` package into a folder of its own, compiles the modules ``kit_engine.COMPILED`` names
there (``mypyc.build.mypycify``, setuptools' ``build_ext``; mypy and a C compiler are needed: ``pip install -e
'.[engine]'``), and puts each compiled module beside its source, with the shared library of them all and a list of
what they were built from: the SHA-256 of every Python file of ``domain`` (``BUILT``). A process that finds compiled
modules built from other sources than those beside them would run code that is not the source's: the command line
refuses to start (``stale``), naming the file that changed and the two ways on. Nothing is written until the compiling
has succeeded; a failed build leaves the engine as it was.
"""

from __future__ import annotations

import hashlib
import json
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import click

from cli.terminal import HELP

ROOT = Path(__file__).resolve().parent.parent
"""The folder ``domain`` is in (the project's, or the installed packages')."""
BUILT = ROOT / "domain" / "games" / "table_kit" / "kit_engine.built"
"""What the compiled modules were built from: each Python file of ``domain`` with its SHA-256 (JSON)."""
BUILD = """
import sys
from setuptools import setup
from mypyc.build import mypycify

group, *paths = sys.argv[1:]
setup(name="ludolog-kit-engine", script_args=["--quiet", "build_ext", "--inplace"],
      ext_modules=mypycify(["--follow-imports=silent", "--ignore-missing-imports", *paths], group_name=group))
"""
"""The build, run in a folder of its own by the interpreter running ludolog: its arguments are the group's name and the
modules' paths (this module's constants, never a kit's text)."""
LOADS = """
import sys
import domain.games.table_kit  # the package a command imports, every compiled module of it loaded as one would be
from domain.games.table_kit.kit_engine import COMPILED, compiled_now

missing = sorted(set(COMPILED) - set(compiled_now()))
sys.exit(f"{missing[0]} was not compiled" if missing else 0)
"""
"""The compiled modules tried in the copy they were compiled in before any is put in place: a module that compiles but
fails as it loads would stop every command, ``clean`` among them."""
SUFFIX = EXTENSION_SUFFIXES[0]
"""The name's ending of a module compiled for this interpreter (``.cpython-311-x86_64-linux-gnu.so``)."""


def sources() -> dict[str, str]:
    """Each Python file of ``domain`` (its path from the folder ``domain`` is in) with its SHA-256."""
    return {path.relative_to(ROOT).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted((ROOT / "domain").rglob("*.py"))}


def compiled_files() -> list[Path]:
    """The compiled modules of ``domain`` and their shared library, where they are (``domain`` is Python alone: any
    compiled module in it is the build's)."""
    return sorted({path for suffix in EXTENSION_SUFFIXES for path in (ROOT / "domain").rglob(f"*{suffix}")})


def stale() -> str | None:
    """Why the compiled kit engine may not run (a source changed since it was built, or it was built without a list of
    its sources); ``None`` where it may, or where there is none."""
    if not BUILT.exists():  # the compiled modules' library is beside the list: one folder looked through, not all
        return None if not any(BUILT.parent.glob("*__mypyc*")) else "it was built without a list of its sources"
    try:
        built = json.loads(BUILT.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return f"its list of sources ({BUILT.name}) cannot be read"
    now = sources()
    changed = sorted(set(now.items()) ^ set(built.items()))
    return None if not changed else f"{changed[0][0]} changed since it was built"


def check_not_stale() -> None:
    """Stop (one line, exit 1) where the compiled kit engine was built from other sources than those beside it."""
    why = stale()
    if why is not None:
        raise click.ClickException(f"the compiled kit engine is out of date: {why}; run 'ludolog kit engine build' "
                                   "again, or 'ludolog kit engine clean' to run it as written")


@click.group(invoke_without_command=True, context_settings=HELP)
@click.pass_context
def engine(ctx: click.Context) -> None:
    """The kit engine: compiled with mypyc (faster: the guide's benchmarks say how much), or as written; says which.

    \b
    Examples:
      ludolog kit engine            # which engine this installation runs
      ludolog kit engine build      # compile it (a minute; needs pip install -e '.[engine]' and a C compiler)
      ludolog kit engine clean      # run it as written again
    """
    if ctx.invoked_subcommand is not None:
        return
    check_not_stale()
    from domain.games.table_kit.kit_engine import COMPILED, compiled_now

    found = compiled_now()
    if not found:
        click.echo("the kit engine runs as written (Python); 'ludolog kit engine build' compiles it")
    else:
        click.echo(f"the kit engine runs compiled: {len(found)} of its {len(COMPILED)} modules")


@engine.command(context_settings=HELP)
def build() -> None:
    """Compile the kit engine with mypyc, beside its source (replacing an earlier build)."""
    import shutil
    import subprocess
    import tempfile

    try:
        import mypyc.build  # noqa: F401 -- the compiler, asked for before anything is copied
    except ImportError:
        raise click.ClickException("compiling the kit engine needs mypy: pip install -e '.[engine]'") from None
    from domain.games.table_kit.kit_engine import COMPILED, GROUP

    paths = [f"{name.replace('.', '/')}.py" for name in COMPILED]
    with tempfile.TemporaryDirectory(prefix="ludolog-engine-") as folder:
        shutil.copytree(ROOT / "domain", Path(folder) / "domain", ignore=shutil.ignore_patterns("__pycache__", f"*{SUFFIX}", BUILT.name))
        click.echo(f"compiling {len(paths)} modules of the kit engine (a minute or two)...", err=True)
        done = subprocess.run([sys.executable, "-c", BUILD, GROUP, *paths], cwd=folder, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            said = [line for line in (done.stdout + done.stderr).splitlines() if "error" in line.lower()] or ["(no message)"]
            raise click.ClickException(f"the kit engine could not be compiled: {said[-1].strip()}")
        loads = subprocess.run([sys.executable, "-c", LOADS], cwd=folder, capture_output=True, text=True, check=False)
        if loads.returncode != 0:
            said = [line for line in loads.stderr.splitlines() if line.strip()] or ["(no message)"]
            raise click.ClickException(f"the kit engine compiled, but does not load: {said[-1].strip()}; nothing was changed")
        made = [path for path in Path(folder).glob(f"domain/**/*{SUFFIX}")]
        try:
            _clean()
            for path in made:
                shutil.copy2(path, ROOT / path.relative_to(folder))
            BUILT.write_text(json.dumps(sources(), indent=1), encoding="utf-8")
        except OSError as error:  # a folder that cannot be written: what was put in place refuses to run (``stale``)
            raise click.ClickException(f"the compiled kit engine could not be put beside its source: {error}; "
                                       "'ludolog kit engine clean' removes what was") from None
    click.echo(f"the kit engine is compiled: {len(made) - 1} modules and their library, beside their source")


@engine.command(context_settings=HELP)
def clean() -> None:
    """Remove the compiled kit engine: it runs as written again."""
    removed = _clean()
    click.echo(f"removed {removed} compiled files: the kit engine runs as written" if removed else "no compiled kit engine to remove")


def _clean() -> int:
    """Remove the compiled modules, their library and the list of their sources; how many files were removed."""
    found = compiled_files()
    for path in found:
        path.unlink()
    BUILT.unlink(missing_ok=True)
    return len(found)
