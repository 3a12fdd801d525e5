"""The game server under load: hundreds of tables played at once over WebSockets on the loopback.

Starts ``phoenixgames serve`` itself (real uvicorn, the production settings: every limit at its default
but those of one address, since every client here is 127.0.0.1; an SQLite file in a temporary folder,
or a PostgreSQL URL) as a process of its own, makes ``--tables`` tables of ``--game`` with ``--people``
seats played by asyncio WebSocket clients of this process (by default every seat: two people a table)
and bots (``--bot``, by default ``random``) in the others, and plays them all at once for
``--seconds``; a table whose game ends is replaced by a new one. It reports, per database:

- **moves/s**: every move the server made, counted from the versions the clients saw, over the
  measured time (after a warm-up);
- **p50 / p99**: the round trip of a person's move, from sending ``move`` to receiving its
  ``accepted`` (a move is sent only when it is the seat's turn);
- **server processor time a move** (the server process, user and system) and its share of a core;
- **peak RSS** of the server process (``VmHWM``), and the resident memory of its bot workers;
- the load average of the machine before and after, and its cores: the figures mean little on a
  machine busy with other work.

A person moves as soon as it is its turn, but never faster than ``--rate`` moves a second (default 1).

    .venv/bin/python benchmarks/load_server.py                                # 300 tables, SQLite, 30 s
    .venv/bin/python benchmarks/load_server.py --tables 1000 --json results.json \\
        --databases sqlite,postgresql+psycopg://postgres@127.0.0.1/postgres   # a new database each run
    .venv/bin/python benchmarks/load_server.py --markdown results.json         # the table of docs/performance.md
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

#: The settings the server runs with: its defaults, but for the limits of one address (every client of the
#: benchmark is 127.0.0.1, where the public would be many addresses).
LOAD_CLIENT_SETTINGS = {
    "tables_burst": 1_000_000,
    "joins_burst": 1_000_000,
    "messages_burst": 1_000_000,
    "messages_per_second": 1_000_000.0,
    "connects_burst": 1_000_000,
    "websockets_per_address": 1_000_000,
    "connections_per_address": 1_000_000,
    "max_open_tables": 1_000_000,
    "max_live_tables": 1_000_000,
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(database: str, home: Path, bots: int) -> tuple[subprocess.Popen[str], int]:
    """``phoenixgames serve`` on a free port, its output in ``home/server.log`` (read, never left to fill
    a pipe: a server blocked writing its log would stop)."""
    port = free_port()
    env = {**os.environ, "XDG_DATA_HOME": str(home), "XDG_CONFIG_HOME": str(home)}
    config = home / "server.toml"
    config.write_text("".join(f"{key} = {value!r}\n" for key, value in LOAD_CLIENT_SETTINGS.items()))
    command = [sys.executable, "-c", "from phoenixgames.cli import main; main()", "serve"]
    command += ["--port", str(port), "--database", database, "--bots", str(bots), "--config", str(config)]
    log = home / "server.log"
    with open(log, "w") as out:
        server = subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, text=True, env=env, start_new_session=True
        )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if "in your browser" in log.read_text():
            return server, port
        if server.poll() is not None:
            break
        time.sleep(0.1)
    stop_server(server)
    raise SystemExit(f"the server did not start: {log.read_text()}")


def server_errors(home: Path) -> int:
    """The tracebacks the server wrote to its log."""
    return (home / "server.log").read_text().count("Traceback")


def stop_server(server: subprocess.Popen[str]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(server.pid, signal.SIGTERM)
    try:
        server.wait(30)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)


def peak_rss_mib(pid: int) -> float:
    """The peak resident memory of ``pid`` (Linux's ``VmHWM``), in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int | None) -> float:
    """The processor time ``pid`` has used so far (user and system, every thread), in seconds."""
    if pid is None:
        return float("nan")
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def workers_rss_mib(pid: int) -> float:
    """The resident memory of the processes under ``pid`` (the bot workers), in MiB, now."""
    try:
        import psutil
    except ImportError:
        return float("nan")
    with contextlib.suppress(psutil.Error):
        return sum(child.memory_info().rss for child in psutil.Process(pid).children(recursive=True)) / 2**20
    return float("nan")


@dataclass
class Tally:
    """What the clients measured."""

    measuring: bool = False
    round_trips: list[float] = field(default_factory=list)
    moves: int = 0  # every move seen made while measuring (the versions' steps, counted by one seat a table)
    games: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    started: int = 0  # tables whose first game has begun (every seat connected)
    setup_seconds: float = 0.0


async def post(http: httpx.AsyncClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST ``body``, tried again on a connection the server had closed while idle (keep-alive's race)."""
    for attempt in range(3):
        try:
            answer = await http.post(path, json=body)
        except httpx.TransportError:
            if attempt == 2:
                raise
            await asyncio.sleep(0.1)
            continue
        answer.raise_for_status()
        return answer.json()
    raise AssertionError("unreachable")


async def new_table(http: httpx.AsyncClient, args: argparse.Namespace) -> tuple[str, list[str]]:
    """A table of ``args.people`` people and bots; its id and the people's tokens."""
    bots = args.players - args.people
    seats = [{"kind": "person"}] * args.people + [{"kind": "bot", "difficulty": args.bot}] * bots
    body = {"game": args.game, "players": args.players, "seats": seats, "absence": None}
    table_id = (await post(http, "/tables", body))["id"]
    tokens = [(await post(http, f"/tables/{table_id}/join", {"name": f"load{n}"}))["token"] for n in range(args.people)]
    return table_id, tokens


async def seat(
    port: int, table_id: str, token: str, args: argparse.Namespace, tally: Tally, choose: random.Random, counts: bool
) -> None:
    """One person's seat, until its game is over (``counts``: this seat counts the table's moves)."""
    gap = 1.0 / args.rate
    async with connect(f"ws://127.0.0.1:{port}/tables/{table_id}/ws", max_size=None, open_timeout=120) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        version, sent, last_move = 0, None, 0.0
        latest: dict[str, Any] | None = None  # the last state (it comes before the accepted of a move)
        while True:
            message = json.loads(await ws.recv())
            kind = message["type"]
            if kind == "accepted" and sent is not None:
                if tally.measuring:
                    tally.round_trips.append(time.perf_counter() - sent)
                sent = None
            elif kind in ("refused", "error"):
                tally.refused[message["code"]] = tally.refused.get(message["code"], 0) + 1
                sent = None
            elif kind == "over":
                tally.games += counts and tally.measuring
                return
            elif kind == "state":
                if tally.measuring and counts:
                    tally.moves += max(0, message["version"] - version)
                version = message["version"]
                latest = message
            if sent is None and latest is not None and latest["your_turn"] and latest["status"] == "running":
                wait = last_move + gap - time.perf_counter()
                if wait > 0:
                    await asyncio.sleep(wait)
                action = choose.choice(latest["legal"])
                last_move = sent = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "version": latest["version"], "action": action}))
                latest = None


