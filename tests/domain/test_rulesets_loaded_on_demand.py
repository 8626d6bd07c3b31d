"""Rulesets are loaded when first asked for: a fresh process has imported no game, asking for one imports that
one alone, a stored game of a ruleset the process has not met reads back whole (its facts' stored classes
and its state's transcoding are defined on first sight), and threads that meet a ruleset at once define its
classes once, without error."""

from __future__ import annotations

import json
import subprocess
import sys

FRESH = """
import json, sys, threading
from domain.engine import registry, fact_events
import domain.engine.game  # names the base class of the stored fact events, as the store does
from domain.engine.fact_events import fact_topic
from eventsourcing.utils import resolve_topic
before = sorted(name for name in sys.modules if name.startswith("domain.games."))
registry.get("correction")
one = sorted({name.split(".")[2] for name in sys.modules if name.startswith("domain.games.")})
barrier, failures = threading.Barrier(8), []
def meet(name):
    try:
        barrier.wait()
        rules = registry.get(name)
        fact_events.define_for_topic(fact_topic(rules, rules.facts[0]))
    except Exception as error:
        failures.append(repr(error))
classes = {}
for name in ["squad-combat", "location-ccg"]:
    threads = [threading.Thread(target=meet, args=(name,)) for _ in range(8)]
    [thread.start() for thread in threads]
    [thread.join() for thread in threads]
    rules = registry.get(name)
    classes[name] = [resolve_topic(fact_topic(rules, fact)).fact_type is fact for fact in rules.facts]
print(json.dumps({"before": before, "one": one, "failures": failures, "classes": classes}))
"""

READ_BACK = """
import json, sys, uuid
from domain.keeping.service import GameService
from domain.keeping.store import store_env
service = GameService(env=store_env(sys.argv[1]))
game = service.game(uuid.UUID(sys.argv[2]))
print(json.dumps({"version": game.version, "loaded": sorted({n.split(".")[2] for n in sys.modules if n.startswith("domain.games.")})}))
"""


def run(code: str, *args: str) -> dict:
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_a_fresh_process_imports_no_game_and_asking_for_one_imports_that_one():
    found = run(FRESH)
    assert found["before"] == []
    assert found["one"] == ["correction"]


def test_threads_meeting_a_ruleset_at_once_define_its_stored_classes_once_without_error():
    found = run(FRESH)
    assert found["failures"] == []
    assert all(all(same) for same in found["classes"].values()) and set(found["classes"]) == {"squad-combat", "location-ccg"}


def test_a_stored_game_reads_back_whole_in_a_process_that_never_met_its_ruleset(tmp_path):
    from domain.keeping.service import GameService
    from domain.keeping.store import store_env

    store = str(tmp_path / "games.sqlite3")
    service = GameService(env=store_env(store))
    game_id = service.create_game("infection", ["Ann", "Ben"], seed="read-back", salt="5eed" * 8)
    for _ in zip(range(150), service.play_bots(game_id, bot_seed=1)):  # past a snapshot (every 100 events)
        pass
    version = service.game(game_id).version
    service.close()
    found = run(READ_BACK, store, str(game_id))
    assert found == {"version": version, "loaded": ["infection"]}
