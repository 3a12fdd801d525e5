"""A server's processes end with it however it ends (SIGTERM, as Ctrl-C; SIGKILL: its bot workers watch
it), several processes may create a new database's schema at once, and an HTTP connection cannot be
held open for nothing (slowloris) nor opened without bound from one address."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

from .processes import Server


def newest_migration() -> str:
    """The head of the server's migrations, as Alembic reads them."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    import phoenixgames.server.migrations as migrations

    config = Config()
    config.set_main_option("script_location", os.path.dirname(migrations.__file__))
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


def start_bots(server: Server) -> None:
    """A table of bots, so that the bot workers are started."""
    with server.http() as http:
        seats = [{"kind": "bot", "difficulty": "random"}] * 2
        assert http.post("/tables", json={"game": "schatz", "players": 2, "seats": seats}).status_code == 201
    deadline = time.monotonic() + 30
    while len(server.group()) < 3 and time.monotonic() < deadline:  # the server, a worker, the helpers
        time.sleep(0.1)


def gone_within(server: Server, seconds: float) -> list[int]:
    """The processes of the server's session still running after up to ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        left = server.group()
        if not left:
            return []
        time.sleep(0.1)
    return server.group()


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
def test_a_server_that_ends_leaves_no_process_behind(sqlite_url, tmp_path, how):
    server = Server(sqlite_url, tmp_path).start()
    try:
        start_bots(server)
        assert len(server.group()) >= 2
        assert server.process is not None
        os.kill(server.process.pid, how)  # the server alone: its workers must notice
        server.process.wait(30)
        if how == signal.SIGTERM:
            assert server.process.returncode == 0
        assert gone_within(server, 10) == []
    finally:
        server.stop()


def test_processes_creating_a_new_postgresql_schema_at_once_all_start(postgres_url):
    program = "import sys; from phoenixgames.server.store import Store; Store(sys.argv[1]).close()"
    for _ in range(2):  # a new database each round: the race is on the first creation
        command = [sys.executable, "-c", program, postgres_url]
        runs = [subprocess.Popen(command, stderr=subprocess.PIPE, text=True) for _ in range(4)]
        for run in runs:
            _, errors = run.communicate(timeout=120)
            assert run.returncode == 0, errors
        import psycopg

        with psycopg.connect(postgres_url.replace("+psycopg", "")) as c:
            assert c.execute("SELECT version_num FROM alembic_version").fetchall() == [(newest_migration(),)]
            c.execute("DROP SCHEMA public CASCADE")
            c.execute("CREATE SCHEMA public")


def test_a_request_that_comes_too_slowly_is_closed_and_one_address_holds_so_many(sqlite_url, tmp_path):
    server = Server(sqlite_url, tmp_path, header_seconds=1.0, connections_per_address=8).start()
    slow: list[socket.socket] = []
    try:
        for _ in range(6):
            s = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            s.sendall(b"GET /games HTTP/1.1\r\nHost: x\r\n")  # and never the end of the headers
            slow.append(s)
        with server.http() as http:  # another request is answered meanwhile
            assert http.get("/games").status_code == 200
        # Past their deadline the slow ones are closed, though they keep sending a header now and then.
        started = time.monotonic()
        for s in slow:
            s.settimeout(15)
            with contextlib.suppress(OSError):
                s.sendall(b"X-Slow: 1\r\n")
            assert s.recv(100) == b""
        assert time.monotonic() - started < 15
        # The address's cap: eight open at once, the ninth answered 429 and closed.
        held = [socket.create_connection(("127.0.0.1", server.port), timeout=10) for _ in range(8)]
        slow.extend(held)
        time.sleep(0.2)
        extra = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        slow.append(extra)
        assert extra.recv(100).startswith(b"HTTP/1.1 429")
    finally:
        for s in slow:
            s.close()
        server.stop()


def test_an_address_holds_so_many_websockets_and_one_more_is_refused_with_a_429(sqlite_url, tmp_path):
    from websockets.exceptions import InvalidStatus

    server = Server(sqlite_url, tmp_path, websockets_per_address=2).start()
    try:
        with server.http() as http:
            seats = [{"kind": "person"}, {"kind": "person"}]
            table = http.post("/tables", json={"game": "schatz", "seats": seats}).json()
        watchers = [server.ws(table["id"]) for _ in range(2)]
        with pytest.raises(InvalidStatus) as refused:
            server.ws(table["id"])
        assert refused.value.response.status_code == 429 and refused.value.response.headers["Retry-After"]
        watchers.pop().close()
        time.sleep(0.5)
        watchers.append(server.ws(table["id"]))  # a place is free again
        for watcher in watchers:
            watcher.close()
    finally:
        server.stop()