async def table_after_table(
    port: int, http: httpx.AsyncClient, args: argparse.Namespace, tally: Tally, number: int, stop: asyncio.Event
) -> None:
    """One table's people, game after game, until ``stop``."""
    choose = random.Random(number)
    first = True
    while not stop.is_set():
        table_id, tokens = await new_table(http, args)
        if first:
            tally.started += 1
            first = False
        seats = [
            asyncio.create_task(seat(port, table_id, token, args, tally, choose, counts=n == 0))
            for n, token in enumerate(tokens)
        ]
        stopping = asyncio.create_task(stop.wait())
        pending: set[asyncio.Task[Any]] = set(seats)
        while pending and not stopping.done():
            _, pending = await asyncio.wait([*pending, stopping], return_when=asyncio.FIRST_COMPLETED)
            pending.discard(stopping)
            for task in seats:
                if task.done() and not task.cancelled() and task.exception() is not None:
                    stopping.cancel()
                    raise task.exception()  # type: ignore[misc]
        if pending:  # stopped mid-game
            for task in seats:
                task.cancel()
            return
        stopping.cancel()


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(args: argparse.Namespace, port: int, server_pid: int | None, database: str) -> dict[str, Any]:
    tally = Tally()
    stop = asyncio.Event()
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=120, limits=limits) as http:
        players = [asyncio.create_task(table_after_table(port, http, args, tally, n, stop)) for n in range(args.tables)]
        began = time.perf_counter()
        while tally.started < args.tables and time.perf_counter() - began < 600:  # every table made first
            await asyncio.sleep(0.2)
        tally.setup_seconds = time.perf_counter() - began
        await asyncio.sleep(args.warmup)
        tally.measuring = True
        started, cpu, mine = time.perf_counter(), cpu_seconds(server_pid), time.process_time()
        await asyncio.sleep(args.seconds)
        tally.measuring = False
        elapsed, cpu = time.perf_counter() - started, cpu_seconds(server_pid) - cpu
        mine = time.process_time() - mine
        stop.set()
        done, pending = await asyncio.wait(players, timeout=30)
        for task in pending:
            task.cancel()
        failures = [repr(t.exception()) for t in done if not t.cancelled() and t.exception() is not None]
    trips = tally.round_trips
    return {
        "game": args.game,
        "players": args.players,
        "bot": args.bot,
        "people": args.people,
        "rate": args.rate,
        "tables": args.tables,
        "database": database,
        "seconds": round(elapsed, 1),
        "moves_per_second": round(tally.moves / elapsed, 1),
        "person_moves_per_second": round(len(trips) / elapsed, 1),
        "games_finished": tally.games,
        "setup_seconds": round(tally.setup_seconds, 1),
        "server_cpu_ms_per_move": round(1000 * cpu / tally.moves, 2) if tally.moves else None,
        "server_cpu_share": round(cpu / elapsed, 2),
        "client_cpu_ms_per_move": round(1000 * mine / tally.moves, 2) if tally.moves else None,
        "p50_ms": round(percentile(trips, 0.50) * 1000, 1),
        "p99_ms": round(percentile(trips, 0.99) * 1000, 1),
        "max_ms": round(max(trips, default=float("nan")) * 1000, 1),
        "server_peak_rss_mib": round(peak_rss_mib(server_pid), 1) if server_pid else None,
        "bot_workers_rss_mib": round(workers_rss_mib(server_pid), 1) if server_pid else None,
        "refused": tally.refused,
        "client_failures": failures[:5],
    }


