"""Decisions per second through the PettingZoo and Gymnasium environments beside the engine's own, on one core.

For each game at 2 and 4 players, full games of random legal play four ways, in the same run:

- **engine**: ``state.legal_actions()``, a ``random.Random`` choice among them, ``state.apply``;
- **PettingZoo**: ``last()`` (the observation vector and the action mask of the agent to act), a random
  index where the mask is 1, ``step``;
- **PettingZoo without observations**: the same, through an environment that hands out one constant
  vector in place of the observation (the mask is real): what the rest of a PettingZoo decision
  costs, the floor no observation, however it is made, can go below;
- **Gymnasium**: one learning seat choosing a random index where ``action_masks()`` is 1, ``step``, and
  the ``random`` agent in every other seat (each of its decisions made through ``choose_action`` on a
  perspective copy, as in a match).

Each figure counts the decisions of all seats (a Gymnasium step is the learning seat's decision and the
opponents' that follow it) and is the best of five timed runs of a second, the four ways taking turns;
the ratio is the engine's rate over the environment's: how many times an environment's decision costs
the engine's. Beside them, what a decision of the engine, an observation vector and an action mask each
cost, in microseconds, on positions of random games: where an environment's time goes.

    .venv/bin/python benchmarks/bench_rl.py            # about four minutes
    .venv/bin/python benchmarks/bench_rl.py --quick    # a few seconds, rougher figures
    .venv/bin/python benchmarks/bench_rl.py --json     # the figures as JSON
    .venv/bin/python benchmarks/bench_rl.py --game schatz
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import phoenixgames as pg
import throughput
from phoenixgames.engine import derive_seed
from phoenixgames.rl.arrays import mask_array, observation_array
from phoenixgames.rl.gymnasium import SeatEnv
from phoenixgames.rl.pettingzoo import TableEnv
from phoenixgames.rl.pettingzoo import env as pettingzoo_env

PLAYER_COUNTS = (2, 4)
WAYS = ("engine", "pettingzoo", "pettingzoo_floor", "gymnasium")


def pick(mask: np.ndarray, rng: random.Random) -> int:
    """A random index where ``mask`` is not 0, chosen as cheaply as the engine's ``rng.choice``."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.randrange(len(legal))])


def engine_games(game: str, players: int) -> Callable[[], int]:
    """Play one random game through the engine at each call; return its decisions."""
    rng = random.Random(derive_seed("bench-rl", "engine", players))
    number = 0

    def work() -> int:
        nonlocal number
        state = pg.new_game(game, players=players, seed=derive_seed("bench-rl", game, players, number))
        number += 1
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        return len(state.history)

    return work


class FloorEnv(TableEnv):
    """The PettingZoo environment with one constant vector for every observation (the mask is real)."""

    constant: np.ndarray | None = None

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._started()
        if self.constant is None:
            self.constant = observation_array(state, 0).copy()
        return {"observation": self.constant, "action_mask": self._mask(state, self._seat_of[agent])}


def pettingzoo_floor_games(game: str, players: int) -> Callable[[], int]:
    """Play one random game through :class:`FloorEnv` at each call; return its decisions."""
    return pettingzoo_games(game, players, FloorEnv(game, players))


def pettingzoo_games(game: str, players: int, table: TableEnv | None = None) -> Callable[[], int]:
    """Play one random game through the PettingZoo environment at each call; return its decisions."""
    table = table or pettingzoo_env(game, players=players)
    rng = random.Random(derive_seed("bench-rl", "pettingzoo", players))
    number = 0

    def work() -> int:
        nonlocal number
        table.reset(seed=derive_seed("bench-rl", game, players, number))
        number += 1
        for _ in table.agent_iter():
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
            else:
                table.step(pick(observation["action_mask"], rng))
        assert table.state is not None
        return len(table.state.history)

    return work


def gymnasium_games(game: str, players: int) -> Callable[[], int]:
    """Play one random game through the Gymnasium environment (random opponents) at each call; return
    its decisions, the opponents' included."""
    env = SeatEnv(game, players=players, opponents="random", seat=0)
    rng = random.Random(derive_seed("bench-rl", "gymnasium", players))
    number = 0

    def work() -> int:
        nonlocal number
        env.reset(seed=derive_seed("bench-rl", game, players, number))
        number += 1
        while True:
            _, _, terminated, truncated, _ = env.step(pick(env.action_masks(), rng))
            if terminated or truncated:
                break
        assert env.state is not None
        return len(env.state.history)

    return work


def gymnasium_steps(game: str, players: int) -> float:
    """The learning seat's share of a game's decisions (a Gymnasium step per that many decisions)."""
    env = SeatEnv(game, players=players, opponents="random", seat=0)
    rng = random.Random(0)
    steps = decisions = 0
    for number in range(5):
        env.reset(seed=derive_seed("bench-rl", "share", players, number))
        while True:
            steps += 1
            _, _, terminated, truncated, _ = env.step(pick(env.action_masks(), rng))
            if terminated or truncated:
                break
        assert env.state is not None
        decisions += len(env.state.history)
    return steps / decisions


