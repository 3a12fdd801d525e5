"""Decisions through the PettingZoo and Gymnasium environments beside the engine and beside anchors, on one core.

One interleaved run measures, for each game at 2 and 4 players, full games of random legal play:

- **engine**: ``state.legal_actions()``, a ``random.Random`` choice among them, ``state.apply``;
- **PettingZoo**: ``last()`` (the observation vector and the action mask of the agent to act, as
  ``phoenixgames.rl.pettingzoo.env()`` gives them), a random index where the mask is 1, ``step``;
- **constant observation**: the same, through an environment that hands out one constant vector in
  place of the observation (the mask is real): what the rest of a PettingZoo decision costs;
- **Gymnasium**: one learning seat choosing a random index where ``action_masks()`` is 1, ``step``, and
  the ``random`` agent in every other seat (each of its decisions made through ``choose_action`` on a
  perspective copy, as in a match);

and, in the same rounds, the anchors: PettingZoo's own ``leduc_holdem_v4.raw_env()`` and
``texas_holdem_v4.raw_env()`` played the same way (``pip install 'phoenixgames[bench]'`` installs
``pettingzoo[classic]``; without it they are left out, with a note), a do-nothing AEC environment (the
turn protocol alone: ``agent_iter``, ``last()``, a masked choice, ``step``), and the bare loop of
4-player Schatz written from the rules (benchmarks/bare_schatz.py).

Each figure is microseconds of process CPU time a decision (reset included; a Gymnasium step counts the
learning seat's decision and the opponents' after it), the best of N timed runs, every way taking one run
a round so that a machine whose speed drifts slows them all alike. Then the ratios the targets name
(docs/performance.md): our PettingZoo decision over leduc's (at most 1.0), everything but the observation
(the constant-observation env less the engine) over the do-nothing env (at most 3), the observation's
microseconds a float (at most 0.03), and the engine's 4-player Schatz over the bare loop (at most 1.6).

    .venv/bin/python benchmarks/bench_rl.py            # about four minutes
    .venv/bin/python benchmarks/bench_rl.py --quick    # under half a minute, rougher figures
    .venv/bin/python benchmarks/bench_rl.py --json     # the figures as JSON
    .venv/bin/python benchmarks/bench_rl.py --game schatz --repeats 3
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
from gymnasium import spaces
from pettingzoo import AECEnv

import bare_schatz
import phoenixgames as pg
import throughput
from phoenixgames.engine import derive_seed
from phoenixgames.rl.arrays import mask_array, observation_array
from phoenixgames.rl.gymnasium import SeatEnv
from phoenixgames.rl.pettingzoo import TableEnv
from phoenixgames.rl.pettingzoo import env as pettingzoo_env

PLAYER_COUNTS = (2, 4)
WAYS = ("engine", "pettingzoo", "constant", "gymnasium")
#: The anchors' names and what each is.
ANCHORS = {
    "leduc": "PettingZoo's leduc_holdem_v4.raw_env()",
    "texas": "PettingZoo's texas_holdem_v4.raw_env()",
    "nothing": "a do-nothing AEC environment",
    "bare_schatz": "the bare loop of 4-player Schatz (benchmarks/bare_schatz.py)",
}
#: The targets of docs/performance.md: the most each ratio may be.
TARGETS = {"pettingzoo_over_leduc": 1.0, "rest_over_nothing": 3.0, "observation_us_per_float": 0.03}
SCHATZ_TARGET = 1.6

Work = Callable[[], int]


def pick(mask: np.ndarray, rng: random.Random) -> int:
    """A random index where ``mask`` is not 0, chosen as cheaply as the engine's ``rng.choice``."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.randrange(len(legal))])


def engine_games(game: str, players: int) -> Work:
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


class ConstantEnv(TableEnv):
    """The PettingZoo environment with one constant vector for every observation (the mask is real)."""

    constant: np.ndarray | None = None

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._started()
        if self.constant is None:
            self.constant = observation_array(state, 0).copy()
        return {"observation": self.constant, "action_mask": self._mask(state, self._seat_of[agent])}


