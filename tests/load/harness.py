"""What the load and crash tests drive: ``ludolog serve`` as real gunicorn worker processes on one
store (``ServedApi``: start, SIGKILL the whole process group, start again on the same port), and an
HTTP client with one kept-alive connection per thread (``ApiClient``) that tells a lost answer
(``NoAnswer``) from an answer.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

LUDOLOG = [sys.executable, "-c", "from cli.main import main; main()"]
PROJECT = Path(__file__).resolve().parents[2]
UNTHROTTLED = {"LUDOLOG_RATE_LIMIT_PER_TOKEN": "off", "LUDOLOG_RATE_LIMIT_PER_ADDRESS": "off"}
"""The load must not be throttled: the servers start with rate limiting off."""

READY = re.compile(r"ludolog serving .* on (http://[\d.]+:(\d+))(?: with (\d+) workers)?\n")


# -- the server ---------------------------------------------------------------------------------


class ServedApi:
    """``ludolog serve --workers N`` on one store, as a process group the test may SIGKILL and restart.

    ``generation`` counts the kills and ``down`` is true from just before a kill until the next
    start answers: a client reads the generation, then connects only if the server is not down, so
    a connection belongs to one generation of the server, and a client that lost an answer can tell
    a kill (the generation moved since it connected or sent) from a connection error of a live server.
    Each start writes its log (gunicorn's and any traceback) to ``serve-<n>.log`` in ``log_dir``.
    """

    def __init__(self, store: str, log_dir: Path, workers: int = 3, threads: int = 8, env: dict[str, str] | None = None) -> None:
        self.store, self.log_dir, self.workers, self.threads = store, log_dir, workers, threads
        self.env = env or {}
        self.process: subprocess.Popen[bytes] | None = None
        self.host, self.port = "127.0.0.1", 0
        self.generation = 0
        self.down = True
        self.starts = 0

    def start(self, timeout: float = 60.0) -> None:
        """Start the server (on the port it had before, if any); return once all its workers are
        running and it answers."""
        assert self.process is None, "the server is running"
        self.starts += 1
        log = open(self.log_dir / f"serve-{self.starts}.log", "wb")  # noqa: SIM115 (the child writes it)
        self.process = subprocess.Popen(
            [*LUDOLOG, "serve", "--port", str(self.port), "--workers", str(self.workers),
             "--threads", str(self.threads), "--db", self.store],
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=PROJECT, start_new_session=True,
            env={**os.environ, **UNTHROTTLED, "PYTHONUNBUFFERED": "1", **self.env},
        )
        log.close()
        deadline = time.monotonic() + timeout
        while (ready := READY.search(self.log(self.starts))) is None:
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"the server did not start:\n{self.log(self.starts)}")
            time.sleep(0.05)
        assert int(ready.group(3) or 1) == self.workers
        self.port = int(ready.group(2))
        while (self.workers > 1 and len(self.worker_pids()) < self.workers) or not self._healthy():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"the workers did not come up:\n{self.log(self.starts)}")
            time.sleep(0.05)
        self.down = False

    def _healthy(self) -> bool:
        try:
            connection = http.client.HTTPConnection(self.host, self.port, timeout=10)
            connection.request("GET", "/healthz")
            return connection.getresponse().status == 200
        except OSError:
            return False

    def worker_pids(self) -> list[int]:
        """The worker processes: the children of the gunicorn master (the server itself when it is
        one process)."""
        assert self.process is not None
        if self.workers == 1:
            return [self.process.pid]
        return [pid for pid, (parent, _) in _processes().items() if parent == self.process.pid]

    def cpu_seconds(self, pids: list[int]) -> dict[int, float]:
        """CPU time each process has used so far (user + system)."""
        table = _processes()
        return {pid: table[pid][1] for pid in pids if pid in table}

    def kill(self) -> None:
        """SIGKILL the master and every worker at once (the whole process group), as a power cut would."""
        assert self.process is not None
        self.down = True
        self.generation += 1
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        deadline = time.monotonic() + 10
        while _group_alive(self.process.pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        self.process = None

    def stop(self) -> None:
        """Stop gracefully (SIGTERM), or SIGKILL the group if it does not stop within 20 s."""
        if self.process is None:
            return
        self.down = True
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        except ProcessLookupError:
            pass
        self.process = None

    def log(self, start: int | None = None) -> str:
        """The log of one start, or of all of them."""
        starts = [start] if start else range(1, self.starts + 1)
        return "".join((self.log_dir / f"serve-{n}.log").read_text(errors="replace") for n in starts)

    def explain(self) -> str:
        """What the server's logs say went wrong, for a failure message: whether it exited, and the
        first traceback it logged (a worker that failed to boot, a request that raised)."""
        lines = []
        if self.process is not None and self.process.poll() is not None:
            lines.append(f"the server exited with code {self.process.returncode}")
        found = self.tracebacks()
        if found:
            lines.append(f"the server logged {len(found)} traceback(s); the first:\n{found[0]}")
        reason = re.findall(r"Reason: .*", self.log())
        return "\n".join(lines + reason)

    def tracebacks(self) -> list[str]:
        """Every traceback the server logged (a request that raised: a 500 the client may have seen)."""
        return re.findall(r"Traceback \(most recent call last\):\n(?:[ \t].*\n)*.*", self.log())


def _processes() -> dict[int, tuple[int, float]]:
    """Every live process: pid -> (parent pid, CPU seconds used). Zombies count as gone."""
    table = {}
    ticks = os.sysconf("SC_CLK_TCK")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()  # after "pid (command) "
        if fields[0] != "Z":
            table[int(entry)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / ticks)
    return table


def _group_alive(group: int) -> bool:
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2:].split()
            if fields[0] != "Z" and int(fields[2]) == group:
                return True
    return False


# -- the client ---------------------------------------------------------------------------------


class NoAnswer(Exception):
    """No HTTP answer came. ``sent``: the request may have reached the server (the connection was
    reset or closed after it was written, or the answer timed out), so it may have been carried out;
    otherwise the connection was refused and nothing reached the server. ``generation``: the
    server's generation when the connection was opened (a kill since then closed it)."""

    def __init__(self, reason: str, sent: bool, generation: int) -> None:
        super().__init__(reason)
        self.reason, self.sent, self.generation = reason, sent, generation


@dataclass
class Answer:
    status: int
    body: Any
    headers: dict[str, str] = field(default_factory=dict)

    @property
    def problem(self) -> str:
        """The problem type's last part (``stale-version``), or ``""`` for a success."""
        return str(self.body.get("type", "")).rsplit(":", 1)[-1] if isinstance(self.body, dict) else ""


class ApiClient:
    """One kept-alive HTTP/1.1 connection to the served API, for one thread at a time.

    The connection is opened again when it has been idle for a second (gunicorn closes idle
    connections after two: a request on a connection the server is closing would look like a lost
    answer), every ``reconnect_every`` requests (so that the connections spread over the workers),
    after any error, and once the server was killed (its connections died with it).
    """

    def __init__(self, server: ServedApi, token: str | None = None, timeout: float = 30.0, reconnect_every: int = 40) -> None:
        self.server, self.token, self.timeout, self.reconnect_every = server, token, timeout, reconnect_every
        self.connection: http.client.HTTPConnection | None = None
        self.last_used = 0.0
        self.uses = 0
        self.generation = server.generation  # the server's generation when the connection was opened

    def call(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None,
             token: str | None = None) -> Answer:
        """Send one request and read its answer; ``NoAnswer`` when none came."""
        sending = {"Accept": "application/json", **(headers or {})}
        if token or self.token:
            sending["Authorization"] = f"Bearer {token or self.token}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sending["Content-Type"] = "application/json"
        if self.connection is not None and (time.monotonic() - self.last_used > 1.0 or self.uses >= self.reconnect_every
                                            or self.generation != self.server.generation):
            self.close()
        if self.connection is None:
            self.uses, self.generation = 0, self.server.generation
            if self.server.down:
                raise NoAnswer("the server is down", sent=False, generation=self.generation)
            self.connection = http.client.HTTPConnection(self.server.host, self.server.port, timeout=self.timeout)
            try:
                self.connection.connect()
                self.connection.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            except OSError as error:
                self.close()
                raise NoAnswer(f"cannot connect: {error!r}", sent=False, generation=self.generation) from None
        try:
            self.connection.request(method, path, body=data, headers=sending)
            response = self.connection.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException) as error:
            self.close()
            raise NoAnswer(f"{method} {path}: {error!r}", sent=True, generation=self.generation) from None
        self.last_used = time.monotonic()
        self.uses += 1
        if response.will_close:
            self.close()
        answer_headers = {name.lower(): value for name, value in response.getheaders()}
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = raw.decode(errors="replace")
        return Answer(response.status, parsed, answer_headers)

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def game_path(game_id: str, *rest: str, **query: Any) -> str:
    path = "/".join(["/games", game_id, *rest])
    return f"{path}?{urllib.parse.urlencode(query)}" if query else path


