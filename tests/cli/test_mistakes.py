"""Mistakes around the store and files end in one line and exit 1, never a traceback, and leave no
empty store file behind: a file that is not SQLite, a folder that cannot be written, PostgreSQL
without its driver, an import of something that is not an owner's NDJSON export, an export into a
missing folder, a port in use, and a misspelt ``--db`` for a command that only reads."""

from __future__ import annotations

import errno
import os
import pathlib
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from cli_runs import invoke, one_line_error

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

LUDOLOG = [sys.executable, "-c", "from cli.main import main; main()"]
ROOT = Path(__file__).parents[2]
READING = [
    ["games"], ["show", "GAME"], ["log", "GAME"], ["replay", "GAME"], ["audit", "GAME"],
    ["export", "GAME", "--format", "ndjson"], ["tokens", "GAME"], ["bot", "GAME"], ["play", "GAME"],
    ["act", "GAME", "--seat", "1", '{"type": "roll"}'],
]


@pytest.fixture
def stored(tmp_path):
    """A SQLite store holding one finished game: (store, game id)."""
    db = str(tmp_path / "games.sqlite3")
    game = invoke("new", "correction", "--seat", "Ana", "--seat", "Ben", "--seed", "5", "--db", db).output.strip()
    assert invoke("bot", game, "-q", "--db", db).exit_code == 0
    return db, game


