"""Throughput of The Phoenix Syndicate through the public API, on one core.

Games, actions and copies per second at 2 to 5 players: ``throughput.py`` says how they are timed.

    .venv/bin/python benchmarks/bench_syndicate.py            # about half a minute
    .venv/bin/python benchmarks/bench_syndicate.py --quick    # a few seconds, rougher figures
    .venv/bin/python benchmarks/bench_syndicate.py --json     # the figures as JSON
"""

from __future__ import annotations

import sys

import throughput

GAME = "syndicate"
PLAYER_COUNTS = (2, 3, 4, 5)
#: Mid-game states timed for the copy figures (fewer than the default).
MID_GAME_STATES = 20


if __name__ == "__main__":
    sys.exit(throughput.main(GAME, PLAYER_COUNTS, __doc__, mid_game_count=MID_GAME_STATES))
