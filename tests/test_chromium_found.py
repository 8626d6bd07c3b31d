"""The browser tests find Chromium where a machine has it: the file ``LUDOLOG_CHROMIUM`` names, else the first
of ``chromium``, ``chromium-browser`` and ``google-chrome`` on the ``PATH``; without one, the reason they skip
says where it looked."""

from __future__ import annotations

import pathlib

from chromium_path import chromium_missing_reason, find_chromium


def executable(folder: pathlib.Path, name: str) -> pathlib.Path:
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return path


def test_the_chromium_ludolog_chromium_names_comes_first(tmp_path, monkeypatch):
    named = executable(tmp_path / "elsewhere", "my-chromium")
    monkeypatch.setenv("PATH", str(executable(tmp_path / "bin", "chromium").parent))
    monkeypatch.setenv("LUDOLOG_CHROMIUM", str(named))
    assert find_chromium() == named


def test_a_ludolog_chromium_that_is_no_file_is_named_in_the_reason_and_not_passed_over(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(executable(tmp_path / "bin", "chromium").parent))
    monkeypatch.setenv("LUDOLOG_CHROMIUM", str(tmp_path / "missing"))
    assert find_chromium() is None
    assert str(tmp_path / "missing") in chromium_missing_reason()


def test_without_ludolog_chromium_the_path_is_searched_in_order(tmp_path, monkeypatch):
    monkeypatch.delenv("LUDOLOG_CHROMIUM", raising=False)
    first, second = tmp_path / "first", tmp_path / "second"
    executable(first, "google-chrome")
    browser = executable(second, "chromium-browser")
    monkeypatch.setenv("PATH", f"{first}:{second}")
    assert find_chromium() == browser
    executable(first, "chromium")
    assert find_chromium() == first / "chromium"


def test_without_any_the_reason_names_the_variable_and_the_names_looked_for(tmp_path, monkeypatch):
    monkeypatch.delenv("LUDOLOG_CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert find_chromium() is None
    reason = chromium_missing_reason()
    assert "LUDOLOG_CHROMIUM" in reason and all(name in reason for name in ("chromium", "chromium-browser", "google-chrome"))
