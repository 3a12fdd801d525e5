"""Bots think in a pool of worker processes, never on the server's event loop.

A worker is handed the full state as JSON (it never leaves the server's machine), loads it and asks
:func:`phoenixgames.sim.choose_action`, which gives the agent only the seat's perspective copy and seeds
it from the game's seed, the seat and the position: the same decision ``simulate`` would make. The
notation it returns is applied by the server like any move, with the version check.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool


def think(state_json: str, spec: str, seat: int) -> str:
    """The notation of the action the agent ``spec`` takes for ``seat`` (run in a worker)."""
    from ..agents import make_agent
    from ..engine import load_game
    from ..sim import agent_seed, choose_action

    state = load_game(state_json)
    agent = make_agent(spec, agent_seed(state.seed, seat) if state.seed is not None else 0)
    return str(choose_action(agent, state, seat))


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
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), think, state_json, spec, seat)
        except BrokenProcessPool:  # a worker died (killed, out of memory): start a new pool and try once more
            self._pool = None
            return await loop.run_in_executor(self._executor(), think, state_json, spec, seat)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
