"""Instructions a game takes, counted by valgrind's callgrind: a measure of speed that a busy machine
does not blur, for comparing two versions of the code on the same games.

Plays ``GAMES`` games of ``GAME`` (seeds 0, 1, ...; random actions, or the greedy player's with
``--greedy``) under callgrind, then the same with no game, and prints the difference per game. The same
seeds give the same games in both versions as long as their rules agree, so the counts compare like
with like. ``--src`` names the ``src`` folder to import the package from (another checkout).

    .venv/bin/python benchmarks/count_instructions.py syndicate 4 5
    .venv/bin/python benchmarks/count_instructions.py phoenix 4 10 --greedy --src ../main/src
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys

PLAY = """
import random, sys
import phoenixgames as pg
from phoenixgames.engine.registry import get_spec
game, players, games, greedy = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "greedy"
spec = get_spec(game)
for seed in range(games):
    state = pg.new_game(game, players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(spec.greedy(state, rng) if greedy else rng.choice(state.legal_actions()))
"""


def instructions(args: argparse.Namespace, games: int) -> int:
    """The instructions callgrind counts for the whole run of ``games`` games (start-up included)."""
    env = dict(os.environ)
    if args.src:
        env["PYTHONPATH"] = os.path.abspath(args.src)
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", PLAY]
    command += [args.game, str(args.players), str(games), "greedy" if args.greedy else "random"]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"Collected\s*:\s*([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit(f"callgrind gave no count:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("games", type=int)
    parser.add_argument("--greedy", action="store_true", help="the greedy player's actions, not random ones")
    parser.add_argument("--src", help="the src folder to import phoenixgames from")
    args = parser.parse_args()
    per_game = (instructions(args, args.games) - instructions(args, 0)) // args.games
    chooser = "greedy" if args.greedy else "random"
    print(f"{args.game} {args.players}p, {chooser} play: {per_game:,} instructions a game ({args.games} games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
