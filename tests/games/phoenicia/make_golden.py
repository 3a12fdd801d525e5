"""Write the golden playthroughs of Phoenicia that ``test_phoenicia_golden.py`` replays.

Run ``python tests/games/phoenicia/make_golden.py`` from the repository root to write them again, but
only when a change to the game is meant to change what is played or seen: the files are regression
checks, and writing them anew accepts every difference. ``tests/support/golden.py`` says what they hold.
"""

from __future__ import annotations

from pathlib import Path

GAME = "phoenicia"
GOLDEN = Path(__file__).resolve().parent / "golden"

#: name: (players, game seed, agent seed, options)
GAMES = {
    "phoenicia-2p": (2, 2024, 1, {}),
    "phoenicia-4p": (4, 7, 2, {}),
    "phoenicia-5p-first-game": (5, 99, 3, {"preset_cards": True, "first_game_auctions": True}),
}


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository root, for tests.support
    from tests.support.golden import write_all

    write_all(GAME, GAMES, GOLDEN)
