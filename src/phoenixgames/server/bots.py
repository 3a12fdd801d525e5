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
import hashlib
import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any

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


def _warm() -> None:
    import signal

    import phoenixgames  # noqa: F401  (the games load once per worker, before the first decision)

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops its workers


class BotPool:
    """A process pool for bot decisions, started on first use."""

    def __init__(self, workers: int = 2) -> None:
        self.workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context(
                "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
            )
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_warm)
        return self._pool

    async def think(self, state_json: str, spec: str, seat: int) -> str:
        """The bot's action in notation, computed in a worker process."""
        return await self._run(think, state_json, spec, seat)

    async def hint(self, copy_json: str, seat: int) -> dict[str, Any]:
        """The hint for ``seat`` from its perspective copy: the action in notation, the figures, the words."""
        return await self._run(advise, copy_json, seat)

    async def _run(self, function: Any, *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), function, *args)
        except BrokenProcessPool:  # a worker died (killed, out of memory): start a new pool and try once more
            self._pool = None
            return await loop.run_in_executor(self._executor(), function, *args)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
