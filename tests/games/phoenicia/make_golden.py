"""Write the golden playthroughs of Phoenicia that ``test_phoenicia_golden.py`` replays.

Run ``python tests/games/phoenicia/make_golden.py`` from the repository root to write them again, but
only when a change to the game is meant to change what is played or seen: the files are regression
checks, and writing them anew accepts every difference.

Each file holds a game's record (random actions chosen with ``random.Random(agent_seed)``) and, for the
start and after every action, a digest of what seat 0 sees and of the referee view: the first 16 hex
digits of the sha256 of the view as canonical JSON (sorted keys, no spaces).
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import phoenixgames as pg

GOLDEN = Path(__file__).resolve().parent / "golden"

#: name: (players, game seed, agent seed, options)
GAMES: dict[str, tuple[int, int, int, dict[str, bool]]] = {
    "phoenicia-2p": (2, 2024, 1, {}),
    "phoenicia-4p": (4, 7, 2, {}),
    "phoenicia-5p-first-game": (5, 99, 3, {"preset_cards": True, "first_game_auctions": True}),
}


def digest(view: dict) -> str:
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def step_digests(state: pg.GameState) -> list[str]:
    """The digests of what seat 0 sees and of the referee view."""
    return [digest(state.view(0)), digest(state.view(None))]


def play(players: int, seed: int, agent_seed: int, options: dict[str, bool]) -> dict:
    state = pg.new_game("phoenicia", players=players, seed=seed, **options)
    rng = random.Random(agent_seed)
    steps = [step_digests(state)]
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        steps.append(step_digests(state))
    return {"record": state.record, "scores": state.scores, "winners": state.winners, "steps": steps}


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, game in GAMES.items():
        path = GOLDEN / f"{name}.json"
        path.write_text(json.dumps(play(*game), separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"wrote {path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
