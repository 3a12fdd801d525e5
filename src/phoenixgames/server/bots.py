"""Bots think in a pool of worker processes, never on the server's event loop.

A worker is handed the full state as JSON (it never leaves the server's machine), loads it and asks
:func:`phoenixgames.sim.choose_action`, which gives the agent only the seat's perspective copy and seeds
it from the game's seed, the seat and the position: the same decision ``simulate`` would make. The
notation it returns is applied by the server like any move, with the version check.

A hint is thought in the same pool, but from the seat's perspective copy alone (:func:`seat_copy_json`):
the worker never sees the true state, and the hint's randomness is drawn from what the seat knows
(:func:`knowing_only`), so the hint is the same whatever the cards the seat cannot see.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import hashlib
import json
import multiprocessing
import os
import signal
import threading
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine import PhoenixGamesError

if TYPE_CHECKING:
    from ..engine import GameState


def think(state_json: str, spec: str, seat: int) -> str:
    """The notation of the action the agent ``spec`` takes for ``seat`` (run in a worker)."""
    from ..agents import make_agent
    from ..engine import load_game
    from ..sim import agent_seed, choose_action

    state = load_game(state_json)
    agent = make_agent(spec, agent_seed(state.seed, seat) if state.seed is not None else 0)
    return str(choose_action(agent, state, seat))


def seat_copy_json(state: GameState, seat: int) -> str:
    """What a hint for ``seat`` is thought from: the seat's perspective copy of ``state``, as JSON (the
    true state stays in the server)."""
    return state.copy(perspective=seat, seed=0).to_json()


def knowing_only(copy: GameState, seat: int) -> GameState:
    """``seat``'s perspective copy re-dealt from a generator seeded by what the seat knows (its view and
    the number of actions so far) in place of one branched from the game's secret seed: a search run
    on it depends on nothing the seat cannot see, not even through its randomness."""
    from ..engine import load_game

    known = json.dumps(copy.view(seat), sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(f"hint/{seat}/{len(copy.history)}/{known}".encode()).digest()
    data = json.loads(copy.to_json())
    data["branch_key"] = str(int.from_bytes(digest, "big"))
    return load_game(data).copy(perspective=seat, seed=0)


def advise(copy_json: str, seat: int) -> dict[str, Any]:
    """The ``hard`` bot's move for ``seat`` in its perspective copy ``copy_json``, with the figures of its
    search and what it does in words (``Hint.figures``: run in a worker)."""
    from ..agents import hint
    from ..engine import load_game

    return hint(knowing_only(load_game(copy_json), seat), seat).figures()


class BotTimeout(PhoenixGamesError):
    """A worker that did not answer within its deadline (it has been stopped, and another started)."""


class WorkerFailed(PhoenixGamesError):
    """A worker whose function raised, or that died while thinking."""


def server_alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a process that has ended but was not yet reaped has not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True  # no /proc: kill's answer is all there is
    return stat.rpartition(")")[2].split()[0] not in ("Z", "X")


def _watch_server(server: int, every: float = 0.5) -> None:
    """Exit this worker as soon as the server that started it is gone, however it ended (a thread)."""
    parent = os.getppid()
    while True:
        time.sleep(every)
        if os.getppid() != parent or not server_alive(server):
            os._exit(0)


def _serve(connection: Connection, server: int) -> None:
    """A worker: run each ``(function, args)`` it is sent and send back ``(True, result)`` or
    ``(False, why)``, until the server closes the pipe or is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops its workers
    threading.Thread(target=_watch_server, args=(server,), daemon=True).start()
    import phoenixgames  # noqa: F401  (the games load once per worker, before the first decision)

    while True:
        try:
            function, args = connection.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[bool, Any] = (True, function(*args))
        except Exception as exc:  # noqa: BLE001  (told to the server, which logs it)
            answer = (False, f"{type(exc).__name__}: {exc}"[:500])
        try:
            connection.send(answer)
        except (EOFError, OSError):
            return


class Worker:
    """One worker process and the server's end of its pipe."""

    def __init__(self, context: Any) -> None:
        self.connection, theirs = context.Pipe()
        self.process = context.Process(target=_serve, args=(theirs, os.getpid()), daemon=True)
        self.process.start()
        theirs.close()

    async def call(self, function: Any, args: tuple[Any, ...], seconds: float | None) -> Any:
        """``function(*args)`` in this worker; :class:`BotTimeout` after ``seconds``."""
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        fd = self.connection.fileno()
        self.connection.send((function, args))

        def readable() -> None:
            if not ready.done():
                ready.set_result(None)

        loop.add_reader(fd, readable)
        try:
            await asyncio.wait_for(ready, seconds)
        except TimeoutError:
            raise BotTimeout(f"no answer within {seconds:g} s") from None
        finally:
            loop.remove_reader(fd)
        try:
            ok, answer = self.connection.recv()
        except (EOFError, OSError):
            raise WorkerFailed("the worker died while thinking") from None
        if not ok:
            raise WorkerFailed(answer)
        return answer

    def alive(self) -> bool:
        alive: bool = self.process.is_alive()
        return alive

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self.connection.close()
        if self.process.is_alive():
            self.process.kill()
        self.process.join(2)


