"""Our ISMCTS against OpenSpiel's Python ISMCTSBot, on our games through the OpenSpiel adapter.

Two-player games, the seats swapped every game (each side starts half of them), in two settings:

- ``iterations``: both searches run the same number of iterations a move;
- ``time``: both search for the same time a move (OpenSpiel's bot runs whole iterations until the time
  is up, at least two: the first only expands the root).

Ours is ``make_agent("ismcts:iterations=N")`` (or ``ismcts:seconds=S``), with the game's defaults,
asked through ``phoenixgames.sim.choose_action`` on the true state behind the OpenSpiel state.
OpenSpiel's is ``phoenixgames.rl.openspiel.ismcts_bot``: ``ISMCTSBot`` with one random rollout to the
end a simulation (``RandomRolloutEvaluator``), ``uct_c=1`` on returns in [0, 1], the most visited move,
worlds re-dealt by our ``copy(perspective=...)``. Both see only what their seat may.

``--ours SETTINGS`` adds settings to our spec (``rollout=random,depth=none,bias=0``: OpenSpiel's kind of
rollouts); the deals do not depend on them, so two settings of ours meet the same games.

Each finished game is appended as a JSON line to the results file, so an interrupted run given again
plays only the games still missing; ``--table`` prints the Markdown table of what the file holds (our
share of the victories, shared ones split, with its 95% Wilson interval). ``--speed`` measures each
search's iterations a second on the same positions (a quarter, half and three quarters into random
games) and appends them too.

    .venv/bin/python benchmarks/versus_openspiel.py --game schatz phoenix --games 200 --iterations 25 --ms 10
    .venv/bin/python benchmarks/versus_openspiel.py --speed --game schatz --iterations 25
    .venv/bin/python benchmarks/versus_openspiel.py --table
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import phoenixgames as pg
from phoenixgames.agents import ISMCTSAgent, make_agent
from phoenixgames.rl import openspiel as ops
from phoenixgames.sim import choose_action
from phoenixgames.sim.stats import wilson_interval

RESULTS = Path("strength-results/versus_openspiel.jsonl")


def derived(*parts: object) -> int:
    """A seed from ``parts``, the same on every machine, small enough for an OpenSpiel parameter."""
    digest = hashlib.sha256("/".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1


class TimedISMCTSBot(ops.ISMCTSBot):
    """OpenSpiel's ISMCTSBot searching for ``seconds`` a move (whole iterations, at least two) instead of
    a number of iterations: ``run_search`` as OpenSpiel writes it, its loop bounded by the clock."""

    def __init__(self, *args: Any, seconds: float, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seconds = seconds
        self.last_iterations = 0

    def run_search(self, state: pyspiel.State) -> list[tuple[int, float]]:
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.seconds
        done = 0
        while done < 2 or time.perf_counter() < deadline:  # the first only expands the root
            self.run_simulation(self.sample_root_state(state))
            done += 1
        self.last_iterations = done
        return self.get_final_policy(state, self._root_node)


def their_bot(game: pyspiel.Game, mode: str, budget: float, seed: int) -> ops.ISMCTSBot:
    if mode == "iterations":
        return ops.ismcts_bot(game, int(budget), seed=seed)
    random_state = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    bot = TimedISMCTSBot(game, evaluator, 1.0, 1, random_state=random_state, seconds=budget / 1000)
    bot.set_resampler(ops.resampler(random_state))
    return bot


def our_spec(mode: str, budget: float, settings: str = "") -> str:
    spec = f"ismcts:iterations={int(budget)}" if mode == "iterations" else f"ismcts:seconds={budget / 1000}"
    return f"{spec},{settings}" if settings else spec


# ---------------------------------------------------------------------------------------------- games
Task = tuple[str, str, float, int, int, str]


def play(task: Task) -> dict[str, Any]:
    """One game: ``(game, mode, budget, index, base seed, our settings)``; ours sits at seat ``index % 2``.
    The deal depends on all but our settings, so that two settings of ours meet the same games."""
    game_name, mode, budget, index, base, settings = task
    seed = derived(base, game_name, mode, budget, index)
    game = pyspiel.load_game(f"{ops.short_name(game_name)}(players=2,seed={seed})")
    state = game.new_initial_state()
    ours_seat = index % 2
    ours = make_agent(our_spec(mode, budget, settings), seed=derived(seed, "ours"))
    theirs = their_bot(game, mode, budget, derived(seed, "theirs"))
    thought = [0.0, 0.0]  # wall-clock seconds, what a budget in time counts
    processor = [0.0, 0.0]  # processor seconds, what the search got of a shared machine
    decisions = [0, 0]
    started = time.perf_counter()
    while not state.is_terminal():
        seat = state.current_player()
        side = 0 if seat == ours_seat else 1
        clock, cpu = time.perf_counter(), time.process_time()
        if side == 0:
            action = state.pg_state.action_id(choose_action(ours, state.pg_state, seat))
        else:
            action = theirs.step(state)
        thought[side] += time.perf_counter() - clock
        processor[side] += time.process_time() - cpu
        decisions[side] += 1
        state.apply_action(action)
    returns = state.returns()
    return {
        "kind": "game",
        "game": game_name,
        "mode": mode,
        "budget": budget,
        "index": index,
        "base_seed": base,
        "ours_settings": settings,
        "seed": seed,
        "ours_seat": ours_seat,
        "ours_share": returns[ours_seat],
        "scores": state.pg_state.scores,
        "length": len(state.history()),
        "decisions": {"ours": decisions[0], "theirs": decisions[1]},
        "seconds": {"ours": round(thought[0], 3), "theirs": round(thought[1], 3)},
        "processor_seconds": {"ours": round(processor[0], 3), "theirs": round(processor[1], 3)},
        "wall": round(time.perf_counter() - started, 3),
    }


def done_games(path: Path) -> set[Task]:
    if not path.exists():
        return set()
    found = set()
    for line in path.read_text().splitlines():
        record = json.loads(line)
        if record.get("kind") == "game":
            found.add(
                (
                    record["game"],
                    record["mode"],
                    float(record["budget"]),
                    record["index"],
                    record["base_seed"],
                    record.get("ours_settings", ""),
                )
            )
    return found


def run(args: argparse.Namespace) -> None:
    path = Path(args.results)
    path.parent.mkdir(parents=True, exist_ok=True)
    done = done_games(path)
    tasks = [
        (game, mode, float(budget), index, args.seed, args.ours)
        for game in args.game
        for mode, budget in (("iterations", args.iterations), ("time", args.ms))
        if budget
        for index in range(args.games)
    ]
    left = [task for task in tasks if task not in done]
    print(f"{len(tasks) - len(left)} of {len(tasks)} games already in {path}; playing {len(left)}", flush=True)
    with path.open("a") as out, multiprocessing.Pool(args.workers) as pool:
        for number, record in enumerate(pool.imap_unordered(play, left), 1):
            out.write(json.dumps(record, sort_keys=True) + "\n")
            out.flush()
            if number % 10 == 0 or number == len(left):
                print(f"{number}/{len(left)} {record['game']} {record['mode']} {record['wall']}s", flush=True)


# ---------------------------------------------------------------------------------------------- speed
def positions(game_name: str, count: int, seed: int) -> list[pyspiel.State]:
    """States a quarter, half and three quarters into ``count`` random two-player games."""
    found = []
    for number in range(count):
        game_seed = derived(seed, game_name, "speed", number)
        rng = random.Random(game_seed)
        game = pyspiel.load_game(f"{ops.short_name(game_name)}(players=2,seed={game_seed})")
        trial = game.new_initial_state()
        states = [trial.clone()]
        while not trial.is_terminal():
            trial.apply_action(rng.choice(trial.legal_actions()))
            states.append(trial.clone())
        for fraction in (0.25, 0.5, 0.75):
            state = states[int(len(states) * fraction)]
            if len(state.legal_actions()) > 1:
                found.append(state)
    return found


def speed(args: argparse.Namespace) -> None:
    path = Path(args.results)
    path.parent.mkdir(parents=True, exist_ok=True)
    iterations = int(args.iterations)
    for game_name in args.game:
        states = positions(game_name, args.speed_games, args.seed)
        ours = ISMCTSAgent(seed=1, iterations=iterations)
        ours_time = ours_done = 0.0
        theirs_time = theirs_done = 0.0
        for number, state in enumerate(states):
            seat = state.current_player()
            clock = time.process_time()  # processor time: the machine may be shared
            choose_action(ours, state.pg_state, seat)
            ours_time += time.process_time() - clock
            ours_done += ours.last_iterations
            bot = ops.ismcts_bot(state.get_game(), iterations, seed=number)
            clock = time.process_time()
            bot.run_search(state)
            theirs_time += time.process_time() - clock
            theirs_done += iterations
        record = {
            "kind": "speed",
            "game": game_name,
            "iterations": iterations,
            "positions": len(states),
            "ours_per_second": round(ours_done / ours_time, 1),
            "theirs_per_second": round(theirs_done / theirs_time, 1),
        }
        print(json.dumps(record), flush=True)
        with path.open("a") as out:
            out.write(json.dumps(record, sort_keys=True) + "\n")


# ---------------------------------------------------------------------------------------------- table
def table(path: Path) -> str:
    """The Markdown tables of what the results file holds."""
    games: dict[tuple[str, str, float, str], list[dict]] = {}
    speeds: dict[tuple[str, int], dict] = {}
    for line in path.read_text().splitlines():
        record = json.loads(line)
        if record["kind"] == "game":
            key = (record["game"], record["mode"], float(record["budget"]), record.get("ours_settings", ""))
            games.setdefault(key, []).append(record)
        else:
            speeds[(record["game"], record["iterations"])] = record
    lines = [
        "| game | budget a move | games | ours wins (ties split) | 95% interval | wall time a move: ours / theirs "
        "| processor time a move: ours / theirs | game length |",
        "|---|---|---:|---:|---|---|---|---:|",
    ]
    for (game_name, mode, budget, settings), records in sorted(games.items()):
        share = sum(r["ours_share"] for r in records)
        low, high = wilson_interval(share, len(records))
        length = sum(r["length"] for r in records) / len(records)
        shown = f"{int(budget)} iterations" if mode == "iterations" else f"{budget:g} ms"
        if settings:
            shown += f"; ours with {settings}"
        lines.append(
            f"| {game_name} | {shown} | {len(records)} | {100 * share / len(records):.1f}% | "
            f"{100 * low:.1f}% to {100 * high:.1f}% | {_per_move(records, 'seconds')} "
            f"| {_per_move(records, 'processor_seconds')} | {length:.0f} |"
        )
    if speeds:
        lines += [
            "",
            "| game | positions | iterations a search | iterations a second of processor time: ours "
            "| OpenSpiel's ISMCTSBot |",
            "|---|---:|---:|---:|---:|",
        ]
        for (game_name, iterations), record in sorted(speeds.items()):
            lines.append(
                f"| {game_name} | {record['positions']} | {iterations} | {record['ours_per_second']:,.0f} | "
                f"{record['theirs_per_second']:,.0f} |"
            )
    return "\n".join(lines)


def _per_move(records: list[dict], key: str) -> str:
    """Milliseconds a move of each side, over the games that measured ``key``."""
    measured = [r for r in records if key in r]
    if not measured:
        return "-"
    shown = []
    for side in ("ours", "theirs"):
        seconds = sum(r[key][side] for r in measured)
        moves = sum(r["decisions"][side] for r in measured)
        shown.append(f"{1000 * seconds / max(1, moves):.1f} ms")
    note = "" if len(measured) == len(records) else f" ({len(measured)} games)"
    return " / ".join(shown) + note


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", nargs="+", default=list(pg.games()), choices=pg.games())
    parser.add_argument("--games", type=int, default=200, help="games a game and setting (seats swapped)")
    parser.add_argument("--iterations", type=float, default=25, help="iterations a move (0: skip that setting)")
    parser.add_argument("--ms", type=float, default=10, help="milliseconds a move (0: skip that setting)")
    parser.add_argument(
        "--ours",
        default="",
        help="settings added to our spec, e.g. rollout=random,depth=none,bias=0 (OpenSpiel's rollouts)",
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--results", default=str(RESULTS))
    parser.add_argument("--speed", action="store_true", help="measure iterations a second instead of playing")
    parser.add_argument("--speed-games", type=int, default=4, help="random games the speed positions come from")
    parser.add_argument("--table", action="store_true", help="print the tables of the results file")
    args = parser.parse_args(argv)
    if args.table:
        print(table(Path(args.results)))
    elif args.speed:
        speed(args)
    else:
        run(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