# -- games --------------------------------------------------------------------------------------

SEATS = {
    "assassination-le": ["Ana", "Ben", "Cy"],
    "project-assassination": ["Ana", "Ben"],
    "infection": ["Ana", "Ben"],
    "correction": ["Ana", "Ben"],
}


@dataclass(frozen=True)
class ServedGame:
    """A game created over the API, with the owner token that may act for any seat."""

    id: str
    owner_token: str
    ruleset: str


@dataclass(frozen=True)
class Turn:
    """Who may act in a game at a version, and the commands the rules allow that seat there."""

    seat: int
    version: int
    commands: list[dict[str, Any]]


def create_game(client: ApiClient, ruleset: str, seed: str) -> ServedGame:
    answer = client.call("POST", "/games", {"ruleset": ruleset, "seats": SEATS[ruleset], "seed": seed})
    assert answer.status == 201, answer
    return ServedGame(answer.body["id"], answer.body["owner_token"], ruleset)


def read_turn(client: ApiClient, game: ServedGame, choose: Any) -> Turn | None:
    """The game's turn now, for one of the seats it waits for (``choose`` picks it); ``None`` once
    the game is over. The legal commands come with the version they are legal at."""
    state = client.call("GET", game_path(game.id), token=game.owner_token)
    assert state.status == 200, state
    if state.body["status"] == "over":
        return None
    seat = choose(state.body["to_act"])
    legal = client.call("GET", game_path(game.id, "legal-commands", seat=seat), token=game.owner_token)
    assert legal.status == 200, legal
    return Turn(seat, legal.body["version"], legal.body["commands"])