def test_a_file_that_is_not_sqlite_is_one_line_and_stays_as_it_was(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("my notes\n")
    message = one_line_error(invoke("games", "--db", str(text)))
    assert f"cannot open the game store {text}: file is not a database" in message
    assert text.read_text() == "my notes\n"


@pytest.mark.parametrize("where", ["under-a-file", "under-proc"])
def test_a_store_in_a_folder_that_cannot_be_written_is_one_line_and_creates_nothing(tmp_path, where):
    if where == "under-a-file":
        (tmp_path / "plain").write_text("")
        db = tmp_path / "plain" / "games.sqlite3"  # its folder is a regular file
    else:
        db = Path(f"/proc/{os.getpid()}/ludolog-{tmp_path.name}/games.sqlite3")  # /proc takes no new files
    message = one_line_error(invoke("new", "correction", "--seat", "Ana", "--seat", "Ben", "--db", str(db)))
    assert f"cannot open the game store {db}" in message
    folder = db.parent
    assert message.endswith(f"({folder} is not a folder)" if where == "under-a-file" else f"(there is no folder {folder})")
    assert not db.exists()


def test_postgresql_without_its_driver_names_the_extra_to_install(tmp_path):
    (tmp_path / "sitecustomize.py").write_text("import sys\nsys.modules['psycopg'] = None  # no driver\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    for args in (["games"], ["serve", "--port", "0"]):
        done = subprocess.run([*LUDOLOG, *args, "--db", "postgresql://ana@127.0.0.1:5432/games"],
                              capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
        assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
        assert done.stderr.strip() == ("Error: a PostgreSQL store needs the driver of the 'postgres' extra: "
                                       "pip install 'ludolog[postgres]'")


@pytest.mark.parametrize("form", ["json", "csv", "corrupt", "binary", "empty"])
def test_importing_what_is_not_an_owners_ndjson_export_is_one_line_and_creates_no_store(stored, tmp_path, form):
    db, game = stored
    path = tmp_path / f"export.{form}"
    if form in ("json", "csv"):
        assert invoke("export", game, "--format", form, "-o", str(path), "--db", db).exit_code == 0
    elif form == "corrupt":
        invoke("export", game, "--format", "ndjson", "-o", str(path), "--db", db)
        lines = path.read_text().splitlines()
        path.write_text("\n".join([*lines[:3], lines[3][: len(lines[3]) // 2], *lines[4:]]) + "\n")
    elif form == "binary":
        path.write_bytes(bytes(range(256)) * 4)
    else:
        path.write_text("")
    other = tmp_path / "other.sqlite3"
    message = one_line_error(invoke("import", str(path), "--db", str(other)))
    assert str(path) in message or "export" in message
    assert not other.exists()


def test_import_accepts_an_export_saved_with_a_byte_order_mark(stored, tmp_path):
    db, game = stored
    path = tmp_path / "export.ndjson"
    assert invoke("export", game, "--format", "ndjson", "-o", str(path), "--db", db).exit_code == 0
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())  # as an editor on Windows saves it
    done = invoke("import", str(path), "--db", str(tmp_path / "other.sqlite3"))
    assert done.exit_code == 0, done.output
    assert done.output.strip() == game


def test_an_export_the_disk_cannot_hold_leaves_no_cut_off_file(stored, tmp_path, monkeypatch):
    db, game = stored
    real_write = pathlib.Path.write_text

    def disk_full(self, text, *args, **kwargs):
        real_write(self, text[: len(text) // 2], *args, **kwargs)  # what fitted
        raise OSError(errno.ENOSPC, "No space left on device", str(self))

    monkeypatch.setattr(pathlib.Path, "write_text", disk_full)
    target = tmp_path / "out" / "game.ndjson"
    target.parent.mkdir()
    message = one_line_error(invoke("export", game, "--format", "ndjson", "-o", str(target), "--db", db))
    assert message == f"Error: cannot write {target}: No space left on device"
    assert list(target.parent.iterdir()) == []  # neither a cut-off export nor its partial file


def test_an_export_into_a_missing_folder_is_one_line(stored, tmp_path):
    db, game = stored
    for form in ("ndjson", "md"):
        target = tmp_path / "nowhere" / f"game.{form}"
        message = one_line_error(invoke("export", game, "--format", form, "-o", str(target), "--db", db))
        assert message == f"Error: cannot write {target}: there is no folder {target.parent}"
    assert not (tmp_path / "nowhere").exists()


@pytest.mark.parametrize("workers", ["1", "2"])
def test_serve_on_a_port_in_use_is_one_line_and_leaves_no_new_store(tmp_path, workers):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        db = tmp_path / "games.sqlite3"
        message = one_line_error(invoke("serve", "--port", port, "--workers", workers, "--db", str(db)))
    assert f"cannot serve on 127.0.0.1:{port}: Address already in use" in message
    assert not db.exists()


@pytest.mark.parametrize("host, says", [
    ("", "is empty"),
    ("  ", "is empty"),
    ("http://localhost", "is a URL"),
    ("localhost/api", "is a URL"),
    ("0.0.0.0:8000", "holds a port"),
    ("localhots", "cannot serve on localhots:"),
])
def test_serve_on_an_address_that_cannot_be_one_is_one_line_and_leaves_no_new_store(tmp_path, host, says):
    db = tmp_path / "games.sqlite3"
    message = one_line_error(invoke("serve", "--host", host, "--port", "0", "--db", str(db)))
    assert says in message
    assert not db.exists()


@pytest.mark.parametrize("args", READING, ids=lambda args: args[0])
def test_a_misspelt_db_for_a_reading_command_says_no_store_is_there_and_creates_none(stored, tmp_path, args):
    _, game = stored
    misspelt = tmp_path / "gmaes.sqlite3"
    message = one_line_error(invoke(*[game if arg == "GAME" else arg for arg in args], "--db", str(misspelt)))
    assert message.startswith(f"Error: no game store at {misspelt}")
    assert not misspelt.exists()


def test_a_failed_new_leaves_no_store_file(tmp_path):
    db = tmp_path / "new.sqlite3"
    for args in (["nosuchruleset", "--seat", "Ana"], ["correction", "--seat", "Ana"],
                 ["correction", "--seat", "Ana", "--seat", "Ben", "--option", "turn_limit=-1"]):
        one_line_error(invoke("new", *args, "--db", str(db)))
        assert sorted(os.listdir(tmp_path)) == []
    created = invoke("new", "correction", "--seat", "Ana", "--seat", "Ben", "--db", str(db))
    assert created.exit_code == 0 and db.exists()
    one_line_error(invoke("new", "nosuchruleset", "--seat", "Ana", "--db", str(db)))
    assert db.exists()  # a store that was there stays


def run_ludolog(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([*LUDOLOG, *args], capture_output=True, text=True, cwd=cwd, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_the_mistakes_in_real_processes_are_one_line_on_stderr_and_exit_1(stored, tmp_path):
    db, game = stored
    (tmp_path / "notes.txt").write_text("my notes\n")
    (tmp_path / "game.json").write_text(invoke("export", game, "--format", "json", "--db", db).output)
    for args, expected in [
        (["games", "--db", "notes.txt"], "cannot open the game store notes.txt: file is not a database"),
        (["new", "nosuchruleset", "--seat", "Ana", "--db", "new.sqlite3"], "no ruleset named 'nosuchruleset'"),
        (["show", game, "--db", "gmaes.sqlite3"], "no game store at gmaes.sqlite3"),
        (["import", "game.json", "--db", "other.sqlite3"], "NDJSON"),
        (["export", game, "--format", "csv", "-o", "nowhere/game.csv", "--db", db], "there is no folder nowhere"),
    ]:
        done = run_ludolog(*args, cwd=tmp_path)
        assert done.returncode == 1, (args, done.stderr)
        assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert expected in done.stderr and done.stdout == "", (args, done.stderr)
    assert not {"new.sqlite3", "gmaes.sqlite3", "other.sqlite3", "nowhere"} & set(os.listdir(tmp_path))


def test_a_store_on_a_read_only_filesystem_is_one_line(stored, tmp_path):
    """A real read-only mount (a private mount namespace); skipped where this system allows none."""
    db, game = stored
    folder, mount = tmp_path / "store", tmp_path / "readonly"
    folder.mkdir()
    mount.mkdir()
    shutil.copy(db, folder / "games.sqlite3")
    script = (f'mount --bind "{folder}" "{mount}" && mount -o remount,bind,ro "{mount}" || exit 77; '
              f'touch "{mount}/probe" 2>/dev/null && exit 77; '
              f'"{sys.executable}" -c "from cli.main import main; main()" show {game} --db "{mount}/games.sqlite3"')
    if shutil.which("unshare") is None:
        pytest.skip("no unshare command to make a read-only mount")
    done = subprocess.run(["unshare", "-m", "sh", "-c", script], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    if done.returncode == 77 or "unshare failed" in done.stderr or "Operation not permitted" in done.stderr:
        pytest.skip(f"this system allows no private read-only mount: {done.stderr.strip()}")
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.strip() == (f"Error: cannot open the game store {mount}/games.sqlite3: unable to open database "
                                   f"file (the folder {mount} cannot be written, and SQLite writes beside its file)")


def test_a_misspelt_postgresql_database_is_one_line_at_once():
    from stores import POSTGRES_URL, SKIP_REASON

    if not POSTGRES_URL:
        pytest.skip(SKIP_REASON)
    parts = urlsplit(POSTGRES_URL)
    misspelt = urlunsplit(parts._replace(path="/ludolog_no_such_database"))
    message = one_line_error(invoke("games", "--db", misspelt))
    assert message.startswith("Error: cannot open the game store postgresql://")
    assert 'database "ludolog_no_such_database" does not exist' in message


def test_a_misspelt_postgresql_schema_for_a_reading_command_is_no_store_and_creates_none():
    from stores import POSTGRES_URL, SKIP_REASON

    if not POSTGRES_URL:
        pytest.skip(SKIP_REASON)
    import psycopg

    schema = "ludolog_no_such_schema"
    misspelt = f"{POSTGRES_URL}{'&' if '?' in POSTGRES_URL else '?'}schema={schema}"
    message = one_line_error(invoke("games", "--db", misspelt))
    assert message.startswith("Error: no game store at postgresql://") and f"schema '{schema}' has no game tables" in message
    with psycopg.connect(POSTGRES_URL) as connection:
        assert connection.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s", (schema,)).fetchone() is None


def test_a_name_recorded_before_names_were_checked_is_printed_escaped(tmp_path):
    """Found by the audit: a name holding terminal escapes (stored before the name rule, or by an old
    card set) was printed raw by show and replay. Every terminal view shows them as escapes."""
    from domain.engine import registry
    from domain.engine.game import Game
    from domain.keeping.service import GameService
    from domain.keeping.store import store_env

    db = str(tmp_path / "games.sqlite3")
    service = GameService(env=store_env(db))
    rules = registry.get("correction")
    game = Game.start(rules, ["Ann\x1b]0;pwned\x07", "Ben"], rules.resolve_options({}), "old", salt=SALT)
    seat = rules.to_act(game.state)[0]
    game.play(seat, rules.legal_commands(game.state, seat)[0], "c1")
    service.save(game)
    service.close()
    for args in (["games"], ["show", str(game.id)], ["log", str(game.id)], ["replay", str(game.id)]):
        done = invoke(*args, "--db", db)
        assert done.exit_code == 0, done.output
        assert "\x1b" not in done.output and "\x07" not in done.output, args
        assert "\\x1b" in done.output, args
