"""Write the golden games that ``test_golden.py`` replays, as text: ``python tests/contract/make_golden.py``.

Run it from the repository root whenever a change to a game is meant to change what is dealt, offered,
played or seen (a new fact in a view, a new step in a decision, new notation): the files are regression
checks, and writing them anew accepts every difference, so read ``git diff tests/contract/golden``
before committing them. ``tests/support/golden.py`` describes what a file holds.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).resolve().parent / "golden"

#: name: (game, players, game seed, agent seed, options); at least two player counts of every game
GAMES: dict[str, tuple[str, int, int, int, dict[str, Any]]] = {
    "phoenicia-2p": ("phoenicia", 2, 2024, 1, {}),
    "phoenicia-4p": ("phoenicia", 4, 7, 2, {}),
    "phoenicia-5p-first-game": ("phoenicia", 5, 99, 3, {"preset_cards": True, "first_game_auctions": True}),
    "phoenix-2p": ("phoenix", 2, 2024, 1, {}),
    "phoenix-3p-unchanged": ("phoenix", 3, 7, 2, {"token_elsewhere": "unchanged"}),
    "phoenix-4p": ("phoenix", 4, 99, 3, {}),
    "schatz-2p": ("schatz", 2, 2024, 1, {}),
    "schatz-4p": ("schatz", 4, 7, 2, {}),
    "schatz-6p-wild-none": ("schatz", 6, 99, 3, {"wild_colour": "none"}),
    "syndicate-2p": ("syndicate", 2, 2024, 1, {}),
    "syndicate-3p": ("syndicate", 3, 7, 2, {}),
    "syndicate-5p": ("syndicate", 5, 99, 3, {}),
}


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for tests.support
    from tests.support.golden import write

    GOLDEN.mkdir(exist_ok=True)
    for stale in set(GOLDEN.glob("*.txt")) - {GOLDEN / f"{name}.txt" for name in GAMES}:
        stale.unlink()
        print(f"removed {stale}")
    total = 0
    for name, golden in GAMES.items():
        path = write(GOLDEN, name, golden)
        total += path.stat().st_size
        print(f"wrote {path} ({path.stat().st_size:,} bytes)")
    print(f"{total:,} bytes in all")


if __name__ == "__main__":
    main()
