"""A long run of random games of every game at every player count, checking the seams at every step:
each legal action's id maps back to it in the fixed action table, the mask marks exactly the legal
actions, no game takes more decisions than ``pg.game_info`` declares, every final score lies in its
range and the shares of the victory sum to 1. Exit status 1 if any check fails.

    .venv/bin/python benchmarks/soak_seams.py --games 1000          # 1,000 games a game and player count
    .venv/bin/python benchmarks/soak_seams.py --games 200 --game syndicate --workers 2
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import phoenixgames as pg

#: Phoenicia's rules let a game go on for ever; the soak plays it with a round cap, whose bound holds.
CAPPED = {"phoenicia": {"round_cap": 200}}


def soak(game: str, players: int, games: int) -> tuple[int, int]:
    """Play ``games`` random games; return the steps checked and the longest game."""
    options = CAPPED.get(game, {})
    info = pg.game_info(game, players, **options)
    table = pg.action_table(game, players, **options)
    steps = longest = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = pg.new_game(game, players=players, seed=seed, **options)
        while not state.is_over:
            legal = state.legal_actions()
            ids = [state.action_id(action) for action in legal]
            if [table[i] for i in ids] != legal:
                raise AssertionError(f"{game} {players}p seed {seed}: an id does not map back to its action")
            mask = state.action_mask()
            if [i for i, bit in enumerate(mask) if bit] != sorted(ids):
                raise AssertionError(f"{game} {players}p seed {seed}: the mask differs from the legal actions")
            state.apply(rng.choice(legal))
            steps += 1
        if info.max_decisions is not None and len(state.history) > info.max_decisions:
            raise AssertionError(
                f"{game} {players}p seed {seed}: {len(state.history)} decisions, bound {info.max_decisions}"
            )
        if not all(info.min_score <= score <= info.max_score for score in state.scores):
            raise AssertionError(f"{game} {players}p seed {seed}: scores {state.scores} outside their range")
        if abs(sum(state.returns()) - 1) > 1e-9:
            raise AssertionError(f"{game} {players}p seed {seed}: the shares do not sum to 1")
        longest = max(longest, len(state.history))
    return steps, longest


def run(job: tuple[str, int, int]) -> str:
    """One game and player count, as a line of the report (``FAILED ...`` if a check failed)."""
    game, players, games = job
    start = time.perf_counter()
    try:
        steps, longest = soak(game, players, games)
    except AssertionError as exc:
        return f"FAILED {exc}"
    bound = pg.game_info(game, players, **CAPPED.get(game, {})).max_decisions
    return (
        f"{game} {players}p: {games:,} games, {steps:,} steps checked, longest {longest:,} decisions "
        f"(bound {bound:,}), {time.perf_counter() - start:.1f} s"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="random games a game and player count")
    parser.add_argument("--game", action="append", help="only this game (may be repeated)")
    parser.add_argument("--workers", type=int, default=1, help="processes, each taking a game and player count")
    args = parser.parse_args()
    jobs = [(g, n, args.games) for g in args.game or pg.games() for n in pg.get_spec(g).player_counts]
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        lines = list(pool.map(run, jobs))
    for line in lines:
        print(line)
    return 1 if any(line.startswith("FAILED") for line in lines) else 0


if __name__ == "__main__":
    sys.exit(main())