class Handoff:
    """Things (idle workers, hint slots) handed out first come first served to tasks of any event loop:
    the pool is shared by every application of a process (the tests run several, each on a loop of its
    own), so nothing of it may belong to one loop."""

    def __init__(self, items: list[Any] | None = None) -> None:
        self._items = list(items or [])
        self._waiters: collections.deque[tuple[asyncio.AbstractEventLoop, asyncio.Future[Any]]] = collections.deque()
        self._lock = threading.Lock()

    def put(self, item: Any) -> None:
        with self._lock:
            while self._waiters:
                loop, future = self._waiters.popleft()
                try:
                    loop.call_soon_threadsafe(self._give, future, item)
                except RuntimeError:  # that loop has closed
                    continue
                return
            self._items.append(item)

    def _give(self, future: asyncio.Future[Any], item: Any) -> None:
        if future.done():
            self.put(item)
        else:
            future.set_result(item)

    async def get(self) -> Any:
        with self._lock:
            if self._items:
                return self._items.pop(0)
            future = asyncio.get_running_loop().create_future()
            self._waiters.append((asyncio.get_running_loop(), future))
        try:
            return await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self.put(future.result())
            raise


class BotPool:
    """Worker processes for bot decisions and hints, started on first use.

    Each task goes to an idle worker (tasks wait their turn, first come first served) and has a deadline:
    a worker that passes it is killed and replaced, so no task holds the pool. Hints take at most half
    the workers, so that the bots at the tables always have one. Every worker watches the server and
    exits when it is gone, however the server ended.
    """

    def __init__(self, workers: int = 2) -> None:
        self.workers = max(1, workers)
        self._all: list[Worker] = []
        self._idle: Handoff | None = None
        self._hint_slots = Handoff(list(range(max(1, self.workers // 2))))
        self._context: Any = None
        self._guard = threading.Lock()

    def _start(self) -> Handoff:
        with self._guard:
            if self._idle is None:
                methods = multiprocessing.get_all_start_methods()
                self._context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
                self._idle = Handoff([self._new_worker() for _ in range(self.workers)])
            return self._idle

    def _new_worker(self) -> Worker:
        worker = Worker(self._context)
        self._all.append(worker)
        return worker

    def _retire(self, worker: Worker) -> Worker:
        """Stop ``worker`` (it overran or died) and start another in its place."""
        worker.stop()
        with contextlib.suppress(ValueError):
            self._all.remove(worker)
        return self._new_worker()

    async def think(self, state_json: str, spec: str, seat: int, seconds: float | None = None) -> str:
        """The bot's action in notation, computed in a worker process (:class:`BotTimeout` after
        ``seconds``)."""
        action: str = await self._run(think, (state_json, spec, seat), seconds)
        return action

    async def hint(self, copy_json: str, seat: int, seconds: float | None = None) -> dict[str, Any]:
        """The hint for ``seat`` from its perspective copy: the action in notation, the figures, the words
        (:class:`BotTimeout` after ``seconds``)."""
        slot = await self._hint_slots.get()
        try:
            hint: dict[str, Any] = await self._run(advise, (copy_json, seat), seconds)
            return hint
        finally:
            self._hint_slots.put(slot)

    async def _run(self, function: Any, args: tuple[Any, ...], seconds: float | None) -> Any:
        idle = self._start()
        worker = await idle.get()
        try:
            if not worker.alive():
                worker = self._retire(worker)
            return await worker.call(function, args, seconds)
        except (BotTimeout, asyncio.CancelledError):
            worker = self._retire(worker)  # it is still thinking: stopped, so that it holds nothing
            raise
        except WorkerFailed:
            if not worker.alive():
                worker = self._retire(worker)
            raise
        finally:
            idle.put(worker)

    def alive(self) -> bool:
        """Whether the pool can think: not started yet, or every worker running."""
        return all(worker.alive() for worker in list(self._all))

    def pids(self) -> list[int]:
        """The process ids of the workers running now."""
        return [w.process.pid for w in list(self._all) if w.process.pid is not None]

    def close(self) -> None:
        """Stop every worker (a task still thinking gets :class:`WorkerFailed`)."""
        with self._guard:
            for worker in self._all:
                worker.stop()
            self._all.clear()
            self._idle = None
