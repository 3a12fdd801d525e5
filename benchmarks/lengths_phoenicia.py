"""How long games of Phoenicia run with no round cap, and how they end, for random and greedy players.

For 2 to 5 players, ``--games`` games of each kind: all seats random, and all seats greedy (each
agent on its own perspective copy, as in ``phoenixgames simulate``). It prints, per kind and player
count, the rounds and actions (median, 90th percentile, largest) and how many games ended by 32
victory points and how many because no player could reach 32 any more; then the longest game. A game
still going after 1,000 rounds is stopped there and counted apart.

    .venv/bin/python benchmarks/lengths_phoenicia.py                  # 50 games of each kind and count
    .venv/bin/python benchmarks/lengths_phoenicia.py --games 200 --seed 1000
"""

from __future__ import annotations

import argparse
import statistics
import sys

import phoenixgames as pg
from phoenixgames.sim import play_match

PLAYER_COUNTS = (2, 3, 4, 5)
KINDS = ("random", "greedy")


#: A guard against a game that never ends (counted apart), far above any game's length seen.
GUARD = 1000


def play(kind: str, players: int, seed: int) -> tuple[int, int, str]:
    """(rounds, actions, ending) of one game."""
    result = play_match("phoenicia", [kind] * players, seed, options={"round_cap": GUARD})
    state = pg.replay(result.record)
    view = state.view(None)
    return view["round"], len(state.history), view["ending"]


def percentile(values: list[int], share: float) -> int:
    return sorted(values)[int(share * (len(values) - 1))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=50, help="games of each kind and player count")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    args = parser.parse_args()
    longest = (0, "")
    for kind in KINDS:
        for players in PLAYER_COUNTS:
            games = [play(kind, players, args.seed + i) for i in range(args.games)]
            rounds = [r for r, _, _ in games]
            actions = [a for _, a, _ in games]
            stalled = sum(ending.startswith("no player") for *_, ending in games)
            capped = sum(ending == "the round cap" for *_, ending in games)
            print(
                f"{kind:6} {players} players, {len(games)} games: rounds median {statistics.median(rounds):.0f}, "
                f"90th percentile {percentile(rounds, 0.9)}, largest {max(rounds)}; actions median "
                f"{statistics.median(actions):.0f}, largest {max(actions)}; ended by 32 VP "
                f"{len(games) - stalled - capped}, because no player could reach 32 {stalled}, "
                f"still going after {GUARD} rounds {capped}"
            )
            for i, (r, _, _) in enumerate(games):
                if r > longest[0]:
                    longest = (r, f"{kind} players, {players} players, seed {args.seed + i}")
    print(f"longest: {longest[0]} rounds ({longest[1]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
