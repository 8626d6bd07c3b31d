"""``ludolog kit check --secrets FILE``: games in which what each seat cannot see is dealt afresh name every value a
seat reads that changes with it (a leak), at its line, exit 1; a kit that keeps its secrets, every shipped kit among
them, passes. Without ``--secrets`` the trace still refuses a public counter worked out from a hand, at its line; and
``show --as`` a seat never shows another seat's private counter."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from cli_runs import invoke

from domain.games.table_kit.rules import KITS

CRAZY_EIGHTS = Path(__file__).parents[1] / "kits" / "crazy-eights.yaml"
BURY = """\
    - name: bury
      summary: put a card face down under the deck; everyone scores what it was worth
      choose:
        - {name: card, card: hand}
      effects:
        - {discard: card, to: deck, under: true}
        - {add: buried, value: 'card(card).points'}
        - {set: points, to: 'sum_of(hand(seat), "points")'}
        - pass: next
"""


def leaky(tmp_path: Path) -> Path:
    """Crazy eights with an action whose public counter tells the worth of a card buried face down: the trace,
    which does not follow a card chosen from the hand, lets it by; the games do not."""
    text = CRAZY_EIGHTS.read_text(encoding="utf-8").replace("  - {name: points, private: true}\n",
                                                            "  - {name: points, private: true}\n  - {name: buried, each: false}\n")
    text = text.replace("  actions:\n", "  actions:\n" + BURY, 1)
    path = tmp_path / "leaky.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_kit_check_secrets_passes_a_kit_whose_hidden_total_is_private():
    result = invoke("kit", "check", str(CRAZY_EIGHTS), "--games", "0", "--secrets", "--secret-games", "5")
    assert result.exit_code == 0, result.output
    assert "  secrets: 5 games," in result.output and result.output.rstrip().endswith("nothing leaks")


def test_kit_check_secrets_names_a_leak_the_trace_misses_at_its_line(tmp_path):
    path = leaky(tmp_path)
    assert invoke("kit", "check", str(path), "--games", "0").exit_code == 0  # the trace reads text: it misses it
    result = invoke("kit", "check", str(path), "--games", "0", "--secrets", "--secret-games", "5")
    assert result.exit_code == 1
    leaks = [line for line in result.output.splitlines() if line.startswith("  leak: ")]
    line = path.read_text(encoding="utf-8").splitlines().index("  - {name: buried, each: false}") + 1
    assert len(leaks) == 1 and leaks[0].startswith(f"  leak: {path}:{line}: counters.1: the counter buried: what seat ")
    assert "after another seat's bury card " in leaks[0] and leaks[0].endswith("changes with what it cannot see")


@pytest.mark.parametrize("name", sorted(path.stem for path in KITS.glob("*.yaml") if "play:" in path.read_text(encoding="utf-8")))
def test_kit_check_secrets_passes_every_shipped_kit(name):
    games = "1" if name == "missions-with-rules" else "2"  # its games are long: one is a few hundred tables
    result = invoke("kit", "check", str(KITS / f"{name}.yaml"), "--games", "0", "--secrets", "--secret-games", games)
    assert result.exit_code == 0, result.output
    assert "nothing leaks" in result.output or "hides nothing" in result.output


def test_kit_check_refuses_a_public_running_counter_worked_out_from_a_hand_at_its_line(tmp_path):
    path = tmp_path / "public.yaml"
    path.write_text(CRAZY_EIGHTS.read_text(encoding="utf-8").replace("{name: points, private: true}", "{name: points}"), encoding="utf-8")
    result = invoke("kit", "check", str(path), "--games", "0")
    assert result.exit_code == 1
    first = result.output.splitlines()[0]
    assert first == (f"{path}:39: play.setup.1.to: 'points' is public, yet set from hand(1), which other seats cannot see: "
                     "make it private: true, or mark it knowingly: true")
    assert "sum_of(hand(1)" in path.read_text(encoding="utf-8").splitlines()[38]


def test_show_as_a_seat_hides_another_seats_private_counter(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    made = invoke("new", str(CRAZY_EIGHTS), "--seat", "Ann", "--seat", "Ben", "--seed", "3", "--db", db)
    assert made.exit_code == 0, made.output
    game = made.output.strip()
    shown = invoke("show", game, "--as", "Ann", "--db", db).output
    assert "Ben's points: hidden" in shown and "Ann's points: hidden" not in shown
    everything = invoke("show", game, "--db", db).output
    assert "Ben's points: hidden" not in everything and "Ben's points: " in everything
    assert yaml.safe_load(CRAZY_EIGHTS.read_text(encoding="utf-8"))["counters"] == [{"name": "points", "private": True}]
