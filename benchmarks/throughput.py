"""Throughput of a game through the public API, on one core: the measurements behind ``bench_*.py``.

For any registered game and its player counts: full random games per second (a ``random.Random``
choosing among ``legal_actions()`` and ``apply()`` until the game is over), actions per second in those
games, and ``copy()``, ``copy(perspective=p)`` and ``view(p)`` per second on mid-game states. Each figure is the best
of a few timed repeats, as ``timeit`` does: the least disturbed run is the closest to what the code
costs. Each ``bench_<game>.py`` names its game and player counts and calls :func:`main`.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import phoenixgames as pg
from phoenixgames.engine import derive_seed

#: Mid-game states timed for the copy figures, unless a game asks for another number.
MID_GAME_STATES = 40

#: The clock the figures are timed by: wall time, or (``--cpu-time``) the processor time of this process,
#: which other work on a loaded machine disturbs far less.
CLOCK = time.perf_counter


def use_cpu_time(cpu: bool) -> str:
    """Time by the process's processor time (``cpu``) or by the wall clock; say which."""
    global CLOCK
    CLOCK = time.process_time if cpu else time.perf_counter
    return "processor time" if cpu else "wall time"


def pin_to_one_core() -> str:
    """Run on a single core where the system allows it; say which."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (this system cannot pin a process to a core)"
    core = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return f"pinned to core {core}"


def cpu_model() -> str:
    """The processor's name, from /proc/cpuinfo where there is one."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def play_random_game(game: str, players: int, seed: int, rng: random.Random) -> int:
    """Play one game to the end with uniformly random legal actions; return how many actions it took."""
    state = pg.new_game(game, players=players, seed=seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return len(state.history)


def best_rate(work: Callable[[], int], seconds: float, repeats: int) -> float:
    """The best of ``repeats`` rates (units of work per second), each repeat running for ``seconds``.

    ``work()`` does some work and returns how many units of it it did.
    """
    best = 0.0
    for _ in range(repeats):
        done = 0
        start = CLOCK()
        deadline = start + seconds
        while True:
            done += work()
            now = CLOCK()
            if now >= deadline:
                break
        best = max(best, done / (now - start))
    return best


def bench_games(game: str, players: int, seconds: float, repeats: int) -> dict[str, float]:
    """Random games and their actions per second at ``players``: the best of ``repeats`` timed runs."""
    rng = random.Random(derive_seed("bench", players))
    best = (0.0, 0.0)
    number = 0
    for _ in range(repeats):
        games = actions = 0
        start = CLOCK()
        deadline = start + seconds
        while True:
            actions += play_random_game(game, players, derive_seed("bench", players, number), rng)
            games += 1
            number += 1
            now = CLOCK()
            if now >= deadline:
                break
        best = max(best, (games / (now - start), actions / (now - start)))
    return {"games_per_s": best[0], "actions_per_s": best[1]}


def mid_game_states(game: str, players: int, count: int) -> list[pg.GameState]:
    """``count`` states half-way through random games (by number of actions)."""
    states = []
    for i in range(count):
        seed = derive_seed("bench-mid", players, i)
        rng = random.Random(seed)
        full = pg.new_game(game, players=players, seed=seed)
        while not full.is_over:
            full.apply(rng.choice(full.legal_actions()))
        state = pg.new_game(game, players=players, seed=seed)
        for action in full.history[: len(full.history) // 2]:
            state.apply(action)
        states.append(state)
    return states


def bench_copies(game: str, players: int, seconds: float, repeats: int, count: int) -> dict[str, float]:
    """``copy()``, ``copy(perspective=p)`` and ``view(p)`` per second on mid-game states, every seat in turn
    (views: every seat's, the spectator's and the referee's)."""
    states = mid_game_states(game, players, count)

    def exact_copies() -> int:
        for state in states:
            state.copy()
        return len(states)

    def perspective_copies() -> int:
        for state in states:
            for seat in range(players):
                state.copy(perspective=seat)
        return len(states) * players

    audiences: list[int | str | None] = [*range(players), pg.PUBLIC, None]

    def views() -> int:
        for state in states:
            for audience in audiences:
                state.view(audience)
        return len(states) * len(audiences)

    copy_rate = best_rate(exact_copies, seconds, repeats)
    perspective_rate = best_rate(perspective_copies, seconds, repeats)
    view_rate = best_rate(views, seconds, repeats)
    return {"copy_per_s": copy_rate, "perspective_copy_per_s": perspective_rate, "view_per_s": view_rate}


def run(
    game: str, player_counts: Sequence[int], quick: bool, mid_game_count: int = MID_GAME_STATES, cpu: bool = False
) -> dict[str, Any]:
    """Every measurement of ``game`` at ``player_counts``, with the machine it ran on."""
    clock = use_cpu_time(cpu)
    seconds, repeats = (0.3, 1) if quick else (2.0, 3)
    pinned = pin_to_one_core()
    for players in player_counts:  # warm up: first calls fill caches and build lazily made tables
        for number in range(5):
            play_random_game(game, players, derive_seed("warm-up", players, number), random.Random(number))
    results = []
    for players in player_counts:
        row: dict[str, Any] = {"players": players}
        row.update(bench_games(game, players, seconds, repeats))
        row.update(bench_copies(game, players, seconds / 2, repeats, mid_game_count))
        results.append(row)
    return {
        "game": game,
        "mode": "quick" if quick else "full",
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "cpu": cpu_model(),
        "cores_on_machine": os.cpu_count(),
        "core": pinned,
        "clock": clock,
        "results": results,
    }


def print_table(report: dict[str, Any]) -> None:
    """The figures as a table on standard output."""
    from rich.console import Console
    from rich.table import Table

    title = pg.get_spec(report["game"]).title
    table = Table(title=f"{title}, one core ({report['mode']} run)", title_justify="left")
    for heading in ("players", "games/s", "actions/s", "copy()/s", "copy(perspective=p)/s", "view(p)/s"):
        table.add_column(heading, justify="right")
    for row in report["results"]:
        table.add_row(
            str(row["players"]),
            f"{row['games_per_s']:,.0f}",
            f"{row['actions_per_s']:,.0f}",
            f"{row['copy_per_s']:,.0f}",
            f"{row['perspective_copy_per_s']:,.0f}",
            f"{row['view_per_s']:,.0f}",
        )
    console = Console()
    console.print(table)
    console.print(
        f"{report['implementation']} {report['python']} on {report['cpu']} "
        f"({report['cores_on_machine']} cores, {report['core']}; timed by {report['clock']})"
    )


def main(
    game: str,
    player_counts: Sequence[int],
    description: str,
    argv: list[str] | None = None,
    mid_game_count: int = MID_GAME_STATES,
) -> int:
    """Run the benchmark of ``game`` and print its figures; ``description`` heads the ``--help``."""
    parser = argparse.ArgumentParser(description=description.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short timings: a few seconds in all, rougher figures")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON instead of a table")
    parser.add_argument(
        "--cpu-time", action="store_true", help="time by this process's processor time (steadier on a loaded machine)"
    )
    args = parser.parse_args(argv)
    report = run(game, player_counts, args.quick, mid_game_count, cpu=args.cpu_time)
    if args.json:
        print(json.dumps(report, indent=2, sort_keys=True))
    else:
        print_table(report)
    return 0
