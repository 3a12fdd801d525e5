"""How fast ``study`` plays beside ``simulate``: the same greedy games, side by side, in games a second.

    python benchmarks/study_speed.py                  # 400 games of 3-player Phoenicia, on 1 and 2 workers
    python benchmarks/study_speed.py --games 2000 --sweep   # and a 3-setting sweep of 2,000 games each

``simulate`` is :func:`phoenixgames.sim.run_games` without records (as the command runs it); ``study`` is
:func:`phoenixgames.sim.study.run_sweep` writing its results file, with every game's figures (win
shares, length, lead changes, margin and the game's own). The target: the study plays at least 80% of
simulate's games a second, and the sweep (three settings of 2,000 games of 3-player Phoenicia on two
workers) takes under ten minutes. The figures depend on the machine: run it when the machine is quiet.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from phoenixgames.engine import get_spec
from phoenixgames.sim import run_games
from phoenixgames.sim.study import Study, run_sweep


def simulate_rate(game: str, players: int, games: int, workers: int) -> float:
    started = time.perf_counter()
    run_games(game, players, games, "greedy", 1, workers=workers, keep_records=False)
    return games / (time.perf_counter() - started)


def study_rate(game: str, players: int, games: int, workers: int, folder: Path) -> float:
    out = folder / f"speed-{workers}.jsonl"
    out.unlink(missing_ok=True)
    started = time.perf_counter()
    run_sweep(Study(game, players, ("greedy",), 1), [], games, out, workers=workers)
    return games / (time.perf_counter() - started)


def default_vary(game: str) -> str:
    """Three settings: the VP goal where the game declares it, else the printed game three times over."""
    names = {p.name for p in get_spec(game).parameters}
    if "vp_goal" in names:
        return "vp_goal=28,32,36"
    option = get_spec(game).options[0]
    value = str(option.default).lower()
    return f"{option.name}={value},{value},{value}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="phoenicia")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, in turns; the best of each is kept")
    parser.add_argument("--sweep", action="store_true", help="also time a 3-setting sweep of --games games each")
    parser.add_argument("--vary", help="the sweep's NAME=A,B,C (default: vp_goal=28,32,36 where the game has it)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        print(f"{args.games} greedy games of {args.players}-player {args.game}")
        print(f"{'workers':>7} {'simulate games/s':>17} {'study games/s':>14} {'study/simulate':>15}")
        for workers in args.workers:
            # taken in turns, the best of each kept: a busy machine slows both alike
            simulate = study = 0.0
            for _ in range(args.repeat):
                simulate = max(simulate, simulate_rate(args.game, args.players, args.games, workers))
                study = max(study, study_rate(args.game, args.players, args.games, workers, Path(folder)))
            print(f"{workers:>7} {simulate:>17.1f} {study:>14.1f} {study / simulate:>14.0%}")
        if args.sweep:
            name, _, values = (args.vary or default_vary(args.game)).partition("=")
            vary = [(name, values.split(","))]
            out = Path(folder) / "sweep.jsonl"
            started = time.perf_counter()
            settings = run_sweep(
                Study(args.game, args.players, ("greedy",), 1), vary, args.games, out, workers=max(args.workers)
            )
            seconds = time.perf_counter() - started
            played = sum(len(setting.lines) for setting in settings)
            print(
                f"sweep {name}={values}: {len(settings)} settings x {args.games} games on {max(args.workers)} "
                f"workers: {seconds:.0f} s ({played / seconds:.1f} games/s)"
            )


if __name__ == "__main__":
    main()