def part_costs(game: str, players: int, count: int = 300) -> dict[str, float]:
    """Microseconds of one observation vector (``observation_array``) and one action mask (``mask_array``)
    of the seat to act, on ``count`` positions spread over random games: the best of three passes."""
    positions: list[tuple[pg.GameState, int]] = []
    number = 0
    while len(positions) < count:
        rng = random.Random(number)
        state = pg.new_game(game, players=players, seed=derive_seed("bench-rl", "parts", players, number))
        number += 1
        while not state.is_over and len(positions) < count:
            if rng.random() < 0.1:
                seat = state.current_player
                assert seat is not None
                positions.append((state.copy(), seat))
            state.apply(rng.choice(state.legal_actions()))

    def best(part: Callable[[pg.GameState, int], object]) -> float:
        fastest = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            for state, seat in positions:
                part(state, seat)
            fastest = min(fastest, time.perf_counter() - start)
        return fastest / len(positions) * 1e6

    return {
        "observation_us": best(observation_array),
        "mask_us": best(lambda state, seat: mask_array(state, len(state.action_table))),
    }


MAKERS = {
    "engine": engine_games,
    "pettingzoo": pettingzoo_games,
    "pettingzoo_floor": pettingzoo_floor_games,
    "gymnasium": gymnasium_games,
}


def run(games: list[str], quick: bool) -> dict[str, Any]:
    """Every measurement, with the machine it ran on."""
    seconds, repeats = (0.3, 1) if quick else (1.0, 5)
    pinned = throughput.pin_to_one_core()
    results = []
    for game in games:
        counts = [players for players in PLAYER_COUNTS if players in pg.get_spec(game).player_counts]
        for players in counts:
            row: dict[str, Any] = {"game": game, "players": players}
            works = {way: MAKERS[way](game, players) for way in WAYS}
            for work in works.values():
                work()  # warm up: the first game builds the tables and layouts
            # The ways take turns, one timed run each a round, so that a machine whose speed drifts over
            # the minutes (a shared or virtual one) slows them all alike: the ratios stay fair.
            best = dict.fromkeys(WAYS, 0.0)
            for _ in range(repeats):
                for way, work in works.items():
                    best[way] = max(best[way], throughput.best_rate(work, seconds, 1))
            row.update({f"{way}_decisions_per_s": rate for way, rate in best.items()})
            for way in WAYS[1:]:
                row[f"{way}_ratio"] = row["engine_decisions_per_s"] / row[f"{way}_decisions_per_s"]
            row["gymnasium_steps_per_s"] = row["gymnasium_decisions_per_s"] * gymnasium_steps(game, players)
            row["engine_us"] = 1e6 / row["engine_decisions_per_s"]
            row.update(part_costs(game, players))
            results.append(row)
    return {
        "mode": "quick" if quick else "full",
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "cpu": throughput.cpu_model(),
        "cores_on_machine": os.cpu_count(),
        "core": pinned,
        "results": results,
    }


def print_table(report: dict[str, Any]) -> None:
    """The figures as a table on standard output."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"Decisions per second, one core ({report['mode']} run)", title_justify="left")
    headings = (
        "game",
        "players",
        "engine",
        "PettingZoo",
        "ratio",
        "no obs.",
        "ratio",
        "Gymnasium",
        "ratio",
        "Gym steps/s",
        "µs engine",
        "µs obs.",
        "µs mask",
    )
    for heading in headings:
        table.add_column(heading, justify="left" if heading == "game" else "right")
    for row in report["results"]:
        table.add_row(
            row["game"],
            str(row["players"]),
            f"{row['engine_decisions_per_s']:,.0f}",
            f"{row['pettingzoo_decisions_per_s']:,.0f}",
            f"{row['pettingzoo_ratio']:.2f}",
            f"{row['pettingzoo_floor_decisions_per_s']:,.0f}",
            f"{row['pettingzoo_floor_ratio']:.2f}",
            f"{row['gymnasium_decisions_per_s']:,.0f}",
            f"{row['gymnasium_ratio']:.2f}",
            f"{row['gymnasium_steps_per_s']:,.0f}",
            f"{row['engine_us']:.1f}",
            f"{row['observation_us']:.1f}",
            f"{row['mask_us']:.1f}",
        )
    console = Console(width=140)
    console.print(table)
    console.print(
        f"{report['implementation']} {report['python']} on {report['cpu']} "
        f"({report['cores_on_machine']} cores, {report['core']})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short timings: a few seconds in all, rougher figures")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON instead of a table")
    parser.add_argument("--game", choices=pg.games(), action="append", help="only this game (may be repeated)")
    args = parser.parse_args(argv)
    report = run(args.game or pg.games(), args.quick)
    if args.json:
        print(json.dumps(report, indent=2, sort_keys=True))
    else:
        print_table(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
