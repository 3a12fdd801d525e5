"""Write the golden playthroughs of Phoenix that ``test_phoenix_golden.py`` replays.

Run ``python tests/games/phoenix/make_golden.py`` from the repository root to write them again, but
only when a change to the game is meant to change what is played or seen: the files are regression
checks, and writing them anew accepts every difference. ``tests/support/golden.py`` says what they hold.
"""

from __future__ import annotations

from pathlib import Path

GAME = "phoenix"
GOLDEN = Path(__file__).resolve().parent / "golden"

#: name: (players, game seed, agent seed, options)
GAMES = {
    "phoenix-2p": (2, 2024, 1, {}),
    "phoenix-3p-unchanged": (3, 7, 2, {"token_elsewhere": "unchanged"}),
    "phoenix-4p": (4, 99, 3, {}),
}


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository root, for tests.support
    from tests.support.golden import write_all

    write_all(GAME, GAMES, GOLDEN)
