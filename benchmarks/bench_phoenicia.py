"""Throughput of Phoenicia through the public API, on one core.

Games, actions and copies per second at 2, 3, 4 and 5 players: ``throughput.py`` says how they are timed.

    .venv/bin/python benchmarks/bench_phoenicia.py            # about half a minute
    .venv/bin/python benchmarks/bench_phoenicia.py --quick    # a few seconds, rougher figures
    .venv/bin/python benchmarks/bench_phoenicia.py --json     # the figures as JSON
"""

from __future__ import annotations

import sys

import throughput

GAME = "phoenicia"
PLAYER_COUNTS = (2, 3, 4, 5)


if __name__ == "__main__":
    sys.exit(throughput.main(GAME, PLAYER_COUNTS, __doc__))