class NothingEnv(AECEnv):
    """A do-nothing AEC environment: ``players`` agents take turns for ``length`` decisions, each choosing
    among 4 actions, all legal, with a constant observation; then every agent is terminated. It is what
    PettingZoo's turn protocol costs with no game behind it."""

    metadata = {"name": "nothing_v0", "render_modes": [], "is_parallelizable": False}

    def __init__(self, players: int = 2, length: int = 100) -> None:
        super().__init__()
        self.length = length
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._observation = {"observation": np.zeros(36, np.float32), "action_mask": np.ones(4, np.int8)}
        space = spaces.Dict(
            {"observation": spaces.Box(0.0, 1.0, (36,), np.float32), "action_mask": spaces.Box(0, 1, (4,), np.int8)}
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = dict.fromkeys(self.possible_agents, spaces.Discrete(4))
        self.steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self.steps = 0

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._observation

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        if self.steps >= self.length:
            for other in self.agents:
                self.terminations[other] = True
        self.agent_selection = self.possible_agents[self.steps % len(self.possible_agents)]
        self._accumulate_rewards()


def aec_games(table: AECEnv, name: str) -> Work:
    """Play one random game through the AEC environment ``table`` at each call; return its decisions (the
    steps of ``None`` after the end not counted, but timed)."""
    rng = random.Random(derive_seed("bench-rl", "aec", name))
    number = 0

    def work() -> int:
        nonlocal number
        table.reset(seed=number % 2**31)
        number += 1
        decisions = 0
        for _ in table.agent_iter():
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
            else:
                table.step(pick(observation["action_mask"], rng))
                decisions += 1
        return decisions

    return work


def gymnasium_games(game: str, players: int) -> Work:
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


def bare_schatz_games() -> Work:
    """Play one random 4-player game of the bare loop at each call; return its decisions."""
    rng = random.Random(derive_seed("bench-rl", "bare"))
    return lambda: bare_schatz.play_game(4, rng)


def anchor_works() -> tuple[dict[str, Work], list[str]]:
    """The anchors that can be run here, and a note for each left out."""
    works: dict[str, Work] = {
        "nothing": aec_games(NothingEnv(2), "nothing"),
        "bare_schatz": bare_schatz_games(),
    }
    notes = []
    try:
        from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4
    except ImportError as missing:
        notes.append(
            f"PettingZoo's card games are left out ({missing}): pip install 'phoenixgames[bench]' adds them"
        )
    else:
        works["leduc"] = aec_games(leduc_holdem_v4.raw_env(), "leduc")
        works["texas"] = aec_games(texas_holdem_v4.raw_env(), "texas")
    return works, notes


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
            start = time.process_time()
            for state, seat in positions:
                part(state, seat)
            fastest = min(fastest, time.process_time() - start)
        return fastest / len(positions) * 1e6

    return {
        "observation_us": best(observation_array),
        "mask_us": best(lambda state, seat: mask_array(state, len(state.action_table))),
    }


MAKERS: dict[str, Callable[[str, int], Work]] = {
    "engine": engine_games,
    "pettingzoo": lambda game, players: aec_games(pettingzoo_env(game, players=players), f"{game}{players}"),
    "constant": lambda game, players: aec_games(ConstantEnv(game, players), f"{game}{players}c"),
    "gymnasium": gymnasium_games,
}


def run(games: list[str], seconds: float, repeats: int) -> dict[str, Any]:
    """Every measurement, with the machine it ran on."""
    throughput.use_cpu_time(True)
    pinned = throughput.pin_to_one_core()
    cases = [(game, n) for game in games for n in PLAYER_COUNTS if n in pg.get_spec(game).player_counts]
    works: dict[tuple[str, ...], Work] = {}
    for game, players in cases:
        for way in WAYS:
            works[(game, str(players), way)] = MAKERS[way](game, players)
    anchors, notes = anchor_works()
    for name, work in anchors.items():
        works[("anchor", name)] = work
    if ("schatz", "4", "engine") not in works:
        works[("schatz", "4", "engine")] = engine_games("schatz", 4)
    for work in works.values():
        work()  # warm up: the first game builds the tables and layouts
    # Every way takes one timed run a round, so that a machine whose speed drifts over the minutes (a
    # shared or virtual one) slows them all alike: the ratios stay fair.
    best = dict.fromkeys(works, 0.0)
    for _ in range(repeats):
        for key, work in works.items():
            best[key] = max(best[key], throughput.best_rate(work, seconds, 1))
    us = {key: 1e6 / rate for key, rate in best.items()}
    anchor_us = {name: us[("anchor", name)] for name in anchors}
    rows = []
    for game, players in cases:
        row: dict[str, Any] = {"game": game, "players": players}
        row.update({f"{way}_us": us[(game, str(players), way)] for way in WAYS})
        row["floats"] = pg.observation_layout(game, players).size
        row.update(part_costs(game, players))
        row["observation_us_per_float"] = row["observation_us"] / row["floats"]
        row["rest_us"] = row["constant_us"] - row["engine_us"]
        row["rest_over_nothing"] = row["rest_us"] / anchor_us["nothing"]
        if "leduc" in anchor_us:
            row["pettingzoo_over_leduc"] = row["pettingzoo_us"] / anchor_us["leduc"]
        rows.append(row)
    schatz_engine = us[("schatz", "4", "engine")]
    return {
        "seconds": seconds,
        "repeats": repeats,
        "clock": "process CPU time",
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "cpu": throughput.cpu_model(),
        "cores_on_machine": os.cpu_count(),
        "core": pinned,
        "results": rows,
        "anchors_us": anchor_us,
        "schatz_4p_engine_us": schatz_engine,
        "schatz_4p_engine_over_bare": schatz_engine / anchor_us["bare_schatz"],
        "notes": notes,
    }


def _met(value: float, most: float) -> str:
    """A ratio and whether it meets its target (``ok``) or not (``over``)."""
    return f"{value:.2f} {'ok' if value <= most else 'over'}"


def print_table(report: dict[str, Any]) -> None:
    """The figures as tables on standard output."""
    from rich.console import Console
    from rich.table import Table

    console = Console(width=160)
    title = (
        f"µs of CPU a decision, one core, best of {report['repeats']} runs of {report['seconds']} s "
        "(reset included)"
    )
    table = Table(title=title, title_justify="left")
    headings = (
        "game",
        "players",
        "floats",
        "engine",
        "PettingZoo",
        "constant obs.",
        "Gymnasium",
        "obs.",
        "mask",
        "PZ / leduc (≤1.0)",
        "rest / nothing (≤3)",
        "µs a float (≤0.03)",
    )
    for heading in headings:
        table.add_column(heading, justify="left" if heading == "game" else "right")
    for row in report["results"]:
        leduc = row.get("pettingzoo_over_leduc")
        table.add_row(
            row["game"],
            str(row["players"]),
            f"{row['floats']:,}",
            f"{row['engine_us']:.1f}",
            f"{row['pettingzoo_us']:.1f}",
            f"{row['constant_us']:.1f}",
            f"{row['gymnasium_us']:.1f}",
            f"{row['observation_us']:.1f}",
            f"{row['mask_us']:.1f}",
            _met(leduc, TARGETS["pettingzoo_over_leduc"]) if leduc is not None else "–",
            _met(row["rest_over_nothing"], TARGETS["rest_over_nothing"]),
            f"{row['observation_us_per_float']:.4f} "
            + ("ok" if row["observation_us_per_float"] <= TARGETS["observation_us_per_float"] else "over"),
        )
    console.print(table)
    anchors = ", ".join(f"{ANCHORS[name]} {value:.1f} µs" for name, value in report["anchors_us"].items())
    console.print(f"Anchors in the same run: {anchors}.")
    console.print(
        f"Random 4-player Schatz through the API: {report['schatz_4p_engine_us']:.2f} µs a decision, "
        f"{report['schatz_4p_engine_over_bare']:.2f} times the bare loop "
        f"({'ok' if report['schatz_4p_engine_over_bare'] <= SCHATZ_TARGET else 'over'}: at most {SCHATZ_TARGET})."
    )
    for note in report["notes"]:
        console.print(f"Note: {note}")
    console.print(
        f"{report['implementation']} {report['python']} on {report['cpu']} "
        f"({report['cores_on_machine']} cores, {report['core']}), {report['clock']}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="runs of 0.2 s, one round: rougher figures")
    parser.add_argument("--repeats", type=int, default=None, help="timed runs of each way (default 5; --quick 1)")
    parser.add_argument("--seconds", type=float, default=None, help="length of a timed run (default 1; --quick 0.2)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON instead of a table")
    parser.add_argument("--game", choices=pg.games(), action="append", help="only this game (may be repeated)")
    args = parser.parse_args(argv)
    seconds = args.seconds or (0.2 if args.quick else 1.0)
    repeats = args.repeats or (1 if args.quick else 5)
    report = run(args.game or pg.games(), seconds, repeats)
    if args.json:
        print(json.dumps(report, indent=2, sort_keys=True, default=str))
    else:
        print_table(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