def kind_of(database: str) -> str:
    return "postgresql" if database.startswith("postgresql") else "sqlite"


@contextlib.contextmanager
def fresh_postgres(url: str) -> Iterator[str]:
    """A new database on the PostgreSQL server of ``url`` for one run, dropped after it (the user of
    ``url`` may create databases)."""
    import psycopg

    base, _, _ = url.rpartition("/")
    name = f"phoenixgames_load_{os.getpid()}_{random.randrange(10**6)}"
    admin = url.replace("+psycopg", "")
    with psycopg.connect(admin, autocommit=True) as c:
        c.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as c:
            c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def measure(args: argparse.Namespace, database: str) -> dict[str, Any]:
    """One run on ``database`` (``sqlite``: a new file in a temporary folder; a PostgreSQL URL: a new
    database on its server, made for the run and dropped after it)."""
    before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="phoenixgames-load-") as folder, contextlib.ExitStack() as stack:
        url = (
            f"sqlite:///{Path(folder) / 'server.sqlite3'}"
            if database == "sqlite"
            else stack.enter_context(fresh_postgres(database))
        )
        server, port = start_server(url, Path(folder), args.bots)
        try:
            figures = asyncio.run(run(args, port, server.pid, kind_of(database)))
        finally:
            stop_server(server)
        figures["server_errors"] = server_errors(Path(folder))
    figures["load_average_before"] = [round(x, 1) for x in before]
    figures["load_average_after"] = [round(x, 1) for x in os.getloadavg()]
    figures["cores"] = os.cpu_count()
    return figures


