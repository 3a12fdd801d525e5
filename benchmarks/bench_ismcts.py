"""ISMCTS iterations per second, for every registered game and player count, on one core.

For each game and player count: positions taken from random games (at a quarter, half and three
quarters of their length), and from each a search of the default ISMCTS agent (or the settings
given) for the seat to act, as in play: on ``state.copy(perspective=seat)``. The figure is the total
of iterations over the total of search time, the best of a few repeats.

    .venv/bin/python benchmarks/bench_ismcts.py                       # every game, every player count
    .venv/bin/python benchmarks/bench_ismcts.py --game schatz --players 4
    .venv/bin/python benchmarks/bench_ismcts.py --spec ismcts:rollout=greedy --json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

import phoenixgames as pg
from phoenixgames.agents import make_agent
from phoenixgames.engine import derive_seed

sys.path.insert(0, __file__.rsplit("/", 1)[0])
import throughput  # noqa: E402
from throughput import cpu_model, pin_to_one_core  # noqa: E402

ITERATIONS = 1000


def positions(game: str, players: int, games: int) -> list[pg.GameState]:
    """Positions a quarter, half and three quarters of the way through ``games`` random games."""
    found = []
    for number in range(games):
        seed = derive_seed("bench-ismcts", game, players, number)
        rng = random.Random(seed)
        full = pg.new_game(game, players=players, seed=seed)
        while not full.is_over:
            full.apply(rng.choice(full.legal_actions()))
        for share in (0.25, 0.5, 0.75):
            state = pg.new_game(game, players=players, seed=seed)
            for action in full.history[: int(len(full.history) * share)]:
                state.apply(action)
            if len(state.legal_actions()) > 1:
                found.append(state)
    return found


def rate(game: str, players: int, spec: str, repeats: int) -> dict[str, Any]:
    """Iterations per second of ``spec`` searching from the positions of ``game`` at ``players``."""
    states = positions(game, players, 2)
    best = 0.0
    for _ in range(repeats):
        iterations = 0
        elapsed = 0.0
        for number, state in enumerate(states):
            agent = make_agent(spec, seed=number)
            seat = state.current_player
            view = state.copy(perspective=seat, seed=0)
            started = throughput.CLOCK()
            agent.search(view, seat)
            elapsed += throughput.CLOCK() - started
            iterations += agent.last_iterations
        best = max(best, iterations / elapsed)
    return {"game": game, "players": players, "positions": len(states), "iterations_per_s": best}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (repeatable; default: every game)")
    parser.add_argument("--players", type=int, action="append", help="a player count (default: every count)")
    parser.add_argument("--spec", default=f"ismcts:iterations={ITERATIONS}", help="the agent spec to time")
    parser.add_argument("--repeats", type=int, default=3, help="timed repeats; the best counts")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--cpu-time", action="store_true", help="time by this process's processor time (steadier on a loaded machine)"
    )
    args = parser.parse_args(argv)
    clock = throughput.use_cpu_time(args.cpu_time)
    pinned = pin_to_one_core()
    rows = []
    for game in args.game or pg.games():
        counts = args.players or list(pg.get_spec(game).player_counts)
        for players in counts:
            rows.append(rate(game, players, args.spec, args.repeats))
            if not args.json:
                row = rows[-1]
                print(f"{game:<10} {players} players  {row['iterations_per_s']:>8,.0f} iterations/s", flush=True)
    report = {"spec": args.spec, "cpu": cpu_model(), "core": pinned, "clock": clock, "results": rows}
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"{args.spec} on {report['cpu']} ({pinned})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
