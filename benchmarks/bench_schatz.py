"""Throughput of Schatz des Phönix through the public API, on one core.

Games, actions and copies per second at 2, 4 and 6 players: ``throughput.py`` says how they are timed.

    .venv/bin/python benchmarks/bench_schatz.py            # about half a minute
    .venv/bin/python benchmarks/bench_schatz.py --quick    # a few seconds, rougher figures
    .venv/bin/python benchmarks/bench_schatz.py --json     # the figures as JSON
"""

from __future__ import annotations

import sys

import throughput

GAME = "schatz"
PLAYER_COUNTS = (2, 4, 6)


if __name__ == "__main__":
    sys.exit(throughput.main(GAME, PLAYER_COUNTS, __doc__))