def describe(figures: dict[str, Any]) -> str:
    return (
        f"{figures['tables']} tables of {figures['game']} ({figures['people']} people of {figures['players']} "
        f"players, bots {figures['bot']}, {figures['database']}), {figures['seconds']} s measured:\n"
        f"  {figures['moves_per_second']} moves/s ({figures['person_moves_per_second']} of them the people's), "
        f"{figures['games_finished']} games finished\n"
        f"  server processor time {figures['server_cpu_ms_per_move']} ms a move "
        f"({figures['server_cpu_share']} of a core); the clients' {figures['client_cpu_ms_per_move']} ms a move\n"
        f"  round trip of a move: p50 {figures['p50_ms']} ms, p99 {figures['p99_ms']} ms, max {figures['max_ms']} ms\n"
        f"  server peak RSS {figures['server_peak_rss_mib']} MiB, bot workers {figures['bot_workers_rss_mib']} MiB\n"
        f"  refused: {figures['refused'] or 'none'}; client failures: {figures['client_failures'] or 'none'}; "
        f"server errors: {figures.get('server_errors')}\n"
        f"  load average before {figures['load_average_before']}, after {figures['load_average_after']} "
        f"on {figures['cores']} cores"
    )


def markdown(rows: list[dict[str, Any]]) -> str:
    """The table of ``docs/performance.md``, made from the runs' JSON."""
    lines = [
        "| tables | database | moves/s | p50 | p99 | max | server CPU a move | server's share of a core "
        "| clients' CPU a move | server peak RSS | load average before, after |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        client = r.get("client_cpu_ms_per_move")
        lines.append(
            f"| {r['tables']} | {r['database']} | {r['moves_per_second']:g} | {r['p50_ms']:g} ms | {r['p99_ms']:g} ms "
            f"| {r['max_ms']:g} ms | {r['server_cpu_ms_per_move']} ms | {r['server_cpu_share']:g} "
            f"| {'' if client is None else f'{client} ms'} | {r['server_peak_rss_mib']:g} MiB "
            f"| {r['load_average_before'][0]:g}, {r['load_average_after'][0]:g} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=300, help="tables played at once (default 300)")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds measured (default 30)")
    parser.add_argument(
        "--warmup", type=float, default=10.0, help="seconds played once every table is made, before measuring (10)"
    )
    parser.add_argument("--game", default="schatz")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--people", type=int, help="the seats a table's people play (default: every seat)")
    parser.add_argument("--bot", default="random", help="the bots' difficulty or agent spec (default random)")
    parser.add_argument("--bots", type=int, default=2, help="the server's bot worker processes (default 2)")
    parser.add_argument("--rate", type=float, default=1.0, help="the most moves a second one person makes (default 1)")
    parser.add_argument(
        "--databases",
        default="sqlite",
        help="comma separated: sqlite (a new file) and PostgreSQL URLs, each measured in turn (default sqlite)",
    )
    parser.add_argument("--json", metavar="FILE", help="append each run's figures to FILE, one JSON object a line")
    parser.add_argument("--markdown", metavar="FILE", help="print the docs' table of the runs in FILE, and stop")
    args = parser.parse_args()
    if args.markdown:
        rows = [json.loads(line) for line in Path(args.markdown).read_text().splitlines() if line.strip()]
        print(markdown(rows))
        return
    args.people = args.players if args.people is None else args.people
    for database in args.databases.split(","):
        figures = measure(args, database.strip())
        print(describe(figures), flush=True)
        if args.json:
            with open(args.json, "a", encoding="utf-8") as out:
                out.write(json.dumps(figures) + "\n")


if __name__ == "__main__":
    main()
