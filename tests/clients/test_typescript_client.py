"""TypeScript types ``openapi-typescript`` generates from ``openapi.yaml`` (no option but the output path) and
the ``openapi-fetch`` client: a plain bot (``bot.ts``) compiles under ``tsc --strict`` (an option object,
optional request fields left out, free-form objects read) and, run by node against a real ``ludolog serve``,
creates a game, plays it to its end choosing legal commands, reads it as each seat and downloads every
export format and the review chart as text."""

from __future__ import annotations

import json
import shutil
import urllib.request

from client_tools import CLIENTS, SALT, SPEC, run

RULESET, SEED = "project-assassination", "3"
"""A short whole game (17 commands with the bot's stride through the legal commands)."""


def test_a_typescript_bot_on_the_generated_types_plays_a_whole_game(npm_bin, server_url, tmp_path):
    run([str(npm_bin / "openapi-typescript"), str(SPEC), "--output", str(tmp_path / "ludolog-api.ts")], cwd=tmp_path)
    for name in ("bot.ts", "tsconfig.json"):
        shutil.copy(CLIENTS / name, tmp_path / name)
    (tmp_path / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    (tmp_path / "node_modules").symlink_to(CLIENTS / "node_modules", target_is_directory=True)
    run([str(npm_bin / "tsc"), "--strict", "--project", str(tmp_path / "tsconfig.json")], cwd=tmp_path)
    played = json.loads(run(["node", str(tmp_path / "out" / "bot.js"), server_url, RULESET, SEED, SALT], cwd=tmp_path).stdout)

    with urllib.request.urlopen(f"{server_url}/games/{played['id']}", timeout=60) as answer:
        stored = json.loads(answer.read())
    assert (stored["ruleset"], stored["status"], stored["version"]) == (RULESET, "over", played["version"])
    assert played["status"] == "over" and played["commands"] > 0 and played["outcome"] == stored["outcome"]
    assert played["events"] > 0 and played["options"] == stored["options"]
    assert {seat: seen["viewer"] for seat, seen in played["views"].items()} == {"1": 1, "2": 2}
    assert all(seen["view"] for seen in played["views"].values())
    header, *events = [json.loads(line) for line in played["exports"]["ndjson"].splitlines()]
    assert (header["id"], header["events"]) == (played["id"], played["version"])
    assert [event["number"] for event in events[:played["version"]]] == list(range(1, played["version"] + 1))
    assert len(json.loads(played["exports"]["json"])["events"]) == played["version"]
    assert played["exports"]["csv"].startswith("number,time,type,seat")
    assert played["exports"]["md"].startswith("# ")
    assert all(played["exports"][page].lower().startswith("<!doctype html>") for page in ("html", "diary"))
    assert "<svg" in played["chart"] and played["chart"].rstrip().endswith("</svg>")
