"""Every free text of a kit follows the names' plain-text rule: a kit's title, summary, rules, labels, card
texts and fields took terminal escapes and bidirectional overrides, where seat and game names refuse them,
and ``ludolog export --format md`` and ``ludolog kit show`` printed them raw. Now each is refused with a line
naming its field, and every terminal output escapes such characters whatever their source (a kit stored
before the rule, a note, a name)."""

from __future__ import annotations


import pytest
from click.testing import CliRunner

from cli.main import cli
from domain.games.table_kit.reading import checks
from domain.games.table_kit.reading.checks import problems
from domain.games.table_kit.reading.kit import content_hash
from domain.games.table_kit.rules import shipped_kit
from domain.keeping.kit_shelf import ShelvedKit
from domain.keeping.service import GameService
from domain.keeping.store import store_env

from kit_documents import with_text

HOSTILE = ["\x1b[31mred", "\x1b]0;retitled\x07", "bell\x07", "\u202eevil", "zero\u200bwidth"]
PLACES = [("title",), ("summary",), ("rules",), ("decks", 0, "cards", 0, "text"), ("decks", 0, "cards", 0, "fields", "value"),
          ("spaces", 0, "label")]


@pytest.mark.parametrize("path", PLACES, ids=lambda path: ".".join(map(str, path)))
def test_a_kit_text_with_a_terminal_escape_or_a_bidi_override_is_refused_naming_its_field(path):
    kit = shipped_kit("missions")
    for text in HOSTILE:
        found = problems(with_text(kit, path, text))
        assert [(problem.path, problem.message.split(";")[0]) for problem in found] == [
            (path, f"holds the control character U+{ord(next(c for c in text if not c.isprintable())):04X}")]
    assert problems(with_text(kit, ("rules",), "Roll.\n\tThen move.")) == []  # line breaks and tabs in the rules


def test_every_terminal_output_escapes_control_characters_whatever_their_source(tmp_path, monkeypatch):
    """A kit stored before the rule (its title and rules holding ESC, OSC, BEL and U+202E) is shown and
    exported to the terminal with those characters escaped."""
    db = str(tmp_path / "games.sqlite3")
    service = GameService(env=store_env(db))
    kit = shipped_kit("snakes-and-ladders")
    kit["title"], kit["rules"] = "Snakes \u202eevil", "Roll \x1b]0;retitled\x07 and \x1b[31mmove\x1b[0m."
    shelved = ShelvedKit.open(kit["name"])  # as a kit stored before the rule is kept
    shelved.add(kit, content_hash(kit))
    service.save(shelved)
    with monkeypatch.context() as before_the_rule:  # a game recorded before kit texts were checked
        before_the_rule.setattr(checks, "text_problems", lambda document: [])
        game_id = service.create_game("table-kit", ["Ann", "Ben"], {"kit": kit}, seed=1, name="Hostile kit")
    service.close()
    runner = CliRunner()
    shown = runner.invoke(cli, ["kit", "show", kit["name"], "--db", db])
    exported = runner.invoke(cli, ["export", str(game_id), "--format", "md", "--db", db])
    for result in (shown, exported):
        assert result.exit_code == 0, result.output
        assert not any(char in result.output for char in "\x1b\x07\u202e")
    assert "\\u202eevil" in shown.output and "retitled" in shown.output and "retitled" in exported.output
