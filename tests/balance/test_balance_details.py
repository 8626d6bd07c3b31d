"""The balance report's details: an outlier game kept once however many names it has, replay commands that
name the store the study ran with, a missing output folder refused as ``export`` refuses it, endings
counted by their kind (not their exact amounts), one meaning for "Seat 1 wins", names a designer typed
escaped in every format, and tables that scroll on a phone's screen instead of being cut off."""

from __future__ import annotations

import copy
import json
import re
import shlex
from collections import Counter

import pytest
from cli_runs import invoke, one_line_error

from domain.games.squad_combat.cards import demo_set_data
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from domain.thinking.balance.study import Study, play_study_game, study_games


def test_a_game_that_is_several_outliers_is_kept_once_under_one_id(db_path):
    found = json.loads(invoke("balance", "correction", "--games", "1", "--bot", "random", "--skill", "0", "--db", db_path,
                              "--format", "json", "-q").output)
    assert {"longest", "shortest", "most_lopsided"} <= set(found["kept"])  # one game: all three are game 0
    assert len({kept["game_id"] for kept in found["kept"].values()}) == 1
    assert len(GameService(env=store_env(db_path)).list_games()) == 1


def test_the_replay_command_names_the_store_the_study_ran_with_and_replays_the_game(tmp_path):
    store = str(tmp_path / "my studies" / "balance.sqlite3")
    (tmp_path / "my studies").mkdir()
    found = json.loads(invoke("balance", "correction", "--games", "3", "--bot", "random", "--skill", "0", "--db", store,
                              "--format", "json", "-q").output)
    for kept in found["kept"].values():
        assert kept["command"] == f"ludolog replay {kept['game_id'][:8]} --db {shlex.quote(store)}"
        words = shlex.split(kept["command"])
        replayed = invoke(*words[1:])
        assert replayed.exit_code == 0, replayed.output
        assert "Step 1 " in replayed.output or "step 1" in replayed.output.lower()


def test_a_missing_output_folder_is_refused_like_export_refuses_it_and_nothing_is_left(tmp_path):
    store = tmp_path / "new.sqlite3"
    target = tmp_path / "no-such-folder" / "report.html"
    result = invoke("balance", "correction", "--games", "2", "--skill", "0", "--db", str(store), "--format", "html", "-o", str(target))
    assert one_line_error(result) == f"Error: cannot write {target}: there is no folder {target.parent}"
    exported = invoke("export", "abcd", "--format", "json", "-o", str(target), "--db", str(store))
    assert one_line_error(exported) == one_line_error(result)
    assert list(tmp_path.iterdir()) == []  # no folder made, no store, no report


def test_missions_endings_are_counted_by_their_kind_not_their_amounts():
    study = Study("missions", 3, {}, ("random",) * 3)
    records = [play_study_game(*task) for task in study_games(study, "balance", 30)]
    amounts = Counter(r["reason"] for r in records if r["reason"].startswith("reached $"))
    assert len(amounts) > 1  # the winners reached the target with different sums
    result = invoke("balance", "missions", "--players", "3", "--games", "30", "--bot", "random", "--skill", "0", "--no-keep", "-q",
                    "--format", "json")
    endings = {row["ending"]: row["count"] for row in json.loads(result.output)["findings"]["endings"]}
    reached = [ending for ending in endings if ending.startswith("reached $")]
    assert len(reached) == 1 and endings[reached[0]] == sum(amounts.values())
    low, high = min(amounts, key=lambda r: int(r[9:].replace(",", ""))), max(amounts, key=lambda r: int(r[9:].replace(",", "")))
    assert reached[0] == f"{low}–{high[len('reached '):]}"


def test_seat_wins_are_a_share_of_the_games_one_seat_won_in_every_section():
    result = invoke("balance", "infection", "--games", "8", "--bot", "random", "--skill", "0", "--no-keep", "-q", "--format", "json",
                    "--option", "round_limit=3", "--vs", "round_limit=4")
    report = json.loads(result.output)
    fair, versus = report["findings"]["fairness"], report["versus"]
    assert fair["draws"]["count"] > 0  # some games were drawn: "of all games" would differ
    assert all(row["of"] == fair["decided"] for row in fair["seats"])
    text = invoke("balance", "infection", "--games", "8", "--bot", "random", "--skill", "0", "--no-keep", "-q",
                  "--option", "round_limit=3", "--vs", "round_limit=4").output
    assert f"Seat 1 wins {round(100 * fair['seats'][0]['rate'])}% (" in text
    assert re.search(rf"Seat 1 wins \d+% \(\d+–\d+%\) of the {fair['decided']} games one seat won", text)
    assert re.search(rf"Seat 1 wins \d+% against \d+% of the {versus['decided']} changed games one seat won both ways", text)
    assert "of all" not in text


def strange_squads() -> dict:
    data = copy.deepcopy(demo_set_data())
    data["squads"] = {"<b>Reds</b> | *x*": data["squads"]["red"], "[Blues](http://x)": data["squads"]["blue"]}
    return data


def test_side_names_a_designer_typed_are_escaped_in_markdown_and_html(tmp_path):
    card_set = tmp_path / "set.json"
    card_set.write_text(json.dumps(strange_squads()))
    args = ("balance", "squad-combat", "--games", "2", "--bot", "random", "--skill", "0", "--no-keep", "-q",
            "--option", f"card_set=@{card_set}", "--option", "turn_limit=3")
    markdown = invoke(*args).output
    assert "<b>" not in markdown
    assert r"- The \<b\>Reds\</b\> \| \*x\* squad wins " in markdown and r"| the \[Blues\](http://x) squad | " in markdown
    page = invoke(*args, "--format", "html").output
    assert "<b>Reds" not in page and "<td>the &lt;b&gt;Reds&lt;/b&gt; | *x* squad</td>" in page


def test_every_html_table_scrolls_in_its_own_box_on_a_phone(browser, tmp_path):
    written = tmp_path / "report.html"
    result = invoke("balance", "squad-combat", "--games", "4", "--bot", "random", "--skill", "0", "--no-keep", "-q",
                    "--option", "turn_limit=5", "--format", "html", "-o", str(written))
    assert result.exit_code == 0, result.output
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        page = phone.new_page()
        page.goto(written.as_uri())
        assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing widens the page
        boxes = page.evaluate("""[...document.querySelectorAll('table')].map(t => {
            const box = t.parentElement, rect = box.getBoundingClientRect();
            return {scrolls: getComputedStyle(box).overflowX, right: rect.right, wide: t.scrollWidth > box.clientWidth,
                    reached: (box.scrollLeft = 1e6, box.scrollLeft + box.clientWidth >= t.scrollWidth - 1)}; })""")
        assert boxes and all(box["scrolls"] == "auto" and box["right"] <= 390 and box["reached"] for box in boxes)
        assert any(box["wide"] for box in boxes)  # the card table is wider than the phone: it scrolls, all of it in reach
    finally:
        phone.close()


@pytest.mark.parametrize("form", ["markdown", "json"])
def test_a_study_on_a_store_that_keeps_nothing_offers_no_replay(form):
    result = invoke("balance", "correction", "--games", "2", "--bot", "random", "--skill", "0", "--db", ":memory:", "-q",
                    "--format", form)
    assert result.exit_code == 0, result.output
    assert "ludolog replay" not in result.output
