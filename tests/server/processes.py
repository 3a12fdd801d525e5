"""Real server processes for the tests: ``phoenixgames serve`` on a free port of the loopback, and
blocking clients of it (httpx for HTTP, websockets for play)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from .conftest import free_port

PROGRAM = [sys.executable, "-c", "from phoenixgames.cli import main; main()"]

#: The limits of one address out of the way, for a server whose every client is a test on the loopback.
ONE_ADDRESS = {
    "tables_burst": 100_000,
    "joins_burst": 100_000,
    "messages_burst": 100_000,
    "messages_per_second": 100_000.0,
    "connects_burst": 100_000,
    "websockets_per_address": 100_000,
    "connections_per_address": 100_000,
    "hint_burst": 100_000,
}


class Server:
    """``phoenixgames serve`` in a process group of its own (its bot workers with it)."""

    def __init__(self, database: str, data_home: Path, **settings: Any) -> None:
        self.database = database
        self.data_home = data_home
        self.port = free_port()
        self.process: subprocess.Popen[str] | None = None
        self.settings = settings  # written to a --config file

    def config_file(self) -> Path | None:
        if not self.settings:
            return None
        path = self.data_home / f"server-{self.port}.toml"
        path.write_text("".join(f"{key} = {json.dumps(value)}\n" for key, value in self.settings.items()))
        return path

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, seconds: float = 60) -> Server:
        env = {**os.environ, "XDG_DATA_HOME": str(self.data_home), "XDG_CONFIG_HOME": str(self.data_home)}
        command = [*PROGRAM, "serve", "--port", str(self.port), "--database", self.database, "--bots", "1"]
        config = self.config_file()
        if config is not None:
            command += ["--config", str(config)]
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, start_new_session=True
        )
        deadline = time.monotonic() + seconds
        assert self.process.stdout is not None
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if "in your browser" in line:
                return self
            if not line and self.process.poll() is not None:
                break
        self.stop()
        raise AssertionError(f"the server did not start: {self.process.stdout.read() if self.process.stdout else ''}")

    def group(self) -> list[int]:
        """The processes of the server's session still running (the server, its workers and helpers)."""
        if self.process is None:
            return []
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[3]) == self.process.pid and fields[0] not in ("Z", "X"):  # its session
                found.append(int(entry.name))
        return found

    def kill(self) -> None:
        """SIGKILL the server and its bot workers at once: nothing is shut down cleanly."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
                self.process.wait(10)
            except (subprocess.TimeoutExpired, ProcessLookupError):
                self.kill()
        if self.process is not None and self.process.poll() is not None:
            with contextlib.suppress(ProcessLookupError):  # the workers, should the server have left any
                os.killpg(self.process.pid, signal.SIGKILL)

    def http(self) -> httpx.Client:
        return httpx.Client(base_url=self.base, timeout=30)

    def ws(self, table_id: str, token: str | None = None) -> Seat:
        return Seat(f"ws://127.0.0.1:{self.port}/tables/{table_id}/ws", token)


class Seat:
    """A WebSocket client of one seat (or a spectator, with no token)."""

    def __init__(self, url: str, token: str | None) -> None:
        self._stack = contextlib.ExitStack()
        self.connection: ClientConnection = self._stack.enter_context(connect(url, open_timeout=30, close_timeout=1))
        self.connection.send(json.dumps({"type": "hello", "token": token}))
        self.accepted: list[str] = []  # the notations of this seat's moves the server acknowledged
        self.latest: dict[str, Any] | None = None  # the newest state received, whoever read it

    def receive(self, seconds: float = 60) -> dict[str, Any]:
        message = json.loads(self.connection.recv(timeout=seconds))
        if message["type"] == "accepted" and message["request"] == "move":
            self.accepted.append(message["action"])
        elif message["type"] == "state":
            self.latest = message
        return message

    def until(self, wanted: Any, seconds: float = 60) -> dict[str, Any]:
        deadline = time.monotonic() + seconds
        while True:
            message = self.receive(max(0.01, deadline - time.monotonic()))
            if wanted(message):
                return message

    def turn(self, seconds: float = 60) -> dict[str, Any]:
        """The next state in which this seat is to act, or the game is over."""
        return self.until(lambda m: m["type"] == "state" and (m["your_turn"] or m["status"] == "over"), seconds)

    def move(self, state: dict[str, Any], index: int = 0) -> dict[str, Any]:
        """Make a legal move of ``state`` and wait for its answer."""
        action = state["legal"][index % len(state["legal"])]
        self.connection.send(json.dumps({"type": "move", "version": state["version"], "action": action}))
        return self.until(lambda m: m["type"] in ("accepted", "refused"))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._stack.close()


def drive(seats: dict[int, Seat], moves: int | None = None, seconds: float = 120) -> dict[str, Any] | None:
    """Play every seat of ``seats`` (first legal actions, by turns) until each has made ``moves`` moves
    (``None``: until the game is over); the ``over`` message, if the game ended. Each seat acts on the
    newest state it has; a refused move is made again from the next one."""
    made = dict.fromkeys(seats, 0)
    # A seat's newest state may have come in before (read by an earlier call, or while its answers were
    # drained): each seat starts from it, or a seat to act whose state was read already would wait for ever.
    latest: dict[int, dict[str, Any]] = {n: seat.latest for n, seat in seats.items() if seat.latest is not None}
    sent: dict[int, int] = {}
    refusals: list[dict[str, Any]] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if moves is not None and all(n >= moves for n in made.values()):
            break
        quiet = True
        for number, seat in seats.items():
            try:
                message = seat.receive(0)
            except TimeoutError:
                continue
            quiet = False
            if message["type"] == "over":
                return message
            if message["type"] == "accepted":
                made[number] += 1
            elif message["type"] == "refused":
                refusals.append(message)
                sent.pop(number, None)
            elif message["type"] == "state":
                latest[number] = message
        if not quiet:
            continue
        for number, state in latest.items():
            if not state["your_turn"] or sent.get(number) == state["version"]:
                continue
            if moves is not None and made[number] >= moves:
                continue
            sent[number] = state["version"]
            move = {"type": "move", "version": state["version"], "action": state["legal"][0]}
            seats[number].connection.send(json.dumps(move))
        time.sleep(0.002)
    if moves is None:
        raise AssertionError(f"the game did not end in time (refused: {refusals[-3:]}, last: {latest})")
    for seat in seats.values():  # the answers already on their way
        try:
            while True:
                seat.receive(0.3)
        except TimeoutError:
            pass
    return None
