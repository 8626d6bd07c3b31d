"""The guide's tutorial "Play a game in the terminal" (``tutorials/play-in-the-terminal.md``) works as written
for a newcomer who has just run the install line: the page's shell blocks run with bash in a new folder whose
``.venv`` is this test run's venv, with that venv's ``bin`` not on ``PATH`` (only the tutorial's own activation
puts ``ludolog`` there). Every command must succeed, except those the page says exit 1, and the output the page
prints under a command must be what it prints (game ids and hashes aside, which the page says differ).
Interactive and long-running commands (``play``, ``serve``) are left out."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.documentation import page

TUTORIAL = "tutorials/play-in-the-terminal.md"
SKIPPED = ("ludolog play", "ludolog serve")
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
HASH = re.compile(r"\b[0-9a-f]{64}\b")


@dataclass
class Step:
    command: str
    output: list[str] = field(default_factory=list)

    @property
    def may_fail(self) -> bool:
        """The page says this command is refused: ``# ... exit 1 ...``."""
        return "exit 1" in self.command.partition("#")[2]


def tutorial_steps(text: str) -> list[Step]:
    """The commands of the page's shell blocks in order, each with the output the page shows."""
    steps: list[Step] = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        lines = block.splitlines()
        if not any(line.startswith("$ ") for line in lines):  # commands only
            steps += [Step(line) for line in lines if line.strip() and not line.startswith("#")]
            continue
        for line in lines:
            if line.startswith("$ "):
                steps.append(Step(line[2:]))
            else:
                steps[-1].output.append(line)
    return steps


def normalised(line: str) -> str:
    return HASH.sub("<hash>", UUID.sub("<id>", line)).rstrip()


def shows(expected: list[str], actual: list[str]) -> bool:
    """Whether the page's lines appear in the real output in order (a line ending in ``...`` is cut
    short: the real line starts with it)."""
    remaining = iter(normalised(line) for line in actual)
    for want in map(normalised, expected):
        cut = want.endswith("...")
        stem = want.removesuffix("...").rstrip()
        if not any((line.startswith(stem) if cut else line == want) for line in remaining):
            return False
    return True


def test_the_tutorial_has_the_activation_first_and_marks_the_refused_command():
    steps = tutorial_steps(page(TUTORIAL))
    assert steps[0].command.strip() == ". .venv/bin/activate"
    assert [step.command.split()[1] for step in steps if step.may_fail] == ["act"]
    assert sum(1 for step in steps if step.output) >= 3


def test_the_tutorial_runs_as_written_after_the_install_line(tmp_path):
    steps = [step for step in tutorial_steps(page(TUTORIAL))
             if not any(skipped in step.command for skipped in SKIPPED)]
    venv_bin = str(Path(sys.prefix) / "bin")
    if not (Path(venv_bin) / "ludolog").exists():
        pytest.skip("ludolog is not installed in this test run's venv")
    (tmp_path / ".venv").symlink_to(sys.prefix)
    path = os.pathsep.join(part for part in os.environ.get("PATH", "").split(os.pathsep)
                           if part and Path(part).resolve() != Path(venv_bin).resolve())
    env = {key: value for key, value in os.environ.items()
           if key not in ("VIRTUAL_ENV", "LUDOLOG_DATABASE_URL", "LUDOLOG_DB", "PYTHONHOME")}
    env["PATH"] = path
    before = subprocess.run(["bash", "--noprofile", "--norc", "-c", "command -v ludolog"], env=env, cwd=tmp_path,
                            capture_output=True, text=True)
    if before.returncode == 0:
        pytest.skip(f"another ludolog is on PATH outside the venv ({before.stdout.strip()}): the activation is not tested")

    script = []
    for number, step in enumerate(steps):
        script += [f"echo '::step {number}'", step.command, f"echo \"::status {number} $?\""]
    done = subprocess.run(["bash", "--noprofile", "--norc", "-c", "\n".join(script)], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=600)
    outputs: dict[int, list[str]] = {}
    statuses: dict[int, int] = {}
    current = None
    for line in done.stdout.splitlines():
        if match := re.fullmatch(r"::step (\d+)", line):
            current = outputs.setdefault(int(match.group(1)), [])
        elif match := re.fullmatch(r"::status (\d+) (\d+)", line):
            statuses[int(match.group(1))] = int(match.group(2))
        elif current is not None:
            current.append(line)
    assert len(statuses) == len(steps), done.stderr
    for number, step in enumerate(steps):
        allowed = {0, 1} if step.may_fail else {0}
        assert statuses[number] in allowed, f"{step.command!r} exited {statuses[number]}: {done.stderr}"
        assert shows(step.output, outputs[number]), (
            f"the page shows under {step.command!r}:\n" + "\n".join(step.output)
            + "\nbut it printed:\n" + "\n".join(outputs[number]))
    assert "Traceback" not in done.stderr
    refused = [line for line in done.stderr.splitlines() if line.startswith("Error: ")]
    assert len(refused) == sum(1 for number, step in enumerate(steps) if step.may_fail and statuses[number] == 1)
