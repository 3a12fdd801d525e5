"""A bot's move at a table, within its deadline: the seat's agent in the pool, else the level below, else a
random legal move chosen here (a move of a table never waits on a bot for longer than the deadline)."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from .bot_budget import TooCostly, check_cost, fallbacks
from .bots import BotPool, BotTimeout, WorkerFailed

if TYPE_CHECKING:
    from ..engine import GameState
    from .metrics import Metrics

log = logging.getLogger("phoenixgames.server")

#: The deadline of the level below, once the seat's own agent has overrun (a heuristic answers in
#: milliseconds; a pool still busy is why it could take longer).
FALLBACK_SECONDS = 2.0


async def bot_move(
    pool: BotPool,
    state: GameState,
    spec: str,
    seat: int,
    deadline: float,
    metrics: Metrics | None = None,
    max_seconds: float | None = None,
) -> str:
    """The notation of ``seat``'s move by ``spec``, thought in ``pool`` within ``deadline`` seconds; past
    it, the move of the level below (:func:`~.bot_budget.fallbacks`), and past that a random legal move.
    A spec above ``max_seconds`` (a table made before the cap was lowered) is played by the levels below
    it until one is within the cap. :class:`~.bots.WorkerFailed` if the agent itself fails."""
    if max_seconds is not None:
        spec = within_cap(spec, state.game, max_seconds)
    state_json = state.to_json()
    started = time.perf_counter()
    try:
        notation = await pool.think(state_json, spec, seat, deadline)
    except BotTimeout:
        if metrics is not None:
            metrics.bot_timeouts += 1
        log.warning("the bot %s overran its %g s deadline: the level below plays", spec, deadline)
    else:
        if metrics is not None:
            metrics.bot_seconds(time.perf_counter() - started)
        return notation
    below = fallbacks(spec)[0]
    if below != "random":
        try:
            return await pool.think(state_json, below, seat, FALLBACK_SECONDS)
        except (BotTimeout, WorkerFailed):
            log.warning("the level below, %s, did not answer either: a random move", below)
    return random_move(state, seat)


def random_move(state: GameState, seat: int) -> str:
    """A random legal move for ``seat``, drawn as the ``random`` agent draws it (seeded by the game)."""
    from ..agents import make_agent
    from ..sim import agent_seed, choose_action

    agent = make_agent("random", agent_seed(state.seed, seat) if state.seed is not None else 0)
    return str(choose_action(agent, state, seat))


def within_cap(spec: str, game: str, max_seconds: float) -> str:
    """``spec`` if it asks at most ``max_seconds`` a move, else the first level below it that does."""
    while True:
        try:
            check_cost(spec, game, max_seconds)
        except TooCostly:
            below = fallbacks(spec)[0]
            if below == spec:
                return spec
            spec = below
            continue
        return spec
