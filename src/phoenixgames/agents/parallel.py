"""Root parallel search: several ISMCTS trees grown apart from one position, their roots added up.

``ismcts:workers=K`` splits the budget into K searches, each with a seed drawn in turn from the
agent's own randomness, and plays the action most visited over all K roots (ties: the better mean,
then the earlier action). The K searches run on up to K processes of this machine (as many as it has
cores), or one after the other in this process when there is one core, when the search holds a
function that cannot be sent to another process (an ``evaluate`` or ``prior`` defined inside a
function), or when this process may not start others (a worker of a pool, as each of
``simulate --workers``'s and ``strength --workers``'s is): the moves are the same either way, since
they depend only on the seeds and the budget. So with an iteration budget the same seed gives the
same moves, on any machine.
"""

from __future__ import annotations

import atexit
import copy
import multiprocessing
import os
import pickle
import random
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import TYPE_CHECKING

from ..engine import Action, GameState
from .search_tree import Node

if TYPE_CHECKING:  # the search hands itself in: only the type checker reads its module here
    from .ismcts import ISMCTSAgent

#: One pool of processes a size, kept for the life of the program (starting processes takes time).
_POOLS: dict[int, Executor] = {}


def _pool(size: int) -> Executor:
    pool = _POOLS.get(size)
    if pool is None:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        pool = _POOLS[size] = ProcessPoolExecutor(max_workers=size, mp_context=context)
    return pool


@atexit.register
def _close_pools() -> None:
    for pool in _POOLS.values():
        pool.shutdown(wait=False, cancel_futures=True)
    _POOLS.clear()


def split_budget(iterations: int, searches: int) -> list[int]:
    """``iterations`` shared among ``searches`` as evenly as can be, the first ones taking the rest."""
    share, rest = divmod(iterations, searches)
    return [share + (1 if k < rest else 0) for k in range(searches)]


#: What one search sends back: each root child's visits and reward, by action, and its iterations.
RootTotals = tuple[dict[Action, tuple[int, float]], int]


def _search_one(agent: ISMCTSAgent, state: GameState, me: int) -> RootTotals:
    root = agent.search(state, me, decided_early=True)
    return {action: (child.visits, child.reward) for action, child in root.children.items()}, agent.last_iterations


def root_parallel(agent: ISMCTSAgent, state: GameState, me: int, searches: int) -> Node:
    """The root of ``searches`` searches of ``agent``'s budget shared among them, added up.

    Each search is a copy of ``agent`` with one search's share of the iterations (or the whole budget
    in seconds) and a seed drawn from ``agent.rng``; ``agent.last_iterations`` is set to the total.
    """
    settings = agent.settings_for(state.spec)
    seeds = [agent.rng.getrandbits(64) for _ in range(searches)]
    limit = settings["iterations"]
    budgets: list[int | None] = list(split_budget(limit, searches)) if limit is not None else [None] * searches
    parts = []
    for seed, budget in zip(seeds, budgets, strict=True):
        if budget == 0:
            continue
        part = copy.copy(agent)
        part.workers = 1
        part.rng = random.Random(seed)
        part.iterations = budget
        part.seconds = settings["seconds"]
        part.given = agent.given | {"iterations", "seconds"}
        part.last_root = None
        parts.append(part)
    processes = min(len(parts), os.cpu_count() or 1)
    results: list[RootTotals]
    if processes > 1 and not multiprocessing.current_process().daemon and _can_send(parts[0]):
        pool = _pool(processes)
        results = list(pool.map(_search_one, parts, [state] * len(parts), [me] * len(parts)))
    else:
        results = [_search_one(part, state, me) for part in parts]
    root = Node(None)
    done = 0
    for children, iterations in results:
        done += iterations
        for action, (visits, reward) in children.items():
            child = root.children.get(action)
            if child is None:
                child = root.children[action] = Node(me)
            child.visits += visits
            child.reward += reward
            root.visits += visits
    agent.last_iterations = done
    return root


def _can_send(agent: ISMCTSAgent) -> bool:
    """Whether ``agent`` (its evaluation, rollout and prior with it) can be sent to another process."""
    try:
        pickle.dumps(agent)
    except Exception:  # a lambda, a local function, an object pickle cannot name
        return False
    return True


__all__ = ["RootTotals", "root_parallel", "split_budget"]
