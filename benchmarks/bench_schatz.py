"""Throughput of Schatz des Phönix through the public API, on one core.

Measures, at 2, 4 and 6 players: full random games per second (a ``random.Random`` choosing among
``legal_actions()`` and ``apply()`` until the game is over), actions per second in those games, and
``copy()`` and ``copy(perspective=p)`` per second on mid-game states. Each figure is the best of a
few timed repeats (see ``throughput.py``).

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
