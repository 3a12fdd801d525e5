"""Train a masked policy on Schatz des Phönix and show that it beats random play.

sb3-contrib's MaskablePPO learns seat 0 of a two-player game against the ``random`` agent, through the
Gymnasium environment ``phoenixgames/schatz-v0``; the policy only ever picks among the legal actions
(``action_masks()``). Then the trained policy and a uniformly random policy each play the same evaluation
games (seeds the training never saw) in the same seat against the same opponent, and the script prints
each one's share of the victories with a 95% interval.

    pip install 'phoenixgames[rl,learn]'          # gymnasium, sb3-contrib and the CPU build of torch
    python examples/train_maskable_ppo.py         # about five minutes of one core
    python examples/train_maskable_ppo.py --quick # a few seconds: the pieces fit, nothing learnt yet
    python examples/train_maskable_ppo.py --timesteps 20000 --games 200   # a quick look at learning
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO

import phoenixgames.rl.gymnasium  # noqa: F401  (registers phoenixgames/<game>-v0)

GAME = "phoenixgames/schatz-v0"
#: Evaluation games are seeded from here on, far from any seed the training drew.
EVALUATION_SEEDS = 10**9


def share_with_interval(rewards: list[float]) -> tuple[float, float, float]:
    """The mean share of the victory and a 95% interval (normal approximation; a tie gives a fraction)."""
    n = len(rewards)
    mean = sum(rewards) / n
    spread = math.sqrt(sum((r - mean) ** 2 for r in rewards) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * spread / math.sqrt(n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def evaluate(choose: Callable[[np.ndarray, np.ndarray], int], games: int, opponents: str) -> list[float]:
    """Seat 0's reward (its share of the victory) in each evaluation game, ``choose(observation, mask)``
    playing it."""
    env = gymnasium.make(GAME, players=2, opponents=opponents, seat=0)
    rewards = []
    for number in range(games):
        observation, info = env.reset(seed=EVALUATION_SEEDS + number)
        while True:
            observation, reward, terminated, truncated, info = env.step(choose(observation, info["action_mask"]))
            if terminated or truncated:
                rewards.append(float(reward))
                break
    return rewards


#: The defaults, and the tiny setting of ``--quick``: one rollout of training and a few evaluation games.
TIMESTEPS, GAMES = 150_000, 1000
QUICK_TIMESTEPS, QUICK_GAMES = 1024, 10


def parse_arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: its ``--help`` shows every default and the quick setting."""
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        epilog=(
            "The default run takes about five minutes of one core; --quick shows the pieces fit (it learns "
            "little); --timesteps 20000 --games 200 is a quick look at learning (under a minute)."
        ),
    )
    parser.add_argument(
        "--timesteps",
        type=int,
        default=None,
        help=f"learning seat's steps of training (default: {TIMESTEPS:,}; --quick: {QUICK_TIMESTEPS:,})",
    )
    parser.add_argument(
        "--games",
        type=int,
        default=None,
        help=f"evaluation games for each policy (default: {GAMES}; --quick: {QUICK_GAMES})",
    )
    parser.add_argument("--opponents", default="random", help="agent spec of the other seat (default: random)")
    parser.add_argument(
        "--seed", type=int, default=0, help="seed of the training's games and of the policy (default: 0)"
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help=f"a tiny run, a few seconds: {QUICK_TIMESTEPS:,} steps and {QUICK_GAMES} games unless given",
    )
    args = parser.parse_args(argv)
    if args.timesteps is None:
        args.timesteps = QUICK_TIMESTEPS if args.quick else TIMESTEPS
    if args.games is None:
        args.games = QUICK_GAMES if args.quick else GAMES
    if args.timesteps < 1 or args.games < 1:
        parser.error("--timesteps and --games must be 1 or more")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_arguments(argv)
    torch.set_num_threads(1)

    env = gymnasium.make(GAME, players=2, opponents=args.opponents, seat=0)
    env.reset(seed=args.seed)  # the training's games follow from this seed
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, n_steps=1024, batch_size=256, device="cpu", verbose=0)
    start = time.perf_counter()
    model.learn(total_timesteps=args.timesteps)
    trained_for = time.perf_counter() - start

    def trained(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(observation, action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    rng = np.random.default_rng(args.seed)

    def uniform(observation: np.ndarray, mask: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    print(f"trained {model.num_timesteps:,} steps in {trained_for:.0f} s against {args.opponents!r}")
    for name, policy in (("MaskablePPO", trained), ("random policy", uniform)):
        mean, low, high = share_with_interval(evaluate(policy, args.games, args.opponents))
        interval = f"95% interval {low:.3f} to {high:.3f}"
        print(f"{name:>14}: share of the victories {mean:.3f} ({interval}), {args.games} games")


if __name__ == "__main__":
    main()
