"""The examples of the README and of every page of the guide run as printed. Every fenced block of shell
(``sh``, ``console``) or that holds a
``$ `` prompt is an example, and each one either runs here or says at its top why it cannot
(``# not run by the tests: REASON``: installing, serving, a benchmark, a prompt that waits for typing); the
counts of both are pinned below, so a new block is never skipped without a word.

Blocks are read page by page (``tests/documentation.py``); a session never crosses from one page to the next.
A block runs with bash in a new folder (holding a link to the project's ``domain/``, where the shipped kits
are, as the folder a reader installed in does), with the ``ludolog`` of this test run first on ``PATH`` and
its default store, a new ``ludolog.sqlite3``. A block that calls ``http://127.0.0.1:8000`` gets a ``ludolog
serve`` of its own on that folder's store, on a free port put in the address's place. A block whose top
says ``# continues the ...`` (and what it takes from there: ``# continues the game above: $API, $GAME``)
runs in the same shell right after the block before it, with its variables and files.

Two ways of printing output are read. After a ``$ `` command, the lines up to the next ``$ `` are what it
prints, line by line. In a block without prompts, the ``# `` lines right under a command are what it prints
(a comment line after a blank line, or at the block's top, is prose); a long answer may be wrapped over
several such lines, so whitespace is not compared there. A command must print exactly that on its standard
output and then its error output, and exit 0; or, where its comment says ``exit 1``, exit 1 with nothing
but an ``Error:`` line on its error output, which the page may leave out.

What is not compared, as it differs from run to run: game ids (any UUID), timestamps and dates; and
whatever the page cuts short with ``...`` (a line that is only ``...`` stands for any lines; inside a line
for any text: tokens, hashes of timed events, milliseconds)."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import takewhile
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from tests.documentation import ROOT, pages

SHELL_LANGUAGES = ("sh", "console", "bash", "shell")
NOT_RUN = "# not run by the tests: "
CONTINUES = "# continues the "
ADDRESS = "http://127.0.0.1:8000"
RUN, NOT_RUN_COUNT = 61, 48
"""How many example blocks run, and how many say why they cannot, on every page: change them with the pages."""

UUID = re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b")
TIME = re.compile(r"\b\d{4}-\d\d-\d\d(?:[ T]\d\d:\d\d:\d\d(?:\.\d+)?)?(?:\+00:00| UTC)?"
                  r"|\b[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT")
"""A time or a date as the CLI and the API print them (ISO 8601, and HTTP's ``Date``)."""


@dataclass
class Step:
    """A command of an example and the output the page prints under it."""

    command: list[str] = field(default_factory=list)
    printed: list[str] = field(default_factory=list)

    @property
    def refused(self) -> bool:
        """The page says this command fails: ``# ... exit 1 ...`` on its line."""
        return any("exit 1" in line.partition("#")[2] for line in self.command)


@dataclass
class Example:
    """A fenced block of shell on a page."""

    line: int
    text: str
    page: str = "README.md"

    @property
    def notes(self) -> list[str]:
        """The comment lines at the block's top."""
        return list(takewhile(lambda line: line.startswith("#"), self.text.splitlines()))

    @property
    def not_run(self) -> str | None:
        """Why the block cannot run in a test, if it says so."""
        return next((line.removeprefix(NOT_RUN) for line in self.notes if line.startswith(NOT_RUN)), None)

    @property
    def continues(self) -> bool:
        """Whether the block runs after the one before it, in the same shell."""
        return any(line.startswith(CONTINUES) for line in self.notes)

    @property
    def prompted(self) -> bool:
        """Commands after ``$ ``, output under them; else ``# `` output under each command."""
        return any(line.startswith("$ ") for line in self.text.splitlines())

    def steps(self) -> list[Step]:
        """The block's commands in order, each with what the page prints under it."""
        return self.prompted_steps() if self.prompted else self.commented_steps()

    def prompted_steps(self) -> list[Step]:
        steps: list[Step] = []
        for line in self.text.splitlines()[len(self.notes):]:
            if line.startswith("$ "):
                steps.append(Step([line.removeprefix("$ ")]))
            elif steps[-1].command[-1].endswith("\\") and not steps[-1].printed:
                steps[-1].command.append(line)
            else:
                steps[-1].printed.append(line)
        return steps

    def commented_steps(self) -> list[Step]:
        steps: list[Step] = []
        after_blank = True
        for line in self.text.splitlines():
            if not line.strip():
                after_blank = True
            elif line.startswith("#"):
                if steps and not after_blank:
                    steps[-1].printed.append(line.removeprefix("#").removeprefix(" "))
            else:
                if after_blank or steps[-1].printed:
                    steps.append(Step())
                steps[-1].command.append(line)
                after_blank = False
        return steps


def examples() -> list[Example]:
    """Every fenced block of shell, or with a ``$ `` prompt, page by page, in order."""
    found = []
    for path, text in pages().items():
        fences = [token for token in MarkdownIt("commonmark").parse(text) if token.type == "fence"]
        found += [Example(token.map[0] + 1, token.content, path) for token in fences
                  if token.info.strip() in SHELL_LANGUAGES
                  or any(line.startswith("$ ") for line in token.content.splitlines())]
    return found


def sessions() -> list[list[Example]]:
    """The blocks that run, each with the blocks that continue it."""
    found: list[list[Example]] = []
    for example in examples():
        if example.not_run is None:
            if example.continues:
                assert found and found[-1][-1].page == example.page, f"{example.page}:{example.line} continues no block of its page"
                found[-1].append(example)
            else:
                found.append([example])
    return found


def normalised(text: str) -> str:
    """The text with its game ids and times replaced by what they are."""
    return TIME.sub("<time>", UUID.sub("<game id>", text))


def pattern(step: Step, prompted: bool) -> re.Pattern[str]:
    """What the step must print: the page's lines, ``...`` standing for what is cut."""
    if not prompted:
        squeezed = re.sub(r"\s+", "", normalised("\n".join(step.printed)))
        return re.compile(".*?".join(map(re.escape, squeezed.split("..."))), re.S)
    parts = []
    for line in step.printed:
        line = normalised(line).rstrip()
        parts.append(r"(?:[^\n]*\n)*?" if line == "..." else "[^\n]*?".join(map(re.escape, line.split("..."))) + "\n")
    return re.compile("".join(parts))


def printed(output: str, prompted: bool) -> str:
    """What a command printed, as ``pattern`` reads it: line by line after a prompt, else without whitespace."""
    if not prompted:
        return re.sub(r"\s+", "", normalised(output))
    return "".join(line.rstrip() + "\n" for line in normalised(output).splitlines())


@pytest.fixture
def folder(tmp_path) -> Path:
    """A new folder, as the one a reader installed in: the shipped kits are at ``domain/``."""
    (tmp_path / "work").mkdir()
    (tmp_path / "work" / "domain").symlink_to(ROOT / "domain")
    return tmp_path / "work"


def ludolog_env() -> dict[str, str]:
    """This test run's environment, its ``ludolog`` first on ``PATH``, none of the ``LUDOLOG_`` settings."""
    ludolog = Path(sys.executable).with_name("ludolog")
    assert ludolog.exists(), f"ludolog is not installed beside {sys.executable}: pip install -e ."
    env = {key: value for key, value in os.environ.items() if not key.startswith(("LUDOLOG_", "VIRTUAL_ENV"))}
    return {**env, "PATH": f"{ludolog.parent}{os.pathsep}{env.get('PATH', '')}", "PYTHONUNBUFFERED": "1"}


@pytest.fixture
def serving(folder) -> Iterator[str]:
    """``ludolog serve`` on the folder's store, on a free port; its address."""
    log = folder.parent / "serve.log"
    with open(log, "wb") as output:
        process = subprocess.Popen(["ludolog", "serve", "--port", "0"], cwd=folder, stdout=output, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, env={**ludolog_env(), "LUDOLOG_BOT_PROCESSES": "0"})
    try:
        deadline = time.monotonic() + 60
        while (found := re.search(r"on (http://[\d.]+:\d+)", log.read_text(errors="replace"))) is None:
            assert process.poll() is None and time.monotonic() < deadline, f"the server did not start:\n{log.read_text()}"
            time.sleep(0.05)
        yield found.group(1)
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    assert "Traceback" not in log.read_text(errors="replace"), log.read_text(errors="replace")


def run(steps: list[Step], folder: Path, address: str) -> list[tuple[str, str, int]]:
    """Each step run in one bash, in order: its standard output, its error output and its exit status."""
    errors = folder.parent / "stderr"
    errors.mkdir()
    script = []
    for number, step in enumerate(steps):
        command = "\n".join(step.command).replace(ADDRESS, address)
        script += ["{", command, f"}} 2> {shlex.quote(str(errors / str(number)))}", f"printf '\\n@@step {number} exit %d@@\\n' $?"]
    process = subprocess.Popen(["bash", "--noprofile", "--norc", "-c", "\n".join(script)], cwd=folder, env=ludolog_env(),
                               stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, start_new_session=True, text=True)
    try:
        output, _ = process.communicate(timeout=300)
    finally:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    chunks = re.split(r"\n?@@step \d+ exit (\d+)@@\n", output)
    assert len(chunks) == 2 * len(steps) + 1, output
    return [(chunks[2 * number], (errors / str(number)).read_text(), int(chunks[2 * number + 1]))
            for number in range(len(steps))]


def needed(reason: str) -> None:
    """Skip, saying why, on a developer's machine; fail under ``CI=true``, where every example must run."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: the documentation's examples must run)", pytrace=False)
    pytest.skip(reason)


def test_every_example_block_runs_or_says_why_not():
    found = examples()
    reasons = [example.not_run for example in found if example.not_run is not None]
    assert all(reason.strip() for reason in reasons)
    assert (len(found) - len(reasons), len(reasons)) == (RUN, NOT_RUN_COUNT), (
        "a block was added or marked: make it run as printed, or start it with '# not run by the tests: REASON', "
        "and set RUN, NOT_RUN_COUNT")
    continuing = [index for index, example in enumerate(found) if example.continues]
    assert all(index > 0 and found[index].not_run is None and found[index - 1].not_run is None
               and found[index - 1].page == found[index].page for index in continuing), \
        "a block that continues another runs, right after a block that runs"
    assert all(example.steps() for example in found if example.not_run is None)


def test_output_is_compared_but_for_ids_times_and_what_the_readme_cuts():
    prompted = Example(1, "$ ludolog show $GAME\nGame 3b1f1c8e-0d2a-4c5e-9f00-1a2b3c4d5e6f at 2026-11-21 01:52:10 UTC\n"
                          "...\nSeed: 3, salt ... (commitment 2515...)\n")
    (step,) = prompted.steps()
    expected = pattern(step, prompted=True)
    assert expected.fullmatch(printed("Game 0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f at 2026-11-25 18:26:04 UTC\nboard\nboard\n"
                                      "Seed: 3, salt 5eed (commitment 2515c873)\n", prompted=True))
    assert not expected.fullmatch(printed("Game 0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f at 2026-11-25 18:26:04 UTC\n"
                                          "Seed: 4, salt 5eed (commitment 2515c873)\n", prompted=True))
    assert not expected.fullmatch(printed("Game 0c1d2e3f at 2026-11-25 18:26:04 UTC\nSeed: 3, salt 5eed (commitment 2515)\n",
                                          prompted=True))
    commented = Example(1, "# prose\ncurl -s $API/games/$GAME | jq -c .\n# {\"version\":3,\n#  \"token\":\"...\"}\n\n# prose\n")
    (step,) = commented.steps()
    assert step.printed == ['{"version":3,', ' "token":"..."}']
    assert pattern(step, prompted=False).fullmatch(printed('{"version":3, "token":"gWL_9Z"}\n', prompted=False))
    assert not pattern(step, prompted=False).fullmatch(printed('{"version":4,"token":"gWL_9Z"}\n', prompted=False))


SLOW_PAGES = {"tutorials/first-kit.md": "a kit written and checked step by step, each check 100 random games",
              "tutorials/balance.md": "balance studies of hundreds of games, and their A/B",
              "tutorials/tune-a-rule.md": "tunes of a thousand games or two each, and a confirmation",
              "reference/kit-language.md": "a kit checked, played command by command and balanced over 100 games",
              "how-to/dask.md": "balance studies spread over a local Dask cluster",
              "explanation/seeds.md": "a seed searched for from a hand, over many candidate seeds",
              "explanation/events-and-replays.md": "whole games recorded, replayed and exported"}
"""The pages whose sessions run in the slow stage (``-m slow``), each for its reason: every full run still runs them."""


@pytest.mark.parametrize("session", [pytest.param(session, marks=pytest.mark.slow) if session[0].page in SLOW_PAGES else session
                                     for session in sessions()],
                         ids=lambda session: f"{session[0].page}:line-{session[0].line}")
def test_the_example_prints_what_the_readme_prints(session, folder, request):
    lacking = [tool for tool in ("bash", "curl", "jq") if shutil.which(tool) is None]
    if lacking:
        needed(f"the documentation's examples need {', '.join(lacking)}, which this machine lacks")
    address = request.getfixturevalue("serving") if any(ADDRESS in example.text for example in session) else ADDRESS
    steps = [(example, step) for example in session for step in example.steps()]
    results = run([step for _, step in steps], folder, address)
    wrong = []
    for (example, step), (output, errors, status) in zip(steps, results):
        where = f"{example.page} line {example.line}: {step.command[0]}"
        assert "Traceback" not in errors and status == (1 if step.refused else 0), f"{where} exited {status}:\n{errors}"
        shown = [output + errors]
        if step.refused:
            assert re.fullmatch(r"(Error: [^\n]*\n)?", errors), f"{where}\n{errors}"
            shown.append(output)
        expected = pattern(step, example.prompted)
        if not any(expected.fullmatch(printed(text, example.prompted)) for text in shown):
            wrong.append(f"{where}\n--- the page prints:\n" + "\n".join(step.printed) + "\n--- it printed:\n" + shown[0])
    assert not wrong, "\n\n".join(wrong)
