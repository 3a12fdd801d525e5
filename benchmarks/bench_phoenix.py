"""Throughput of Phoenix through the public API, on one core.

Games, actions and copies per second at 2, 3 and 4 players: ``throughput.py`` says how they are timed.

    .venv/bin/python benchmarks/bench_phoenix.py            # about half a minute
    .venv/bin/python benchmarks/bench_phoenix.py --quick    # a few seconds, rougher figures
    .venv/bin/python benchmarks/bench_phoenix.py --json     # the figures as JSON
"""

from __future__ import annotations

import sys

import throughput

GAME = "phoenix"
PLAYER_COUNTS = (2, 3, 4)


if __name__ == "__main__":
    sys.exit(throughput.main(GAME, PLAYER_COUNTS, __doc__))
