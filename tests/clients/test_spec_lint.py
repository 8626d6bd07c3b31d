"""``openapi.yaml`` passes two public linters with no error: Spectral's OpenAPI ruleset (``spectral:oas``,
``.spectral.yaml`` here) and Redocly's recommended rules (``redocly lint --extends recommended``). Warnings
may remain (the guide's page ``how-to/bot-over-http.md``, "Generated clients", says which and why); each run
prints them."""

from __future__ import annotations

import json
import subprocess

from client_tools import CLIENTS, SPEC, tool_env

SPECTRAL_ERROR = 0
"""Spectral's severities: 0 error, 1 warning, 2 information, 3 hint."""


def lint(command: list[str]) -> subprocess.CompletedProcess[str]:
    """The linter's run (it exits 1 when it finds an error: the findings say which)."""
    return subprocess.run(command, cwd=CLIENTS, capture_output=True, text=True, env=tool_env(), timeout=300, check=False)


def test_spectral_finds_no_error_in_the_spec(npm_bin):
    done = lint([str(npm_bin / "spectral"), "lint", "--ruleset", str(CLIENTS / ".spectral.yaml"), "--format", "json",
                 "--quiet", str(SPEC)])
    findings = json.loads(done.stdout or "[]")
    for finding in findings:
        print(f"spectral {finding['severity']} {finding['code']} {'.'.join(map(str, finding['path']))}: {finding['message']}")
    errors = [finding for finding in findings if finding["severity"] == SPECTRAL_ERROR]
    assert not errors, errors
    assert done.returncode == 0, done.stderr[-2000:]


def test_redocly_recommended_finds_no_error_in_the_spec(npm_bin):
    done = lint([str(npm_bin / "redocly"), "lint", "--extends", "recommended", "--format", "json", str(SPEC)])
    problems = json.loads(done.stdout)["problems"]
    for problem in problems:
        print(f"redocly {problem['severity']} {problem['ruleId']} {problem['location'][0]['pointer']}: {problem['message']}")
    errors = [problem for problem in problems if problem["severity"] == "error"]
    assert not errors, errors
    assert done.returncode == 0, done.stderr[-2000:]
