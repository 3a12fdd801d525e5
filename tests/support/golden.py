"""Golden playthroughs: recorded random games whose every view must stay as it was when written.

Each game's ``make_golden.py`` names its games (``name: (players, game seed, agent seed, options)``) and
writes them with :func:`write_all`; its ``test_<game>_golden.py`` replays them with
:func:`check_playthrough` and :func:`check_record`. Each file holds a game's record (random actions
chosen with ``random.Random(agent_seed)``) and, for the start and after every action, a digest of what
seat 0 sees and of the referee view: the first 16 hex digits of the sha256 of the view as canonical JSON
(sorted keys, no spaces).
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import phoenixgames as pg

#: players, game seed, agent seed, options
GoldenGame = tuple[int, int, int, dict[str, Any]]


def digest(view: dict) -> str:
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def step_digests(state: pg.GameState) -> list[str]:
    """The digests of what seat 0 sees and of the referee view."""
    return [digest(state.view(0)), digest(state.view(None))]


def play(game: str, players: int, seed: int, agent_seed: int, options: dict[str, Any]) -> dict:
    state = pg.new_game(game, players=players, seed=seed, **options)
    rng = random.Random(agent_seed)
    steps = [step_digests(state)]
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        steps.append(step_digests(state))
    return {"record": state.record, "scores": state.scores, "winners": state.winners, "steps": steps}


def write_all(game: str, games: dict[str, GoldenGame], folder: Path) -> None:
    """Write every golden playthrough of ``game`` into ``folder``."""
    folder.mkdir(exist_ok=True)
    for name, golden_game in games.items():
        path = folder / f"{name}.json"
        path.write_text(json.dumps(play(game, *golden_game), separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"wrote {path} ({path.stat().st_size} bytes)")


def load(folder: Path, name: str) -> dict:
    return json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))


def check_playthrough(game: str, folder: Path, name: str, golden_game: GoldenGame, defaults: dict[str, Any]) -> None:
    """Replay the golden game ``name``: every view must have the digest written for it.

    ``defaults`` are the game's default options, which the recorded ones complete.
    """
    data = load(folder, name)
    record = data["record"]
    players, seed, _, options = golden_game
    assert (record["players"], record["seed"]) == (players, seed)
    state = pg.new_game(game, players=players, seed=seed, **record["options"])
    assert state.options == {**defaults, **options}
    assert len(data["steps"]) == len(record["actions"]) + 1
    assert step_digests(state) == data["steps"][0], "the set-up changed"
    for number, (action, expected) in enumerate(zip(record["actions"], data["steps"][1:], strict=True), 1):
        state.apply(action)
        assert step_digests(state) == expected, f"the views differ after action {number} ({action})"
    assert state.is_over
    assert state.scores == data["scores"] and state.winners == data["winners"]


def check_record(folder: Path, name: str) -> None:
    """The golden game's record alone replays to the same end and the same record."""
    data = load(folder, name)
    state = pg.replay(data["record"])
    assert state.is_over and state.scores == data["scores"]
    assert state.record == data["record"]
